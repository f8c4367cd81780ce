"""Finished web games get the expert's analysis (web/workers/analyst.py), stored with the game and sent with
the replay."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from sqlalchemy import text
from starlette.testclient import TestClient
from test_replay import store_game

from timessquare.actions import action_id
from timessquare.arena.selfplay import play_games
from timessquare.game import Game
from timessquare.players.analysis import analyse, played_turns
from timessquare.record import to_record
from timessquare.session.choices import turn_words
from timessquare.variants import DEFAULT_RULES
from timessquare.web.storage import GameStore, NewGame, Progress, make_engine, migrate
from timessquare.web.storage.analyses import AnalysisStore, Claim
from timessquare.web.storage.store import now
from timessquare.web.workers.analyst import LEASE

BUDGET = 16  # iterations per turn: the test checks where the analysis goes, not how good it is


def finished_game(seed: int) -> Game:
    return next(play_games(1, seed, DEFAULT_RULES, "medium", "easy"))


def test_the_migrations_add_the_analyses_and_their_queue(database_url: str) -> None:
    engine = make_engine(database_url)
    migrate(engine)
    with engine.connect() as c:
        assert c.execute(text("SELECT COUNT(*) FROM analyses")).scalar_one() == 0
        assert c.execute(text("SELECT COUNT(*) FROM analysis_claims")).scalar_one() == 0
    engine.dispose()


def test_only_finished_games_without_an_analysis_wait_for_one(database_url: str) -> None:
    engine = make_engine(database_url)
    migrate(engine)
    store, analyses = GameStore(engine), AnalysisStore(engine)
    live = Game.new(3, DEFAULT_RULES, players={"A": "you", "B": "easy"})
    store.create(NewGame("g0000000001", "computer", live.players, [], live.start, {}), Progress(1, 0, "A", None))
    assert analyses.claim("analyst", LEASE) is None
    client_game = finished_game(4)
    progress = Progress(2, 1, None, client_game.result, client_game.end_reason())
    store.create(NewGame("g0000000002", "computer", client_game.players, [], client_game.start, {}), progress)
    assert analyses.claim("analyst", LEASE) == Claim("g0000000002", 0)
    analyses.save("g0000000002", {"turns": []})
    analyses.save("g0000000002", {"turns": ["a second one is dropped"]})
    assert analyses.load("g0000000002") == {"turns": []}
    assert analyses.claim("another", LEASE, now() + 2 * LEASE) is None
    assert analyses.load("g0000000001") is None
    store.close()


def wait_for_analysis(client: TestClient, game_id: str, seconds: float = 60) -> dict[str, Any]:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        document = client.get(f"/api/games/{game_id}/analysis").json()
        assert document["analyst"] is True  # this server analyses games: a null means "not yet"
        if document["analysis"] is not None:
            return dict(document["analysis"])
        time.sleep(0.05)
    raise AssertionError("the game was never analysed")


def test_a_finished_game_is_analysed_and_the_replay_carries_it(make_client: Callable[..., TestClient]) -> None:
    client = make_client(analysis_iterations=BUDGET, analysis_poll_seconds=0.05)
    game = finished_game(5)
    game_id = store_game(client, game)
    analysis = wait_for_analysis(client, game_id)
    # where each action puts the figures comes with it, for the page's words (the core works it out)
    turns, _ = played_turns(to_record(game))
    first = analysis["turns"][0]["played"]
    assert len(first.pop("destinations")) == len(first["actions"])
    for entry in analysis["turns"]:
        entry["played"].pop("destinations", None)
        entry["best"].pop("destinations")
        for key in ("played", "best"):  # the turn in words (English without ?lang=), from its own board
            figures = turns[entry["turn"] - 1].view.figures
            aids = [action_id(action) for action in entry[key]["actions"]]
            assert entry[key].pop("words") == turn_words(aids, figures), entry
    assert analysis == analyse(to_record(game), BUDGET).to_document()  # the same as the command line's
    assert client.get(f"/api/games/{game_id}/analysis").json()["analysis"]["turns"][0]["played"]["destinations"]
    english, french = (
        client.get(f"/api/games/{game_id}/analysis?lang={lang}").json()["analysis"]["turns"][0]["played"]["words"]
        for lang in ("en", "fr")
    )
    assert english != french and french == turn_words(
        [action_id(a) for a in first["actions"]], turns[0].view.figures, "fr"
    )
    assert client.get(f"/api/games/{game_id}/analysis?lang=xx").status_code == 400


def test_without_an_analyst_the_replay_says_there_is_none_yet(make_client: Callable[..., TestClient]) -> None:
    client = make_client()
    game_id = store_game(client, finished_game(6))
    assert client.get(f"/api/games/{game_id}/analysis").json() == {"analysis": None, "analyst": False}
    assert client.get("/api/games/g0000000000/analysis").status_code == 404

"""The replay viewer in a real browser, on a long finished game put in the server's database (a reshuffle, the
end by the supply): every frame it shows is the core's (the board stepped through with the
keyboard, both hands, one seat's viewpoint), in French and after the switch to English; a link to no game
gets the page saying so."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from conftest import Watched
from e2e_play import figures, screenshot, wait_ready
from e2e_server import Server

from timessquare.arena.selfplay import play_games
from timessquare.cards import CARD_INDEX
from timessquare.game import Game
from timessquare.position import from_document
from timessquare.record import to_record
from timessquare.session import ending_of
from timessquare.session.log import ending_words
from timessquare.variants import DEFAULT_RULES
from timessquare.view import SHUFFLE
from timessquare.web.guards.security import new_game_id
from timessquare.web.storage import GameStore, NewGame, Progress, make_engine


def long_game() -> Game:
    """The first of a few games between random players that reshuffles (they play until the supply ends)."""
    games = play_games(4, 11, DEFAULT_RULES, "random", "random")
    game = next(g for g in games if any(m.startswith(SHUFFLE) for m in g.moves))
    game.players = {"A": "you", "B": "hard"}
    return game


def store(server: Server, game: Game) -> str:
    """The finished game written into the running server's database, as if played there."""
    game_id = new_game_id()
    public = sum(1 for m in game.moves if not m.startswith(SHUFFLE))
    games = GameStore(make_engine(server.database_url))
    try:
        progress = Progress(len(game.moves) + 1, public, None, game.result, game.end_reason())
        games.create(NewGame(game_id, "computer", game.players, [], game.start, {}), progress, list(game.moves))
    finally:
        games.close()
    return game_id


def core_positions(record: dict[str, Any]) -> tuple[list[dict[str, Any]], int]:
    """Figures and both hands after the deal and after every public action, from the rules core; and the
    frame of the reshuffle."""
    game = Game(from_document(record["start"]))
    game.rng = None
    positions: list[dict[str, Any]] = []
    reshuffle = 0

    def snapshot() -> None:
        a, b = game.view(0), game.view(1)
        positions.append({"figures": a.figures, "A": list(a.hand or ()), "B": list(b.hand or ())})

    snapshot()
    entries = iter(record["moves"])
    for entry in entries:
        game.apply_checked(entry)
        if game.state.chance_due is not None:
            game.apply_chance([CARD_INDEX[code] for code in next(entries).split()[1:]])
            reshuffle = len(positions)
        snapshot()
    return positions, reshuffle


def frame(page: Any) -> int:
    return int(page.evaluate("Number(document.body.dataset.frame)"))


def hand(page: Any, index: int) -> list[str]:
    return [str(t) for t in page.locator(".replay-hand").nth(index).locator(".mini-card").all_inner_texts()]


def test_the_replay_shows_the_cores_frames(server: Server, open_page: Callable[..., Watched]) -> None:
    game = long_game()
    game_id = store(server, game)
    positions, shuffle_at = core_positions(to_record(game))

    page = open_page(locale="fr-FR").page
    page.goto(f"{server.url}/replay/{game_id}")
    wait_ready(page)
    assert int(page.evaluate("document.body.dataset.frames")) == len(positions)
    assert frame(page) == len(positions) - 1  # it opens at the end
    ending = ending_words(ending_of(game.view(None), None), "fr")
    assert page.inner_text("#replay-result").endswith(ending[0].upper() + ending[1:] + ".")
    assert "Partie terminée" in page.inner_text("#replay-step")
    screenshot(page, "replay-fr-end")
    # A card's line goes on after the colon in lower case, names aside ("A joue G2 : les deux gardes…").
    played = [line for line in page.locator("#move-list li button").all_inner_texts() if " joue " in line]
    assert played and all(re.search(r" : ([a-zà-ÿ]|Sue |Deb |Hal |Charlie )", line) for line in played), played
    assert any(re.search(r" : [a-zà-ÿ]", line) for line in played)

    page.click("#first")
    for index, position in enumerate(positions):
        assert frame(page) == index
        assert figures(page) == position["figures"], f"frame {index}"
        assert (hand(page, 0), hand(page, 1)) == (position["A"], position["B"]), f"frame {index}"
        page.keyboard.press("ArrowRight")
    assert frame(page) == len(positions) - 1

    # B's viewpoint: B's cards, A's only counted; at the reshuffle the step says so.
    page.click(f"#move-list li[data-frame='{shuffle_at}'] button")
    page.click("[data-view=B]")
    assert hand(page, 0) == [] and hand(page, 1) == positions[shuffle_at]["B"]
    hidden = len(positions[shuffle_at]["A"])
    assert re.search(rf"\b{hidden} cartes? cachées?$", page.locator(".replay-hand").nth(0).inner_text())
    assert page.inner_text("#replay-facts").startswith("Seconde (dernière) pioche")
    assert "La défausse est mélangée" in page.inner_text("#replay-step")
    screenshot(page, "replay-fr-reshuffle")

    # English: the server's words in English, the same frame and viewpoint.
    page.click("[data-lang=en]")
    page.wait_for_function("() => /^Move \\d+ of/.test(document.getElementById('replay-step').textContent)")
    assert frame(page) == shuffle_at and hand(page, 0) == []
    assert re.search(r"[Tt]he discard pile is shuffled", page.inner_text("#replay-step"))
    english = ending_words(ending_of(game.view(None), None), "en")
    assert page.inner_text("#replay-result").endswith(english[1:] + ".")
    screenshot(page, "replay-en-reshuffle")


def test_a_link_to_no_game(server: Server, open_page: Callable[..., Watched]) -> None:
    watched = open_page(locale="fr-FR")
    watched.allowed.append(re.compile(r"status of 404"))  # the page itself is the 404 answer
    page = watched.page
    answer = page.goto(f"{server.url}/replay/nosuchgame0")
    assert answer is not None and answer.status == 404
    assert page.inner_text("h1") == "Cette partie n'existe pas"
    screenshot(page, "no-game-fr", full_page=False)
    page.click("main a[href='/']")
    wait_ready(page)
    assert page.url == server.url + "/"

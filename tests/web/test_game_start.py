"""Every game starts whole or not at all (web/games/starter.py, storage `GameStore.start`): a database that fails
between a new game's rows leaves none of them (no game without its seats, its clock or its rating row, and the
challenge it answered still open), the request is answered `busy`, and asking again makes the whole game."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

import pytest
from conftest import Seat
from online_helpers import Person
from sqlalchemy import func, insert, select
from sqlalchemy.exc import OperationalError
from starlette.testclient import TestClient
from test_protocol import new_game

from timessquare.session.clock import Clock, TimeControl
from timessquare.web.storage import GameStart, GameStore, NewGame, Progress
from timessquare.web.storage import store as store_module
from timessquare.web.storage.online_games import OnlineGame
from timessquare.web.storage.online_schema import accounts, challenges, online_games
from timessquare.web.storage.schema import games, seats

# The steps of a start a failure is injected into: after the game's row, and after its seats too.
AFTER_THE_GAME, AFTER_THE_SEATS = "_insert_moves", "online_game_columns"


def fail_at(monkeypatch: pytest.MonkeyPatch, step: str) -> None:
    """The database goes away at that step of every write of a new game."""

    def gone(*_: Any) -> None:
        raise OperationalError("INSERT", {}, Exception("the database went away"))

    monkeypatch.setattr(store_module, step, gone)


def counts(client: TestClient) -> dict[str, int]:
    """Rows of each table a new game writes (or takes, for challenges)."""
    engine = client.app.state.rooms.database.store.engine  # type: ignore[attr-defined]
    with engine.connect() as c:
        tables = (games, seats, online_games, challenges)
        return {t.name: c.execute(select(func.count()).select_from(t)).scalar_one() for t in tables}


@pytest.mark.parametrize("step", [AFTER_THE_GAME, AFTER_THE_SEATS])
def test_a_challenge_taken_makes_the_whole_game_or_none(
    online: TestClient, monkeypatch: pytest.MonkeyPatch, step: str
) -> None:
    alice, bob = Person(online, "Alice"), Person(online, "Bob")
    challenge = alice.post("/api/lobby", {"control": "3+2"}).json()["challenge"]
    before = counts(online)
    fail_at(monkeypatch, step)
    refused = bob.post(f"/api/lobby/{challenge['id']}/accept")
    assert refused.status_code == 503 and refused.json()["error"]["code"] == "busy"
    assert counts(online) == before  # no game, no seat, no clock, and the challenge still open
    lobby = bob.get("/api/lobby").json()
    assert [c["id"] for c in lobby["challenges"]] == [challenge["id"]]
    assert lobby["control_kinds"] == {c: "correspondence" if c.endswith("d") else "realtime" for c in lobby["controls"]}
    monkeypatch.undo()
    accepted = bob.post(f"/api/lobby/{challenge['id']}/accept")
    assert accepted.status_code == 201
    assert counts(online) == {"games": 1, "seats": 2, "online_games": 1, "challenges": 0}
    state = Seat(online, accepted.json()["id"], accepted.json()["token"]).state
    assert state["online"]["clock"]["control"] == "3+2" and state["online"]["rated"] is True
    assert state["online"]["clock"]["kind"] == "realtime"  # the page reads the kind, never the name


def test_an_accounts_game_against_the_computer_is_whole_or_none(
    online: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    alice = Person(online, "Alice")
    fail_at(monkeypatch, AFTER_THE_SEATS)
    assert alice.post("/api/lobby/computer", {"level": "easy"}).status_code == 503
    assert counts(online) == {"games": 0, "seats": 0, "online_games": 0, "challenges": 0}
    assert online.app.state.rooms.rooms == {}  # type: ignore[attr-defined]  # no computer set to play it
    monkeypatch.undo()
    made = alice.post("/api/lobby/computer", {"level": "easy"})
    assert made.status_code == 201
    assert counts(online) == {"games": 1, "seats": 1, "online_games": 1, "challenges": 0}
    assert Seat(online, made.json()["id"], made.json()["token"]).state["online"]["level"] == "easy"


def test_a_game_with_a_link_is_whole_or_none(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    fail_at(monkeypatch, AFTER_THE_GAME)
    refused = client.post("/api/games", json={"mode": "friend"})
    assert refused.status_code == 503 and refused.json()["error"]["code"] == "busy"
    assert counts(client)["games"] == counts(client)["seats"] == 0
    monkeypatch.undo()
    game = new_game(client, mode="friend")
    assert counts(client)["seats"] == 2 and Seat(client, game["id"], game["invite_token"]).state["seat"]


def test_a_rematch_is_whole_or_none(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    game = new_game(client, mode="friend", seat="A")
    mine = Seat(client, game["id"], game["token"])
    mine.send({"v": 1, "type": "resign"})
    mine.until(lambda m: m["type"] == "state" and m["over"] is not None)
    fail_at(monkeypatch, AFTER_THE_GAME)
    asked = client.post(f"/api/games/{game['id']}/rematch", json={"token": game["token"]})
    assert asked.status_code == 503
    stored = client.app.state.rooms.database.store.load(game["id"])  # type: ignore[attr-defined]
    assert stored.rematch_id is None and counts(client)["games"] == 1  # not even claimed
    monkeypatch.undo()
    rematch = client.post(f"/api/games/{game['id']}/rematch", json={"token": game["token"]}).json()
    assert Seat(client, rematch["id"], rematch["token"]).state["seat"] == "B"


# ----------------------------------------------------------------------------- storage, on both databases


def test_a_start_takes_its_challenge_and_ends_its_players_seeks(store: GameStore) -> None:
    moment = datetime(2026, 1, 5, 12, 0, tzinfo=UTC)
    with store.engine.begin() as c:
        people = [
            dict(name=n, name_key=n.lower(), password_hash="x", bot=False, rating=1500.0, deviation=350.0)
            | dict(volatility=0.06, games=0, created_at=moment, deleted=False)
            for n in ("Alice", "Bob", "Carol")
        ]
        ids = [c.execute(insert(accounts).values(**p)).inserted_primary_key[0] for p in people]  # type: ignore[index]
        rows = [("open", ids[0], False), ("seek-a", ids[0], True), ("seek-b", ids[1], True), ("seek-c", ids[2], True)]
        for name, owner, quick in rows:
            values = dict(id=name, account_id=owner, control="3+2", rated=True, quick=quick, created_at=moment)
            c.execute(insert(challenges).values(**values))
    clock = Clock.start(TimeControl.parse("3+2"), "A", moment)
    new = NewGame("g0000000001", "friend", {"A": "you", "B": "friend"}, [], {}, {"A": "ha", "B": "hb"})
    online = OnlineGame(new.id, {"A": ids[0], "B": ids[1]}, None, True, clock, False)
    start = GameStart(new, Progress(0, 0, "A", None), (), online, "open", (ids[0], ids[1]))
    assert store.start(start) is True
    late = GameStart(replace(new, id="g0000000002", seats={"A": "hc"}), start.progress, challenge="open")
    assert store.start(late) is False  # the challenge was taken: nothing of this game is written
    with store.engine.connect() as c:
        assert sorted(c.execute(select(challenges.c.id)).scalars()) == ["seek-c"]  # Carol still waits
        row = c.execute(select(online_games)).mappings().one()
    assert (row["game_id"], row["control"], row["account_a"]) == ("g0000000001", "3+2", ids[0])
    assert store.load("g0000000002") is None and store.seat_of("g0000000001", "hb") == "B"

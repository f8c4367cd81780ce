"""A change of a game is one value written in one transaction: its moves, its clock and its result are all stored
or none, and a failed write never makes the player who moved lose on time for that move (issue 32)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from conftest import Seat
from online_helpers import FakeClock, Person, sweep
from sqlalchemy import event, select
from sqlalchemy.exc import OperationalError
from starlette.testclient import TestClient
from test_online import challenge_and_accept, seats_of

from timessquare.web.storage.online_schema import online_games
from timessquare.web.storage.schema import games


class Failing:
    """Fails every statement that writes the online row (a game's clock and its end) while armed, but the
    presence sweep's."""

    def __init__(self) -> None:
        self.armed = False
        self.failed = 0

    def __call__(self, conn: Any, cursor: Any, statement: str, *args: Any) -> None:
        written = statement.lstrip().upper()
        presence = written.startswith("UPDATE ONLINE_GAMES SET SEEN_")  # the sweep's note of who is at the table
        if self.armed and written.startswith("UPDATE ONLINE_GAMES") and not presence:
            self.failed += 1
            raise OperationalError(statement, {}, Exception("injected failure"))


@pytest.fixture
def failing(online: TestClient) -> Iterator[Failing]:
    engine = online.app.state.rooms.database.store.engine  # type: ignore[attr-defined]
    failure = Failing()
    event.listen(engine, "before_cursor_execute", failure)
    yield failure
    event.remove(engine, "before_cursor_execute", failure)


def end_turn(seat: Seat, mover: str) -> bool:
    """The seat takes actions until its turn has passed; False when a write failed on the way (the game is then
    read back, and the seat has the state as stored)."""
    while seat.state["view"]["to_move"] == mover and not seat.state["over"]:
        legal = seat.state["legal"]
        answer = seat.act("end" if "end" in legal else legal[0])
        if answer["type"] == "error":
            assert answer["code"] == "busy"
            seat.until_state()
            return False
    return True


def test_a_failed_write_of_a_change_stores_nothing_and_costs_the_mover_no_time(
    online: TestClient, clock: FakeClock, failing: Failing
) -> None:
    alice, bob = Person(online, "Alice"), Person(online, "Bob")
    game = challenge_and_accept(online, alice, bob, "1+0")
    seats = seats_of(online, game)
    first = seats["A"].state["view"]["to_move"]
    other = "B" if first == "A" else "A"
    clock.advance(seconds=10)
    failing.armed = True
    end_turn(seats[first], first)
    failing.armed = False
    assert failing.failed >= 1, "the write of the change that passed the turn was failed"
    engine = online.app.state.rooms.database.store.engine  # type: ignore[attr-defined]
    with engine.connect() as c:
        to_move = c.execute(select(games.c.to_move).where(games.c.id == game["id"])).scalar_one()
        running = c.execute(select(online_games.c.clock_seat).where(online_games.c.game_id == game["id"])).scalar_one()
    assert to_move == running, "the moves and the clock are stored together, or neither is"
    clock.advance(seconds=5)
    assert end_turn(seats[first], first), "the mover plays the turn again, if it was not stored"
    clock.advance(seconds=46)  # 61 s after the start: the mover's first minute is over, not the other's
    assert sweep(online) == 0
    watcher = Seat(online, game["id"], None)
    assert watcher.state["over"] is None, watcher.state["over"]
    assert watcher.state["view"]["to_move"] == other
    assert watcher.state["online"]["clock"]["running"] == other


def test_the_session_holds_the_clock_of_every_game_that_starts_with_one(online: TestClient) -> None:
    """A rated game against a level and its rematch (its room opens at once, for the computer may move first):
    each state shows the clock the session holds, running."""
    alice = Person(online, "Alice")
    game = alice.post("/api/lobby/computer", {"level": "easy", "rated": True}).json()
    mine = Seat(online, game["id"], game["token"])
    assert mine.state["online"]["clock"]["running"] is not None
    mine.send({"v": 1, "type": "resign"})
    mine.until(lambda m: m["type"] == "state" and m["over"] is not None)
    rooms = online.app.state.rooms  # type: ignore[attr-defined]
    rematch = alice.post(f"/api/games/{game['id']}/rematch", {"token": game["token"]}).json()
    assert rooms.rooms[rematch["id"]].session.clock is not None  # the room opened with the game, its clock in it
    state = Seat(online, rematch["id"], rematch["token"]).state
    assert state["online"]["clock"]["control"] == mine.state["online"]["clock"]["control"]
    assert state["online"]["clock"]["running"] in ("A", "B")


def test_a_loss_on_time_whose_write_fails_is_tried_again_by_the_next_sweep_without_a_traceback(
    online: TestClient, clock: FakeClock, failing: Failing, caplog: pytest.LogCaptureFixture
) -> None:
    """The soak of issue 31 logged "the clock sweep failed" with a traceback whenever the write of a loss on time
    timed out under load, and the games after it in that sweep waited for the next one."""
    alice, bob = Person(online, "Alice"), Person(online, "Bob")
    game = challenge_and_accept(online, alice, bob, "1+0")
    seats = seats_of(online, game)
    clock.advance(seconds=61)  # the first mover's minute is over
    failing.armed = True
    assert sweep(online) == 0, "nothing could be stored, so nothing ended"
    failing.armed = False
    assert failing.failed >= 1
    assert not [r for r in caplog.records if r.exc_info], "a failed write is a warning, not a traceback"
    assert sweep(online) == 1, "the next sweep ends the game on time"
    watcher = Seat(online, game["id"], None)
    assert watcher.state["over"] is not None and "time" in watcher.state["over"]["reason"]
    assert seats  # both seats were joined while it happened

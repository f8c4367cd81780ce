"""The socket's traps closed (issue 32): every message type has its own reader; an error never closes the socket
but "no such game" at join; a join is answered by the `state` first; no socket gets a change it already has."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import pytest
from conftest import Seat
from online_helpers import Person
from starlette.testclient import TestClient
from test_online import challenge_and_accept, seats_of
from test_protocol import friend_game

from timessquare.web.sockets import messages
from timessquare.web.sockets.messages import ProtocolError


def answers_a_ping(seat: Seat) -> bool:
    """The socket is open and reads: a ping is answered (whatever else comes first)."""
    seat.send({"v": 1, "type": "ping"})
    return seat.until(lambda m: m["type"] == "pong")["type"] == "pong"


def test_every_message_type_has_its_reader() -> None:
    assert set(messages.PARSERS) == set(messages._FIELDS)
    for kind, (required, _) in messages._FIELDS.items():
        sample: dict[str, Any] = {"token": None, "version": 0, "action": "end", "actions": ["end"], "text": "hi"}
        sample |= {"id": 1, "offer": "draw"}
        frame = {"v": 1, "type": kind, **{name: sample[name] for name in required}}
        parsed = messages.parse(messages.encode(frame))
        assert type(parsed).__name__.lower() in (kind, kind.replace("action", "act")), (kind, parsed)


def test_a_type_in_the_table_without_a_reader_is_a_bad_message(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(messages._FIELDS, "takeback", (set(), set()))
    with pytest.raises(ProtocolError) as refused:
        messages.parse('{"v": 1, "type": "takeback"}')
    assert refused.value.code == "bad_message"


def test_an_unknown_type_is_a_bad_message_and_the_socket_keeps_answering(client: TestClient) -> None:
    _, mine, _ = friend_game(client)
    mine.send({"v": 1, "type": "takeback"})
    error = mine.until(lambda m: m["type"] == "error")
    assert error["code"] == "bad_message" and "unknown message type" in error["message"]
    assert answers_a_ping(mine)


def test_a_decline_after_a_move_turned_the_offer_down_leaves_the_socket_open(client: TestClient) -> None:
    _, mine, theirs = friend_game(client)
    mover, other = (mine, theirs) if mine.state["legal"] else (theirs, mine)
    mover.send({"v": 1, "type": "offer", "offer": "draw"})
    other.until(lambda m: m["type"] == "offer")
    mover.act(mover.state["legal"][0])  # a move turns one's own offer down
    other.until_state()
    other.send({"v": 1, "type": "decline"})
    error = other.until(lambda m: m["type"] == "error")
    assert error["code"] == "conflict"
    assert answers_a_ping(other)
    assert other.act(other.state["legal"][0] if other.state["legal"] else "end")["type"] in ("state", "error")


def test_reporting_ones_own_message_is_refused_and_the_socket_stays_open(online: TestClient) -> None:
    alice, bob = Person(online, "Alice"), Person(online, "Bob")
    seats = seats_of(online, challenge_and_accept(online, alice, bob, "5+3"))
    seats["B"].send({"v": 1, "type": "chat", "text": "rude words"})
    said = seats["B"].until(lambda m: m["type"] == "chat")
    seats["B"].send({"v": 1, "type": "report", "id": said["id"]})
    assert seats["B"].until(lambda m: m["type"] == "error")["code"] == "not_found"
    assert answers_a_ping(seats["B"])


def test_no_such_game_at_join_closes_the_socket(client: TestClient) -> None:
    with client.websocket_connect("/ws/games/AAAAAAAAAAA") as socket:
        socket.send_json({"v": 1, "type": "join", "token": None})
        assert socket.receive_json()["code"] == "not_found"
        assert socket.receive()["code"] == 4404


def test_a_join_is_answered_by_the_state_first(online: TestClient) -> None:
    alice, bob = Person(online, "Alice"), Person(online, "Bob")
    game = challenge_and_accept(online, alice, bob, "5+3")
    first = Seat(online, game["id"], game["seats"]["A"][1], presence=True)
    with online.websocket_connect(f"/ws/games/{game['id']}") as socket:
        socket.send_json({"v": 1, "type": "join", "token": game["seats"]["B"][1], "updates": True})
        assert socket.receive_json()["type"] == "state"
        socket.send_json({"v": 1, "type": "ping"})
        later = []
        while (message := socket.receive_json())["type"] != "pong":
            later.append(message["type"])
        assert "state" not in later and "update" not in later
    assert first.until(lambda m: m["type"] == "presence")["type"] == "presence"  # the other seat is told


def test_a_socket_that_joins_during_a_change_never_gets_that_change_again(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    game, mine, theirs = friend_game(client)
    database = client.app.state.rooms.database  # type: ignore[attr-defined]
    original, entered, held = database.append, threading.Event(), {}

    async def slow_append(item: Any) -> None:
        """The first commit waits until the test lets it go (a disk that takes its time)."""
        if not held:
            held["loop"], held["gate"] = asyncio.get_running_loop(), asyncio.Event()
            entered.set()
            await held["gate"].wait()
        await original(item)

    rooms = client.app.state.rooms  # type: ignore[attr-defined]
    join, joining = rooms.join, threading.Event()

    async def noted_join(*args: Any) -> None:
        joining.set()  # (the join runs on in this task: the gate opens only once it waits for something)
        await join(*args)

    monkeypatch.setattr(database, "append", slow_append)
    monkeypatch.setattr(rooms, "join", noted_join)
    mover = mine if mine.state["legal"] else theirs
    mover.send({"v": 1, "type": "action", "version": mover.state["version"], "action": mover.state["legal"][0]})
    assert entered.wait(10), "the action reached its commit"
    with client.websocket_connect(f"/ws/games/{game['id']}") as socket:
        socket.send_json({"v": 1, "type": "join", "token": None, "updates": True})
        assert joining.wait(10), "the join is under way while the change is half made"
        held["loop"].call_soon_threadsafe(held["gate"].set)
        state = socket.receive_json()
        assert state["type"] == "state" and state["version"] == mover.state["version"] + 1
        assert mover.until_state()["version"] == state["version"]  # the change is told (after its commit)
        socket.send_json({"v": 1, "type": "ping"})
        while (message := socket.receive_json())["type"] != "pong":
            assert message["type"] != "update" or (
                message["version"] > state["version"] and message["log_from"] == len(state["log"])
            ), message


def test_a_socket_whose_game_is_being_read_back_is_told_busy_not_to_join_again(online: TestClient) -> None:
    """A failed write drops the room and reads the game back; its sockets are moved to it by the server. A
    message in between is the server's moment, not a client that never joined (the soak of issue 31 saw 58
    "send a join message first" answers to well-behaved clients after a write timed out under load)."""
    from timessquare.web.sockets.rooms import Rooms
    from timessquare.web.sockets.ws import Connection, handle

    rooms: Rooms = online.app.state.rooms  # type: ignore[attr-defined]
    alice, bob = Person(online, "Alice"), Person(online, "Bob")
    game = challenge_and_accept(online, alice, bob, "5+3")

    async def between_drop_and_rejoin() -> tuple[str, str, bool]:
        room = await rooms.get(game["id"])
        assert room is not None
        joined = Connection(socket=None, room=room)  # type: ignore[arg-type]  # never written to here
        room.connections.add(joined)
        stranger = Connection(socket=None)  # type: ignore[arg-type]
        rooms.drop(room)  # the read-back is queued, not yet run: this is the moment in between
        codes = []
        for connection in (joined, stranger):
            try:
                await handle(rooms, connection, game["id"], messages.Sync())
            except ProtocolError as e:
                codes.append(e.code)
        await asyncio.gather(*rooms.tasks)  # the read-back runs: the joined socket is in the new room
        return codes[0], codes[1], joined.room is not None and not joined.reading_back

    busy, bad, moved = online.portal.call(between_drop_and_rejoin)  # type: ignore[attr-defined]
    assert (busy, bad, moved) == ("busy", "bad_message", True)

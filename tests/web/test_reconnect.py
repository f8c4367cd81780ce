"""Games that survive: two tabs of one seat, a reload in the middle of a turn, a dropped connection, a
restart of the server, and a real server killed with SIGKILL in the middle of a game."""

from __future__ import annotations

import contextlib
import json
import os
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import OPEN_SEATS, Seat, new_game
from starlette.testclient import TestClient
from webcluster import Process

from timessquare.cards import SEAT_NAMES


def mover_of(seats: dict[str, Seat]) -> Seat:
    any_seat = next(iter(seats.values()))
    return seats[any_seat.state["view"]["to_move"]]


def test_two_tabs_of_one_seat_both_follow_and_either_plays(client: TestClient) -> None:
    game = new_game(client, mode="friend", seat="A")
    tab1, tab2 = Seat(client, game["id"], game["token"]), Seat(client, game["id"], game["token"])
    friend = Seat(client, game["id"], game["invite_token"])
    seats = {"A": tab1, "B": friend}
    for turn in range(6):
        mover = mover_of(seats)
        if mover is tab1 and turn % 2:
            mover = tab2  # the other tab of A plays this time
        mover.act(mover.state["legal"][0])
        for socket in (tab1, tab2, friend):
            if socket is not mover:
                socket.until_state()
        assert tab1.state["version"] == tab2.state["version"] == friend.state["version"]
        assert tab1.state["view"] == tab2.state["view"] and tab1.state["legal"] == tab2.state["legal"]
    tab1.close()  # closing one tab leaves the other playing
    mover = mover_of({"A": tab2, "B": friend})
    mover.act(mover.state["legal"][0])
    (friend if mover is tab2 else tab2).until_state()


def test_a_reload_in_the_middle_of_a_turn_resumes_it(client: TestClient) -> None:
    game = new_game(client, mode="friend", seat="A")
    seats = {"A": Seat(client, game["id"], game["token"]), "B": Seat(client, game["id"], game["invite_token"])}
    mover = mover_of(seats)
    seat = mover.state["seat"]
    card = next(a for a in mover.state["legal"] if not a.startswith(("lure", "discard")))
    mover.act(card)
    before = mover.state
    assert before["view"]["turn"]["mode"] == "play"
    mover.close()  # the page reloads
    again = Seat(client, game["id"], game["token"] if seat == "A" else game["invite_token"])
    assert again.state["version"] == before["version"] and again.state["view"] == before["view"]
    assert again.state["legal"] == before["legal"] and "end" in again.state["legal"]
    assert again.act("end")["view"]["to_move"] != seat


def test_a_dropped_connection_catches_up_on_join(client: TestClient) -> None:
    game = new_game(client, mode="friend", seat="A")
    a, b = Seat(client, game["id"], game["token"]), Seat(client, game["id"], game["invite_token"])
    waiting = a if a.state["view"]["to_move"] == "B" else b
    playing = b if waiting is a else a
    waiting.close()  # the network goes away while the other player plays
    while playing.state["view"]["to_move"] == playing.state["seat"]:
        playing.act(playing.state["legal"][-1])
    back = Seat(client, game["id"], game["token"] if waiting is a else game["invite_token"])
    assert back.state["version"] == playing.state["version"] and back.state["legal"]
    assert back.state["log"] == playing.state["log"]


def test_a_restart_mid_game_loses_nothing(make_client: Callable[..., TestClient], sqlite_url: str) -> None:
    first = make_client()
    friend = new_game(first, mode="friend", seat="A")
    computer = new_game(first, mode="computer", level="easy", seat="A")
    seats = {"A": Seat(first, friend["id"], friend["token"]), "B": Seat(first, friend["id"], friend["invite_token"])}
    for _ in range(15):
        mover = mover_of(seats)
        mover.act(mover.state["legal"][0])
        next(s for s in seats.values() if s is not mover).until_state()
    seen = seats["A"].state
    while OPEN_SEATS:
        OPEN_SEATS.pop().close()
    first.__exit__(None, None, None)  # the server stops (its lifespan ends); the database stays

    second = make_client(sqlite_url)
    again = {"A": Seat(second, friend["id"], friend["token"]), "B": Seat(second, friend["id"], friend["invite_token"])}
    assert again["A"].state["version"] == seen["version"] and again["A"].state["view"] == seen["view"]
    assert again["A"].state["log"] == seen["log"]
    mover = mover_of(again)
    mover.act(mover.state["legal"][0])
    # The computer game goes on too: the computer plays when it is its turn, after the restart.
    me = Seat(second, computer["id"], computer["token"])
    while not me.state["legal"]:
        me.until_state()
    assert me.state["view"]["to_move"] == "A"


# ------------------------------------------------------------------ a real server, killed


class Server(Process):
    """`timessquare serve` in a subprocess, on a free port (not behind a proxy)."""

    def __init__(self, database_url: str) -> None:
        super().__init__(database_url, "server", behind_proxy=False)

    def post(self, path: str, body: dict[str, Any]) -> dict[str, Any]:
        request = urllib.request.Request(
            self.url + path, json.dumps(body).encode(), {"Content-Type": "application/json"}
        )
        with urllib.request.urlopen(request, timeout=10) as response:
            answer: dict[str, Any] = json.load(response)
        return answer

    def children(self) -> list[int]:
        """The server's child processes (its workers), from /proc."""
        found = []
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                fields = stat.read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue  # the process ended meanwhile
            if int(fields[1]) == self.process.pid:
                found.append(int(stat.parent.name))
        return found


def running(pid: int) -> bool:
    """Whether a process still runs (an exited one that nobody reaped yet is a zombie, state Z)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


class RealSeat:
    """A seat over a real WebSocket (the `websockets` library, as a browser would connect)."""

    def __init__(self, server: Server, game_id: str, token: str | None) -> None:
        from websockets.sync.client import connect

        self.stack = contextlib.ExitStack()
        address = server.url.replace("http", "ws") + f"/ws/games/{game_id}"
        self.socket = self.stack.enter_context(connect(address, open_timeout=10))
        self.socket.send(json.dumps({"v": 1, "type": "join", "token": token, "lang": "en"}))
        self.state = self.until_state()

    def until_state(self) -> dict[str, Any]:
        while True:
            message: dict[str, Any] = json.loads(self.socket.recv(timeout=10))
            assert message["type"] != "error", message
            if message["type"] == "state":
                self.state = message
                return message

    def act(self, action: str) -> dict[str, Any]:
        self.socket.send(json.dumps({"v": 1, "type": "action", "version": self.state["version"], "action": action}))
        return self.until_state()

    def close(self) -> None:
        self.stack.close()


@pytest.fixture
def servers() -> Iterator[list[Server]]:
    started: list[Server] = []
    yield started
    for server in started:
        server.stop()


def test_sigkill_mid_game_then_both_players_reconnect_and_go_on(servers: list[Server], tmp_path: Path) -> None:
    pytest.importorskip("uvicorn")
    url = f"sqlite:///{tmp_path / 'games.sqlite3'}"
    server = Server(url)
    servers.append(server)
    game = server.post("/api/games", {"mode": "friend", "seat": "A"})
    invite = game["invite"].split("#t=")[1]
    tokens = {"A": game["token"], "B": invite}
    seats = {s: RealSeat(server, game["id"], tokens[s]) for s in SEAT_NAMES}
    for _ in range(12):
        mover = seats[seats["A"].state["view"]["to_move"]]
        mover.act(mover.state["legal"][0])  # acknowledged: the new state came back
        seats["B" if mover is seats["A"] else "A"].until_state()
    acknowledged = seats["A"].state
    workers = server.children()
    assert workers, "the server runs its computer players in worker processes"
    server.kill()  # no shutdown, no flush: whatever was acknowledged must already be on disk
    for _ in range(100):  # the orphaned workers notice and leave (they check every half second)
        if not any(running(pid) for pid in workers):
            break
        time.sleep(0.1)
    assert not any(running(pid) for pid in workers), "workers outlived their server"
    for seat in seats.values():
        seat.close()

    server = Server(url)
    servers.append(server)
    seats = {s: RealSeat(server, game["id"], tokens[s]) for s in SEAT_NAMES}
    assert seats["A"].state["version"] == acknowledged["version"]
    assert seats["A"].state["view"] == acknowledged["view"] and seats["A"].state["log"] == acknowledged["log"]
    for _ in range(12):
        mover = seats[seats["A"].state["view"]["to_move"]]
        mover.act(mover.state["legal"][0])
        seats["B" if mover is seats["A"] else "A"].until_state()
    seats["B"].socket.send(json.dumps({"v": 1, "type": "resign"}))
    assert seats["A"].until_state()["over"]["result"] == "A"
    with urllib.request.urlopen(f"{server.url}/api/games/{game['id']}/record", timeout=10) as response:
        record = json.load(response)
    public = [m for m in record["moves"] if not m.startswith("shuffle")]
    assert public == [m for m in seats["A"].state["view"]["moves"] if m != "shuffle"]
    assert len(public) >= 24 and record["result"] == "A"
    for seat in seats.values():
        seat.close()
    assert os.path.exists(tmp_path / "games.sqlite3")

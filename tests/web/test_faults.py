"""Faults told honestly (issue 17, findings 3, 4 and 5): a stopped PostgreSQL and a SQLite database that
cannot write give `/healthz` 503 and moves `busy` within seconds, never a hang; afterwards the game goes on
from what the database holds."""

from __future__ import annotations

import json
import resource
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import Seat, fresh_pg_database, new_game
from pgcluster import PostgresCluster
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

sys.path.insert(0, str(Path(__file__).parent.parent / "e2e"))
from e2e_server import Server

PROMPT = 5.5  # "within 5 s", with a little room for a loaded machine's scheduling


def test_a_stopped_postgresql_is_told_within_seconds_then_play_goes_on(
    make_client: Callable[..., TestClient], pg_cluster: PostgresCluster
) -> None:
    client = make_client(fresh_pg_database(pg_cluster))
    game = new_game(client, mode="friend", seat="A")
    tokens = {"A": game["token"], "B": game["invite_token"]}
    first = Seat(client, game["id"], game["token"])
    token = tokens[first.state["view"]["to_move"]]
    mover = first if token == game["token"] else Seat(client, game["id"], token)
    move = mover.state["legal"][0]
    pg_cluster.pause()
    try:
        began = time.monotonic()
        health = client.get("/healthz")
        assert health.status_code == 503 and health.json()["ok"] is False
        assert time.monotonic() - began < PROMPT

        began = time.monotonic()
        mover.send({"v": 1, "type": "action", "version": mover.state["version"], "action": move})
        refusal = mover.receive()
        assert refusal["type"] == "error" and refusal["code"] == "busy"
        assert time.monotonic() - began < PROMPT
        with pytest.raises(WebSocketDisconnect) as closed:  # the page reconnects and joins again by itself
            while True:
                mover.receive()
        assert closed.value.code == 1013

        began = time.monotonic()
        created = client.post("/api/games", json={"mode": "friend"})
        assert created.status_code == 503 and created.json()["error"]["code"] == "busy"
        assert "retry-after" in created.headers and time.monotonic() - began < PROMPT
    finally:
        pg_cluster.resume()
    mover.close()
    first.close()
    deadline = time.monotonic() + 30  # the connections the outage left behind are dropped as they fail
    while client.get("/healthz").status_code != 200:
        assert time.monotonic() < deadline, "the server did not recover"
    again = Seat(client, game["id"], token)  # the resync: what the database holds, then play on
    if again.state["version"] == 0:
        again.act(move)
    assert again.act(again.state["legal"][0])["type"] == "state"


def post_json(url: str, body: object) -> tuple[int, dict[str, object]]:
    request = urllib.request.Request(url, data=json.dumps(body).encode(), headers={"content-type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, json.load(answer)
    except urllib.error.HTTPError as e:
        return e.code, json.load(e)


def health(url: str) -> int:
    try:
        with urllib.request.urlopen(url + "/healthz", timeout=10) as answer:
            return int(answer.status)
    except urllib.error.HTTPError as e:
        return e.code


def test_a_sqlite_database_that_cannot_write_is_unhealthy(tmp_path: Path) -> None:
    """The disk is full, as the server sees it: its files may not grow (RLIMIT_FSIZE, set from outside)."""
    server = Server(tmp_path / "games.sqlite3").start()
    assert server.process is not None
    pid = server.process.pid
    try:
        assert health(server.url) == 200
        soft, hard = resource.prlimit(pid, resource.RLIMIT_FSIZE)
        resource.prlimit(pid, resource.RLIMIT_FSIZE, (1, hard))  # no write past the first byte of any file
        assert health(server.url) == 503
        status, answer = post_json(server.url + "/api/games", {"mode": "friend"})
        assert status == 503 and answer["error"]["code"] == "busy"  # type: ignore[index]
        resource.prlimit(pid, resource.RLIMIT_FSIZE, (soft, hard))
        assert health(server.url) == 200
        assert post_json(server.url + "/api/games", {"mode": "friend"})[0] == 201
    finally:
        server.stop()
    output = server.process.stdout.read() if server.process.stdout else ""
    assert "Traceback" not in output, output

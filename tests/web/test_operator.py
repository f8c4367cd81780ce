"""The operator's kit (issue 25 item 7): `timessquare admin`, `timessquare backup`, the Prometheus metrics and
scripts/flood_check.py. None of it existed before: each test failed on the old code for want of its command."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from online_helpers import Person
from prometheus_client import generate_latest
from starlette.testclient import TestClient
from test_online import loses_by_resigning

from timessquare.cli.commands import main
from timessquare.web.admin import run_admin
from timessquare.web.backup import backup
from timessquare.web.metrics import MessageTally

ROOT = Path(__file__).resolve().parent.parent.parent


def test_a_cheaters_games_leave_the_ratings(make_client: Callable[..., TestClient], sqlite_url: str) -> None:
    client = make_client(login_tries_per_minute=1000)
    alice, bob, carol = Person(client, "Alice"), Person(client, "Bob"), Person(client, "Carol")
    loses_by_resigning(client, alice, bob)
    loses_by_resigning(client, carol, alice)  # Alice beats Carol: kept
    kept = client.get("/api/players/Carol").json()
    assert run_admin(sqlite_url, "cheater", "Bob") == (0, "Bob: cheater on")
    page = client.get("/api/players/Alice").json()
    assert page["games"] == 1  # only the game against Carol, computed again from the start
    assert client.get("/api/players/Carol").json()["rating"] != kept["rating"]  # Alice came in at 1500 now
    assert client.get("/api/players/Bob").json()["games"] == 0


def test_ban_mute_reset_and_accounts_of_an_address(make_client: Callable[..., TestClient], sqlite_url: str) -> None:
    client = make_client(login_tries_per_minute=1000)
    alice, bob = Person(client, "Alice"), Person(client, "Bob")
    assert run_admin(sqlite_url, "mute", "Bob")[0] == 0
    assert bob.post("/api/lobby", {"control": "5+3"}).status_code == 403
    assert run_admin(sqlite_url, "ban", "Alice")[0] == 0
    assert alice.get("/api/session").json()["account"] is None  # every session ended
    client.cookies.clear()
    refused = client.post("/api/session", json={"name": "Alice", "password": "a long password"})
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "banned"
    assert run_admin(sqlite_url, "unban", "Alice")[0] == 0
    status, words = run_admin(sqlite_url, "reset-password", "Alice")
    new_password = words.rsplit(": ", 1)[1]
    assert client.post("/api/session", json={"name": "Alice", "password": "a long password"}).status_code == 401
    assert client.post("/api/session", json={"name": "Alice", "password": new_password}).status_code == 200
    status, words = run_admin(sqlite_url, "accounts", "testclient")
    assert status == 0 and [line.split("\t")[0] for line in words.splitlines()] == ["Alice", "Bob"]
    assert run_admin(sqlite_url, "ban", "Nobody")[0] == 1


def test_backup_copies_a_running_servers_sqlite_database(
    make_client: Callable[..., TestClient], sqlite_url: str, tmp_path: Path
) -> None:
    client = make_client()
    for _ in range(3):
        assert client.post("/api/games", json={"mode": "friend"}).status_code == 201
    copy = tmp_path / "copy.sqlite3"
    assert "copied" in backup(sqlite_url, copy)
    with sqlite3.connect(copy) as db:
        assert db.execute("SELECT count(*) FROM games").fetchone()[0] == 3
    with pytest.raises(Exception, match="exists already"):
        backup(sqlite_url, copy)


def test_the_metrics_count_messages_and_refusals(make_client: Callable[..., TestClient]) -> None:
    client = make_client(create_per_minute=1)
    game = client.post("/api/games", json={"mode": "friend"}).json()
    with client.websocket_connect(f"/ws/games/{game['id']}") as socket:
        socket.send_json({"v": 1, "type": "join", "token": game["token"]})
        socket.receive_json()
        socket.send_json({"v": 1, "type": "ping"})
        socket.receive_json()
    while client.post("/api/games", json={"mode": "friend"}).status_code != 429:
        pass
    text = generate_latest().decode()
    assert 'timessquare_messages_total{type="ping"}' in text
    assert 'timessquare_refusals_total{limit="games_per_address"}' in text
    assert "timessquare_computer_turn_wait_seconds" in text and "timessquare_sockets" in text


def test_message_times_fall_in_the_buckets_up_to_their_bound() -> None:
    tally = MessageTally()
    for seconds in (0.005, 0.0051, 0.3, 11.0):  # a bound itself counts in its bucket
        tally.add("Act", seconds)
    count, histogram = tally.collect()
    assert [(s.labels, s.value) for s in count.samples] == [({"type": "act"}, 4)]
    buckets = {s.labels["le"]: s.value for s in histogram.samples if s.name.endswith("_bucket")}
    assert (buckets["0.005"], buckets["0.01"], buckets["0.25"], buckets["0.5"], buckets["10.0"]) == (1, 2, 2, 3, 3)
    assert buckets["+Inf"] == 4
    assert [s.value for s in histogram.samples if s.name.endswith("_sum")] == [pytest.approx(11.3101)]


@pytest.mark.parametrize("command", [["admin", "--help"], ["backup", "--help"], ["serve", "--help"]])
def test_the_operators_commands_answer_help(command: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(command) == 0
    assert "--database-url" in capsys.readouterr().out


def test_the_flood_check_runs_short(tmp_path: Path) -> None:
    script = str(ROOT / "scripts" / "flood_check.py")
    assert "--flooders" in subprocess.run([sys.executable, script, "--help"], capture_output=True, text=True).stdout
    done = subprocess.run(
        [sys.executable, script, "--seconds", "0.5", "--flooders", "2", "--lobby-sockets", "66", "--json"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    results = json.loads(done.stdout)
    assert results["lobby_sockets_let_in"] == 64
    assert results["processes_after_sigkill"] == 0 and results["server_tracebacks"] == 0

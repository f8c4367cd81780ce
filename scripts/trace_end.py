#!/usr/bin/env python3
"""What one `end` costs the server, counted by a runtime trace rather than timed: a rated 5+3 game between two
accounts (the test client, SQLite in a temporary folder), both seats joined asking for `--protocol` (`updates`,
as the game page joins; `changes`, as the bot connection joins); the trace runs from the moment the seat to move
sends its `end` until the other seat has received the change. The deal is made from `--seed` (the server's own
is secret), so two runs, and two versions of the code, trace the same `end`.

It prints the Python calls into the package's own code (`timessquare.*`), the modules they were in, the switches
from one module to another, the threads that ran them, and the database transactions committed. Counts, not
times: they do not depend on the machine's load.

    .venv/bin/python scripts/trace_end.py
    .venv/bin/python scripts/trace_end.py --protocol changes --json
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import threading
from collections import Counter
from pathlib import Path
from types import FrameType
from typing import Any

from sqlalchemy import event
from starlette.testclient import TestClient

from timessquare.actions import ACTIONS
from timessquare.web.app import Settings, create_app
from timessquare.web.sockets import table


class Trace:
    """Counts the calls into timessquare.* on every thread, while `on`."""

    def __init__(self) -> None:
        self.on = False
        self.calls = 0
        self.modules: Counter[str] = Counter()
        self.threads: set[int] = set()
        self.switches = 0
        self.last: dict[int, str] = {}
        self.commits = 0

    def __call__(self, frame: FrameType, what: str, _: Any) -> None:
        if not self.on or what != "call":
            return
        module = frame.f_globals.get("__name__", "")
        if not module.startswith("timessquare"):
            return
        thread = threading.get_ident()
        self.calls += 1
        self.modules[module] += 1
        self.threads.add(thread)
        if self.last.get(thread, module) != module:
            self.switches += 1
        self.last[thread] = module


def account(client: TestClient, name: str) -> str:
    client.cookies.clear()
    answer = client.post("/api/accounts", json={"name": name, "password": "a long password"})
    assert answer.status_code == 201, answer.text
    return str(answer.cookies["ts_login"])


def trace_one_end(seed: int, protocol: str = "updates") -> dict[str, Any]:
    rng = random.Random(seed)
    table._server_rng = lambda: random.Random(seed)  # the same deal each run (the server's own is secret)
    trace = Trace()
    threading.setprofile(trace)  # every thread started from now on (the server's, the group commit's, workers)
    sys.setprofile(trace)
    try:
        with tempfile.TemporaryDirectory() as folder:
            settings = Settings(database_url=f"sqlite:///{Path(folder) / 'g.sqlite3'}", workers=1, warm_workers=False)
            settings.create_per_minute = 0
            settings.socket_rate = settings.socket_burst = 10_000
            settings.login_tries_per_minute = 1000
            with TestClient(create_app(settings)) as client:
                event.listen(client.app.state.rooms.database.store.engine, "commit", lambda _: _count(trace))  # type: ignore[attr-defined]
                alice, bob = account(client, "Alice"), account(client, "Bobby")
                client.cookies.clear()
                client.cookies.set("ts_login", alice)
                challenge = client.post("/api/lobby", json={"control": "5+3", "rated": True}).json()["challenge"]
                client.cookies.clear()
                client.cookies.set("ts_login", bob)
                game = client.post(f"/api/lobby/{challenge['id']}/accept", json={}).json()
                assert "id" in game, game
                client.cookies.clear()
                client.cookies.set("ts_login", alice)
                other = client.get(f"/api/games/{game['id']}/seat").json()
                tokens = {game["seat"]: game["token"], other["seat"]: other["token"]}
                contexts = {seat: client.websocket_connect(f"/ws/games/{game['id']}") for seat in tokens}
                sockets = {seat: context.__enter__() for seat, context in contexts.items()}
                states: dict[str, dict[str, Any]] = {}
                try:
                    for seat, socket in sockets.items():
                        socket.send_json({"v": 1, "type": "join", "token": tokens[seat], protocol: True})
                        states[seat] = _plain(_until(socket, "state"))
                    while True:  # actions until a seat may end its turn (a lure ends one too)
                        mover = next(seat for seat, state in states.items() if state["legal"])
                        if "end" in states[mover]["legal"]:
                            break
                        action = rng.choice(states[mover]["legal"])
                        sockets[mover].send_json(
                            {"v": 1, "type": "action", "version": states[mover]["version"], "action": action}
                        )
                        for seat, socket in sockets.items():
                            states[seat] = _plain(_until(socket, "state", "update", "change"))
                    waiting = "B" if mover == "A" else "A"
                    trace.on = True
                    sockets[mover].send_json(
                        {"v": 1, "type": "action", "version": states[mover]["version"], "action": "end"}
                    )
                    _until(sockets[waiting], "state", "update", "change")
                    trace.on = False
                finally:
                    for context in contexts.values():
                        context.__exit__(None, None, None)
    finally:
        threading.setprofile(None)  # type: ignore[arg-type,unused-ignore]
        sys.setprofile(None)
    return {
        "calls": trace.calls,
        "modules": len(trace.modules),
        "module_switches": trace.switches,
        "threads": len(trace.threads),
        "transactions": trace.commits,
        "busiest_modules": dict(trace.modules.most_common(8)),
    }


def _count(trace: Trace) -> None:
    if trace.on:
        trace.commits += 1


def _plain(message: dict[str, Any]) -> dict[str, Any]:
    """The version and the legal actions (by notation) a message gives."""
    legal = [ACTIONS[a].notation if isinstance(a, int) else a for a in message.get("legal", [])]
    return {"version": message["version"], "legal": legal}


def _until(socket: Any, *kinds: str) -> dict[str, Any]:
    while True:
        message: dict[str, Any] = json.loads(socket.receive_text())
        if message["type"] in kinds:
            return message


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seed", type=int, default=1, help="the deal, and the mover's actions before its `end`")
    parser.add_argument("--protocol", choices=("updates", "changes"), default="updates", help="what the seats ask for")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    figures = trace_one_end(args.seed, args.protocol)
    if args.json:
        print(json.dumps(figures))
        return
    print("one `end` of a rated 5+3 game, from the message to the other seat's update:")
    for name in ("calls", "modules", "module_switches", "threads", "transactions"):
        print(f"  {name.replace('_', ' ')}: {figures[name]}")
    print("  busiest modules: " + ", ".join(f"{m} {n}" for m, n in figures["busiest_modules"].items()))


if __name__ == "__main__":
    main()

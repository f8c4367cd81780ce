#!/usr/bin/env python3
"""What one change of a web game costs on the wire and on the server: a whole friend game played over the game
socket with both seats and a spectator joined (the test client, SQLite in a temporary folder), each seat
playing random legal actions.

It prints the bytes each socket receives per action (on average, and the mean size of the first and of the
last 20 messages), and how many times per action the server built a player's view (`PlayerView.of`), a view
document (`to_document`), a log entry's document, and a message's JSON. `--states` plays the same game as a
client of protocol 1.0 (a whole `state` after every change) instead of asking for updates.

    .venv/bin/python scripts/wire_cost.py
    .venv/bin/python scripts/wire_cost.py --states --seed 3
"""

from __future__ import annotations

import argparse
import json
import random
import tempfile
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from starlette.testclient import TestClient

from timessquare import view as view_module
from timessquare.web.app import Settings, create_app
from timessquare.web.sockets import messages, table


def counted(built: Counter[str], name: str, function: Callable[..., Any]) -> Callable[..., Any]:
    def counting(*args: Any, **kwargs: Any) -> Any:
        built[name] += 1
        return function(*args, **kwargs)

    return counting


def play(seed: int, updates: bool) -> dict[str, Any]:
    rng = random.Random(seed)
    built: Counter[str] = Counter()
    with tempfile.TemporaryDirectory() as folder:
        settings = Settings(database_url=f"sqlite:///{Path(folder) / 'g.sqlite3'}", workers=1, warm_workers=False)
        settings.create_per_minute = 0
        settings.socket_rate = settings.socket_burst = 10_000
        with TestClient(create_app(settings)) as client:
            game = client.post("/api/games", json={"mode": "friend", "seat": "A"}).json()
            tokens = (game["token"], game["invite"].split("#t=")[1], None)
            contexts = [client.websocket_connect(f"/ws/games/{game['id']}") for _ in tokens]
            sockets = [context.__enter__() for context in contexts]
            received: list[list[int]] = [[] for _ in sockets]
            states: list[dict[str, Any]] = []
            for socket, token in zip(sockets, tokens, strict=True):
                socket.send_json({"v": 1, "type": "join", "token": token, "lang": "en", "updates": updates})
                states.append(json.loads(socket.receive_text()))
            originals = (view_module.PlayerView.of, view_module.PlayerView.to_document, table.entry_document)
            view_module.PlayerView.of = counted(built, "views", originals[0])  # type: ignore[method-assign]
            view_module.PlayerView.to_document = counted(built, "view documents", originals[1])  # type: ignore[method-assign]
            table.entry_document = counted(built, "log entry documents", originals[2])
            encode = messages.encode
            messages.encode = counted(built, "JSON documents", encode)
            actions = 0
            try:
                while not states[2]["over"]:
                    mover = next(i for i in (0, 1) if states[i]["legal"])
                    action = rng.choice(states[mover]["legal"])
                    sockets[mover].send_json(
                        {"v": 1, "type": "action", "version": states[mover]["version"], "action": action}
                    )
                    actions += 1
                    for i, socket in enumerate(sockets):
                        text = socket.receive_text()
                        received[i].append(len(text.encode()))
                        message = json.loads(text)
                        assert message["type"] in ("state", "update"), message
                        if message["type"] == "update":
                            message = {**message, "log": states[i]["log"] + message["log"]}
                        states[i] = message
            finally:
                view_module.PlayerView.of, view_module.PlayerView.to_document, table.entry_document = originals  # type: ignore[method-assign]
                messages.encode = encode
                for context in contexts:
                    context.__exit__(None, None, None)
    sizes = received[2]
    return {
        "protocol": "updates" if updates else "whole states",
        "actions": actions,
        "bytes_per_socket_per_action": round(sum(map(sum, received)) / (len(received) * actions)),
        "first_20_mean_bytes": round(sum(sizes[:20]) / 20),
        "last_20_mean_bytes": round(sum(sizes[-20:]) / 20),
        "per_action": {name: round(count / actions, 2) for name, count in sorted(built.items())},
    }


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seed", type=int, default=1, help="the players' choices (the deal is the server's)")
    parser.add_argument("--states", action="store_true", help="as a protocol 1.0 client: a whole state each change")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    figures = play(args.seed, updates=not args.states)
    if args.json:
        print(json.dumps(figures))
        return
    print(f"{figures['protocol']}: {figures['actions']} actions, 2 seats and 1 spectator")
    print(f"  bytes per socket per action: {figures['bytes_per_socket_per_action']}")
    first, last = figures["first_20_mean_bytes"], figures["last_20_mean_bytes"]
    print(f"  the spectator's messages: first 20 {first} B, last 20 {last} B on average")
    for name, count in figures["per_action"].items():
        print(f"  {name} built per action: {count}")


if __name__ == "__main__":
    main()

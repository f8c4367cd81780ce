#!/usr/bin/env python3
"""What one change of a web game costs on the wire and on the server: a whole friend game played over the game
socket with both seats and a spectator joined (the test client, SQLite in a temporary folder), each seat
playing random legal actions.

It prints the bytes each socket receives per action (on average, and the mean size of the first and of the
last 20 messages), the bytes by kind of message, and how many times per action the server built a player's
view (`PlayerView.of`), a view document (`to_document`), a log entry's document, and a message's JSON.
`--protocol` says what the sockets ask for at join: `changes` (a `change` message per change: its events, the
view's new fields, the clock, the legal actions by id: as the game page asks), `updates`, or `states` (a whole
`state` after every change, protocol 1.0). `--rated`: a rated 5+3 game between two accounts instead.

    .venv/bin/python scripts/wire_cost.py
    .venv/bin/python scripts/wire_cost.py --protocol changes --rated
    .venv/bin/python scripts/wire_cost.py --protocol states --seed 3
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


def friend_game(client: TestClient) -> tuple[str, str, str]:
    """A friend game: its id, and the tokens of seats A and B."""
    game = client.post("/api/games", json={"mode": "friend", "seat": "A"}).json()
    return game["id"], game["token"], game["invite"].split("#t=")[1]


def rated_game(client: TestClient) -> tuple[str, str, str]:
    """A rated 5+3 game between two accounts, from a lobby challenge: its id, and the tokens of seats A and B."""
    cookies = {}
    for name in ("Alice", "Bobby"):
        client.cookies.clear()
        answer = client.post("/api/accounts", json={"name": name, "password": "a long password"})
        cookies[name] = answer.cookies["ts_login"]
    client.cookies.clear()
    client.cookies.set("ts_login", cookies["Alice"])
    challenge = client.post("/api/lobby", json={"control": "5+3", "rated": True}).json()["challenge"]
    client.cookies.clear()
    client.cookies.set("ts_login", cookies["Bobby"])
    game = client.post(f"/api/lobby/{challenge['id']}/accept", json={}).json()
    client.cookies.clear()
    client.cookies.set("ts_login", cookies["Alice"])
    other = client.get(f"/api/games/{game['id']}/seat").json()
    tokens = {game["seat"]: game["token"], other["seat"]: other["token"]}
    return game["id"], tokens["A"], tokens["B"]


def merged(state: dict[str, Any], message: dict[str, Any]) -> dict[str, Any]:
    """The socket's state after a message, as a client keeps it."""
    if message["type"] == "update":
        return {**message, "log": state["log"] + message["log"]}
    if message["type"] == "change":
        view = {**state["view"], **message["view"]}
        legal, over = message.get("legal", []), message.get("over")
        return {**state, "version": message["version"], "view": view, "legal": legal, "over": over}
    return message


def play(seed: int, protocol: str, rated: bool = False) -> dict[str, Any]:
    rng = random.Random(seed)
    built: Counter[str] = Counter()
    by_kind: Counter[str] = Counter()
    count_by_kind: Counter[str] = Counter()
    with tempfile.TemporaryDirectory() as folder:
        settings = Settings(database_url=f"sqlite:///{Path(folder) / 'g.sqlite3'}", workers=1, warm_workers=False)
        settings.create_per_minute = 0
        settings.socket_rate = settings.socket_burst = 10_000
        settings.login_tries_per_minute = 1000
        with TestClient(create_app(settings)) as client:
            game_id, token_a, token_b = rated_game(client) if rated else friend_game(client)
            tokens = (token_a, token_b, None)
            contexts = [client.websocket_connect(f"/ws/games/{game_id}") for _ in tokens]
            sockets = [context.__enter__() for context in contexts]
            received: list[list[int]] = [[] for _ in sockets]
            states: list[dict[str, Any]] = []
            for socket, token in zip(sockets, tokens, strict=True):
                join: dict[str, Any] = {"v": 1, "type": "join", "token": token, "lang": "en"}
                if protocol != "states":
                    join[protocol] = True
                socket.send_json(join)
                states.append(_next(socket, "state"))
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
                        while True:
                            text = socket.receive_text()
                            message = json.loads(text)
                            size = len(text.encode())
                            received[i].append(size)
                            by_kind[message["type"]] += size
                            count_by_kind[message["type"]] += 1
                            if message["type"] in ("state", "update", "change"):
                                break
                        states[i] = merged(states[i], message)
            finally:
                view_module.PlayerView.of, view_module.PlayerView.to_document, table.entry_document = originals  # type: ignore[method-assign]
                messages.encode = encode
                for context in contexts:
                    context.__exit__(None, None, None)
    sizes = received[2]
    return {
        "protocol": protocol,
        "game": "rated 5+3" if rated else "friend",
        "actions": actions,
        "bytes_per_socket_per_action": round(sum(map(sum, received)) / (len(received) * actions)),
        "mean_bytes_by_kind": {kind: round(by_kind[kind] / count_by_kind[kind]) for kind in sorted(by_kind)},
        "first_20_mean_bytes": round(sum(sizes[:20]) / 20),
        "last_20_mean_bytes": round(sum(sizes[-20:]) / 20),
        "per_action": {name: round(count / actions, 2) for name, count in sorted(built.items())},
    }


def _next(socket: Any, kind: str) -> dict[str, Any]:
    while True:
        message: dict[str, Any] = json.loads(socket.receive_text())
        if message["type"] == kind:
            return message


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seed", type=int, default=1, help="the players' choices (the deal is the server's)")
    parser.add_argument(
        "--protocol",
        choices=("changes", "updates", "states"),
        default="changes",
        help="what the sockets join asking for",
    )
    parser.add_argument("--rated", action="store_true", help="a rated 5+3 game between two accounts")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    figures = play(args.seed, args.protocol, args.rated)
    if args.json:
        print(json.dumps(figures))
        return
    print(f"{figures['protocol']}, {figures['game']} game: {figures['actions']} actions, 2 seats and 1 spectator")
    print(f"  bytes per socket per action: {figures['bytes_per_socket_per_action']}")
    sizes = ", ".join(f"{kind} {size} B" for kind, size in figures["mean_bytes_by_kind"].items())
    print(f"  mean bytes by kind of message: {sizes}")
    first, last = figures["first_20_mean_bytes"], figures["last_20_mean_bytes"]
    print(f"  the spectator's messages: first 20 {first} B, last 20 {last} B on average")
    for name, count in figures["per_action"].items():
        print(f"  {name} built per action: {count}")


if __name__ == "__main__":
    main()

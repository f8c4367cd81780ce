#!/usr/bin/env python3
"""Record what the game page is told, for the page scripts' unit tests (tests/js, `node --test tests/js/`): a friend
game played to its end over the game socket (the test client, SQLite in a temporary folder), seat A in English, seat
B in French and a spectator, each joined with `"changes": true`. For each socket the file keeps the `state` that
answered its join, every message of the game it received after it, the `state` a fresh join gave every 20 actions
(`snapshots`, by the number of messages before it) and at the end (`fresh`): the page's reducer
(static/js/page-state.js) must make each of those from the join's state and the messages before it. A second,
short game (`resigned`) ends when B resigns after 7 actions.

Beside it, the words and destinations the core gives every one of the 95 actions on the boards of that game, and
each action's words in the log, in every language (session/choices.py, session/describe.py): the page's own
wording (static/js/move-words.js) must say the same.

The deal and the players' choices come from `--seed`, so the same seed writes the same files (tests/web/
test_recorded_changes.py checks that they are current).

    .venv/bin/python scripts/record_changes.py
    .venv/bin/python scripts/record_changes.py --check
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
from pathlib import Path
from typing import Any

from starlette.testclient import TestClient

from timessquare.actions import ACTIONS, LURE, PLAY, Action
from timessquare.cards import SEAT_NAMES
from timessquare.catalog import LANGUAGES
from timessquare.session.choices import action_words
from timessquare.session.describe import describe
from timessquare.session.destinations import destinations
from timessquare.web.app import Settings, create_app
from timessquare.web.sockets import table

GOLDEN = Path(__file__).resolve().parent.parent / "tests" / "js" / "golden"
GAME = GOLDEN / "changes-friend.json"
WORDS = GOLDEN / "move-words.json"
SOCKETS = (("A", "en"), ("B", "fr"), (None, "en"))  # (seat, language) of each socket: None watches
GAME_MESSAGES = ("state", "update", "change")
SNAPSHOT_EVERY = 20  # actions between two fresh joins kept on the way (`snapshots`, by the number of messages before)
RESIGN_AFTER = 7  # actions before B resigns, in the second game recorded (`resigned`)
BOARDS = 8  # boards of the game the words file covers (spread over it)


def record(seed: int) -> dict[str, Any]:
    """The friend game of `seed`: for each socket its seat, language, join state, messages and final fresh state."""
    rng = random.Random(seed)
    server_rng = table._server_rng
    table._server_rng = lambda: random.Random(seed)  # the same deal each run (the server's own is secret)
    try:
        with tempfile.TemporaryDirectory() as folder:
            settings = Settings(database_url=f"sqlite:///{Path(folder) / 'g.sqlite3'}", workers=1, warm_workers=False)
            settings.create_per_minute = 0
            settings.socket_rate = settings.socket_burst = 10_000
            with TestClient(create_app(settings)) as client:
                played = _played(client, rng)
                played["resigned"] = _played(client, rng, resign_after=RESIGN_AFTER)["sockets"]
                return played
    finally:
        table._server_rng = server_rng


def _played(client: TestClient, rng: random.Random, resign_after: int | None = None) -> dict[str, Any]:
    """A game played with random legal actions to its end, or until B resigns after `resign_after` actions."""
    game = client.post("/api/games", json={"mode": "friend", "seat": "A"}).json()
    tokens = {"A": game["token"], "B": game["invite"].split("#t=")[1], None: None}
    contexts = [client.websocket_connect(f"/ws/games/{game['id']}") for _ in SOCKETS]
    sockets = [context.__enter__() for context in contexts]
    try:
        recorded = []
        for socket, (seat, lang) in zip(sockets, SOCKETS, strict=True):
            socket.send_json({"v": 1, "type": "join", "token": tokens[seat], "lang": lang, "changes": True})
            recorded.append(
                {"seat": seat, "lang": lang, "joined": _next_game_message(socket), "messages": [], "snapshots": {}}
            )
        legal = {0: recorded[0]["joined"]["legal"], 1: recorded[1]["joined"]["legal"]}
        version = recorded[0]["joined"]["version"]
        over = recorded[2]["joined"]["over"]
        while not over:
            if resign_after is not None and len(recorded[0]["messages"]) == resign_after:
                sockets[1].send_json({"v": 1, "type": "resign"})
            else:
                mover = next(i for i in (0, 1) if legal[i])
                action = rng.choice(legal[mover])
                sockets[mover].send_json({"v": 1, "type": "action", "version": version, "action": action})
            for i, socket in enumerate(sockets):
                message = _next_game_message(socket)
                recorded[i]["messages"].append(message)
                if i < 2:
                    legal[i] = message.get("legal", [])
                version, over = message["version"], message.get("over")
            if len(recorded[0]["messages"]) % SNAPSHOT_EVERY == 0 and not over:
                for entry in recorded:
                    entry["snapshots"][str(len(entry["messages"]))] = _fresh(
                        client, game["id"], tokens[entry["seat"]], entry["lang"]
                    )
        for socket, (seat, lang), entry in zip(sockets, SOCKETS, recorded, strict=True):
            socket.send_json({"v": 1, "type": "join", "token": tokens[seat], "lang": lang, "changes": True})
            entry["fresh"] = _next_game_message(socket)
        return {"sockets": recorded}
    finally:
        for context in contexts:
            context.__exit__(None, None, None)


def _fresh(client: TestClient, game_id: str, token: str | None, lang: str) -> dict[str, Any]:
    """The `state` a fresh join of that seat gives now (on a socket of its own, which then closes)."""
    with client.websocket_connect(f"/ws/games/{game_id}") as socket:
        socket.send_json({"v": 1, "type": "join", "token": token, "lang": lang, "changes": True})
        return _next_game_message(socket)


def _next_game_message(socket: Any) -> dict[str, Any]:
    while True:
        message: dict[str, Any] = json.loads(socket.receive_text())
        if message["type"] in GAME_MESSAGES:
            return message


def boards_of(game: dict[str, Any]) -> list[dict[str, int]]:
    """Some boards of the recorded game, spread over it, each once: the spectator's figures after changes."""
    spectator = game["sockets"][2]
    figures = [spectator["joined"]["view"]["figures"]]
    for message in spectator["messages"]:
        figures.append({**figures[-1], **message["view"].get("figures", {})})
    step = max(1, len(figures) // BOARDS)
    chosen: list[dict[str, int]] = []
    for board in figures[::step]:
        if board not in chosen:
            chosen.append(board)
    return chosen


def move_words(game: dict[str, Any]) -> dict[str, Any]:
    """The core's words for every action: as a choice on each board (with its destinations) and in the log."""
    boards = boards_of(game)
    return {
        "boards": boards,
        "languages": {
            lang: {
                "choices": [[choice(a, board, lang) for a in ACTIONS] for board in boards],
                "log": {seat: [describe(a.notation, i, lang) for a in ACTIONS] for i, seat in enumerate(SEAT_NAMES)},
            }
            for lang in LANGUAGES
        },
        "notations": [a.notation for a in ACTIONS],
    }


def choice(action: Action, board: dict[str, int], lang: str) -> dict[str, Any] | None:
    """An action as a choice on `board` (None for a play or lure that moves nothing there: never legal, R4.4, R5.2)."""
    moved = destinations(action.id, board)
    if action.kind in (PLAY, LURE) and not moved:
        return None
    return {"words": action_words(action.id, board, lang), "destinations": moved}


def text_of(value: object) -> str:
    """A golden file's text: compact, its keys sorted, so that the same game writes the same bytes."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=True) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seed", type=int, default=1, help="the deal and the players' choices (default 1)")
    parser.add_argument("--check", action="store_true", help="write nothing: exit 1 when the files are not current")
    args = parser.parse_args()
    game = record(args.seed)
    files = {GAME: text_of(game), WORDS: text_of(move_words(game))}
    if args.check:
        stale = [path.name for path, text in files.items() if not path.exists() or path.read_text("utf-8") != text]
        if stale:
            print(f"not current: {', '.join(stale)} (run: python scripts/record_changes.py)", file=sys.stderr)
            sys.exit(1)
        return
    GOLDEN.mkdir(parents=True, exist_ok=True)
    for path, text in files.items():
        path.write_text(text, encoding="utf-8")
        print(f"wrote {path}", file=sys.stderr)


if __name__ == "__main__":
    main()

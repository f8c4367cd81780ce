#!/usr/bin/env python3
"""Fairness of the worker pool under a flood of hints (issue 17): one client keeps a hint in flight on each of
its games all the time, while other people play easy computer opponents and ask a hint now and then.

It starts `timessquare serve` (2 workers, 1-second hints, a fresh SQLite file) in a subprocess; the flooder
plays FLOOD computer games from one address and asks for hints without pause; VICTIMS other games play
random legal actions, each asking one hint on some of its turns. It prints the computer's turns in the
victims' games (from the state that hands the turn to the computer to the state that hands it back) as
median, p99 and longest, and how many of the victims' and the flooder's hints were answered or `busy`.

    .venv/bin/python scripts/hint_flood.py --seconds 20
    .venv/bin/python scripts/hint_flood.py --seconds 20 --flood 0     # the same without the flood
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
from load_web import Server, percentile  # noqa: E402  (the server in a subprocess, the same percentiles)

SERVE = (
    "import sys; from timessquare.web.serve import run_server; "
    "sys.exit(run_server('127.0.0.1', 0, sys.argv[1], workers=2, socket_rate=1e6, socket_burst=1e6, "
    "create_per_minute=0))"
)


def new_computer_game(server: Server) -> dict[str, Any]:
    import urllib.request

    body = json.dumps({"mode": "computer", "level": "easy", "seat": "A"}).encode()
    request = urllib.request.Request(f"{server.url}/api/games", body, {"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as response:
        game: dict[str, Any] = json.load(response)
    return game


async def flood(server: Server, hints: Counter[str], stop: asyncio.Event) -> None:
    """One game of the flooder: a hint asked again as soon as the last one is answered or refused."""
    from websockets.asyncio.client import connect

    game = await asyncio.to_thread(new_computer_game, server)
    async with connect(f"{server.url.replace('http', 'ws')}/ws/games/{game['id']}") as socket:
        await socket.send(json.dumps({"v": 1, "type": "join", "token": game["token"], "lang": "en"}))
        while not stop.is_set():
            message = json.loads(await socket.recv())
            if message["type"] == "state" and not message["legal"]:
                continue  # the computer moves first: wait for our turn
            if message["type"] == "hint":
                hints["flood answered"] += 1
            elif message["type"] == "error":
                hints[f"flood {message['code']}"] += 1
                await asyncio.sleep(0.01)
            await socket.send(json.dumps({"v": 1, "type": "hint"}))


async def play(
    server: Server, turns: list[float], hints: Counter[str], stop: asyncio.Event, rng: random.Random, address: str
) -> None:
    """A person's games against the easy computer, one after another; a hint on one turn in three."""
    from websockets.asyncio.client import connect

    while not stop.is_set():
        game = await asyncio.to_thread(new_computer_game, server)
        url = f"{server.url.replace('http', 'ws')}/ws/games/{game['id']}"
        async with connect(url, local_addr=(address, 0)) as socket:
            await socket.send(json.dumps({"v": 1, "type": "join", "token": game["token"], "lang": "en"}))
            handed_over: float | None = None
            while not stop.is_set():
                message = json.loads(await socket.recv())
                if message["type"] == "hint":
                    hints["player answered"] += 1
                    continue
                if message["type"] == "error":
                    hints[f"player {message['code']}: {message['message']}"] += 1
                    continue
                if message["type"] != "state":
                    continue
                if message["over"]:
                    break
                mine = message["view"]["to_move"] == message["seat"]
                if not mine:
                    handed_over = handed_over or time.perf_counter()
                    continue
                if handed_over is not None:
                    turns.append(time.perf_counter() - handed_over)
                    handed_over = None
                    if rng.random() < 1 / 3:
                        await socket.send(json.dumps({"v": 1, "type": "hint"}))
                await asyncio.sleep(rng.uniform(0.05, 0.3))  # a person's pause
                action = rng.choice(message["legal"])
                await socket.send(
                    json.dumps({"v": 1, "type": "action", "version": message["version"], "action": action})
                )


async def measure(server: Server, flooders: int, victims: int, seconds: float) -> tuple[list[float], Counter[str]]:
    turns: list[float] = []
    hints: Counter[str] = Counter()
    stop = asyncio.Event()
    rng = random.Random(17)
    tasks = [asyncio.create_task(flood(server, hints, stop)) for _ in range(flooders)]
    for victim in range(victims):  # each person from an address of their own (127.0.0.2, ...: loopback all)
        person = play(server, turns, hints, stop, random.Random(rng.random()), f"127.0.0.{victim + 2}")
        tasks.append(asyncio.create_task(person))
    await asyncio.sleep(seconds)
    stop.set()
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    return turns, hints


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--flood", type=int, default=4, help="games of the flooding client (default 4)")
    parser.add_argument("--victims", type=int, default=6, help="other people's games (default 6)")
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--json", help="also write the figures to this JSON file")
    args = parser.parse_args()
    import tempfile

    import load_web

    load_web.SERVE = SERVE
    with tempfile.TemporaryDirectory() as folder:
        server = Server(f"sqlite:///{folder}/flood.sqlite3")
        try:
            turns, hints = asyncio.run(measure(server, args.flood, args.victims, args.seconds))
        finally:
            server.stop()
    load = os.getloadavg()[0]
    row = {
        "flood_games": args.flood,
        "victim_games": args.victims,
        "computer_turns": len(turns),
        "turn_median_ms": round(percentile(turns, 0.5), 1),
        "turn_p99_ms": round(percentile(turns, 0.99), 1),
        "turn_max_ms": round(1000 * max(turns, default=float("nan")), 1),
        "hints": dict(hints),
        "load_average": round(load, 2),
    }
    print(json.dumps(row))
    if args.json:
        Path(args.json).write_text(json.dumps(row, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())

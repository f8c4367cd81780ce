#!/usr/bin/env python3
"""What one flooder can do to everybody else (issue 25), measured from outside against `timessquare serve`.

It starts the server (2 workers, the limits made for people left on, `--behind-proxy` so that the script can
speak from many addresses with `X-Forwarded-For`, a fresh SQLite file) and runs four checks in turn:

1. **Computer flood.** One account asks for expert games (`POST /api/lobby/computer`) as fast as it can for
   `--seconds`, eight requests at a time; then someone else, from another address, starts an easy computer
   game and plays it: the time to the computer's first turn (from the state that hands it the turn to the
   one that hands it back). Then the server's processes (the server, its workers, their helpers).
2. **Log-in flood.** `--flooders` clients from as many addresses log in with wrong passwords without pause
   for `--seconds`, while a person logs in every 1.5 seconds from a browser that logged in before (it holds
   the device cookie) and another person plays the easy computer: the person's log-in times and the
   computer's turns (median, p99).
3. **Lobby sockets.** One address opens `--lobby-sockets` lobby sockets: how many are let in.
4. **SIGKILL.** The server is killed with SIGKILL: the processes of its session left 3 seconds later; and
   the warning and error lines the server wrote during it all, with its tracebacks.

    .venv/bin/python scripts/flood_check.py                   # the whole check (about a minute)
    .venv/bin/python scripts/flood_check.py --seconds 1 --flooders 4 --lobby-sockets 70 --json

It prints each measure, one a line (`--json`: one JSON object), and the machine's load average.
"""

from __future__ import annotations

import argparse
import asyncio
import http.cookiejar
import json
import os
import random
import signal
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "web"))
sys.path.insert(0, str(ROOT / "tests"))
from webcluster import Process  # noqa: E402  (tests/web is no package)

PASSWORD = "a long password"


class Client:
    """HTTP with its own cookies, speaking for one address (`X-Forwarded-For`)."""

    def __init__(self, url: str, address: str) -> None:
        self.url = url
        self.address = address
        self.cookies = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.cookies))

    def post(self, path: str, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        headers = {"Content-Type": "application/json", "X-Forwarded-For": self.address}
        request = urllib.request.Request(self.url + path, json.dumps(body).encode(), headers)
        try:
            with self.opener.open(request, timeout=60) as response:
                return response.status, json.load(response)
        except urllib.error.HTTPError as e:
            return e.code, json.loads(e.read() or b"{}")


def percentile(values: list[float], q: float) -> float:
    """The q-quantile in milliseconds (nearest rank)."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    return 1000 * ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def session_processes(leader: int) -> int:
    """Processes in the session that `leader` started (the server runs in a session of its own)."""
    count = 0
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[3]) == leader and fields[0] != "Z":  # field 6 of stat: the session id
                count += 1
    return count


async def play_computer(url: str, game: dict[str, Any], turns: list[float], stop: asyncio.Event) -> None:
    """Play random legal actions against the computer until `stop` or the game's end; each computer turn's
    time (from the state that hands it the turn to the state that hands it back) goes into `turns`."""
    from websockets.asyncio.client import connect

    rng = random.Random(1)
    handed: float | None = None
    async with connect(f"{url.replace('http', 'ws')}/ws/games/{game['id']}") as socket:
        await socket.send(json.dumps({"v": 1, "type": "join", "token": game["token"], "lang": "en"}))
        while not stop.is_set():
            try:
                message = json.loads(await asyncio.wait_for(socket.recv(), 1))
            except TimeoutError:
                continue
            if message["type"] != "state":
                continue
            if message["over"]:
                return
            if not message["legal"]:
                handed = handed or time.perf_counter()
                continue
            if handed is not None:
                turns.append(time.perf_counter() - handed)
                handed = None
            action = rng.choice(message["legal"])
            await socket.send(json.dumps({"v": 1, "type": "action", "version": message["version"], "action": action}))


async def first_computer_turn(url: str, address: str, limit: float) -> float:
    """Seconds to the easy computer's first turn in a new game of someone at `address` (at most `limit`)."""
    person = Client(url, address)
    status, game = await asyncio.to_thread(person.post, "/api/games", {"mode": "computer", "level": "easy"})
    if status != 201:
        raise RuntimeError(f"the person's game was refused: {status} {game}")
    turns: list[float] = []
    stop = asyncio.Event()
    task = asyncio.create_task(play_computer(url, game, turns, stop))
    began = time.perf_counter()
    while not turns and not task.done() and time.perf_counter() - began < limit:
        await asyncio.sleep(0.02)
    stop.set()
    await asyncio.gather(task, return_exceptions=True)
    return turns[0] if turns else float("inf")


async def computer_flood(url: str, seconds: float) -> dict[str, Any]:
    before = await first_computer_turn(url, "10.2.0.2", 60)
    flooder = Client(url, "10.1.0.1")
    await asyncio.to_thread(flooder.post, "/api/accounts", {"name": "Flooder", "password": PASSWORD})
    answers: Counter[int] = Counter()
    until = time.perf_counter() + seconds

    async def ask() -> None:
        while time.perf_counter() < until:
            status, _ = await asyncio.to_thread(flooder.post, "/api/lobby/computer", {"level": "expert"})
            answers[status] += 1

    await asyncio.gather(*(ask() for _ in range(8)))
    first = await first_computer_turn(url, "10.2.0.1", 60)
    return {
        "first_turn_before_flood_s": before,
        "flood_games_made": answers[201],
        "flood_refused": sum(answers.values()) - answers[201],
        "first_turn_after_flood_s": first,
    }


async def login_flood(url: str, seconds: float, flooders: int) -> dict[str, Any]:
    owner = Client(url, "10.3.0.1")
    await asyncio.to_thread(owner.post, "/api/accounts", {"name": "Owner", "password": PASSWORD})  # device cookie
    player = Client(url, "10.4.0.1")
    _, game = await asyncio.to_thread(player.post, "/api/games", {"mode": "computer", "level": "easy"})
    turns: list[float] = []
    stop = asyncio.Event()
    playing = asyncio.create_task(play_computer(url, game, turns, stop))
    logins: list[float] = []
    statuses: Counter[int] = Counter()
    refusals: Counter[int] = Counter()
    until = time.perf_counter() + seconds

    async def flood(index: int) -> None:
        tries = 0
        while time.perf_counter() < until:
            tries += 1
            stranger = Client(url, f"10.9.{index}.{tries % 250 + 1}")
            status, _ = await asyncio.to_thread(
                stranger.post, "/api/session", {"name": "Owner", "password": "wrong!!!!"}
            )
            refusals[status] += 1

    async def log_in() -> None:
        while time.perf_counter() < until:
            began = time.perf_counter()
            status, _ = await asyncio.to_thread(owner.post, "/api/session", {"name": "Owner", "password": PASSWORD})
            logins.append(time.perf_counter() - began)
            statuses[status] += 1
            await asyncio.sleep(1.5)  # a person's pace, within the log-in limit of one address

    await asyncio.gather(log_in(), *(flood(i) for i in range(flooders)))
    stop.set()
    await asyncio.gather(playing, return_exceptions=True)
    return {
        "login_ok": statuses[200],
        "login_tries": sum(statuses.values()),
        "login_median_ms": percentile(logins, 0.5),
        "login_longest_ms": percentile(logins, 1.0),
        "flood_answers": dict(sorted(refusals.items())),
        "computer_turns": len(turns),
        "computer_median_ms": percentile(turns, 0.5),
        "computer_p99_ms": percentile(turns, 0.99),
    }


async def lobby_sockets(url: str, count: int) -> int:
    from websockets.asyncio.client import connect

    opened = []
    try:
        for _ in range(count):
            try:
                opened.append(await connect(f"{url.replace('http', 'ws')}/ws/lobby", open_timeout=10))
            except Exception:
                continue
        return len(opened)
    finally:
        for socket in opened:
            await socket.close()


async def main_async(args: argparse.Namespace) -> dict[str, Any]:
    folder = Path(tempfile.mkdtemp(prefix="timessquare-flood-"))
    server = Process(f"sqlite:///{folder / 'games.sqlite3'}", "server", workers=2, behind_proxy=True)
    try:
        results: dict[str, Any] = await computer_flood(server.url, args.seconds)
        results["processes_after_flood"] = session_processes(server.process.pid)
        results.update(await login_flood(server.url, args.seconds, args.flooders))
        results["lobby_sockets_let_in"] = await lobby_sockets(server.url, args.lobby_sockets)
        server.process.send_signal(signal.SIGKILL)  # the server alone: its workers must leave by themselves
        server.process.wait()
        deadline = time.perf_counter() + 3
        while time.perf_counter() < deadline and session_processes(server.process.pid) > 0:
            await asyncio.sleep(0.1)
        results["processes_after_sigkill"] = session_processes(server.process.pid)
        lines = "".join(server.output).splitlines()
        results["server_log_lines"] = sum(1 for line in lines if " WARNING " in line or " ERROR " in line)
        results["server_tracebacks"] = sum(1 for line in lines if line.startswith("Traceback"))
    finally:
        server.kill()
    results["load_average"] = [round(x, 2) for x in os.getloadavg()]
    return results


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="length of each flood (default 5)")
    parser.add_argument("--flooders", type=int, default=40, help="log-in flooders, each from addresses of its own")
    parser.add_argument("--lobby-sockets", type=int, default=100, help="lobby sockets one address tries to open")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    results = asyncio.run(main_async(args))
    if args.json:
        print(json.dumps(results))
    else:
        for key, value in results.items():
            print(f"{key}: {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

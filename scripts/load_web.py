#!/usr/bin/env python3
"""Load test of the web server: N concurrent games over real WebSockets on loopback, on SQLite and on
PostgreSQL, by players that cost the server's machine as little as they can, so that what it measures is the
server.

For each database and each N it starts `timessquare serve` in a subprocess (a fresh SQLite file, or a
throwaway PostgreSQL cluster with its default durable settings), creates N friend games, and plays both
seats of each from this process. Each player picks a random action among the legal ones the server sent
(no view is read, no search made: the cheapest decision there is) and the messages are read and written
with orjson. When a game ends another starts, so N games are always running. After a warm-up it measures
for a while and prints, per run: actions per second; the median and 99th percentile latency of an action,
from sending it to receiving the message that acknowledges it (which the server sends only after committing
the action to the database); and the server's CPU per action (the server processes' CPU seconds over the
actions), beside the players' own.

    .venv/bin/python scripts/load_web.py                      # 50 and 200 games, SQLite and PostgreSQL
    .venv/bin/python scripts/load_web.py --games 200 --database sqlite --seconds 30
    .venv/bin/python scripts/load_web.py --think 0 --processes 1 2   # saturated, through HAProxy
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import sys
import time
import urllib.request
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson
from server_helpers import Process, WebCluster, throwaway_database

# The limits made for people (messages a second per socket, new games a minute and sockets per address) are
# lifted: here one program on one address plays hundreds of games at full speed.
LIFTED = (
    "socket_rate=1e6, socket_burst=1e6, create_per_minute=0, "
    "socket_limits=SocketLimits(per_address=10**6, unjoined_per_address=10**6)"
)
SERVE = (
    "import sys; from timessquare.web.serve import run_server; from timessquare.web.guards.limits import SocketLimits; "
    f"sys.exit(run_server('127.0.0.1', 0, sys.argv[1], workers=1, {LIFTED}))"
)
SERVE_BEHIND_PROXY = SERVE.replace("workers=1,", "workers=1, proxy_headers=True,")


@dataclass
class Stats:
    updates: bool  # the players asked for `change` messages (what changed) rather than whole states
    pings_only: bool = False  # `--pings`: spectators that only ping, each pong an "action"
    measuring: bool = False
    latencies: list[float] = field(default_factory=list)
    actions: int = 0
    games_finished: int = 0
    errors: list[str] = field(default_factory=list)
    pings: list[float] = field(default_factory=list)
    actions_per_second: float = 0.0
    server_cpu: float = 0.0  # CPU seconds of the server processes while measuring
    server_loop_cpu: float = 0.0  # ... of their event loops' threads alone
    client_cpu: float = 0.0  # ... and of this one (the players)
    elapsed: float = 0.0  # seconds measured


class Server(Process):
    """One server process with the limits made for people lifted (SERVE)."""

    def __init__(self, database_url: str) -> None:
        super().__init__(database_url, "server", serve_code=SERVE)

    def new_game(self) -> dict[str, Any]:
        body = orjson.dumps({"mode": "friend", "seat": "A"})
        request = urllib.request.Request(f"{self.url}/api/games", body, {"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=30) as response:
            game: dict[str, Any] = orjson.loads(response.read())
        return game


class ClusterServer(Server):
    """The same load through HAProxy in front of several server processes on one PostgreSQL (webcluster.py)."""

    def __init__(self, database_url: str, processes: int) -> None:
        self.cluster = WebCluster(database_url, processes, serve_code=SERVE_BEHIND_PROXY)
        self.url = self.cluster.url

    def cpu_seconds(self) -> float:
        return sum(process.cpu_seconds() for process in self.cluster.processes)

    def loop_cpu_seconds(self) -> float:
        return sum(process.loop_cpu_seconds() for process in self.cluster.processes)

    def stop(self) -> None:
        self.cluster.stop()


async def play_seat(
    url: str,
    game_id: str,
    token: str,
    stats: Stats,
    rng: random.Random,
    think: float,
    updates: bool,
    counts_games: bool = False,
) -> None:
    """One seat of a game until it ends: a random legal action at each of its turns. `updates`: join asking for
    `change` messages (only what changed, docs/web-protocol.md), else get a whole `state` after every change;
    either acknowledges an action, and both carry what is read here (version, legal, the end)."""
    from websockets.asyncio.client import connect
    from websockets.exceptions import ConnectionClosed

    sent_version = -1
    sent_at = 0.0
    join: dict[str, Any] = {"v": 1, "type": "join", "token": token, "lang": "en"}
    if updates:
        join["changes"] = True
    async with connect(f"{url.replace('http', 'ws')}/ws/games/{game_id}", max_size=2**22, compression=None) as socket:
        await socket.send(orjson.dumps(join), text=True)
        while True:
            try:
                message = orjson.loads(await socket.recv(decode=False))  # bytes: no decoding to str first
            except ConnectionClosed:
                return
            kind = message["type"]
            if kind == "error":
                stats.errors.append(message["code"])
                return
            if kind != "state" and kind != "change":
                continue
            version = message["version"]
            if sent_version >= 0 and version > sent_version:
                if stats.measuring:
                    stats.latencies.append(time.perf_counter() - sent_at)
                    stats.actions += 1
                sent_version = -1
            if message.get("over"):
                if counts_games and stats.measuring:  # one of the two seats counts the game
                    stats.games_finished += 1
                return
            legal = message.get("legal")
            if legal and sent_version < 0:
                action = rng.choice(legal)
                if think > 0:  # a pause before acting, uniform in [0, 2 x think]: games do not all move at once
                    await asyncio.sleep(rng.uniform(0, 2 * think))
                sent_version, sent_at = version, time.perf_counter()
                move = {"v": 1, "type": "action", "version": version, "action": action}
                await socket.send(orjson.dumps(move), text=True)


@asynccontextmanager
async def spectator(url: str, game_id: str) -> AsyncIterator[Any]:
    """A socket joined to a game as a spectator (a socket that joins no game is closed after a few seconds)."""
    from websockets.asyncio.client import connect

    async with connect(f"{url.replace('http', 'ws')}/ws/games/{game_id}", compression=None) as socket:
        await socket.send(orjson.dumps({"v": 1, "type": "join", "token": None, "lang": "en"}), text=True)
        yield socket


PING = orjson.dumps({"v": 1, "type": "ping"})


async def ping(socket: Any) -> float:
    """One ping's round trip in seconds (the messages that come before its pong are skipped)."""
    began = time.perf_counter()
    await socket.send(PING, text=True)
    while orjson.loads(await socket.recv(decode=False))["type"] != "pong":
        pass
    return time.perf_counter() - began


async def probe(url: str, game_id: str, stats: Stats, stop: asyncio.Event) -> None:
    """A spectator that pings the server every 50 ms: the round trip of a message that touches no database,
    to tell the server's own delays from the commits'."""
    async with spectator(url, game_id) as socket:
        while not stop.is_set():
            seconds = await ping(socket)
            if stats.measuring:
                stats.pings.append(seconds)
            await asyncio.sleep(0.05)


async def keep_pinging(server: Server, stats: Stats, rng: random.Random, stop: asyncio.Event, think: float) -> None:
    """`--pings`: one of the N slots as two spectators of a game that only ping it, each after a pause as a player's
    (`think`): a message in and one out through the whole socket path, with no game and no database behind it.
    Each pong counts as an action."""
    game = await asyncio.to_thread(server.new_game)

    async def watch(pace: random.Random) -> None:
        async with spectator(server.url, game["id"]) as socket:
            while not stop.is_set():
                await asyncio.sleep(pace.uniform(0, 2 * think))
                seconds = await ping(socket)
                if stats.measuring:
                    stats.latencies.append(seconds)
                    stats.actions += 1

    await asyncio.gather(watch(random.Random(rng.random())), watch(random.Random(rng.random())))


async def keep_playing(
    server: Server, stats: Stats, rng: random.Random, stop: asyncio.Event, think: float, updates: bool
) -> None:
    """One of the N game slots: play games one after another until told to stop."""
    while not stop.is_set():
        game = await asyncio.to_thread(server.new_game)
        invite = game["invite"].split("#t=")[1]
        await asyncio.gather(
            play_seat(server.url, game["id"], game["token"], stats, random.Random(rng.random()), think, updates, True),
            play_seat(server.url, game["id"], invite, stats, random.Random(rng.random()), think, updates),
        )


async def measure(
    server: Server, games: int, warmup: float, seconds: float, think: float, updates: bool, pings: bool = False
) -> Stats:
    stats = Stats(updates=updates, pings_only=pings)
    stop = asyncio.Event()
    rng = random.Random(games)
    slots = [
        asyncio.create_task(
            keep_pinging(server, stats, rng, stop, think)
            if pings
            else keep_playing(server, stats, rng, stop, think, updates)
        )
        for _ in range(games)
    ]
    probe_game = await asyncio.to_thread(server.new_game)
    slots.append(asyncio.create_task(probe(server.url, probe_game["id"], stats, stop)))
    await asyncio.sleep(warmup)  # all games connected and under way
    stats.measuring = True
    began, server_cpu, client_cpu = time.perf_counter(), server.cpu_seconds(), time.process_time()
    loop_cpu = server.loop_cpu_seconds()
    await asyncio.sleep(seconds)
    stats.measuring = False
    stats.elapsed = elapsed = time.perf_counter() - began
    stats.server_loop_cpu = server.loop_cpu_seconds() - loop_cpu  # read inside the process's: never more
    stats.server_cpu = server.cpu_seconds() - server_cpu
    stats.client_cpu = time.process_time() - client_cpu
    stop.set()
    for slot in slots:
        slot.cancel()
    await asyncio.gather(*slots, return_exceptions=True)
    stats.actions_per_second = stats.actions / elapsed
    return stats


def percentile(values: list[float], q: float) -> float:
    """The q-quantile in milliseconds (nearest rank)."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    return 1000 * ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def per_action_ms(cpu_seconds: float, actions: int) -> float:
    return 1000 * cpu_seconds / actions if actions else float("nan")


def report(database: str, games: int, think: float, stats: Stats, processes: int | None = None) -> dict[str, Any]:
    p50, p99 = percentile(stats.latencies, 0.5), percentile(stats.latencies, 0.99)
    ping50, ping99 = percentile(stats.pings, 0.5), percentile(stats.pings, 0.99)
    server_ms, client_ms = (
        per_action_ms(stats.server_cpu, stats.actions),
        per_action_ms(stats.client_cpu, stats.actions),
    )
    row = {
        "database": database,
        "processes": processes or 1,
        "behind_haproxy": processes is not None,
        "load_average": round(os.getloadavg()[0], 2),
        "games": games,
        "think_s": think,
        "updates": stats.updates,
        "pings_only": stats.pings_only,
        "actions_per_second": round(stats.actions_per_second, 1),
        "median_ms": round(p50, 2),
        "p99_ms": round(p99, 2),
        "ping_median_ms": round(ping50, 2),
        "ping_p99_ms": round(ping99, 2),
        "actions": stats.actions,
        "games_finished": stats.games_finished,
        "errors": len(stats.errors),
        "server_cpu_ms_per_action": round(server_ms, 3),
        "server_loop_cpu_ms_per_action": round(per_action_ms(stats.server_loop_cpu, stats.actions), 3),
        "client_cpu_ms_per_action": round(client_ms, 3),
        "server_cores": round(stats.server_cpu / stats.elapsed, 2) if stats.elapsed else 0.0,
        "client_cores": round(stats.client_cpu / stats.elapsed, 2) if stats.elapsed else 0.0,
    }
    where = f"{database} x{processes} via HAProxy" if processes is not None else database
    where += "" if stats.updates else " (whole states)"
    where += " (pings only)" if stats.pings_only else ""
    print(
        f"{where:<10} {games:>4} games, think {think:.2f} s: {row['actions_per_second']:>7.1f} actions/s  "
        f"p50 {row['median_ms']:>7.2f} ms  p99 {row['p99_ms']:>7.2f} ms  "
        f"server CPU {server_ms:.3f} ms/action ({row['server_cores']:.2f} cores; event loop "
        f"{row['server_loop_cpu_ms_per_action']:.3f})  "
        f"(players {client_ms:.3f} ms/action; ping p50 {ping50:.2f} ms, p99 {ping99:.2f} ms; "
        f"{stats.actions} actions, {stats.games_finished} games finished, {len(stats.errors)} errors; "
        f"load average {row['load_average']})",
        flush=True,
    )
    return row


def compare_processes(rows: list[dict[str, Any]]) -> None:
    """One line per number of games: the server's CPU per action and actions/s by number of processes."""
    behind = [r for r in rows if r["behind_haproxy"]]
    for games in sorted({r["games"] for r in behind}):
        runs = [r for r in behind if r["games"] == games]
        if len(runs) > 1:
            figures = ", ".join(
                f"x{r['processes']}: {r['server_cpu_ms_per_action']:.3f} ms/action, "
                f"{r['actions_per_second']:.1f} actions/s"
                for r in runs
            )
            print(f"server CPU per action by processes, {games} games: {figures}", flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, nargs="+", default=[50, 200], help="concurrent games (default: 50 200)")
    parser.add_argument("--database", choices=["sqlite", "postgresql", "both"], default="both")
    parser.add_argument("--seconds", type=float, default=20.0, help="measuring time per run (default 20)")
    parser.add_argument("--warmup", type=float, default=5.0, help="time before measuring (default 5)")
    parser.add_argument(
        "--think",
        type=float,
        default=0.5,
        help="mean pause of a player before each action, in seconds (default 0.5; 0: as fast as possible, "
        "which measures the most actions a second, each action then waiting for all the others)",
    )
    parser.add_argument(
        "--sqlite-synchronous",
        choices=["full", "normal"],
        default="full",
        help="SQLite's flush on commit (default full: every commit on disk; normal: survives a crash of the "
        "server, not a power cut)",
    )
    parser.add_argument(
        "--processes",
        type=int,
        nargs="+",
        help="run the load through HAProxy in front of this many server processes on one PostgreSQL, for each "
        "number given (e.g. --processes 1 2); the --database option is then ignored",
    )
    parser.add_argument(
        "--states",
        action="store_true",
        help="players join without asking for changes, so every change sends each a whole state (protocol 1.0), "
        "to compare with the default: changes, as the bot connection reads them",
    )
    parser.add_argument(
        "--pings",
        action="store_true",
        help="instead of playing, two spectators per game slot only ping, at the players' pace: the cost of a "
        "message in and one out through the socket path alone, to compare with an action's (one in, two out, "
        "and a commit)",
    )
    parser.add_argument("--json", help="also write the figures to this JSON file")
    args = parser.parse_args()
    databases = ["sqlite", "postgresql"] if args.database == "both" else [args.database]
    rows = []
    for processes in args.processes or []:
        for games in args.games:
            with throwaway_database("postgresql") as url:
                server = ClusterServer(url, processes)
                try:
                    stats = asyncio.run(
                        measure(server, games, args.warmup, args.seconds, args.think, not args.states, args.pings)
                    )
                finally:
                    server.stop()
            rows.append(report("postgresql", games, args.think, stats, processes))
    if args.processes:
        compare_processes(rows)
        databases = []
    for database in databases:
        for games in args.games:
            with throwaway_database(database, f"?synchronous={args.sqlite_synchronous}") as url:
                server = Server(url)
                try:
                    stats = asyncio.run(
                        measure(server, games, args.warmup, args.seconds, args.think, not args.states, args.pings)
                    )
                finally:
                    server.stop()
            rows.append(report(database, games, args.think, stats))
    if args.json:
        Path(args.json).write_bytes(orjson.dumps(rows, option=orjson.OPT_INDENT_2) + b"\n")
    return 1 if any(r["errors"] for r in rows) else 0


if __name__ == "__main__":
    sys.exit(main())

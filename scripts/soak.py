#!/usr/bin/env python3
"""A soak of the web server: a mixed load for a bounded time, on loopback only, on one process (SQLite) or on
the cluster (PostgreSQL, N processes behind HAProxy), with the limits made for people left on.

The load: friend games (two sockets, random legal actions after a short pause), games against the easy
computer, accounts that play rated lobby games with each other (a challenge taken, chat, now and then a draw
offer, then a rematch asked by both), and misbehaving clients (garbage frames, stale versions, floods). Each
simulated person comes from an address of its own (the server runs `--behind-proxy` and trusts
`X-Forwarded-For` from loopback), so each limit counts one person.

Every minute it prints: the actions acknowledged, the errors by code (those the misbehaving clients asked for
apart), the 99th percentile of an action's round trip, the memory (RSS) of every server process and of each
one's worker processes, the server processes' open files, the database's size and how many finished games
wait for their analysis. At the end it fetches the
record of every game played, replays it with the rules engine, and checks that every move a client saw
acknowledged is in it, in order; the exit status is 1 if anything was lost or unexpected.

    .venv/bin/python scripts/soak.py --minutes 3                   # one process, SQLite
    .venv/bin/python scripts/soak.py --minutes 3 --processes 2     # two processes, PostgreSQL, HAProxy
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import sys
import time
import urllib.error
import urllib.request
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from server_helpers import Process, WebCluster, throwaway_database

EXPECTED = {"bad_message", "stale_version", "rate_limited"}  # what the misbehaving clients ask for
THINK = 0.4  # a person's pause before an action, on average (seconds)


@dataclass
class Tally:
    actions: int = 0
    latencies: list[float] = field(default_factory=list)
    errors: Counter[str] = field(default_factory=Counter)
    expected: Counter[str] = field(default_factory=Counter)
    acknowledged: dict[str, list[tuple[int, str]]] = field(default_factory=dict)  # game -> (version, action)
    tokens: dict[str, str] = field(default_factory=dict)  # game -> a seat's token (to end it at the end)
    addresses: int = 0
    out_of_step: int = 0  # whole states nobody asked for: a change a socket missed

    def address(self) -> str:
        self.addresses += 1
        return f"10.{self.addresses // 65536 % 256}.{self.addresses // 256 % 256}.{self.addresses % 256}"


class Person:
    """One person: an address of its own, and a login cookie once signed up."""

    def __init__(self, url: str, tally: Tally) -> None:
        self.url, self.tally = url, tally
        self.address = tally.address()
        self.cookie = ""
        self.name = ""

    def _call(self, method: str, path: str, body: dict[str, Any] | None) -> tuple[int, Any]:
        data = None if body is None else json.dumps(body).encode()
        headers = {"Content-Type": "application/json", "X-Forwarded-For": self.address}
        if self.cookie:
            headers["Cookie"] = self.cookie
        request = urllib.request.Request(self.url + path, data=data, method=method, headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=30) as answer:
                cookie = answer.headers.get("Set-Cookie")
                if cookie and "ts_login=" in cookie:
                    self.cookie = cookie.split(";")[0]
                text = answer.read()
                return answer.status, json.loads(text) if text else None
        except urllib.error.HTTPError as e:
            text = e.read()
            return e.code, json.loads(text) if text else None

    async def call(self, method: str, path: str, body: dict[str, Any] | None = None) -> tuple[int, Any]:
        status, answer = await asyncio.to_thread(self._call, method, path, body)
        if status >= 400:
            code = (answer or {}).get("error", {}).get("code", str(status))
            self.tally.errors[f"http {code}"] += 1
        return status, answer

    async def sign_up(self, name: str) -> None:
        self.name = name
        status, _ = await self.call("POST", "/api/accounts", {"name": name, "password": "a soak password"})
        if status != 201:
            raise RuntimeError(f"could not sign up {name}: {status}")


async def play(
    person: Person, game_id: str, token: str, rng: random.Random, stop: asyncio.Event, chat: float = 0.0
) -> dict[str, Any] | None:
    """One seat until its game ends (or the soak stops), following the game by `change` messages as the page
    and the bot do: a random legal action after a pause; with `chat`, a chat line that often per action. A
    whole `state` that it did not ask for (join, `sync`) and that neither a computer's thinking nor an error
    just before (the game read back after a failed write) explains is counted as out of step: the server sends
    one only to a socket that missed a change. The last state."""
    from websockets.asyncio.client import connect
    from websockets.exceptions import ConnectionClosed

    from timessquare.actions import notation
    from timessquare.web.online.bot import followed

    tally, acked = person.tally, person.tally.acknowledged.setdefault(game_id, [])
    tally.tokens[game_id] = token
    url = f"{person.url.replace('http', 'ws')}/ws/games/{game_id}"
    headers = {"X-Forwarded-For": person.address}
    sent: tuple[int, str, float] | None = None
    state: dict[str, Any] | None = None
    asked = 1  # whole states asked for and not yet come: the join's, then one a sync
    excused = False  # an error came: the server may read the game back and send it whole by itself
    try:
        async with connect(url, additional_headers=headers, max_size=2**22) as socket:
            join = {"v": 1, "type": "join", "token": token, "lang": "en", "changes": True}
            await socket.send(json.dumps(join))
            while not stop.is_set():
                try:
                    message = json.loads(await asyncio.wait_for(socket.recv(), 5))
                except TimeoutError:
                    if sent is None:
                        asked += 1
                        await socket.send(json.dumps({"v": 1, "type": "sync"}))
                    continue
                if message["type"] == "error":
                    tally.errors[message["code"]] += 1
                    sent, excused, asked = None, True, asked + 1
                    await asyncio.sleep(0.2)  # as the page does, a moment before asking again
                    await socket.send(json.dumps({"v": 1, "type": "sync"}))
                    continue
                if message["type"] == "state":
                    thinking = message.get("thinking") or (state or {}).get("thinking")
                    if asked:
                        asked -= 1
                    elif excused:
                        excused = False
                    elif not thinking:
                        tally.out_of_step += 1
                elif message["type"] == "change" and state is not None:
                    message = {**followed(state, message), "thinking": message.get("thinking")}
                else:
                    continue
                state = message
                if sent is not None and message["version"] > sent[0]:
                    acked.append(sent[:2])  # the version it was made on orders it among both seats' actions
                    tally.actions += 1
                    tally.latencies.append(time.perf_counter() - sent[2])
                    sent = None
                if message["over"]:
                    return state
                if message["legal"] and sent is None:
                    await asyncio.sleep(rng.uniform(0, 2 * THINK))
                    if chat and rng.random() < chat:
                        await socket.send(json.dumps({"v": 1, "type": "chat", "text": "good move"}))
                    action = rng.choice(message["legal"])
                    move = action if isinstance(action, str) else notation(action)  # a change's legal: ids
                    sent = (message["version"], move, time.perf_counter())
                    await socket.send(json.dumps({"v": 1, "type": "action", "version": sent[0], "action": action}))
    except (ConnectionClosed, OSError) as e:
        tally.errors[f"socket {type(e).__name__}"] += 1
    return state


async def friend_games(url: str, tally: Tally, rng: random.Random, stop: asyncio.Event) -> None:
    while not stop.is_set():
        host, guest = Person(url, tally), Person(url, tally)
        status, game = await host.call("POST", "/api/games", {"mode": "friend", "seat": "A"})
        if status != 201:
            await asyncio.sleep(5)
            continue
        invite = game["invite"].split("#t=")[1]
        await asyncio.gather(
            play(host, game["id"], game["token"], random.Random(rng.random()), stop),
            play(guest, game["id"], invite, random.Random(rng.random()), stop),
        )


async def computer_games(url: str, tally: Tally, rng: random.Random, stop: asyncio.Event) -> None:
    while not stop.is_set():
        person = Person(url, tally)
        status, game = await person.call("POST", "/api/games", {"mode": "computer", "level": "easy", "seat": "A"})
        if status != 201:
            await asyncio.sleep(5)
            continue
        await play(person, game["id"], game["token"], random.Random(rng.random()), stop)


async def rated_pair(url: str, tally: Tally, rng: random.Random, stop: asyncio.Event, n: int) -> None:
    """Two accounts: a rated 5+3 challenge taken, chat and a draw offer now and then, then a rematch asked by
    both (twice), then a new challenge."""
    alice, bob = Person(url, tally), Person(url, tally)
    tag = f"{os.getpid() % 1000}{n}"
    await alice.sign_up(f"SoakA{tag}")
    await bob.sign_up(f"SoakB{tag}")
    while not stop.is_set():
        status, posted = await alice.call("POST", "/api/lobby", {"control": "5+3", "rated": True})
        if status != 201:
            await asyncio.sleep(5)
            continue
        status, game = await bob.call("POST", f"/api/lobby/{posted['challenge']['id']}/accept", {})
        if status != 201:
            continue
        game_id = game["id"]
        for _ in range(3):  # the game and two rematches
            # each account's own seat and token, asked for by that account: a rematch's answer is one
            # account's link only (keying both by it once left one seat unplayed until its clock ran out)
            seats = [(p, (await p.call("GET", f"/api/games/{game_id}/seat"))[1]) for p in (alice, bob)]
            tokens = {seat["seat"]: (p, seat["token"]) for p, seat in seats}
            if len(tokens) != 2:
                tally.errors["both accounts given one seat"] += 1
                break
            ends = await asyncio.gather(
                *(play(p, game_id, t, random.Random(rng.random()), stop, chat=0.05) for p, t in tokens.values())
            )
            if stop.is_set() or any(end is None or not end["over"] for end in ends):
                break
            answers = [await p.call("POST", f"/api/games/{game_id}/rematch", {"token": t}) for p, t in tokens.values()]
            again = answers[-1][1]
            if [code for code, _ in answers] != [202, 201]:  # the first asks, the second's request starts it
                tally.errors["rematch did not start"] += 1
                break
            game_id = again["id"]


async def misbehaving(url: str, tally: Tally, rng: random.Random, stop: asyncio.Event) -> None:
    """Garbage, stale versions and a short flood on a game of its own, again and again."""
    from websockets.asyncio.client import connect
    from websockets.exceptions import ConnectionClosed

    while not stop.is_set():
        person = Person(url, tally)
        status, game = await person.call("POST", "/api/games", {"mode": "friend", "seat": "A"})
        if status != 201:
            await asyncio.sleep(5)
            continue
        try:
            ws = f"{url.replace('http', 'ws')}/ws/games/{game['id']}"
            async with connect(ws, additional_headers={"X-Forwarded-For": person.address}) as socket:
                await socket.send(json.dumps({"v": 1, "type": "join", "token": game["token"], "lang": "en"}))
                for frame in ("not json", '{"v": 1, "type": "nothing"}', '{"v": 1, "type": "action", "version": -5}'):
                    await socket.send(frame)
                for _ in range(60):  # a flood: past the socket's limit
                    await socket.send(json.dumps({"v": 1, "type": "ping"}))
                deadline = time.monotonic() + 3
                while time.monotonic() < deadline:
                    try:
                        message = json.loads(await asyncio.wait_for(socket.recv(), 1))
                    except TimeoutError:
                        break
                    if message["type"] == "error":
                        (tally.expected if message["code"] in EXPECTED else tally.errors)[message["code"]] += 1
        except (ConnectionClosed, OSError):
            pass
        await asyncio.sleep(rng.uniform(2, 6))


def rss_mb(pid: int) -> float:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def children(pid: int) -> list[int]:
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.append(int(stat.parent.name))
    return found


def descendants(pid: int) -> list[int]:
    out, todo = [], children(pid)
    while todo:
        child = todo.pop()
        out.append(child)
        todo.extend(children(child))
    return out


def open_files(pid: int) -> int:
    try:
        return len(os.listdir(f"/proc/{pid}/fd"))
    except OSError:
        return 0


def database_mb(url: str) -> float:
    if url.startswith("sqlite:///"):
        path = Path(url.removeprefix("sqlite:///").split("?")[0])
        return sum(p.stat().st_size for p in path.parent.glob(path.name + "*")) / 1e6
    import psycopg

    with psycopg.connect(url.replace("postgresql://", "postgresql://", 1)) as c:
        row = c.execute("SELECT pg_database_size(current_database())").fetchone()
    return float(row[0]) / 1e6 if row else 0.0


def analyses_waiting(url: str) -> int:
    """Finished games whose analysis has not been stored yet: how far behind the servers' analysts are."""
    from timessquare.web.storage import make_engine
    from timessquare.web.storage.analyses import AnalysisStore

    engine = make_engine(url)
    try:
        return AnalysisStore(engine).waiting()
    finally:
        engine.dispose()


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return 1000 * ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def minute_line(minute: int, tally: Tally, since: tuple[int, int], servers: list[Process], url: str) -> dict[str, Any]:
    actions = tally.actions - since[0]
    latencies = tally.latencies[since[1] :]
    memory = {}
    for server in servers:
        pid = server.process.pid
        workers = descendants(pid)
        memory[server.name] = {"server_mb": round(rss_mb(pid), 1), "workers_mb": [round(rss_mb(w), 1) for w in workers]}
    row = {
        "minute": minute,
        "actions": actions,
        "p99_ms": round(percentile(latencies, 0.99), 1),
        "errors": dict(tally.errors),
        "expected_refusals": dict(tally.expected),
        "out_of_step": tally.out_of_step,
        "memory": memory,
        "open_files": {s.name: open_files(s.process.pid) for s in servers},
        "database_mb": round(database_mb(url), 2),
        "analyses_waiting": analyses_waiting(url),
        "load_average": round(os.getloadavg()[0], 2),
    }
    print(json.dumps(row), flush=True)
    return row


def fetch_record(url: str, game_id: str) -> tuple[int, Any]:
    request = urllib.request.Request(f"{url}/api/games/{game_id}/record", headers={"X-Forwarded-For": "10.255.0.1"})
    for attempt in range(10):
        try:
            with urllib.request.urlopen(request, timeout=30) as answer:
                return 200, json.load(answer)
        except urllib.error.HTTPError as e:
            if e.code != 429 or attempt == 9:
                return e.code, None
            time.sleep(1)
    return 429, None


async def resign(url: str, game_id: str, token: str) -> None:
    """End a game the soak left running (its record is served once it is over)."""
    from websockets.asyncio.client import connect

    async with connect(f"{url.replace('http', 'ws')}/ws/games/{game_id}") as socket:
        await socket.send(json.dumps({"v": 1, "type": "join", "token": token, "lang": "en"}))
        await socket.send(json.dumps({"v": 1, "type": "resign"}))
        while True:
            message = json.loads(await asyncio.wait_for(socket.recv(), 30))
            if message["type"] == "error" or (message["type"] == "state" and message["over"]):
                return


def check_records(url: str, tally: Tally) -> tuple[int, list[str]]:
    """Replay every game's record; every acknowledged action in it, in order. (games checked, problems)"""
    from timessquare.record import replay

    problems = []
    for game_id, acked in tally.acknowledged.items():
        status, record = fetch_record(url, game_id)
        if status == 409:  # still running: resigned, then read
            asyncio.run(resign(url, game_id, tally.tokens[game_id]))
            status, record = fetch_record(url, game_id)
        if record is None:
            problems.append(f"{game_id}: record {status}")
            continue
        try:
            replay(record)
        except Exception as e:
            problems.append(f"{game_id}: does not replay: {e}")
        moves, at = record["moves"], 0
        for _, action in sorted(acked):
            while at < len(moves) and moves[at] != action:
                at += 1
            if at == len(moves):
                problems.append(f"{game_id}: the acknowledged {action!r} is not in the record")
                break
            at += 1
    return len(tally.acknowledged), problems


async def soak(url: str, servers: list[Process], database: str, args: argparse.Namespace) -> dict[str, Any]:
    tally, stop, rng = Tally(), asyncio.Event(), random.Random(args.seed)
    tasks = [
        asyncio.create_task(friend_games(url, tally, random.Random(rng.random()), stop)) for _ in range(args.friend)
    ]
    tasks += [
        asyncio.create_task(computer_games(url, tally, random.Random(rng.random()), stop)) for _ in range(args.computer)
    ]
    tasks += [
        asyncio.create_task(rated_pair(url, tally, random.Random(rng.random()), stop, n)) for n in range(args.pairs)
    ]
    tasks += [
        asyncio.create_task(misbehaving(url, tally, random.Random(rng.random()), stop)) for _ in range(args.misbehaving)
    ]
    rows, since = [], (0, 0)
    for minute in range(1, args.minutes + 1):
        await asyncio.sleep(args.interval)
        rows.append(await asyncio.to_thread(minute_line, minute, tally, since, servers, database))
        since = (tally.actions, len(tally.latencies))
    stop.set()
    done, pending = await asyncio.wait(tasks, timeout=30)
    for task in pending:
        task.cancel()
    failed = [repr(t.exception()) for t in done if not t.cancelled() and t.exception() is not None]
    games, problems = await asyncio.to_thread(check_records, url, tally)
    summary = {
        "minutes": args.minutes,
        "processes": args.processes,
        "actions": tally.actions,
        "p99_ms": round(percentile(tally.latencies, 0.99), 1),
        "errors": dict(tally.errors),
        "expected_refusals": dict(tally.expected),
        "out_of_step": tally.out_of_step,
        "games_checked": games,
        "lost_or_unreplayable": problems[:20],
        "client_failures": failed[:5],
        "growth_mb_per_hour": growth(rows, args.interval),
        "rows": rows,
    }
    print(json.dumps({k: v for k, v in summary.items() if k != "rows"}), flush=True)
    return summary


SETTLING_MINUTES = 10  # caches fill and pools start in the first minutes: growth is measured after them


def growth(rows: list[dict[str, Any]], interval: float = 60.0) -> dict[str, float | None]:
    """Each process's memory growth in MB an hour after its first SETTLING_MINUTES (a least-squares line
    through the minutes' RSS; a 'minute' is `interval` seconds), by name: `s1`, `s1 worker 1`...; None with
    fewer than 5 minutes to fit."""
    series: dict[str, list[tuple[float, float]]] = {}
    for row in rows:
        if row["minute"] <= SETTLING_MINUTES:
            continue
        for name, memory in row["memory"].items():
            series.setdefault(name, []).append((row["minute"], memory["server_mb"]))
            for n, mb in enumerate(memory["workers_mb"], 1):
                series.setdefault(f"{name} worker {n}", []).append((row["minute"], mb))
    slopes: dict[str, float | None] = {}
    for name, points in series.items():
        if len(points) < 5:
            slopes[name] = None
            continue
        mx = sum(x for x, _ in points) / len(points)
        my = sum(y for _, y in points) / len(points)
        slope = sum((x - mx) * (y - my) for x, y in points) / sum((x - mx) ** 2 for x, _ in points)
        slopes[name] = round(3600 / interval * slope, 1)
    return slopes


def tracebacks(servers: list[Process]) -> list[str]:
    """The servers' ERROR lines, each with the exception its traceback ended on (the last indented-free line
    before the next log line)."""
    found = []
    for server in servers:
        lines = [line.rstrip("\n") for line in server.output]
        for at, line in enumerate(lines):
            if " ERROR " not in line and not line.startswith("Traceback"):
                continue
            if line.startswith("Traceback") and at > 0 and " ERROR " in lines[at - 1]:
                continue  # told with the ERROR line before it
            raised = ""
            for after in lines[at + 1 :]:
                if after[:4].isdigit() and " " in after[:30]:  # the next log line: "2026-11-29 03:56:41,899 ..."
                    break
                if after and not after.startswith((" ", "Traceback", "The above", "During handling")):
                    raised = after
            found.append(f"{server.name}: {line.strip()}" + (f" -> {raised.strip()}" if raised else ""))
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=int, default=3, help="how long (default 3; bounded: 1 to 120)")
    parser.add_argument(
        "--processes", type=int, default=1, help="1: one process on SQLite; 2 or more: HAProxy + PostgreSQL"
    )
    parser.add_argument("--friend", type=int, default=20, help="friend games played at once (default 20)")
    parser.add_argument("--computer", type=int, default=6, help="games against the easy computer at once (default 6)")
    parser.add_argument("--pairs", type=int, default=5, help="pairs of accounts playing rated lobby games (default 5)")
    parser.add_argument("--misbehaving", type=int, default=3, help="misbehaving clients (default 3)")
    parser.add_argument("--workers", type=int, default=1, help="worker processes of each server (default 1)")
    parser.add_argument("--interval", type=float, default=60.0, help="seconds of a report's 'minute' (default 60)")
    parser.add_argument("--seed", type=int, default=31)
    parser.add_argument("--json", help="also write every minute's figures and the summary to this JSON file")
    args = parser.parse_args()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))  # stopped: the servers and PostgreSQL stop too
    if not 1 <= args.minutes <= 120 or not 1 <= args.processes <= 4 or not 1 <= args.interval <= 60:
        parser.error("--minutes from 1 to 120, --processes from 1 to 4, --interval from 1 to 60")
    servers: list[Process] = []
    with throwaway_database("sqlite" if args.processes == 1 else "postgresql") as database:
        cluster = None
        try:
            if args.processes == 1:
                servers = [Process(database, "s1", workers=args.workers)]
                url = servers[0].url
            else:
                cluster = WebCluster(database, args.processes, args.workers)
                servers, url = cluster.processes, cluster.url
            summary = asyncio.run(soak(url, servers, database, args))
        finally:
            if cluster is not None:
                cluster.stop()
            else:
                for server in servers:
                    server.stop()
    # Read once the servers stopped: their whole output, shutdown included.
    summary["tracebacks"] = tracebacks(servers)[:20]
    summary["shutdown_warnings"] = [line.strip() for s in servers for line in s.output if "leaked" in line][:5]
    print(json.dumps({"tracebacks": summary["tracebacks"], "shutdown_warnings": summary["shutdown_warnings"]}))
    if args.json:
        Path(args.json).write_text(json.dumps(summary, indent=2) + "\n")
    bad = (
        summary["lost_or_unreplayable"]
        or summary["tracebacks"]
        or summary["client_failures"]
        or summary["errors"]
        or summary["out_of_step"]
    )
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())

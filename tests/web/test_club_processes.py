"""The club on two server processes (issue 31): two `timessquare serve` processes on one PostgreSQL, each of two
accounts on a different process (its requests and its sockets sent straight to it, as HAProxy's balancing
allows). Who is online, the lobby chat, a draw offer, the rematch of a rated game asked on each process,
quick seeks made at the same moment, and the operator's mute and ban all cross from one process to the other:
none of them did while that state lived in each process's memory."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from conftest import fresh_pg_database
from pgcluster import PostgresCluster
from webcluster import Process

pytest.importorskip("websockets")
from websockets.asyncio.client import ClientConnection, connect

WAIT = 10.0  # seconds a crossing may take before the test fails (each takes well under one)


class Cluster:
    def __init__(self, url: str) -> None:
        self.database_url = url
        self.processes = [Process(url, "s1"), Process(url, "s2")]  # one after another: the first migrates

    def stop(self) -> None:
        for process in self.processes:
            process.stop()


@pytest.fixture(scope="module")
def two(pg_cluster: PostgresCluster) -> Iterator[Cluster]:
    running = Cluster(fresh_pg_database(pg_cluster))
    try:
        yield running
    finally:
        running.stop()


class Account:
    """An account whose every request and socket goes to one process."""

    count = 0

    def __init__(self, process: Process, name: str) -> None:
        Account.count += 1
        self.address = f"10.31.0.{Account.count}"  # a household of its own (the processes trust the proxy's word)
        self.process = process
        self.name = f"{name}{Account.count}"
        self.cookie = ""
        status, _, headers = self.call("POST", "/api/accounts", {"name": self.name, "password": "a long password"})
        assert status == 201
        self.cookie = headers["set-cookie"].split(";")[0]

    def call(self, method: str, path: str, body: dict[str, Any] | None = None) -> tuple[int, Any, Any]:
        data = None if body is None and method == "GET" else json.dumps(body or {}).encode()
        request = urllib.request.Request(self.process.url + path, data=data, method=method)
        request.add_header("content-type", "application/json")
        request.add_header("x-forwarded-for", self.address)
        if self.cookie:
            request.add_header("cookie", self.cookie)
        try:
            with urllib.request.urlopen(request, timeout=20) as answer:
                text = answer.read()
                return answer.status, json.loads(text) if text else None, answer.headers
        except urllib.error.HTTPError as e:
            return e.code, json.loads(e.read() or b"null"), e.headers

    async def lobby(self) -> ClientConnection:
        url = self.process.url.replace("http", "ws") + "/ws/lobby"
        return await connect(url, additional_headers={"Cookie": self.cookie, "X-Forwarded-For": self.address})

    async def seat(self, game_id: str, token: str, process: Process | None = None) -> ClientConnection:
        url = (process or self.process).url.replace("http", "ws") + f"/ws/games/{game_id}"
        socket = await connect(url, additional_headers={"X-Forwarded-For": self.address})
        await socket.send(json.dumps({"v": 1, "type": "join", "token": token, "lang": "en"}))
        await until(socket, lambda m: m["type"] == "state")
        return socket


async def until(socket: ClientConnection, predicate: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    async def look() -> dict[str, Any]:
        while True:
            message: dict[str, Any] = json.loads(await socket.recv())
            if predicate(message):
                return message

    return await asyncio.wait_for(look(), WAIT)


def game_of(alice: Account, bob: Account, rated: bool = True) -> dict[str, Any]:
    """Alice's challenge (on her process) taken by Bob (on his): the game and both seats' tokens."""
    status, posted, _ = alice.call("POST", "/api/lobby", {"control": "10+5", "rated": rated})
    assert status == 201, posted
    status, game, _ = bob.call("POST", f"/api/lobby/{posted['challenge']['id']}/accept")
    assert status == 201, game
    status, hers, _ = alice.call("GET", f"/api/games/{game['id']}/seat")
    return {"id": game["id"], "tokens": {game["seat"]: game["token"], hers["seat"]: hers["token"]}, "bob": game["seat"]}


def present(message: dict[str, Any]) -> set[str]:
    return {p["name"] for p in message.get("present", [])} if message["type"] == "lobby" else set()


def test_two_accounts_on_two_processes_see_each_other_online_and_chat_in_the_lobby(two: Cluster) -> None:
    s1, s2 = two.processes
    alice, bob = Account(s1, "Alice"), Account(s2, "Bob")

    async def run() -> None:
        hers = await alice.lobby()
        await until(hers, lambda m: alice.name in present(m))
        his = await bob.lobby()
        await until(his, lambda m: {alice.name, bob.name} <= present(m))  # Alice, on the other process
        await until(hers, lambda m: bob.name in present(m))  # and Bob reaches hers
        await his.send(json.dumps({"v": 1, "type": "chat", "text": "a 10+5, anyone?"}))
        said = await until(hers, lambda m: m["type"] == "chat")
        assert (said["name"], said["text"]) == (bob.name, "a 10+5, anyone?")
        await his.close()
        await until(hers, lambda m: m["type"] == "lobby" and bob.name not in present(m))  # gone, there too
        await hers.close()

    asyncio.run(run())


def test_a_draw_offer_and_the_rematch_asked_on_each_process_cross(two: Cluster) -> None:
    s1, s2 = two.processes
    alice, bob = Account(s1, "Alice"), Account(s2, "Bob")
    game = game_of(alice, bob)
    her_seat = "A" if game["bob"] == "B" else "B"

    async def run() -> None:
        hers = await alice.seat(game["id"], game["tokens"][her_seat])
        his = await bob.seat(game["id"], game["tokens"][game["bob"]])
        await hers.send(json.dumps({"v": 1, "type": "offer", "offer": "draw"}))
        offer = await until(his, lambda m: m["type"] == "offer")
        assert (offer["offer"], offer["seat"]) == ("draw", her_seat)
        await his.send(json.dumps({"v": 1, "type": "offer", "offer": "draw"}))  # taken, on the other process
        for socket in (hers, his):
            over = await until(socket, lambda m: m["type"] == "state" and m["over"] is not None)
            assert over["over"]["result"] == "draw"

        status, asked, _ = alice.call("POST", f"/api/games/{game['id']}/rematch", {"token": game["tokens"][her_seat]})
        assert (status, asked) == (202, {"offered": True, "seat": her_seat})
        seen = await until(his, lambda m: m["type"] == "state" and m["online"]["rematch_offer"] == her_seat)
        assert seen["rematch"] is None
        status, rematch, _ = bob.call(
            "POST", f"/api/games/{game['id']}/rematch", {"token": game["tokens"][game["bob"]]}
        )
        assert status == 201, rematch
        started = await until(hers, lambda m: m["type"] == "state" and m["rematch"] is not None)
        assert started["rematch"] == rematch["id"]
        status, again, _ = alice.call("POST", f"/api/games/{game['id']}/rematch", {"token": game["tokens"][her_seat]})
        assert (status, again["id"], again["seat"]) == (200, rematch["id"], game["bob"])  # seats swapped
        for socket in (hers, his):
            await socket.close()

    asyncio.run(run())


def test_quick_seeks_made_at_once_on_two_processes_meet(two: Cluster) -> None:
    s1, s2 = two.processes

    async def run(alice: Account, bob: Account) -> None:
        lobbies = {alice.name: await alice.lobby(), bob.name: await bob.lobby()}
        for socket in lobbies.values():  # each socket is listening (its first lobby came) before anyone seeks
            await until(socket, lambda m: m["type"] == "lobby")
        with ThreadPoolExecutor(2) as pool:
            asks = [
                pool.submit(person.call, "POST", "/api/lobby/quick", {"control": "5+3", "rated": True})
                for person in (alice, bob)
            ]
            answers = {person.name: ask.result() for person, ask in zip((alice, bob), asks, strict=True)}
        statuses = sorted(status for status, _, _ in answers.values())
        assert statuses == [201, 202], answers
        paired = next(body for status, body, _ in answers.values() if status == 201)
        waiter = next(name for name, (status, _, _) in answers.items() if status == 202)
        told = await until(lobbies[waiter], lambda m: m["type"] == "started")
        assert told["id"] == paired["id"] and told["seat"] != paired["seat"]
        for socket in lobbies.values():
            await socket.close()

    for _ in range(3):  # at the same moment, three times over: never both waiting
        asyncio.run(run(Account(s1, "Alice"), Account(s2, "Bob")))


def admin(two: Cluster, action: str, name: str) -> str:
    command = [sys.executable, "-m", "timessquare", "admin", action, name, "--database-url", two.database_url]
    done = subprocess.run(command, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_a_mute_and_a_ban_reach_the_open_sockets_on_every_process(two: Cluster) -> None:
    s1, s2 = two.processes
    alice, bob = Account(s1, "Alice"), Account(s2, "Bob")
    game = game_of(alice, bob)
    her_seat = "A" if game["bob"] == "B" else "B"

    async def run() -> None:
        lobby_s1, his_lobby = await alice.lobby(), await bob.lobby()
        game_s2 = await alice.seat(game["id"], game["tokens"][her_seat], s2)  # her seat, on the other process
        his_game = await bob.seat(game["id"], game["tokens"][game["bob"]])
        await until(his_lobby, lambda m: alice.name in present(m))

        admin(two, "mute", alice.name)
        await lobby_s1.send(json.dumps({"v": 1, "type": "chat", "text": "now you hear me"}))
        refused = await until(lobby_s1, lambda m: m["type"] == "error")
        assert refused["code"] == "muted"
        await game_s2.send(json.dumps({"v": 1, "type": "chat", "text": "and here?"}))
        refused = await until(game_s2, lambda m: m["type"] == "error")
        assert refused["code"] == "muted"
        status, body, _ = alice.call("POST", "/api/lobby", {"control": "5+3", "rated": True})
        assert (status, body["error"]["code"]) == (403, "muted")
        # Nobody heard her: the next line each of Bob's sockets gets is his own.
        await his_lobby.send(json.dumps({"v": 1, "type": "chat", "text": "quiet here"}))
        assert (await until(his_lobby, lambda m: m["type"] == "chat"))["text"] == "quiet here"
        await his_game.send(json.dumps({"v": 1, "type": "chat", "text": "quiet there"}))
        assert (await until(his_game, lambda m: m["type"] == "chat"))["text"] == "quiet there"

        admin(two, "ban", alice.name)
        for socket in (lobby_s1, game_s2):  # closed, on both processes
            with pytest.raises(Exception):  # noqa: B017  (the close, however the library tells it)
                await until(socket, lambda m: False)
            assert socket.close_code == 1008
        for process in (s1, s2):  # her page would join again at once: her seat's token no longer does, anywhere
            again = await connect(process.url.replace("http", "ws") + f"/ws/games/{game['id']}")
            await again.send(json.dumps({"v": 1, "type": "join", "token": game["tokens"][her_seat], "lang": "en"}))
            refused = await until(again, lambda m: m["type"] in ("state", "error"))
            assert (refused["type"], refused.get("code")) == ("error", "forbidden")
            await again.close()
        await his_game.send(json.dumps({"v": 1, "type": "ping"}))  # his seat plays on
        await until(his_game, lambda m: m["type"] == "pong")
        for socket in (his_lobby, his_game):
            await socket.close()

    asyncio.run(run())


def test_the_operator_lists_chat_reports_each_message_once(two: Cluster) -> None:
    s1, s2 = two.processes
    alice, bob = Account(s1, "Alice"), Account(s2, "Bob")

    async def run() -> None:
        hers, his = await alice.lobby(), await bob.lobby()
        await until(his, lambda m: m["type"] == "lobby")  # his socket is listening (its first lobby came)
        await hers.send(json.dumps({"v": 1, "type": "chat", "text": "something rude"}))
        said = await until(his, lambda m: m["type"] == "chat" and m["name"] == alice.name)
        for _ in range(3):  # reported again and again: filed once
            await his.send(json.dumps({"v": 1, "type": "report", "id": said["id"]}))
            assert (await until(his, lambda m: m["type"] in ("reported", "error")))["type"] == "reported"
        await hers.close()
        await his.close()

    asyncio.run(run())
    listed = [line for line in admin(two, "reports", "").splitlines() if "something rude" in line]
    assert len(listed) == 1 and alice.name in listed[0] and f"reported by {bob.name}" in listed[0]

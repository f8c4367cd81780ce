"""Past one process (issue 17): two `timessquare serve` processes on one PostgreSQL behind HAProxy. A game's
moves reach its spectators on the other process (LISTEN/NOTIFY); the process that holds a game is killed
mid-game and its player reconnects through the proxy to the other one and plays on, nothing lost."""

from __future__ import annotations

import asyncio
import json
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest
from conftest import fresh_pg_database
from pgcluster import PostgresCluster
from webcluster import WebCluster, find_haproxy

pytest.importorskip("websockets")
from websockets.asyncio.client import ClientConnection, connect


@pytest.fixture
def cluster(pg_cluster: PostgresCluster) -> Iterator[WebCluster]:
    if find_haproxy() is None:
        pytest.skip("haproxy is not installed (./test installs it: scripts/ensure_package.sh)")
    running = WebCluster(fresh_pg_database(pg_cluster), processes=2)
    try:
        yield running
    finally:
        running.stop()


async def until_state(socket: ClientConnection, predicate: Any = lambda m: True) -> dict[str, Any]:
    while True:
        message = json.loads(await asyncio.wait_for(socket.recv(), 15))
        if message["type"] == "state" and predicate(message):
            return message  # type: ignore[no-any-return]


async def join(url: str, game_id: str, token: str | None) -> tuple[ClientConnection, dict[str, Any], str]:
    socket = await connect(f"{url.replace('http', 'ws')}/ws/games/{game_id}")
    await socket.send(json.dumps({"v": 1, "type": "join", "token": token, "lang": "en"}))
    served_by = socket.response.headers.get("X-Served-By", "") if socket.response else ""
    return socket, await until_state(socket), served_by


async def act(socket: ClientConnection, state: dict[str, Any]) -> dict[str, Any]:
    await socket.send(json.dumps({"v": 1, "type": "action", "version": state["version"], "action": state["legal"][0]}))
    return await until_state(socket, lambda m: m["version"] > state["version"])


def test_spectators_on_another_process_and_fail_over(cluster: WebCluster) -> None:
    request = urllib.request.Request(
        cluster.url + "/api/games",
        data=b'{"mode": "friend", "seat": "A"}',
        headers={"content-type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        game = json.load(answer)
    tokens = {"A": game["token"], "B": game["invite"].split("#t=")[1]}

    async def run() -> None:
        first, state, _ = await join(cluster.url, game["id"], None)
        await first.close()
        mover = state["view"]["to_move"]
        player, state, holder = await join(cluster.url, game["id"], tokens[mover])  # through the proxy
        assert holder in ("s1", "s2")
        other = cluster.process("s2" if holder == "s1" else "s1")
        # A spectator on the process that does not hold the game sees every move.
        spectator, _, _ = await join(other.url, game["id"], None)
        state = await act(player, state)
        seen = await until_state(spectator, lambda m: m["version"] >= state["version"])
        assert seen["version"] == state["version"] and seen["view"]["moves"] == state["view"]["moves"]
        acknowledged = state["version"]

        cluster.process(holder).kill()  # mid-game, with SIGKILL: nothing flushed, nothing said
        with pytest.raises(Exception):  # noqa: B017 (the socket drops, however it tells)
            await asyncio.wait_for(player.recv(), 10)
        player, state, now_on = await join(cluster.url, game["id"], tokens[state["view"]["to_move"]])
        assert now_on == other.name and state["version"] == acknowledged  # nothing lost
        if state["legal"]:
            state = await act(player, state)  # and play goes on
            seen = await until_state(spectator, lambda m: m["version"] >= state["version"])
            assert seen["version"] == state["version"] > acknowledged
        for socket in (player, spectator):
            await socket.close()

    asyncio.run(run())

"""Replays and records of finished games (issue 17, finding 6): built off the event loop, kept once built,
and at most a few at once per client."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from conftest import Seat, new_game
from starlette.testclient import TestClient

from timessquare.web.api import games as api
from timessquare.web.api.finished import FinishedGames, TooManyAtOnce


def test_a_replay_is_built_off_the_event_loop_and_only_once(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = new_game(client, mode="friend", seat="A")
    seat = Seat(client, game["id"], game["token"])
    seat.send({"v": 1, "type": "resign"})
    seat.until(lambda m: m["type"] == "state" and m["over"])
    builds: list[bool] = []
    real = api.replay_document

    def watched(*args: Any) -> Any:
        try:
            asyncio.get_running_loop()
            builds.append(True)  # on the event loop
        except RuntimeError:
            builds.append(False)
        return real(*args)

    monkeypatch.setattr(api, "replay_document", watched)
    first = client.get(f"/api/games/{game['id']}/replay?seat=A")
    second = client.get(f"/api/games/{game['id']}/replay?seat=A")
    assert first.status_code == second.status_code == 200 and first.json() == second.json()
    assert builds == [False]  # once, in a thread
    assert client.get(f"/api/games/{game['id']}/record").json()["result"]


def test_a_client_builds_a_few_at_once() -> None:
    async def run() -> None:
        finished = FinishedGames(per_client=2)
        gate = asyncio.Event()

        async def load() -> int:
            await gate.wait()
            return 1

        slow = [asyncio.create_task(finished.get(k, "1.1.1.1", load, lambda n: {"n": n})) for k in ("a", "b")]
        await asyncio.sleep(0.01)
        with pytest.raises(TooManyAtOnce):
            await finished.get("c", "1.1.1.1", load, lambda n: {"n": n})
        other = asyncio.create_task(finished.get("c", "2.2.2.2", load, lambda n: {"n": n}))  # another client
        gate.set()
        assert await asyncio.gather(*slow, other) == [b'{"n":1}'] * 3

    asyncio.run(run())

"""The change listener (storage/notify.py) wakes the event loop only for the notices its process wants: every
process hears every commit of every process, and a loop woken for each cost each process more the more
processes there were (issue 32: two processes' CPU per action)."""

from __future__ import annotations

import asyncio
from typing import Any

import psycopg
from conftest import fresh_pg_database
from pgcluster import PostgresCluster
from sqlalchemy.engine import make_url

from timessquare.web.storage.changes import CHANNEL
from timessquare.web.storage.notify import ChangeListener


def test_only_the_wanted_notices_reach_the_event_loop(pg_cluster: PostgresCluster) -> None:
    url = fresh_pg_database(pg_cluster)
    heard: list[tuple[Any, ...]] = []
    asked: list[tuple[Any, ...]] = []

    def wanted(game_id: str, version: int) -> bool:
        asked.append((game_id, version))
        return game_id == "here"

    async def main() -> None:
        loop = asyncio.get_running_loop()
        done = asyncio.Event()

        def changed(game_id: str, version: int) -> None:
            heard.append((game_id, version))
            if version == 3:
                done.set()

        listener = ChangeListener(
            make_url(url.replace("postgresql://", "postgresql+psycopg://")), changed, lambda: None, wanted=wanted
        )
        listener.start(loop)
        try:
            with psycopg.connect(url, autocommit=True) as c:
                for _ in range(100):  # until the listener listens (its connection is its own)
                    c.execute("SELECT pg_notify(%s, %s)", (CHANNEL, "here 1"))
                    if heard:
                        break
                    await asyncio.sleep(0.05)
                for payload in ("elsewhere 2", "here 2", "elsewhere 3", "here 3"):
                    c.execute("SELECT pg_notify(%s, %s)", (CHANNEL, payload))
            await asyncio.wait_for(done.wait(), 10)
        finally:
            listener.stop()

    asyncio.run(main())
    assert heard[-2:] == [("here", 2), ("here", 3)] and all(game == "here" for game, _ in heard)
    assert ("elsewhere", 2) in asked and ("elsewhere", 3) in asked  # asked, and not passed on

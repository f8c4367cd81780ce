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

from timessquare.web.storage.changes import CHANNEL, PAYLOAD_CHARS, notices, parse
from timessquare.web.storage.notify import ChangeListener


def test_only_the_wanted_notices_reach_the_event_loop(pg_cluster: PostgresCluster) -> None:
    url = fresh_pg_database(pg_cluster)
    heard: list[tuple[Any, ...]] = []
    asked: list[tuple[Any, ...]] = []

    def wanted(changes: tuple[tuple[str, int], ...]) -> bool:
        asked.append(changes)
        return any(game_id == "here" for game_id, _ in changes)

    async def main() -> None:
        loop = asyncio.get_running_loop()
        done = asyncio.Event()

        def changed(changes: tuple[tuple[str, int], ...]) -> None:
            heard.append(changes)
            if ("here", 3) in changes:
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
                for payload in ("elsewhere 2", "here 2 there 5", "not a notice", "elsewhere 3", "there 6 here 3"):
                    c.execute("SELECT pg_notify(%s, %s)", (CHANNEL, payload))
            await asyncio.wait_for(done.wait(), 10)
        finally:
            listener.stop()

    asyncio.run(main())
    assert heard[-2:] == [(("here", 2), ("there", 5)), (("there", 6), ("here", 3))]  # a commit's notice, whole
    assert all(any(game == "here" for game, _ in changes) for changes in heard)
    assert (("elsewhere", 2),) in asked and (("elsewhere", 3),) in asked  # asked, and not passed on


def test_a_commit_is_one_notice_until_it_would_pass_the_limit() -> None:
    class Postgres:
        class dialect:  # (what `notices` reads of a connection)
            name = "postgresql"

    changes = [(f"g{i:010d}", 100 + i) for i in range(1_000)]
    rows = notices(Postgres(), changes)  # type: ignore[arg-type]
    assert 1 < len(rows) < 5 and all(len(row["payload"]) <= PAYLOAD_CHARS for row in rows)
    told = [pair for row in rows for pair in parse(row["payload"])[0]]  # type: ignore[index]
    assert told == changes  # every change, in order, once
    assert len(notices(Postgres(), changes[:3])) == 1  # type: ignore[arg-type]
    assert parse("g1 2 g3") is None and parse("g1 two") is None and parse("") is None

"""The analysts' queue (storage/analyses.py, web/workers/analyst.py): failed games cannot crowd out new ones, several
analysts on one database analyse each game once, and a game whose analyst died is taken over."""

from __future__ import annotations

import asyncio
import json
from collections import Counter
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from typing import Any, cast

import pytest
from test_replay import store_finished

from timessquare.arena.selfplay import play_games
from timessquare.errors import TimesSquareError
from timessquare.game import Game
from timessquare.players.analysis import search_turns
from timessquare.variants import DEFAULT_RULES
from timessquare.web.storage import GameStore, make_engine, migrate
from timessquare.web.storage.analyses import AnalysisStore
from timessquare.web.storage.store import now
from timessquare.web.workers.analyst import LEASE, MAX_ATTEMPTS, Analyst, retry_after
from timessquare.web.workers.pool import WorkerPool

BUDGET = 8  # iterations per turn: these tests check which games are analysed, not how well
T0 = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)


def finished_games(count: int, seed: int) -> list[Game]:
    return list(play_games(count, seed, DEFAULT_RULES, "easy", "easy"))


def key(record: dict[str, Any]) -> str:
    return json.dumps(record["start"], sort_keys=True)


class FakePool:
    """The analysis worker, in this process: the real search for most games, a failure for `failing` ones;
    it counts the games whose search started."""

    def __init__(self, failing: set[str] | None = None) -> None:
        self.failing = failing or set()
        self.started: Counter[str] = Counter()

    async def search_turns(self, record: dict[str, Any], numbers: list[int], iterations: int) -> list[Any]:
        if numbers[0] == 1:
            self.started[key(record)] += 1
        await asyncio.sleep(0.001)  # another analyst's turn to run
        if key(record) in self.failing:
            raise TimesSquareError("the analysis worker died")
        return search_turns(record, numbers, iterations, seed=0)


class Clock:
    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture
def stores(database_url: str) -> Iterator[tuple[GameStore, AnalysisStore]]:
    engine = make_engine(database_url)
    migrate(engine)
    store = GameStore(engine)
    yield store, AnalysisStore(engine)
    store.close()


def analyst_for(
    store: GameStore, analyses: AnalysisStore, pool: FakePool, clock: Callable[[], datetime] = now
) -> Analyst:
    return Analyst(store, analyses, cast(WorkerPool, pool), BUDGET, 0.01, clock)


async def run_until(analyst: Analyst, done: Callable[[], bool], seconds: float = 60) -> None:
    """Run the analyst's own loop until `done()` (checked in a thread: it reads the database)."""
    task = asyncio.create_task(analyst.run())
    try:
        deadline = asyncio.get_running_loop().time() + seconds
        while not await asyncio.to_thread(done):
            assert asyncio.get_running_loop().time() < deadline, "the analyst never got there"
            await asyncio.sleep(0.01)
    finally:
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)


def record_key(store: GameStore, game_id: str) -> str:
    stored = store.load(game_id)
    assert stored is not None
    return key(stored.record())


def test_games_that_keep_failing_do_not_starve_a_new_one(stores: tuple[GameStore, AnalysisStore]) -> None:
    store, analyses = stores
    good, bad = finished_games(2, 31)
    waiting = store_finished(store, good)
    failing = [store_finished(store, bad) for _ in range(20)]  # finished later: newest first, they come first
    pool = FakePool({record_key(store, failing[0])})
    asyncio.run(run_until(analyst_for(store, analyses, pool), lambda: analyses.load(waiting) is not None))
    assert "turns" in (analyses.load(waiting) or {})
    # each failed game was tried once and now waits: none is tried again before its RETRY_AFTER
    assert pool.started[record_key(store, failing[0])] == 20
    assert all(analyses.load(game_id) is None for game_id in failing)


def test_a_failed_game_waits_longer_each_time_new_games_go_first_and_it_is_given_up(
    stores: tuple[GameStore, AnalysisStore],
) -> None:
    store, analyses = stores
    bad, good = finished_games(2, 32)
    failing = store_finished(store, bad)
    pool, clock = FakePool({record_key(store, failing)}), Clock()
    analyst = analyst_for(store, analyses, pool, clock)

    async def steps() -> None:
        assert await analyst.step()  # the first try fails
        assert not await analyst.step()  # it waits
        clock.now += retry_after(1) - timedelta(seconds=1)
        assert not await analyst.step()
        fresh = store_finished(store, good)  # a game that ends now goes before the failed one, due again
        clock.now += timedelta(seconds=2)
        assert await analyst.step() and "turns" in (analyses.load(fresh) or {})
        assert pool.started[record_key(store, failing)] == 1
        assert await analyst.step()  # the second try fails
        clock.now += retry_after(1) + timedelta(seconds=1)
        assert not await analyst.step()  # the second wait is longer
        clock.now += retry_after(2)
        for _ in range(MAX_ATTEMPTS - 2):
            assert await analyst.step()
            clock.now += retry_after(MAX_ATTEMPTS)
        assert not await analyst.step()  # given up for good: the replay says there is no analysis

    asyncio.run(steps())
    assert pool.started[record_key(store, failing)] == MAX_ATTEMPTS
    assert set(analyses.load(failing) or {}) == {"error"}


def test_two_analysts_on_one_database_analyse_each_game_once(database_url: str) -> None:
    engines = [make_engine(database_url), make_engine(database_url)]  # as two server processes have
    migrate(engines[0])
    stores = [GameStore(engine) for engine in engines]
    games = finished_games(6, 33)
    ids = [store_finished(stores[0], game) for game in games]
    pool = FakePool()  # both analysts' searches, counted together
    analysts = [analyst_for(store, AnalysisStore(store.engine), pool) for store in stores]

    def all_analysed() -> bool:
        return all(analysts[0].analyses.load(game_id) is not None for game_id in ids)

    async def both() -> None:
        await asyncio.gather(run_until(analysts[0], all_analysed), run_until(analysts[1], all_analysed))

    try:
        asyncio.run(both())
        assert sorted(pool.started.values()) == [1] * len(ids)
        assert {record_key(stores[0], game_id) for game_id in ids} == set(pool.started)
    finally:
        for store in stores:
            store.close()


def test_a_game_whose_analyst_died_is_taken_over_when_its_lease_runs_out(
    stores: tuple[GameStore, AnalysisStore],
) -> None:
    store, analyses = stores
    game_id = store_finished(store, finished_games(1, 34)[0])
    first = analyses.claim("dead", LEASE, T0)
    assert first is not None and (first.game_id, first.attempts) == (game_id, 0)
    almost = T0 + LEASE - timedelta(seconds=1)
    assert analyses.claim("alive", LEASE, almost) is None
    assert analyses.renew(game_id, "dead", LEASE, almost)  # a live analyst holds it longer
    assert analyses.claim("alive", LEASE, T0 + LEASE + timedelta(seconds=1)) is None
    later = T0 + 2 * LEASE + timedelta(seconds=1)
    second = analyses.claim("alive", LEASE, later)
    assert second is not None and (second.game_id, second.attempts) == (game_id, 1)  # the lost try counts
    assert not analyses.renew(game_id, "dead", LEASE, later)  # the old analyst, if it wakes, stops
    analyses.failed(game_id, "dead", 5, later)  # and cannot touch the new claim
    assert analyses.claim("third", LEASE, later + timedelta(seconds=1)) is None
    analyses.save(game_id, {"turns": []})
    assert analyses.claim("third", LEASE, later + 3 * LEASE) is None  # analysed: off the queue


def test_a_game_whose_analysts_keep_dying_is_given_up(stores: tuple[GameStore, AnalysisStore]) -> None:
    store, analyses = stores
    game_id = store_finished(store, finished_games(1, 35)[0])
    moment = T0
    for attempts in range(MAX_ATTEMPTS):
        claim = analyses.claim(f"dies-{attempts}", LEASE, moment)
        assert claim is not None and claim.attempts == attempts
        moment += LEASE + timedelta(seconds=1)
    pool, clock = FakePool(), Clock()
    clock.now = moment
    assert asyncio.run(analyst_for(store, analyses, pool, clock).step())
    assert set(analyses.load(game_id) or {}) == {"error"} and not pool.started  # no fourth try


def test_a_server_that_stops_gives_its_game_back_untried(stores: tuple[GameStore, AnalysisStore]) -> None:
    store, analyses = stores
    game_id = store_finished(store, finished_games(1, 36)[0])

    class Stuck(FakePool):
        def __init__(self) -> None:
            super().__init__()
            self.searching = asyncio.Event()

        async def search_turns(self, record: dict[str, Any], numbers: list[int], iterations: int) -> list[Any]:
            self.searching.set()
            await asyncio.Event().wait()  # until cancelled
            return []

    async def stop_mid_analysis() -> None:
        pool = Stuck()
        task = asyncio.create_task(analyst_for(store, analyses, pool, Clock()).step())
        await pool.searching.wait()
        assert analyses.claim("other", LEASE, T0) is None  # claimed while it works
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)

    asyncio.run(stop_mid_analysis())
    claim = analyses.claim("next", LEASE, T0)
    assert claim is not None and (claim.game_id, claim.attempts) == (game_id, 0)


def test_the_store_says_how_many_finished_games_wait_for_their_analysis(
    stores: tuple[GameStore, AnalysisStore],
) -> None:
    store, analyses = stores
    assert analyses.waiting() == 0
    ids = [store_finished(store, game) for game in finished_games(3, 7)]
    assert analyses.waiting() == 3
    claim = analyses.claim("someone", LEASE)
    assert claim is not None and analyses.waiting() == 3  # claimed, not analysed yet: still waiting
    analyses.save(ids[0], {"error": "given up"})
    analyses.save(ids[1], {"turns": []})
    assert analyses.waiting() == 1

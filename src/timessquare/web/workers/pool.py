"""Computer players and hints, off the event loop: a bounded set of worker processes.

Each worker is a one-process executor. A computer player is built in the worker by name
(`players.make_player`) and sees only a `PlayerView` and the legal action ids. A player decides a whole
turn at its first decision and plays the rest from its plan, so the actions of one turn go to the worker
that chose it (the player object is kept there); a new turn goes to the first free worker. A free worker
takes every waiting computer turn before any hint, both one owner at a time (fairness.py): a game's owner is
whoever made it (`own`), and `computer_games(owner)` says how many of an owner's games have a computer turn
waiting or running, which the game-making requests cap. A hint is refused (`PoolBusy`) when the queue is
full or its client already waits for one, so that nobody asking for hints can starve the computer players
or take the others' hints.

A search level that runs on several processes (the expert) gets them from the worker's one set of helpers,
made at its first use and kept for the worker's life, never a set per game: a flood of expert games leaves
no idle processes behind. Workers and helpers leave when the server that made them is gone, even after a
SIGKILL.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import logging
import multiprocessing
import os
import random
import signal
import sys
import threading
import time
from collections import Counter, OrderedDict
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from multiprocessing.pool import Pool
from typing import Any, TypeVar

from ...errors import TimesSquareError
from ...players import Player, make_player
from ...players.analysis import search_turns
from ...players.hints import suggest
from ...players.ismcts import SearchPlayer
from ...variants import Rules
from ...view import PlayerView
from ..memory import keep_trimming
from ..metrics import COMPUTER_WAIT, COMPUTER_WAITING
from .fairness import FairQueue, Job

log = logging.getLogger("timessquare.web")
T = TypeVar("T")
PARENT_CHECK_SECONDS = 0.5
PR_SET_PDEATHSIG = 1  # prctl(2)
OWNERS_KEPT = 100_000  # games whose owner the pool remembers (a game it forgot is an owner of its own)


class PoolBusy(TimesSquareError):
    """Too many hints are waiting for a worker."""


@dataclass(frozen=True)
class HintResult:
    action: int
    turn: tuple[int, ...]
    win_probability: float


# ---------------------------------------------------------------- in the worker process

_PLAYERS: OrderedDict[tuple[str, int, str], Player] = OrderedDict()
_KEPT_PLAYERS = 64
_HELPERS: dict[int, Pool] = {}  # the worker's helper processes for searches that run on several, by count


def _warm_up() -> None:
    """Leave with the server: one killed by SIGKILL has no time to stop its workers. (What the players need
    is imported with this module, before the first real request, even in a spawned worker.)"""
    parent = multiprocessing.parent_process()
    server = parent.pid if parent is not None and parent.pid is not None else os.getppid()
    _killed_with_the_parent()
    threading.Thread(target=_leave_with_the_server, args=(server,), daemon=True).start()
    keep_trimming()


def _killed_with_the_parent() -> None:
    """On Linux the kernel ends this process as its parent ends: at once, even while a search in the compiled
    core holds the interpreter (the watching thread below cannot run then, and a worker outlived its killed
    server by seconds). The parent's thread that started this one lives as long as the parent: the event
    loop's in the server, the pool's in a worker."""
    if not sys.platform.startswith("linux"):
        return
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)


def _leave_with_the_server(server: int) -> None:
    while os.getppid() == server:
        time.sleep(PARENT_CHECK_SECONDS)
    os._exit(0)  # the server is gone (the worker was handed to init): nobody will ask anything more


def _helpers(count: int) -> Pool:
    """The worker's `count` helper processes, shared by every game's search (each game its own set left
    hundreds of idle processes after a flood of expert games); each leaves when the worker is gone."""
    pool = _HELPERS.get(count)
    if pool is None:
        methods = multiprocessing.get_all_start_methods()
        context = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
        pool = _HELPERS[count] = context.Pool(count, initializer=_warm_up)
    return pool


def close_helpers() -> None:
    for pool in _HELPERS.values():
        pool.terminate()
        pool.join()
    _HELPERS.clear()


def _make(spec: str, rules: Rules) -> Player:
    player = make_player(spec, rules)
    if isinstance(player, SearchPlayer) and player.config.workers > 1:
        player.pool = _helpers(player.config.workers)
    return player


def _let_go(player: Player) -> None:
    if isinstance(player, SearchPlayer) and player.pool in _HELPERS.values():
        player.pool = None  # the worker's helpers stay for the next game
    player.close()


def _choose(key: tuple[str, int, str], rules: Rules, view: PlayerView, legal: list[int], seed: int) -> int:
    player = _PLAYERS.pop(key, None)
    if player is None:
        player = _make(key[2], rules)
    _PLAYERS[key] = player
    while len(_PLAYERS) > _KEPT_PLAYERS:
        _let_go(_PLAYERS.popitem(last=False)[1])
    return player.choose(view, legal, random.Random(seed))


def _hint(view: PlayerView, rules: Rules, seconds: float, seed: int) -> HintResult:
    hint = suggest(view, rules, seconds, random.Random(seed))
    return HintResult(hint.action, tuple(hint.turn), hint.win_probability)


def _noop() -> None:
    return None


def _lowest_priority() -> None:
    """The analysis worker: everything else on the machine comes first (a computer's turn above all)."""
    os.nice(19)
    _warm_up()


def _search_turns(record: dict[str, Any], numbers: list[int], iterations: int) -> list[Any]:
    return search_turns(record, numbers, iterations, seed=0)


# ---------------------------------------------------------------- in the server


class WorkerPool:
    """`workers` processes, each running one job at a time, chosen fairly (fairness.FairQueue); at most
    `hint_queue` hints waiting or running at once, and `hints_per_client` for each client (its address, and
    its seat)."""

    def __init__(self, workers: int = 2, hint_queue: int = 4, hints_per_client: int = 1) -> None:
        self.size = max(1, workers)
        self.hint_queue = hint_queue
        self.hints_per_client = hints_per_client
        self._context = multiprocessing.get_context("spawn")  # no fork of a process that runs threads
        self._executors: list[ProcessPoolExecutor | None] = [None] * self.size
        self._busy = [False] * self.size
        self._queue = FairQueue(self.size)
        self._running: set[asyncio.Task[None]] = set()
        self._turns: dict[tuple[str, int], int] = {}  # (game, seat) -> worker that holds this turn's plan
        self._hints = 0
        self._hint_clients: Counter[str] = Counter()
        self._owners: OrderedDict[str, tuple[str, ...]] = OrderedDict()  # game -> its owner's keys (own())
        self._computer_games: Counter[str] = Counter()  # owner key -> its games with a computer turn at work
        self._closed = False
        self._analysis: ProcessPoolExecutor | None = None  # its own process, at the lowest priority

    def _executor(self, index: int) -> ProcessPoolExecutor:
        executor = self._executors[index]
        if executor is None:
            executor = ProcessPoolExecutor(1, mp_context=self._context, initializer=_warm_up)
            self._executors[index] = executor
        return executor

    def start(self) -> None:
        """Start the workers now (else they start on first use)."""
        for index in range(self.size):
            self._executor(index).submit(_noop)

    async def _submit(self, job: Job) -> Any:
        if self._closed:
            raise TimesSquareError("the server is shutting down")
        self._queue.put(job)
        self._dispatch()
        return await job.future

    def _dispatch(self) -> None:
        """Give every free worker the next job it should run (worker 0 first: new computer turns go there)."""
        for index in range(self.size):
            while not self._busy[index]:
                job = self._queue.take(index)
                if job is None:
                    break
                if job.future.done():  # its caller gave up while it waited
                    self._queue.done(job)
                    continue
                self._busy[index] = True
                if job.hint:
                    self._queue.hint_workers.add(index)
                if job.on_start is not None:
                    job.on_start(index)
                task = asyncio.ensure_future(self._execute(index, job))
                self._running.add(task)
                task.add_done_callback(self._running.discard)

    async def _execute(self, index: int, job: Job) -> None:
        try:
            result = await self._call(index, job.function, *job.args)
        except asyncio.CancelledError:
            job.future.cancel()
            raise
        except BaseException as e:
            if not job.future.done():
                job.future.set_exception(e)
        else:
            if not job.future.done():
                job.future.set_result(result)
        finally:
            self._busy[index] = False
            self._queue.done(job)
            if job.hint:
                self._queue.hint_workers.discard(index)
            if not self._closed:
                self._dispatch()

    async def _call(self, index: int, function: Callable[..., T], *args: Any) -> T:
        loop = asyncio.get_running_loop()
        for attempt in range(2):
            try:
                return await loop.run_in_executor(self._executor(index), function, *args)
            except BrokenProcessPool:
                # The worker died (killed, out of memory): replace it and try once more.
                log.warning("worker %d died; starting a new one", index)
                broken = self._executors[index]
                self._executors[index] = None
                if broken is not None:
                    broken.shutdown(wait=False, cancel_futures=True)
                if attempt == 1:
                    raise TimesSquareError("a worker process failed twice") from None
        raise AssertionError("unreachable")

    def own(self, game_id: str, keys: Sequence[str]) -> None:
        """Whoever made this game (its account's key first, then its address's): its computer turns take
        their turn with that owner's other games (fairness.py) and count in `computer_games`."""
        self._owners[game_id] = tuple(keys)
        self._owners.move_to_end(game_id)
        while len(self._owners) > OWNERS_KEPT:
            self._owners.popitem(last=False)

    def computer_games(self, key: str) -> int:
        """How many games of this owner key have a computer turn waiting or running now."""
        return self._computer_games[key]

    async def choose(
        self, game_id: str, seat: int, spec: str, rules: Rules, view: PlayerView, legal: Sequence[int]
    ) -> int:
        """The computer player `spec`'s action for `seat`, from that seat's view only."""
        key = (game_id, seat)
        worker = self._turns.get(key) if view.turn["mode"] != "start" else None
        owners = self._owners.get(game_id, (f"game:{game_id}",))

        level, queued = spec.partition(":")[0], time.perf_counter()
        COMPUTER_WAITING.labels(level).inc()

        def started(index: int) -> None:
            self._turns[key] = index
            COMPUTER_WAITING.labels(level).dec()
            COMPUTER_WAIT.labels(level).observe(time.perf_counter() - queued)

        args = ((game_id, seat, spec), rules, view, list(legal), random.getrandbits(64))
        future = asyncio.get_running_loop().create_future()
        job = Job(_choose, args, future, client=owners[0], worker=worker, on_start=started)
        self._computer_games.update(owners)
        try:
            chosen: int = await self._submit(job)
        finally:
            if not job.started:
                COMPUTER_WAITING.labels(level).dec()  # it never left the queue (its caller gave up)
            self._computer_games.subtract(owners)
            for owner in owners:
                if self._computer_games[owner] <= 0:
                    del self._computer_games[owner]
        return chosen

    def forget(self, game_id: str) -> None:
        for seat in (0, 1):
            self._turns.pop((game_id, seat), None)

    async def hint(self, rules: Rules, view: PlayerView, seconds: float, clients: Sequence[str] = ()) -> HintResult:
        """A hint for the view's seat; raises PoolBusy when too many are waiting, or when one of `clients`
        (the asker's address, its seat) already waits for one. Computer turns go first (fairness.py)."""
        if self._hints >= self.hint_queue:
            raise PoolBusy("the computer is busy with other hints: try again in a moment")
        if any(self._hint_clients[client] >= self.hints_per_client for client in clients):
            raise PoolBusy("a hint for you is already on its way")
        self._hints += 1
        self._hint_clients.update(clients)
        try:
            args = (view, rules, seconds, random.getrandbits(64))
            future = asyncio.get_running_loop().create_future()
            job = Job(_hint, args, future, hint=True, client=clients[0] if clients else "")
            result: HintResult = await self._submit(job)
            return result
        finally:
            self._hints -= 1
            self._hint_clients.subtract(clients)
            for client in clients:
                if self._hint_clients[client] <= 0:
                    del self._hint_clients[client]

    async def search_turns(self, record: dict[str, Any], numbers: Sequence[int], iterations: int) -> list[Any]:
        """Some turns' searches of a game's analysis (players/analysis.py), in the analysis worker: a process
        of its own at the lowest priority, so that it never holds up a computer's turn or a hint."""
        if self._closed:
            raise TimesSquareError("the server is shutting down")
        if self._analysis is None:
            self._analysis = ProcessPoolExecutor(1, mp_context=self._context, initializer=_lowest_priority)
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._analysis, _search_turns, record, list(numbers), iterations)
        except BrokenProcessPool:
            self._analysis = None
            raise TimesSquareError("the analysis worker died") from None

    def close(self) -> None:
        self._closed = True
        if self._analysis is not None:
            self._analysis.shutdown(wait=False, cancel_futures=True)
            self._analysis = None
        for task in list(self._running):
            task.cancel()
        for executor in self._executors:
            if executor is not None:
                executor.shutdown(wait=False, cancel_futures=True)
        self._executors = [None] * self.size

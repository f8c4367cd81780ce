"""Which job a free worker takes next: every computer turn before any hint, both one owner at a time.

A computer player is the other side of somebody's game: it must not wait behind hints, which are a comfort.
So a free worker takes a computer turn it may run (a turn in progress stays on the worker that holds its
plan, unless that worker is busy with a hint: then any worker plays on from the view), and only when there
is none, a hint. Both are served by owner in turn (round robin): a computer turn's owner is whoever made the
game (its account, else its address), a hint's is the asking address, so one owner's thousand games wait
behind everybody else's one. Neither one owner's computer turns nor the hints ever occupy every worker:
with two or more, one is always left for the others.
"""

from __future__ import annotations

import asyncio
from collections import Counter, OrderedDict, deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


@dataclass(eq=False)
class Job:
    function: Callable[..., Any]
    args: tuple[Any, ...]
    future: asyncio.Future[Any]
    hint: bool = False
    client: str = ""  # whose job it is: a hint's address, a computer turn's owner (round robin among them)
    worker: int | None = None  # a computer turn already in progress on this worker
    on_start: Callable[[int], None] | None = field(default=None, repr=False)  # told the worker it runs on
    started: bool = False  # a worker took it


class FairQueue:
    """Jobs waiting for a worker; `take(worker)` gives the next one that worker should run, or None."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self.turns: OrderedDict[str, deque[Job]] = OrderedDict()  # by owner, in the order they are served
        self.hints: OrderedDict[str, deque[Job]] = OrderedDict()  # by client, in the order they are served
        self.hint_workers: set[int] = set()  # the workers running a hint now
        self.running: Counter[str] = Counter()  # the workers running each owner's computer turns now

    def __len__(self) -> int:
        return sum(len(q) for q in self.turns.values()) + sum(len(q) for q in self.hints.values())

    def put(self, job: Job) -> None:
        (self.hints if job.hint else self.turns).setdefault(job.client, deque()).append(job)

    def take(self, worker: int) -> Job | None:
        """The next job for this free worker (a computer turn taken counts as running until `done`)."""
        share = max(1, self.workers - 1)
        for owner, waiting in self.turns.items():
            if self.running[owner] >= share:
                continue
            for job in waiting:
                if job.worker is None or job.worker == worker or job.worker in self.hint_workers:
                    waiting.remove(job)
                    _to_the_back(self.turns, owner, waiting)
                    self.running[owner] += 1
                    job.started = True
                    return job
        if not self.hints or len(self.hint_workers) >= max(1, self.workers - 1):
            return None
        client, waiting = next(iter(self.hints.items()))
        job = waiting.popleft()
        _to_the_back(self.hints, client, waiting)
        return job

    def done(self, job: Job) -> None:
        """A job taken has finished on its worker."""
        if not job.hint:
            self.running[job.client] -= 1
            if self.running[job.client] <= 0:
                del self.running[job.client]

    def waiting_for(self, worker: int) -> bool:
        """Is a computer turn waiting that only this worker may run?"""
        return any(job.worker == worker for waiting in self.turns.values() for job in waiting)


def _to_the_back(lines: OrderedDict[str, deque[Job]], owner: str, waiting: deque[Job]) -> None:
    """An owner just served goes to the back of the line (and leaves it when nothing of theirs waits)."""
    del lines[owner]
    if waiting:
        lines[owner] = waiting

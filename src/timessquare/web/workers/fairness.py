"""Which job a free worker takes next: every computer turn before any hint, and hints one client at a time.

A computer player is the other side of somebody's game: it must not wait behind hints, which are a comfort.
So a free worker takes the oldest computer turn it may run (a turn in progress stays on the worker that
holds its plan, unless that worker is busy with a hint: then any worker plays on from the view), and only
when there is none, a hint, taking clients in turn (round robin), so that one client
asking for many hints gets its share and no more. Hints never occupy every worker: with two or more, one is
kept for computer turns.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict, deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


@dataclass(eq=False)
class Job:
    function: Callable[..., Any]
    args: tuple[Any, ...]
    future: asyncio.Future[Any]
    hint: bool = False
    client: str = ""  # a hint's client (its address)
    worker: int | None = None  # a computer turn already in progress on this worker
    on_start: Callable[[int], None] | None = field(default=None, repr=False)  # told the worker it runs on


class FairQueue:
    """Jobs waiting for a worker; `take(worker)` gives the next one that worker should run, or None."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self.turns: deque[Job] = deque()
        self.hints: OrderedDict[str, deque[Job]] = OrderedDict()  # by client, in the order they are served
        self.hint_workers: set[int] = set()  # the workers running a hint now

    def __len__(self) -> int:
        return len(self.turns) + sum(len(q) for q in self.hints.values())

    def put(self, job: Job) -> None:
        if job.hint:
            self.hints.setdefault(job.client, deque()).append(job)
        else:
            self.turns.append(job)

    def take(self, worker: int) -> Job | None:
        for job in self.turns:
            if job.worker is None or job.worker == worker or job.worker in self.hint_workers:
                self.turns.remove(job)
                return job
        if not self.hints or len(self.hint_workers) >= max(1, self.workers - 1):
            return None
        client, waiting = next(iter(self.hints.items()))
        job = waiting.popleft()
        del self.hints[client]
        if waiting:
            self.hints[client] = waiting  # to the back of the line
        return job

    def waiting_for(self, worker: int) -> bool:
        """Is a computer turn waiting that only this worker may run?"""
        return any(job.worker == worker for job in self.turns)

"""The analyst: every finished game gets the expert's analysis (players/analysis.py), stored beside it.

Each server process has one. It claims the next finished game without an analysis (storage/analyses.py:
the record itself is the queue, so nothing has to announce that a game ended and a restart loses nothing;
the claim makes several processes on one database analyse each game once), and analyses it in the pool's
analysis worker (a process of its own at the lowest priority: computer turns and hints never wait for it)
in pieces of a few turns, renewing its claim after each, so that a server that stops is not held up by a
long search and a process that died lets its game go when the lease runs out. When nothing waits it looks
again every `poll_seconds`.

A game whose record cannot be analysed gets `{"error": ...}` at once. One whose search failed (a worker that
died, a lease that ran out) waits RETRY_AFTER, four times longer after each failure, while new games go
first; after MAX_ATTEMPTS tries it gets `{"error": ...}` too, and the replay says that there is no analysis.
"""

from __future__ import annotations

import asyncio
import logging
import os
import secrets
import socket
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy.exc import SQLAlchemyError

from ...actions import action_id
from ...errors import TimesSquareError
from ...players.analysis import assemble, played_turns, turn_count
from ...session.choices import turn_words
from ...session.destinations import turn_destinations
from ..guards.limits import Throttled
from ..metrics import ANALYSES_WAITING
from ..storage import GameStore
from ..storage.analyses import AnalysisStore, Claim
from ..storage.store import now
from .pool import WorkerPool

log = logging.getLogger("timessquare.web")
outage = Throttled(log)  # the database away: one line every few seconds
TURNS_PER_PIECE = 4  # about 2 s of search at the default budget
LEASE = timedelta(minutes=5)  # a claim not renewed for this long belongs to a process that died
RETRY_AFTER = timedelta(minutes=1)  # a failed game's first wait
MAX_ATTEMPTS = 3


def analyst_name() -> str:
    """This analyst's name in the claims: unique across processes and machines."""
    return f"{socket.gethostname()[:32]}:{os.getpid()}:{secrets.token_hex(4)}"


def retry_after(attempts: int) -> timedelta:
    """How long a game that failed `attempts` times waits before its next try."""
    return RETRY_AFTER * int(4 ** max(0, attempts - 1))


class Analyst:
    def __init__(
        self,
        games: GameStore,
        analyses: AnalysisStore,
        pool: WorkerPool,
        iterations: int,
        poll_seconds: float,
        clock: Callable[[], datetime] = now,
    ) -> None:
        self.games = games
        self.analyses = analyses
        self.pool = pool
        self.iterations = iterations
        self.poll_seconds = poll_seconds
        self.clock = clock
        self.name = analyst_name()
        self.analysed = 0  # games analysed since the start (for tests and logs)

    async def run(self) -> None:
        """Analyse waiting games until cancelled."""
        while True:
            try:
                while await self.step():
                    pass
            except asyncio.CancelledError:
                raise
            except SQLAlchemyError as e:  # the database is away: a line now and then; the next round tries again
                outage.warning("the analyst could not look for finished games: %s", str(e).splitlines()[0])
            except Exception:
                log.exception("the analyst could not look for finished games")
            await asyncio.sleep(self.poll_seconds)

    async def step(self) -> bool:
        """Claim the next waiting game and analyse it; False when none is waiting."""
        claim = await asyncio.to_thread(self.analyses.claim, self.name, LEASE, self.clock())
        # how far behind, for operators: counted once a game, not at every idle look
        ANALYSES_WAITING.set(0 if claim is None else await asyncio.to_thread(self.analyses.waiting))
        if claim is None:
            return False
        if claim.attempts >= MAX_ATTEMPTS:  # its last tries' processes died: no more
            await self._give_up(claim.game_id, claim.attempts)
            return True
        try:
            await self.analyse(claim)
        except asyncio.CancelledError:  # the server stops: the game goes back untried, for the next analyst
            try:
                self.analyses.release(claim.game_id, self.name)
            except Exception:
                log.warning("the analyst could not give back game %s; its claim runs out instead", claim.game_id)
            raise
        return True

    async def analyse(self, claim: Claim) -> None:
        game_id = claim.game_id
        stored = await asyncio.to_thread(self.games.load, game_id)
        if stored is None:
            return
        record = stored.record()
        try:
            count = await asyncio.to_thread(turn_count, record)
        except TimesSquareError as e:  # a record the rules do not accept: said once and for all
            await asyncio.to_thread(self.analyses.save, game_id, {"error": str(e)})
            return
        try:
            searched: list[Any] = []
            for first in range(1, count + 1, TURNS_PER_PIECE):
                numbers = list(range(first, min(count, first + TURNS_PER_PIECE - 1) + 1))
                searched += await self.pool.search_turns(record, numbers, self.iterations)
                if not await asyncio.to_thread(self.analyses.renew, game_id, self.name, LEASE, self.clock()):
                    log.warning("the analyst lost its claim on game %s (too slow): another one has it", game_id)
                    return
            analysis = await asyncio.to_thread(assemble, record, searched, self.iterations, 0)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("the analysis of game %s failed", game_id)
            attempts = claim.attempts + 1
            if attempts >= MAX_ATTEMPTS:
                await self._give_up(game_id, attempts)
            else:
                wait = self.clock() + retry_after(attempts)
                await asyncio.to_thread(self.analyses.failed, game_id, self.name, attempts, wait)
            return
        await asyncio.to_thread(self.analyses.save, game_id, analysis.to_document())
        self.analysed += 1

    async def _give_up(self, game_id: str, attempts: int) -> None:
        log.warning("game %s is left without an analysis after %d tries", game_id, attempts)
        document = {"error": f"the analysis did not finish in {attempts} tries"}
        await asyncio.to_thread(self.analyses.save, game_id, document)


def for_the_page(document: dict[str, Any] | None, record: dict[str, Any], lang: str) -> dict[str, Any] | None:
    """A stored analysis as the replay page gets it: each turn's actions also with where they put the figures
    (`destinations`, as for hints) and the turn in words of `lang` (`words`, as a hint's)."""
    if document is None or "turns" not in document:
        return document
    turns, _ = played_turns(record)
    for entry in document["turns"]:
        figures = turns[entry["turn"] - 1].view.figures
        for key in ("played", "best"):
            aids = [action_id(action) for action in entry[key]["actions"]]
            entry[key]["destinations"] = turn_destinations(aids, figures)
            entry[key]["words"] = turn_words(aids, figures, lang)
    return document

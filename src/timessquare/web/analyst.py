"""The analyst: every finished game gets the expert's analysis (players/analysis.py), stored beside it.

It looks for finished games without one (storage/analyses.py) every `poll_seconds`, newest first, and
analyses them one at a time in the pool's analysis worker (a process of its own at the lowest priority:
computer turns and hints never wait for it) in pieces of a few turns, so that a server that stops is not
held up by a long search. The record itself is the queue: nothing has to announce that a game ended, and
a restart loses nothing. A game whose record cannot be analysed gets `{"error": ...}`, so it is not tried
again; one whose search failed (a worker that died) is tried once more, then left until the next start.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from ..actions import action_id
from ..errors import TimesSquareError
from ..players.analysis import assemble, played_turns, turn_count
from ..session.choices import turn_words
from ..session.destinations import turn_destinations
from .pool import WorkerPool
from .storage import GameStore
from .storage.analyses import AnalysisStore

log = logging.getLogger("timessquare.web")
TURNS_PER_PIECE = 4  # about 2 s of search at the default budget
WAITING_BATCH = 16


class Analyst:
    def __init__(
        self, games: GameStore, analyses: AnalysisStore, pool: WorkerPool, iterations: int, poll_seconds: float
    ) -> None:
        self.games = games
        self.analyses = analyses
        self.pool = pool
        self.iterations = iterations
        self.poll_seconds = poll_seconds
        self.failures: dict[str, int] = {}
        self.analysed = 0  # games analysed since the start (for tests and logs)

    async def run(self) -> None:
        """Analyse waiting games until cancelled."""
        while True:
            try:
                waiting = await asyncio.to_thread(self.analyses.waiting, WAITING_BATCH)
                for game_id in waiting:
                    if self.failures.get(game_id, 0) < 2:
                        await self.analyse(game_id)
            except asyncio.CancelledError:
                raise
            except Exception:  # the database is away: the next round tries again
                log.exception("the analyst could not look for finished games")
            await asyncio.sleep(self.poll_seconds)

    async def analyse(self, game_id: str) -> None:
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
            analysis = await asyncio.to_thread(assemble, record, searched, self.iterations, 0)
        except asyncio.CancelledError:
            raise
        except Exception:
            self.failures[game_id] = self.failures.get(game_id, 0) + 1
            log.exception("the analysis of game %s failed", game_id)
            return
        await asyncio.to_thread(self.analyses.save, game_id, analysis.to_document())
        self.analysed += 1


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

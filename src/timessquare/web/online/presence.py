"""Who is at the table, across server processes (R11.4): each process writes, every PRESENCE_SECONDS of the
online clock, the moment it sees a socket of each seat of its live real-time online games (`seen_a`,
`seen_b` of `online_games`); a claim against a leaver asks the database, so a player connected to another
process, or gone for a moment only, is not claimed against. A seat is away since the later of its last
sighting and the start of its turn."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import datetime, timedelta

from ...cards import SEAT_NAMES
from ..sockets.rooms import Rooms
from ..storage.online_games import OnlineGame
from .store import OnlineStore

PRESENCE_SECONDS = 10  # so a seat is seen at most this long before it went away


class Presence:
    def __init__(self, store: OnlineStore, rooms: Rooms, now: Callable[[], datetime]) -> None:
        self.store = store
        self.rooms = rooms
        self.now = now
        self.written: datetime | None = None

    def due(self) -> bool:
        moment = self.now()
        return self.written is None or moment - self.written >= timedelta(seconds=PRESENCE_SECONDS)

    async def mark(self, games: Mapping[str, OnlineGame | None]) -> None:
        """Write the seats this process has a socket of (in the live online games of `games`), when due."""
        if not self.due():
            return
        self.written = moment = self.now()
        seen = []
        for game_id, room in list(self.rooms.rooms.items()):
            game = games.get(game_id)
            if game is None or game.finished or game.clock is None:
                continue
            for seat in {c.seat for c in room.connections if c.seat is not None}:
                seen.append((game_id, SEAT_NAMES[seat]))
        if seen:
            await self.rooms.database.run(self.store.mark_seen, seen, moment)

    async def away_since(self, game: OnlineGame, seat: str, turn_began: datetime) -> datetime:
        """Since when the seat has had no connection on any process (its turn's start at the earliest)."""
        seen = await self.rooms.database.run(self.store.last_seen, game.game_id, seat)
        return turn_began if seen is None else max(seen, turn_began)

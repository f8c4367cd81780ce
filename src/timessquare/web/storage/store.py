"""Reading and writing games (SQLAlchemy Core; the same statements on SQLite and PostgreSQL).

Every method is a short transaction of its own and blocks: the server calls them from worker threads.
A write names the version it expects (`append`), so two writers can never interleave a game's moves: the
second one gets `VersionConflict` and nothing is written.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Connection, Engine, insert, select, text, update
from sqlalchemy.exc import IntegrityError

from ...errors import TimesSquareError
from .database import dialect_name
from .schema import games, moves, seats


class VersionConflict(TimesSquareError):
    """The game changed since it was read: another writer got there first."""


@dataclass(frozen=True)
class Progress:
    """Where a game stands, kept beside its record for the lists."""

    version: int
    public_moves: int
    to_move: str | None  # None once the game is over
    result: str | None
    end_reason: str | None = None
    forfeit: tuple[str, str] | None = None  # (seat, reason)

    @property
    def status(self) -> str:
        return "live" if self.result is None else "finished"


@dataclass(frozen=True)
class NewGame:
    id: str
    mode: str  # "computer" or "friend"
    players: dict[str, str]
    variants: list[str]
    start: dict[str, Any]  # the position document after the deal
    seats: dict[str, str]  # seat -> token hash (a computer's seat has none)
    rematch_of: str | None = None


@dataclass(frozen=True)
class StoredGame:
    """A game as stored: enough to replay it."""

    id: str
    mode: str
    players: dict[str, str]
    variants: list[str]
    start: dict[str, Any]
    moves: list[str]
    version: int
    result: str | None
    forfeit: tuple[str, str] | None
    rematch_of: str | None
    rematch_id: str | None

    def record(self) -> dict[str, Any]:
        """The game record (FORMATS.md); replaying it checks that the moves give the stored result."""
        record: dict[str, Any] = {
            "format": "times-square/game/1",
            "players": dict(self.players),
            "start": self.start,
            "moves": list(self.moves),
            "result": self.result,
        }
        if self.forfeit:
            record["forfeit"] = {"seat": self.forfeit[0], "reason": self.forfeit[1]}
        if self.variants:
            record["variants"] = list(self.variants)
        return record


@dataclass(frozen=True)
class Summary:
    id: str
    mode: str
    players: dict[str, str]
    to_move: str | None
    result: str | None
    public_moves: int
    updated: datetime
    seat: str | None = None  # the seat a token holds, in `summaries_for`


def now() -> datetime:
    return datetime.now(UTC)


def _aware(moment: datetime) -> datetime:
    """SQLite gives back naive datetimes; every time stored is UTC."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


class GameStore:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.dialect = dialect_name(engine.url)
        # SQLite has one writer at a time: queue writers here rather than spin on its lock.
        self._write_lock = threading.Lock() if self.dialect == "sqlite" else None

    @contextmanager
    def _writing(self) -> Iterator[Connection]:
        if self._write_lock is None:
            with self.engine.begin() as connection:
                yield connection
            return
        with self._write_lock, self.engine.begin() as connection:
            yield connection

    def ping(self) -> None:
        """Raises when the database does not answer."""
        with self.engine.connect() as connection:
            connection.execute(text("SELECT 1"))

    def close(self) -> None:
        self.engine.dispose()

    # ------------------------------------------------------------------ writes

    def create(self, new: NewGame, progress: Progress, entries: Sequence[str] = ()) -> None:
        """Store a new game with its first record entries (usually none) and its seat token hashes."""
        moment = now()
        with self._writing() as connection:
            connection.execute(insert(games).values(**_game_values(new, moment), **_progress_values(progress)))
            _insert_moves(connection, new.id, 0, entries)
            for seat, token_hash in new.seats.items():
                connection.execute(insert(seats).values(token_hash=token_hash, game_id=new.id, seat=seat))

    def append(
        self, game_id: str, expected_version: int, first_ply: int, entries: Sequence[str], progress: Progress
    ) -> None:
        """Add record entries from index `first_ply` on and the new progress, if the stored version is still
        `expected_version`; else raise VersionConflict and write nothing."""
        with self._writing() as connection:
            changed = connection.execute(
                update(games)
                .where(games.c.id == game_id, games.c.version == expected_version)
                .values(updated_at=now(), **_progress_values(progress))
            ).rowcount
            if changed != 1:
                raise VersionConflict(f"game {game_id} changed since version {expected_version}")
            _insert_moves(connection, game_id, first_ply, entries)

    def create_rematch(self, game_id: str, new: NewGame, progress: Progress) -> str:
        """Create `new` as the rematch of a game, unless that game has one already; returns the rematch's id
        (the existing one if there was one: then nothing was written)."""
        moment = now()
        with self._writing() as connection:
            claimed = connection.execute(
                update(games).where(games.c.id == game_id, games.c.rematch_id.is_(None)).values(rematch_id=new.id)
            ).rowcount
            if claimed != 1:
                kept = connection.execute(select(games.c.rematch_id).where(games.c.id == game_id)).scalar_one()
                return str(kept)
            connection.execute(insert(games).values(**_game_values(new, moment), **_progress_values(progress)))
            for seat, token_hash in new.seats.items():
                connection.execute(insert(seats).values(token_hash=token_hash, game_id=new.id, seat=seat))
        return new.id

    def add_seat(self, game_id: str, seat: str, token_hash: str) -> bool:
        """Give `seat` of a game a token (for a rematch's second player); False when it already has another."""
        try:
            with self._writing() as connection:
                connection.execute(insert(seats).values(token_hash=token_hash, game_id=game_id, seat=seat))
        except IntegrityError:
            return self.seat_of(game_id, token_hash) == seat
        return True

    # ------------------------------------------------------------------- reads

    def load(self, game_id: str) -> StoredGame | None:
        with self.engine.connect() as connection:
            row = connection.execute(select(games).where(games.c.id == game_id)).mappings().first()
            if row is None:
                return None
            entries = connection.execute(
                select(moves.c.move).where(moves.c.game_id == game_id).order_by(moves.c.ply)
            ).scalars()
            record_moves = list(entries)
        forfeit = (row["forfeit_seat"], row["forfeit_reason"] or "") if row["forfeit_seat"] else None
        return StoredGame(
            id=row["id"],
            mode=row["mode"],
            players={"A": row["player_a"], "B": row["player_b"]},
            variants=json.loads(row["variants"]),
            start=json.loads(row["start"]),
            moves=record_moves,
            version=row["version"],
            result=row["result"],
            forfeit=forfeit,
            rematch_of=row["rematch_of"],
            rematch_id=row["rematch_id"],
        )

    def seat_of(self, game_id: str, token_hash: str) -> str | None:
        """The seat a token hash holds in a game, or None."""
        with self.engine.connect() as connection:
            seat = connection.execute(
                select(seats.c.seat).where(seats.c.token_hash == token_hash, seats.c.game_id == game_id)
            ).scalar()
        return None if seat is None else str(seat)

    def seated(self, game_id: str) -> set[str]:
        """The seats of a game that have a token."""
        with self.engine.connect() as connection:
            return set(connection.execute(select(seats.c.seat).where(seats.c.game_id == game_id)).scalars())

    def summaries(self, status: str, limit: int) -> list[Summary]:
        """The most recently changed games of a status ("live" or "finished")."""
        query = select(games).where(games.c.status == status).order_by(games.c.updated_at.desc()).limit(limit)
        with self.engine.connect() as connection:
            return [_summary(row) for row in connection.execute(query).mappings()]

    def summaries_for(self, token_hashes: Sequence[str]) -> list[Summary]:
        """The games these token hashes hold a seat in, newest change first, each with its seat."""
        if not token_hashes:
            return []
        query = (
            select(games, seats.c.seat)
            .join(seats, seats.c.game_id == games.c.id)
            .where(seats.c.token_hash.in_(list(token_hashes)))
            .order_by(games.c.updated_at.desc())
        )
        with self.engine.connect() as connection:
            return [_summary(row, row["seat"]) for row in connection.execute(query).mappings()]

    def live_game_ids(self) -> list[str]:
        with self.engine.connect() as connection:
            return list(connection.execute(select(games.c.id).where(games.c.status == "live")).scalars())


def _game_values(new: NewGame, moment: datetime) -> dict[str, Any]:
    return {
        "id": new.id,
        "created_at": moment,
        "updated_at": moment,
        "mode": new.mode,
        "player_a": new.players["A"],
        "player_b": new.players["B"],
        "variants": json.dumps(new.variants),
        "start": json.dumps(new.start),
        "rematch_of": new.rematch_of,
    }


def _progress_values(progress: Progress) -> dict[str, Any]:
    return {
        "version": progress.version,
        "public_moves": progress.public_moves,
        "status": progress.status,
        "to_move": progress.to_move,
        "result": progress.result,
        "end_reason": progress.end_reason,
        "forfeit_seat": progress.forfeit[0] if progress.forfeit else None,
        "forfeit_reason": progress.forfeit[1] if progress.forfeit else None,
    }


def _insert_moves(connection: Connection, game_id: str, first_ply: int, entries: Sequence[str]) -> None:
    if entries:
        connection.execute(
            insert(moves), [{"game_id": game_id, "ply": first_ply + i, "move": m} for i, m in enumerate(entries)]
        )


def _summary(row: Any, seat: str | None = None) -> Summary:
    return Summary(
        id=row["id"],
        mode=row["mode"],
        players={"A": row["player_a"], "B": row["player_b"]},
        to_move=row["to_move"],
        result=row["result"],
        public_moves=row["public_moves"],
        updated=_aware(row["updated_at"]),
        seat=seat,
    )

"""Reading and writing games (SQLAlchemy Core; the same statements on SQLite and PostgreSQL).

Every method is a short transaction of its own and blocks: the server calls them from worker threads. A new
game is one of them (`start`): its record, its seats, its online row (clock, rated) and the challenge it
answers are written together or not at all.
A write names the version it expects (`append`), so two writers can never interleave a game's moves: the
second one gets `VersionConflict` and nothing is written. A change of a game (session/change.py) is written
whole in one transaction: its record entries, its progress, its clock and, when it ends the game, the
settlement of its online row (the ratings: `settler`, which online play provides).
"""

from __future__ import annotations

import json
import secrets
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import Connection, Engine, bindparam, delete, insert, or_, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.sql import ClauseElement

from ...errors import TimesSquareError
from ...session.clock import Clock
from .changes import NOTIFY, notices
from .database import LOCK_SECONDS, DatabaseUnavailable, aware, dialect_name
from .driver_batch import run_batch
from .online_games import OnlineGame, clock_columns, online_game_columns, online_game_of
from .online_schema import challenges, online_games, server_keys
from .schema import games, health, moves, seats

CHECKPOINT_SECONDS = 1.0


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
    agreed: str | None = None  # "draw" or "aborted": the players stopped the game (the record's `agreed`)

    @property
    def status(self) -> str:
        return "live" if self.result is None else "finished"


@dataclass(frozen=True)
class Settlement:
    """A change ended the game: its online row is settled with it (the ratings, if rated and `played`: both
    players moved, else it is aborted, R11.5)."""

    result: str
    played: bool
    at: datetime  # when the game ended, on the server's clock (tests inject theirs): the ratings' day counts from it


# Settles a finished game's online row inside the change's transaction: (connection, game id, result, moment,
# played) -> anything. Online play provides it (web/online/store.settle_in); nothing is settled without it.
Settler = Callable[[Connection, str, str, datetime, bool], object]


@dataclass(frozen=True)
class Append:
    """One change of a game as storage writes it, if the game is still at `expected_version`: its new record
    entries (from index `first_ply`), its progress, its clock after the change (None: no clock) and its
    settlement when it ends the game; all in one transaction, or nothing."""

    game_id: str
    expected_version: int
    first_ply: int
    entries: Sequence[str]
    progress: Progress
    clock: Clock | None = None
    settlement: Settlement | None = None


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
class GameStart:
    """Everything a new game writes, in one transaction (`GameStore.start`)."""

    game: NewGame
    progress: Progress
    entries: Sequence[str] = ()  # its first record entries (usually none)
    online: OnlineGame | None = None  # its online row: the accounts by seat, rated or not, the clock
    challenge: str | None = None  # the lobby challenge it answers: taken with it (no game if it is gone)
    seekers: Sequence[int] = ()  # accounts whose quick-pairing seeks end as it starts


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
    agreed: str | None = None
    clock: Clock | None = None  # an online game's clock, as its last change left it

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
        if self.agreed:
            record["agreed"] = self.agreed
        if self.variants:
            record["variants"] = list(self.variants)
        return record


@dataclass(frozen=True)
class Tail:
    """What a game's record holds past a point: its entries from there on, its version and forfeit now."""

    entries: list[str]
    version: int
    forfeit: tuple[str, str] | None
    rematch_id: str | None
    agreed: str | None = None  # "draw" or "aborted": the players stopped the game
    clock: Clock | None = None  # the clock stored with the last change


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


# A game against the computer with no move for this long has been left by its player: it stays playable (and on
# its player's home page) but is no longer listed among the live games to watch.
COMPUTER_GAME_LEFT = timedelta(hours=1)


def now() -> datetime:
    return datetime.now(UTC)


class GameStore:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.dialect = dialect_name(engine.url)
        # SQLite has one writer at a time: queue writers here rather than spin on its lock.
        self._write_lock = threading.Lock() if self.dialect == "sqlite" else None
        self._stop = threading.Event()
        self.settler: Settler | None = None
        self._checkpointer: threading.Thread | None = None
        database = engine.url.database or ""
        if self.dialect == "sqlite" and database not in ("", ":memory:") and "memory" not in database:
            self._checkpointer = threading.Thread(target=self._checkpoints, name="sqlite checkpoints", daemon=True)
            self._checkpointer.start()

    def _checkpoints(self) -> None:
        """Copy the write-ahead log into the database file now and then, beside the writers (PASSIVE: it
        never blocks them), instead of inside whichever commit fills the log."""
        while not self._stop.wait(CHECKPOINT_SECONDS):
            try:
                with self.engine.connect() as connection:
                    connection.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")
            except Exception:  # the next round tries again; a failing database shows in the requests
                continue

    @contextmanager
    def _writing(self, held: Connection | None = None) -> Iterator[Connection]:
        """A connection whose work is committed at the end (rolled back if anything raises): a new one from
        the pool, or `held`, one the caller keeps between writes (the group commit's thread)."""
        lock = self._write_lock
        if lock is not None and not lock.acquire(timeout=LOCK_SECONDS):  # a writer hangs: do not queue behind it
            raise DatabaseUnavailable("another write has been waiting on the database too long")
        try:
            if held is None:
                with self.engine.connect() as connection:
                    yield connection
                    connection.commit()
                return
            try:
                yield held
                held.commit()
            except BaseException:
                if not held.closed and not held.invalidated:
                    held.rollback()
                raise
        finally:
            if lock is not None:
                lock.release()

    def ping(self) -> None:
        """Raises when the database does not answer, or cannot write: the health row is written each time."""
        with self._writing() as connection:
            connection.execute(update(health).where(health.c.id == 1).values(checked_at=now()))

    def close(self) -> None:
        self._stop.set()
        if self._checkpointer is not None:
            self._checkpointer.join(5)
        self.engine.dispose()

    # ------------------------------------------------------------------ writes

    def create(self, new: NewGame, progress: Progress, entries: Sequence[str] = ()) -> None:
        """Store a new game with its first record entries (usually none) and its seat token hashes."""
        self.start(GameStart(new, progress, entries))

    def start(self, start: GameStart) -> bool:
        """Write a new game whole, in one transaction: the game and its first entries, its seats, its online row,
        its challenge taken and its players' seeks ended. False (and nothing written) when the challenge is
        gone: taken by someone else, or cancelled."""
        with self._writing() as connection:
            if start.challenge is not None:
                taken = connection.execute(delete(challenges).where(challenges.c.id == start.challenge)).rowcount
                if taken != 1:
                    connection.rollback()
                    return False
            _insert_game(connection, start, now())
        return True

    def append(
        self, game_id: str, expected_version: int, first_ply: int, entries: Sequence[str], progress: Progress
    ) -> None:
        """Add record entries from index `first_ply` on and the new progress, if the stored version is still
        `expected_version`; else raise VersionConflict and write nothing."""
        if not self.append_many([Append(game_id, expected_version, first_ply, entries, progress)])[0]:
            raise VersionConflict(f"game {game_id} changed since version {expected_version}")

    def append_many(self, appends: Sequence[Append], held: Connection | None = None) -> list[bool]:
        """Several games' `append`s in one transaction (one commit, one flush to disk, for all of them): the
        server's group commit. Returns, for each, whether it was written (False: VersionConflict, and
        nothing of that one was written; the others are). `held`: the connection to write with (else one
        from the pool)."""
        if not appends:
            return []
        moment = now()
        with self._writing(held) as connection:
            # The usual case, all at once (driver_batch.py): every game is at the version its writer expects.
            try:
                rows = [_update_row(item, moment) for item in appends]
                if run_batch(connection, [(_GUARDED_UPDATE, rows), *_rest(connection, appends)])[0] == len(appends):
                    self._settle(connection, appends)
                    return [True] * len(appends)
            except IntegrityError:  # a move already stored: a game written meanwhile, found below
                pass
            connection.rollback()  # someone else wrote one of these games: go one by one
            written = [connection.execute(_GUARDED_UPDATE, _update_row(item, moment)).rowcount == 1 for item in appends]
            # (a refused one changed no row, so there is nothing to undo)
            kept = [item for item, ok in zip(appends, written, strict=True) if ok]
            run_batch(connection, _rest(connection, kept))
            self._settle(connection, kept)
        return written

    def _settle(self, connection: Connection, appends: Sequence[Append]) -> None:
        """The ratings of the games these changes ended."""
        for item in appends:
            if item.settlement is not None and self.settler is not None:
                settlement = item.settlement
                self.settler(connection, item.game_id, settlement.result, settlement.at, settlement.played)

    def rematch(
        self, game_id: str, start: GameStart, seat: str, token_hash_in: Callable[[str], str]
    ) -> tuple[str, bool]:
        """A rematch and one seat of it, in one transaction: `start` is written as the rematch of a game unless
        that game has one already, and `seat` of whichever rematch it is gets the token whose hash
        `token_hash_in(rematch_id)` gives. Returns the rematch's id and whether the seat is this token's
        (False: the seat has another token)."""
        with self._writing() as connection:
            unclaimed = games.c.id == game_id, games.c.rematch_id.is_(None)
            claim = update(games).where(*unclaimed).values(rematch_id=start.game.id)
            if connection.execute(claim).rowcount == 1:
                _insert_game(connection, start, now())
                rematch_id = start.game.id
            else:  # the other player's, made first
                kept = select(games.c.rematch_id).where(games.c.id == game_id)
                rematch_id = str(connection.execute(kept).scalar_one())
            token_hash = token_hash_in(rematch_id)
            try:
                with connection.begin_nested():
                    connection.execute(insert(seats).values(token_hash=token_hash, game_id=rematch_id, seat=seat))
            except IntegrityError:
                holder = select(seats.c.seat).where(seats.c.token_hash == token_hash, seats.c.game_id == rematch_id)
                return rematch_id, connection.execute(holder).scalar() == seat
        return rematch_id, True

    def server_key(self, name: str) -> str:
        """A server secret by name (the key of accounts' seat tokens), made on first use (the first writer wins)."""
        with self._writing() as c:
            value = c.execute(select(server_keys.c.value).where(server_keys.c.name == name)).scalar()
            if value is None:
                try:
                    with c.begin_nested():
                        c.execute(insert(server_keys).values(name=name, value=secrets.token_hex(32)))
                except IntegrityError:
                    pass
                value = c.execute(select(server_keys.c.value).where(server_keys.c.name == name)).scalar_one()
        return str(value)

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
            clock = _clock_of(connection, game_id)
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
            agreed=row["agreed"],
            clock=clock,
        )

    def tail(self, game_id: str, first_ply: int) -> Tail | None:
        """The record's entries from index `first_ply` on, as another process committed them (None: no such
        game). Read in one transaction, so the entries and the version agree."""
        with self.engine.begin() as connection:
            row = connection.execute(
                select(
                    games.c.version, games.c.forfeit_seat, games.c.forfeit_reason, games.c.rematch_id, games.c.agreed
                ).where(games.c.id == game_id)
            ).first()
            if row is None:
                return None
            entries = connection.execute(
                select(moves.c.move).where(moves.c.game_id == game_id, moves.c.ply >= first_ply).order_by(moves.c.ply)
            ).scalars()
            forfeit = (row.forfeit_seat, row.forfeit_reason or "") if row.forfeit_seat else None
            return Tail(list(entries), row.version, forfeit, row.rematch_id, row.agreed, _clock_of(connection, game_id))

    def exists(self, game_id: str) -> bool:
        with self.engine.connect() as connection:
            return connection.execute(select(games.c.id).where(games.c.id == game_id)).first() is not None

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
        """The most recently changed games of a status ("live" or "finished"). A live game against the computer
        that nobody moved in for COMPUTER_GAME_LEFT is left out: its player went away ("Games to watch")."""
        query = select(games).where(games.c.status == status)
        if status == "live":
            left = now() - COMPUTER_GAME_LEFT
            query = query.where(or_(games.c.mode != "computer", games.c.updated_at >= left))
        query = query.order_by(games.c.updated_at.desc()).limit(limit)
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


_NO_PROGRESS = Progress(0, 0, None, None)
_INSERT_MOVES = insert(moves)  # made once: building the statement anew was a tenth of a commit's time

_GUARDED_UPDATE = (
    update(games)
    .where(games.c.id == bindparam("gid"), games.c.version == bindparam("expected"))
    .values(
        updated_at=bindparam("moment"),
        version=bindparam("new_version"),
        public_moves=bindparam("new_public_moves"),
        status=bindparam("new_status"),
        to_move=bindparam("new_to_move"),
        result=bindparam("new_result"),
        end_reason=bindparam("new_end_reason"),
        forfeit_seat=bindparam("new_forfeit_seat"),
        forfeit_reason=bindparam("new_forfeit_reason"),
        agreed=bindparam("new_agreed"),
    )
)


_CLOCK_COLUMNS = ("control", "left_a_ms", "left_b_ms", "clock_seat", "turn_started", "deadline")
_SET_CLOCK = (
    update(online_games)
    .where(online_games.c.game_id == bindparam("gid"))
    .values({name: bindparam(f"new_{name}") for name in _CLOCK_COLUMNS})
)


def _rest(connection: Connection, appends: Sequence[Append]) -> list[tuple[ClauseElement, list[dict[str, Any]]]]:
    """Everything of these changes but their guarded game rows and settlements: moves, clocks, the notices."""
    return [
        (_INSERT_MOVES, [row for item in appends for row in _move_rows(item)]),
        (_SET_CLOCK, [_clock_row(item.game_id, item.clock) for item in appends if item.clock is not None]),
        (NOTIFY, notices(connection, [(item.game_id, item.progress.version) for item in appends])),
    ]


def _clock_row(game_id: str, clock: Clock) -> dict[str, Any]:
    return {"gid": game_id, **{f"new_{name}": value for name, value in clock_columns(clock).items()}}


def _clock_of(connection: Connection, game_id: str) -> Clock | None:
    """A game's clock as stored (None: not an online game, or one without a clock)."""
    row = connection.execute(select(online_games).where(online_games.c.game_id == game_id)).mappings().first()
    return None if row is None else online_game_of(row).clock


def _update_row(item: Append, moment: datetime) -> dict[str, Any]:
    values = {f"new_{key}": value for key, value in _progress_values(item.progress).items()}
    return {"gid": item.game_id, "expected": item.expected_version, "moment": moment, **values}


def _move_rows(item: Append) -> list[dict[str, Any]]:
    return [{"game_id": item.game_id, "ply": item.first_ply + i, "move": m} for i, m in enumerate(item.entries)]


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
        "agreed": progress.agreed,
    }


def _insert_game(connection: Connection, start: GameStart, moment: datetime) -> None:
    """Every row of a new game (inside the caller's transaction)."""
    new = start.game
    connection.execute(insert(games).values(**_game_values(new, moment), **_progress_values(start.progress)))
    _insert_moves(connection, new.id, 0, start.entries)
    for seat, token_hash in new.seats.items():
        connection.execute(insert(seats).values(token_hash=token_hash, game_id=new.id, seat=seat))
    if start.online is not None:
        connection.execute(insert(online_games).values(**online_game_columns(start.online)))
    if start.seekers:
        quick = challenges.c.quick.is_(True)
        connection.execute(delete(challenges).where(quick, challenges.c.account_id.in_(list(start.seekers))))


def _insert_moves(connection: Connection, game_id: str, first_ply: int, entries: Sequence[str]) -> None:
    if entries:
        connection.execute(_INSERT_MOVES, _move_rows(Append(game_id, 0, first_ply, entries, _NO_PROGRESS)))


def _summary(row: Any, seat: str | None = None) -> Summary:
    return Summary(
        id=row["id"],
        mode=row["mode"],
        players={"A": row["player_a"], "B": row["player_b"]},
        to_move=row["to_move"],
        result=row["result"],
        public_moves=row["public_moves"],
        updated=aware(row["updated_at"]),
        seat=seat,
    )

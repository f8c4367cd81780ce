"""Reading and writing Swiss tournaments (tournament_tables.py): short transactions, run in worker threads.
A round is started by one conditional write (the round number moves only from the one it was), so of
several server processes exactly one pairs each round."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Engine, and_, delete, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from ..storage.online_schema import accounts, online_games
from ..storage.schema import games
from .swiss import Result
from .tournament_tables import tournament_pairings, tournament_players, tournaments

MAX_OPEN_CREATED = 3  # tournaments not yet finished that one account has created


def _aware(moment: datetime) -> datetime:
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


@dataclass(frozen=True)
class Tournament:
    id: str
    name: str
    created_by: str | None
    control: str
    rounds: int
    starts_at: datetime
    status: str
    round: int

    def document(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "created_by": self.created_by,
            "control": self.control,
            "rounds": self.rounds,
            "starts_at": _aware(self.starts_at).astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
            "status": self.status,
            "round": self.round,
        }


@dataclass(frozen=True)
class Pairing:
    round: int
    white: int | None
    black: int | None
    game_id: str | None
    result: str | None  # the game's: "A", "B", "draw", "aborted"; None while it runs (and for a bye)

    def as_result(self) -> Result | None:
        """The pairing as the Swiss arithmetic sees it; None while its game runs. An aborted tournament game
        (from before aborts were refused in them: R11.10) scores nothing for either player."""
        if self.white is None:
            return None
        if self.black is None:
            return Result(self.white, None, None)
        if self.result is None:
            return None
        winner = {"A": self.white, "B": self.black}.get(self.result)
        return Result(self.white, self.black, winner, draw=self.result == "draw")


class TournamentStore:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def _query(self) -> Any:
        t = tournaments.c
        return select(*t, accounts.c.name.label("creator")).outerjoin(accounts, accounts.c.id == t.created_by)

    @staticmethod
    def _tournament(row: Any) -> Tournament:
        return Tournament(
            row.id, row.name, row.creator, row.control, row.rounds, _aware(row.starts_at), row.status, row.round
        )

    def create(self, tid: str, name: str, by: int, control: str, rounds: int, starts: datetime, now: datetime) -> bool:
        """False when the account has too many tournaments that have not finished. The count and the insert
        are one transaction that first locks the account's row (as a challenge's are: online/store.py), so
        concurrent requests of one account cannot all pass the count."""
        t = tournaments.c
        with self.engine.begin() as c:
            c.execute(update(accounts).where(accounts.c.id == by).values(games=accounts.c.games))  # the lock
            mine = c.execute(
                select(func.count()).where(t.created_by == by, t.status.in_(("open", "running")))
            ).scalar_one()
            if mine >= MAX_OPEN_CREATED:
                return False
            c.execute(
                insert(tournaments).values(
                    id=tid,
                    name=name,
                    created_by=by,
                    control=control,
                    rounds=rounds,
                    starts_at=starts,
                    status="open",
                    round=0,
                    created_at=now,
                )
            )
        return True

    def get(self, tid: str) -> Tournament | None:
        with self.engine.connect() as c:
            row = c.execute(self._query().where(tournaments.c.id == tid)).first()
        return None if row is None else self._tournament(row)

    def listed(self, limit: int = 50) -> list[Tournament]:
        t = tournaments.c
        with self.engine.connect() as c:
            rows = c.execute(self._query().order_by(t.status == "finished", t.starts_at.desc()).limit(limit))
            return [self._tournament(row) for row in rows]

    def due(self, now: datetime) -> list[Tournament]:
        """Tournaments to look at: open ones whose start has come, and running ones."""
        t = tournaments.c
        with self.engine.connect() as c:
            rows = c.execute(
                self._query().where((t.status == "running") | and_(t.status == "open", t.starts_at <= now))
            )
            return [self._tournament(row) for row in rows]

    def join(self, tid: str, account_id: int, now: datetime) -> bool:
        """Join before the start (twice is once), or come back after withdrawing from a running one (paired again
        from the next round). False when that is not open to the account (or the tournament is gone)."""
        p = tournament_players.c
        mine = and_(p.tournament_id == tid, p.account_id == account_id)
        with self.engine.begin() as c:
            status = c.execute(select(tournaments.c.status).where(tournaments.c.id == tid)).scalar_one_or_none()
            if status == "running":
                return bool(c.execute(update(tournament_players).where(mine).values(withdrawn=False)).rowcount == 1)
            if status != "open":
                return False
            try:
                with c.begin_nested():  # joining twice at once is joining once
                    c.execute(
                        insert(tournament_players).values(tournament_id=tid, account_id=account_id, joined_at=now)
                    )
            except IntegrityError:
                pass
        return True

    def leave(self, tid: str, account_id: int) -> bool:
        """Leave before the start, or withdraw from a running one (its games paired already are played out;
        its points stay in the standings). False when it has ended, or the account never played in it."""
        p = tournament_players.c
        mine = and_(p.tournament_id == tid, p.account_id == account_id)
        with self.engine.begin() as c:
            status = c.execute(select(tournaments.c.status).where(tournaments.c.id == tid)).scalar_one_or_none()
            if status == "running":
                return bool(c.execute(update(tournament_players).where(mine).values(withdrawn=True)).rowcount == 1)
            if status != "open":
                return False
            c.execute(delete(tournament_players).where(mine))
        return True

    def players(self, tid: str) -> dict[int, dict[str, Any]]:
        """Account id -> its public document, for every player who joined (in order of joining)."""
        p = tournament_players.c
        query = (
            select(accounts, p.withdrawn)
            .join(tournament_players, p.account_id == accounts.c.id)
            .where(p.tournament_id == tid)
            .order_by(p.joined_at, accounts.c.id)
        )
        with self.engine.connect() as c:
            return {
                row["id"]: {
                    "name": row["name"],
                    "rating": row["rating"],
                    "bot": bool(row["bot"]),
                    "withdrawn": bool(row["withdrawn"]),
                }
                for row in c.execute(query).mappings()
            }

    def pairings(self, tid: str) -> list[Pairing]:
        q = tournament_pairings.c
        query = (
            select(q.round, q.white, q.black, q.game_id, games.c.result)
            .outerjoin(games, games.c.id == q.game_id)
            .where(q.tournament_id == tid)
            .order_by(q.round, q.id)
        )
        with self.engine.connect() as c:
            return [Pairing(r.round, r.white, r.black, r.game_id, r.result) for r in c.execute(query)]

    def claim_round(self, tid: str, current: int, status: str, now: datetime) -> bool:
        """Move the tournament from round `current` to the next (status `status`), claimed `now` by the caller to
        pair it; False if another did."""
        t = tournaments.c
        with self.engine.begin() as c:
            moved = c.execute(
                update(tournaments)
                .where(t.id == tid, t.round == current)
                .values(round=current + 1, status=status, round_claimed_at=now)
            ).rowcount
        return moved == 1

    def release_round(self, tid: str, round_: int, claimed_before: datetime) -> bool:
        """Give back round `round_` when it was claimed before `claimed_before` and nobody was paired in it: the
        process that claimed it died while pairing. The tournament is back where it was before the claim (open
        before its first round), so the next look pairs the round again. False when that is not so."""
        t, p = tournaments.c, tournament_pairings.c
        paired = select(p.tournament_id).where(p.tournament_id == tid, p.round == round_).exists()
        with self.engine.begin() as c:
            moved = c.execute(
                update(tournaments)
                .where(t.id == tid, t.round == round_, t.round_claimed_at <= claimed_before, ~paired)
                .values(round=round_ - 1, status="open" if round_ == 1 else "running", round_claimed_at=None)
            ).rowcount
        return moved == 1

    def start_now(self, tid: str, by: int, now: datetime) -> bool:
        """Its creator brings the start forward to now (the sweep then starts it); False if not open or not his."""
        t = tournaments.c
        with self.engine.begin() as c:
            moved = c.execute(
                update(tournaments).where(t.id == tid, t.created_by == by, t.status == "open").values(starts_at=now)
            ).rowcount
        return moved == 1

    def end(self, tid: str, status: str) -> None:
        with self.engine.begin() as c:
            c.execute(update(tournaments).where(tournaments.c.id == tid).values(status=status))

    def add_pairing(self, tid: str, round_: int, white: int, black: int | None, game_id: str | None) -> None:
        with self.engine.begin() as c:
            c.execute(
                insert(tournament_pairings).values(
                    tournament_id=tid, round=round_, white=white, black=black, game_id=game_id
                )
            )

    def tournament_of(self, game_id: str) -> str | None:
        """The tournament a game was paired in, if any."""
        p = tournament_pairings.c
        with self.engine.connect() as c:
            found = c.execute(select(p.tournament_id).where(p.game_id == game_id).limit(1)).scalar()
        return None if found is None else str(found)

    def settled(self, game_ids: list[str]) -> bool:
        """Whether every one of these online games is settled (ratings moved): then a round is over."""
        return self.settled_count(game_ids) == len(game_ids)

    def settled_count(self, game_ids: list[str]) -> int:
        """How many of these online games are settled."""
        if not game_ids:
            return 0
        g = online_games.c
        with self.engine.connect() as c:
            return int(
                c.execute(select(func.count()).where(g.game_id.in_(game_ids), g.finished.is_(True))).scalar_one()
            )

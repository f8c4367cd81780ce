"""The one way a game starts (docs/web.md "How a game starts"): a game with a link, a game of two accounts
(a lobby challenge taken, or a quick pairing), an account's game against the computer, a rematch of any
kind, and a tournament's pairing.

Each way in that makes a new game first passes the one admission (`Admits`, admission.py): the new-game
rates of its asker and, against the computer, the cap on computer games at work. A tournament's pairing is
the server's own and passes none.

Each is one write (storage `GameStore.start`): the game, its seats' token hashes, its online row (accounts,
rated or not, its clock) and the challenge it answers go to the database together or not at all, so a crash
or a failed write never leaves a game without its clock or its rating row, nor a challenge taken without its
game. The tutorial makes no game: its lesson is rebuilt on each request and never stored (api/learn.py).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime

from ...cards import SEAT_NAMES
from ...session.clock import Clock, TimeControl
from ...variants import Rules
from ..guards.security import derive_token, hash_token, new_game_id, new_token
from ..sockets.rooms import Rooms
from ..sockets.table import FRIEND, YOU, Table
from ..storage import DatabaseUnavailable, GameStart, StoredGame
from ..storage.online_games import OnlineGame
from .admission import Admits, Asker
from .seat_tokens import SeatTokens

COMPUTER_CONTROL = TimeControl.parse("1d")  # a rated game against the computer: a day a turn (R11.5)


@dataclass(frozen=True)
class SeatLink:
    """A seat of a new game and its token (with the friend's, for a game with a link): api/requests.game_links."""

    game_id: str
    seat: str
    token: str
    invite: str | None = None


class SeatTaken(Exception):
    """The seat of a rematch already has another token."""


class GameStarter:
    def __init__(
        self, rooms: Rooms, rules: Rules, tokens: SeatTokens, now: Callable[[], datetime], admit: Admits
    ) -> None:
        self.rooms = rooms
        self.rules = rules
        self.tokens = tokens
        self.now = now
        self.admit = admit

    async def _start(self, table: Table, start: GameStart, owner: Sequence[str] = ()) -> bool:
        """Write the game whole; a computer's room opens at once (it may move first), its turns the share of
        `owner` (api/quotas.py: the account, then the address) in the worker pool. False: the challenge it
        answers was gone, and nothing was written."""
        database = self.rooms.database
        if not await database.run(database.store.start, start):
            return False
        table.session.clock = None if start.online is None else start.online.clock
        if start.online is not None:  # online play learns the game before its first state ...
            with contextlib.suppress(DatabaseUnavailable):  # ... or at its first move: the game is made, say so
                await self.rooms.hooks.loaded(table.game_id)
        if table.mode == "computer":
            self._open_computer_room(table, owner)
        return True

    def _open_computer_room(self, table: Table, owner: Sequence[str]) -> None:
        if owner:
            self.rooms.pool.own(table.game_id, owner)
        self.rooms.add(table)

    async def with_link(self, asker: Asker, mode: str, level: str, seat_choice: str) -> SeatLink:
        """A game without accounts (`POST /api/games`): against a computer `level`, or with a friend (the
        invite is the friend's token)."""
        owner = self.admit(asker, mode == "computer")
        table = Table.new(new_game_id(), mode, level, seat_choice, self.rules)
        mine = _seat_named(table, YOU)
        token, invite = new_token(), (new_token() if mode == "friend" else None)
        seats = {mine: hash_token(token)}
        if invite is not None:
            seats[_other(mine)] = hash_token(invite)
        await self._start(table, GameStart(table.stored_new(seats), table.progress(), table.entries_since(0)), owner)
        return SeatLink(table.game_id, mine, token, invite)

    async def for_accounts(
        self, asker: Asker, challenger: int, control: TimeControl, rated: bool, challenge_id: str
    ) -> dict[int, SeatLink] | None:
        """Two accounts' game, from a lobby challenge (or a quick-pairing seek) taken by the asker's account:
        seats drawn at random, the clock running for whoever moves first, both players' seeks ended. Each
        account's link, or None when the challenge was gone."""
        acceptor = _account_of(asker)
        self.admit(asker, False)
        return await self._two_accounts(challenger, acceptor, "random", control, rated, challenge_id)

    async def against_computer(self, asker: Asker, level: str, rated: bool) -> SeatLink:
        """An account's game against a computer level (the lobby's): casual without a clock, or rated at
        COMPUTER_CONTROL, so that an abandoned rated game ends on time (R11.5)."""
        account = _account_of(asker)
        owner = self.admit(asker, True)
        table = Table.new(new_game_id(), "computer", level, "random", self.rules)
        seat = _seat_named(table, YOU)
        token = await self.tokens.of(table.game_id, seat, account)
        accounts: dict[str, int | None] = {s: (account if s == seat else None) for s in SEAT_NAMES}
        clock = Clock.start(COMPUTER_CONTROL, SEAT_NAMES[table.session.to_move or 0], self.now()) if rated else None
        online = OnlineGame(table.game_id, accounts, level, rated, clock, False)
        new = table.stored_new({seat: hash_token(token)})
        await self._start(table, GameStart(new, table.progress(), table.entries_since(0), online), owner)
        return SeatLink(table.game_id, seat, token)

    async def pairing(self, first: int, second: int, control: TimeControl, rated: bool) -> dict[int, SeatLink]:
        """Two accounts' game with `first` at A and `second` at B (a tournament's pairing), its clock running."""
        links = await self._two_accounts(first, second, "A", control, rated)
        assert links is not None, "a game that answers no challenge is always made"
        return links

    async def _two_accounts(
        self, first: int, second: int, first_seat: str, control: TimeControl, rated: bool, challenge: str | None = None
    ) -> dict[int, SeatLink] | None:
        """A game between two accounts, `first` at `first_seat` ("A", "B" or "random"), the clock running for
        whoever moves first; answering `challenge` (and ending both players' seeks) when given. Each account's
        link, or None when the challenge was gone."""
        table = Table.new(new_game_id(), "friend", FRIEND, first_seat, self.rules)
        seat_of = {first: _seat_named(table, YOU), second: _seat_named(table, FRIEND)}
        links = {
            i: SeatLink(table.game_id, seat, await self.tokens.of(table.game_id, seat, i))
            for i, seat in seat_of.items()
        }
        clock = Clock.start(control, SEAT_NAMES[table.session.to_move or 0], self.now())
        online = OnlineGame(table.game_id, {seat: i for i, seat in seat_of.items()}, None, rated, clock, False)
        new = table.stored_new({link.seat: hash_token(link.token) for link in links.values()})
        seekers = tuple(seat_of) if challenge is not None else ()
        start = GameStart(new, table.progress(), table.entries_since(0), online, challenge, seekers)
        return links if await self._start(table, start) else None

    async def online_rematch(self, asker: Asker, stored: StoredGame, game: OnlineGame) -> str:
        """The rematch of an online game on its terms (online/rematch.py), asked by `asker` (against a level,
        the one player; between accounts, the one whose request accepts the other's offer): the same accounts
        with seats swapped, rated as it was, at its time control with a fresh clock, against its level if it
        had one. Written whole with both seats; returns its id (the one made first, when two asked at once)."""
        owner = self.admit(asker, game.level is not None)
        accounts = {_other(seat): i for seat, i in game.accounts.items()}
        players = {"A": stored.players["B"], "B": stored.players["A"]}
        fresh = Table.new(new_game_id(), stored.mode, "", "A", Rules.from_names(stored.variants), players=players)
        tokens = {s: await self.tokens.of(fresh.game_id, s, i) for s, i in accounts.items() if i is not None}
        to_move = SEAT_NAMES[fresh.session.to_move or 0]
        clock = None if game.clock is None else Clock.start(game.clock.control, to_move, self.now())
        fresh.session.clock = clock  # the session holds the clock (its room may open here, below)
        online = OnlineGame(fresh.game_id, accounts, game.level, game.rated, clock, False)
        new = fresh.stored_new({s: hash_token(t) for s, t in tokens.items()}, rematch_of=stored.id)
        seat, account = next((s, i) for s, i in accounts.items() if i is not None)

        def token_hash_in(rematch_id: str) -> str:
            return hash_token(self.tokens.known(rematch_id, seat, account))

        start = GameStart(new, fresh.progress(), (), online)
        kept, _ = await self.rooms.database.run(
            self.rooms.database.store.rematch, stored.id, start, seat, token_hash_in
        )
        if kept == fresh.game_id:
            with contextlib.suppress(DatabaseUnavailable):
                await self.rooms.hooks.loaded(kept)
            if fresh.mode == "computer":
                self._open_computer_room(fresh, owner)  # the computer may move first
        return kept

    async def rematch(self, asker: Asker, stored: StoredGame, token: str, old_seat: str) -> SeatLink:
        """The rematch of a finished game for the holder of `token` (its seat `old_seat`): seats swap, and the
        token of the new seat is derived from the old one. The first to ask makes it (and is admitted as a
        new game); the other player joins it. Raises SeatTaken when that seat of the rematch has another
        token."""
        seat = _other(old_seat)
        store = self.rooms.database.store
        if stored.rematch_id is not None:
            rematch_token = derive_token(token, stored.rematch_id)
            if not await self.rooms.database.run(store.add_seat, stored.rematch_id, seat, hash_token(rematch_token)):
                raise SeatTaken(stored.rematch_id)
            return SeatLink(stored.rematch_id, seat, rematch_token)
        owner = self.admit(asker, stored.mode == "computer")
        players = {"A": stored.players["B"], "B": stored.players["A"]}
        fresh = Table.new(new_game_id(), stored.mode, "", "A", Rules.from_names(stored.variants), players=players)
        start = GameStart(fresh.stored_new({}, rematch_of=stored.id), fresh.progress())

        def token_hash_in(rematch_id: str) -> str:
            return hash_token(derive_token(token, rematch_id))

        kept, mine = await self.rooms.database.run(store.rematch, stored.id, start, seat, token_hash_in)
        if not mine:
            raise SeatTaken(kept)
        if kept == fresh.game_id and fresh.mode == "computer":
            self._open_computer_room(fresh, owner)
        return SeatLink(kept, seat, derive_token(token, kept))


def _account_of(asker: Asker) -> int:
    assert asker.account is not None, "a game of accounts is asked for by a logged-in account"
    return asker.account


def _seat_named(table: Table, name: str) -> str:
    """The seat of a record name ("you": who made the game or the challenge; "friend": the other person)."""
    return next(seat for seat, who in table.session.seats.items() if who == name)


def _other(seat: str) -> str:
    return SEAT_NAMES[1 - SEAT_NAMES.index(seat)]

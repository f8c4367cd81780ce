"""Live games in memory: one `Room` per game with open sockets or a computer player at work.

A room holds the game's `Table` (the game session) and the sockets joined to it. Every change goes the same
way, under the room's lock: the session checks and applies it and hands back one `Change` (session/change.py:
its record entries, its clock, its end), which is committed to the database whole, in one transaction, and
only then does every socket hear of it, from its seat's update. If the commit fails, the room is dropped and
the game is read back from the database, so memory never runs ahead of disk. A computer player chooses in
the worker pool, outside the lock (a resignation need not wait for it).
"""

from __future__ import annotations

import asyncio
import functools
import logging
import random
from collections.abc import Awaitable, Callable, Sequence
from datetime import datetime
from typing import Any, Protocol

from ...actions import ACTIONS
from ...cards import SEAT_NAMES
from ...errors import InvalidActionError, TimesSquareError
from ...players.base import Forfeit
from ...session import ComputerTurn, RuleError, StaleVersionError
from ...session.change import Change
from ...session.choices import turn_words
from ...session.clock import system_now
from ...session.destinations import turn_destinations
from ...session.reasons import reason_words, session_words
from ..guards.limits import Throttled
from ..guards.security import hash_token, is_token
from ..storage import Append, DatabaseUnavailable, Settlement, VersionConflict
from ..storage.writer import Database
from ..workers.pool import PoolBusy, WorkerPool
from . import messages
from .messages import ProtocolError
from .table import Table, over_document, refusal

log = logging.getLogger("timessquare.web")
unavailable = Throttled(log)  # a database outage is told once every few seconds, not once per socket
CLOSE_TRY_AGAIN = 1013  # the page reconnects with a growing delay and joins again


class NoSuchGame(ProtocolError):
    """A join of a game that does not exist: the one refusal after which the socket is closed (4404)."""

    def __init__(self) -> None:
        super().__init__("not_found", "there is no such game")


class RoomHooks:
    """What online play (web/online) adds to a room; by default nothing. `committed`: after a change is stored,
    what this process remembers of it (it writes nothing: the change was stored whole); `state_extra`: fields
    for the `state` message (names, clocks), read by `loaded` beforehand."""

    async def loaded(self, game_id: str) -> None:
        return None

    async def changed_elsewhere(self, game_id: str) -> None:
        """Another process changed the game (its clock, its end): forget what was read of it before."""
        return None

    async def committed(self, room: Room, change: Change) -> None:
        return None

    def state_extra(self, room: Room) -> dict[str, Any]:
        return {}

    def hints_allowed(self, room: Room) -> bool:
        return True

    def seat_name(self, room: Room, seat: str) -> str | None:
        """The account name at a seat, if an account holds it (the chat says who spoke)."""
        return None

    def presence(self, room: Room, seat: int, joining: Member | None = None) -> None:
        """A seat's socket joined (`joining`, which has it in its state already) or left (the claim of R11.4
        counts the time away)."""
        return None

    async def seat_refused(self, game_id: str, seat: int) -> str | None:
        """Why the holder of a seat's token may not take it now (its account was banned), or None."""
        return None


class Member(Protocol):
    """A socket joined to a room (ws.py's `Connection`): its seat and language, whether it takes `update`
    messages (else a whole `state` after each change), and its outbox."""

    seat: int | None
    lang: str
    updates: bool
    changes: bool
    room: Room | None
    reading_back: bool  # its room was dropped and the game is being read back: it joins that by itself
    hint_pending: bool
    seen: tuple[int, int]  # the version and the log length of the last state or update it got

    @property
    def address(self) -> str: ...

    def send(self, message: dict[str, Any]) -> None: ...

    def send_text(self, text: str) -> None: ...

    def close(self, code: int = 1000) -> None: ...


class Room:
    def __init__(self, rooms: Rooms, table: Table) -> None:
        self.rooms = rooms
        self.table = table
        self.session = table.session
        self.id = table.game_id
        self.lock = asyncio.Lock()
        self.connections: set[Member] = set()
        self.thinking: int | None = None
        self.computer_task: asyncio.Task[None] | None = None
        self.rematch: str | None = None
        self.broken = False  # a commit failed: the room is stale and must be read back

    # ------------------------------------------------------------------ messages

    def state_message(self, seat: int | None, lang: str) -> dict[str, Any]:
        """The whole game as `seat` may know it in `lang`: what a socket gets on joining (and on asking)."""
        state = self.table.state_message(seat, lang, self.thinking, self.rematch)
        return {**state, **self.rooms.hooks.state_extra(self)}

    def send_state(self, connection: Member) -> None:
        """The whole game to one socket (on joining, on asking, after a stale action), noted as what it has."""
        connection.send(self.state_message(connection.seat, connection.lang))
        connection.seen = (self.session.version, self.session.log_length)

    def broadcast(self, changed: bool = False, change: Change | None = None) -> None:
        """Tell every socket what changed: a `change` (`change`'s events, the view's new fields, the clock) to
        the sockets that asked for changes and have the version before it, an `update` (the log from what that
        socket has on) to those that asked for updates, a whole `state` to the others; `changed`: a change of
        the game, which a socket that has it already (it joined meanwhile) does not get again. Each message is
        built and encoded once per seat, language and form, whoever else listens."""
        table = self.table
        extra: dict[str, Any] | None = None
        version, length = self.session.version, self.session.log_length
        built: dict[tuple[int | None, str, str, int], str | None] = {}
        for connection in list(self.connections):
            seen_version, seen_log = connection.seen
            if changed and seen_version >= version:
                continue
            seat, lang = connection.seat, connection.lang
            text = None
            if connection.changes and change is not None and seen_version == change.before:
                key = (seat, lang if change.ended else "", "change", 0)  # the end says how, in words
                if key not in built:
                    built[key] = self._change_text(seat, lang, change)
                text = built[key]
            if text is None:
                form = "update" if connection.updates else "state"
                key = (seat, lang, form, min(seen_log, length))
                text = built.get(key)
                if text is None:
                    if extra is None:
                        extra = self.rooms.hooks.state_extra(self)
                    if connection.updates:
                        message = table.update_message(seat, lang, self.thinking, self.rematch, key[3])
                    else:
                        message = table.state_message(seat, lang, self.thinking, self.rematch)
                    text = built[key] = messages.encode({**message, **extra})
            connection.send_text(text)
            connection.seen = (version, length)

    def _change_text(self, seat: int | None, lang: str, change: Change) -> str | None:
        """`change` as `seat`'s `change` message, encoded; with the end in words of `lang`, the rating changes and the
        players' accounts (their ratings after the game) when it ended the game. None: that seat's view before it is
        not at hand (a whole state goes instead)."""
        message = self.table.change_message(seat, change, self.thinking, self.clock_document())
        if message is None:
            return None
        if change.ended:
            message["over"] = over_document(self.session.update(seat, lang))
            online = self.rooms.hooks.state_extra(self).get("online")
            if online is not None:  # the end dialog's rating changes, and the players' ratings after the game
                message["rating_change"] = online["rating_change"]
                message["accounts"] = online["accounts"]
        return messages.encode(message)

    def clock_document(self) -> dict[str, Any] | None:
        """The game's clock as a `change` message tells it: time left by seat, whose clock runs, its deadline."""
        clock = self.session.clock
        if clock is None:
            return None
        document = clock.document(self.rooms.now())
        return {key: document[key] for key in ("left_ms", "running", "deadline")}

    # ------------------------------------------------------------------- changes

    async def commit(self, change: Change) -> None:
        """Store `change` whole (its entries, its progress, its clock, its settlement if it ended the game) in
        one transaction; on failure the room is dropped (and the game read back as it was)."""
        session = self.session
        outcome = change.outcome
        settlement = None if outcome is None else Settlement(outcome.result, session.both_moved, self.rooms.now())
        append = Append(
            self.id, change.before, change.first_ply, change.moves, self.table.progress(), change.clock, settlement
        )
        try:
            await self.rooms.database.append(append)
        except Exception as e:
            self.broken = True
            self.rooms.drop(self)
            if isinstance(e, DatabaseUnavailable):
                unavailable.warning("could not store a move of game %s: %s", self.id, e)
                raise ProtocolError(
                    "busy", "the database does not answer: the move may not be saved; the game is read back"
                ) from None
            if not isinstance(e, VersionConflict):
                log.exception("could not store a move of game %s", self.id)
            raise ProtocolError("busy", "the move could not be saved, so it did not happen: try again") from None
        await self.rooms.hooks.committed(self, change)

    async def change(self, make: Callable[[], Change | None], then_computer: bool = True) -> Change | None:
        """Make one change of the session under the lock (the caller holds it), commit it, then tell everyone;
        `then_computer`: start the computer if it is to move now (not when the computer's own task asks). The
        session turns a change asked after the mover's time ran out into its loss on time (R11.3). None: nothing
        changed (the game was over already)."""
        change = make()
        if change is None:
            return None
        await self.commit(change)
        self.broadcast(changed=True, change=change)
        if then_computer:
            self.start_computer()
        return change

    async def act(self, connection: Member, message: messages.Act | messages.Actions) -> None:
        """One action, or several of one turn (a trade's discards and its `end`): all or none, one commit."""
        actions = message.actions if isinstance(message, messages.Actions) else (message.action,)
        async with self.lock:
            lang = connection.lang
            try:
                await self.change(lambda: self.session.act_all(connection.seat, actions, message.version))
            except StaleVersionError as e:
                connection.send(refusal(e, str(actions[0]), lang).to_message())
                self.send_state(connection)
            except (RuleError, InvalidActionError) as e:  # one of several actions: the refusal names which
                raise refusal(e, e.text, lang) from None
            except TimesSquareError as e:
                raise refusal(e, str(actions[0]), lang) from None

    async def resign(self, connection: Member) -> None:
        async with self.lock:
            try:
                await self.change(lambda: self.session.resign(connection.seat))
            except TimesSquareError as e:
                raise refusal(e, "resign", connection.lang) from None

    def check_turn(self, connection: Member) -> int:
        try:
            return self.session.check_turn(connection.seat, connection.lang)
        except TimesSquareError as e:
            raise refusal(e, "", connection.lang) from None

    def explain(self, connection: Member, message: messages.Explain) -> dict[str, Any]:
        """Why the seat to move may not take the action now, in its words, with the rule it breaks."""
        seat, lang = self.check_turn(connection), connection.lang
        answer: dict[str, Any] = {"v": messages.VERSION, "type": "explain", "action": message.action}
        try:
            reason = self.session.illegal_reason(seat, message.action)
        except InvalidActionError:
            return {**answer, "legal": False, "reason": session_words("notation", lang), "rule": None}
        if reason is None:
            return {**answer, "legal": True, "reason": None, "rule": None}
        return {**answer, "legal": False, "reason": reason_words(reason, lang), "rule": reason.rule}

    async def hint(self, connection: Member) -> dict[str, Any]:
        seat = self.check_turn(connection)
        if not self.rooms.hooks.hints_allowed(self):
            raise ProtocolError("forbidden", "there are no hints in a rated game or against a person online")
        if connection.hint_pending:
            raise ProtocolError("busy", "a hint is already on its way")
        version, view = self.session.version, self.session.view(seat)
        connection.hint_pending = True
        try:
            clients = (connection.address, f"{self.id}:{seat}")  # one hint at a time per address and per seat
            result = await self.rooms.pool.hint(self.session.rules, view, self.rooms.hint_seconds, clients)
        except PoolBusy as e:
            raise ProtocolError("busy", str(e)) from None
        finally:
            connection.hint_pending = False
        return {
            "v": messages.VERSION,
            "type": "hint",
            "action": ACTIONS[result.action].notation,
            "turn": [ACTIONS[a].notation for a in result.turn],
            "destinations": turn_destinations(result.turn, view.figures),
            "words": turn_words(result.turn, view.figures, connection.lang),
            "win_probability": round(result.win_probability, 3),
            "version": version,
        }

    # ------------------------------------------------------------ computer player

    def start_computer(self) -> None:
        """Let the computer play if it is to move and is not at work already."""
        if not self.session.computer_to_move or self.broken:
            return
        if self.computer_task is None or self.computer_task.done():
            self.computer_task = asyncio.create_task(self.play_computer(), name=f"computer {self.id}")

    async def play_computer(self) -> None:
        """The session's computer turns, each chosen in the worker pool and played under the lock."""
        try:
            while not self.broken and self.session.computer_to_move:
                turn = self.session.computer_turn()
                if self.thinking != turn.seat:
                    async with self.lock:  # told between changes, never inside one half made
                        if self.broken or self.session.version != turn.version:
                            continue
                        self.thinking = turn.seat
                        self.broadcast()
                choice = await self.choose(turn)
                async with self.lock:
                    if self.broken or self.session.version != turn.version:
                        continue  # the game changed meanwhile (a resignation): look again
                    await self.change(functools.partial(self.computer_played, turn, choice), then_computer=False)
        except ProtocolError:
            pass  # a commit failed: the room was dropped and its sockets moved to the game read back
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("the computer player of game %s failed", self.id)
        finally:
            if self.thinking is not None:
                self.thinking = None
                if not self.broken:
                    self.broadcast()
            self.rooms.release(self)

    async def choose(self, turn: ComputerTurn) -> int | Forfeit:
        """The computer's choice from the pool; a player that fails is not allowed to stall the game:
        its forfeit ends it, any other failure is logged and a random legal action is played instead."""
        try:
            return await self.rooms.pool.choose(
                self.id, turn.seat, turn.name, self.session.rules, turn.view, list(turn.legal)
            )
        except Forfeit as e:
            return e
        except Exception:
            log.exception("computer player %r of game %s failed; playing a random legal action", turn.name, self.id)
            return random.choice(turn.legal)

    async def catch_up(self, version: int) -> None:
        """Another server process committed `version` of this game: apply what it added to the stored record
        (its tail) to our session, as events, and tell our sockets; the game is not read back whole. Anything
        amiss (the database, a tail that does not follow on) drops the room, and the game is read back."""
        async with self.lock:
            if self.broken or self.session.version >= version:
                return
            database = self.rooms.database
            try:
                tail = await database.run(database.store.tail, self.id, self.session.version)
                if tail is None:
                    raise TimesSquareError("the game is gone")
                change = self.session.catch_up(tail.entries, tail.forfeit, tail.agreed, tail.clock)
                await self.rooms.hooks.changed_elsewhere(self.id)
            except Exception as e:
                unavailable.warning("could not follow game %s from another process: %s", self.id, e)
                self.broken = True
                self.rooms.drop(self)
                return
            self.rematch = tail.rematch_id or self.rematch
            self.broadcast(changed=True, change=change)
        self.start_computer()

    def computer_played(self, turn: ComputerTurn, choice: int | Forfeit) -> Change:
        change = self.session.computer_played(turn, choice)
        if self.session.to_move != turn.seat:
            self.thinking = None  # its turn is over: the state that tells so says nobody is thinking
        return change


class Rooms:
    """The live rooms of this server process, by game id; a room is read from the database on first use."""

    def __init__(
        self,
        database: Database,
        pool: WorkerPool,
        hint_seconds: float = 1.0,
        now: Callable[[], datetime] = system_now,
    ) -> None:
        self.database = database
        self.pool = pool
        self.hint_seconds = hint_seconds
        self.now = now  # the time the games' clocks read (tests inject theirs)
        self.hooks = RoomHooks()
        self.rooms: dict[str, Room] = {}
        self.tasks: set[asyncio.Task[Any]] = set()
        self._loading: dict[str, asyncio.Future[Room | None]] = {}

    async def get(self, game_id: str) -> Room | None:
        room = self.rooms.get(game_id)
        if room is not None:
            return room
        pending = self._loading.get(game_id)
        if pending is not None:
            return await asyncio.shield(pending)
        future: asyncio.Future[Room | None] = asyncio.get_running_loop().create_future()
        self._loading[game_id] = future
        try:
            stored = await self.database.run(self.database.store.load, game_id)
            await self.hooks.loaded(game_id)
            room = None
            if stored is not None:
                room = Room(self, Table.restore(stored, now=self.now))
                room.rematch = stored.rematch_id
                self.rooms[game_id] = room
            future.set_result(room)
        except BaseException as e:
            future.set_exception(e)
            future.exception()  # retrieved: nobody else may be waiting
            raise
        finally:
            del self._loading[game_id]
        if room is not None:
            room.start_computer()
        return room

    def add(self, table: Table) -> Room:
        table.session.now = self.now
        room = Room(self, table)
        self.rooms[table.game_id] = room
        room.start_computer()
        return room

    def changed(self, changes: Sequence[tuple[str, int]]) -> None:
        """Other server processes committed these versions of these games (notify.py): each room here that holds
        an older version catches up from the stored record's tail once its lock is free. Never skipped while the
        lock is held: the holder may be the catch-up of the version before, which does not know of this one (a
        change of ours in progress meets the newer version at its commit instead, and the room is read back: the
        catch-up then finds it broken and does nothing)."""
        for game_id, version in changes:
            if self.behind(game_id, version):
                room = self.rooms[game_id]
                self.background(asyncio.create_task(room.catch_up(version), name=f"catch up {game_id}"))

    def behind(self, game_id: str, version: int) -> bool:
        """Whether a room here holds an older version of this game."""
        room = self.rooms.get(game_id)
        return room is not None and room.session.version < version

    def any_behind(self, changes: Sequence[tuple[str, int]]) -> bool:
        """Whether a room here holds an older version of one of these games: asked by the change listener's
        thread, so it only reads (a stale answer costs a needless look on the event loop, which `changed` makes
        again)."""
        return any(self.behind(game_id, version) for game_id, version in changes)

    def changed_all(self) -> None:
        """Changes may have been missed (the listening connection was lost): read every room back."""
        for room in list(self.rooms.values()):
            if not room.lock.locked():
                room.broken = True  # its computer player, if at work here, stops
                self.drop(room)

    def background(self, task: asyncio.Task[Any]) -> None:
        """Keep a task alive until it is done."""
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    def drop(self, room: Room) -> None:
        """Forget a room whose memory may differ from the database; its sockets move to the game read back."""
        if self.rooms.get(room.id) is room:
            del self.rooms[room.id]
        self.pool.forget(room.id)
        connections = list(room.connections)
        for connection in connections:
            connection.room, connection.reading_back = None, True
        room.connections.clear()
        if connections:
            self.background(asyncio.create_task(self._rejoin(room.id, connections), name=f"reload {room.id}"))

    async def _rejoin(self, game_id: str, connections: list[Member]) -> None:
        try:
            room = await self.get(game_id)
        except Exception as e:
            unavailable.warning("could not read game %s back: %s", game_id, e)
            room = None
        for connection in connections:
            connection.reading_back = False
            if room is None:  # the page reconnects (with a growing delay) and joins again: a full resync
                connection.send(messages.error("busy", "the game cannot be read right now: reconnecting"))
                connection.close(CLOSE_TRY_AGAIN)
            elif connection.room is None:
                connection.room = room
                room.connections.add(connection)
                room.send_state(connection)

    def release(self, room: Room) -> None:
        """Forget a room nobody uses any more (no socket, no computer at work); it is on disk."""
        busy = room.computer_task is not None and not room.computer_task.done()
        idle = not busy or room.computer_task is asyncio.current_task()
        if not room.connections and idle and self.rooms.get(room.id) is room and not room.lock.locked():
            del self.rooms[room.id]
            self.pool.forget(room.id)

    async def join(self, connection: Member, game_id: str, message: messages.Join) -> None:
        room = await self.get(game_id)
        if room is None:
            raise NoSuchGame()
        seat: int | None = None
        if message.token is not None:
            found = None
            if is_token(message.token):
                found = await self.database.run(self.database.store.seat_of, game_id, hash_token(message.token))
            if found is None:
                raise ProtocolError(
                    "forbidden", "this link does not hold a seat in this game (join with no token to watch)"
                )
            seat = SEAT_NAMES.index(found)
            refused = await self.hooks.seat_refused(game_id, seat)
            if refused is not None:
                raise ProtocolError("forbidden", refused)
        if connection.room is not None and connection.room is not room:
            self.leave(connection)
        stale = True
        async with room.lock:  # no change half made (applied, not yet stored and told) while the socket joins
            if not room.broken:
                stale = False
                connection.room, connection.seat, connection.lang = room, seat, message.lang
                connection.updates, connection.changes = message.updates, message.changes
                room.connections.add(connection)
                room.send_state(connection)  # the state first, then anything else
                if seat is not None:
                    self.hooks.presence(room, seat, connection)
        if stale:  # dropped while we looked: read the game back
            return await self.join(connection, game_id, message)
        room.start_computer()

    def leave(self, connection: Member) -> None:
        room = connection.room
        if room is None:
            return
        room.connections.discard(connection)
        connection.room = None
        if connection.seat is not None:
            self.hooks.presence(room, connection.seat)
        self.release(room)

    def close(self) -> None:
        self.database.close()
        for room in list(self.rooms.values()):
            if room.computer_task is not None:
                room.computer_task.cancel()
            for connection in room.connections:
                connection.close(1001)  # going away: the pages reconnect
        self.rooms.clear()


async def guarded(connection: Member, work: Awaitable[dict[str, Any] | None]) -> None:
    """Run one request of a socket; a refusal becomes an error message, a reply is sent."""
    try:
        reply = await work
    except ProtocolError as e:
        connection.send(e.to_message())
        return
    except Exception:
        log.exception("a background request failed")
        connection.send(messages.error("busy", "something went wrong on the server; nothing was changed"))
        return
    if reply is not None:
        connection.send(reply)

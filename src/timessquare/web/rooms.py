"""Live games in memory: one `Room` per game with open sockets or a computer player at work.

A room holds the game's `Table` (the game session) and the sockets joined to it. Every change goes the same
way, under the room's lock: the table checks and applies it, the new record entries are committed to the
database, and only then does every socket get a fresh `state` built from its own seat's view. If the commit
fails, the room is dropped and the game is read back from the database, so memory never runs ahead of disk.
A computer player chooses in the worker pool, outside the lock (a resignation need not wait for it).
"""

from __future__ import annotations

import asyncio
import functools
import logging
import random
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

import anyio
from starlette.websockets import WebSocket, WebSocketState

from ..cards import SEAT_NAMES
from ..players.base import Forfeit
from ..session.destinations import turn_destinations
from ..state import cards_to_draw
from ..view import PlayerView
from . import messages
from .messages import ProtocolError
from .pool import PoolBusy, WorkerPool
from .security import TokenBucket, hash_token, is_token
from .storage import Append, GameStore, VersionConflict
from .table import Table

log = logging.getLogger("timessquare.web")
T = TypeVar("T")

OUTBOX = 64  # messages waiting for a slow socket before it is dropped
CLOSE_TOO_SLOW = 1013  # "try again later": the page reconnects and gets a fresh state


class Database:
    """The store, called from worker threads so the event loop never waits on a disk or a network.

    Moves go through `append`, a group commit: the moves of every game that arrive while a transaction is
    being written wait for the next one, which writes them all with one commit. Each caller still returns
    only once its own move is on disk, but the disk's flush is shared, so hundreds of games cost about as
    much as one.
    """

    BATCH = 256

    def __init__(self, store: GameStore, threads: int = 16) -> None:
        self.store = store
        self.limiter = anyio.CapacityLimiter(threads)
        self._pending: list[tuple[Append, asyncio.Future[None]]] = []
        self._wake: asyncio.Event | None = None
        self._writer: asyncio.Task[None] | None = None

    async def run(self, function: Callable[..., T], *args: Any) -> T:
        return await anyio.to_thread.run_sync(function, *args, limiter=self.limiter)

    async def append(self, item: Append) -> None:
        """Commit one game's new moves (raises VersionConflict, or the database's error)."""
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._pending.append((item, future))
        if self._writer is None or self._writer.done():
            self._wake = asyncio.Event()
            self._writer = asyncio.create_task(self._write_batches(), name="database writer")
        assert self._wake is not None
        self._wake.set()
        await future

    async def _write_batches(self) -> None:
        assert self._wake is not None
        while True:
            await self._wake.wait()
            self._wake.clear()
            while self._pending:
                batch, self._pending = self._pending[: self.BATCH], self._pending[self.BATCH :]
                try:
                    written = await self.run(self.store.append_many, [item for item, _ in batch])
                except Exception as e:
                    for _, future in batch:
                        if not future.done():
                            future.set_exception(e)
                    continue
                for (item, future), ok in zip(batch, written, strict=True):
                    if future.done():
                        continue
                    if ok:
                        future.set_result(None)
                    else:
                        future.set_exception(VersionConflict(f"game {item.game_id} changed meanwhile"))

    def close(self) -> None:
        if self._writer is not None:
            self._writer.cancel()


@dataclass(eq=False)
class Connection:
    """One joined (or joining) socket; messages to it go through its outbox, so one slow reader never holds
    up the others."""

    socket: WebSocket
    seat: int | None = None
    lang: str = "en"
    room: Room | None = None
    hint_pending: bool = False
    outbox: asyncio.Queue[str | int] = field(default_factory=lambda: asyncio.Queue(OUTBOX))
    bucket: TokenBucket = field(default_factory=lambda: TokenBucket(20, 40))

    def send(self, message: dict[str, Any]) -> None:
        self.send_text(messages.encode(message))

    def send_text(self, text: str) -> None:
        try:
            self.outbox.put_nowait(text)
        except asyncio.QueueFull:
            log.info("closing a socket that does not read its messages")
            self.close(CLOSE_TOO_SLOW)

    def close(self, code: int = 1000) -> None:
        """Close the socket once what is queued before has been sent (a slow reader's queue is dropped)."""
        while True:
            try:
                self.outbox.put_nowait(code)
                return
            except asyncio.QueueFull:
                self.outbox.get_nowait()

    async def pump(self) -> None:
        """Write the outbox to the socket until a close code comes (or the socket fails)."""
        while True:
            item = await self.outbox.get()
            if self.socket.application_state != WebSocketState.CONNECTED:
                return
            try:
                if isinstance(item, int):
                    await self.socket.close(item)
                    return
                await self.socket.send_text(item)
            except Exception:  # the peer went away: the receive loop ends the connection
                return


class Room:
    def __init__(self, rooms: Rooms, table: Table) -> None:
        self.rooms = rooms
        self.table = table
        self.id = table.game_id
        self.lock = asyncio.Lock()
        self.connections: set[Connection] = set()
        self.thinking: int | None = None
        self.computer_task: asyncio.Task[None] | None = None
        self.rematch: str | None = None
        self.broken = False  # a commit failed: the room is stale and must be read back

    # ------------------------------------------------------------------ messages

    def state_message(self, seat: int | None, lang: str) -> dict[str, Any]:
        table = self.table
        view = table.view(seat)
        legal, destinations = table.legal_moves(seat) if seat is not None and table.is_person(seat) else ([], [])
        return {
            "v": messages.VERSION,
            "type": "state",
            "version": table.version,
            "seat": None if seat is None else SEAT_NAMES[seat],
            "view": view.to_document(),
            "legal": legal,
            "destinations": destinations,
            "draws_at_end": None if view.hand is None else cards_to_draw(len(view.hand)),
            "log": table.log(lang),
            "players": dict(table.players),
            "thinking": None if self.thinking is None else SEAT_NAMES[self.thinking],
            "over": table.over(lang),
            "rematch": self.rematch,
        }

    def broadcast(self) -> None:
        """A fresh state to every socket, each built from its own seat's view (built once per seat and language)."""
        built: dict[tuple[int | None, str], str] = {}
        for connection in list(self.connections):
            key = (connection.seat, connection.lang)
            if key not in built:
                built[key] = messages.encode(self.state_message(*key))
            connection.send_text(built[key])

    # ------------------------------------------------------------------- changes

    async def commit(self, before_length: int, before_version: int) -> None:
        """Store the entries the table added since `before_length`; on failure the room is dropped."""
        table = self.table
        entries = table.entries_since(before_length)
        try:
            await self.rooms.database.append(Append(self.id, before_version, before_length, entries, table.progress()))
        except Exception as e:
            self.broken = True
            self.rooms.drop(self)
            if not isinstance(e, VersionConflict):
                log.exception("could not store a move of game %s", self.id)
            raise ProtocolError("busy", "the move could not be saved, so it did not happen: try again") from None

    async def change(self, apply: Callable[[], None]) -> None:
        """Apply one change under the lock (the caller holds it), commit it, then tell everyone."""
        length, version = self.table.record_length, self.table.version
        apply()
        await self.commit(length, version)
        self.broadcast()
        self.start_computer()

    async def act(self, connection: Connection, message: messages.Act) -> None:
        async with self.lock:
            seat = self.check_turn(connection)
            if message.version != self.table.version:
                stale = ProtocolError(
                    "stale",
                    f"the game has moved on (version {self.table.version}, not {message.version}): "
                    "here is the current state",
                )
                connection.send(stale.to_message())
                connection.send(self.state_message(connection.seat, connection.lang))
                return
            await self.change(lambda: self.table.play(seat, message.action, lang=connection.lang))

    async def resign(self, connection: Connection) -> None:
        async with self.lock:
            seat = self.check_seat(connection)
            await self.change(lambda: self.table.resign(seat))

    def explain(self, connection: Connection, message: messages.Explain) -> dict[str, Any]:
        seat = self.check_turn(connection)
        answer = self.table.explain(seat, message.action, connection.lang)
        return {"v": messages.VERSION, "type": "explain", "action": message.action, **answer}

    async def hint(self, connection: Connection) -> dict[str, Any]:
        seat = self.check_turn(connection)
        if connection.hint_pending:
            raise ProtocolError("busy", "a hint is already on its way")
        version, view = self.table.version, self.table.view(seat)
        connection.hint_pending = True
        try:
            result = await self.rooms.pool.hint(self.table.rules, view, self.rooms.hint_seconds)
        except PoolBusy as e:
            raise ProtocolError("busy", str(e)) from None
        finally:
            connection.hint_pending = False
        return {
            "v": messages.VERSION,
            "type": "hint",
            "action": self.table.notation(result.action),
            "turn": [self.table.notation(a) for a in result.turn],
            "destinations": turn_destinations(result.turn, view.figures),
            "win_probability": round(result.win_probability, 3),
            "version": version,
        }

    def check_seat(self, connection: Connection) -> int:
        if connection.seat is None:
            raise ProtocolError("forbidden", "spectators watch: they cannot act in the game")
        if self.table.over(connection.lang) is not None:
            raise ProtocolError("game_over", "the game is over")
        return connection.seat

    def check_turn(self, connection: Connection) -> int:
        seat = self.check_seat(connection)
        if self.table.to_move != seat:
            raise ProtocolError("not_your_turn", "it is not your turn: wait for the other player")
        return seat

    # ------------------------------------------------------------ computer player

    def start_computer(self) -> None:
        """Let the computer play if it is to move and is not at work already."""
        seat = self.table.to_move
        if seat is None or self.table.is_person(seat) or self.broken:
            return
        if self.computer_task is None or self.computer_task.done():
            self.computer_task = asyncio.create_task(self.play_computer(), name=f"computer {self.id}")

    async def play_computer(self) -> None:
        try:
            while not self.broken:
                seat = self.table.to_move
                if seat is None or self.table.is_person(seat):
                    return
                version = self.table.version
                _, name, view, legal = self.table.computer_request()
                if self.thinking != seat:
                    self.thinking = seat
                    self.broadcast()
                choice = await self.choose(seat, name, view, legal)
                async with self.lock:
                    if self.broken or self.table.version != version:
                        continue  # the game changed meanwhile (a resignation): look again
                    await self.change_quietly(functools.partial(self.play_computer_action, seat, choice))
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

    async def choose(self, seat: int, name: str, view: PlayerView, legal: list[int]) -> int | Forfeit:
        """The computer's choice from the pool; a player that fails is not allowed to stall the game:
        its forfeit ends it, any other failure is logged and a random legal action is played instead."""
        try:
            return await self.rooms.pool.choose(self.id, seat, name, self.table.rules, view, legal)
        except Forfeit as e:
            return e
        except Exception:
            log.exception("computer player %r of game %s failed; playing a random legal action", name, self.id)
            return random.choice(legal)

    def play_computer_action(self, seat: int, choice: int | Forfeit) -> None:
        if isinstance(choice, Forfeit):
            self.table.forfeit(seat, choice.reason)
        else:
            self.table.computer_played(seat, choice)
        if self.table.to_move != seat:
            self.thinking = None  # its turn is over: the state that tells so says nobody is thinking

    async def change_quietly(self, apply: Callable[[], None]) -> None:
        """A computer's action: commit and broadcast, without starting another computer task (we are it)."""
        length, version = self.table.record_length, self.table.version
        apply()
        await self.commit(length, version)
        self.broadcast()


class Rooms:
    """The live rooms of this server process, by game id; a room is read from the database on first use."""

    def __init__(self, database: Database, pool: WorkerPool, hint_seconds: float = 1.0) -> None:
        self.database = database
        self.pool = pool
        self.hint_seconds = hint_seconds
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
            room = None
            if stored is not None:
                room = Room(self, Table.restore(stored))
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
        room = Room(self, table)
        self.rooms[table.game_id] = room
        room.start_computer()
        return room

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
            connection.room = None
        room.connections.clear()
        if connections:
            self.background(asyncio.create_task(self._rejoin(room.id, connections), name=f"reload {room.id}"))

    async def _rejoin(self, game_id: str, connections: list[Connection]) -> None:
        try:
            room = await self.get(game_id)
        except Exception:
            log.exception("could not read game %s back", game_id)
            room = None
        for connection in connections:
            if room is None:
                connection.send(messages.error("busy", "the game cannot be read right now: reload the page"))
            elif connection.room is None:
                connection.room = room
                room.connections.add(connection)
                connection.send(room.state_message(connection.seat, connection.lang))

    def release(self, room: Room) -> None:
        """Forget a room nobody uses any more (no socket, no computer at work); it is on disk."""
        busy = room.computer_task is not None and not room.computer_task.done()
        idle = not busy or room.computer_task is asyncio.current_task()
        if not room.connections and idle and self.rooms.get(room.id) is room and not room.lock.locked():
            del self.rooms[room.id]
            self.pool.forget(room.id)

    async def join(self, connection: Connection, game_id: str, message: messages.Join) -> None:
        room = await self.get(game_id)
        if room is None:
            raise ProtocolError("not_found", "there is no such game")
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
        if connection.room is not None and connection.room is not room:
            self.leave(connection)
        if room.broken:  # dropped while we looked up the token: read the game back
            return await self.join(connection, game_id, message)
        connection.room, connection.seat, connection.lang = room, seat, message.lang
        room.connections.add(connection)
        connection.send(room.state_message(seat, message.lang))
        room.start_computer()

    def leave(self, connection: Connection) -> None:
        room = connection.room
        if room is None:
            return
        room.connections.discard(connection)
        connection.room = None
        self.release(room)

    def close(self) -> None:
        self.database.close()
        for room in list(self.rooms.values()):
            if room.computer_task is not None:
                room.computer_task.cancel()
            for connection in room.connections:
                connection.close(1001)  # going away: the pages reconnect
        self.rooms.clear()


async def guarded(connection: Connection, work: Awaitable[dict[str, Any] | None]) -> None:
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

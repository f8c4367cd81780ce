"""The game socket, `/ws/games/{id}`: read a client's messages, refuse what is wrong, hand the rest to its room;
write the room's messages through each socket's own outbox.

Nothing a client sends can raise past this loop: a refusal is an `error` message and the socket goes on; an
unexpected failure is logged here with its traceback and the client gets a short `busy` error (never a trace).
An error closes the socket only when there is no game to join (4404), or when a socket not yet joined meets a
database that does not answer (1013: the page joins again later).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from starlette.responses import JSONResponse
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from ..guards.limits import SocketCounts
from ..guards.security import TokenBucket, is_game_id
from ..metrics import MESSAGES
from ..storage import DatabaseUnavailable
from . import messages
from .chat import Chat
from .messages import ProtocolError
from .offers import Offers
from .rooms import NoSuchGame, Room, Rooms, guarded, unavailable

log = logging.getLogger("timessquare.web")

CLOSE_NOT_FOUND = 4404
CLOSE_POLICY = 1008
REFUSALS_BEFORE_CLOSE = 200
OUTBOX = 64  # messages waiting for a slow socket before it is dropped
CLOSE_TOO_SLOW = 1013  # "try again later": the page reconnects and gets a fresh state
# The scope extension under which a server offers a direct writer of text messages, `write_text(text) -> bool`
# (`timessquare serve` does: web/wsprotocol.py; a test client does not).
WRITE_TEXT = "timessquare.write_text"
# ... and its own `receive` (the ASGI one, without Starlette's checks of the socket's state around it), which the
# socket loop reads with once the socket is accepted.
RECEIVE = "timessquare.receive"


@dataclass(eq=False)
class Connection:
    """One joined (or joining) socket; messages to it go through its outbox, so one slow reader never holds
    up the others."""

    socket: WebSocket
    seat: int | None = None
    lang: str = "en"
    room: Room | None = None
    reading_back: bool = False  # its room was dropped; it is moved to the game read back (rooms.py)
    updates: bool = False  # asked for `update` messages on joining
    changes: bool = False  # ... or for `change` messages
    hint_pending: bool = False
    seen: tuple[int, int] = (-1, 0)  # the version and log length of the last state or update sent (rooms.py)
    outbox: asyncio.Queue[str | int] = field(default_factory=lambda: asyncio.Queue(OUTBOX))
    bucket: TokenBucket = field(default_factory=lambda: TokenBucket(20, 40))
    sending: bool = False  # the writer holds a message it took from the outbox

    def __post_init__(self) -> None:
        # The server's direct writer (web/wsprotocol.py), where it offers one: a test client does not.
        extensions = (self.socket.scope.get("extensions") or {}) if self.socket is not None else {}
        self.write_now: Callable[[str], bool] | None = extensions.get(WRITE_TEXT)

    @property
    def address(self) -> str:
        client = self.socket.client
        return client.host if client else "?"

    def send(self, message: dict[str, Any]) -> None:
        self.send_text(messages.encode(message))

    def send_text(self, text: str) -> None:
        # Straight to the transport when nothing is queued before it (the order is kept) and the transport
        # takes it; otherwise through the outbox and the writer, which waits for a slow reader.
        if self.write_now is not None and not self.sending and self.outbox.empty() and self.write_now(text):
            return
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
            self.sending = True
            try:
                if isinstance(item, int):
                    await self.socket.close(item)
                    return
                await self.socket.send_text(item)
            except Exception:  # the peer went away (the receive loop ends the connection), or a message failed:
                with contextlib.suppress(Exception):  # never leave a socket that reads but no longer answers
                    await self.socket.close(1011)
                return
            finally:
                self.sending = False


async def admitted(socket: WebSocket, counts: SocketCounts, address: str) -> bool:
    """Count a new socket (a game's or the lobby's) under the limits of guards/limits.py, or refuse it before
    the handshake."""
    refusal = counts.admit(address)
    if refusal is None:
        return True
    status, words = refusal
    headers = {"Retry-After": "60"} if status == 503 else {"Retry-After": "10"}
    code = "busy" if status == 503 else "rate_limited"
    await socket.send_denial_response(
        JSONResponse({"error": {"code": code, "message": words}}, status_code=status, headers=headers)
    )
    return False


async def game_socket(socket: WebSocket) -> None:
    counts: SocketCounts = socket.app.state.socket_counts
    address = socket.client.host if socket.client else "?"
    if not await admitted(socket, counts, address):
        return
    joined = False
    try:
        # In a task of its own, so that each time the socket's loop wakes (a message in, a commit done) it starts
        # there, not at the fifteen frames of the server, Starlette's middleware and its routing above it. (Its
        # cancellation, with the server's task, cancels it too.)
        serving = _serve_socket(socket, counts.limits.join_seconds, lambda: counts.joined(address))
        joined = await asyncio.create_task(serving, name="game socket")
    finally:
        counts.closed(address, joined)


async def _serve_socket(socket: WebSocket, join_seconds: float, on_join: Callable[[], None]) -> bool:
    """Read the socket until it closes; returns whether it ever joined a game."""
    rooms: Rooms = socket.app.state.rooms
    game_id = str(socket.path_params["game_id"])
    await socket.accept()
    receive = (socket.scope.get("extensions") or {}).get(RECEIVE) or socket.receive
    settings = socket.app.state.settings
    connection = Connection(socket, bucket=TokenBucket(settings.socket_rate, settings.socket_burst))
    pump = asyncio.create_task(connection.pump(), name="socket writer")
    refused = 0
    last_refusal_message = 0.0
    joined = False
    join_by = time.monotonic() + join_seconds

    def note_join() -> None:
        """Joined once it is in a room, even if what follows the join (chat, offers) then failed."""
        nonlocal joined
        if not joined and (connection.room is not None or connection.reading_back):
            joined = True
            on_join()

    try:
        while True:
            note_join()  # after the last message, whatever it ended in
            if joined:
                frame = await receive()
            else:
                try:  # a socket that never joins holds a file and memory for nothing: it has a few seconds
                    frame = await asyncio.wait_for(receive(), max(0.0, join_by - time.monotonic()))
                except TimeoutError:
                    connection.send(messages.error("bad_message", f"join a game within {join_seconds:g} seconds"))
                    await _close_after_sending(connection, pump, CLOSE_POLICY)
                    return joined
            if frame["type"] == "websocket.disconnect":
                socket.client_state = WebSocketState.DISCONNECTED  # (as Starlette's `receive` notes it)
                break
            if not connection.bucket.allow():
                refused += 1
                if refused >= REFUSALS_BEFORE_CLOSE:
                    connection.send(messages.error("rate_limited", "too many messages: the connection is closed"))
                    await _close_after_sending(connection, pump, CLOSE_POLICY)
                    return joined
                if time.monotonic() - last_refusal_message >= 1.0:  # one notice a second, not one per message
                    last_refusal_message = time.monotonic()
                    connection.send(messages.error("rate_limited", "too many messages: slow down"))
                continue
            try:
                message = messages.parse(frame.get("text") if "text" in frame else frame.get("bytes"))
                began = time.perf_counter()
                await handle(rooms, connection, game_id, message)
                MESSAGES.add(type(message).__name__, time.perf_counter() - began)
            except ProtocolError as e:
                connection.send(e.to_message())
                if isinstance(e, NoSuchGame):  # the one error that closes: there is no game to join
                    await _close_after_sending(connection, pump, CLOSE_NOT_FOUND)
                    return joined
            except DatabaseUnavailable as e:
                note_join()
                unavailable.warning("the socket of game %s: %s", game_id, e)
                if connection.room is not None:  # joined: the game is in memory, the socket goes on
                    connection.send(messages.error("busy", "the database does not answer: try again in a moment"))
                    continue
                # not joined yet: the page reconnects with a growing delay and joins again
                connection.send(messages.error("busy", "the database does not answer: reconnecting"))
                await _close_after_sending(connection, pump, CLOSE_TOO_SLOW)
                return joined
            except Exception:
                socket.app.state.internal_errors += 1
                log.exception("unexpected failure on the socket of game %s", game_id)
                connection.send(messages.error("busy", "something went wrong on the server; nothing was changed"))
    except WebSocketDisconnect:
        pass
    finally:
        rooms.leave(connection)
        connection.close()
        if not pump.done():
            pump.cancel()
    return joined


async def _close_after_sending(connection: Connection, pump: asyncio.Task[None], code: int) -> None:
    connection.close(code)  # the writer sends what is queued, then closes with the code
    with contextlib.suppress(TimeoutError, asyncio.CancelledError):
        await asyncio.wait_for(pump, 2)


async def handle(rooms: Rooms, connection: Connection, game_id: str, message: messages.ClientMessage) -> None:
    if isinstance(message, messages.Ping):
        connection.send(messages.pong())
        return
    if isinstance(message, messages.Join):
        if not is_game_id(game_id):
            raise NoSuchGame()
        await rooms.join(connection, game_id, message)
        room = connection.room  # read once: the room may be dropped (and the socket moved) while we wait below
        if room is not None:
            await _chat(connection).joined(room, connection)
            await _offers(connection).joined(room, connection)
        return
    room = connection.room
    if room is None and connection.reading_back:  # joined, but its game is being read back: not its mistake
        raise ProtocolError("busy", "the game is being read back from the database: try again in a moment")
    if room is None:
        raise ProtocolError("bad_message", "send a join message first")
    if isinstance(message, messages.Act | messages.Actions):
        await room.act(connection, message)
    elif isinstance(message, messages.Sync):
        room.send_state(connection)
    elif isinstance(message, messages.Resign):
        await room.resign(connection)
    elif isinstance(message, messages.Explain):
        connection.send(room.explain(connection, message))
    elif isinstance(message, messages.Chat):
        await _chat(connection).say(room, connection, message.text)
    elif isinstance(message, messages.Report):
        connection.send(await _chat(connection).report(room, connection, message.id))
    elif isinstance(message, messages.Abort):
        await _offers(connection).abort(room, connection)
    elif isinstance(message, messages.Offer):
        await _offers(connection).offer(room, connection, message.offer)
    elif isinstance(message, messages.Decline):
        await _offers(connection).decline(room, connection)
    elif isinstance(message, messages.Hint):
        # A hint takes a second: answer it on its own, so the socket keeps reading meanwhile.
        task = asyncio.create_task(guarded(connection, room.hint(connection)), name="hint")
        room.rooms.background(task)


def _offers(connection: Connection) -> Offers:
    offers: Offers = connection.socket.app.state.offers
    return offers


def _chat(connection: Connection) -> Chat:
    chat: Chat = connection.socket.app.state.chat
    return chat

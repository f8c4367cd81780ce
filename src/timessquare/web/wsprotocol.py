"""uvicorn's WebSocket protocol with five changes of ours.

1. A text frame that is not UTF-8 reaches the application instead of closing the socket. uvicorn logs such a
   frame as an error with a traceback and closes the socket (a cheap way to flood the log). Here the text
   reaches the application decoded with `surrogateescape`: the bad bytes become lone surrogates, which
   `messages.parse` refuses as `bad_message`, and the socket goes on like after any other bad message.
2. A direct writer for text messages, offered to the application in the scope's extensions under
   `WRITE_TEXT`: `write_text(text) -> bool` frames the text and hands it to the transport at once, or returns
   False (nothing written) when the socket is not open or its transport asked to pause. The ASGI `send` goes
   through Starlette, each middleware's wrapper, a task that drains the outbox, and the websockets library's
   frame objects. A caller that gets False sends through ASGI as before, which waits for the transport
   (sockets/ws.py).
3. The socket goes on reading while the application has fewer than READ_AHEAD text messages to read.
4. A direct reader: the application's events come from `Inbox`, a deque with its waiting reader, and the
   scope's extensions offer the protocol's own `receive` under `RECEIVE` (sockets/ws.py reads with it once
   the socket is accepted). uvicorn's `asyncio.Queue` and Starlette's `WebSocket.receive`, with its state
   checks, were a fifth of the Python calls of a message in and one out (`load_web.py --pings`, counted).
5. The common frames read here: a whole, masked, unfragmented text frame within the size limit goes to the
   application without the websockets library's generator parser and frame objects, and a ping or a pong
   (the keepalives, both ways) is answered or noted as the library and uvicorn would. Every other frame (close,
   binary, a fragment, anything malformed or too large) is handed to that library whole, one
   frame at a time, so its parser always stands at a frame boundary and does all it did before. A client that
   sends frames before the handshake is answered, or a fragmented message, leaves the whole connection to the
   library from then on.
"""

from __future__ import annotations

import asyncio
import contextlib
import struct
from collections import deque
from typing import Any

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.frames import Frame, Opcode
from websockets.http11 import Request
from websockets.protocol import State

from .sockets.ws import RECEIVE, WRITE_TEXT

try:
    from websockets.speedups import apply_mask
except ImportError:  # pragma: no cover - the library's C extension is missing on this platform
    from websockets.utils import apply_mask

# Text messages held for the application before the socket stops reading (uvicorn stops at the first: a pause
# and a resume of the transport, two system calls, for every message, though the application reads each at
# once). The frames of the read that reaches it are queued too, as uvicorn queues a whole read.
READ_AHEAD = 4
_TEXT_FIN = 0x81  # FIN, opcode 1 (text); a server's frames are not masked (RFC 6455, 5.1)
_PING_FIN = 0x89  # FIN, opcode 9 (ping): at most 125 bytes, answered by a pong with the same bytes (5.5.2)
_PONG_FIN = 0x8A
_MEDIUM = struct.Struct("!BBH")
_LONG = struct.Struct("!BBQ")


def text_frame(data: bytes) -> bytes:
    """One unfragmented, unmasked text frame (RFC 6455, 5.2) carrying `data`."""
    size = len(data)
    if size < 126:
        return bytes((_TEXT_FIN, size)) + data
    if size < 65536:
        return _MEDIUM.pack(_TEXT_FIN, 126, size) + data
    return _LONG.pack(_TEXT_FIN, 127, size) + data


class Inbox:
    """The events waiting for a socket's application, as much of `asyncio.Queue` as uvicorn uses (unbounded:
    the protocol stops reading at READ_AHEAD): a deque, and the readers waiting for an event (one, the
    application's socket loop)."""

    __slots__ = ("_events", "_waiters")

    def __init__(self) -> None:
        self._events: deque[Any] = deque()
        self._waiters: deque[asyncio.Future[None]] = deque()

    def put_nowait(self, event: Any) -> None:
        self._events.append(event)
        if self._waiters:
            self._wake_next()

    async def get(self) -> Any:
        while not self._events:
            waiter = asyncio.get_running_loop().create_future()
            self._waiters.append(waiter)
            try:
                await waiter
            except BaseException:  # its reader was cancelled (a timeout)
                if waiter.cancelled():
                    with contextlib.suppress(ValueError):  # (passed over by a put meanwhile)
                        self._waiters.remove(waiter)
                elif self._events:  # woken for an event, which goes to the next reader
                    self._wake_next()
                raise
        return self._events.popleft()

    def get_nowait(self) -> Any:
        if not self._events:
            raise asyncio.QueueEmpty
        return self._events.popleft()

    def _wake_next(self) -> None:
        while self._waiters:
            waiter = self._waiters.popleft()
            if not waiter.done():  # (one cancelled, its reader not yet told, is passed over)
                waiter.set_result(None)
                return

    def qsize(self) -> int:
        return len(self._events)

    def empty(self) -> bool:
        return not self._events


class LeanWebSocketProtocol(WebSocketsSansIOProtocol):
    own_framing = True  # frames are read here until something unusual hands the connection to the library
    partial = b""  # the start of a frame not yet whole

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.queue = Inbox()  # type: ignore[assignment]

    def data_received(self, data: bytes) -> None:
        if self.own_framing and self.handshake_initiated and not self.handshake_complete:
            self.own_framing = False  # frames before the handshake's answer: the library's parser has them
        if self.partial:  # it starts at a frame boundary, whoever reads it
            data, self.partial = self.partial + data, b""
        if self.own_framing and self.handshake_complete:
            if self._reading_frames():
                self._read_frames(data)
                return
            self.own_framing = False
        super().data_received(data)

    def _reading_frames(self) -> bool:
        return self.conn.state is State.OPEN and self.conn.current_size is None and not self.close_sent

    def _read_frames(self, data: bytes) -> None:
        view = memoryview(data)
        start, end = 0, len(data)
        limit = self.conn.max_message_size
        while end - start >= 2:
            head1, head2 = data[start], data[start + 1]
            length = head2 & 0x7F
            at = start + 2
            if length == 126:
                if end - at < 2:
                    break
                length = (data[at] << 8) | data[at + 1]
                at += 2
            elif length == 127:
                if end - at < 8:
                    break
                length = int.from_bytes(data[at : at + 8], "big")
                at += 8
            if limit is not None and length > limit:  # the library refuses it (1009) from its header
                self.own_framing = False
                super().data_received(data[start:])
                return
            stop = at + 4 + length if head2 & 0x80 else at + length
            if end < stop:
                break
            ours = head1 == _TEXT_FIN or (head1 in (_PING_FIN, _PONG_FIN) and length <= 125)
            if not (ours and head2 & 0x80):
                super().data_received(data[start:stop])  # whole: the library's parser ends at a boundary
            else:
                payload = apply_mask(view[at + 4 : stop], data[at : at + 4])
                if head1 == _TEXT_FIN:
                    self.curr_msg_data_type = "text"
                    self.frames = [payload]
                    self.send_receive_event_to_app()
                elif head1 == _PING_FIN:  # answered as the library does
                    self.transport.write(bytes((_PONG_FIN, length)) + payload)
                else:  # a pong (uvicorn's keepalive waits for it)
                    self.handle_pong(Frame(Opcode.PONG, payload))
            start = stop
            if not (self.own_framing and self._reading_frames()):
                self.own_framing = False
                if start < end:
                    super().data_received(data[start:])
                return
        self.partial = data[start:] if start < end else b""

    def handle_connect(self, event: Request) -> None:
        super().handle_connect(event)
        scope = getattr(self, "scope", None)
        if scope is not None and not self.conn.extensions:  # a compressing extension frames differently
            scope["extensions"][WRITE_TEXT] = self.write_text
        if scope is not None:
            scope["extensions"][RECEIVE] = self.receive

    def write_text(self, text: str) -> bool:
        if (
            not self.handshake_complete
            or self.close_sent
            or self.initial_response is not None
            or self.disconnected
            or not self.writable.is_set()
            or self.conn.state is not State.OPEN
            or self.transport.is_closing()
        ):
            return False
        self.transport.write(text_frame(text.encode()))
        return True

    def send_receive_event_to_app(self) -> None:
        if self.curr_msg_data_type != "text" or self.close_sent:
            super().send_receive_event_to_app()
            return
        data = self.frames[0] if len(self.frames) == 1 else b"".join(self.frames)
        self.frames = []
        # Valid UTF-8 decodes as it would strictly; bad bytes become lone surrogates (see above).
        self.queue.put_nowait({"type": "websocket.receive", "text": data.decode("utf-8", "surrogateescape")})
        if not self.read_paused and self.queue.qsize() >= READ_AHEAD:
            self.read_paused = True
            self.transport.pause_reading()

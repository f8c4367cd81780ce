"""The server's WebSocket protocol (web/wsprotocol.py) against uvicorn's own, which it changes only in speed:
the same bytes in, cut anywhere, give the application the same messages and the peer the same bytes back;
and its direct writer frames text as the websockets library reads it, or writes nothing when it must not."""

from __future__ import annotations

import asyncio
import base64
import contextlib
import itertools
import os
import struct
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from starlette.websockets import WebSocketState
from uvicorn.config import Config
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from uvicorn.server import ServerState
from websockets.frames import Frame, Opcode
from websockets.protocol import State
from websockets.streams import StreamReader

from timessquare.web.sockets.ws import RECEIVE, Connection
from timessquare.web.wsprotocol import READ_AHEAD, WRITE_TEXT, Inbox, LeanWebSocketProtocol, text_frame

LIMIT = 64 * 1024  # as `timessquare serve` sets it


class Transport:
    """What the protocols write, whether they closed, and whether they paused reading."""

    def __init__(self) -> None:
        self.written: list[bytes] = []
        self.closed = False
        self.reading = True

    def write(self, data: bytes) -> None:
        self.written.append(bytes(data))

    def close(self) -> None:
        self.closed = True

    def is_closing(self) -> bool:
        return self.closed

    def pause_reading(self) -> None:
        self.reading = False

    def resume_reading(self) -> None:
        self.reading = True

    def get_extra_info(self, _name: str, default: Any = None) -> Any:
        return default


def accepting_app(done: asyncio.Event) -> Any:
    """Accepts, then reads nothing until `done`: what the protocol hands on stays in its queue for the test."""

    async def app(scope: dict[str, Any], receive: Any, send: Any) -> None:
        await receive()
        await send({"type": "websocket.accept"})
        await done.wait()

    return app


def new_protocol(
    protocol_class: type[WebSocketsSansIOProtocol], ping_interval: float | None = None
) -> tuple[Any, Transport, asyncio.Event]:
    done = asyncio.Event()
    config = Config(
        accepting_app(done), ws_max_size=LIMIT, ws_per_message_deflate=False, ws_ping_interval=ping_interval
    )
    protocol = protocol_class(config=config, server_state=ServerState(), app_state={})
    transport = Transport()
    protocol.connection_made(transport)
    return protocol, transport, done


async def finish(protocol: Any, done: asyncio.Event) -> None:
    done.set()
    await asyncio.gather(*protocol.tasks)


def request(key: str) -> bytes:
    lines = [
        "GET /ws/games/x HTTP/1.1",
        "Host: 127.0.0.1",
        "Upgrade: websocket",
        "Connection: Upgrade",
        f"Sec-WebSocket-Key: {key}",
        "Sec-WebSocket-Version: 13",
    ]
    return ("\r\n".join(lines) + "\r\n\r\n").encode()


REQUEST = request(base64.b64encode(b"k" * 16).decode())


async def accepted(protocol: Any, transport: Transport) -> None:
    """Once the request is in, wait for the application's accept, and forget the handshake's answer (uvicorn's
    own code in both protocols)."""
    while not protocol.handshake_complete:
        await asyncio.sleep(0)
    del transport.written[:]


async def open_socket(
    protocol_class: type[WebSocketsSansIOProtocol], ping_interval: float | None = None
) -> tuple[Any, Transport, asyncio.Event]:
    """A protocol past its handshake, its application reading nothing until `done`."""
    protocol, transport, done = new_protocol(protocol_class, ping_interval)
    protocol.data_received(REQUEST)
    await accepted(protocol, transport)
    return protocol, transport, done


def client_frame(opcode: int, payload: bytes, *, fin: bool = True, masked: bool = True, rsv1: bool = False) -> bytes:
    head1 = (0x80 if fin else 0) | (0x40 if rsv1 else 0) | opcode
    size = len(payload)
    if size < 126:
        header = bytes((head1, (0x80 if masked else 0) | size))
    elif size < 65536:
        header = struct.pack("!BBH", head1, (0x80 if masked else 0) | 126, size)
    else:
        header = struct.pack("!BBQ", head1, (0x80 if masked else 0) | 127, size)
    if not masked:
        return header + payload
    mask = os.urandom(4)
    return header + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


async def run(protocol_class: type[WebSocketsSansIOProtocol], chunks: list[bytes]) -> tuple[tuple[Any, ...], bool]:
    protocol, transport, done = await open_socket(protocol_class)
    for chunk in chunks:
        if not transport.closed:
            protocol.data_received(chunk)
    events = []
    while not protocol.queue.empty():
        events.append(protocol.queue.get_nowait())
    result = (events, b"".join(transport.written), transport.closed, protocol.conn.state)
    await finish(protocol, done)
    return result, getattr(protocol, "own_framing", False)


def both(chunks: list[bytes], *, read_here: bool | None = None) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
    """What our protocol and uvicorn's do with the chunks; `read_here`: whether ours must still read the frames
    itself at the end (None: either)."""
    ours, owned = asyncio.run(run(LeanWebSocketProtocol, chunks))
    theirs, _ = asyncio.run(run(WebSocketsSansIOProtocol, chunks))
    assert read_here is None or owned is read_here
    return ours, theirs


def cut(stream: bytes, points: list[int]) -> list[bytes]:
    edges = sorted({0, len(stream), *(p % (len(stream) + 1) for p in points)})
    return [stream[a:b] for a, b in itertools.pairwise(edges)]


texts = st.text(max_size=300).map(lambda t: client_frame(1, t.encode()))
ordinary = st.one_of(
    texts,
    texts,
    st.binary(max_size=200).map(lambda b: client_frame(2, b)),
    st.binary(max_size=125).map(lambda b: client_frame(9, b)),  # a ping: answered with a pong
    st.binary(max_size=125).map(lambda b: client_frame(10, b)),  # an unsolicited pong: ignored
    st.tuples(st.text(max_size=40), st.text(max_size=40)).map(  # a fragmented message
        lambda p: client_frame(1, p[0].encode(), fin=False) + client_frame(0, p[1].encode())
    ),
)
last = st.one_of(
    st.just(b""),
    st.just(client_frame(8, struct.pack("!H", 1000))),  # a close
    st.just(client_frame(1, b"unmasked", masked=False)),
    st.just(client_frame(1, b"rsv1", rsv1=True)),
    st.just(client_frame(1, b"x" * (LIMIT + 1))[:20]),  # too large: refused from its header
    st.just(client_frame(0, b"no message to continue")),
)


@settings(max_examples=150, deadline=None)
@given(st.lists(ordinary, max_size=8), last, st.lists(st.integers(min_value=0), max_size=6))
def test_the_same_bytes_cut_anywhere_give_what_uvicorns_protocol_gives(
    frames: list[bytes], end: bytes, points: list[int]
) -> None:
    # The bad last frame comes on its own: in the same read as good frames before it, uvicorn's protocol
    # drops those good messages too (see the next test).
    stream = b"".join(frames)
    ours, theirs = both([*cut(stream, points), end])
    assert ours == theirs


def test_messages_read_before_a_bad_frame_in_the_same_read_reach_the_application() -> None:
    ours, theirs = both([client_frame(1, b"first") + client_frame(1, b"unmasked", masked=False)])
    failure = {"type": "websocket.disconnect", "code": 1002, "reason": "incorrect masking"}
    assert ours[0] == [{"type": "websocket.receive", "text": "first"}, failure]
    assert theirs[0] == [failure]
    assert ours[1:] == theirs[1:]  # the same close frame, and the connection closed


def test_every_length_encoding_and_a_byte_at_a_time() -> None:
    texts = ["", "a" * 125, "b" * 126, "c" * 65535, "d" * 65536, "é" * 300]
    stream = b"".join(client_frame(1, t.encode()) for t in texts)
    bytewise = [stream[i : i + 1] for i in range(4000)]  # through the third frame's header and beyond
    ours, theirs = both([*bytewise, stream[4000:]], read_here=True)
    assert ours == theirs
    assert [event["text"] for event in ours[0]] == texts


def test_a_text_that_is_not_utf8_reaches_the_application_with_its_bad_bytes_as_surrogates() -> None:
    (events, written, closed, _state), _ = both([client_frame(1, b'{"a": "\xff"}')], read_here=True)
    assert events == [{"type": "websocket.receive", "text": '{"a": "\udcff"}'}]
    assert not closed and written == b""


def test_the_socket_stops_reading_only_when_the_application_falls_behind() -> None:
    async def scenario() -> None:
        protocol, transport, done = await open_socket(LeanWebSocketProtocol)
        protocol.data_received(client_frame(1, b"read at once"))
        assert transport.reading
        assert (await protocol.receive())["text"] == "read at once"
        for i in range(READ_AHEAD - 1):
            protocol.data_received(client_frame(1, str(i).encode()))
        assert transport.reading  # the application is behind, but not by READ_AHEAD messages
        protocol.data_received(client_frame(1, b"one too many"))
        assert not transport.reading  # the peer's messages now wait in its own buffers
        for _ in range(READ_AHEAD):
            await protocol.receive()
        assert transport.reading
        await finish(protocol, done)

    asyncio.run(scenario())


def read_frame(data: bytes) -> Frame:
    reader = StreamReader()
    reader.feed_data(data)
    parser = Frame.parse(reader.read_exact, mask=False)
    try:
        next(parser)
    except StopIteration as done:
        frame: Frame = done.value
        return frame
    raise AssertionError("not a whole frame")


def test_the_direct_writer_frames_text_as_the_websockets_library_reads_it() -> None:
    for size in (0, 1, 125, 126, 65535, 65536, 70000):
        text = "é" * (size // 2) + "x" * (size % 2)
        data = text_frame(text.encode())
        frame = read_frame(data)
        assert frame.opcode is Opcode.TEXT and frame.fin and frame.data.decode() == text
        assert len(data) == len(text.encode()) + (2 if size < 126 else 4 if len(text.encode()) < 65536 else 10)


def test_the_direct_writer_writes_only_on_an_open_socket_that_takes_it() -> None:
    async def scenario() -> None:
        protocol, transport, done = new_protocol(LeanWebSocketProtocol)
        assert protocol.write_text("too soon") is False
        protocol.data_received(REQUEST)
        assert protocol.scope["extensions"][WRITE_TEXT] == protocol.write_text  # offered to the application
        assert protocol.write_text("before the accept") is False
        await accepted(protocol, transport)
        assert protocol.write_text("hello") is True
        assert transport.written == [text_frame(b"hello")]
        protocol.pause_writing()  # the peer does not read: the caller queues and waits instead
        assert protocol.write_text("later") is False
        protocol.resume_writing()
        assert protocol.write_text("now") is True
        protocol.data_received(client_frame(8, struct.pack("!H", 1000)))  # the peer closes
        assert protocol.conn.state is not State.OPEN
        assert protocol.write_text("after the close") is False
        assert transport.written[1] == text_frame(b"now") and len(transport.written) == 3  # and the close reply
        await finish(protocol, done)

    asyncio.run(scenario())


class Socket:
    """A socket of the application's side: a direct writer that takes a message only when `open`, and the
    ASGI path, which always does; both write to one list, in the order the peer would read."""

    def __init__(self) -> None:
        self.read: list[str] = []
        self.open = False
        self.scope = {"extensions": {WRITE_TEXT: self.write_text}}
        self.application_state = WebSocketState.CONNECTED

    def write_text(self, text: str) -> bool:
        if self.open:
            self.read.append(text)
        return self.open

    async def send_text(self, text: str) -> None:
        await asyncio.sleep(0)  # the ASGI path lets other tasks run before the message is written
        self.read.append(text)


def test_a_socket_writes_directly_only_when_nothing_waits_before_so_the_order_is_kept() -> None:
    async def scenario() -> None:
        socket = Socket()
        connection = Connection(socket)  # type: ignore[arg-type]
        pump = asyncio.create_task(connection.pump())
        connection.send_text("1")  # the transport does not take it: queued
        await asyncio.sleep(0)  # the writer has taken 1 and is writing it
        assert connection.sending and connection.outbox.empty()
        socket.open = True
        connection.send_text("2")  # the transport would take it, but 1 is not written yet: queued
        connection.send_text("3")  # queued behind 2
        assert socket.read == []
        while connection.sending or not connection.outbox.empty():
            await asyncio.sleep(0)
        connection.send_text("4")  # nothing before it: straight to the transport, at once
        assert socket.read[-1] == "4"
        assert socket.read == ["1", "2", "3", "4"]
        assert connection.outbox.empty()
        connection.close()
        await pump

    asyncio.run(scenario())


def test_a_test_client_has_no_direct_writer_and_everything_goes_through_the_outbox() -> None:
    socket = Socket()
    socket.scope = {}
    assert Connection(socket).write_now is None  # type: ignore[arg-type]


def test_the_inbox_hands_each_event_once_in_order_even_to_a_reader_that_timed_out() -> None:
    async def scenario() -> list[Any]:
        inbox = Inbox()
        got: list[Any] = []
        with contextlib.suppress(TimeoutError):  # a reader gives up (the join's deadline): nothing is lost
            await asyncio.wait_for(inbox.get(), 0.001)
        assert inbox.empty()
        reader = asyncio.create_task(inbox.get())
        await asyncio.sleep(0)  # it waits
        inbox.put_nowait("a")
        inbox.put_nowait("b")
        reader.cancel()  # woken for "a", then cancelled before it ran: "a" stays for the next reader
        with contextlib.suppress(asyncio.CancelledError):
            await reader
        got.append(await inbox.get())
        got.append(inbox.get_nowait())
        with pytest.raises(asyncio.QueueEmpty):
            inbox.get_nowait()
        assert inbox.qsize() == 0
        return got

    assert asyncio.run(scenario()) == ["a", "b"]


def test_an_event_put_while_a_cancelled_reader_is_not_yet_told_goes_to_the_next_reader() -> None:
    """A reader's wait cancelled (the join deadline) and an event put in the same turn of the loop, before the
    reader hears of its cancellation: the put passes over it (no error in the protocol's data_received), and the
    event waits for the next reader."""

    async def scenario() -> Any:
        inbox = Inbox()
        reader = asyncio.create_task(inbox.get())
        await asyncio.sleep(0)  # it waits
        reader.cancel()  # its waiter is cancelled now; the reader is told at its next step
        inbox.put_nowait("a")
        with contextlib.suppress(asyncio.CancelledError):
            await reader
        return await asyncio.wait_for(inbox.get(), 5)

    assert asyncio.run(scenario()) == "a"


def test_the_direct_reader_is_offered_and_reads_what_the_application_would() -> None:
    async def scenario() -> list[Any]:
        protocol, _transport, done = await open_socket(LeanWebSocketProtocol)
        receive = protocol.scope["extensions"][RECEIVE]
        protocol.data_received(client_frame(1, b"one") + client_frame(1, b"two"))
        got = [await receive(), await receive()]
        protocol.connection_lost(None)
        got.append(await receive())
        await finish(protocol, done)
        return got

    first, second, last = asyncio.run(scenario())
    assert (first["text"], second["text"]) == ("one", "two")
    assert last["type"] == "websocket.disconnect"


@pytest.mark.parametrize("protocol_class", [LeanWebSocketProtocol, WebSocketsSansIOProtocol])
def test_the_keepalive_pong_is_heard(protocol_class: type[WebSocketsSansIOProtocol]) -> None:
    """The server's keepalive ping, answered: the wait for the pong ends and the next ping is due (as uvicorn's own
    protocol does, run beside it); a pong with other bytes is not the answer."""

    async def scenario() -> tuple[bool, bool, bool]:
        protocol, transport, done = await open_socket(protocol_class, ping_interval=20)
        protocol.ping_timer.cancel()
        protocol.send_keepalive_ping()
        ping = b"".join(transport.written)
        assert ping[0] == 0x89 and ping[1] == 4  # the ping, its four bytes to be sent back
        protocol.data_received(client_frame(10, b"nope"))
        stale = protocol.pong_timer is not None
        protocol.data_received(client_frame(10, ping[2:6]))
        heard = protocol.pong_timer is None and protocol.pending_ping_payload is None
        next_ping = protocol.ping_timer is not None
        protocol.ping_timer.cancel()
        await finish(protocol, done)
        return stale, heard, next_ping

    assert asyncio.run(scenario()) == (True, True, True)

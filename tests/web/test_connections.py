"""Connections one client may hold (issue 17, finding 2): sockets per address, sockets that joined no game,
a few seconds to join, and a full server that refuses new sockets cleanly and says so in its log."""

from __future__ import annotations

import logging
from collections.abc import Callable

import pytest
from conftest import new_game
from starlette.testclient import TestClient, WebSocketDenialResponse
from starlette.websockets import WebSocketDisconnect

from timessquare.web.guards.limits import SocketLimits, raise_open_file_limit


def open_sockets(client: TestClient, path: str, n: int) -> list[object]:
    contexts = []
    for _ in range(n):
        context = client.websocket_connect(path)
        context.__enter__()
        contexts.append(context)
    return contexts


def close_all(contexts: list[object]) -> None:
    for context in reversed(contexts):
        context.__exit__(None, None, None)  # type: ignore[attr-defined]


def refusal(client: TestClient, path: str, held: list[object]) -> WebSocketDenialResponse:
    """How one more socket to `path` is refused while the sockets `held` are open (they are closed after)."""
    try:
        with pytest.raises(WebSocketDenialResponse) as denied:
            open_sockets(client, path, 1)
        return denied.value
    finally:
        close_all(held)


def test_sockets_that_join_no_game_are_capped_per_address(make_client: Callable[..., TestClient]) -> None:
    client = make_client(socket_limits=SocketLimits(per_address=10, unjoined_per_address=3, join_seconds=30))
    game = new_game(client, mode="friend")
    denied = refusal(client, f"/ws/games/{game['id']}", open_sockets(client, "/ws/games/nonexistent", 3))
    assert denied.status_code == 429 and "retry-after" in denied.headers
    with client.websocket_connect(f"/ws/games/{game['id']}") as socket:  # once they are gone, one may come in
        socket.send_json({"v": 1, "type": "join", "token": None})
        assert socket.receive_json()["type"] == "state"


def test_joined_sockets_are_capped_per_address_and_the_server_in_all(
    make_client: Callable[..., TestClient], caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING, logger="timessquare.web")
    client = make_client(socket_limits=SocketLimits(per_address=4, unjoined_per_address=2, join_seconds=30))
    game = new_game(client, mode="friend")
    held = []
    for _ in range(4):
        context = client.websocket_connect(f"/ws/games/{game['id']}")
        held.append(context)
        socket = context.__enter__()
        socket.send_json({"v": 1, "type": "join", "token": None})
        assert socket.receive_json()["type"] == "state"
    assert refusal(client, f"/ws/games/{game['id']}", held).status_code == 429
    full = make_client(socket_limits=SocketLimits(total=2, join_seconds=30))
    assert refusal(full, f"/ws/games/{game['id']}", open_sockets(full, f"/ws/games/{game['id']}", 2)).status_code == 503
    said = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert any("server is full" in line for line in said) and not [r for r in caplog.records if r.exc_info]


def test_a_socket_that_does_not_join_in_time_is_closed(make_client: Callable[..., TestClient]) -> None:
    client = make_client(socket_limits=SocketLimits(join_seconds=0.3))
    game = new_game(client, mode="friend")
    with client.websocket_connect(f"/ws/games/{game['id']}") as socket:
        socket.send_json({"v": 1, "type": "ping"})  # talking is not joining
        assert socket.receive_json()["type"] == "pong"
        error = socket.receive_json()
        assert error["code"] == "bad_message" and "join" in error["message"]
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
        assert closed.value.code == 1008
    with client.websocket_connect(f"/ws/games/{game['id']}") as socket:  # a joined one stays
        socket.send_json({"v": 1, "type": "join", "token": None})
        assert socket.receive_json()["type"] == "state"
        socket.send_json({"v": 1, "type": "ping"})
        assert socket.receive_json()["type"] == "pong"


def test_the_open_file_limit_is_raised_to_what_the_system_allows() -> None:
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(1024, hard), hard))
        assert raise_open_file_limit() == resource.getrlimit(resource.RLIMIT_NOFILE)[0] == hard
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))

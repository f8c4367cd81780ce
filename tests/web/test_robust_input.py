"""Bad input from a client is refused in words and the socket goes on (issue 17, findings 7, 8 and 10): text
that cannot be written back as UTF-8, JSON the core's reader refuses, a body cut short; and 429 says when."""

from __future__ import annotations

import json
import logging
import sys
import urllib.request
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import Seat, new_game
from rawsocket import RawSocket
from starlette.testclient import TestClient

from timessquare.web.sockets import messages

sys.path.insert(0, str(Path(__file__).parent.parent / "e2e"))
from e2e_server import Server  # the real server in a subprocess, as the browser tests run it


@pytest.mark.parametrize(
    "frame",
    [
        '{"v": 1, "type": "explain", "action": "\\ud800"}',  # a lone surrogate, escaped
        '{"v": 1, "type": "ping", "\\udfff": 1}',
        '{"v": 1, "type": "ping"}\udcff',  # a frame that was not UTF-8, as the server hands it on
        '{"v": 1, "v": 1, "type": "ping"}',  # a duplicate key
        '{"v": 1.0, "type": "ping"}',  # the version is the whole number 1
        '{"v": 1, "type": "action", "version": 0.0, "action": "end"}',
        '{"v": 1, "type": "ping", "n": 1' + "0" * 40 + "}",
    ],
)
def test_the_parser_refuses_what_the_core_reader_refuses(frame: str) -> None:
    with pytest.raises(messages.ProtocolError) as refused:
        messages.parse(frame)
    assert refused.value.code == "bad_message" and refused.value.message


def test_a_lone_surrogate_is_refused_and_the_socket_answers_on(client: TestClient) -> None:
    game = new_game(client, mode="friend", seat="A")
    seat = Seat(client, game["id"], game["token"])
    if seat.state["view"]["to_move"] != "A":  # the seat to move, whose explain is answered
        seat = Seat(client, game["id"], game["invite_token"])
    for frame in ('{"v":1,"type":"explain","action":"\\ud800"}', '{"v":1,"type":"ping"}\ud800'):
        seat.socket.send_text(frame)
        assert seat.receive()["code"] == "bad_message"
        seat.send({"v": 1, "type": "ping"})
        assert seat.receive()["type"] == "pong"
    state = seat.act(seat.state["legal"][0])
    assert state["type"] == "state"


def test_a_body_that_is_not_json_or_comes_as_a_form_is_refused(client: TestClient) -> None:
    for content, kind in ((b'{"mode": "friend"}', "text/plain"), (b"mode=friend", "application/x-www-form-urlencoded")):
        response = client.post("/api/games", content=content, headers={"content-type": kind})
        assert response.status_code == 415 and response.json()["error"]["code"] == "unsupported_media_type"
    twice = b'{"mode": "friend", "mode": "computer"}'
    response = client.post("/api/games", content=twice, headers={"content-type": "application/json"})
    assert response.status_code == 400 and "twice" in response.json()["error"]["message"]


def test_too_many_new_games_says_when_to_come_back(make_client: Callable[..., TestClient]) -> None:
    client = make_client(create_per_minute=6)  # one every 10 s, bursts of 1.5
    answers = [client.post("/api/games", json={"mode": "friend"}) for _ in range(3)]
    refused = [a for a in answers if a.status_code == 429]
    assert refused and all(1 <= int(a.headers["retry-after"]) <= 10 for a in refused)


def test_a_client_gone_in_the_middle_of_a_body_is_one_line_not_a_traceback(
    client: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    sent = False

    async def cut_short() -> object:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": b'{"mo', "more_body": True}
        return {"type": "http.disconnect"}

    async def ignore(_message: object) -> None:
        return None

    scope = {
        "type": "http",
        "method": "POST",
        "path": "/api/games",
        "raw_path": b"/api/games",
        "query_string": b"",
        "headers": [(b"content-type", b"application/json"), (b"host", b"testserver")],
        "client": ("127.0.0.1", 1),
        "server": ("testserver", 80),
        "scheme": "http",
        "root_path": "",
        "http_version": "1.1",
    }
    client.portal.call(client.app, scope, cut_short, ignore)  # type: ignore[union-attr]
    assert not [r for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR]


def test_a_text_frame_that_is_not_utf8_gets_bad_message_from_the_real_server(tmp_path: Path) -> None:
    """uvicorn itself decodes the frames: run `timessquare serve` and send raw bytes."""
    server = Server(tmp_path / "games.sqlite3").start()
    try:
        request = urllib.request.Request(
            server.url + "/api/games", data=b'{"mode": "friend"}', headers={"content-type": "application/json"}
        )
        with urllib.request.urlopen(request, timeout=10) as answer:
            game = json.load(answer)
        raw = RawSocket("127.0.0.1", server.port, f"/ws/games/{game['id']}")
        raw.send_json({"v": 1, "type": "join", "token": None})
        assert raw.receive_json()["type"] == "state"
        raw.send_frame(b'{"v": 1, "type": "ping", "x": "\xff\xfe"}')
        assert raw.receive_json()["code"] == "bad_message"
        raw.send_json({"v": 1, "type": "ping"})
        assert raw.receive_json()["type"] == "pong"
        raw.close()
    finally:
        server.stop()
    assert server.process is not None and server.process.stdout is not None
    output = server.process.stdout.read()
    assert "Traceback" not in output and "ERROR" not in output, output

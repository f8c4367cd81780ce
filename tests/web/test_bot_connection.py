"""A bot process through the documented bot connection (`timessquare bot`) plays a rated game against a person
on a real server: the bot's moves come from an outside program speaking the player protocol."""

from __future__ import annotations

import asyncio
import json
import os
import random
import subprocess
import sys
import urllib.request
from http.cookies import SimpleCookie
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("websockets", reason="the web extra is not installed")
from websockets.sync.client import connect

sys.path.insert(0, str(Path(__file__).parent.parent / "e2e"))
from e2e_server import Server

import timessquare.web.online.bot as bot_module
from timessquare.session.game_session import GameSession
from timessquare.variants import DEFAULT_RULES
from timessquare.web.online.bot import BotConnection
from timessquare.web.sockets.table import Table

BOTS = Path(__file__).parent.parent / "bots"


def call(server: Server, method: str, path: str, body: dict[str, Any], cookie: str = "") -> tuple[int, Any, str]:
    headers = {"Content-Type": "application/json", "Origin": server.url}
    if cookie:
        headers["Cookie"] = cookie
    request = urllib.request.Request(server.url + path, json.dumps(body).encode(), headers, method=method)
    with urllib.request.urlopen(request, timeout=30) as answer:
        jar: SimpleCookie = SimpleCookie()
        for header in answer.headers.get_all("Set-Cookie") or []:
            jar.load(header)
        got = "; ".join(f"{k}={m.value}" for k, m in jar.items())
        return answer.status, json.loads(answer.read() or b"null"), got


def test_a_bot_process_plays_a_rated_game_against_a_person(tmp_path: Path) -> None:
    server = Server(tmp_path / "games.sqlite3").start()
    bot = None
    try:
        call(server, "POST", "/api/accounts", {"name": "Firstbot", "password": "bot password", "bot": True})
        _, _, cookie = call(server, "POST", "/api/accounts", {"name": "Person", "password": "a long password"})
        ws = server.url.replace("http", "ws", 1)
        headers = {"Cookie": cookie, "Origin": server.url}
        with connect(f"{ws}/ws/lobby", additional_headers=headers) as lobby:
            json.loads(lobby.recv())
            call(server, "POST", "/api/lobby", {"control": "10+5", "rated": True}, cookie)
            command = [
                sys.executable,
                "-m",
                "timessquare",
                "bot",
                "--server",
                server.url,
                "--name",
                "Firstbot",
                "--player",
                f"cmd:{sys.executable} {BOTS / 'first_legal.py'}",
                "--games",
                "1",
            ]
            bot = subprocess.Popen(
                command,
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,
                text=True,
                env={**os.environ, "TIMESSQUARE_BOT_PASSWORD": "bot password"},
            )
            while (message := json.loads(lobby.recv(timeout=180)))["type"] != "started":
                pass
        with connect(f"{ws}/ws/games/{message['id']}", additional_headers=headers) as game:
            game.send(json.dumps({"v": 1, "type": "join", "token": message["token"], "lang": "en"}))
            while True:
                state = json.loads(game.recv(timeout=180))
                if state["type"] == "error":  # told to slow down (the person plays at network speed): look again
                    game.send(json.dumps({"v": 1, "type": "sync"}))
                    continue
                if state["type"] != "state":
                    continue
                assert state["online"]["accounts"]["AB".replace(state["seat"], "")]["bot"] is True
                if state["over"]:
                    break
                if state["view"]["to_move"] == state["seat"] and state["legal"]:
                    game.send(
                        json.dumps(
                            {"v": 1, "type": "action", "version": state["version"], "action": state["legal"][-1]}
                        )
                    )
        output, _ = bot.communicate(timeout=180)
        assert bot.returncode == 0, output
        assert "games played: 1" in output
        lines = output.splitlines()
        started = [line for line in lines if line.startswith(f"game {message['id']} started: ")]
        assert started == [
            f"game {message['id']} started: seat {'AB'.replace(message['seat'], '')} against Person, 10+5, rated"
        ]
        ended = [line for line in lines if line.startswith(f"game {message['id']} ended: ")]
        assert len(ended) == 1 and ended[0].split(": ")[1].split(" (")[0] in ("won", "lost", "a draw")
        with urllib.request.urlopen(server.url + "/api/players/Firstbot", timeout=10) as answer:
            page = json.load(answer)
        assert page["games"] == 1 and page["deviation"] < 350
        assert page["recent"][0]["opponent"] == "Person" and page["recent"][0]["rated"] is True
    finally:
        if bot is not None and bot.poll() is None:
            bot.kill()
            bot.wait(10)
        server.stop()


class ScriptedSocket:
    """A game socket that answers the bot's messages from a script: each message the bot sends is kept, and
    each answer goes out when the bot sends the message it follows."""

    def __init__(self, answers: dict[int, list[dict[str, Any]]]) -> None:
        self.sent: list[dict[str, Any]] = []
        self.answers = answers  # after the bot's n-th message (0: the join), these
        self.inbox: asyncio.Queue[str] = asyncio.Queue()

    async def send(self, text: str) -> None:
        self.sent.append(json.loads(text))
        for answer in self.answers.get(len(self.sent) - 1, []):
            self.inbox.put_nowait(json.dumps(answer))

    async def recv(self) -> str:
        return await asyncio.wait_for(self.inbox.get(), 10)  # a bot that waits for nothing fails, never hangs

    async def __aenter__(self) -> ScriptedSocket:
        return self

    async def __aexit__(self, *exc: object) -> None:
        return None


def test_a_refused_action_is_followed_by_a_sync_not_a_wait_for_ever(monkeypatch: pytest.MonkeyPatch) -> None:
    """Told to slow down, the bot pauses and asks for the state again: the server dropped its action, so no new
    state would come by itself (a bot's game stalled so, now and then, once the server answered faster)."""
    session = GameSession.new({"A": "person", "B": "person"}, DEFAULT_RULES, deal=random.Random(1))
    table = Table("g0000000001", "friend", session)
    state = table.state_message(session.to_move, "en", None, None)  # the bot's seat is the one to move
    over = {**state, "over": {"result": "B", "reason": "A resigned"}}
    refused = {"v": 1, "type": "error", "code": "rate_limited", "message": "too many messages: slow down"}
    socket = ScriptedSocket({0: [state], 1: [refused], 2: [state], 3: [over]})
    monkeypatch.setattr(bot_module.websockets, "connect", lambda *args, **kwargs: socket)
    monkeypatch.setattr(bot_module, "SLOW_DOWN_SECONDS", 0.0)
    bot = BotConnection("http://127.0.0.1:1", "Firstbot", "pw", "heuristic", DEFAULT_RULES, games=1)
    asyncio.run(bot.play("g0000000001", "token"))
    kinds = [message["type"] for message in socket.sent]
    assert kinds == ["join", "action", "sync", "action"]
    for action in (socket.sent[1], socket.sent[3]):  # the same choice again, on the state asked for
        assert action["version"] == state["version"] and action["action"] in state["legal"]
    assert bot.played == 1


class FakeTime:
    """A clock that moves only when the bot sleeps (the pauses it takes, recorded)."""

    def __init__(self) -> None:
        self.now = 0.0
        self.pauses: list[float] = []

    def clock(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.pauses.append(seconds)
        self.now += seconds


class EndlessTurns(ScriptedSocket):
    """Every message of the bot is answered at once with a new state where it is to move again (a player that
    chooses instantly, in a long game), until `turns` actions; then the game is over."""

    def __init__(self, state: dict[str, Any], turns: int, clock: FakeTime) -> None:
        super().__init__({})
        self.state, self.turns, self.time = state, turns, clock
        self.at: list[float] = []

    async def send(self, text: str) -> None:
        self.sent.append(json.loads(text))
        self.at.append(self.time.now)
        version = self.state["version"] + len(self.sent)
        over = {"result": "B", "reason": "A resigned"} if len(self.sent) > self.turns else None
        self.inbox.put_nowait(json.dumps({**self.state, "version": version, "over": over}))


def test_a_bot_whose_player_is_instant_stays_under_the_socket_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    from timessquare.web.app import Settings

    session = GameSession.new({"A": "person", "B": "person"}, DEFAULT_RULES, deal=random.Random(2))
    state = Table("g0000000002", "friend", session).state_message(session.to_move, "en", None, None)
    fake = FakeTime()
    socket = EndlessTurns(state, 300, fake)
    monkeypatch.setattr(bot_module.websockets, "connect", lambda *args, **kwargs: socket)
    pace = lambda: bot_module.Pace(clock=fake.clock, sleep=fake.sleep)  # noqa: E731
    bot = BotConnection("http://127.0.0.1:1", "Fastbot", "pw", "random", DEFAULT_RULES, games=1, pace=pace)
    asyncio.run(bot.play("g0000000002", "token"))
    assert len(socket.at) == 301  # the join and 300 actions
    settings = Settings("sqlite://")
    tokens, last = settings.socket_burst, 0.0  # the server's bucket, replayed over the bot's send times
    for moment in socket.at:
        tokens = min(settings.socket_burst, tokens + (moment - last) * settings.socket_rate)
        last = moment
        assert tokens >= 1, f"refused at {moment:.2f} s"
        tokens -= 1


def test_a_bot_told_to_slow_down_waits_longer_each_time_in_a_row(monkeypatch: pytest.MonkeyPatch) -> None:
    session = GameSession.new({"A": "person", "B": "person"}, DEFAULT_RULES, deal=random.Random(1))
    state = Table("g0000000003", "friend", session).state_message(session.to_move, "en", None, None)
    refused = {"v": 1, "type": "error", "code": "rate_limited", "message": "too many messages: slow down"}
    later = {**state, "version": state["version"] + 1}
    over = {**later, "over": {"result": "B", "reason": "A resigned"}}
    # three refusals in a row, a state that moved on, one more refusal, then the end
    script = {0: [state], 1: [refused], 2: [refused], 3: [refused], 4: [later], 5: [refused], 6: [over]}
    socket = ScriptedSocket(script)
    monkeypatch.setattr(bot_module.websockets, "connect", lambda *args, **kwargs: socket)
    fake = FakeTime()
    pace = lambda: bot_module.Pace(clock=fake.clock, sleep=fake.sleep)  # noqa: E731
    bot = BotConnection("http://127.0.0.1:1", "Slowbot", "pw", "heuristic", DEFAULT_RULES, games=1, pace=pace)
    asyncio.run(bot.play("g0000000003", "token"))
    assert fake.pauses == [1.0, 2.0, 4.0, 1.0]  # doubling in a row, back to the first pause once it went on


class DroppingLobby:
    """Lobby sockets for the bot: the first tells the lobby at a server time, then drops; the next tells of a
    game that started meanwhile. Records the address of each socket opened."""

    def __init__(self) -> None:
        self.opened: list[str] = []

    def connect(self, url: str, **_kwargs: Any) -> ScriptedSocket:
        self.opened.append(url)
        socket = ScriptedSocket({})
        if len(self.opened) == 1:
            lobby = {"type": "lobby", "challenges": [], "online": [], "at": 1_700_000_000_123}
            socket.inbox.put_nowait(json.dumps(lobby))

            async def recv_then_drop() -> str:
                if socket.inbox.empty():
                    raise bot_module.websockets.exceptions.ConnectionClosedError(None, None)
                return socket.inbox.get_nowait()

            socket.recv = recv_then_drop  # type: ignore[method-assign]
        else:
            socket.inbox.put_nowait(json.dumps({"type": "started", "id": "g0000000003", "token": "t", "seat": "A"}))
        return socket


def test_a_bot_whose_lobby_socket_drops_opens_it_again_and_hears_of_the_game_started_meanwhile(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    lobby = DroppingLobby()
    monkeypatch.setattr(bot_module.websockets, "connect", lobby.connect)
    monkeypatch.setattr(bot_module, "SLOW_DOWN_SECONDS", 0.0)
    bot = BotConnection("http://127.0.0.1:1", "Backbot", "pw", "random", DEFAULT_RULES, accept=False, games=1)
    played: list[tuple[str, str]] = []

    async def log_in() -> None:
        return None

    async def play(game_id: str, token: str) -> None:
        played.append((game_id, token))
        bot.played += 1

    monkeypatch.setattr(bot, "log_in", log_in)
    monkeypatch.setattr(bot, "play", play)
    assert asyncio.run(bot.run()) == 1
    assert lobby.opened == ["ws://127.0.0.1:1/ws/lobby", "ws://127.0.0.1:1/ws/lobby?since=1700000000123"]
    assert played == [("g0000000003", "t")]

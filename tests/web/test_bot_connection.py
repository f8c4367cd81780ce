"""A bot process through the documented bot connection (`timessquare bot`) plays a rated game against a person
on a real server: the bot's moves come from an outside program speaking the player protocol."""

from __future__ import annotations

import json
import os
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

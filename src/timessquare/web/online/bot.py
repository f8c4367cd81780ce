"""The bot connection (docs/web-protocol.md, "Bots"): a program on the bot owner's machine that logs a bot
account in, waits in the lobby, and plays each game it gets with a player of this project, which may be any
outside program speaking the player protocol (`cmd:COMMAND`), as lichess-bot does for lichess.

It speaks only the public protocol: HTTP for the lobby, the game socket with its seat token for each game. So
a bot sees exactly what a person at that seat sees (the seat's view), never the other hand.

It keeps under the server's limits (docs/web.md "Limits that protect the server") however fast its player
chooses: each game socket sends at most PACE messages a second (bursts of PACE_BURST), half what the server
allows; a `rate_limited` or `busy` refusal pauses it, twice as long at each refusal in a row (up to
MAX_PAUSE_SECONDS); and a lobby request answered 429 or 503 waits for its `Retry-After` before the next.
"""

from __future__ import annotations

import asyncio
import json
import logging
import random
import time
import urllib.error
import urllib.request
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from typing import Any
from urllib.parse import urlsplit

import websockets

from ... import protocol  # noqa: F401  (registers the players written cmd:COMMAND with make_player)
from ...actions import checked_id, notation
from ...cards import SEAT_NAMES
from ...errors import TimesSquareError
from ...players.base import Forfeit
from ...players.registry import make_player
from ...variants import Rules
from ...view import PlayerView

log = logging.getLogger("timessquare.bot")
SLOW_DOWN_SECONDS = 1.0  # the first pause after a refusal for too many messages (or a busy database) ...
MAX_PAUSE_SECONDS = 30.0  # ... doubled at each refusal in a row, up to this
PACE, PACE_BURST = 10.0, 20.0  # a game socket's messages a second, and at once (the server allows 20 and 40)


class Pace:
    """A token bucket the bot waits on before each message of a game socket (time and sleep injectable)."""

    def __init__(
        self,
        rate: float = PACE,
        burst: float = PACE_BURST,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    ) -> None:
        self.rate, self.burst, self.clock, self.sleep = rate, burst, clock, sleep
        self.tokens, self.stamp = burst, clock()
        self.pause = 0.0  # the next refusal's pause (0: none in a row)

    async def take(self) -> None:
        while True:
            moment = self.clock()
            self.tokens = min(self.burst, self.tokens + (moment - self.stamp) * self.rate)
            self.stamp = moment
            if self.tokens >= 1 - 1e-9:  # (a float's rounding must not keep it waiting for ever)
                self.tokens = max(0.0, self.tokens - 1)
                return
            await self.sleep(max(0.001, (1 - self.tokens) / self.rate))

    async def refused(self) -> None:
        """Told to slow down: wait, longer at each refusal in a row."""
        self.pause = min(MAX_PAUSE_SECONDS, self.pause * 2 if self.pause else SLOW_DOWN_SECONDS)
        await self.sleep(self.pause)

    def went_on(self) -> None:
        self.pause = 0.0


class BotError(TimesSquareError):
    pass


@dataclass
class BotConnection:
    server: str  # http://host:port
    name: str
    password: str
    player: str  # a player name: expert, cmd:python3 my_bot.py, ...
    rules: Rules
    seek: str | None = None  # a time control to wait for opponents at (quick pairing), or None
    accept: bool = True  # accept open challenges and challenges to this bot
    games: int | None = None  # stop after this many games (None: run until stopped)
    cookie: str = ""
    played: int = 0
    playing: set[str] = field(default_factory=set)
    rng: random.Random = field(default_factory=random.Random)
    pace: Callable[[], Pace] = Pace  # each game socket's own
    quiet_until: float = 0.0  # no lobby request before this moment (a Retry-After)
    lobby_heard: int | None = None  # the server's time (`at`) of the last lobby message: a reopened socket's `since`
    say: Callable[[str], None] = field(default=lambda line: None)  # one line per game started and ended

    # ------------------------------------------------------------------ HTTP

    @property
    def origin(self) -> str:
        parts = urlsplit(self.server)
        return f"{parts.scheme}://{parts.netloc}"

    def _http(self, method: str, path: str, body: dict[str, Any] | None = None) -> tuple[int, Any, Any]:
        data = None if body is None else json.dumps(body).encode()
        headers = {"Origin": self.origin, "Content-Type": "application/json"}
        if self.cookie:
            headers["Cookie"] = self.cookie
        request = urllib.request.Request(self.origin + path, data=data, method=method, headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=30) as answer:
                text = answer.read()
                return answer.status, (json.loads(text) if text else None), answer.headers
        except urllib.error.HTTPError as e:
            text = e.read()
            return e.code, (json.loads(text) if text else None), e.headers

    async def http(self, method: str, path: str, body: dict[str, Any] | None = None) -> tuple[int, Any]:
        status, answer, headers = await asyncio.to_thread(self._http, method, path, body)
        if status in (429, 503):  # too many requests, or busy: nothing more until it says
            retry = headers.get("Retry-After") if headers is not None else None
            wait = float(retry) if retry and retry.isdigit() else SLOW_DOWN_SECONDS
            self.quiet_until = time.monotonic() + min(wait, MAX_PAUSE_SECONDS * 4)
            log.warning("%s %s refused (%d): waiting %g s", method, path, status, wait)
        return status, answer

    async def log_in(self) -> None:
        status, answer, headers = await asyncio.to_thread(
            self._http, "POST", "/api/session", {"name": self.name, "password": self.password}
        )
        if status != 200:
            raise BotError(f"could not log in as {self.name}: {answer['error']['message']}")
        if not answer["account"]["bot"]:
            raise BotError(f'{self.name} is not a bot account (sign it up with "bot": true)')
        jar: SimpleCookie = SimpleCookie()
        for header in headers.get_all("Set-Cookie") or []:
            jar.load(header)
        self.cookie = "; ".join(f"{key}={morsel.value}" for key, morsel in jar.items())

    def _ws_url(self, path: str) -> str:
        return self.origin.replace("http", "ws", 1) + path

    def _ws_headers(self) -> dict[str, str]:
        return {"Cookie": self.cookie, "Origin": self.origin}

    # ----------------------------------------------------------------- lobby

    async def run(self) -> int:
        """Play until `games` games are over (or forever); the number of games played. A lobby socket that
        drops (a server restarted, a network gone) is opened again, with growing pauses, asking for the games
        that started meanwhile (`since`); the games being played go on on their own sockets."""
        await self.log_in()
        tasks: set[asyncio.Task[None]] = set()
        pause = 0.0
        while self._running():
            heard = self.lobby_heard
            try:
                await self._lobby(tasks)
            except (websockets.exceptions.WebSocketException, OSError) as e:
                if self.lobby_heard != heard:  # it served a while: the shortest pause again
                    pause = 0.0
                pause = min(MAX_PAUSE_SECONDS, pause * 2 if pause else SLOW_DOWN_SECONDS)
                log.warning("the lobby socket is gone (%s): opening it again in %g s", e, pause)
                await asyncio.sleep(pause)
        await asyncio.gather(*tasks)
        return self.played

    def _running(self) -> bool:
        return self._want_more() or bool(self.playing)

    async def _lobby(self, tasks: set[asyncio.Task[None]]) -> None:
        """One lobby socket, read until the bot is done (or the socket is)."""
        since = self.lobby_heard
        path = "/ws/lobby" if since is None else f"/ws/lobby?since={since}"
        async with websockets.connect(self._ws_url(path), additional_headers=self._ws_headers()) as lobby:
            while self._running():
                try:
                    text = await asyncio.wait_for(lobby.recv(), timeout=1.0)
                except TimeoutError:
                    continue
                message = json.loads(text)
                if isinstance(message.get("at"), int):
                    self.lobby_heard = message["at"]
                if message["type"] == "started":
                    tasks.add(asyncio.create_task(self.play(message["id"], message["token"])))
                elif message["type"] == "lobby":
                    await self.on_lobby(message, tasks)

    def _want_more(self) -> bool:
        return self.games is None or self.played + len(self.playing) < self.games

    async def on_lobby(self, lobby: dict[str, Any], tasks: set[asyncio.Task[None]]) -> None:
        if not self._want_more() or time.monotonic() < self.quiet_until:
            return
        if self.accept:
            for challenge in lobby["challenges"]:
                if challenge["by"] != self.name and not challenge["quick"] and self._want_more():
                    if time.monotonic() < self.quiet_until:
                        return
                    status, game = await self.http("POST", f"/api/lobby/{challenge['id']}/accept", {})
                    if status == 201:
                        tasks.add(asyncio.create_task(self.play(game["id"], game["token"])))
        waiting = any(c["quick"] and c["by"] == self.name for c in lobby["challenges"])
        if self.seek and not waiting and not self.playing and self._want_more():
            status, game = await self.http("POST", "/api/lobby/quick", {"control": self.seek})
            if status == 201:
                tasks.add(asyncio.create_task(self.play(game["id"], game["token"])))

    # ------------------------------------------------------------------ games

    async def play(self, game_id: str, token: str) -> None:
        if game_id in self.playing:
            return
        self.playing.add(game_id)
        player = make_player(self.player, self.rules)
        started = False
        try:
            async with websockets.connect(
                self._ws_url(f"/ws/games/{game_id}"), additional_headers=self._ws_headers()
            ) as socket:
                pace = self.pace()

                async def send(message: dict[str, Any]) -> None:
                    await pace.take()
                    await socket.send(json.dumps({"v": 1, **message}))

                await send({"type": "join", "token": token, "lang": "en", "changes": True})
                acted, state = -1, None
                while True:
                    message = json.loads(await socket.recv())
                    if message["type"] == "change" and state is not None:
                        message = followed(state, message)
                    if message["type"] == "error":
                        log.warning("game %s: %s", game_id, message["message"])
                        # A refusal: look again. A dropped message changed nothing, so no state would come by
                        # itself (the game waited for ever): ask for one, after a pause if told to slow down.
                        acted = -1
                        if message.get("code") in ("rate_limited", "busy"):
                            await pace.refused()
                        await send({"type": "sync"})
                        continue
                    if message["type"] != "state":
                        continue
                    if message["version"] != acted:
                        pace.went_on()
                    state = message
                    seat = SEAT_NAMES.index(message["seat"])
                    if not started:
                        await asyncio.to_thread(player.start_game, seat)
                        started = True
                        self.say(started_line(game_id, message))
                    if message["over"]:
                        await asyncio.to_thread(player.end_game, message["over"]["result"], message["over"]["reason"])
                        self.say(ended_line(game_id, message))
                        return
                    view = message["view"]
                    if view["to_move"] != message["seat"] or not message["legal"] or message["version"] == acted:
                        continue
                    acted = message["version"]
                    answer = await self.choose(player, view, message["legal"], acted)
                    await send(answer)
        finally:
            await asyncio.to_thread(player.close)
            self.playing.discard(game_id)
            self.played += 1

    async def choose(self, player: Any, view: dict[str, Any], legal: list[str], version: int) -> dict[str, Any]:
        """The message of the player's choice: an action on this version of the game, or a resignation."""
        ids = sorted(checked_id(a) for a in legal)
        try:
            aid = await asyncio.to_thread(player.choose, PlayerView.from_document(view), ids, self.rng)
        except Forfeit as e:
            log.warning("the player forfeits: %s", e.reason)
            return {"type": "resign"}
        return {"type": "action", "action": notation(aid), "version": version}


def followed(state: dict[str, Any], change: dict[str, Any]) -> dict[str, Any]:
    """The game after a `change` message, as a whole state (docs/web-protocol.md): the view's new fields, its
    public moves grown by the change's events, the legal actions (ids) of the seat to move, the end."""
    view = {**state["view"], **change["view"]}
    moves = [e.get("notation", "shuffle") for e in change["events"] if e["kind"] in ("move", "shuffle")]
    view["moves"] = [*view["moves"], *moves]
    legal, over = change.get("legal", []), change.get("over")
    return {**state, "type": "state", "version": change["version"], "view": view, "legal": legal, "over": over}


def started_line(game_id: str, state: dict[str, Any]) -> str:
    """`game ID started: seat A against Alice, 5+3, rated`."""
    seat = state["seat"]
    online = state.get("online") or {}
    other = (online.get("accounts") or {}).get("B" if seat == "A" else "A")
    opponent = other["name"] if other else online.get("level") or "a guest"
    control = (online.get("clock") or {}).get("control") or "no clock"
    kind = "rated" if online.get("rated") else "casual"
    return f"game {game_id} started: seat {seat} against {opponent}, {control}, {kind}"


def ended_line(game_id: str, state: dict[str, Any]) -> str:
    """`game ID ended: won (Sue reached A's entrance)`; lost, a draw, aborted."""
    result, seat = state["over"]["result"], state["seat"]
    outcome = {"draw": "a draw", "aborted": "aborted"}.get(result) or ("won" if result == seat else "lost")
    return f"game {game_id} ended: {outcome} ({state['over']['reason']})"


def run_bot(connection: BotConnection) -> int:
    return asyncio.run(connection.run())

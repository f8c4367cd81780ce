"""The online routes and their setup: `install(app, ...)` is all `web/app.py` calls."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from sqlalchemy import Engine
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route, WebSocketRoute

from ..games.starter import GameStarter
from ..pages.templating import SCRIPTED, render
from . import accounts, lobby, seats
from .accounts import AccountLimits, PasswordWork
from .lobby_news import LobbyNews
from .lobby_wire import LobbyWire
from .service import Online
from .store import OnlineStore


def page(name: str) -> Callable[[Request], Awaitable[Response]]:
    """The page pages/`name`, from the pages' one template (templating.py)."""

    async def serve_page(request: Request) -> Response:
        return render(request, name, SCRIPTED[name], script=SCRIPTED[name])

    return serve_page


ROUTES: list[BaseRoute] = [
    Route("/lobby", page("lobby.html")),
    Route("/players", page("players.html")),
    Route("/players/{name}", page("player.html")),
    Route("/api/accounts", accounts.sign_up, methods=["POST"]),
    Route("/api/session", accounts.who, methods=["GET"]),
    Route("/api/session", accounts.log_in, methods=["POST"]),
    Route("/api/session", accounts.log_out, methods=["DELETE"]),
    Route("/api/account/password", accounts.change_password, methods=["POST"]),
    Route("/api/account", accounts.delete_account, methods=["DELETE"]),
    Route("/api/players", accounts.leaderboard, methods=["GET"]),
    Route("/api/players/{name}", accounts.player, methods=["GET"]),
    Route("/api/lobby", lobby.lobby, methods=["GET"]),
    Route("/api/lobby", lobby.post_challenge, methods=["POST"]),
    Route("/api/lobby/quick", lobby.quick_pairing, methods=["POST"]),
    Route("/api/lobby/computer", lobby.play_computer, methods=["POST"]),
    Route("/api/lobby/{challenge_id}", lobby.cancel_challenge, methods=["DELETE"]),
    Route("/api/lobby/{challenge_id}/accept", lobby.accept_challenge, methods=["POST"]),
    Route("/api/games/{game_id}/seat", lobby.my_seat, methods=["GET"]),
    Route("/api/games/{game_id}/take", seats.take_seat, methods=["POST"]),
    Route("/api/games/{game_id}/claim", seats.claim_leaver, methods=["POST"]),
    WebSocketRoute("/ws/lobby", lobby.lobby_socket),
]


def install(app: Starlette, engine: Engine, starter: GameStarter, settings: Any) -> Online:
    """Online play on this app (web/app.py's `Settings`): its state (`app.state.online`) and the room hooks;
    the routes are ROUTES."""
    online = Online(OnlineStore(engine), starter.rooms, starter, starter.now)
    app.state.online = online
    app.state.account_limits = AccountLimits(settings.login_tries_per_minute)
    app.state.passwords = PasswordWork(settings.password_queue)
    news = app.state.lobby_news = LobbyNews(lambda: lobby.tell_lobby_sockets(online))
    wire = app.state.lobby_wire = LobbyWire(online, news)
    news.publish = wire.publish_changed
    app.state.pairing = asyncio.Lock()  # quick pairing, one seeker at a time (lobby.quick_pairing)
    return online

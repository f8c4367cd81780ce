"""The online routes and their setup: `install(app, ...)` is all `web/app.py` calls."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from sqlalchemy import Engine
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route, WebSocketRoute

from ..games.starter import GameStarter
from ..pages.templating import SCRIPTED, render
from . import accounts, bot_accounts, club_news, lobby, people, rematch, seats
from . import tournaments as tournament_routes
from .accounts import AccountLimits, PasswordWork
from .game_names import game_names
from .lobby_news import LobbyNews
from .lobby_wire import LobbyWire
from .service import Online
from .store import OnlineStore
from .tournament_store import TournamentStore
from .tournaments import Tournaments


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
    Route("/api/account/bots", bot_accounts.make_bot, methods=["POST"]),
    Route("/api/players", accounts.leaderboard, methods=["GET"]),
    Route("/api/players/search", people.find_players, methods=["GET"]),
    Route("/api/players/{name}", accounts.player, methods=["GET"]),
    Route("/api/players/{name}/games", people.player_games, methods=["GET"]),
    Route("/api/players/{name}/follow", people.follow_state, methods=["GET"]),
    Route("/api/players/{name}/follow", people.follow_player, methods=["POST"]),
    Route("/api/players/{name}/follow", people.unfollow_player, methods=["DELETE"]),
    Route("/api/following", people.following, methods=["GET"]),
    Route("/api/lobby", lobby.lobby, methods=["GET"]),
    Route("/api/lobby", lobby.post_challenge, methods=["POST"]),
    Route("/api/lobby/quick", lobby.quick_pairing, methods=["POST"]),
    Route("/api/lobby/computer", lobby.play_computer, methods=["POST"]),
    Route("/api/lobby/{challenge_id}", lobby.cancel_challenge, methods=["DELETE"]),
    Route("/api/lobby/{challenge_id}/accept", lobby.accept_challenge, methods=["POST"]),
    Route("/api/games/{game_id}/seat", lobby.my_seat, methods=["GET"]),
    Route("/api/games/{game_id}/take", seats.take_seat, methods=["POST"]),
    Route("/api/games/{game_id}/claim", seats.claim_leaver, methods=["POST"]),
    Route("/api/games/{game_id}/rematch", rematch.rematch, methods=["POST"]),
    Route("/tournaments", page("tournaments.html")),
    Route("/tournaments/{tournament_id}", page("tournament.html")),
    Route("/api/tournaments", tournament_routes.list_tournaments, methods=["GET"]),
    Route("/api/tournaments", tournament_routes.create_tournament, methods=["POST"]),
    Route("/api/tournaments/{tournament_id}", tournament_routes.get_tournament, methods=["GET"]),
    Route("/api/tournaments/{tournament_id}/join", tournament_routes.join_tournament, methods=["POST"]),
    Route("/api/tournaments/{tournament_id}/join", tournament_routes.leave_tournament, methods=["DELETE"]),
    Route("/api/tournaments/{tournament_id}/start", tournament_routes.start_tournament, methods=["POST"]),
    WebSocketRoute("/ws/lobby", lobby.lobby_socket),
]


def install(app: Starlette, engine: Engine, starter: GameStarter, settings: Any) -> Online:
    """Online play on this app (web/app.py's `Settings`): its state (`app.state.online`) and the room hooks;
    the routes are ROUTES."""
    online = Online(OnlineStore(engine), starter.rooms, starter, starter.now)
    app.state.online = online

    async def names(game_ids: list[str]) -> dict[str, dict[str, str | None]]:
        return await online.run(game_names, engine, game_ids) if game_ids else {}

    app.state.game_names = names
    tournament_store = TournamentStore(engine)
    tournaments = Tournaments(online, tournament_store, lambda: starter.rules)

    async def tournament_of(game_id: str) -> str | None:
        found: str | None = await online.run(tournament_store.tournament_of, game_id)
        return found

    online.hooks.tournament_lookup = tournament_of
    app.state.tournaments = tournaments
    online.sweeper.sweepers.append(tournaments.tick)
    app.state.account_limits = AccountLimits(settings.login_tries_per_minute)
    app.state.passwords = PasswordWork(settings.password_queue)
    news = app.state.lobby_news = LobbyNews(lambda: lobby.tell_lobby_sockets(online))
    wire = app.state.lobby_wire = LobbyWire(online, news)
    news.publish = wire.publish_changed
    club_news.install(online, wire, news, app.state.chat, app.state.offers)
    tournaments.wire = wire
    return online

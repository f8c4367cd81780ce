"""The ASGI application: pages, static files, the JSON API, the game sockets and `/healthz`.

`create_app(Settings(...))` builds it. At start (the lifespan) the database schema is migrated and the
worker processes start; at the end the rooms, the workers and the database connections are closed.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

import anyio
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.gzip import GZipMiddleware
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles

from ..catalog import catalog, languages
from ..players.analysis import ANALYSIS_ITERATIONS
from ..session.clock import system_now
from ..variants import DEFAULT_RULES, Rules
from .api import games
from .api.finished import FinishedGames
from .api.learn import learn
from .api.quotas import Admission, Quotas
from .api.requests import ApiError, error_response
from .games.seat_tokens import SeatTokens
from .games.starter import GameStarter
from .guards.limits import GateFull, SocketCounts, SocketLimits, Throttled, WorkGate
from .guards.origin import OriginCheck
from .guards.security import SecurityHeaders, is_game_id
from .online import routes as online_routes
from .pages.installable import manifest, service_worker
from .pages.missing import no_such_game
from .pages.templating import SCRIPTED, render
from .sockets.chat import Chat
from .sockets.offers import Offers
from .sockets.rooms import Rooms, unavailable
from .sockets.ws import game_socket
from .storage import DatabaseUnavailable, GameStore, dialect_name, make_engine, migrate
from .storage.analyses import AnalysisStore
from .storage.chat import ChatStore
from .storage.database import free_bytes
from .storage.notify import ChangeListener
from .storage.offers import OfferStore
from .storage.writer import Database
from .workers.analyst import Analyst
from .workers.pool import WorkerPool

log = logging.getLogger("timessquare.web")
HERE = Path(__file__).resolve().parent
STATIC = HERE / "static"
GAME_PAGES = ("/game/", "/replay/")
refused = Throttled(log)  # a flood's refusals: one line every few seconds


@dataclass
class Settings:
    database_url: str
    workers: int = 2  # worker processes for computer players and hints
    hint_seconds: float = 1.0
    hint_queue: int = 4
    create_per_minute: float = 60  # new games per client address, the base of api/quotas.py (0: no limits)
    socket_rate: float = 20  # messages a second per socket, on average ...
    socket_burst: float = 40  # ... and at once
    warm_workers: bool = True  # start the worker processes at once (else on first use)
    rules: Rules = DEFAULT_RULES
    analysis_iterations: int = ANALYSIS_ITERATIONS  # the expert's search per turn of a finished game (0: none)
    analysis_poll_seconds: float = 5.0  # how often the analyst looks for newly finished games
    allowed_origins: tuple[str, ...] = ()  # other sites whose pages may use this server (--allow-origin)
    socket_limits: SocketLimits = field(default_factory=SocketLimits)
    on_ready: Callable[[str], None] | None = None  # told the database kind once the server is ready
    now: Callable[[], datetime] | None = None  # the clock of online games (tests inject one); None: the system's
    login_tries_per_minute: float = 10  # sign-ups and log-ins per client address, and per name
    min_free_disk_mb: int = 64  # /healthz fails with less room than this on a SQLite database's disk
    password_queue: int = 4  # password hashes waiting for the one running (online/accounts.py PasswordWork)
    extra: dict[str, object] = field(default_factory=dict)


async def game_exists(request: Request, game_id: str) -> bool:
    """Is there such a game? (A database that does not answer gets the benefit of the doubt: the page
    opens and its socket says what is wrong.)"""
    if not is_game_id(game_id):
        return False
    rooms: Rooms = request.app.state.rooms
    try:
        return await rooms.database.run(rooms.database.store.exists, game_id)
    except DatabaseUnavailable as e:
        unavailable.warning("could not look up game %s: %s", game_id, e)
        return True


def page(name: str) -> Callable[[Request], Awaitable[Response]]:
    """The page pages/`name` (templating.py), with its script."""

    async def serve_page(request: Request) -> Response:
        game_id = request.path_params.get("game_id")
        if game_id is not None and not await game_exists(request, str(game_id)):
            return no_such_game(request)
        return render(request, name, SCRIPTED[name], script=SCRIPTED[name])

    return serve_page


async def catalog_file(request: Request) -> Response:
    """A language's catalog for the pages (catalog.py; English fills what it lacks)."""
    lang = str(request.path_params["lang"])
    if lang not in languages():
        raise HTTPException(404, f"no words for the language {lang!r}")
    return JSONResponse(dict(catalog(lang)), headers={"Cache-Control": "no-cache"})


async def healthz(request: Request) -> Response:
    rooms: Rooms = request.app.state.rooms
    kind = request.app.state.database_kind
    try:  # a write, bounded in time: a database that answers but cannot write is not healthy
        await rooms.database.run(rooms.database.store.ping)
        free = free_bytes(rooms.database.store.engine.url)
    except Exception as e:
        unavailable.warning("health check: %s", e)
        failure = {"ok": False, "database": kind, "error": "the database does not answer or cannot write"}
        return JSONResponse(failure, status_code=503, headers={"Retry-After": "5"})
    least = request.app.state.settings.min_free_disk_mb * 1024 * 1024
    if free is not None and free < least:  # the health row still fits, new games no longer do
        unavailable.warning("health check: %d MiB left on the database's disk", free // (1024 * 1024))
        failure = {"ok": False, "database": kind, "error": "the database's disk is full"}
        return JSONResponse(failure, status_code=503, headers={"Retry-After": "60"})
    return JSONResponse({"ok": True, "database": kind})


async def http_error(request: Request, exc: Exception) -> Response:
    if isinstance(exc, DatabaseUnavailable):
        unavailable.warning("%s %s: %s", request.method, request.url.path, exc)
        words = "the database does not answer: try again in a moment"
        return error_response(503, "busy", words, retry_after=5)
    if isinstance(exc, ApiError):
        return error_response(exc.status, exc.code, exc.message, exc.retry_after)
    if isinstance(exc, GateFull):
        refused.warning("%s %s refused: %s", request.method, request.url.path, exc)
        return error_response(503, "busy", str(exc), retry_after=1)
    if isinstance(exc, HTTPException):
        if exc.status_code == 404 and request.url.path.startswith(GAME_PAGES):  # a person's link, e.g. cut short
            return no_such_game(request)
        codes = {404: "not_found", 405: "method_not_allowed", 413: "too_large", 429: "rate_limited"}
        return error_response(exc.status_code, codes.get(exc.status_code, "bad_request"), str(exc.detail))
    log.exception("unexpected failure on %s %s", request.method, request.url.path, exc_info=exc)
    return error_response(500, "server_error", "something went wrong on the server; nothing was changed")


def create_app(settings: Settings) -> Starlette:
    engine = make_engine(settings.database_url)
    store = GameStore(engine)
    pool = WorkerPool(settings.workers, settings.hint_queue)
    rooms = Rooms(Database(store), pool, settings.hint_seconds, settings.now or system_now)
    analyses = AnalysisStore(engine)
    analyst = Analyst(store, analyses, pool, settings.analysis_iterations, settings.analysis_poll_seconds)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await anyio.to_thread.run_sync(migrate, engine)
        listener = None
        if app.state.database_kind == "postgresql":  # other processes on this database: hear their moves
            listener = ChangeListener(engine.url, rooms.changed, rooms.changed_all, wanted=rooms.any_behind)
            listener.start(asyncio.get_running_loop())
        if settings.warm_workers:
            pool.start()
        online.start()
        app.state.lobby_wire.start(engine.url)  # PostgreSQL: the lobby of the other processes too
        if settings.on_ready is not None:
            settings.on_ready(app.state.database_kind)
        looking = asyncio.create_task(analyst.run()) if settings.analysis_iterations > 0 else None
        try:
            yield
        finally:
            if looking is not None:
                looking.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await looking
            if listener is not None:
                listener.stop()
            app.state.lobby_wire.stop()
            await online.close()
            rooms.close()
            pool.close()
            store.close()

    routes = [
        Route("/", page("index.html")),
        Route("/game/{game_id}", page("game.html")),
        Route("/replay/{game_id}", page("replay.html")),
        Route("/rules", page("rules.html")),
        Route("/learn", page("learn.html")),
        Route("/static/i18n/{lang}.json", catalog_file),
        Route("/healthz", healthz),
        Route("/manifest.webmanifest", manifest),
        Route("/sw.js", service_worker),
        Route("/api/games", games.create_game, methods=["POST"]),
        Route("/api/learn", learn, methods=["POST"]),
        Route("/api/games", games.list_games, methods=["GET"]),
        Route("/api/games/mine", games.my_games, methods=["POST"]),
        Route("/api/games/{game_id}/record", games.game_record, methods=["GET"]),
        Route("/api/games/{game_id}/replay", games.game_replay, methods=["GET"]),
        Route("/api/games/{game_id}/analysis", games.game_analysis, methods=["GET"]),
        WebSocketRoute("/ws/games/{game_id}", game_socket),
        *online_routes.ROUTES,
        Mount("/static", StaticFiles(directory=STATIC, check_dir=False), name="static"),
    ]
    app = Starlette(
        routes=routes,
        # gzip: a replay's frames repeat the history in every view (~130 KB for a long game, ~3 KB sent)
        middleware=[
            Middleware(OriginCheck, allowed=settings.allowed_origins),
            Middleware(SecurityHeaders),
            Middleware(GZipMiddleware, minimum_size=1024),
        ],
        exception_handlers={
            Exception: http_error,
            HTTPException: http_error,
            ApiError: http_error,
            DatabaseUnavailable: http_error,
            GateFull: http_error,
        },
        lifespan=lifespan,
    )
    app.state.settings = settings
    app.state.rooms = rooms
    app.state.analyses = analyses
    app.state.chat = Chat(rooms.database, ChatStore(engine))
    app.state.offers = Offers(rooms.database, OfferStore(engine))
    app.state.analyst = analyst
    app.state.rules = settings.rules
    app.state.database_kind = dialect_name(engine.url)
    app.state.quotas = Quotas(settings.create_per_minute)
    app.state.lessons = WorkGate(at_once=2, waiting=8)
    app.state.socket_counts = SocketCounts(settings.socket_limits)
    app.state.finished = FinishedGames()
    app.state.internal_errors = 0
    admission = Admission(app.state.quotas, rooms.pool)
    starter = GameStarter(rooms, settings.rules, SeatTokens(rooms.database), settings.now or system_now, admission)
    app.state.starter = starter
    online = online_routes.install(app, engine, starter, settings)
    return app

"""`timessquare serve`: run the browser game with uvicorn and say where it is.

The socket is bound before the server starts, so a port in use is a clear error (not a traceback), and
port 0 picks a free port (the address printed is the real one).
"""

from __future__ import annotations

import contextlib
import errno
import gc
import logging
import signal
import socket
import sys
import threading
from collections.abc import Iterator
from typing import Any

from ..errors import TimesSquareError
from ..variants import Rules
from .guards.limits import QuietClientNoise, raise_open_file_limit, socket_capacity
from .memory import keep_trimming, limit_arenas
from .metrics import serve_metrics
from .storage import default_database_url, dialect_name, parse_database_url

log = logging.getLogger("timessquare.web")
MAX_WEBSOCKET_FRAME = 64 * 1024  # a client message is at most 4 KiB; uvicorn refuses far larger frames at once


def bind(host: str, port: int) -> socket.socket:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as e:
        sock.close()
        if e.errno == errno.EADDRINUSE:
            raise TimesSquareError(f"port {port} on {host} is already in use: choose another with --port") from None
        raise TimesSquareError(f"cannot listen on {host}:{port}: {e.strerror}") from None
    sock.listen(2048)
    sock.set_inheritable(True)
    return sock


def address(host: str, port: int) -> str:
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}"


def where(database_url: str) -> str:
    """The database in words for people, without a password."""
    url = parse_database_url(database_url)
    if dialect_name(url) == "sqlite":
        return f"SQLite database {url.database}"
    return f"PostgreSQL database {url.render_as_string(hide_password=True).replace('postgresql+psycopg', 'postgresql')}"


def check_database(url: str) -> None:
    """Fail early, in words, when the database cannot be reached."""
    from sqlalchemy import text
    from sqlalchemy.exc import SQLAlchemyError

    from .storage import make_engine

    try:
        engine = make_engine(url)
    except OSError as e:
        raise TimesSquareError(f"cannot use the {where(url)}: {e.strerror or e}") from None
    try:
        with engine.connect() as connection:
            connection.execute(text("SELECT 1"))
    except SQLAlchemyError as e:
        reason = str(getattr(e, "orig", None) or e).strip().splitlines()[0]
        raise TimesSquareError(f"cannot reach the {where(url)}: {reason}") from None
    finally:
        engine.dispose()


class _Stopped(Exception):
    """SIGTERM, told again by uvicorn once it has shut down gracefully."""


@contextlib.contextmanager
def stop_on_sigterm() -> Iterator[None]:
    """uvicorn shuts down on SIGTERM, then raises the signal again; with the default handler that ended the
    process at once, before the interpreter's exit handlers ran, and the worker pools' semaphores were never
    unlinked ("15 leaked semaphore objects" at every stop). Here the repeated signal ends `run` instead, and the
    process exits normally."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def stopped(signum: int, frame: object) -> None:
        raise _Stopped

    previous = signal.signal(signal.SIGTERM, stopped)
    try:
        yield
    except _Stopped:
        pass
    finally:
        signal.signal(signal.SIGTERM, previous)


def run_server(
    host: str = "127.0.0.1",
    port: int = 8000,
    database_url: str | None = None,
    workers: int = 2,
    rules: Rules | None = None,
    log_level: str = "warning",
    proxy_headers: bool = False,
    metrics_port: int | None = None,
    **overrides: Any,
) -> int:
    """Serve until interrupted; returns the exit status. `overrides` are further `Settings` (the load script
    lifts the per-socket rate limit, which is made for people, not for programs playing at full speed)."""
    import uvicorn

    from .app import Settings, create_app
    from .wsprotocol import LeanWebSocketProtocol

    limit_arenas()  # before any thread starts: the workers inherit it
    url = database_url or default_database_url()
    check_database(url)
    files = raise_open_file_limit()  # each socket is an open file: the default of 1,024 is soon reached
    sock = bind(host, port)
    real_port = int(sock.getsockname()[1])

    def ready(kind: str) -> None:
        # What was made to start the server lives as long as it: keep it out of the collector's way, and
        # collect less often. Full collections over every live game were the longest pauses in the load
        # test (scripts/load_web.py: p99 at 200 games about halved).
        gc.collect()
        gc.freeze()
        gc.set_threshold(50_000, 20, 100)
        keep_trimming()
        print(f"Times Square is ready at {address(host, real_port)} ({where(url)})", flush=True)
        if files < 4096:
            log.warning(
                "only %d open files allowed: at most %d game sockets (raise LimitNOFILE)", files, socket_capacity()
            )
        print("Press Ctrl+C to stop.", flush=True)

    settings = Settings(database_url=url, workers=workers, on_ready=ready, **overrides)
    if rules is not None:
        settings.rules = rules
    app = create_app(settings)
    config = uvicorn.Config(
        app,
        log_level=log_level,
        ws=LeanWebSocketProtocol,  # uvicorn's, lighter per message; bad UTF-8 gets bad_message (wsprotocol.py)
        ws_max_size=MAX_WEBSOCKET_FRAME,
        # A state is a few kilobytes; compressing each one for each socket cost about half a millisecond of
        # the server's CPU per action (profiled under scripts/load_web.py), more than the rest of the send.
        ws_per_message_deflate=False,
        ws_ping_interval=20,
        ws_ping_timeout=20,
        proxy_headers=proxy_headers,
        server_header=False,
        timeout_graceful_shutdown=5,
    )
    logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    logging.getLogger("uvicorn.error").addFilter(QuietClientNoise())  # a fuzzer's garbage: a line now and then
    if metrics_port is not None:
        serve_metrics(metrics_port)  # loopback only: Prometheus on this machine (or a tunnel) reads it
    server = uvicorn.Server(config)
    try:
        with stop_on_sigterm():
            server.run(sockets=[sock])
    finally:
        sock.close()
    if not server.started:
        print("timessquare serve: the server could not start (see the messages above)", file=sys.stderr)
        return 1
    return 0

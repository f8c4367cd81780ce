"""What an operator watches (docs/web.md, "Running it for the public"): Prometheus metrics of this server
process, served by `timessquare serve --metrics-port PORT` on loopback (prometheus_client's own small HTTP
server, apart from the game's port, so that no visitor reads them).

The metrics are counted wherever the thing happens; this module only names them. Without prometheus_client
(the `web` extra installs it) every metric is a no-op.
"""

from __future__ import annotations

from functools import cache
from typing import Any

try:
    from prometheus_client import Counter, Gauge, Histogram, start_http_server
except ImportError:  # pragma: no cover  (the web extra installs it)
    Counter = Gauge = Histogram = None  # type: ignore[assignment,misc]
    start_http_server = None  # type: ignore[assignment]


class _Nothing:
    def labels(self, *_: Any, **__: Any) -> _Nothing:
        return self

    def inc(self, *_: Any) -> None: ...

    def dec(self, *_: Any) -> None: ...

    def set(self, *_: Any) -> None: ...

    def observe(self, *_: Any) -> None: ...


def _make(kind: Any, name: str, words: str, labels: tuple[str, ...] = (), **options: Any) -> Any:
    return _Nothing() if kind is None else kind(name, words, labels, **options)


LATENCY = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
MESSAGES = _make(Counter, "timessquare_messages", "game socket messages handled, by type", ("type",))
MESSAGE_SECONDS = _make(
    Histogram,
    "timessquare_message_seconds",
    "from a game socket message read to its answer sent",
    ("type",),
    buckets=LATENCY,
)


@cache
def message_metrics(kind: str) -> tuple[Any, Any]:
    """The count and the time of one kind of game socket message (its class's name): labelled once, not on
    every message."""
    name = kind.lower()
    return MESSAGES.labels(name), MESSAGE_SECONDS.labels(name)


COMPUTER_WAITING = _make(Gauge, "timessquare_computer_turns_waiting", "computer turns waiting for a worker", ("level",))
COMPUTER_WAIT = _make(
    Histogram,
    "timessquare_computer_turn_wait_seconds",
    "how long a computer turn waited for a worker",
    ("level",),
    buckets=LATENCY,
)
ANALYSES_WAITING = _make(
    Gauge, "timessquare_analyses_waiting", "finished games waiting for their analysis (as the analyst last looked)"
)
SOCKETS = _make(Gauge, "timessquare_sockets", "game and lobby sockets open")
DATABASE_ERRORS = _make(Counter, "timessquare_database_errors", "database calls that failed or timed out")
REFUSALS = _make(Counter, "timessquare_refusals", "requests refused by a limit, by limit", ("limit",))


def serve_metrics(port: int) -> None:
    """Serve /metrics on 127.0.0.1:`port` from a thread of this process."""
    if start_http_server is None:
        raise RuntimeError("prometheus_client is missing: pip install 'timessquare[web]'")
    start_http_server(port, addr="127.0.0.1")

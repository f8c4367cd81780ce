"""What an operator watches (docs/web.md, "Running it for the public"): Prometheus metrics of this server
process, served by `timessquare serve --metrics-port PORT` on loopback (prometheus_client's own small HTTP
server, apart from the game's port, so that no visitor reads them).

The metrics are counted wherever the thing happens; this module only names them. Without prometheus_client
(the `web` extra installs it) every metric is a no-op.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterator
from typing import Any

try:
    from prometheus_client import REGISTRY, Counter, Gauge, Histogram, start_http_server
    from prometheus_client.core import CounterMetricFamily, HistogramMetricFamily, Metric
except ImportError:  # pragma: no cover  (the web extra installs it)
    Counter = Gauge = Histogram = REGISTRY = None  # type: ignore[assignment,misc]
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


class MessageTally:
    """The game socket messages handled, by type, and the time from each one read to its answer sent:
    `timessquare_messages_total` and the histogram `timessquare_message_seconds`. Kept as plain numbers by the
    event loop's thread (a prometheus Counter and Histogram take a lock each, on every message: nine of the 119
    Python calls of a ping, counted with cProfile) and made into the two metrics when they are read."""

    def __init__(self) -> None:
        self.kinds: dict[str, list[float]] = {}  # by type: the time's sum, then a count per LATENCY bucket and over

    def add(self, kind: str, seconds: float) -> None:
        row = self.kinds.get(kind)
        if row is None:
            row = self.kinds[kind] = [0.0] * (len(LATENCY) + 2)
        row[0] += seconds
        row[1 + bisect_left(LATENCY, seconds)] += 1  # (a bucket counts the times up to its bound, included)

    def collect(self) -> Iterator[Metric]:
        count = CounterMetricFamily("timessquare_messages", "game socket messages handled, by type", labels=["type"])
        seconds = HistogramMetricFamily(
            "timessquare_message_seconds", "from a game socket message read to its answer sent", labels=["type"]
        )
        for kind, row in list(self.kinds.items()):
            row = list(row)  # (one copy, taken whole: the loop's thread goes on counting)
            total, cumulative = 0, []
            for bound, n in zip((*LATENCY, float("inf")), row[1:], strict=True):
                total += int(n)
                cumulative.append(("+Inf" if bound == float("inf") else repr(bound), total))
            count.add_metric([kind.lower()], total)
            seconds.add_metric([kind.lower()], cumulative, row[0])
        yield count
        yield seconds


MESSAGES = MessageTally()
if REGISTRY is not None:
    REGISTRY.register(MESSAGES)


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

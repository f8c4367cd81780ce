"""Fixtures of the browser tests: the real server (`timessquare serve`) as a subprocess on a free port with
its own SQLite file, and Debian's chromium driven by Playwright (never a browser Playwright downloads).

Every page a test opens is watched: a JavaScript error, a Content-Security-Policy refusal or a word missing
from the translations fails the test. Screenshots go to tests/e2e/screenshots/ (git-ignored) for people to
look at.

The club's tests run twice (marked `@on_one_process_and_on_two`): on the one-process server, and on two
processes on one PostgreSQL behind HAProxy (e2e_cluster.py), where the pages a test opens are pinned to s1,
s2, s1, ... in the order opened, so that its first two accounts are on different processes; every answer such
a page gets must come from its own process (HAProxy's `X-Served-By`), or the test fails.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(1, str(Path(__file__).parent.parent))  # the helpers shared by all tests (processes.py)
from e2e_server import Server

if TYPE_CHECKING:
    from e2e_cluster import ClusterServer
    from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Page, Response

CHROMIUM = Path("/usr/bin/chromium")
LAUNCH_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "e2e: a browser test (deselect them all with -m 'not e2e')")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if here in item.path.parents:
            item.add_marker(pytest.mark.e2e)


@pytest.fixture(scope="session")
def one_process(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One server for the tests of this worker (each test makes its own games in it)."""
    pytest.importorskip("starlette", reason="the web extra is not installed")
    running = Server(tmp_path_factory.mktemp("server") / "games.sqlite3").start()
    try:
        yield running
    finally:
        running.stop()


@pytest.fixture(scope="session")
def cluster() -> Iterator[ClusterServer]:
    """Two server processes on one PostgreSQL behind HAProxy for the tests of this worker (started once)."""
    pytest.importorskip("starlette", reason="the web extra is not installed")
    sys.path.insert(2, str(Path(__file__).parent.parent / "web"))
    from pgcluster import find_bindir
    from webcluster import find_haproxy

    if find_bindir() is None:
        pytest.skip("PostgreSQL is not installed (initdb, pg_ctl and postgres not found); ./test installs it")
    if find_haproxy() is None:
        pytest.skip("haproxy is not installed (./test installs it: scripts/ensure_package.sh)")
    from e2e_cluster import ClusterServer

    running = ClusterServer()
    try:
        yield running
    finally:
        running.stop()


# A test so marked runs on the one-process server and on the two-process cluster, its pages pinned apart.
on_one_process_and_on_two = pytest.mark.parametrize(
    "server", ["one_process", "cluster"], indirect=True, ids=["one-process", "two-processes"]
)


@pytest.fixture
def server(request: pytest.FixtureRequest) -> Iterator[Server | ClusterServer]:
    """The server of a test: the one-process server, or in turn it and the cluster (`on_one_process_and_on_two`).
    On the cluster the processes must log nothing (no warning, no error) while the test runs."""
    running = request.getfixturevalue(getattr(request, "param", "one_process"))
    logged = getattr(running, "logged", list)
    logged()  # what came before this test (its start) is not this test's
    yield running
    assert not (lines := logged()), "the cluster logged:\n" + "".join(lines)


@pytest.fixture
def own_server(tmp_path: Path) -> Iterator[Server]:
    """A server of the test's own (for a test that kills it)."""
    pytest.importorskip("starlette", reason="the web extra is not installed")
    running = Server(tmp_path / "games.sqlite3").start()
    try:
        yield running
    finally:
        running.stop()


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    if not CHROMIUM.exists():
        pytest.skip("Debian's chromium is not installed (scripts/ensure_package.sh installs it)")
    sync_api = pytest.importorskip("playwright.sync_api", reason="the e2e extra (Playwright) is not installed")
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=LAUNCH_ARGS)
        try:
            yield launched
        finally:
            launched.close()


@dataclass
class Watched:
    """A page with what went wrong in it: script errors and console errors (CSP refusals and missing
    translations show there)."""

    page: Page
    context: BrowserContext
    errors: list[str] = field(default_factory=list)
    allowed: list[re.Pattern[str]] = field(default_factory=list)
    process: str | None = None  # on the cluster: the process its pages, API calls and lobby socket go to
    served_by: list[str] = field(default_factory=list)  # the process of each answer, where HAProxy named it

    def problems(self) -> list[str]:
        found = [e for e in self.errors if not any(p.search(e) for p in self.allowed)]
        if self.process is not None:
            elsewhere = sorted({name for name in self.served_by if name != self.process})
            if elsewhere or not self.served_by:
                found.append(f"pinned to {self.process}, answered by {elsewhere or 'no process named'}")
        return found


@pytest.fixture
def open_page(browser: Browser, request: pytest.FixtureRequest) -> Iterator[Callable[..., Watched]]:
    """open_page(locale="en-US", width=1280, height=900, mobile=False) -> Watched; checked when the test ends.
    On the two-process cluster each page is pinned to a process in turn (the module's docstring)."""
    opened: list[Watched] = []
    running = request.getfixturevalue("server") if "server" in request.fixturenames else None
    pin = getattr(running, "pin", None)

    def make(locale: str = "en-US", width: int = 1280, height: int = 900, mobile: bool = False) -> Watched:
        context = browser.new_context(
            locale=locale,
            viewport={"width": width, "height": height},
            is_mobile=mobile,
            has_touch=mobile,
            device_scale_factor=2 if mobile else 1,
        )
        context.set_default_timeout(20000)
        page = context.new_page()
        watched = Watched(page, context)
        if pin is not None:
            watched.process = pin(context, len(opened))

            def on_response(response: Response) -> None:
                name = response.headers.get("x-served-by")
                if name:
                    watched.served_by.append(name)

            page.on("response", on_response)

        def on_console(message: ConsoleMessage) -> None:
            if message.type == "error":
                watched.errors.append(f"console: {message.text}")

        page.on("console", on_console)
        page.on("pageerror", lambda error: watched.errors.append(f"script error: {error}"))
        opened.append(watched)
        return watched

    yield make
    failures = []
    for watched in opened:
        failures += watched.problems()
        watched.context.close()
    assert not failures, "problems in the pages:\n" + "\n".join(failures)

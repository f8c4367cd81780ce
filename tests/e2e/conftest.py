"""Fixtures of the browser tests: the real server (`timessquare serve`) as a subprocess on a free port with
its own SQLite file, and Debian's chromium driven by Playwright (never a browser Playwright downloads).

Every page a test opens is watched: a JavaScript error, a Content-Security-Policy refusal or a word missing
from the translations fails the test. Screenshots go to tests/e2e/screenshots/ (git-ignored) for people to
look at.
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
    from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Page

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
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One server for the tests of this worker (each test makes its own games in it)."""
    pytest.importorskip("starlette", reason="the web extra is not installed")
    running = Server(tmp_path_factory.mktemp("server") / "games.sqlite3").start()
    try:
        yield running
    finally:
        running.stop()


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

    def problems(self) -> list[str]:
        return [e for e in self.errors if not any(p.search(e) for p in self.allowed)]


@pytest.fixture
def open_page(browser: Browser) -> Iterator[Callable[..., Watched]]:
    """open_page(locale="en-US", width=1280, height=900, mobile=False) -> Watched; checked when the test ends."""
    opened: list[Watched] = []

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

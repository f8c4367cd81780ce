"""Fixtures of the web server's tests: databases (SQLite files and a throwaway PostgreSQL cluster), the app
under Starlette's test client, and a small client that speaks the game protocol."""

from __future__ import annotations

import itertools
import logging
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed")

from starlette.testclient import TestClient

from timessquare.web.app import Settings, create_app
from timessquare.web.storage.database import make_engine, migrate
from timessquare.web.storage.store import GameStore

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(1, str(Path(__file__).parent.parent))  # the helpers shared by all tests (processes.py)
from online_helpers import FakeClock
from pgcluster import PostgresCluster, find_bindir

_counter = itertools.count()
OPEN_SEATS: list[Seat] = []  # closed before their client, or the client would wait for them forever


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[PostgresCluster]:
    """One PostgreSQL server for the whole run (each test gets its own database in it)."""
    if find_bindir() is None:
        pytest.skip("PostgreSQL is not installed (initdb, pg_ctl and postgres not found); ./test installs it")
    cluster = PostgresCluster().start()
    try:
        yield cluster
    finally:
        cluster.stop()


def fresh_pg_database(cluster: PostgresCluster) -> str:
    import psycopg

    name = f"t{next(_counter)}_{id(cluster) % 10000}"
    with psycopg.connect(f"host=127.0.0.1 port={cluster.port} user=postgres dbname=postgres", autocommit=True) as c:
        c.execute(f'CREATE DATABASE "{name}"')
    return f"postgresql://postgres@127.0.0.1:{cluster.port}/{name}"


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Each storage test runs on SQLite and on the real PostgreSQL."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'games.sqlite3'}"
    return fresh_pg_database(request.getfixturevalue("pg_cluster"))


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'games.sqlite3'}"


@pytest.fixture
def store(database_url: str) -> Iterator[GameStore]:
    """The games' store on a fresh database of each kind (`database_url`)."""
    engine = make_engine(database_url)
    migrate(engine)
    store = GameStore(engine)
    yield store
    store.close()


def settings_for(url: str, **changes: Any) -> Settings:
    settings = Settings(database_url=url, workers=1, hint_seconds=0.05, create_per_minute=0, warm_workers=False)
    settings.analysis_iterations = 0  # no analyst process unless a test asks for one (test_analyst.py)
    settings.socket_rate = settings.socket_burst = 10_000  # a test plays far faster than a person
    for key, value in changes.items():
        setattr(settings, key, value)
    return settings


@pytest.fixture
def make_client(sqlite_url: str) -> Iterator[Callable[..., TestClient]]:
    """make_client(**settings) -> a started TestClient (closed at the end of the test)."""
    clients: list[TestClient] = []

    def make(url: str | None = None, **changes: Any) -> TestClient:
        client = TestClient(create_app(settings_for(url or sqlite_url, **changes)))
        client.__enter__()
        clients.append(client)
        return client

    yield make
    while OPEN_SEATS:
        OPEN_SEATS.pop().close()
    for client in reversed(clients):
        client.__exit__(None, None, None)


@pytest.fixture
def clock() -> FakeClock:
    """The time the server reads (online_helpers.FakeClock): moved by hand, never slept."""
    return FakeClock()


@pytest.fixture
def online(make_client: Callable[..., TestClient], clock: FakeClock) -> TestClient:
    """A server on the test's clock, for online play: accounts log in as often as the tests need."""
    return make_client(now=clock, login_tries_per_minute=1000)


@pytest.fixture
def client(make_client: Callable[..., TestClient]) -> TestClient:
    return make_client()


@pytest.fixture
def server_errors(caplog: pytest.LogCaptureFixture) -> Callable[[], list[str]]:
    """The server's error log lines so far (a test that sends garbage expects none)."""
    caplog.set_level(logging.WARNING, logger="timessquare.web")

    def errors() -> list[str]:
        records = caplog.records
        return [r.getMessage() for r in records if r.name.startswith("timessquare") and r.levelno >= logging.ERROR]

    return errors


class Seat:
    """One socket of the game protocol, on the test client: join, act, and read until a state comes. With
    `updates`, it asks for `update` messages and merges each into its state as the page does (a merged
    update counts as a state: `state` is always the whole game as this socket knows it)."""

    def __init__(
        self,
        client: TestClient,
        game_id: str,
        token: str | None,
        lang: str = "en",
        updates: bool = False,
        presence: bool = False,
    ) -> None:
        self.game_id = game_id
        self.token = token
        self.context = client.websocket_connect(f"/ws/games/{game_id}")
        self.socket = self.context.__enter__()
        self.open = True
        OPEN_SEATS.append(self)
        self.received: list[dict[str, Any]] = []
        self.presence = presence
        self.state: dict[str, Any] = {}
        join: dict[str, Any] = {"v": 1, "type": "join", "token": token, "lang": lang}
        if updates:
            join["updates"] = True
        self.socket.send_json(join)
        self.until_state()

    def receive(self) -> dict[str, Any]:
        text = self.socket.receive_text()
        message: dict[str, Any] = __import__("json").loads(text)
        if message["type"] == "presence" and not self.presence:  # told when the other seat comes and goes
            return self.receive()
        message["_raw"] = text
        self.received.append(message)
        if message["type"] == "update":
            assert message["log_from"] == len(self.state["log"]), "an update follows on from the last state"
            message = {**message, "type": "state", "log": self.state["log"] + message["log"]}
        if message["type"] == "state":
            self.state = message
        return message

    def until_state(self) -> dict[str, Any]:
        while True:
            message = self.receive()
            if message["type"] == "state":
                return message

    def until(self, predicate: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
        while True:
            message = self.receive()
            if predicate(message):
                return message

    def send(self, message: dict[str, Any]) -> None:
        self.socket.send_json(message)

    def act(self, action: str, version: int | None = None) -> dict[str, Any]:
        """Send an action; returns the next message (the new state, or an error)."""
        v = self.state["version"] if version is None else version
        self.send({"v": 1, "type": "action", "version": v, "action": action})
        return self.receive()

    def close(self) -> None:
        if self.open:
            self.open = False
            self.context.__exit__(None, None, None)


def new_game(client: TestClient, **body: Any) -> dict[str, Any]:
    response = client.post("/api/games", json=body)
    assert response.status_code == 201, response.text
    game: dict[str, Any] = response.json()
    if game["invite"]:
        game["invite_token"] = game["invite"].split("#t=")[1]
    return game

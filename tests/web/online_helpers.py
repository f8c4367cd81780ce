"""Helpers of the online tests: a clock the server reads (moved by hand, never slept), and accounts on one
test client (the client's cookie jar is swapped to act as one person or another)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any

from starlette.testclient import TestClient

if TYPE_CHECKING:
    from conftest import Seat


class FakeClock:
    def __init__(self) -> None:
        self.moment = datetime(2026, 1, 5, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.moment

    def advance(self, **delta: float) -> None:
        self.moment += timedelta(**delta)


class Person:
    """One person's cookie on the shared test client."""

    def __init__(self, client: TestClient, name: str, password: str = "a long password", bot: bool = False) -> None:
        self.client = client
        self.name = name
        self.password = password
        client.cookies.clear()
        body: dict[str, Any] = {"name": name, "password": password}
        if bot:
            body["bot"] = True
        response = client.post("/api/accounts", json=body)
        assert response.status_code == 201, response.text
        self.cookie = response.cookies["ts_login"]

    def use(self) -> TestClient:
        self.client.cookies.clear()
        self.client.cookies.set("ts_login", self.cookie)
        return self.client

    def get(self, path: str) -> Any:
        return self.use().get(path)

    def post(self, path: str, body: dict[str, Any] | None = None) -> Any:
        return self.use().post(path, json=body or {})

    def delete(self, path: str) -> Any:
        return self.use().delete(path)


def sweep(client: TestClient) -> int:
    """Run the server's deadline sweep now (the test's clock has moved)."""
    online = client.app.state.online.sweeper  # type: ignore[attr-defined]
    ended: int = client.portal.call(online.sweep)  # type: ignore[union-attr]
    return ended


def each_plays_a_turn(seats: dict[str, Seat]) -> None:
    """Both seats take a turn (R11.4: a game one side never moved in is aborted, not rated)."""
    for _ in range(2):
        mover = next(seat for seat in seats.values() if seat.state["legal"])
        while mover.state["legal"]:
            legal = mover.state["legal"]
            mover.act("end" if "end" in legal else legal[0])
        for seat in seats.values():
            if seat is not mover:
                seat.until(lambda m: (m["type"] == "state" and bool(m["legal"])) or m.get("over") is not None)

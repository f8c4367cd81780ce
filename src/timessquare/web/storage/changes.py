"""Telling every server process that a game changed: PostgreSQL `NOTIFY` on one channel, sent inside the
transaction that writes the change, so it is delivered exactly when the change is committed (and never for a
change rolled back). The payload is `GAME_ID VERSION`. SQLite has one process: nothing is sent.
"""

from __future__ import annotations

from collections.abc import Iterable

from sqlalchemy import Connection, text

CHANNEL = "timessquare_games"
NOTIFY = text("SELECT pg_notify(:channel, :payload)")  # made once: it goes with every commit of moves


def notices(connection: Connection, changes: Iterable[tuple[str, int]]) -> list[dict[str, str]]:
    """The rows of `NOTIFY` that tell every process of these changes (game, version): none on SQLite."""
    if connection.dialect.name != "postgresql":
        return []
    return [{"channel": CHANNEL, "payload": f"{game_id} {version}"} for game_id, version in changes]


def notify(connection: Connection, channel: str, payload: str) -> None:
    """One notice on `channel`, sent when the connection's transaction commits (PostgreSQL only)."""
    if connection.dialect.name == "postgresql":
        connection.execute(NOTIFY, {"channel": channel, "payload": payload})


def parse(payload: str) -> tuple[str, int] | None:
    game_id, _, version = payload.partition(" ")
    return (game_id, int(version)) if version.isdigit() else None

"""Telling every server process that games changed: PostgreSQL `NOTIFY` on one channel, sent inside the
transaction that writes the changes, so it is delivered exactly when they are committed (and never for changes
rolled back). One notice tells a whole commit: its payload is `GAME_ID VERSION` for each game, separated by
spaces (several notices when that would pass PostgreSQL's limit), so a listener wakes once a commit, not once
a game. SQLite has one process: nothing is sent.
"""

from __future__ import annotations

from collections.abc import Iterable

from sqlalchemy import Connection, text

CHANNEL = "timessquare_games"
NOTIFY = text("SELECT pg_notify(:channel, :payload)")  # made once: it goes with every commit of moves


PAYLOAD_CHARS = 7_000  # a notice's payload, under PostgreSQL's 8,000 bytes (ids and numbers are ASCII)


def notices(connection: Connection, changes: Iterable[tuple[str, int]]) -> list[dict[str, str]]:
    """The rows of `NOTIFY` that tell every process of these changes (game, version): one for the lot (more only
    past PAYLOAD_CHARS); none on SQLite."""
    if connection.dialect.name != "postgresql":
        return []
    payloads: list[str] = []
    words: list[str] = []
    size = 0
    for game_id, version in changes:
        word = f"{game_id} {version}"
        if words and size + len(word) + 1 > PAYLOAD_CHARS:
            payloads.append(" ".join(words))
            words, size = [], 0
        words.append(word)
        size += len(word) + 1
    if words:
        payloads.append(" ".join(words))
    return [{"channel": CHANNEL, "payload": payload} for payload in payloads]


def notify(connection: Connection, channel: str, payload: str) -> None:
    """One notice on `channel`, sent when the connection's transaction commits (PostgreSQL only)."""
    if connection.dialect.name == "postgresql":
        connection.execute(NOTIFY, {"channel": channel, "payload": payload})


def parse(payload: str) -> tuple[tuple[tuple[str, int], ...]] | None:
    """A notice's changes, `((game, version), ...)`, as the one argument of the listener's calls (None: not one
    of ours)."""
    words = payload.split()
    if not words or len(words) % 2 or not all(version.isdigit() for version in words[1::2]):
        return None
    return (tuple(zip(words[::2], map(int, words[1::2]), strict=True)),)

"""A game's chat, kept with the game (docs/web-protocol.md "Chat"), the lobby's chat (game None, seat None),
and the reports of messages that players filed for the operator. Only the two players read a game's chat;
the text is stored as sent, never logged.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Column, DateTime, Engine, ForeignKey, Index, Integer, String, Table, Text, insert, select
from sqlalchemy.exc import IntegrityError

from .schema import metadata

chat_messages = Table(
    "chat_messages",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("game_id", String(16), ForeignKey("games.id", ondelete="CASCADE"), nullable=True),  # None: the lobby
    Column("seat", String(1), nullable=True),
    Column("name", String(32), nullable=True),  # the account's name when it was said, if any
    Column("text", Text, nullable=False),
    Column("at", DateTime(timezone=True), nullable=False),
    Index("ix_chat_messages_game", "game_id", "id"),
)

chat_reports = Table(
    "chat_reports",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("message_id", Integer, ForeignKey("chat_messages.id", ondelete="CASCADE"), nullable=False),
    Column("game_id", String(16), nullable=True),
    Column("by_seat", String(1), nullable=True),
    Column("by_name", String(32), nullable=True),  # who reported a lobby message
    Column("at", DateTime(timezone=True), nullable=False),
    Index("ux_chat_reports_message", "message_id", unique=True),  # a message is filed once, whoever files it
)

HISTORY = 200  # the last messages a joining player gets


@dataclass(frozen=True)
class ChatLine:
    id: int
    seat: str | None  # None in the lobby
    name: str | None
    text: str
    at: datetime

    def message(self) -> dict[str, Any]:
        at = (self.at if self.at.tzinfo else self.at.replace(tzinfo=UTC)).astimezone(UTC)
        return {
            "v": 1,
            "type": "chat",
            "id": self.id,
            "seat": self.seat,
            "name": self.name,
            "text": self.text,
            "at": at.strftime("%Y-%m-%dT%H:%M:%SZ"),
        }


class ChatStore:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def say(self, game_id: str | None, seat: str | None, name: str | None, text: str, at: datetime) -> ChatLine:
        with self.engine.begin() as connection:
            values = {"game_id": game_id, "seat": seat, "name": name, "text": text, "at": at}
            key = connection.execute(insert(chat_messages).values(**values)).inserted_primary_key
            assert key is not None
        return ChatLine(int(key[0]), seat, name, text, at)

    def line(self, message_id: int) -> tuple[str | None, ChatLine] | None:
        """One message and its game (None: the lobby), for the processes that did not store it (a notice)."""
        c = chat_messages.c
        with self.engine.connect() as connection:
            row = connection.execute(
                select(c.id, c.game_id, c.seat, c.name, c.text, c.at).where(c.id == message_id)
            ).first()
        return None if row is None else (row.game_id, ChatLine(row.id, row.seat, row.name, row.text, row.at))

    def history(self, game_id: str | None, limit: int = HISTORY) -> list[ChatLine]:
        """The last messages of a game (None: of the lobby), oldest first."""
        c = chat_messages.c
        where = c.game_id.is_(None) if game_id is None else c.game_id == game_id
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(c.id, c.seat, c.name, c.text, c.at).where(where).order_by(c.id.desc()).limit(limit)
            ).all()
        return [ChatLine(row.id, row.seat, row.name, row.text, row.at) for row in reversed(rows)]

    def report(self, game_id: str, message_id: int, by_seat: str, at: datetime) -> bool:
        """File a message of this game for the operator; False when the game has no such message from the
        other seat (a player reports what was said to him, not his own words)."""
        c = chat_messages.c
        with self.engine.begin() as connection:
            seat = connection.execute(
                select(c.seat).where(c.id == message_id, c.game_id == game_id)
            ).scalar_one_or_none()
            if seat is None or seat == by_seat:
                return False
        return _file(self.engine, {"message_id": message_id, "game_id": game_id, "by_seat": by_seat, "at": at})

    def report_lobby(self, message_id: int, by_name: str, at: datetime) -> bool:
        """File a lobby message for the operator; False for no such lobby message, or one's own."""
        c = chat_messages.c
        with self.engine.begin() as connection:
            name = connection.execute(
                select(c.name).where(c.id == message_id, c.game_id.is_(None))
            ).scalar_one_or_none()
            if name is None or name == by_name:
                return False
        return _file(self.engine, {"message_id": message_id, "by_name": by_name, "at": at})

    def reports(self, limit: int = 100) -> list[dict[str, Any]]:
        """The latest reports with the message reported (for the operator's admin kit)."""
        m, r = chat_messages.c, chat_reports.c
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(r.id, r.game_id, r.by_seat, r.by_name, r.at, m.seat, m.name, m.text)
                .join(chat_messages, m.id == r.message_id)
                .order_by(r.id.desc())
                .limit(limit)
            ).all()
        return [dict(row._mapping) for row in rows]


def _file(engine: Engine, values: dict[str, Any]) -> bool:
    """File a report once: a message reported already (by anyone, or twice at once) stays filed once."""
    try:
        with engine.begin() as connection:
            seen = select(chat_reports.c.id).where(chat_reports.c.message_id == values["message_id"])
            if connection.execute(seen).first() is None:
                connection.execute(insert(chat_reports).values(**values))
    except IntegrityError:  # the same message filed at the same moment by another request: it is filed
        pass
    return True

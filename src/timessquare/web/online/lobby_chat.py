"""The lobby's chat, on the lobby socket (docs/web-protocol.md "The lobby"): every lobby socket reads it,
accounts write it, with the game chat's limits (sockets/chat.py: one line of at most 300 characters, a burst
of 5 then one every 2 seconds per account, more per address) and its reports for the operator. A socket gets
the last 50 messages when it opens. Each line is stored, then told to every lobby socket of every server
process (club_news.py); an account the operator muted or banned since its socket opened says nothing."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from ..sockets import messages
from ..sockets.chat import Chat
from ..sockets.messages import ProtocolError
from .service import Online

LAST = 50


async def history(chat: Chat) -> dict[str, Any]:
    lines = await chat.database.run(chat.store.history, None, LAST)
    return {"type": "chat_history", "messages": [_document(line.message()) for line in lines]}


async def handle(online: Online, chat: Chat, listener: Any, frame: str | None) -> dict[str, Any] | None:
    """A lobby socket's frame: a chat line (told to every lobby socket, its author included: `{}` is left to
    answer), a report or a refusal (the answer), else None (a keep-alive: the caller answers with a pong)."""
    if not frame or '"type"' not in frame:
        return None
    try:
        message = messages.parse(frame)
    except ProtocolError as e:
        return e.to_message()
    if not isinstance(message, messages.Chat | messages.Report):
        return None
    account = listener.account
    if account is None:
        return messages.error("forbidden", "log in to talk in the lobby")
    now = datetime.now(UTC)
    if isinstance(message, messages.Report):
        if not chat.reported.allow(f"account:{account.id}"):
            return messages.error("rate_limited", "too many reports: wait a moment")
        if not await chat.database.run(chat.store.report_lobby, message.id, account.name, now):
            return messages.error("not_found", "there is no such message of another player in the lobby")
        return {"v": messages.VERSION, "type": "reported", "id": message.id}
    refusal = await muted(online, account.id)
    if refusal is not None:
        return refusal
    if not chat.allow([f"account:{account.id}"], listener.address):
        return messages.error("rate_limited", "too many chat messages: wait a moment")
    line = await chat.database.run(chat.store.say, None, None, account.name, message.text, now)
    tell(online, line.message())
    await chat.told(line.id)
    return {}


async def muted(online: Online, account_id: int) -> dict[str, Any] | None:
    """The refusal for an account the operator muted or banned (read now: it may have been since it logged in)."""
    banned, is_muted = (await online.run(online.club.flags, [account_id])).get(account_id, (True, True))
    if banned or is_muted:
        return messages.error("muted", "this account may not chat on this server")
    return None


def tell(online: Online, message: dict[str, Any]) -> None:
    """A lobby chat line to every lobby socket of this process."""
    online.lobby.tell(_document(message))


def _document(message: dict[str, Any]) -> dict[str, Any]:
    del message["seat"]
    return message

"""The lobby's chat, on the lobby socket (docs/web-protocol.md "The lobby"): every lobby socket reads it,
accounts write it, with the game chat's limits (sockets/chat.py: one line of at most 300 characters, a burst
of 5 then one every 2 seconds per account and per address) and its reports for the operator. A socket gets
the last 50 messages when it opens."""

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
    if not (chat.said.allow(f"lobby:{account.id}") and chat.said.allow(listener.address)):
        return messages.error("rate_limited", "too many chat messages: wait a moment")
    now = datetime.now(UTC)
    if isinstance(message, messages.Report):
        if not await chat.database.run(chat.store.report_lobby, message.id, account.name, now):
            return messages.error("not_found", "there is no such message of another player in the lobby")
        return {"v": messages.VERSION, "type": "reported", "id": message.id}
    line = await chat.database.run(chat.store.say, None, None, account.name, message.text, now)
    online.lobby.tell(_document(line.message()))
    return {}


def _document(message: dict[str, Any]) -> dict[str, Any]:
    del message["seat"]
    return message

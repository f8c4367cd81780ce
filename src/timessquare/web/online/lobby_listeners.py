"""The lobby sockets open on this process, and telling them something: the lobby as it changes, or an account's
new game."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from ..sockets.ws import Connection
from .store import Account


@dataclass(eq=False)
class LobbyListener(Connection):
    account: Account | None = None

    @property
    def account_id(self) -> int | None:
        return None if self.account is None else self.account.id


class LobbyListeners:
    def __init__(self) -> None:
        self.listeners: set[LobbyListener] = set()

    def add(self, listener: LobbyListener) -> None:
        self.listeners.add(listener)

    def discard(self, listener: LobbyListener) -> None:
        self.listeners.discard(listener)

    def __iter__(self) -> Iterator[LobbyListener]:
        return iter(list(self.listeners))  # a copy: a listener may go while the caller sends

    def tell(self, message: dict[str, Any], account_ids: set[int] | None = None) -> None:
        """A message to every lobby socket (or only to those of these accounts)."""
        for listener in list(self.listeners):
            if account_ids is None or listener.account_id in account_ids:
                listener.send(message)

"""The online games this process remembers (each game's stored row, or that it is not online) and the accounts
named on their boards: what every state message reads without asking the database."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Awaitable, Callable
from typing import Any

from ..storage.online_games import OnlineGame
from .store import Account, OnlineStore

CACHE = 2_000  # online games remembered (the stored row; a game not online is remembered as None)


class OnlineGames:
    def __init__(self, store: OnlineStore, run: Callable[..., Awaitable[Any]]) -> None:
        self.store = store
        self.run = run
        self.cache: OrderedDict[str, OnlineGame | None] = OrderedDict()
        self.names: dict[int, Account] = {}
        self.live: Callable[[str], bool] = lambda _: False  # has this game a live room? (set by service.Online)

    async def game(self, game_id: str) -> OnlineGame | None:
        """The game's online row (read once, then remembered), or None when the game is not an online one."""
        if game_id in self.cache:
            self.cache.move_to_end(game_id)
            return self.cache[game_id]
        game: OnlineGame | None = await self.run(self.store.online_game, game_id)
        self.remember(game_id, game)
        if game is not None:
            await self.learn_names(game)
        return game

    def known(self, game_id: str) -> OnlineGame | None:
        """The remembered row only (no database): what a state message may use."""
        return self.cache.get(game_id)

    def remember(self, game_id: str, game: OnlineGame | None) -> None:
        self.cache[game_id] = game
        self.cache.move_to_end(game_id)
        while len(self.cache) > CACHE:  # the oldest go, but never a live room's: its rules (hints) are read here
            old = next((g for g in self.cache if not self.live(g)), None)
            if old is None:
                break
            del self.cache[old]

    def forget(self, game_id: str) -> None:
        """Read the game's row again next time (it changed in the database)."""
        self.cache.pop(game_id, None)

    async def learn_names(self, game: OnlineGame) -> None:
        ids = [i for i in game.accounts.values() if i is not None and i not in self.names]
        if ids:
            self.names.update(await self.run(self.store.accounts_by_id, ids))

    def forget_names(self, account_ids: Any) -> None:
        """Read these accounts again next time (their ratings changed)."""
        for account_id in account_ids:
            self.names.pop(account_id, None)

    def forget_account(self, account_id: int) -> None:
        """A deleted account: its name is read again (its games keep their rules: rated stays rated, R11.6)."""
        self.names.pop(account_id, None)

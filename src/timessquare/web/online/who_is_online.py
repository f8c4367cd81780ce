"""Who is online (the lobby's `present`): the accounts with a lobby socket open on this server process, the
lobby page and the home page of a logged-in person, and every bot connection (`timessquare bot` keeps one),
each bot with its owner and description (bot_accounts.py)."""

from __future__ import annotations

from typing import Any

from .bot_accounts import profiles
from .service import Online


async def present(online: Online) -> list[dict[str, Any]]:
    here = {listener.account.id: listener.account for listener in online.lobby if listener.account}
    bots = await online.run(profiles, online.store.engine, [i for i, a in here.items() if a.bot])
    people = [{**a.document(), **bots.get(i, {})} for i, a in here.items()]
    return sorted(people, key=lambda p: (p["bot"], p["name"].lower()))

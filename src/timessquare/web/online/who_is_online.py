"""Who is online (the lobby's `present`): the accounts with a lobby socket (the lobby page and the home page of
a logged-in person), a game socket of their seat, or a bot connection (`timessquare bot` keeps one) open on any
server process (accounts_here.py writes them), each bot with its owner and description (bot_accounts.py)."""

from __future__ import annotations

from typing import Any

from ...session.clock import system_now
from .accounts_here import STALE
from .bot_accounts import profiles
from .service import Online


async def present(online: Online) -> list[dict[str, Any]]:
    ids = await online.run(online.club.present_ids, system_now(), STALE)
    found = await online.run(online.store.accounts_by_id, sorted(ids)) if ids else {}
    here = {i: a for i, a in found.items() if not a.deleted and not a.banned}
    bots = await online.run(profiles, online.store.engine, [i for i, a in here.items() if a.bot])
    people = [{**a.document(), **bots.get(i, {})} for i, a in here.items()]
    return sorted(people, key=lambda p: (p["bot"], p["name"].lower()))

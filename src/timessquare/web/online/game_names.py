"""The account names of games between accounts, for the lists, replays, analyses and records that the API
serves (api/games.py asks through `app.state.game_names`, as the API sits below online play)."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import Engine, select

from ..storage.online_schema import accounts, online_games

MAX_IDS = 200


def game_names(engine: Engine, game_ids: Sequence[str]) -> dict[str, dict[str, str | None]]:
    """Game id -> seat -> the account's name (None: the computer, or no account); games not online are absent."""
    g = online_games.c
    a, b = accounts.alias("a"), accounts.alias("b")
    query = (
        select(g.game_id, a.c.name.label("name_a"), b.c.name.label("name_b"))
        .outerjoin(a, a.c.id == g.account_a)
        .outerjoin(b, b.c.id == g.account_b)
        .where(g.game_id.in_(list(game_ids)[:MAX_IDS]))
    )
    with engine.connect() as connection:
        return {row.game_id: {"A": row.name_a, "B": row.name_b} for row in connection.execute(query)}

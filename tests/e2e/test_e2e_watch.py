"""A game against the computer that its player left (no move for an hour, store.COMPUTER_GAME_LEFT) leaves the
home page's "Games to watch" (issue 27); one just started stays there."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta

from conftest import Watched
from e2e_play import wait_ready
from e2e_server import Server
from sqlalchemy import update
from test_e2e_defects import live_game_with_a_g2

from timessquare.web.storage import make_engine
from timessquare.web.storage.schema import games
from timessquare.web.storage.store import COMPUTER_GAME_LEFT


def test_a_left_computer_game_leaves_games_to_watch(server: Server, open_page: Callable[..., Watched]) -> None:
    assert timedelta(hours=1) == COMPUTER_GAME_LEFT  # as docs/web.md says
    left, _ = live_game_with_a_g2(server)
    fresh, _ = live_game_with_a_g2(server)
    engine = make_engine(server.database_url)
    try:
        with engine.begin() as connection:
            long_ago = datetime.now(UTC) - COMPUTER_GAME_LEFT - timedelta(minutes=5)
            connection.execute(update(games).where(games.c.id == left).values(updated_at=long_ago))
    finally:
        engine.dispose()
    page = open_page().page
    page.goto(server.url + "/")
    wait_ready(page)
    page.locator(f'#live a[data-game="{fresh}"]').wait_for()
    assert page.locator(f'#live a[data-game="{left}"]').count() == 0
    listed = [g["id"] for g in page.request.get(server.url + "/api/games?status=live&limit=100").json()["games"]]
    assert fresh in listed and left not in listed

"""Two browsers play a whole game through an invite link, watched by a third; one player reloads mid-game;
then both take the rematch."""

from __future__ import annotations

import re
from collections.abc import Callable

from conftest import Watched
from e2e_play import (
    close_over_dialog,
    figures,
    invite_a_friend,
    is_over,
    log_lines,
    my_turn,
    play_to_the_end,
    screenshot,
    take_turn,
    wait_ready,
    wait_turn_or_over,
)
from e2e_server import Server

GAME_URL = re.compile(r"/game/([A-Za-z0-9_-]{11})$")


def test_two_browsers_play_through_an_invite_link(server: Server, open_page: Callable[..., Watched]) -> None:
    alice, bob, carol = open_page().page, open_page().page, open_page().page
    alice.goto(server.url + "/")
    wait_ready(alice)
    invite = invite_a_friend(alice)
    assert re.fullmatch(re.escape(server.url) + r"/game/[A-Za-z0-9_-]{11}#t=[A-Za-z0-9_-]+", invite)
    screenshot(alice, "friend-invite")
    alice.click("#open-own")
    alice.wait_for_url(GAME_URL)
    wait_ready(alice)
    game_id = GAME_URL.search(alice.url).group(1)  # type: ignore[union-attr]

    bob.goto(invite)
    bob.wait_for_url(GAME_URL)  # the token left the address bar
    wait_ready(bob)
    assert bob.evaluate(f"localStorage.getItem('ts:token:{game_id}')") == invite.split("#t=")[1]
    assert "B: You" in bob.inner_text("#players")
    assert "A: You" in alice.inner_text("#players")

    # A spectator: the board and the log, no cards and no controls.
    carol.goto(f"{server.url}/game/{game_id}")
    wait_ready(carol)
    assert carol.inner_text("#turn").startswith("You are watching")
    assert carol.locator("#hand .card").count() == 0
    assert carol.locator("#hand .card-back").count() == 16
    assert carol.locator("#actions").is_hidden()

    # A few turns, watched: the spectator sees every move.
    pages = {"A": alice, "B": bob}
    for turn in range(4):
        seat = "A" if my_turn(alice) else "B"
        wait_turn_or_over(pages[seat])
        if is_over(pages[seat]):
            break
        take_turn(pages[seat], seat, turn)
        other = pages["B" if seat == "A" else "A"]
        wait_turn_or_over(other)
        carol.wait_for_function(f"() => document.querySelectorAll('#log li').length === {len(log_lines(other))}")
        assert figures(carol) == figures(other)
    screenshot(carol, "spectator")

    # Bob reloads in the middle of the game: the same seat, the same position.
    before = figures(bob)
    bob.reload()
    wait_ready(bob)
    assert "B: You" in bob.inner_text("#players")
    assert figures(bob) == before
    assert bob.locator("#hand .card").count() > 0
    screenshot(bob, "friend-after-reload")

    play_to_the_end(pages, shots="friend")
    titles = {seat: page.inner_text("#over-title") for seat, page in pages.items()}
    assert sorted(titles.values()) in (["You lost.", "You won!"], ["A draw.", "A draw."])
    carol.wait_for_function("() => !document.getElementById('over-banner').hidden")
    assert carol.locator("#rematch").is_hidden()
    screenshot(alice, "friend-over-A", full_page=False)

    # The rematch: Alice asks, Bob joins it; the seats are swapped.
    alice.click("#rematch")
    alice.wait_for_url(lambda url: bool(GAME_URL.search(url)) and game_id not in url)
    wait_ready(alice)
    new_id = GAME_URL.search(alice.url).group(1)  # type: ignore[union-attr]
    assert new_id != game_id
    assert "B: You" in alice.inner_text("#players")
    close_over_dialog(bob)
    bob.wait_for_selector("#banner-rematch:text('Join the rematch')")
    bob.click("#banner-rematch")
    bob.wait_for_url(f"**/game/{new_id}")
    wait_ready(bob)
    assert "A: You" in bob.inner_text("#players")

    # Alice's home page: the rematch among her games, the first game among the finished ones.
    alice.goto(server.url + "/")
    wait_ready(alice)
    assert alice.locator(f"#mine a[href='/game/{new_id}']").count() == 1
    assert alice.locator(f"#finished a[href='/replay/{game_id}']").count() == 1
    assert alice.locator(f"#live a[href='/game/{new_id}']").count() == 0  # her own game is not "to watch"
    screenshot(alice, "home-with-games")

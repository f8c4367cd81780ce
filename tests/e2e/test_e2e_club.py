"""Two accounts in two browsers around their games (issue 26): chat both ways, a draw by agreement, the
rematch that keeps the terms (rated, same clock, seats swapped), the rating change on the end dialog, an
abort that leaves the ratings alone, and browser notifications of a challenge and of "your turn" in a
background tab. Screenshots of the chat, the offer and the notification setting, desktop and phone, in
English and French."""

from __future__ import annotations

import re
import secrets
from collections.abc import Callable
from typing import Any

from conftest import Watched, on_one_process_and_on_two
from e2e_online import processes_holding
from e2e_play import (
    invite_a_friend,
    my_turn,
    no_sideways_scroll,
    screenshot,
    trade_all,
    version,
    wait_ready,
    wait_version,
)
from e2e_server import Server
from test_e2e_online import GAME_URL, api, sign_up

# The page's notifications, counted, and the tab sent to the background on demand (a headless tab is never hidden).
WATCH_NOTIFICATIONS = """
window.__notes = [];
window.__hidden = false;
Object.defineProperty(document, "visibilityState", { get: () => (window.__hidden ? "hidden" : "visible") });
const Real = window.Notification;
class Counted extends Real {
  constructor(title, options) { super(title, options); window.__notes.push(title); }
}
Object.defineProperty(Counted, "permission", { get: () => Real.permission });
Counted.requestPermission = (...args) => Real.requestPermission(...args);
window.Notification = Counted;
"""


def person(open_page: Callable[..., Watched], server: Server, name: str, **page_options: Any) -> Any:
    watched = open_page(**page_options)
    watched.context.grant_permissions(["notifications"], origin=server.url)
    watched.context.add_init_script(WATCH_NOTIFICATIONS)
    sign_up(watched.page, server, name)
    return watched.page


def notes(page: Any) -> list[str]:
    return list(page.evaluate("window.__notes"))


def over(page: Any) -> None:
    page.wait_for_selector("#over-dialog[open]")


@on_one_process_and_on_two
def test_two_accounts_chat_agree_a_draw_rematch_and_abort(server: Server, open_page: Callable[..., Watched]) -> None:
    suffix = secrets.token_hex(3)
    alice_name, bob_name = f"Alice{suffix}", f"Bob{suffix}"
    alice = person(open_page, server, alice_name)
    bob = person(open_page, server, bob_name)
    # A challenge to Bob while his lobby tab is in the background: a notification.
    bob.evaluate("window.__hidden = true")
    alice.select_option("#control", "10+5")
    alice.fill("#opponent", bob_name)
    alice.click("#challenge-form button[type=submit]")
    bob.wait_for_function("() => window.__notes.length > 0")
    assert notes(bob) == [f"Times Square: {alice_name} challenges you (10+5)"]
    bob.evaluate("window.__hidden = false")
    bob.locator("#challenges li", has_text=alice_name).get_by_role("button", name="Accept").click()
    for page in (alice, bob):
        page.wait_for_url(GAME_URL)
        wait_ready(page)
    game_id = GAME_URL.search(alice.url).group(1)  # type: ignore[union-attr]

    # Chat both ways, text only.
    alice.fill("#chat-text", "good luck <b>Bob</b> https://example.org")
    alice.press("#chat-text", "Enter")
    bob.locator("#chat-lines li", has_text="good luck").wait_for()
    line = bob.locator("#chat-lines li", has_text="good luck")
    assert alice_name in line.inner_text() and "<b>Bob</b>" in line.inner_text()
    assert line.locator("b").count() == 1 and line.locator("a").count() == 0  # the name only; no link made
    bob.fill("#chat-text", "thanks, you too")
    bob.click("#chat-form button[type=submit]")
    alice.locator("#chat-lines li", has_text="thanks, you too").wait_for()
    screenshot(alice, "club-chat", full_page=False)

    # Each takes a turn (a game one side never moved in is aborted, not rated: R11.4), then a draw by
    # agreement; the end dialog says what it did to the rating (equal players: nothing).
    for _ in range(2):
        mover, waiter = (alice, bob) if my_turn(alice) else (bob, alice)
        played = version(waiter) + trade_all(mover) + 1
        wait_version(waiter, played)
    alice.click("#offer-draw")
    bob.locator("#offer-status", has_text=f"{alice_name} offers a draw").wait_for()
    screenshot(bob, "club-offer", full_page=False)
    bob.get_by_role("button", name="Accept the draw").click()
    for page in (alice, bob):
        over(page)
        assert page.inner_text("#over-reason") == "Drawn by agreement."
        assert page.inner_text("#over-rating") == "Your rating: 1500 (±0)."
    assert api(server, f"/api/games/{game_id}/record")["agreed"] == "draw"
    # The accounts' names on the home page's finished games and in the replay, also for someone else.
    watcher = open_page().page
    watcher.goto(server.url + "/")
    wait_ready(watcher)
    watcher.locator("#finished li", has_text=alice_name).wait_for()
    assert bob_name in watcher.locator("#finished li", has_text=alice_name).inner_text()
    watcher.goto(f"{server.url}/replay/{game_id}")
    wait_ready(watcher)
    assert alice_name in watcher.inner_text("#replay-players") and bob_name in watcher.inner_text("#replay-players")

    # The rematch: offered by Alice, accepted by Bob; rated, the same clock, seats swapped, both in it.
    seat_before = {p: p.inner_text("#online-bar li.mine .seat") for p in (alice, bob)}
    alice.click("#rematch")
    bob.locator("#rematch", has_text="Accept the rematch").wait_for()
    bob.click("#rematch")
    for page in (alice, bob):
        page.wait_for_url(lambda url: game_id not in url)
        wait_ready(page)
        page.wait_for_selector("#online-bar:not([hidden]) .clock")
        assert "10+5 · rated" in page.inner_text("#online-bar")
        assert page.inner_text("#online-bar li.mine .seat") != seat_before[page]
    rematch_id = GAME_URL.search(alice.url).group(1)  # type: ignore[union-attr]
    assert alice.url.endswith(rematch_id) and bob.url.endswith(rematch_id)

    # "Your turn" in a background tab: the player to move takes a turn, the other one is told.
    mover, waiter = (alice, bob) if my_turn(alice) else (bob, alice)
    waiter.evaluate("window.__hidden = true")
    told = len(notes(waiter))
    trade_all(mover)
    waiter.wait_for_function(f"() => window.__notes.length > {told}")
    assert notes(waiter)[-1] == "Times Square: your turn"
    waiter.evaluate("window.__hidden = false")
    # The waiter has not acted yet: it may call the game off, and nobody's rating moves.
    assert mover.locator("#abort").is_hidden()
    waiter.click("#abort")
    for page in (alice, bob):
        over(page)
        assert page.inner_text("#over-title") == "Game aborted"
        assert page.locator("#over-rating").is_hidden()
    assert api(server, f"/api/games/{rematch_id}/record")["result"] == "aborted"
    for name in (alice_name, bob_name):
        player = api(server, f"/api/players/{name}")
        assert (player["rating"], player["games"]) == (1500, 1)
    alice.click("#over-close")
    alice.click("#alerts summary")
    screenshot(alice, "club-alerts", full_page=False)
    assert "notifications are on" in alice.inner_text("#notify-status")


def test_the_chat_and_the_offer_on_a_phone_in_french_and_english(
    server: Server, open_page: Callable[..., Watched]
) -> None:
    mine, theirs = (open_page(locale="fr-FR", width=375, height=667, mobile=True).page for _ in range(2))
    mine.goto(server.url + "/")
    wait_ready(mine)
    invite = invite_a_friend(mine)
    mine.click("#open-own")
    theirs.goto(invite)
    for page in (mine, theirs):
        page.wait_for_url(GAME_URL)
        wait_ready(page)
    # on a phone the chat waits behind its button (issue 33): opened as a sheet, shut again
    theirs.click("#chat-open")
    theirs.fill("#chat-text", "Bonne partie ! " + "très " * 30 + "longue phrase")
    theirs.press("#chat-text", "Enter")
    mine.wait_for_selector("#chat-unread:not([hidden])")
    mine.click("#chat-open")
    mine.locator("#chat-lines li", has_text="Bonne partie").wait_for()
    mine.fill("#chat-text", "Merci")
    mine.press("#chat-text", "Enter")
    theirs.locator("#chat-lines li", has_text="Merci").wait_for()
    screenshot(mine, "club-phone-chat-sheet-fr", full_page=False)
    for page in (mine, theirs):
        page.click("#chat-close")
    theirs.click("#offer-draw")
    mine.locator("#offer-status", has_text="votre adversaire propose la nulle").wait_for()
    mine.click("#alerts summary")
    for lang in ("fr", "en"):
        if lang == "en":
            mine.click("button[data-lang=en]")
            mine.locator("#offer-status", has_text="your opponent offers a draw").wait_for()
        no_sideways_scroll(mine, mine.viewport_size["width"])
        mine.locator("#social").scroll_into_view_if_needed()
        screenshot(mine, f"club-phone-{lang}", full_page=False)
        screenshot(mine, f"club-phone-{lang}-page")


@on_one_process_and_on_two
def test_a_tournament_page_fills_in_live(server: Server, open_page: Callable[..., Watched]) -> None:
    suffix = secrets.token_hex(3)
    alice_name, bob_name = f"Ann{suffix}", f"Ben{suffix}"
    alice = person(open_page, server, alice_name)
    bob = person(open_page, server, bob_name)
    alice.goto(server.url + "/tournaments")
    wait_ready(alice)
    alice.fill("#t-name", f"Evening Swiss {suffix}")
    alice.select_option("#t-control", "5+3")
    alice.fill("#t-rounds", "2")
    alice.click("#create-form button[type=submit]")
    alice.wait_for_url(re.compile(r"/tournaments/[A-Za-z0-9_-]+$"))
    wait_ready(alice)
    assert alice.inner_text("#tournament-name") == f"Evening Swiss {suffix}"
    assert "open: players can join" in alice.inner_text("#tournament-meta")
    bob.goto(alice.url)
    wait_ready(bob)
    bob.click("#t-join")
    bob.locator("#standings tbody tr", has_text=bob_name).wait_for()
    alice.locator("#standings tbody tr", has_text=bob_name).wait_for()  # the page asked again by itself
    tid = alice.url.rsplit("/", 1)[1]
    assert {p["name"] for p in api(server, f"/api/tournaments/{tid}")["players"]} == {alice_name, bob_name}
    assert bob.locator("#t-start").is_hidden()
    alice.click("#t-start")  # its creator starts it now: the server pairs round 1 within a second
    for page in (alice, bob):
        page.wait_for_url(GAME_URL)  # the round's start takes each player to his game (issue 31)
    alice.goto(f"{server.url}/tournaments/{tid}")
    wait_ready(alice)
    alice.locator("#rounds li", has_text=bob_name).wait_for()
    assert "round 1 of 2" in alice.inner_text("#tournament-meta")
    assert alice.locator("#rounds li a", has_text="Your game").count() == 1
    alice.set_viewport_size({"width": 1280, "height": 900})
    screenshot(alice, "club-tournament-en", full_page=False)
    alice.set_viewport_size({"width": 375, "height": 667})
    screenshot(alice, "club-tournament-en-phone")
    alice.click("button[data-lang=fr]")
    alice.locator("#tournament-meta", has_text="ronde 1 sur 2").wait_for()
    screenshot(alice, "club-tournament-fr-phone")
    no_sideways_scroll(alice, alice.viewport_size["width"])
    alice.set_viewport_size({"width": 1280, "height": 900})
    screenshot(alice, "club-tournament-fr", full_page=False)


@on_one_process_and_on_two
def test_a_bot_account_from_the_lobby_and_who_is_online(server: Server, open_page: Callable[..., Watched]) -> None:
    suffix = secrets.token_hex(3)
    owner_name, friend_name, bot_name = f"Owner{suffix}", f"Friend{suffix}", f"Bot{suffix}"
    owner = person(open_page, server, owner_name)
    friend = person(open_page, server, friend_name)
    owner.locator("#present-people li", has_text=friend_name).wait_for()  # both here, each sees the other
    friend.locator("#present-people li", has_text=owner_name).wait_for()
    # on the cluster each one's lobby socket is on a process of its own (conftest pins their pages apart)
    assert len(processes_holding(server, [owner_name, friend_name])) == server.process_count
    owner.click(".account-settings summary")
    owner.fill("#bot-name", bot_name)
    owner.fill("#bot-password", "bot password")
    owner.fill("#bot-description", "the expert at 6000 iterations")
    owner.click("#bot-form button[type=submit]")
    owner.locator("#bot-made", has_text=f"--name {bot_name}").wait_for()
    assert owner.inner_text("#whoami").startswith(f"You are {owner_name}")  # still the owner
    assert api(server, f"/api/players/{bot_name}")["bot"] is True
    friend.fill("#lobby-chat-text", "hi <i>all</i>")
    friend.press("#lobby-chat-text", "Enter")
    line = owner.locator("#lobby-chat-lines li", has_text="hi <i>all</i>")
    line.wait_for()  # said in the lobby, seen by the other, as text
    assert line.locator("i").count() == 0 and friend_name in line.inner_text()
    friend.locator("#present-people li", has_text=owner_name).get_by_role("button", name="Challenge").click()
    owner.locator("#challenges li", has_text=friend_name).wait_for()
    screenshot(owner, "club-lobby-presence")


# A click on a quick-pairing button at a moment given in the system's milliseconds (both browsers read one clock).
CLICK_AT = """([control, at]) => setTimeout(() => [...document.querySelectorAll("#quick button")]
  .find((b) => b.textContent === control).click(), at - Date.now())"""


@on_one_process_and_on_two
def test_two_people_seeking_the_same_control_at_once_meet_in_one_game(
    server: Server, open_page: Callable[..., Watched]
) -> None:
    suffix = secrets.token_hex(3)
    alice_name, bob_name = f"Quick{suffix}", f"Seek{suffix}"
    alice = person(open_page, server, alice_name)
    bob = person(open_page, server, bob_name)
    for page in (alice, bob):
        page.locator("#quick button:not([disabled])", has_text="15+10").wait_for()  # open: each is logged in
    at = alice.evaluate("Date.now()") + 500  # the same moment for both: on the cluster, on two processes at once
    for page in (alice, bob):
        page.evaluate(CLICK_AT, ["15+10", at])
    for page in (alice, bob):
        page.wait_for_url(GAME_URL)  # neither waits on: they play each other
        wait_ready(page)
        page.wait_for_selector("#online-bar:not([hidden]) .clock")
        assert "15+10 · rated" in page.inner_text("#online-bar")
    assert alice.url == bob.url
    assert {p.inner_text("#online-bar li.mine .seat") for p in (alice, bob)} == {"A", "B"}
    for page in (alice, bob):  # no seek of theirs left waiting (a quick seek shows to its owner only)
        challenges = page.evaluate("async () => (await (await fetch('/api/lobby')).json()).challenges")
        assert not [c for c in challenges if c["quick"]]


def test_find_a_player_follow_and_page_through_the_history(server: Server, open_page: Callable[..., Watched]) -> None:
    suffix = secrets.token_hex(3)
    me_name, them_name = f"Finder{suffix}", f"Found{suffix}"
    them = person(open_page, server, them_name)
    me = person(open_page, server, me_name)
    them.close()
    me.goto(server.url + "/players")
    wait_ready(me)
    me.fill("#search-name", them_name[:8].lower())
    me.click("#search-form button[type=submit]")
    me.locator("#search-results a", has_text=them_name).click()
    wait_ready(me)
    me.get_by_role("button", name=f"Follow {them_name}").click()
    me.get_by_role("button", name=f"Unfollow {them_name}").wait_for()
    assert me.inner_text("#all-games") == "No game yet."
    me.select_option("#filter-result", "win")
    me.click("#game-filters button[type=submit]")
    me.goto(server.url + "/lobby")
    wait_ready(me)
    me.locator("#following li", has_text=them_name).wait_for()
    screenshot(me, "club-following", full_page=False)

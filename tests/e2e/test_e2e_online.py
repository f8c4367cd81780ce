"""Two people sign up in two browsers, one posts a challenge in the lobby, the other accepts it, they play a
rated game to the end with the clocks running, and their player pages show the game and the new ratings."""

from __future__ import annotations

import json
import re
import secrets
import urllib.request
from collections.abc import Callable
from typing import Any

from conftest import Watched
from e2e_play import no_sideways_scroll, play_to_the_end, screenshot, wait_ready
from e2e_server import Server

from timessquare.web.online.glicko2 import Rating, rate_game

GAME_URL = re.compile(r"/game/([A-Za-z0-9_-]{11})$")


def enter_the_lobby(page: Any, server: Server, name: str, button: str) -> None:
    """The lobby's account form filled in for `name` and sent with `button` (#sign-up or #log-in)."""
    page.goto(server.url + "/lobby")
    wait_ready(page)
    page.fill("#login-name", name)
    page.fill("#login-password", "a long password")
    page.click(button)
    page.wait_for_selector("#logged-in:not([hidden])")


def sign_up(page: Any, server: Server, name: str) -> None:
    enter_the_lobby(page, server, name, "#sign-up")
    assert page.inner_text("#whoami") == f"You are {name} (rating 1500?)."


def api(server: Server, path: str) -> Any:
    with urllib.request.urlopen(server.url + path, timeout=10) as answer:
        return json.load(answer)


def test_strangers_meet_in_the_lobby_and_play_a_rated_game(server: Server, open_page: Callable[..., Watched]) -> None:
    suffix = secrets.token_hex(3)
    alice_name, bob_name = f"Alice{suffix}", f"Bob{suffix}"
    alice, bob = open_page().page, open_page().page
    sign_up(alice, server, alice_name)
    sign_up(bob, server, bob_name)

    home = open_page().page  # somebody on the home page sees the challenge come in
    home.goto(server.url + "/")
    wait_ready(home)
    quick = alice.locator("#quick button")
    quick.first.wait_for()  # quick pairing offers the real-time controls only: their kind comes from the server
    realtime = [c for c, kind in api(server, "/api/lobby")["control_kinds"].items() if kind == "realtime"]
    assert quick.all_inner_texts() == realtime == ["3+2", "5+3", "10+5", "15+10"]
    alice.select_option("#control", "10+5")
    alice.click("#challenge-form button[type=submit]")
    home.locator("#home-challenges li", has_text=alice_name).wait_for()
    assert "10+5 · rated" in home.locator("#home-challenges li", has_text=alice_name).inner_text()
    screenshot(home, "online-home-panel")
    accept = bob.locator("#challenges li", has_text=alice_name).get_by_role("button", name="Accept")
    accept.wait_for()  # it came over the lobby socket
    screenshot(bob, "online-lobby")
    accept.click()
    bob.wait_for_url(GAME_URL)
    alice.wait_for_url(GAME_URL)  # the lobby socket told her
    assert GAME_URL.search(alice.url).group(1) == GAME_URL.search(bob.url).group(1)  # type: ignore[union-attr]
    game_id = GAME_URL.search(alice.url).group(1)  # type: ignore[union-attr]
    for page in (alice, bob):
        wait_ready(page)
        page.wait_for_selector("#online-bar:not([hidden]) .clock")
    assert alice_name in alice.inner_text("#online-bar") and bob_name in alice.inner_text("#online-bar")
    assert "10+5 · rated" in alice.inner_text("#online-bar")
    assert re.match(r"\d+:\d\d · ", alice.title())  # the running clock in the tab title
    screenshot(alice, "online-game-clocks", full_page=False)
    seat_of = {page: page.inner_text("#online-bar li.mine .seat") for page in (alice, bob)}
    assert sorted(seat_of.values()) == ["A", "B"]
    # Alice on another device: she logs in, opens the game's address without a token, and has her seat.
    laptop = open_page().page
    enter_the_lobby(laptop, server, alice_name, "#log-in")
    laptop.goto(f"{server.url}/game/{game_id}")
    wait_ready(laptop)
    laptop.wait_for_selector("#online-bar li.mine")
    assert laptop.inner_text("#online-bar li.mine .seat") == seat_of[alice]
    laptop.context.close()
    play_to_the_end({seat: page for page, seat in seat_of.items()})

    record = api(server, f"/api/games/{game_id}/record")
    score_a = {"A": 1.0, "B": 0.0, "draw": 0.5}[record["result"]]
    expected = dict(zip("AB", rate_game(Rating(), Rating(), score_a), strict=True))
    for page, name in ((alice, alice_name), (bob, bob_name)):
        rating = expected[seat_of[page]]
        player = api(server, f"/api/players/{name}")
        assert (player["rating"], player["deviation"], player["games"]) == (
            round(rating.rating),
            round(rating.deviation),
            1,
        )
        page.goto(f"{server.url}/players/{name}")
        wait_ready(page)
        assert page.inner_text("#player-name") == name
        assert f"Rating {round(rating.rating)}" in page.inner_text("#player-summary")
        assert page.locator("#history tbody tr").count() == 1
        assert page.locator("#rating-chart path.rating-line").count() == 1
        replay = page.locator("#recent a", has_text="Replay")
        assert replay.get_attribute("href") == f"/replay/{game_id}"
    screenshot(alice, "online-player-page")
    alice.goto(server.url + "/players")
    wait_ready(alice)
    alice.wait_for_selector("#leaderboard")
    # one opponent only: provisional, and off the leaderboard until 5 different opponents (R11.5)
    assert alice.locator("#leaderboard tbody tr", has_text=alice_name).count() == 0
    screenshot(alice, "online-leaderboard")


def test_the_lobby_in_french_on_a_phone_and_a_bad_name_never_markup(
    server: Server, open_page: Callable[..., Watched]
) -> None:
    watched = open_page(locale="fr-FR", width=390, height=844, mobile=True)
    page = watched.page
    page.goto(server.url + "/lobby")
    wait_ready(page)
    assert page.inner_text("h1") == "Jouer en ligne"
    page.fill("#login-name", "<img src=x onerror=alert(1)>")
    page.fill("#login-password", "a long password")
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    page.evaluate("document.getElementById('login-name').removeAttribute('maxlength')")
    page.click("#sign-up")
    page.wait_for_selector("#lobby-message:not([hidden])")
    assert "3 à 20 lettres" in page.inner_text("#lobby-message")  # checked here, in the page's language
    assert page.locator("#main img[src=x]").count() == 0 and dialogs == []
    no_sideways_scroll(page, 390)
    screenshot(page, "online-lobby-fr-phone")
    watched.allowed.append(re.compile(r"status of 404"))  # the player page asks for a player that is not there
    page.goto(server.url + "/players/%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E")
    wait_ready(page)
    assert page.inner_text("#player-name") == "<img src=x onerror=alert(1)>"  # the address, shown as text
    assert page.inner_text("#player-message") == "Il n'y a pas de joueur de ce nom."
    assert page.locator("#main img").count() == 0 and dialogs == []


def test_a_game_without_an_account_is_kept_in_one(server: Server, open_page: Callable[..., Watched]) -> None:
    page = open_page().page
    page.goto(server.url + "/")
    wait_ready(page)
    page.click("#play-computer")
    page.wait_for_url(GAME_URL)
    wait_ready(page)
    game_id = GAME_URL.search(page.url).group(1)  # type: ignore[union-attr]
    assert page.locator("#keep-seat").count() == 0  # nobody is logged in
    name = f"Keeper{secrets.token_hex(3)}"
    sign_up(page, server, name)
    page.goto(f"{server.url}/game/{game_id}")
    wait_ready(page)
    page.click("#keep-seat")
    page.wait_for_selector("#online-bar li.mine")
    assert name in page.inner_text("#online-bar li.mine")
    recent = api(server, f"/api/players/{name}")["recent"]
    assert [(g["id"], g["opponent"], g["rated"]) for g in recent] == [(game_id, "medium", False)]

"""The game as an app on a phone's home screen (issue 27): the manifest (standalone, on the home page, our
icons) and the service worker, which keeps the rules and the tutorial for a visit without a network, where
every page says that a game needs the server."""

from __future__ import annotations

import re
from collections.abc import Callable

from conftest import Watched
from e2e_play import wait_ready
from e2e_server import Server

CONTROLLED = "() => navigator.serviceWorker.controller !== null"


def test_the_app_installs_and_keeps_the_rules_and_the_tutorial_offline(
    server: Server, open_page: Callable[..., Watched]
) -> None:
    watched = open_page(width=375, height=667, mobile=True)
    page = watched.page
    page.goto(server.url + "/")
    wait_ready(page)
    href = page.get_attribute('link[rel="manifest"]', "href")
    assert href == "/manifest.webmanifest"
    answer = page.request.get(server.url + href)
    assert answer.ok and answer.headers["content-type"].startswith("application/manifest+json")
    manifest = answer.json()
    assert manifest["start_url"] == "/" and manifest["display"] in ("standalone", "fullscreen")
    assert manifest["name"] == "Times Square"
    sizes = {icon["sizes"] for icon in manifest["icons"] if icon["type"] == "image/png"}
    assert {"192x192", "512x512"} <= sizes
    assert any(icon["purpose"] == "maskable" for icon in manifest["icons"])
    for icon in manifest["icons"]:
        got = page.request.get(server.url + icon["src"])
        assert got.ok and got.headers["content-type"] == icon["type"], icon

    # the service worker takes the page over once it has kept the shell
    assert page.evaluate("navigator.serviceWorker.ready.then((r) => Boolean(r.active))")
    page.goto(server.url + "/learn")
    wait_ready(page)
    page.wait_for_function(CONTROLLED)
    page.wait_for_selector("#board .figure")
    page.goto(server.url + "/rules")
    wait_ready(page)
    assert page.locator("#offline-note").is_hidden()

    watched.context.set_offline(True)
    watched.allowed.append(re.compile("ERR_INTERNET_DISCONNECTED"))  # the lists and sockets that need the server
    page.reload()
    wait_ready(page)
    assert page.locator("h1").first.is_visible()
    assert "offline" in page.inner_text("#offline-note")
    page.goto(server.url + "/learn")  # the tutorial's first step, as it was answered online
    wait_ready(page)
    page.wait_for_selector("#board .figure")
    page.goto(server.url + "/game/never-seen")  # a game needs the server: the page says so
    wait_ready(page)
    assert "a game needs the server" in page.inner_text("#offline-note")
    watched.context.set_offline(False)

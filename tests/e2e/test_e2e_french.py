"""The interface in French, chosen from the browser's language, and the switch back to English."""

from __future__ import annotations

import re
from collections.abc import Callable

from conftest import Watched
from e2e_play import screenshot, start_computer_game, wait_ready
from e2e_server import Server


def test_the_interface_speaks_french(server: Server, open_page: Callable[..., Watched]) -> None:
    page = open_page(locale="fr-FR").page
    page.goto(server.url + "/")
    wait_ready(page)
    assert page.get_attribute("html", "lang") == "fr"
    assert page.inner_text("#computer-heading") == "Jouer contre l'ordinateur"
    assert page.get_attribute("[data-lang=fr]", "aria-pressed") == "true"
    screenshot(page, "fr-home")

    start_computer_game(page)
    assert page.inner_text("#hand-heading") == "Vos cartes"
    assert page.inner_text("#turn").startswith("À vous")
    assert page.title().startswith("● À vous")
    assert "Sue sur 8, le milieu." in page.inner_text("#board-words") or "Sue sur" in page.inner_text("#board-words")
    card = page.locator("#hand .card").first
    assert re.search(r", (vert|gris|jaune|rouge)\.", card.get_attribute("aria-label") or "")
    page.locator("#hand .card.playable").first.click()
    page.wait_for_selector("#choices .choice")
    assert page.inner_text("#choices .choices-title").startswith("Ce que peut faire")
    assert page.locator("#board .target").count() >= 1  # the server's destinations, lit up
    screenshot(page, "fr-game")

    # An illegal attempt is explained in French: ending the turn before any card (R5.4).
    page.click("#end-turn", force=True)  # aria-disabled, yet it answers with the reason
    page.wait_for_selector("#message:text-matches('R5\\.4')")
    assert page.inner_text("#message") == (
        "Interdit : un tour ne peut pas finir avant qu'une carte soit jouée ou défaussée (R5.4)"
    )
    screenshot(page, "fr-explained")

    page.goto(server.url + "/rules")
    wait_ready(page)
    assert page.locator("main article").count() == 1  # one text, in the catalogs' words
    assert page.inner_text("h1:visible") == "Comment jouer à Times Square"
    assert page.inner_text("#R1 p strong") == "entrée"
    screenshot(page, "fr-rules", full_page=False)

    # The switch: English at once, and remembered on the next page.
    page.click("[data-lang=en]")
    assert page.inner_text("h1:visible") == "How to play Times Square"
    assert page.inner_text("#R1 p strong") == "entrance"  # the paragraph again, with its emphasis
    page.locator("table.card-table").first.scroll_into_view_if_needed()
    screenshot(page, "rules-cards", full_page=False)
    page.goto(server.url + "/")
    wait_ready(page)
    assert page.get_attribute("html", "lang") == "en"
    assert page.inner_text("#computer-heading") == "Play the computer"

"""A language the server has never heard of, added as one catalog file (tests/pseudo_language.py: the
English catalog with every text bracketed), chosen with its button in the header: every word of the home
page and of the game page (the board in words, the hand, the choices, a refusal, the hint, the log and the
end of the game) is in it. A word left unbracketed was written by a page or the server outside the catalogs."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import Watched
from e2e_play import screenshot, start_computer_game, wait_ready
from e2e_server import Server

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from pseudo_language import CLOSE, EXTRA_FOLDER, OPEN, PSEUDO, foreign_words, write_pseudo_catalog

# Every text a page shows and every accessible name or title, outside the language switch (which names each
# language in that language) and the initials drawn on the figures (part of their picture); each with its
# element, for the failure message.
SHOWN_TEXTS = """() => {
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || el.closest(".lang-switch, .initial, script, style, [hidden], dialog:not([open])")) continue;
    if (node.textContent.trim()) out.push([el.id || el.getAttribute("class") || el.tagName, node.textContent.trim()]);
  }
  for (const el of document.querySelectorAll("[aria-label], [title]")) {
    if (el.closest(".lang-switch, [hidden]")) continue;
    for (const name of ["aria-label", "title"]) {
      const value = el.getAttribute(name);
      if (value && value.trim()) out.push([`${el.id || el.tagName}@${name}`, value.trim()]);
    }
  }
  out.push(["title", document.title]);
  return out;
}"""


def words_outside_the_catalog(texts: list[list[str]]) -> list[tuple[str, str]]:
    """Each (element, text) with a word that no text of the pseudo-language holds."""
    return [(where, text) for where, text in texts if foreign_words(text)]


def check(page: object, name: str) -> None:
    texts = page.evaluate(SHOWN_TEXTS)  # type: ignore[attr-defined]
    assert len(texts) > 10
    screenshot(page, f"pseudo-{name}")  # type: ignore[arg-type]
    outside = words_outside_the_catalog(texts)
    assert outside == [], (name, outside)


@pytest.fixture
def pseudo_server(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Server:
    folder = tmp_path / "catalogs"
    folder.mkdir()
    write_pseudo_catalog(folder)
    monkeypatch.setenv(EXTRA_FOLDER, str(folder))  # the server's own environment, nothing else changes
    running = Server(tmp_path / "games.sqlite3").start()
    try:
        yield running
    finally:
        running.stop()


def test_a_new_language_is_one_catalog_file_in_the_pages(
    pseudo_server: Server, open_page: Callable[..., Watched]
) -> None:
    page = open_page().page
    page.goto(pseudo_server.url + "/")
    wait_ready(page)
    page.click(f"[data-lang={PSEUDO}]")
    page.wait_for_selector(f"html[lang={PSEUDO}]", state="attached")  # once its catalog came
    check(page, "home")

    start_computer_game(page)
    check(page, "game")

    page.locator("#hand .card.playable").first.click()
    page.wait_for_selector("#choices .choice")
    check(page, "choices")
    page.click("#end-turn", force=True)  # refused before any card (R5.4), in words of the catalog
    page.wait_for_selector("#message:text-matches('R5\\\\.4')")
    page.click("#hint")
    page.wait_for_selector(f"#hint-text:text-matches('{OPEN}.*%')", timeout=30000)
    check(page, "refusal-and-hint")

    page.click("#resign")
    page.click("#resign-yes")
    page.wait_for_selector("#over-dialog[open]")
    check(page, "over")


def test_the_tutorial_speaks_the_new_language(pseudo_server: Server, open_page: Callable[..., Watched]) -> None:
    page = open_page().page
    page.goto(pseudo_server.url + "/learn")
    wait_ready(page)
    page.click(f"[data-lang={PSEUDO}]")
    page.wait_for_selector(f"#said-do:text-matches('^{OPEN}')")  # the lesson asked again in the new words
    check(page, "learn")
    page.click("#hand .card[data-code=S] >> nth=0")
    page.click('#choices .choice[data-action="SS group-1"]')
    page.wait_for_selector("#step-count:text-matches('2')")
    page.click("#hand .card[data-code=D5]", force=True)  # a red card in a green turn: refused (R5.1)
    page.wait_for_selector("#refusal:text-matches('R5')")
    page.click("#hand .card[data-code=S]")
    page.click('#choices .choice[data-action="S sue+1"]')  # legal, but not this step's
    page.wait_for_selector("#refusal:text-matches('R3')")
    check(page, "learn-refusal")


def test_the_check_finds_a_word_outside_the_catalog() -> None:
    inside = [["turn", f"{OPEN}{OPEN}Šûé{CLOSE} ɱöṽéš 1 {OPEN}ţöŵàŕđ B{CLOSE}{CLOSE}"], ["log", "A D3 sue+3 G2 (R5.4)"]]
    assert words_outside_the_catalog(inside) == []
    outside = [["turn", f"{OPEN}Ýöûŕ ţûŕñ{CLOSE} now"], ["hint", f"{OPEN}Ĥîñţ: a turn cannot end{CLOSE}"]]
    assert words_outside_the_catalog(outside) == [("turn", outside[0][1]), ("hint", outside[1][1])]

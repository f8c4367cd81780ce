"""The full-screen terminal game speaks a language that is only a catalog file: driven by Textual's pilot
in the pseudo-language (pseudo_language.py), none of its screens shows a word outside the catalogs: the
board, the status lines, the hand, the choices (a card's, the lure's, the trade's), a refusal, the keys and
rules screens, the save dialog, the hand-over, the end of the game and the replay viewer."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import pytest

from pseudo_language import EXTRA_FOLDER, PSEUDO, foreign_words, write_pseudo_catalog
from test_tui_support import screen_text, settle, wait_for_person
from timessquare.actions import ACTIONS, DISCARD
from timessquare.tui.app import GameApp
from timessquare.tui.session import Session
from timessquare.variants import DEFAULT_RULES

# Key names of the footer and single letters (the keys, the seats, card codes) are no words of a language.
KEY_NAMES = re.compile(r"^(?:[A-Za-z]|esc|enter|space|left|right|home|end|ctrl|tab)$", re.IGNORECASE)


@pytest.fixture
def pseudo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    write_pseudo_catalog(tmp_path)
    monkeypatch.setenv(EXTRA_FOLDER, str(tmp_path))
    return PSEUDO


def foreign_on(screen: str) -> list[str]:
    """The words of a screen that come from no catalog (the file name offered to save to aside)."""
    screen = re.sub(r"times-square-[\d-]+\.json", " ", screen)
    return [word for line in screen.splitlines() for word in foreign_words(line) if not KEY_NAMES.match(word)]


def test_the_full_screen_game_speaks_the_new_language(pseudo: str) -> None:
    screens: dict[str, str] = {}

    async def main() -> None:
        app = GameApp(
            Session.new(DEFAULT_RULES, 3, "A", "easy"), pace=0, save_dir=Path("/0"), lang=pseudo
        )  # nothing is saved
        async with app.run_test(size=(100, 40)) as pilot:

            async def look(name: str, *keys: str) -> None:
                await pilot.press(*keys)
                await pilot.pause()
                screens[name] = screen_text(app)

            await wait_for_person(pilot, app)
            await look("start")
            await look("refusal", "e")  # R5.4: nothing played yet
            await look("card", "1")
            await look("lure", "escape", "l")
            await look("trade", "escape", "t", "1")
            await look("keys", "escape", "question_mark")
            await look("rules", "escape", "r")
            await look("save", "escape", "s")
            await look("quit", "escape", "q")
            while not app.session.is_over:  # the first legal action that is no discard, to the end
                legal = app.session.legal_ids()
                app.act(next(a for a in legal if ACTIONS[a].kind != DISCARD))
                await wait_for_person(pilot, app)
            await look("over")
            await look("replay", "p", "right")

        hotseat = GameApp(Session.new(DEFAULT_RULES, 3, "A", "easy", hotseat=True), pace=0, lang=pseudo)
        async with hotseat.run_test(size=(100, 40)) as pilot:
            await pilot.pause()
            screens["hand-over"] = screen_text(hotseat)
            await pilot.press("enter")
            await settle(pilot, lambda: hotseat.session.person_to_move, "the hand-over")
            screens["hotseat"] = screen_text(hotseat)

    asyncio.run(main())
    assert {name: foreign_on(text) for name, text in screens.items()} == {name: [] for name in screens}
    assert "⟦" in screens["rules"] and "R8.1" in screens["rules"]  # the rules screen shows the catalog's rules

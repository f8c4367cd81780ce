"""The page's names and notation (static/js/names.js) are generated from their one home in Python: the file
is current, and every one of its 95 actions says what its notation says (docs/notation.md)."""

from __future__ import annotations

import re

import pytest

from timessquare.actions import ACTIONS
from timessquare.players.levels import LEVELS

pagenames = pytest.importorskip("timessquare.web.pagenames", reason="the web extra is not installed")


def test_the_module_is_current() -> None:
    assert pagenames.MODULE.read_text("utf-8") == pagenames.module_text(), "run: python -m timessquare.web.pagenames"


def notation_of(entry: dict[str, object]) -> str:
    """The notation an entry of the page's table stands for, written back from its fields alone."""
    kind, card = entry["kind"], entry["card"]
    if kind == "end":
        return "end"
    if kind in ("lure", "discard"):
        return f"{kind} {entry['figure'] if kind == 'lure' else card}"
    if entry.get("allNextToSue"):
        return str(card)
    moves = entry["moves"]
    assert isinstance(moves, list)
    parts = [f"{m['figure']}={m['to']}" if "to" in m else f"{m['figure']}{m['step']:+d}" for m in moves]
    code = "SS" if entry["cards"] == 2 else card
    return f"{code} {' '.join(parts)}"


def test_every_action_of_the_table_says_what_its_notation_says() -> None:
    table = [pagenames.page_action(action) for action in ACTIONS]
    assert [entry["notation"] for entry in table] == [action.notation for action in ACTIONS]
    assert len(table) == 95
    for entry in table:
        assert notation_of(entry) == entry["notation"]
        if entry["kind"] == "play":  # R9: a red card that moves another figure than Deb is a joker
            moves = entry["moves"]
            red = re.fullmatch(r"D[1-5M]", str(entry["card"])) is not None
            assert entry["joker"] == (red and moves[0]["figure"] != "deb"), entry


def test_the_levels_the_page_offers_are_the_players_levels() -> None:
    assert f"export const LEVELS = {list(LEVELS)!r};".replace("'", '"') in pagenames.module_text()

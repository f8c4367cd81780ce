"""The page's names and notation (static/js/names.json, which names.js exports) are generated from their one
home in Python: the file is current, and every one of its 95 actions says what its notation says
(docs/notation.md)."""

from __future__ import annotations

import json
import re

from script_modules import load_script
from timessquare.actions import ACTIONS
from timessquare.players.levels import LEVELS

pagenames = load_script("gen_page_names")  # a build-time generator: scripts/, out of the server's way


def test_the_data_is_current() -> None:
    assert pagenames.DATA.read_text("utf-8") == pagenames.data_text(), "run: python scripts/gen_page_names.py"


def test_the_module_exports_every_name_of_the_data() -> None:
    exported = (pagenames.DATA.parent / "names.js").read_text("utf-8").split("export const {")[1].split("}")[0]
    assert sorted(name.strip() for name in exported.split(",")) == sorted(pagenames.page_names())


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
    assert json.loads(pagenames.data_text())["LEVELS"] == list(LEVELS)

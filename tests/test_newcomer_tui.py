"""What a newcomer tripped over in the full-screen game (issue 8): each test failed before its fix."""

from __future__ import annotations

from test_tui_support import make_position, session_of
from timessquare.actions import action_id
from timessquare.cards import CARD_INDEX
from timessquare.tui.menu import Kind, effect_menu, moves_words


def test_item1_the_group_move_preview_names_sues_own_numbers() -> None:
    """Sue on 8, the low guard on 6, the high one on 10: the group move says Sue 8→9, not the guard's 6→7."""
    session = session_of(make_position(["S", "S", "G2", "H2", "D3", "D3", "DM", "G1"]))
    view = session.view()
    assert moves_words(view, action_id("SS group+1")) == "sue 8→9, guards too"
    assert moves_words(view, action_id("SS group-1")) == "sue 8→7, guards too"
    choices = effect_menu(view, set(session.legal_ids()), CARD_INDEX["S"], session.why_not)
    group = next(c for c in choices if c.kind == Kind.EFFECT and c.action == action_id("SS group+1"))
    assert "sue 8→9" in group.label and "6→7" not in group.label

"""The rules tables' caches of boards stay bounded: a server or a worker that plays for days sees some 600 new
boards a game, and before these bounds grew by tens of MB an hour (issue 31's soak)."""

from __future__ import annotations

import pytest

from timessquare import tables
from timessquare.arena.selfplay import play_games
from timessquare.variants import DEFAULT_RULES


def test_the_board_caches_are_cleared_when_full_and_legal_actions_stay_the_same(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    table = tables.tables_for(DEFAULT_RULES)
    table.board_masks.clear()
    table.ids_of_mask.clear()
    unbounded = [game.moves for game in play_games(6, 3, DEFAULT_RULES, "easy", "easy")]
    grown = len(table.board_masks), len(table.ids_of_mask)
    monkeypatch.setattr(tables, "BOARD_MASKS_KEPT", 50)
    monkeypatch.setattr(tables, "ID_LISTS_KEPT", 20)
    table.board_masks.clear()
    table.ids_of_mask.clear()
    bounded = [game.moves for game in play_games(6, 3, DEFAULT_RULES, "easy", "easy")]
    assert grown[0] > 500 and grown[1] > 40, grown  # the games saw more boards than the bounds
    assert len(table.board_masks) <= 51 and len(table.ids_of_mask) <= 21
    assert bounded == unbounded  # the same games, move for move: the players chose among the same legal actions

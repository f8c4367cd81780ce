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


def test_each_boards_lures_are_worked_out_once_and_kept_whole_in_a_byte() -> None:
    """The lures a board allows come from the rule (`board_fault`, through `_part`) the first time and from the
    kept byte after: the same mask both times, for boards of every kind (the figures' order broken included)."""
    table = tables.RuleTables(DEFAULT_RULES)
    boards = [
        (sue, low, high, hal)
        for sue in range(17)
        for low in range(0, 17, 3)
        for high in range(17)
        for hal in (0, 8, 16)
    ]
    for sue, low, high, hal in boards:
        by_rule = table._part(table._lure_actions, [sue, low, high, hal, 0], tables.A)
        assert table._lure_part(sue, low, high, hal) == by_rule  # worked out
        assert table._lure_part(sue, low, high, hal) == by_rule  # kept
    assert sum(bits != tables.UNKNOWN_LURES for bits in table._lure_bits) == len(boards)
    assert any(table._lure_part(*board) for board in boards) and not all(table._lure_part(*b) for b in boards)

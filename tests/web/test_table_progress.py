"""A table's progress row (what the game lists show) counts the public moves as the record has them: every
entry but a reshuffle's order, over whole random games that reshuffle."""

from __future__ import annotations

import random

from timessquare.session.game_session import GameSession
from timessquare.variants import DEFAULT_RULES
from timessquare.view import SHUFFLE
from timessquare.web.sockets.table import Table


def test_the_public_moves_are_the_record_entries_without_a_reshuffle() -> None:
    reshuffled = 0
    for seed in range(6):
        deal = random.Random(seed)
        session = GameSession.new({"A": "you", "B": "friend"}, DEFAULT_RULES, deal=deal)
        table = Table(f"g{seed:010d}", "friend", session)
        rng = random.Random(seed)
        while (seat := table.session.to_move) is not None:
            table.session.act(seat, rng.choice(sorted(table.session.legal_ids(seat))))
            entries = table.session.entries
            assert table.progress().public_moves == sum(1 for m in entries if not m.startswith(SHUFFLE))
        reshuffled += any(m.startswith(SHUFFLE) for m in table.session.entries)
    assert reshuffled  # the games went through a reshuffle, where the two counts differ

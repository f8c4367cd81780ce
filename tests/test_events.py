"""The game's events (events.py): what each action did, recorded by `Game` as it applies it, held against
what the public views before and after the action show (tests/views_log.py, the old way), over whole random
games with reshuffles and resignations, and a draw's cards seen by the drawer alone (R10)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from timessquare.events import DRAW, MOVE, OVER, SHUFFLE, TO_MOVE
from timessquare.game import Game
from timessquare.record import replay, to_record
from timessquare.session import GameSession
from timessquare.session.log import entries_of, over_entry
from views_log import entries_for


def random_game(seed: int, resign_at: int | None = None) -> tuple[Game, list]:
    """A whole random game, and the log the views say it has, action by action."""
    rng = random.Random(seed)
    game = Game.new(seed)
    expected = []
    while not game.is_over:
        if resign_at is not None and len(game.moves) >= resign_at:
            game.resign(game.state.to_move, "resigned")
            break
        mover, before = game.state.to_move, game.view(None)
        notation = rng.choice(game.legal_actions())
        game.apply_checked(notation)
        expected += entries_for(notation, mover, before, game.view(None))
    return game, expected


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10_000), st.one_of(st.none(), st.integers(0, 80)))
def test_the_events_say_what_the_views_show(seed: int, resign_at: int | None) -> None:
    game, expected = random_game(seed, resign_at)
    if game.forfeit:
        outcome = game.outcome
        assert outcome is not None
        expected.append(over_entry(outcome))
    assert entries_of(game.events) == expected


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000))
def test_a_draw_shows_its_cards_to_the_drawer_only(seed: int) -> None:
    game, _ = random_game(seed)
    draws = [event for event in game.events if event.kind == DRAW]
    assert draws, "every finished game has an end of turn"
    for event in draws:
        assert len(event.cards) == event.number
        assert event.seen_by(event.seat) == event
        other = event.seen_by(1 - (event.seat or 0))
        assert other.cards == () and other.number == event.number
        assert event.seen_by(None).cards == ()
    assert all(not e.cards for e in game.events_since(0, None))


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000))
def test_a_draw_holds_the_cards_that_came_into_the_hand(seed: int) -> None:
    rng, game = random.Random(seed), Game.new(seed)
    while not game.is_over:
        mover, hand, first = game.state.to_move, list(game.state.hands[game.state.to_move]), len(game.events)
        notation = rng.choice(game.legal_actions())
        game.apply_checked(notation)
        draws = [event for event in game.events[first:] if event.kind == DRAW]
        gained = [now - was for now, was in zip(game.state.hands[mover], hand, strict=True)]
        assert len(draws) == (notation == "end")
        if draws:
            assert sorted(draws[0].cards) == [card for card, n in enumerate(gained) for _ in range(n)]


def test_an_action_s_events_begin_with_it_and_end_with_the_next_turn_or_the_end() -> None:
    game, _ = random_game(11)
    kinds = [event.kind for event in game.events]
    assert kinds[0] == MOVE and kinds[-1] == OVER
    assert kinds.count(MOVE) == sum(1 for move in game.moves if not move.startswith("shuffle"))
    assert kinds.count(SHUFFLE) == sum(1 for move in game.moves if move.startswith("shuffle"))
    assert kinds.count(TO_MOVE) + 1 == sum(1 for m in game.moves if m == "end" or m.startswith("lure"))


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 10_000), st.one_of(st.none(), st.integers(0, 80)))
def test_a_replayed_record_has_the_same_events_and_its_session_the_same_log(seed: int, resign_at: int | None) -> None:
    game, _ = random_game(seed, resign_at)
    again = replay(to_record(game))
    assert again.events == game.events
    assert GameSession.from_record(to_record(game)).log == entries_of(game.events)

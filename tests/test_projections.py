"""One history, its projections (history.py): a game keeps its record (`moves`) and its events, and everything
else that reads like a history (the public moves, the session's log, the log in words of a language, each change's
log) is a function of those two, made when asked and cached by the history's length, never a second list kept
beside them by hand. Over whole random games (actions, reshuffles, resignations, agreed endings) every projection
is held, at every version where it is asked, against the same projection recomputed from the source, and a session
that follows the game from its record's tail (as another server process does) has the same projections."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from timessquare.game import Game
from timessquare.history import Projection
from timessquare.session import GameSession
from timessquare.session.change import Change
from timessquare.session.log import entries_of
from timessquare.view import public_moves

LANGS = ("en", "fr")


def expected_words(game: Game, lang: str) -> tuple[str, ...]:
    return tuple(entry.text(lang) for entry in entries_of(game.events))


def assert_projections(session: GameSession) -> None:
    """Every projection of `session`'s game equals the one made anew from its record and its events."""
    game = session.game
    assert list(game.public_moves) == public_moves(game.moves)
    assert not any(move.startswith("shuffle ") for move in game.public_moves), "a reshuffle's order is secret"
    assert session.log == entries_of(game.events) and session.log_length == len(game.events)
    for lang in LANGS:
        assert session.log_words(lang) == expected_words(game, lang)
    for seat in (0, 1, None):
        assert session.view(seat).moves == game.public_moves
        update = session.update(seat, "fr")
        assert update.version == session.version and update.log == tuple(session.log)
        assert update.log_words == expected_words(game, "fr")


def play(session: GameSession, rng: random.Random, stop_at: int | None, agree: bool) -> None:
    """Random actions of both seats until the end, or a resignation (`agree`: a draw by agreement) at `stop_at`."""
    while not session.is_over:
        seat = session.to_move
        assert seat is not None
        if stop_at is not None and session.version >= stop_at:
            if agree:
                session.agree("draw")
            else:
                session.resign(seat)
            return
        session.act(seat, rng.choice(session.game.legal_actions()), session.version)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.one_of(st.none(), st.integers(0, 90)), st.booleans())
def test_every_projection_is_its_source_recomputed_at_every_version(
    seed: int, stop_at: int | None, agree: bool
) -> None:
    rng = random.Random(seed)
    leader = GameSession.new({"A": "you", "B": "friend"}, deal=random.Random(seed))
    follower = GameSession.from_record(leader.record())  # another process: it learns the game from the tail
    changes: list[Change] = []

    def heard(change: Change) -> None:
        changes.append(change)
        forfeit = leader.game.forfeit
        caught = follower.catch_up(
            change.moves, None if forfeit is None else (forfeit["seat"], forfeit["reason"]), leader.game.agreed
        )
        assert caught.before == change.before and caught.after == change.after == leader.version
        assert caught.events == change.events and caught.log == change.log
        if rng.random() < 0.5:  # asked at some versions only: a projection then grows by several items at once
            for session in (leader, follower):
                assert_projections(session)
            assert follower.log == leader.log and follower.game.public_moves == leader.game.public_moves

    leader.listeners.append(heard)
    play(leader, rng, stop_at, agree)
    for session in (leader, follower):
        assert_projections(session)
    # the changes are slices of the one history: their entries, events and log lines, end to end, are the game's
    assert [move for change in changes for move in change.moves] == leader.game.moves
    assert [event for change in changes for event in change.events] == leader.game.events
    assert [entry for change in changes for entry in change.log] == leader.log


def test_the_game_keeps_one_history_and_no_list_beside_it() -> None:
    game = Game.new(4)
    rng = random.Random(4)
    while not game.is_over:
        game.apply_checked(rng.choice(game.legal_actions()))
    lists = sorted(name for name, value in vars(game).items() if isinstance(value, list))
    assert lists == ["events", "moves"]
    assert isinstance(game.public_moves, tuple)  # made from `moves`: nobody can append to it
    assert game.public_moves == tuple(public_moves(game.moves))


def test_the_sessions_log_is_the_games_events_even_when_something_else_changed_the_game() -> None:
    game = Game.new(9)
    rng = random.Random(9)
    for _ in range(12):  # a game under way before any session was made around it (a tool, a replay viewer)
        game.apply_checked(rng.choice(game.legal_actions()))
    session = GameSession(game)
    assert session.log == entries_of(game.events) and len(session.log) >= 12
    assert "log" not in vars(session)
    with pytest.raises(AttributeError):
        session.log = []  # type: ignore[misc]
    game.apply_checked(rng.choice(game.legal_actions()))  # ... and changed without it
    assert session.log == entries_of(game.events)
    assert session.update(None, "fr").log_words == expected_words(game, "fr")
    assert session.view(None).moves == tuple(public_moves(game.moves))


def test_a_projection_makes_each_item_once_and_starts_over_on_a_shorter_history() -> None:
    asked: list[tuple[int, int]] = []

    def doubled(history: list[int]) -> tuple[int, ...]:
        def make(start: int, stop: int) -> list[int]:
            asked.append((start, stop))
            return [2 * item for item in history[start:stop]]

        made = projection.made
        return made if len(made) == len(history) else projection.of(len(history), make)

    projection: Projection[int] = Projection()
    history = [1, 2]
    assert doubled(history) == (2, 4)
    assert doubled(history) == (2, 4)
    history += [3, 4, 5]
    assert doubled(history) == (2, 4, 6, 8, 10)
    assert asked == [(0, 2), (2, 5)]  # the first two were not made again
    assert doubled([7]) == (14,) and asked[-1] == (0, 1)  # a shorter history: made anew

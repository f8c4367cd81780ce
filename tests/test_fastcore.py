"""The compiled core mirrors the pure-Python reference exactly, on thousands of random positions.

For every position of seeded random games (each rule set, the reshuffle and deck-outs included) both paths
must give the same legal actions, the same successor state for every legal action and for the reshuffle's
outcome, the same evaluation for both seats and the same discard order; at every few positions the same
complete turns (actions and states) and the same ordering of turns by value. The compiled core is built by
the project's install (setup.py); where no compiler was found these tests are skipped and every player runs
on the reference path.
"""

from __future__ import annotations

import os
import random
from collections.abc import Iterator

import pytest

from timessquare import _fastcore as fast
from timessquare.actions import END_ID
from timessquare.chance import sample_chance
from timessquare.facts import RESHUFFLE
from timessquare.players.evaluation import discard_order, evaluate
from timessquare.players.heuristic import best_turn
from timessquare.players.turns import complete_turns
from timessquare.state import State, new_game
from timessquare.variants import DEFAULT_RULES, Rules

# Skipped where no compiler built the core (or it is turned off); a build that is there but refused fails here.
pytestmark = pytest.mark.skipif(
    not fast.built() or os.environ.get(fast.PURE_ENV, "") not in ("", "0"),
    reason="the compiled core is not built on this machine, or turned off",
)

RULE_SETS = (
    DEFAULT_RULES,
    Rules(toward_mover=True),
    Rules(first_deb_card_locks=True),
    Rules(toward_mover=True, first_deb_card_locks=True),
)


def random_positions(games: int, seed: int, rules: Rules) -> Iterator[State]:
    """Every position of `games` random games (actions uniform; chance events as the game draws them).
    The same state object goes on: clone what is kept."""
    rng = random.Random(seed)
    for _ in range(games):
        state = new_game(rng.getrandbits(64), rules)
        while state.result is None:
            yield state
            if state.chance_due is not None:
                state.apply_chance(sample_chance(state, rng))
            else:
                state.apply(rng.choice(state.legal_ids()))
        yield state


@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda r: "+".join(r.names) or "default")
def test_both_paths_agree_on_thousands_of_random_positions(rules: Rules) -> None:
    positions = turn_lists = reshuffles = 0
    rng = random.Random(11)
    for state in random_positions(45, 2024 + len(rules.names), rules):
        core = fast.to_core(state)
        assert core.snapshot() == fast.snapshot(state)
        assert core.legal_ids() == state.legal_ids()
        if state.chance_due == RESHUFFLE:
            outcome = sample_chance(state, rng)
            after = state.clone()
            after.apply_chance(outcome)
            core.apply_chance(list(outcome))
            assert core.snapshot() == fast.snapshot(after)
            assert [core.evaluate(seat) for seat in (0, 1)] == [evaluate(after, seat) for seat in (0, 1)]
            reshuffles += 1
            continue
        if state.result is None:
            for aid in state.legal_ids():
                after, core_after = state.clone(), core.clone()
                after.apply(aid)
                core_after.apply(aid)
                assert core_after.snapshot() == fast.snapshot(after), aid
                # what the compiled core keeps beside the state (counts, caches) must follow the moves too
                assert core_after.evaluate(after.to_move) == evaluate(after, after.to_move), aid
        for seat in (0, 1):
            assert core.evaluate(seat) == evaluate(state, seat)
            assert core.discard_order(seat) == discard_order(state, seat)
        if positions % 6 == 0 and state.result is None:
            order = discard_order(state, state.to_move)
            for cap, given in ((300, order), (40, None)):
                reference = complete_turns(state, cap, given)
                compiled = core.turns(cap, given)
                assert [t.actions for t in reference] == [actions for actions, _ in compiled]
                for turn, (_, turn_core) in zip(reference, compiled, strict=True):
                    assert turn_core.snapshot() == fast.snapshot(turn.state)
            turn_lists += 1
        positions += 1
    assert positions > 3000 and turn_lists > 500 and reshuffles > 10


def search_positions(count: int, seed: int) -> list[State]:
    """Positions at a turn's start or in mid-turn, from random play: where the search lists turns."""
    states = [s.clone() for s in random_positions(12, seed, DEFAULT_RULES) if s.result is None and s.chance_due is None]
    return random.Random(seed).sample(states, count)


def test_turns_are_ordered_by_value_as_the_search_and_the_heuristic_order_them() -> None:
    for state in search_positions(150, 5):
        core = fast.to_core(state)
        for seat in (0, 1):
            turns = complete_turns(state, 200, discard_order(state, seat))
            values = [evaluate(t.state, seat) for t in turns]
            scored = core.scored_turns(seat, 200)
            assert [(a, v) for a, v, _ in scored] == [(t.actions, v) for t, v in zip(turns, values, strict=True)]
            # TurnSearch._candidates: sorted((value, i), reverse=True), the later of equal turns first
            late = sorted(((v, i) for i, v in enumerate(values)), reverse=True)[:4]
            top = core.top_turns(seat, 200, 4, True)
            assert [(a, v) for a, v, _ in top] == [(turns[i].actions, v) for v, i in late]
            # root_turns: sorted(key=-value), the earlier of equal turns first
            early = sorted(range(len(turns)), key=lambda i: -values[i])[:24]
            assert [a for a, _, _ in core.top_turns(seat, 200, 24, False)] == [turns[i].actions for i in early]
            turn, value, _, _ = best_turn(state, seat, 200)
            actions, core_value, core_state = core.best_turn(seat, 200)
            assert (actions, core_value) == (turn.actions, value)
            assert core_state.snapshot() == fast.snapshot(turn.state)


def test_a_finished_turn_draws_and_takes_the_reshuffle_from_the_chance_callable() -> None:
    for state in random_positions(30, 9, DEFAULT_RULES):
        if END_ID in state.legal_ids() and state.reshuffles_on_end():
            break
    else:
        raise AssertionError("no reshuffle met")
    asked: list[list[int]] = []

    def chance(pile: list[int]) -> list[int]:
        asked.append(list(pile))
        return pile[::-1]

    core = fast.to_core(state)
    finished = core.finished_turn(chance)
    reference = state.clone()
    reference.apply(END_ID)
    assert asked == [list(reference.discard)]
    reference.apply_chance(reference.discard[::-1])
    assert finished.snapshot() == fast.snapshot(reference)
    assert core.snapshot() == fast.snapshot(state)  # the original is untouched


def test_wrong_input_is_refused_and_changes_nothing() -> None:
    state = new_game(3)
    core = fast.to_core(state)
    before = core.snapshot()
    illegal = next(aid for aid in range(95) if aid not in state.legal_ids())
    with pytest.raises(ValueError, match="not legal"):
        core.apply(illegal)
    with pytest.raises(ValueError, match="no chance event"):
        core.apply_chance([0, 1])
    with pytest.raises(ValueError):
        core.played([END_ID], lambda pile: pile)  # `end` before any card is played
    assert core.snapshot() == before
    for state in random_positions(30, 4, DEFAULT_RULES):
        if state.chance_due == RESHUFFLE:
            break
    core = fast.to_core(state)
    with pytest.raises(ValueError, match="shuffle of the discard pile"):
        core.apply_chance([*state.discard, 0])
    assert core.snapshot() == fast.snapshot(state)
    with pytest.raises(ValueError, match="deal"):
        fast.to_core(State.undealt())


def test_where_the_core_was_built_it_is_used() -> None:
    """A build from other sources is refused (with a warning) rather than trusted: that must not go unseen."""
    assert fast.available()


def test_the_pure_python_switch_turns_the_compiled_path_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(fast.PURE_ENV, "1")
    assert not fast.available()
    monkeypatch.delenv(fast.PURE_ENV)
    assert fast.available()

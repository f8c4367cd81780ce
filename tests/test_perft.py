"""Perft: counts of legal action sequences from fixed positions, the engine against the reference's numbers.

perft(position, depth) is the number of action sequences of length `depth` (a finished game is a leaf).
Drawing follows the supply order of the position, and a reshuffle (R6.2) makes the discard pile, in its
current order, the second supply, so the counts are deterministic. The expected counts in
tests/golden/perft.json were computed by tests/reference_rules.py (scripts/regen_golden.py --perft), not by
the engine. On a mismatch the message lists the count under each first action ("divide"), expected and
actual, so the one wrong move is visible; follow it down with `divide` from the position after that move.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import reference_rules as ref
from timessquare.actions import notation
from timessquare.position import from_document, to_document
from timessquare.state import State
from timessquare.variants import Rules

GOLDEN = json.loads((Path(__file__).parent / "golden" / "perft.json").read_text(encoding="utf-8"))
POSITIONS: list[dict[str, Any]] = GOLDEN["positions"]
by_position = pytest.mark.parametrize("entry", POSITIONS, ids=[p["name"] for p in POSITIONS])


def child(state: State, aid: int) -> State:
    """The state after `aid`; a reshuffle uses the discard pile in its current order (deterministic)."""
    new = state.clone()
    new.apply(aid)
    if new.chance_due is not None:  # the reshuffle (R6.2): the discard pile in its current order
        new.apply_chance(new.discard[:])
    return new


def perft(state: State, depth: int) -> int:
    if depth == 0 or state.result is not None:
        return 1
    ids = state.legal_ids()
    if depth == 1:  # each legal action is one leaf
        return len(ids)
    return sum(perft(child(state, aid), depth - 1) for aid in ids)


def divide(state: State, depth: int) -> dict[str, int]:
    """perft(depth - 1) under each legal first action, by notation."""
    return {notation(aid): perft(child(state, aid), depth - 1) for aid in state.legal_ids()}


def divide_report(expected: dict[str, int], actual: dict[str, int]) -> str:
    rows = [f"{'first action':<20} {'expected':>10} {'actual':>10}"]
    for action in sorted(set(expected) | set(actual)):
        want, got = expected.get(action), actual.get(action)
        mark = "" if want == got else "   <-- differs"
        rows.append(f"{action:<20} {want if want is not None else '-':>10} {got if got is not None else '-':>10}{mark}")
    return "\n".join(rows)


def state_of(entry: dict[str, Any]) -> State:
    return from_document(entry["position"], Rules.from_names(entry["variants"]))


@by_position
def test_perft_counts_match_the_reference_golden_numbers(entry: dict[str, Any]) -> None:
    state = state_of(entry)
    assert to_document(state) == entry["position"], "the stored position does not round-trip"
    for depth, expected in enumerate(entry["counts"], start=1):
        actual = perft(state, depth)
        if actual != expected:
            report = divide_report(entry["divide"][depth - 1], divide(state, depth))
            pytest.fail(f"{entry['name']} ({entry['about']}): perft({depth}) = {actual}, expected {expected}\n{report}")


@by_position
def test_perft_of_the_engine_equals_the_reference_at_low_depth(entry: dict[str, Any]) -> None:
    """Independent of the stored numbers: both implementations, computed now, at depth 3."""
    rules = Rules.from_names(entry["variants"])
    expected = ref.divide(entry["position"], 3, rules)
    actual = divide(state_of(entry), 3)
    assert actual == expected, f"{entry['name']}:\n{divide_report(expected, actual)}"


def test_golden_divides_add_up_to_the_counts() -> None:
    for entry in POSITIONS:
        assert [sum(d.values()) for d in entry["divide"]] == entry["counts"], entry["name"]
        assert len(entry["divide"][0]) == entry["counts"][0]  # at depth 1 each action is one leaf

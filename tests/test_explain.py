"""The checked path: invalid strings and illegal actions are different errors, illegal ones name the rule,
and a refused action leaves the state exactly as it was."""

from __future__ import annotations

import re
from typing import Any

import pytest

from positions import make_state, play, snapshot
from timessquare.actions import ACTIONS, action_id
from timessquare.cards import CARD_INDEX
from timessquare.errors import GameOverError, IllegalActionError, InvalidActionError, TimesSquareError
from timessquare.explain import why_illegal
from timessquare.state import State
from timessquare.variants import Rules

INVALID = [
    "lure deb",
    "H1 hal+2",
    "G2 high+1 low+1",
    "DM deb=7",
    "S  sue+1",
    " S sue+1",
    "S sue+1 ",
    "S\tsue+1",
    "end\n",
    "s sue+1",
    "S Sue+1",
    "S sue+01",
    "S sue1",
    "SS group+2",
    "G2 low+1",
    "discard X",
    "discard",
    "End",
    "",
]


@pytest.mark.parametrize("text", INVALID)
def test_strings_outside_the_95_are_invalid_and_change_nothing(text: str) -> None:
    state = make_state(hand_a="S S G2 H1 H2 D3 DM GA", deb=5)
    before = snapshot(state)
    with pytest.raises(InvalidActionError) as caught:
        state.apply_checked(text)
    assert not isinstance(caught.value, IllegalActionError)
    assert repr(text) in str(caught.value)
    assert snapshot(state) == before


@pytest.mark.parametrize("aid", [-1, 95, 1000, True])
def test_ids_outside_0_to_94_are_invalid(aid: Any) -> None:
    state = make_state(hand_a="S")
    with pytest.raises(InvalidActionError):
        state.apply_checked(aid)


def test_every_notation_string_is_valid_and_ids_work_on_the_checked_path() -> None:
    assert [action_id(a.notation) for a in ACTIONS] == list(range(95))
    state = make_state(hand_a="S H2")
    assert state.apply_checked(0) == 0  # "S sue+1"
    assert snapshot(state)["figures"]["sue"] == 9


# (position, actions before, the illegal action, the rule its message must cite)
ILLEGAL: list[tuple[dict[str, Any], list[str], str, str]] = [
    ({"hand_a": "S"}, [], "end", r"R5\.4"),
    ({"hand_a": "S H2", "low": 4, "hal": 5}, ["discard S"], "lure low", r"R5\.2"),
    ({"hand_a": "S H2"}, ["S sue+1"], "discard H2", r"R5\.1-R5\.3"),
    ({"hand_a": "S H2"}, ["discard H2"], "S sue+1", r"R5\.1-R5\.3"),
    ({"hand_a": "S H2"}, ["S sue+1"], "H2 hal+2", r"R5\.1"),
    ({"hand_a": "H3", "hal": 14}, [], "H3 hal+3", r"R4\.3"),
    ({"hand_a": "G1", "low": 7}, [], "G1 low+1", r"\bR3\b"),
    ({"hand_a": "S", "low": 7, "sue": 8, "high": 9}, [], "S sue-1", r"\bR3\b"),
    ({"hand_a": "GA", "low": 7, "high": 9}, [], "GA", r"R4\.4"),
    ({"hand_a": "DM", "deb": 8}, [], "DM deb=8", r"R4\.4"),
    ({"hand_a": "S", "low": 4, "hal": 4}, [], "lure low", r"R5\.2"),
    ({"hand_a": "D2", "deb": 11}, [], "D2 sue+2", r"R9\.1"),
    ({"to_move": "B", "hand_b": "D2", "deb": 5}, [], "D2 hal+2", r"R9\.1"),
    ({"hand_a": "D2 D3", "deb": 5, "hal": 3}, ["D2 low-2"], "D3 deb+3", r"R9\.2"),
    ({"hand_a": "D2 D3", "deb": 5, "hal": 3}, ["D2 hal+2"], "D3 sue-3", r"R9\.2"),
]


@pytest.mark.parametrize(("fields", "before", "action", "rule"), ILLEGAL)
def test_illegal_actions_name_the_rule_and_change_nothing(
    fields: dict[str, Any], before: list[str], action: str, rule: str
) -> None:
    state = play(make_state(**fields), *before)
    check_refused(state, action, rule)


def check_refused(state: State, action: str, rule: str) -> None:
    doc, legal = snapshot(state), state.legal_actions()
    assert action not in legal
    with pytest.raises(IllegalActionError, match=rule) as caught:
        state.apply_checked(action)
    assert repr(action) in str(caught.value)
    assert rule_cited(why_illegal(state, action_id(action)), rule)
    assert snapshot(state) == doc and state.legal_actions() == legal


def rule_cited(text: str, rule: str) -> bool:
    return re.search(rule, text) is not None


def test_variant_rules_are_cited_too() -> None:
    toward = make_state(rules=Rules(toward_mover=True), hand_a="S H2")
    check_refused(toward, "S sue+1", r"R4\.1")
    locks = play(make_state(rules=Rules(first_deb_card_locks=True), hand_a="D1 D2", deb=5), "D1 deb-1")
    check_refused(locks, "D2 sue+2", r"R9\.2")


@pytest.mark.parametrize(("hand", "action"), [("H2", "S sue+1"), ("S H2", "SS group+1"), ("H2", "discard G1")])
def test_a_card_not_in_the_hand_is_illegal_citing_the_rule(hand: str, action: str) -> None:
    state = make_state(hand_a=hand)
    check_refused(state, action, r"R5\.[13]")


def test_a_card_not_in_the_hand_is_illegal_and_changes_nothing() -> None:
    state = make_state(hand_a="S H2")
    doc = snapshot(state)
    for action in ("SS group+1", "G1 low+1", "discard D5"):
        with pytest.raises(IllegalActionError, match="hand"):
            state.apply_checked(action)
    assert snapshot(state) == doc


def test_why_illegal_says_legal_for_a_legal_action() -> None:
    state = make_state(hand_a="S")
    assert why_illegal(state, action_id("S sue+1")) == "legal"


def test_actions_after_the_end_are_refused_and_change_nothing() -> None:
    state = play(make_state(low=1, sue=2, high=5, hand_a="S S S"), "SS group-1")
    assert state.result_name == "A"
    doc = snapshot(state)
    with pytest.raises(GameOverError, match="over"):
        state.apply_checked("S sue+1")
    with pytest.raises(InvalidActionError):
        state.apply_checked("lure deb")
    assert snapshot(state) == doc


def test_a_wrong_reshuffle_outcome_is_refused_before_anything_changes() -> None:
    state = make_state(hand_a="G2 G2 G2 S S S S S", supply="H1 H3", rest="discard")
    play(state, "discard G2", "discard G2", "discard G2")
    state.apply_checked("end")
    assert state.chance_due == "reshuffle" and state.legal_ids() == ()
    before = state.clone()
    with pytest.raises(TimesSquareError, match="shuffle"):
        state.apply_chance([CARD_INDEX["S"]] * len(state.discard))  # not the discard pile
    assert (state.supply, state.discard, state.hands, state.chance_due) == (
        before.supply,
        before.discard,
        before.hands,
        before.chance_due,
    )
    with pytest.raises(TimesSquareError, match="chance event"):
        state.apply_checked("end")

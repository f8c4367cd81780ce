"""The clock arithmetic of docs/rules.md R11 (session/clock.py), on moments given by hand."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from timessquare.session.clock import Clock, TimeControl

START = datetime(2026, 1, 5, 12, 0, tzinfo=UTC)


def test_real_time_a_turn_costs_its_time_and_earns_the_increment() -> None:
    clock = Clock.start(TimeControl.parse("5+3"), "A", START)
    assert clock.deadline == START + timedelta(minutes=5)
    after = clock.turn_passed("B", START + timedelta(seconds=20))
    assert after.left == {"A": 300_000 - 20_000 + 3_000, "B": 300_000}
    assert after.running == "B" and after.deadline == START + timedelta(seconds=20, minutes=5)
    assert after.flagged(START + timedelta(seconds=20, minutes=5)) == "B"
    assert after.flagged(START + timedelta(seconds=19, minutes=5)) is None


def test_correspondence_each_turn_has_its_days_again() -> None:
    clock = Clock.start(TimeControl.parse("3d"), "B", START)
    after = clock.turn_passed("A", START + timedelta(days=2, hours=23))
    assert after.left == {"A": 3 * 86_400_000, "B": 3 * 86_400_000}
    assert after.deadline == START + timedelta(days=5, hours=23)


def test_a_stopped_clock_runs_no_more() -> None:
    clock = Clock.start(TimeControl.parse("1+0"), "A", START).stopped(START + timedelta(seconds=10))
    assert clock.running is None and clock.deadline is None and clock.flagged(START + timedelta(days=9)) is None
    assert clock.left == {"A": 50_000, "B": 60_000}


@given(st.lists(st.integers(0, 400_000), min_size=1, max_size=30))
def test_time_left_never_goes_below_zero_and_only_the_mover_pays(turns: list[int]) -> None:
    clock = Clock.start(TimeControl.parse("5+0"), "A", START)
    moment = START
    for spent in turns:
        moment += timedelta(milliseconds=spent)
        mover, other = clock.running, "B" if clock.running == "A" else "A"
        assert mover is not None
        before = dict(clock.left)
        clock = clock.turn_passed(other, moment)
        assert clock.left[other] == before[other]
        assert clock.left[mover] == max(0, before[mover] - spent)


@pytest.mark.parametrize(("name", "kind"), [("5+3", "realtime"), ("1+0", "realtime"), ("3d", "correspondence")])
def test_a_control_says_its_kind_as_data(name: str, kind: str) -> None:
    control = TimeControl.parse(name)
    assert control.kind == kind and control.correspondence is (kind == "correspondence")
    assert Clock.start(control, "A", START).document(START)["kind"] == kind


@pytest.mark.parametrize("text", ["5", "0+3", "2d", "5+3 ", 5, None])
def test_a_control_outside_the_rules_is_a_plain_value_error(text: object) -> None:
    with pytest.raises(ValueError, match="time control must be"):
        TimeControl.parse(text)

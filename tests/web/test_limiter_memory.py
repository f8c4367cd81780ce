"""A limiter's memory follows the clients of the last minutes, not every address it ever saw (issue 31's
soak: thousands of addresses an hour each left a bucket behind, and the servers grew all hour)."""

from __future__ import annotations

import pytest

from timessquare.web.guards import security
from timessquare.web.guards.security import KeyedLimiter


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    now = [100.0]
    monkeypatch.setattr(security.time, "monotonic", lambda: now[0])
    return now


def test_a_refilled_bucket_is_forgotten_and_a_draining_one_kept(clock: list[float]) -> None:
    limiter = KeyedLimiter(rate=1, burst=2)
    assert limiter.allow("a") and limiter.allow("a")
    assert not limiter.allow("a")  # "a" has used its burst
    assert limiter.allow("b")
    clock[0] += 1  # "a" has one token back of two, "b" is full again
    assert limiter.allow("c")
    assert list(limiter.buckets) == ["a", "b", "c"]  # "a" is still draining, and the oldest: nothing goes
    clock[0] += 1  # both refilled
    assert limiter.allow("d")
    assert list(limiter.buckets) == ["d"]


def test_a_forgotten_key_is_limited_as_before(clock: list[float]) -> None:
    limiter = KeyedLimiter(rate=1, burst=2)
    for address in (f"10.0.0.{n}" for n in range(1000)):
        assert limiter.allow(address)
        clock[0] += 5
    assert len(limiter.buckets) == 1  # each address refilled before the next came
    assert limiter.allow("x") and limiter.allow("x") and not limiter.allow("x")  # the limit still holds


def test_past_its_size_the_least_recently_seen_go_first(clock: list[float]) -> None:
    limiter = KeyedLimiter(rate=1, burst=5, keys=3)
    for address in "abcd":
        assert limiter.allow(address)
    assert list(limiter.buckets) == ["b", "c", "d"]

"""A change made by another server process (on the same PostgreSQL) reaches this one's sockets as events from
the stored record's tail, without reading the whole game back; a stored game loads with one replay."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from conftest import Seat, new_game
from online_helpers import FakeClock, Person, sweep
from starlette.testclient import TestClient
from test_online import challenge_and_accept, seats_of

from timessquare.state import State
from timessquare.web.storage.store import GameStore


def counting(monkeypatch: pytest.MonkeyPatch, owner: Any, name: str) -> list[int]:
    """Count the calls of `owner.name` (one entry per call)."""
    calls: list[int] = []
    original = getattr(owner, name)

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        return original(*args, **kwargs)

    monkeypatch.setattr(owner, name, counted)
    return calls


def test_a_move_made_in_another_process_reaches_this_one_without_a_reload(
    make_client: Callable[..., TestClient], pg_cluster: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from conftest import fresh_pg_database

    url = fresh_pg_database(pg_cluster)
    here, there = make_client(url), make_client(url)
    game = new_game(here, mode="friend", seat="A")
    watcher = Seat(here, game["id"], None, updates=True)  # a spectator of this process
    players = [Seat(there, game["id"], token) for token in (game["token"], game["invite_token"])]
    loads = counting(monkeypatch, GameStore, "load")

    rng = random.Random(3)
    for _ in range(30):  # thirty actions in the other process, a reshuffle or the end perhaps among them
        mover = next((p for p in players if p.state["legal"]), None)
        if mover is None:
            break
        mover.act(rng.choice(mover.state["legal"]))
        for other in players:
            if other is not mover:
                other.until_state()
        watcher.until(lambda m, v=mover.state["version"]: m["version"] >= v)
        assert watcher.received[-1]["type"] == "update"
    assert loads == [], "this process followed the game from the record's tail, never reading it back whole"
    fresh = Seat(there, game["id"], None)
    assert watcher.state["log"] == fresh.state["log"]
    assert watcher.state["view"] == {k: v for k, v in fresh.state["view"].items() if k != "moves"}


def test_a_stored_game_loads_with_one_replay(
    make_client: Callable[..., TestClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    client = make_client()
    game = new_game(client, mode="friend", seat="A")
    players = [Seat(client, game["id"], token) for token in (game["token"], game["invite_token"])]
    rng = random.Random(9)
    while not players[0].state["over"] and len(players[0].state["log"]) < 250:
        mover = next(p for p in players if p.state["legal"])
        mover.act(rng.choice(mover.state["legal"]))
        next(p for p in players if p is not mover).until_state()
    for player in players:
        player.close()
    restarted = make_client()  # another server on the same database: the game is read from it
    stored = restarted.app.state.rooms.database.store.load(game["id"])  # type: ignore[attr-defined]
    entries = len(stored.moves)
    assert entries >= 20  # the deal is the server's: a random game, of some length
    applied = counting(monkeypatch, State, "apply_checked")
    chances = counting(monkeypatch, State, "apply_chance")
    Seat(restarted, game["id"], None)
    assert len(applied) + len(chances) == entries, "each entry of the record applied once"


def test_a_clock_passed_on_in_another_process_is_the_one_this_process_sweeps_with(
    make_client: Callable[..., TestClient], pg_cluster: Any, clock: FakeClock
) -> None:
    from conftest import fresh_pg_database

    url = fresh_pg_database(pg_cluster)
    here, there = make_client(url, now=clock), make_client(url, now=clock, login_tries_per_minute=1000)
    alice, bob = Person(there, "Alice"), Person(there, "Bob")
    game = challenge_and_accept(there, alice, bob, "1+0")
    watcher = Seat(here, game["id"], None, updates=True)  # this process follows the game from the store's tail
    seats = seats_of(there, game)
    first = watcher.state["view"]["to_move"]
    other = "B" if first == "A" else "A"
    clock.advance(seconds=10)
    mover = seats[first]
    while mover.state["view"]["to_move"] == first:
        legal = mover.state["legal"]
        mover.act("end" if "end" in legal else legal[0])
    watched = watcher.until(lambda m: m["view"]["to_move"] == other)
    assert watched["online"]["clock"]["running"] == other
    assert watched["online"]["clock"]["left_ms"][first] == 50_000  # the clock stored with the change, caught up
    clock.advance(seconds=51)  # 61 s: past the first mover's minute, not the other's
    assert sweep(here) == 0 and sweep(there) == 0
    assert Seat(here, game["id"], None).state["over"] is None

"""The `change` message (docs/web-protocol.md): after the join's whole state, each change as its version, its
events as this socket may know them, the view's new fields, the clock, and the legal actions of the seat to move
by id. A client that keeps its state from changes has, at every version, what a fresh join would give it."""

from __future__ import annotations

import json
import random
from typing import Any

from conftest import OPEN_SEATS, Seat, new_game
from online_helpers import FakeClock, Person
from starlette.testclient import TestClient
from test_online import challenge_and_accept

from timessquare.actions import ACTIONS


class Follower:
    """A socket joined asking for changes, keeping the game as a client would: the view patched, the public
    moves grown from the events."""

    def __init__(self, client: TestClient, game_id: str, token: str | None) -> None:
        self.context = client.websocket_connect(f"/ws/games/{game_id}")
        self.socket = self.context.__enter__()
        self.open = True
        OPEN_SEATS.append(self)  # type: ignore[arg-type]  # closed before the client, even when a test fails
        self.socket.send_json({"v": 1, "type": "join", "token": token, "lang": "en", "changes": True})
        self.state = self.until("state")
        self.legal: list[Any] = self.state["legal"]
        self.changes: list[dict[str, Any]] = []

    def until(self, kind: str) -> dict[str, Any]:
        while True:
            message: dict[str, Any] = json.loads(self.socket.receive_text())
            if message["type"] == kind:
                return message

    def follow(self) -> dict[str, Any]:
        change = self.until("change")
        assert change["version"] > self.state["version"]
        self.changes.append(change)
        view = {**self.state["view"], **change["view"]}
        for event in change["events"]:
            if event["kind"] in ("move", "shuffle"):
                view["moves"] = [*view["moves"], event.get("notation", "shuffle")]
        self.state = {**self.state, "version": change["version"], "view": view, "over": change.get("over")}
        self.legal = change.get("legal", [])
        assert all(type(a) is int for a in self.legal), "a change gives the legal actions by id"
        return change

    def close(self) -> None:
        if self.open:
            self.open = False
            self.context.__exit__(None, None, None)


def test_a_game_followed_by_changes_is_at_every_step_what_a_fresh_join_shows(client: TestClient) -> None:
    game = new_game(client, mode="friend", seat="A")
    tokens = {"A": game["token"], "B": game["invite_token"], None: None}
    followers = {seat: Follower(client, game["id"], token) for seat, token in tokens.items()}
    rng, steps = random.Random(4), 0
    while followers[None].state["over"] is None:
        mover = next(f for seat, f in followers.items() if seat is not None and f.legal)
        action = rng.choice(mover.legal)  # an item of `legal`, sent as it came
        mover.socket.send_json({"v": 1, "type": "action", "version": mover.state["version"], "action": action})
        for follower in followers.values():
            follower.follow()
        steps += 1
        if steps % 7 == 0 or followers[None].state["over"] is not None:
            for seat, follower in followers.items():
                fresh = Seat(client, game["id"], tokens[seat])
                assert follower.state["view"] == fresh.state["view"], (seat, steps)
                assert follower.state["version"] == fresh.state["version"]
                assert sorted(ACTIONS[a].notation for a in follower.legal) == sorted(fresh.state["legal"])
                assert follower.state["over"] == fresh.state["over"]
                fresh.close()
    for seat, follower in followers.items():
        draws = [e for c in follower.changes for e in c["events"] if e["kind"] == "draw"]
        assert draws, "cards were drawn"
        for event in draws:  # which cards: only the drawer is told (R10)
            assert ("cards" in event) == (event["seat"] == seat), (seat, event)
        follower.close()


def test_a_rated_games_changes_carry_its_clock_and_its_end_the_rating_change(
    online: TestClient, clock: FakeClock
) -> None:
    alice, bob = Person(online, "Alice"), Person(online, "Bob")
    game = challenge_and_accept(online, alice, bob, "5+3")
    followers = {seat: Follower(online, game["id"], token) for seat, (_, token) in game["seats"].items()}
    mover = next(seat for seat, f in followers.items() if f.legal)
    clock.advance(seconds=7)
    followers[mover].socket.send_json(
        {"v": 1, "type": "action", "version": followers[mover].state["version"], "action": followers[mover].legal[0]}
    )
    change = followers[mover].follow()
    assert change["clock"]["left_ms"][mover] in (300_000 - 7_000, 300_000 - 7_000 + 3_000)
    assert "online" not in change and "log" not in change  # names and ratings were in the join's state
    other = "B" if mover == "A" else "A"
    followers[other].follow()
    followers[other].socket.send_json({"v": 1, "type": "resign"})
    ended = followers[other].follow()
    assert ended["over"]["result"] == mover and ended["rating_change"] == {"A": None, "B": None}  # nobody moved twice
    for follower in followers.values():
        follower.close()


def test_a_rated_games_last_change_carries_the_ratings_after_it_as_a_fresh_join_shows_them(
    online: TestClient, clock: FakeClock
) -> None:
    """The end dialog says "Your rating: 1512 (+12)": a page that follows changes learns the rating after the game
    from the change that ended it (the names and ratings of the join's state are the ones before)."""
    alice, bob = Person(online, "Alice"), Person(online, "Bob")
    game = challenge_and_accept(online, alice, bob, "5+3")
    followers = {seat: Follower(online, game["id"], token) for seat, (_, token) in game["seats"].items()}
    before = followers["A"].state["online"]["accounts"]
    end = next(a.id for a in ACTIONS if a.notation == "end")
    turns = 0
    while turns < 4:  # each seat plays two turns (ending them as soon as it may): a game both played is rated
        mover = next(seat for seat, f in followers.items() if f.legal)
        legal = followers[mover].legal
        clock.advance(seconds=2)
        followers[mover].socket.send_json(
            {
                "v": 1,
                "type": "action",
                "version": followers[mover].state["version"],
                "action": end if end in legal else legal[0],
            }
        )
        changes = [follower.follow() for follower in followers.values()]
        turns += any(event["kind"] == "to_move" for event in changes[0]["events"])
    followers["A"].socket.send_json({"v": 1, "type": "resign"})
    ended = {seat: follower.follow() for seat, follower in followers.items()}
    fresh = Follower(online, game["id"], game["seats"]["A"][1]).state["online"]
    for change in ended.values():
        assert change["accounts"] == fresh["accounts"]
        assert change["rating_change"] == fresh["rating_change"]
    assert fresh["rating_change"]["A"] < 0 < fresh["rating_change"]["B"]
    assert fresh["accounts"]["B"]["rating"] == before["B"]["rating"] + fresh["rating_change"]["B"]
    for follower in followers.values():
        follower.close()


def test_a_client_cannot_ask_for_both_updates_and_changes(client: TestClient) -> None:
    game = new_game(client, mode="friend", seat="A")
    with client.websocket_connect(f"/ws/games/{game['id']}") as socket:
        socket.send_json({"v": 1, "type": "join", "token": None, "updates": True, "changes": True})
        assert socket.receive_json()["code"] == "bad_message"

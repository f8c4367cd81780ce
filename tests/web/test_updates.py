"""After the first `state`, a socket that asks for updates gets only what changed (docs/web-protocol.md,
"Updates"): the new log entries and the seat's view without its history. Merged in order, they make exactly
the state a socket joining afresh gets; a trade goes as one message, all or none; a socket that missed
something asks for the whole state again."""

from __future__ import annotations

import json
import random
from typing import Any

from conftest import Seat, new_game
from starlette.testclient import TestClient

from timessquare.cards import CARD_CODES

WITHOUT = ("_raw", "type", "log_from")


def comparable(state: dict[str, Any]) -> dict[str, Any]:
    """A state as a page keeps it: without the view's history (which updates leave out) and wire fields."""
    out = {k: v for k, v in state.items() if k not in WITHOUT}
    out["view"] = {k: v for k, v in state["view"].items() if k != "moves"}
    return out


def friend_game(client: TestClient, updates: bool = True) -> tuple[dict[str, Any], list[Seat]]:
    game = new_game(client, mode="friend", seat="A")
    seats = [Seat(client, game["id"], token, updates=updates) for token in (game["token"], game["invite_token"], None)]
    return game, seats


def play_until_over(seats: list[Seat], rng: random.Random) -> int:
    """Random legal actions until the game ends; every socket reads each change. Returns the actions played."""
    played = 0
    while not seats[0].state["over"]:
        mover = next(seat for seat in seats[:2] if seat.state["legal"])
        mover.act(rng.choice(mover.state["legal"]))
        for seat in seats:
            if seat is not mover:
                seat.until_state()
        played += 1
    return played


def test_updates_merged_in_order_are_the_state_a_fresh_join_gets(client: TestClient) -> None:
    game, seats = friend_game(client)
    play_until_over(seats, random.Random(4))
    kinds = {message["type"] for seat in seats for message in seat.received}
    assert kinds == {"state", "update"}
    for seat, token in zip(seats, (game["token"], game["invite_token"], None), strict=True):
        fresh = Seat(client, game["id"], token)  # a socket of protocol 1.0: whole states only
        assert comparable(seat.state) == comparable(fresh.state)
        assert fresh.state["view"]["moves"], "a whole state keeps the view's history"


def test_an_update_holds_only_the_new_log_entries_and_no_history(client: TestClient) -> None:
    _, seats = friend_game(client)
    mover = next(seat for seat in seats[:2] if seat.state["legal"])
    before = len(mover.state["log"])
    mover.act(mover.state["legal"][0])
    update = mover.received[-1]
    assert update["type"] == "update" and update["log_from"] == before
    assert "moves" not in update["view"]
    assert 1 <= len(json.loads(update["_raw"])["log"]) <= 6  # this action's entries, not the whole log


def test_old_clients_still_get_a_whole_state_after_every_change(client: TestClient) -> None:
    _, seats = friend_game(client, updates=False)
    play_until_over(seats, random.Random(8))
    assert {message["type"] for seat in seats for message in seat.received} == {"state"}


def test_the_messages_stay_small_as_the_game_grows(client: TestClient) -> None:
    rng = random.Random(5)
    for _ in range(20):  # the deal is the server's: a game long enough to compare its start with its end
        _, seats = friend_game(client)
        actions = play_until_over(seats, rng)
        if actions > 40:
            break
    sizes = [len(m["_raw"].encode()) for m in seats[2].received if m["type"] == "update"]
    assert len(sizes) >= actions and actions > 40
    first, last = sizes[:20], sizes[-20:]
    assert sum(last) <= 2 * sum(first), "an update does not carry the game's history"
    total = sum(len(m["_raw"].encode()) for seat in seats for m in seat.received[1:])
    assert total / (3 * actions) <= 1500, "bytes per socket per action (issue 24's target)"


def test_a_trade_goes_as_one_message_all_or_none(client: TestClient) -> None:
    game, seats = friend_game(client)
    mover = next(seat for seat in seats[:2] if seat.state["legal"])
    hand = mover.state["view"]["hand"]
    version = mover.state["version"]
    mover.send({"v": 1, "type": "actions", "version": version, "actions": [f"discard {hand[0]}", "discard XX"]})
    refused = mover.receive()
    assert refused["type"] == "error" and refused["code"] == "bad_message"
    missing = next(code for code in CARD_CODES if code not in hand)  # 13 kinds of card, at most 8 in a hand
    mover.send({"v": 1, "type": "actions", "version": version, "actions": [f"discard {hand[0]}", f"discard {missing}"]})
    refused = mover.receive()
    assert refused["type"] == "error" and refused["code"] == "illegal" and refused["rule"]
    assert Seat(client, game["id"], None).state["version"] == version, "nothing of a refused trade happened"
    discards = [f"discard {code}" for code in hand[:3]]
    mover.send({"v": 1, "type": "actions", "version": version, "actions": [*discards, "end"]})
    update = mover.receive()
    assert update["type"] == "state" and update["version"] == version + 4
    assert [entry["notation"] for entry in mover.state["log"][-8:] if entry["notation"]][-4:] == [*discards, "end"]
    spectator = seats[2].until_state()
    assert spectator["version"] == version + 4, "the others hear of the whole trade at once"
    assert seats[2].received[-1]["log_from"] + len(json.loads(seats[2].received[-1]["_raw"])["log"]) == len(
        spectator["log"]
    )


def test_a_socket_that_missed_something_asks_for_the_state(client: TestClient) -> None:
    _, seats = friend_game(client)
    seats[2].send({"v": 1, "type": "sync"})
    again = seats[2].receive()
    assert again["type"] == "state" and comparable(again) == comparable(seats[2].state)

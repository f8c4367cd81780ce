"""The `destinations` and `words` of the game protocol: where each legal action of the seat to move puts the
figures it moves, as the rules core says, and the action in words naming those spaces (the page lights these
up and shows these words, and works out none itself), over whole games; and a hint's turn, step by step."""

from __future__ import annotations

import random
from typing import Any

from conftest import Seat, new_game
from starlette.testclient import TestClient

from timessquare.actions import ACTIONS, LURE, PLAY, action_id
from timessquare.cards import FIGURE_NAMES
from timessquare.tables import moved_positions

STREET = FIGURE_NAMES[:5]


def core_destinations(action: str, figures: dict[str, int]) -> dict[str, int]:
    """The core's answer: the street after the action (`moved_positions`), the figures that changed."""
    act = ACTIONS[action_id(action)]
    if act.kind not in (PLAY, LURE):
        return {}
    before = [figures[name] for name in STREET]
    after = moved_positions(act, before)
    return {name: p for name, p, old in zip(STREET, after, before, strict=True) if p != old}


def check_state(state: dict[str, Any]) -> None:
    figures = state["view"]["figures"]
    assert len(state["destinations"]) == len(state["legal"]) == len(state["words"])
    for action, moved, words in zip(state["legal"], state["destinations"], state["words"], strict=True):
        assert moved == core_destinations(action, figures), action
        if ACTIONS[action_id(action)].kind in (PLAY, LURE):
            assert moved, f"{action} is legal, so it moves a figure (R4.4, R5.2)"
        # the words name the spaces each figure leaves and lands on (the group: where Sue lands; GA: where
        # the bodyguards land)
        if action.startswith("SS "):
            assert f"Sue → {moved['sue']})" in words, (action, words)
            continue
        for name, space in moved.items():
            assert (str(space) if action == "GA" else f"{figures[name]} → {space}") in words, (action, words)


def test_destinations_are_the_core_s_for_every_legal_action_over_whole_games(client: TestClient) -> None:
    rng = random.Random(11)
    checked = 0
    for _ in range(3):
        game = new_game(client, mode="friend", seat="A")
        seats = {"A": Seat(client, game["id"], game["token"]), "B": Seat(client, game["id"], game["invite_token"])}
        watcher = Seat(client, game["id"], None)
        while not seats["A"].state["over"]:
            mover_seat = seats["A"].state["view"]["to_move"]
            mover, waiter = seats[mover_seat], seats["AB"[mover_seat == "A"]]
            state = mover.state
            check_state(state)
            assert waiter.state["destinations"] == [] and watcher.state["destinations"] == []
            checked += len(state["legal"])
            action = rng.choice(state["legal"])
            moved = state["destinations"][state["legal"].index(action)]
            after = mover.act(action)
            assert after["type"] == "state", after
            # what the page was told is what the engine then did
            assert {name: after["view"]["figures"][name] for name in moved} == moved
            waiter.until_state()
            watcher.until_state()
        for seat in (*seats.values(), watcher):
            seat.close()
    assert checked > 1000


def test_a_hint_says_where_each_step_of_its_turn_puts_the_figures(client: TestClient) -> None:
    game = new_game(client, mode="friend", seat="A")
    mine, theirs = Seat(client, game["id"], game["token"]), Seat(client, game["id"], game["invite_token"])
    mover = mine if mine.state["legal"] else theirs
    mover.send({"v": 1, "type": "hint"})
    hint = mover.until(lambda m: m["type"] == "hint")
    assert len(hint["destinations"]) == len(hint["turn"])
    figures = dict(mover.state["view"]["figures"])
    assert hint["destinations"][0] == mover.state["destinations"][mover.state["legal"].index(hint["action"])]
    # the turn in words starts with the first action as the state's own words say it
    first = mover.state["words"][mover.state["legal"].index(hint["action"])]
    assert first.removeprefix("Joker: ") in hint["words"] or hint["action"].startswith("discard "), hint
    for action, moved in zip(hint["turn"], hint["destinations"], strict=True):
        assert moved == core_destinations(action, figures)
        figures.update(moved)

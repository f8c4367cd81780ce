"""One test per rule clause of RULES.md, R6 (drawing) to R10 (information); then its "consequences worth
testing" and the four example turns of the rulebook's detailed example."""

from __future__ import annotations

import random

import pytest

from positions import figures, hand, legal_plays, make_state, play, position_document, snapshot, step
from timessquare.actions import ACTIONS, END_ID, LURE, action_id
from timessquare.cards import CARD_INDEX, CHARLIE, HIGH, LOW, SUE
from timessquare.chance import resolve_chance
from timessquare.errors import GameOverError, IllegalActionError, InvalidActionError
from timessquare.game import Game
from timessquare.position import from_document
from timessquare.state import State, new_game
from timessquare.variants import Rules
from timessquare.view import PlayerView


def jokers(state: State) -> list[str]:
    """The legal Deb cards used as jokers (on anything but Deb)."""
    return [a for a in legal_plays(state, "D1", "D2", "D3", "D4", "D5", "DM") if " deb" not in a]


def deb_plays(state: State) -> list[str]:
    return legal_plays(state, "D1", "D2", "D3", "D4", "D5", "DM")


# ---------------------------------------------------------------- R6 Drawing


def test_r6_1_draw_to_eight_no_draw_after_lure() -> None:
    state = make_state(hand_a="S S G1 H2 H2 D3 D3 DM", supply="H1 H3 GA")
    play(state, "H2 hal+2", "H2 hal-2", "end")
    assert hand(state, "A") == sorted(["S", "S", "G1", "D3", "D3", "DM", "H1", "H3"])  # the first two of the supply
    assert snapshot(state)["supply"][0] == "GA"
    # After a lure the player draws nothing, even with a short hand.
    short = make_state(hand_a="S G1", low=4, sue=8, high=12, hal=6, supply="H1 H3 GA")
    play(short, "lure sue")
    assert hand(short, "A") == ["G1", "S"] and snapshot(short)["supply"][:3] == ["H1", "H3", "GA"]


def test_r6_2_reshuffle_the_moment_the_first_supply_empties() -> None:
    state = make_state(hand_a="G2 G2 G2 S S S S S", hand_b="H2 H2 H2 H2 H2 H2 H2 H2", supply="H1 H3", rest="discard")
    play(state, "discard G2", "discard G2", "discard G2")
    pile = snapshot(state)["discard"]
    assert len(pile) == 55 - 16 - 2 + 3
    order = pile[::-1]  # the second supply we impose, first drawn first: this turn's last G2 comes first
    state.apply_checked("end")
    assert state.chance_due == "reshuffle" and state.legal_ids() == ()  # the draw waits for the new order
    state.apply_chance([CARD_INDEX[c] for c in order])
    after = snapshot(state)
    # Two cards from the first supply, then at once the whole discard pile (this turn's cards included)
    # became the second supply, and the draw went on from it.
    assert after["supply_number"] == 2 and after["discard"] == []
    assert after["hands"]["A"] == sorted(["S"] * 5 + ["H1", "H3", order[0]])
    assert order[0] == "G2" and after["supply"] == order[1:]


def test_r6_2_a_running_game_never_shows_an_empty_first_supply() -> None:
    state = make_state(hand_a="G2 G2 G2 S S S S S", supply="H1 H3 GA", rest="discard")
    discard_before = snapshot(state)["discard"]
    play(state, "discard G2", "discard G2", "discard G2")
    state.apply_checked("end")
    assert state.chance_due == "reshuffle"
    resolve_chance(state, random.Random(3))
    after = snapshot(state)
    # The draw took exactly the last card: the reshuffle happened anyway, with the whole discard pile.
    assert after["supply_number"] == 2 and after["discard"] == []
    assert sorted(after["supply"]) == sorted([*discard_before, "G2", "G2", "G2"])
    assert sorted(after["hands"]["A"]) == sorted(["S"] * 5 + ["H1", "H3", "GA"])
    assert state.result is None and state.to_move == 1


def test_r6_3_supply_size_public() -> None:
    state = make_state(hand_a="G2 G2 G2 S S S S S", hand_b="H2 H2 H2 H2 H2 H2 H2 H2", supply="H1 H3", rest="discard")
    for seat in (0, 1, None):
        view = PlayerView.of(state, seat).to_document()
        assert (view["supply_size"], view["supply_number"]) == (2, 1)
    play(state, "discard G2", "discard G2", "discard G2", "end")
    for seat in (0, 1, None):
        view = PlayerView.of(state, seat).to_document()
        assert (view["supply_size"], view["supply_number"]) == (39, 2)
        assert "supply" not in view


# ---------------------------------------------------------------- R7 Champagne Charlie


def charlie_after_trade(to_move: str, **fields: int) -> int:
    state = make_state(to_move=to_move, hand_a="H2", hand_b="H2", **fields)
    play(state, "discard H2", "end")
    return state.pos[CHARLIE]


@pytest.mark.parametrize(
    ("to_move", "board", "steps"),
    [
        ("A", {"hal": 1}, 1),
        ("A", {"deb": 0}, 1),
        ("A", {"low": 1, "sue": 3}, 1),
        ("A", {"hal": 0, "deb": 1}, 2),  # two figures on one entrance: each counts
        ("A", {"low": 3, "sue": 5, "high": 7}, 1),  # the half bonus alone
        ("A", {"low": 1, "sue": 4, "high": 6, "hal": 1}, 3),
        ("A", {"hal": 16, "deb": 15, "low": 9, "sue": 11, "high": 15}, 0),  # all for B: never toward B
        ("B", {"hal": 15}, 1),
        ("B", {"deb": 16}, 1),
        ("B", {"high": 15, "sue": 13}, 1),
        ("B", {"low": 9, "sue": 10, "high": 11}, 1),
        ("B", {"low": 10, "sue": 12, "high": 16, "hal": 15, "deb": 16}, 4),
        ("B", {"hal": 0, "deb": 1, "low": 1, "sue": 3, "high": 6}, 0),  # all for A: never toward A
    ],
)
def test_r7_1_charlie_income(to_move: str, board: dict[str, int], steps: int) -> None:
    toward = -1 if to_move == "A" else 1
    assert charlie_after_trade(to_move, **board) == 8 + toward * steps


def test_r7_1_charlie_moves_after_a_lure_too() -> None:
    state = play(make_state(hal=1, low=2, sue=4, high=6), "lure low")
    assert state.pos[CHARLIE] == 8 - 3  # hal and low on A's entrance, and the half bonus


def test_r7_2_charlie_stops_at_the_end() -> None:
    assert charlie_after_trade("A", charlie=2, hal=0, deb=1, low=1, sue=3, high=5) == 0
    assert charlie_after_trade("B", charlie=14, hal=16, deb=15, low=10, sue=12, high=16) == 16


# ---------------------------------------------------------------- R8 End of the game


def test_r8_1_sue_on_own_entrance_ends_at_once_mid_turn() -> None:
    state = make_state(low=1, sue=2, high=5, hand_a="S S S S G1 G1 G1 G1")
    play(state, "SS group-1")
    assert state.result_name == "A" and figures(state)["sue"] == 1
    # Frozen mid-turn: no draw, no turn change, nothing legal any more.
    assert state.to_move == 0 and state.hand_sizes[0] == 6 and snapshot(state)["turn"]["mode"] == "play"
    assert state.legal_actions() == []
    with pytest.raises(GameOverError):
        state.apply_checked("S sue+1")


@pytest.mark.parametrize(
    ("board", "to_move", "action", "winner"),
    [
        ({"low": 10, "sue": 14, "high": 16}, "A", "S sue+1", "B"),  # own goal by A
        ({"low": 10, "sue": 12, "high": 16, "hal": 15}, "A", "lure sue", "B"),  # own goal by a lure
        ({"low": 0, "sue": 2, "high": 5, "deb": 9}, "B", "D1 sue-1", "A"),  # own goal by B's joker
        ({"low": 10, "sue": 14, "high": 16}, "B", "S sue+1", "B"),
    ],
)
def test_r8_1_sue_on_an_entrance_wins_for_that_club_whoever_moved_her(
    board: dict[str, int], to_move: str, action: str, winner: str
) -> None:
    state = make_state(to_move=to_move, hand_a="S D2 H2", hand_b="S D1 H2", **board)
    play(state, action)
    assert state.result_name == winner
    assert "Sue" in state.end_reason and winner in state.end_reason


def test_r8_1_charlie_on_an_entrance_ends_the_game() -> None:
    state = make_state(charlie=3, hal=0, deb=1, hand_a="H2")
    play(state, "discard H2", "end")
    assert state.pos[CHARLIE] == 1 and state.result_name == "A" and state.legal_actions() == []
    assert state.hand_sizes[0] == 8  # the draw came before Charlie
    state = make_state(to_move="B", charlie=14, hal=16, hand_b="H2")
    play(state, "discard H2", "end")
    assert state.pos[CHARLIE] == 15 and state.result_name == "B"


def deck_out(**board: int) -> State:
    """A trades three cards with two left in the second supply: the draw empties it (R8.2)."""
    state = make_state(hand_a="G2 G2 G2 S S S S S", supply="H1 H3", supply_number=2, rest="discard", **board)
    play(state, "discard G2", "discard G2", "discard G2", "end")
    return state


@pytest.mark.parametrize(
    ("board", "winner"),
    [
        ({"low": 4, "sue": 7, "high": 9}, "A"),
        ({"low": 7, "sue": 9, "high": 12}, "B"),
        ({"charlie": 7}, "A"),
        ({"charlie": 9}, "B"),
        ({"charlie": 8}, "draw"),
    ],
)
def test_r8_2_second_supply_runs_out(board: dict[str, int], winner: str) -> None:
    state = deck_out(**board)
    assert state.result_name == winner
    assert "second supply" in state.end_reason
    assert state.hand_sizes[0] == 7  # the hand stays short
    assert state.to_move == 0 and state.legal_actions() == []


def test_r8_2_no_charlie_step_after_the_last_card() -> None:
    # Hal and Deb on A's entrance would move Charlie from 9 to 7 (A's half); the game ends before that.
    state = deck_out(charlie=9, hal=0, deb=1)
    assert state.pos[CHARLIE] == 9 and state.result_name == "B"


def test_r8_2_the_game_goes_on_while_the_second_supply_holds_cards() -> None:
    state = make_state(hand_a="G2 G2 G2 S S S S S", supply="H1 H3 GA D1", supply_number=2, rest="discard")
    play(state, "discard G2", "discard G2", "discard G2", "end")
    assert state.result is None and snapshot(state)["supply"] == ["D1"] and state.to_move == 1


# ---------------------------------------------------------------- R9 Dancing Deb's joker

ALL_D1 = ["D1 deb+1", "D1 deb-1", "D1 hal+1", "D1 hal-1", "D1 high+1", "D1 high-1"]
ALL_D1 += ["D1 low+1", "D1 low-1", "D1 sue+1", "D1 sue-1"]


@pytest.mark.parametrize(
    ("to_move", "deb", "allowed"),
    [
        ("A", 5, True),  # A: deb < sue
        ("A", 11, False),
        ("A", 0, True),  # Deb on A's entrance counts
        ("A", 8, False),  # Deb on Sue's space does not
        ("B", 11, True),  # B: deb > sue
        ("B", 5, False),
        ("B", 16, True),
        ("B", 8, False),
    ],
)
def test_r9_1_joker_condition(to_move: str, deb: int, allowed: bool) -> None:
    hands = {"hand_a": "D1", "hand_b": ""} if to_move == "A" else {"hand_a": "", "hand_b": "D1"}
    state = make_state(to_move=to_move, deb=deb, hal=3, **hands)
    deb_moves = [a for a in ("D1 deb+1", "D1 deb-1") if 0 <= deb + int(a[-2:]) <= 16]
    joker_moves = [a for a in ALL_D1 if " deb" not in a] if allowed else []
    expected = sorted(joker_moves + deb_moves)
    assert legal_plays(state, "D1") == expected
    if not allowed:
        with pytest.raises(IllegalActionError, match=r"R9\.1"):
            state.apply_checked("D1 sue+1")


def test_r9_1_joker_condition_is_checked_before_each_card() -> None:
    state = make_state(deb=6, hand_a="D3 D1")
    assert jokers(state) != []
    play(state, "D3 deb+3")  # Deb passes Sue: the condition no longer holds
    assert deb_plays(state) == ["D1 deb+1", "D1 deb-1"]
    state = make_state(deb=9, hand_a="D3 D1")
    assert jokers(state) == []
    play(state, "D3 deb-3")  # now Deb is between Sue and A's end
    assert "D1 sue-1" in jokers(state)


def test_r9_2_joker_lock_is_per_turn() -> None:
    state = make_state(deb=5, hal=3, hand_a="D2 D3 D3 DM D1 H2 H2 H2", hand_b="H2")
    play(state, "D2 low-2")
    assert all(a.split(" ")[1].startswith(("low", "high")) for a in deb_plays(state))
    assert "D3 high+3" in deb_plays(state) and "DM high=8" not in deb_plays(state)  # R3 still holds
    for locked_out in ("D3 deb+3", "D3 sue+3", "D3 hal+3"):
        with pytest.raises(IllegalActionError, match=r"R9\.2"):
            state.apply_checked(locked_out)
    play(state, "end", "discard H2", "end")
    # A new turn: the lock is gone.
    assert {"D1 sue+1", "D3 hal+3", "D3 deb+3", "D3 low-3"} <= set(deb_plays(state))


def test_r9_2_deb_cards_before_the_first_joker_are_allowed() -> None:
    state = make_state(deb=5, low=3, sue=8, high=12, hal=10, hand_a="D1 D2 D3 D4")
    play(state, "D1 deb-1", "D2 sue-2")
    # From the joker on, every Deb card moves Sue (sue 6, low 3, high 12, deb 4).
    assert deb_plays(state) == ["D3 sue+3", "D4 sue+4"]


def test_r9_2_first_deb_card_locks_variant() -> None:
    rules = Rules(first_deb_card_locks=True)
    state = make_state(rules=rules, deb=5, low=3, sue=8, high=12, hal=10, hand_a="D1 D2 D3 D4")
    play(state, "D1 deb-1")
    assert deb_plays(state) == ["D2 deb+2", "D2 deb-2", "D3 deb+3", "D3 deb-3", "D4 deb+4", "D4 deb-4"]
    with pytest.raises(IllegalActionError, match=r"R9\.2"):
        state.apply_checked("D2 sue-2")
    # A first joker locks the turn as in the default rules.
    state = make_state(rules=rules, deb=5, low=3, sue=8, high=12, hal=10, hand_a="D1 D2 D3 D4")
    play(state, "D2 sue-2")
    assert deb_plays(state) == ["D1 sue+1", "D1 sue-1", "D3 sue+3", "D4 sue+4"]


def test_r9_3_joker_moves_one_figure() -> None:
    state = play(make_state(deb=5, low=3, high=12, hand_a="D2"), "D2 low+2")
    assert figures(state) | {"low": 3} == figures(make_state(deb=5, low=3, high=12))
    assert figures(state)["low"] == 5
    for a in ACTIONS:
        if a.is_joker:
            assert len(a.steps) + (a.to_middle >= 0) == 1, a
    for text in ("DD group+2", "D2 group+1", "D2 low+1 high+1", "D1 group+1"):
        with pytest.raises(InvalidActionError):
            action_id(text)


def test_r9_4_locked_turn_whose_condition_fails_can_only_end() -> None:
    state = make_state(deb=5, low=3, sue=8, high=10, hal=12, hand_a="D3 D2 D1 DM")
    play(state, "D3 sue-3")  # Sue lands on Deb's space: the condition of R9.1 fails
    assert state.legal_actions() == ["end"]
    with pytest.raises(IllegalActionError, match=r"R9\.1"):
        state.apply_checked("D1 sue+1")
    with pytest.raises(IllegalActionError, match=r"R9\.2"):
        state.apply_checked("D1 deb+1")


def test_r9_5_charlie_is_never_a_joker_and_deb_is_never_lured() -> None:
    state = make_state(deb=5, hal=5, hand_a="D1 DM")
    for text in ("D1 charlie+1", "DM charlie=8", "lure deb", "lure charlie"):
        with pytest.raises(InvalidActionError):
            state.apply_checked(text)
    assert not any(a.kind == LURE and a.lure_figure not in (SUE, LOW, HIGH) for a in ACTIONS)


# ---------------------------------------------------------------- R10 Information


def test_r10_1_view_shows_the_public_information() -> None:
    state = make_state(hand_a="S G2 H2", hand_b="D1 D2", supply="H1 H3", discard="GA G1")
    doc = PlayerView.of(state, 0, ["discard S", "end"]).to_document()
    assert doc["figures"] == figures(state)
    assert doc["hand"] == ["G2", "H2", "S"] and doc["opponent_hand_size"] == 2
    assert doc["discard"] == snapshot(state)["discard"] and doc["supply_size"] == len(snapshot(state)["supply"])
    assert doc["moves"] == ["discard S", "end"]
    spectator = PlayerView.of(state, None).to_document()
    assert spectator["hand"] is None and spectator["hand_sizes"] == {"A": 3, "B": 2}


def test_r10_2_view_hides_the_opponent_hand_and_the_supply_order() -> None:
    doc = position_document(hand_a="S G2 H2", hand_b="D1 D2 DM", supply="H1 H3 GA")
    base = {seat: PlayerView.of(from_document(doc), seat).to_document() for seat in (0, 1, None)}
    other_hand = position_document(hand_a="S G2 H2", hand_b="H1 H3 GA", supply="D1 D2 DM")
    other_order = dict(doc, supply=list(reversed(doc["supply"])))
    for seat in (0, None):
        assert PlayerView.of(from_document(other_hand), seat).to_document() == base[seat]
    for seat in (0, 1, None):
        assert PlayerView.of(from_document(other_order), seat).to_document() == base[seat]
    assert PlayerView.of(from_document(other_hand), 1).to_document() != base[1]  # B sees her own hand


def test_r10_2_view_reduces_a_shuffle_entry_to_the_bare_word() -> None:
    game = Game.new(seed=11)
    rng = random.Random(11)
    while not any(m.startswith("shuffle ") for m in game.moves):
        assert not game.is_over
        game.apply(rng.choice(game.state.legal_ids()))
    for seat in (0, 1, None):
        moves = game.view(seat).to_document()["moves"]
        assert "shuffle" in moves and not any(m.startswith("shuffle ") for m in moves)


# ---------------------------------------------------------------- consequences worth testing


def test_consequence_sue_wins_only_on_the_inner_entrance_space() -> None:
    state = make_state(low=1, sue=2, high=5, hand_a="S S S")
    assert "S sue-1" not in state.legal_actions()  # onto her bodyguard's space (R3)
    play(state, "SS group-1")
    assert (figures(state)["low"], figures(state)["sue"], state.result_name) == (0, 1, "A")
    state = make_state(to_move="B", low=10, sue=14, high=15, hand_b="S S S")
    assert "S sue+1" not in state.legal_actions()
    play(state, "SS group+1")
    assert (figures(state)["sue"], figures(state)["high"], state.result_name) == (15, 16, "B")


def test_consequence_charlie_moves_at_most_four_spaces() -> None:
    assert charlie_after_trade("A", charlie=12, hal=0, deb=1, low=1, sue=3, high=5) == 8
    # In random games, no turn moves Charlie by more than 4, and both bodyguards never share an entrance.
    for seed in range(12):
        state = new_game(seed)
        rng = random.Random(seed)
        while state.result is None:
            assert not (state.pos[HIGH] <= 1 or state.pos[LOW] >= 15)
            aid = rng.choice(state.legal_ids())
            before = state.pos[CHARLIE]
            step(state, aid, rng)
            if aid == END_ID or ACTIONS[aid].kind == LURE:
                assert abs(state.pos[CHARLIE] - before) <= 4


# ---------------------------------------------------------------- the rulebook's detailed example

EXAMPLE_START = {
    "low": 2,
    "sue": 4,
    "high": 7,
    "hal": 10,
    "deb": 16,
    "charlie": 8,
    "hand_a": "S S S S DM D5 G1 H1",
    "hand_b": "D2 D3 D3 G2 G2 H2 H2 S",
}
EXAMPLE_TURNS = [
    ["SS group-1", "S sue+1", "S sue+1", "end"],
    ["D2 low+2", "D3 high+3", "D3 high+3", "end"],
    ["DM deb=8", "D5 deb-5", "end"],
    ["lure sue"],
]


def before_example_turn(n: int) -> State:
    """The example's position before turn `n` (1-4): A to move before turn 1."""
    state = make_state(**EXAMPLE_START)
    for turn in EXAMPLE_TURNS[: n - 1]:
        play(state, *turn)
    return state


def test_example_turn_1_group_move_two_sue_moves_charlie_2_toward_a() -> None:
    state = before_example_turn(1)
    play(state, "SS group-1")
    assert (state.pos[LOW], state.pos[SUE], state.pos[HIGH]) == (1, 3, 6)
    play(state, "S sue+1", "S sue+1", "end")
    assert figures(state) == {"sue": 5, "low": 1, "high": 6, "hal": 10, "deb": 16, "charlie": 6}
    assert state.to_move == 1 and state.hand_sizes[0] == 8


def test_example_turn_2_b_uses_deb_as_joker_on_both_bodyguards_charlie_1_toward_b() -> None:
    state = before_example_turn(2)
    assert "D2 low+2" in jokers(state)  # Deb (16) stands between Sue (5) and B's end
    play(state, "D2 low+2", "D3 high+3")
    assert all(a.split(" ")[1].startswith(("low", "high")) for a in deb_plays(state))  # locked to the guards
    play(state, "D3 high+3", "end")
    assert figures(state) == {"sue": 5, "low": 3, "high": 12, "hal": 10, "deb": 16, "charlie": 7}
    assert state.to_move == 0


def test_example_turn_3_a_plays_dm_then_d5_on_deb_charlie_stays() -> None:
    state = before_example_turn(3)
    play(state, "DM deb=8", "D5 deb-5", "end")
    assert figures(state) == {"sue": 5, "low": 3, "high": 12, "hal": 10, "deb": 3, "charlie": 7}
    assert state.to_move == 1


def test_example_turn_4_b_lures_sue_to_hal_and_draws_nothing() -> None:
    state = before_example_turn(4)
    b_hand, supply = hand(state, "B"), snapshot(state)["supply"]
    play(state, "lure sue")
    assert figures(state) == {"sue": 10, "low": 3, "high": 12, "hal": 10, "deb": 3, "charlie": 7}
    assert hand(state, "B") == b_hand and snapshot(state)["supply"] == supply
    assert state.to_move == 0 and state.result is None


def test_r8_2_ends_when_the_last_card_is_drawn_even_into_a_full_hand() -> None:
    state = make_state(hand_a="G2 G2 S S S S S S", supply="H1 H3", supply_number=2, rest="discard", charlie=12)
    play(state, "discard G2", "discard G2", "end")
    assert state.hand_sizes[0] == 8 and state.result_name == "B" and state.pos[CHARLIE] == 12

"""One test per rule clause of RULES.md, R1 (board) to R5 (a turn); named after the clause they check."""

from __future__ import annotations

import random

import pytest

from positions import figures, hand, legal_plays, make_state, play, snapshot, step
from timessquare.actions import ACTIONS, PLAY, action_id
from timessquare.cards import (
    CARD_CODES,
    CARD_COLOUR,
    CARD_COUNTS,
    CHARLIE,
    DECK_SIZE,
    G2,
    GREEN,
    GREY,
    HIGH,
    LOW,
    RED,
    YELLOW,
)
from timessquare.errors import FormatError, IllegalActionError, InvalidActionError
from timessquare.position import to_document
from timessquare.state import new_game
from timessquare.variants import Rules

TOWARD_MOVER = Rules(toward_mover=True)


def charlie_after_trade(to_move: str = "A", **fields: object) -> int:
    """Where Charlie stands after `to_move` discards one card and ends the turn (R7 only depends on the board)."""
    hands = {"hand_a": "H2", "hand_b": "H2"}
    state = make_state(to_move=to_move, **hands, **fields)
    play(state, "discard H2", "end")
    return state.pos[CHARLIE]


# ---------------------------------------------------------------- R1 Board


def test_r1_1_street_has_17_spaces_numbered_0_to_16_and_the_middle_is_8() -> None:
    top = make_state(hal=16, hand_a="H1 H2 H3")
    assert legal_plays(top, "H1", "H2", "H3") == ["H1 hal-1", "H2 hal-2", "H3 hal-3"]
    bottom = make_state(hal=0, hand_a="H1 H2 H3")
    assert legal_plays(bottom, "H1", "H2", "H3") == ["H1 hal+1", "H2 hal+2", "H3 hal+3"]
    middle = play(make_state(deb=14, hand_a="DM"), "DM deb=8")
    assert figures(middle)["deb"] == 8
    for off in (-1, 17):
        with pytest.raises(FormatError):
            make_state(hal=off)


@pytest.mark.parametrize(
    ("to_move", "hal", "moved"),
    [("A", 0, -1), ("A", 1, -1), ("A", 2, 0), ("B", 16, 1), ("B", 15, 1), ("B", 14, 0)],
)
def test_r1_2_entrances_are_0_1_for_a_and_15_16_for_b(to_move: str, hal: int, moved: int) -> None:
    assert charlie_after_trade(to_move, hal=hal) == 8 + moved


def test_r1_3_halves_are_0_to_7_and_9_to_16_the_middle_belongs_to_nobody() -> None:
    # The half bonus of R7.1 sees the halves: high on 7 is on A's half, on 8 it is not.
    assert charlie_after_trade("A", low=4, sue=6, high=7) == 7
    assert charlie_after_trade("A", low=5, sue=7, high=8) == 8
    assert charlie_after_trade("B", low=9, sue=10, high=12) == 9
    assert charlie_after_trade("B", low=8, sue=10, high=12) == 8


def test_r1_4_charlie_is_on_his_strip_not_on_the_street() -> None:
    # No action names Charlie, and where he stands changes nothing a player may do.
    assert not any("charlie" in a.notation for a in ACTIONS)
    hands = {"hand_a": "S S G1 G2 GA H1 D3 DM", "hand_b": "S G2 H2 D1"}
    legal = {tuple(make_state(charlie=c, deb=5, **hands).legal_actions()) for c in range(2, 15)}
    assert len(legal) == 1


def test_r1_5_figures_may_share_a_space_except_as_r3_says() -> None:
    crowded = make_state(sue=8, hal=9, deb=9, low=6, high=10, hand_a="S H1")
    play(crowded, "S sue+1")  # Sue joins Hal and Deb on 9
    assert (figures(crowded)["sue"], figures(crowded)["hal"], figures(crowded)["deb"]) == (9, 9, 9)
    # Hal may step onto Sue's space; a bodyguard may not (R3).
    state = make_state(hal=7, hand_a="H1 G1")
    assert "H1 hal+1" in state.legal_actions()
    play(state, "H1 hal+1")
    assert figures(state)["hal"] == figures(state)["sue"] == 8
    state = make_state(low=7, hand_a="G1")
    assert "G1 low+1" not in state.legal_actions()


# ---------------------------------------------------------------- R2 Setup


def test_r2_1_sue_and_charlie_on_8_bodyguards_on_6_and_10() -> None:
    for seed in range(10):
        named = figures(new_game(seed))
        assert (named["sue"], named["charlie"], named["low"], named["high"]) == (8, 8, 6, 10)


def test_r2_2_fist_draw_puts_a_s_figure_on_7_and_b_s_on_9() -> None:
    seen = set()
    for seed in range(40):
        named = figures(new_game(seed))
        assert {named["hal"], named["deb"]} == {7, 9}
        seen.add(named["hal"])
    assert seen == {7, 9}  # both outcomes of the fist draw happen


def test_r2_3_eight_cards_each_and_39_in_the_supply() -> None:
    for seed in range(10):
        doc = to_document(new_game(seed))
        assert len(doc["hands"]["A"]) == len(doc["hands"]["B"]) == 8
        assert len(doc["supply"]) == 39 and doc["supply_number"] == 1 and doc["discard"] == []
        every = doc["hands"]["A"] + doc["hands"]["B"] + doc["supply"]
        assert sorted(every) == sorted(c for c, n in zip(CARD_CODES, CARD_COUNTS, strict=True) for _ in range(n))
    assert to_document(new_game(1))["supply"] != to_document(new_game(2))["supply"]  # shuffled


def test_r2_4_the_player_with_hal_on_his_side_moves_first() -> None:
    for seed in range(20):
        state = new_game(seed)
        assert state.to_move == (0 if figures(state)["hal"] == 7 else 1)


def test_r2_new_game_is_reproducible_from_its_seed() -> None:
    assert to_document(new_game(5)) == to_document(new_game(5))
    assert to_document(new_game(rng=random.Random(5))) == to_document(new_game(5))


# ---------------------------------------------------------------- R3 Sue and her bodyguards


def test_r3_1_sue_strictly_between_bodyguards() -> None:
    # Bodyguards hugging Sue: she can only move with them; each guard only away from her.
    state = make_state(low=7, sue=8, high=9, hal=3, deb=12, hand_a="S S G1 G2 GA")
    assert state.legal_actions() == sorted(
        [
            "SS group+1",
            "SS group-1",
            "G1 low-1",
            "G1 high+1",
            "G2 low-1 high+1",
            "G2 low-2",
            "G2 high+2",
            "discard S",
            "discard G1",
            "discard G2",
            "discard GA",
            "lure low",  # lure sue would put her on 3, below low; lure high would put high below Sue
        ]
    )
    # Deb jokers obey R3 too (A may use jokers: deb < sue).
    joker = make_state(low=7, sue=8, high=9, deb=3, hal=12, hand_a="D1")
    assert legal_plays(joker, "D1") == sorted(["D1 deb+1", "D1 deb-1", "D1 hal+1", "D1 hal-1", "D1 low-1", "D1 high+1"])
    # Sue never stands on 0 or 16, and the reader rejects a position that breaks R3.
    with pytest.raises(FormatError, match="R3"):
        make_state(low=8, sue=8, high=10)


# ---------------------------------------------------------------- R4 The cards


def test_r4_the_deck_has_the_55_cards_and_colours_of_the_table() -> None:
    counts = dict(zip(CARD_CODES, CARD_COUNTS, strict=True))
    assert counts == {
        "S": 12, "G1": 4, "G2": 10, "GA": 2, "H1": 2, "H2": 8, "H3": 2,
        "D1": 1, "D2": 3, "D3": 5, "D4": 3, "D5": 1, "DM": 2,
    }  # fmt: skip
    assert DECK_SIZE == 55
    colours = dict(zip(CARD_CODES, CARD_COLOUR, strict=True))
    assert [c for c in CARD_CODES if colours[c] == GREEN] == ["S"]
    assert [c for c in CARD_CODES if colours[c] == GREY] == ["G1", "G2", "GA"]
    assert [c for c in CARD_CODES if colours[c] == YELLOW] == ["H1", "H2", "H3"]
    assert [c for c in CARD_CODES if colours[c] == RED] == ["D1", "D2", "D3", "D4", "D5", "DM"]


@pytest.mark.parametrize(
    ("start", "card", "action", "after"),
    [
        ({}, "S", "S sue+1", {"sue": 9}),
        ({}, "S S", "SS group-1", {"low": 5, "sue": 7, "high": 9}),
        ({}, "G1", "G1 high-1", {"high": 9}),
        ({}, "G2", "G2 low-1 high+1", {"low": 5, "high": 11}),
        ({}, "G2", "G2 high+2", {"high": 12}),
        ({"low": 3, "high": 13}, "GA", "GA", {"low": 7, "high": 9}),
        ({}, "H3", "H3 hal-3", {"hal": 4}),
        ({}, "D5", "D5 deb+5", {"deb": 14}),
        ({"deb": 13}, "DM", "DM deb=8", {"deb": 8}),
    ],
)
def test_r4_each_card_moves_its_figures_as_the_table_says(
    start: dict[str, int], card: str, action: str, after: dict[str, int]
) -> None:
    state = make_state(hand_a=card + " H2", **start)
    before = figures(state)
    play(state, action)
    assert figures(state) == before | after
    assert hand(state, "A") == ["H2"]
    assert snapshot(state)["discard"][-len(card.split()) :] == card.split()


def test_r4_1_direction_is_free() -> None:
    for to_move in ("A", "B"):
        state = make_state(to_move=to_move, low=4, high=12, hand_a="S G1 H2 D3", hand_b="S G1 H2 D3")
        assert legal_plays(state, "S") == ["S sue+1", "S sue-1"]
        assert legal_plays(state, "G1") == ["G1 high+1", "G1 high-1", "G1 low+1", "G1 low-1"]
        assert legal_plays(state, "H2") == ["H2 hal+2", "H2 hal-2"]
        assert {"D3 deb+3", "D3 deb-3"} <= set(legal_plays(state, "D3"))


def test_r4_1_toward_mover_variant_moves_only_toward_the_active_player() -> None:
    hands = {"hand_a": "S S G1 G2 GA H2 D3 DM", "hand_b": "S S G1 G2 GA H2 D3 DM"}
    a = make_state(rules=TOWARD_MOVER, low=4, high=12, deb=5, **hands)
    assert legal_plays(a, "S", "SS", "G1", "G2", "H2") == sorted(
        ["S sue-1", "SS group-1", "G1 low-1", "G1 high-1", "G2 low-1 high-1", "G2 low-2", "G2 high-2", "H2 hal-2"]
    )
    assert "GA" in a.legal_actions() and "DM deb=8" in a.legal_actions()  # no direction: unaffected
    assert {"D3 deb-3", "D3 sue-3", "D3 hal-3", "D3 low-3", "D3 high-3"} == set(legal_plays(a, "D3"))
    with pytest.raises(IllegalActionError, match=r"R4\.1"):
        a.apply_checked("S sue+1")
    b = make_state(rules=TOWARD_MOVER, to_move="B", low=4, high=12, deb=11, **hands)
    assert legal_plays(b, "S", "SS", "G1", "G2", "H2") == sorted(
        ["S sue+1", "SS group+1", "G1 low+1", "G1 high+1", "G2 low+1 high+1", "G2 low+2", "G2 high+2", "H2 hal+2"]
    )


def test_r4_2_a_figure_may_pass_over_others() -> None:
    # Hal from 7 passes Sue (8) and Deb (9) and lands beside the high bodyguard's space.
    state = play(make_state(hal=7, deb=9, hand_a="H3"), "H3 hal+3")
    assert figures(state)["hal"] == 10
    state = play(make_state(deb=9, hal=7, hand_a="D5"), "D5 deb-5")
    assert figures(state)["deb"] == 4  # over Sue, Hal and the low bodyguard


def test_r4_3_card_must_be_carried_out_completely() -> None:
    near_end = make_state(hal=15, deb=2, hand_a="H1 H2 H3 D2 D3")
    assert legal_plays(near_end, "H1", "H2", "H3") == ["H1 hal+1", "H1 hal-1", "H2 hal-2", "H3 hal-3"]
    deb_moves = [a for a in legal_plays(near_end, "D2", "D3") if "deb" in a]
    assert deb_moves == ["D2 deb+2", "D2 deb-2", "D3 deb+3"]
    with pytest.raises(IllegalActionError, match=r"R4\.3"):
        near_end.apply_checked("H2 hal+2")
    # R3 must hold after the card: a two-space move of a bodyguard may not end on or past Sue.
    guards = make_state(low=6, sue=8, high=16, hand_a="G1 G2")
    assert legal_plays(guards, "G1", "G2") == [
        "G1 high-1",
        "G1 low+1",
        "G1 low-1",
        "G2 high-2",
        "G2 low+1 high-1",
        "G2 low-1 high-1",
        "G2 low-2",
    ]  # not G2 low+2 (onto Sue, R3), nothing that moves high past 16


def test_r4_4_card_must_change_the_board() -> None:
    hugging = make_state(low=7, sue=8, high=9, deb=3, hand_a="GA DM")
    assert "GA" not in hugging.legal_actions()
    with pytest.raises(IllegalActionError, match=r"R4\.4"):
        hugging.apply_checked("GA")
    assert "DM sue=8" not in hugging.legal_actions()  # a joker DM on Sue, already on 8
    assert "DM deb=8" in hugging.legal_actions()
    one_side = make_state(low=7, sue=8, high=11, hand_a="GA")
    assert "GA" in one_side.legal_actions()
    on_middle = make_state(deb=8, hand_a="DM")
    assert legal_plays(on_middle, "DM") == []
    with pytest.raises(IllegalActionError, match=r"R4\.4"):
        on_middle.apply_checked("DM deb=8")


def test_r4_5_g2_split_moves_both() -> None:
    state = play(make_state(low=5, high=11, hand_a="G2"), "G2 low+1 high-1")
    assert (figures(state)["low"], figures(state)["high"]) == (6, 10)
    for a in ACTIONS:
        if a.kind == PLAY and a.card == G2:
            assert sorted(abs(step) for _, step in a.steps) in ([1, 1], [2])
            assert len(a.steps) == 2 or {fig for fig, _ in a.steps} <= {LOW, HIGH}
    for text in ("G2 low+1", "G2 high-1"):
        with pytest.raises(InvalidActionError):
            action_id(text)
    # Both guards hug Sue: "low-1" alone would be fine, but a split must move high too, and high-1 is Sue's space.
    hugging = make_state(low=7, sue=8, high=9, hand_a="G2")
    assert legal_plays(hugging, "G2") == ["G2 high+2", "G2 low-1 high+1", "G2 low-2"]


# ---------------------------------------------------------------- R5 A turn


def test_r5_1_one_colour_per_turn() -> None:
    state = make_state(hand_a="S S S G1 H2 D3 GA H1")
    play(state, "S sue+1")
    # Only green cards (single or group, any order) or the end of the turn.
    assert state.legal_actions() == ["S sue-1", "SS group+1", "SS group-1", "end"]
    with pytest.raises(IllegalActionError, match=r"R5\.1"):
        state.apply_checked("H2 hal+2")
    play(state, "SS group+1")
    assert state.legal_actions() == ["end"]
    doc = snapshot(state)
    assert doc["turn"] == {"mode": "play", "cards": ["S", "S", "S"], "joker": None}
    assert doc["discard"][-3:] == ["S", "S", "S"]
    assert hand(state, "A") == ["D3", "G1", "GA", "H1", "H2"]


def test_r5_1_the_whole_hand_may_be_played() -> None:
    state = play(make_state(hand_a="H2 H2 H2"), "H2 hal+2", "H2 hal-2", "H2 hal+2")
    assert state.hand_sizes[0] == 0 and state.legal_actions() == ["end"]
    play(state, "end")
    assert state.hand_sizes[0] == 8 and state.to_move == 1


def test_r5_2_lure_moves_sue_or_one_bodyguard_onto_hal() -> None:
    state = make_state(low=4, sue=8, high=12, hal=6, hand_a="S H2")
    assert legal_plays(state, "lure") == ["lure low", "lure sue"]  # high onto 6 would pass Sue (R3)
    with pytest.raises(IllegalActionError, match="R3"):
        state.apply_checked("lure high")
    supply_before = snapshot(state)["supply"]
    play(state, "lure sue")
    assert figures(state)["sue"] == 6
    # The lure is the whole turn: no card played, no draw (R6.1), the turn passes.
    assert hand(state, "A") == ["H2", "S"] and snapshot(state)["supply"] == supply_before
    assert state.to_move == 1 and snapshot(state)["turn"]["mode"] == "start"


def test_r5_2_lure_needs_a_move_and_only_sue_or_a_bodyguard() -> None:
    on_hal = make_state(low=4, sue=8, high=12, hal=4, hand_a="S")
    assert legal_plays(on_hal, "lure") == []
    with pytest.raises(IllegalActionError, match=r"R5\.2"):
        on_hal.apply_checked("lure low")
    for text in ("lure deb", "lure hal", "lure charlie"):
        with pytest.raises(InvalidActionError):
            on_hal.apply_checked(text)
    # A lure is a turn of its own: never after a card.
    traded = play(make_state(low=4, sue=8, high=12, hal=6, hand_a="S H2"), "discard S")
    assert legal_plays(traded, "lure") == []
    with pytest.raises(IllegalActionError, match=r"R5\.2"):
        traded.apply_checked("lure sue")


def test_r5_3_trade_at_least_one_card() -> None:
    state = make_state(hand_a="S G1 H2 D3")
    assert "end" not in state.legal_actions()
    play(state, "discard H2")
    assert state.legal_actions() == ["discard D3", "discard G1", "discard S", "end"]
    with pytest.raises(IllegalActionError, match=r"R5\.1-R5\.3"):
        state.apply_checked("S sue+1")
    play(state, "discard S", "discard G1", "discard D3")  # the whole hand may be discarded
    assert state.legal_actions() == ["end"]
    assert snapshot(state)["discard"][-4:] == ["H2", "S", "G1", "D3"]
    play(state, "end")
    assert state.hand_sizes[0] == 8


def test_r5_4_end_needs_a_card() -> None:
    state = make_state(hand_a="S G1")
    with pytest.raises(IllegalActionError, match=r"R5\.4"):
        state.apply_checked("end")
    assert snapshot(state) == snapshot(make_state(hand_a="S G1"))


def test_r5_4_a_legal_action_always_exists() -> None:
    for seed in range(6):
        state = new_game(seed)
        rng = random.Random(seed)
        while state.result is None:
            legal = state.legal_ids()
            assert legal, state
            if state.turn_key == 0:  # the start of a turn: a trade is always possible
                assert any(ACTIONS[i].notation.startswith("discard ") for i in legal)
                assert action_id("end") not in legal
            step(state, rng.choice(legal), rng)

"""The position document of FORMATS.md: written and read back unchanged, and every malformed or unreachable
document rejected with a message naming the field."""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from positions import make_state, play, position_document, step
from timessquare.cards import CARD_CODES, CARD_COUNTS
from timessquare.errors import FormatError
from timessquare.position import FIELDS, dumps, from_document, hand_codes, loads, to_document
from timessquare.state import State, new_game
from timessquare.variants import DEFAULT_RULES, Rules

Doc = dict[str, Any]


def round_trip(state: State, rules: Rules = DEFAULT_RULES) -> State:
    again = from_document(json.loads(json.dumps(to_document(state))), rules)
    assert to_document(again) == to_document(state)
    assert again.legal_actions() == state.legal_actions()
    return again


@pytest.mark.parametrize("rules", [Rules(), Rules(toward_mover=True), Rules(first_deb_card_locks=True)])
def test_round_trip_at_every_step_of_random_games(rules: Rules) -> None:
    for seed in range(4):
        state = new_game(seed, rules)
        rng = random.Random(seed)
        while True:
            round_trip(state, rules)
            assert loads(dumps(state), rules).legal_actions() == state.legal_actions()
            if state.result is not None:
                break
            step(state, rng.choice(state.legal_ids()), rng)


def test_round_trip_keeps_the_turn_mode_cards_and_joker() -> None:
    joker = play(make_state(deb=5, hand_a="D2 D3 S"), "D2 low-2")
    assert to_document(joker)["turn"] == {"mode": "play", "cards": ["D2"], "joker": "guards"}
    round_trip(joker)
    trade = play(make_state(hand_a="S G1 H2"), "discard G1", "discard S")
    assert to_document(trade)["turn"] == {"mode": "trade", "cards": ["G1", "S"], "joker": None}
    round_trip(trade)
    variant = Rules(first_deb_card_locks=True)
    on_deb = play(make_state(rules=variant, deb=5, hand_a="D1 D2 D3"), "D1 deb-1")
    assert from_document(to_document(on_deb), variant).legal_actions() == on_deb.legal_actions()
    assert "D2 sue+2" not in on_deb.legal_actions()


def test_round_trip_of_finished_games() -> None:
    mid_turn = play(make_state(low=1, sue=2, high=5, hand_a="S S S"), "SS group-1")
    again = round_trip(mid_turn)
    assert again.result_name == "A" and "entrance" in again.end_reason
    short = make_state(hand_a="G2 G2 G2 S S S S S", supply="H1 H3", supply_number=2, rest="discard")
    play(short, "discard G2", "discard G2", "discard G2", "end")
    doc = to_document(short)
    assert doc["supply"] == [] and len(doc["hands"]["A"]) == 7 and doc["result"] is not None
    round_trip(short)


def example_document() -> Doc:
    """The example of FORMATS.md, with its supply completed to the full 39 cards."""
    hands = {
        "A": ["S", "S", "G2", "H2", "D3", "D3", "DM", "G1"],
        "B": ["S", "G2", "G2", "H2", "H3", "D4", "D2", "S"],
    }
    left = Counter(dict(zip(CARD_CODES, CARD_COUNTS, strict=True)))
    left.subtract(hands["A"] + hands["B"] + ["H2", "S", "G2"])
    supply = ["H2", "S", "G2", *sorted(left.elements())]
    return {
        "format": "times-square/position/1",
        "figures": {"sue": 8, "low": 6, "high": 10, "hal": 7, "deb": 9, "charlie": 8},
        "to_move": "A",
        "hands": hands,
        "supply": supply,
        "supply_number": 1,
        "discard": [],
        "turn": {"mode": "start", "cards": [], "joker": None},
        "result": None,
    }


def test_the_example_document_of_formats_md_is_accepted() -> None:
    doc = example_document()
    assert len(doc["supply"]) == 39
    state = from_document(doc)
    out = to_document(state)
    assert out["supply"][:3] == ["H2", "S", "G2"] and out["supply"] == doc["supply"]
    assert out["hands"]["A"] == sorted(doc["hands"]["A"]) and out["figures"] == doc["figures"]
    assert state.to_move == 0 and state.result is None
    play(state, "H2 hal-2", "end")
    assert to_document(state)["hands"]["A"] == sorted(["S", "S", "G2", "D3", "D3", "DM", "G1", "H2"])


def test_the_reader_accepts_short_hands_and_finished_positions() -> None:
    from_document(position_document(hand_a="S", hand_b=""))  # hand sizes are not checked
    from_document(position_document(low=0, sue=1, high=5, result="A"))
    from_document(position_document(charlie=16, result="B"))


def set_path(path: str, value: Any) -> Callable[[Doc], None]:
    def change(doc: Doc) -> None:
        *parents, last = path.split(".")
        target = doc
        for key in parents:
            target = target[key]
        target[last] = value

    return change


def delete(path: str) -> Callable[[Doc], None]:
    def change(doc: Doc) -> None:
        *parents, last = path.split(".")
        target = doc
        for key in parents:
            target = target[key]
        del target[last]

    return change


def moved_card(doc: Doc) -> None:
    doc["supply"].pop()


def extra_card(doc: Doc) -> None:
    doc["discard"].append("S")


def stale_turn(doc: Doc) -> None:
    doc["turn"] = {"mode": "trade", "cards": ["H2"], "joker": None}
    doc["discard"] = ["H2", *doc["discard"], "S"]  # the turn's card is not the newest discard
    doc["supply"].remove("H2")
    doc["supply"].remove("S")


REJECTED: list[tuple[str, Callable[[Doc], None], str]] = [
    ("unknown format", set_path("format", "times-square/position/2"), "format"),
    ("unknown format type", set_path("format", 1), "format"),
    *[(f"missing {f}", delete(f), f) for f in FIELDS],
    ("unknown field", set_path("seed", 7), "seed"),
    ("missing figure", delete("figures.charlie"), "figures.charlie"),
    ("unknown figure", set_path("figures.bob", 3), "figures.bob"),
    ("missing turn field", delete("turn.joker"), "turn.joker"),
    ("unknown turn field", set_path("turn.colour", "red"), "turn.colour"),
    ("unknown hand", set_path("hands.C", []), "hands.C"),
    ("figure is a string", set_path("figures.sue", "8"), "figures.sue"),
    ("figure is a float", set_path("figures.hal", 7.0), "figures.hal"),
    ("figure is a boolean", set_path("figures.deb", True), "figures.deb"),
    ("figures not an object", set_path("figures", [8, 6, 10, 7, 9, 8]), "figures"),
    ("hands not an object", set_path("hands", []), "hands"),
    ("hand not an array", set_path("hands.A", "S S"), "hands.A"),
    ("unknown card code", set_path("hands.B", ["S", "X2"]), "hands.B[1]"),
    ("supply not an array", set_path("supply", None), "supply"),
    ("discard not an array", set_path("discard", {}), "discard"),
    ("supply_number 3", set_path("supply_number", 3), "supply_number"),
    ("supply_number string", set_path("supply_number", "1"), "supply_number"),
    ("supply_number boolean", set_path("supply_number", True), "supply_number"),
    ("to_move C", set_path("to_move", "C"), "to_move"),
    ("to_move number", set_path("to_move", 0), "to_move"),
    ("result unknown", set_path("result", "C"), "result"),
    ("mode unknown", set_path("turn.mode", "draw"), "turn.mode"),
    ("joker unknown", set_path("turn.joker", "deb"), "turn.joker"),
    ("turn not an object", set_path("turn", "start"), "turn"),
    ("figure off board high", set_path("figures.hal", 17), "figures.hal"),
    ("figure off board low", set_path("figures.charlie", -1), "figures.charlie"),
    ("R3 broken", set_path("figures.low", 8), "figures"),
    ("R3 broken, high", set_path("figures.high", 7), "figures"),
    ("start with cards", set_path("turn.cards", ["S"]), "turn"),
    ("start with joker", set_path("turn.joker", "sue"), "turn"),
    ("play without cards", set_path("turn.mode", "play"), "turn.cards"),
    ("trade without cards", set_path("turn.mode", "trade"), "turn.cards"),
    ("turn cards not newest discard", stale_turn, "turn.cards"),
    ("running game, Sue on A's entrance", lambda d: d["figures"].update(low=0, sue=1), "figures.sue"),
    ("running game, Sue on B's entrance", lambda d: d["figures"].update(sue=15, high=16), "figures.sue"),
    ("running game, Charlie on 1", set_path("figures.charlie", 1), "figures.charlie"),
    ("running game, Charlie on 16", set_path("figures.charlie", 16), "figures.charlie"),
    ("running game, empty supply", lambda d: (d["discard"].extend(d["supply"]), d["supply"].clear()), "supply"),
]


@pytest.mark.parametrize(("case", "change", "field"), REJECTED, ids=[c for c, _, _ in REJECTED])
def test_the_reader_rejects_naming_the_field(case: str, change: Callable[[Doc], None], field: str) -> None:
    doc = copy.deepcopy(example_document())
    change(doc)
    with pytest.raises(FormatError) as caught:
        from_document(doc)
    assert caught.value.field == field, str(caught.value)
    assert str(caught.value).startswith(field + ":")


@pytest.mark.parametrize(
    ("case", "turn", "field", "words"),
    [
        ("play mixing colours", {"mode": "play", "cards": ["S", "H2"], "joker": None}, "turn.cards", "R5.1"),
        ("joker on a green turn", {"mode": "play", "cards": ["S"], "joker": "sue"}, "turn.joker", "R9"),
        ("joker on a trade turn", {"mode": "trade", "cards": ["D2"], "joker": "guards"}, "turn.joker", "R9"),
    ],
)
def test_the_reader_rejects_inconsistent_turns(case: str, turn: Doc, field: str, words: str) -> None:
    doc = position_document(hand_a="G1", mode="trade", cards=turn["cards"])
    doc["turn"] = turn
    with pytest.raises(FormatError, match=words) as caught:
        from_document(doc)
    assert caught.value.field == field


@pytest.mark.parametrize("change", [moved_card, extra_card], ids=["54 cards", "56 cards"])
def test_the_reader_rejects_cards_that_do_not_add_up_to_55(change: Callable[[Doc], None]) -> None:
    doc = example_document()
    change(doc)
    with pytest.raises(FormatError, match="55") as caught:
        from_document(doc)
    assert "R4" in str(caught.value)


def test_the_reader_rejects_a_wrong_mix_of_55_cards() -> None:
    doc = example_document()
    doc["supply"][doc["supply"].index("GA")] = "S"  # 55 cards, but 13 S and 1 GA
    with pytest.raises(FormatError, match=r"13 S \(R4 has 12\)"):
        from_document(doc)


def test_loads_rejects_text_that_is_not_json() -> None:
    with pytest.raises(FormatError, match="JSON"):
        loads("{'format': 1")
    with pytest.raises(FormatError, match="object"):
        loads("[1, 2]")


def test_the_reader_rejects_a_float_supply_number() -> None:
    doc = example_document()
    doc["supply_number"] = 1.0
    with pytest.raises(FormatError):
        from_document(doc)


def test_a_finished_game_is_frozen_at_the_moment_it_ended() -> None:
    # A's `end` reshuffles (R6.2) and then Charlie reaches A's entrance (R8.1).
    state = make_state(hand_a="G2 G2 G2 S S S S S", supply="H1 H3", rest="discard", charlie=2, hal=0)
    play(state, "discard G2", "discard G2", "discard G2", "end")
    doc = to_document(state)
    assert doc["result"] == "A" and doc["to_move"] == "A"
    assert doc["turn"] == {"mode": "trade", "cards": ["G2", "G2", "G2"], "joker": None}
    assert doc["discard"] == [] and doc["supply_number"] == 2  # this turn's cards went into the second supply
    assert to_document(from_document(doc)) == doc


def test_a_hand_reads_as_its_codes_sorted_as_strings_whatever_its_counts() -> None:
    rng = random.Random(5)
    for _ in range(500):
        counts = [rng.randint(0, n) for n in CARD_COUNTS]
        every = [code for code, n in zip(CARD_CODES, counts, strict=True) for _ in range(n)]
        assert hand_codes(counts) == sorted(every)

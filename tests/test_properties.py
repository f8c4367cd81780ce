"""Property tests over random legal play: the engine against the reference rules and its own contracts.

Hypothesis draws a deal seed and a list of choice indices; the game is played with those choices (index
modulo the number of legal actions, then a generator seeded from the deal when the list runs out), to
the end. At every step the engine must agree with tests/reference_rules.py (written from RULES.md alone)
on the legal actions and on the effect of every one of them, and keep its contracts: the 55 cards of R4,
R3, masks and lists that agree, notation round trips, views that hide what R10 hides, documents and records
that round-trip. Each test runs under the rules as written and under each variant flag.
"""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import reference_rules as ref
from timessquare.actions import ACTIONS, NUM_ACTIONS, action_id, notation
from timessquare.cards import CARD_CODES, CARD_INDEX, CHARLIE, HIGH, LOW, SUE
from timessquare.errors import IllegalActionError, InvalidActionError
from timessquare.explain import why_illegal
from timessquare.game import Game
from timessquare.position import from_document, to_document
from timessquare.record import replay, to_record
from timessquare.state import State
from timessquare.variants import Rules
from timessquare.view import PlayerView

RULE_SETS = [Rules(), Rules(toward_mover=True), Rules(first_deb_card_locks=True)]
RULE_NAMES = ["as-written", "toward-mover", "first-deb-card-locks"]
by_rules = pytest.mark.parametrize("rules", RULE_SETS, ids=RULE_NAMES)

SEEDS = st.integers(0, 2**32 - 1)
CHOICES = st.lists(st.integers(0, 2**16), max_size=300)
SETTINGS = settings(deadline=None, max_examples=25, suppress_health_check=[HealthCheck.too_slow])


class Chooser:
    """Picks among the legal ids: by the drawn choice indices, then by a generator seeded from the deal."""

    def __init__(self, seed: int, choices: list[int]) -> None:
        self.choices = choices
        self.fallback = random.Random(seed ^ 0xC0FFEE)
        self.step = 0

    def __call__(self, legal: tuple[int, ...]) -> int:
        pick = self.choices[self.step] if self.step < len(self.choices) else self.fallback.randrange(2**16)
        self.step += 1
        return legal[pick % len(legal)]


def play_on(game: Game, seed: int, choices: list[int], stop: int | None = None) -> Iterator[Game]:
    """Yield the game before each action, then play the chosen action (checked path) until the game is over
    or `stop` actions were played. Reshuffles come from the game's own generator, as in real play."""
    choose = Chooser(seed, choices)
    while not game.is_over and (stop is None or choose.step < stop):
        aid = choose(game.state.legal_ids())
        yield game
        game.apply_checked(aid)


def codes(cards: list[int] | tuple[int, ...]) -> list[str]:
    return [CARD_CODES[c] for c in cards]


def apply_with_order(state: State, aid: int, rng: random.Random) -> tuple[State, list[str] | None]:
    """A copy of `state` after `aid`; a reshuffle it causes uses a random order, returned as codes."""
    child = state.clone()
    order: list[str] | None = None
    child.apply(aid)
    if child.chance_due is not None:  # the reshuffle (R6.2)
        shuffled = child.discard[:]
        rng.shuffle(shuffled)
        child.apply_chance(shuffled)
        order = codes(shuffled)
    return child, order


# ----------------------------------------------------------------------------- the checks of one position


def check_cards_add_up(state: State) -> None:
    """R4: the hands, the supply and the discard pile hold the 55 cards, by code."""
    total: Counter[str] = Counter(codes(state.supply)) + Counter(codes(state.discard))
    for seat in (0, 1):
        assert sum(state.hands[seat]) == state.hand_sizes[seat], "hand_sizes disagree with the hand counts"
        assert all(n >= 0 for n in state.hands[seat]), state.hands[seat]
        total += Counter({CARD_CODES[c]: n for c, n in enumerate(state.hands[seat]) if n})
    assert dict(total) == ref.CARD_COUNTS, f"R4: the cards do not add up: {dict(total)}"


def check_board(state: State) -> None:
    """R1.1: every figure on 0-16 (Charlie on his strip); R3: low < sue < high."""
    assert all(0 <= p <= 16 for p in state.pos), state.pos
    assert state.pos[LOW] < state.pos[SUE] < state.pos[HIGH], f"R3 broken: {state.pos}"


def check_running_game(state: State) -> None:
    """R6.1 and R6.2 / R8 for a game still running: full hands between turns, a supply that is never empty."""
    if state.result is not None:
        return
    assert state.supply, "R6.2: a running game never shows an empty supply"
    mover, other = state.to_move, 1 - state.to_move
    assert state.hand_sizes[other] == 8, "R6.1: the player not to move holds 8 cards"
    assert state.hand_sizes[mover] == 8 - len(state.turn_cards), "R6.1: 8 cards less those of this turn"
    assert not any(state.pos[f] <= 1 or state.pos[f] >= 15 for f in (SUE, CHARLIE)), "R8.1 missed"


def check_masks_agree(state: State) -> None:
    """legal_ids, legal_mask, action_mask, legal_actions and is_legal say the same thing."""
    ids = state.legal_ids()
    mask = state.legal_mask()
    assert list(ids) == sorted(ids)
    assert ids == tuple(i for i in range(NUM_ACTIONS) if mask >> i & 1)
    assert state.action_mask() == [1 if i in ids else 0 for i in range(NUM_ACTIONS)]
    assert state.legal_actions() == sorted(notation(i) for i in ids)
    assert all(state.is_legal(i) == (i in ids) for i in range(NUM_ACTIONS))
    assert all(action_id(notation(i)) == i for i in ids)
    if state.result is None:
        assert ids, "R5.4: a legal action always exists"


def check_explanations(state: State, rng: random.Random) -> None:
    """why_illegal says "legal" exactly for the legal actions; apply_checked refuses one illegal action."""
    ids = set(state.legal_ids())
    if state.result is not None:
        return
    for aid in range(NUM_ACTIONS):
        said = why_illegal(state, aid)
        assert (said == "legal") == (aid in ids), f"why_illegal({notation(aid)!r}) = {said!r}"
    illegal = [aid for aid in range(NUM_ACTIONS) if aid not in ids]
    aid = rng.choice(illegal)
    before = to_document(state)
    with pytest.raises(IllegalActionError):
        state.apply_checked(notation(aid))
    assert to_document(state) == before, "apply_checked changed the state when it refused"


def differences(action: str, doc: dict[str, Any], engine: dict[str, Any], reference: dict[str, Any]) -> str:
    """A failure message: the action, the position before it, and each field where the two results differ."""
    lines = [f"after {action!r} from {json.dumps(doc)}:"]
    for field in doc:
        if engine.get(field) != reference.get(field):
            lines.append(
                f"  {field}: engine {json.dumps(engine.get(field))} != reference {json.dumps(reference.get(field))}"
            )
    return "\n".join(lines)


def check_against_reference(state: State, rules: Rules, rng: random.Random) -> None:
    """The legal actions, and the position after each of them, are those of the reference rules."""
    doc = to_document(state)
    assert state.legal_actions() == ref.legal_actions(doc, rules), "legal actions differ from the reference"
    for aid in state.legal_ids():
        child, order = apply_with_order(state, aid, rng)
        expected = ref.apply_action(doc, notation(aid), rules, order)
        assert to_document(child) == expected, differences(notation(aid), doc, to_document(child), expected)


def check_consequences(before: State, after: State) -> None:
    """RULES.md's consequences: Charlie moves at most 4 per turn, and only toward the mover; Sue wins on 1/15."""
    moved = after.pos[CHARLIE] - before.pos[CHARLIE]
    assert abs(moved) <= 4, f"Charlie moved {moved}"
    assert moved == 0 or (moved < 0) == (before.to_move == 0), "R7.1: Charlie moved toward the opponent"
    sue = after.pos[SUE]
    if after.result is not None and (sue <= 1 or sue >= 15):
        assert (sue, after.pos[LOW]) == (1, 0) or (sue, after.pos[HIGH]) == (15, 16), after.pos


def check_setup(doc: dict[str, Any]) -> None:
    """R2: Sue and Charlie on 8, bodyguards on 6 and 10, Hal and Deb on 7 and 9, 8 cards each, 39 in the supply,
    and the player with Hal on his side (A's side is 7) moves first."""
    figures = doc["figures"]
    assert (figures["sue"], figures["charlie"], figures["low"], figures["high"]) == (8, 8, 6, 10), figures
    assert {figures["hal"], figures["deb"]} == {7, 9}, figures
    assert doc["to_move"] == ("A" if figures["hal"] == 7 else "B"), "R2.4: Hal's side moves first"
    assert [len(doc["hands"][seat]) for seat in ("A", "B")] == [8, 8]
    assert (len(doc["supply"]), doc["supply_number"], doc["discard"]) == (39, 1, [])
    assert doc["turn"] == {"mode": "start", "cards": [], "joker": None} and doc["result"] is None


def check_position(state: State, rules: Rules, rng: random.Random) -> None:
    check_cards_add_up(state)
    check_board(state)
    check_running_game(state)
    check_masks_agree(state)
    check_explanations(state, rng)
    check_against_reference(state, rules, rng)


# ----------------------------------------------------------------------------- random play


@by_rules
@SETTINGS
@given(seed=SEEDS, choices=CHOICES)
def test_random_play_follows_the_reference_rules_and_keeps_the_invariants(
    rules: Rules, seed: int, choices: list[int]
) -> None:
    rng = random.Random(seed)
    game = Game.new(seed, rules)
    check_setup(game.start)
    state, choose = game.state, Chooser(seed, choices)
    while not game.is_over:
        check_position(state, rules, rng)
        before, doc = state.clone(), to_document(state)
        aid = choose(state.legal_ids())
        game.apply_checked(aid)  # the checked path, with the game's own reshuffle (recorded as a `shuffle` entry)
        last = game.moves[-1]
        order = last.split(" ")[1:] if last.startswith("shuffle ") else None
        expected = ref.apply_action(doc, notation(aid), rules, order)
        assert to_document(state) == expected, differences(notation(aid), doc, to_document(state), expected)
        check_consequences(before, state)
    check_position(state, rules, rng)
    assert state.legal_ids() == () and state.legal_mask() == 0


def hide_differently(doc: dict[str, Any], seat: str | None, rng: random.Random) -> dict[str, Any]:
    """The same position with different hidden information for `seat` (R10.2): the supply order permuted,
    and cards swapped between the supply and every hand `seat` cannot see, keeping all sizes."""
    other = copy.deepcopy(doc)
    rng.shuffle(other["supply"])
    for hidden in ("A", "B"):
        if hidden == seat:
            continue
        hand, supply = other["hands"][hidden], other["supply"]
        for _ in range(rng.randint(1, 8)):
            if hand and supply:
                i, j = rng.randrange(len(hand)), rng.randrange(len(supply))
                hand[i], supply[j] = supply[j], hand[i]
    if seat is None:  # a spectator sees neither hand: swap between them too
        a, b = other["hands"]["A"], other["hands"]["B"]
        if a and b:
            i, j = rng.randrange(len(a)), rng.randrange(len(b))
            a[i], b[j] = b[j], a[i]
    return other


@by_rules
@SETTINGS
@given(seed=SEEDS, choices=CHOICES)
def test_views_do_not_change_with_hidden_information_R10(rules: Rules, seed: int, choices: list[int]) -> None:
    rng = random.Random(seed)
    seen = False
    game = Game.new(seed, rules)
    for _ in play_on(game, seed, choices):
        state = game.state
        doc = to_document(state)
        for seat, name in ((0, "A"), (1, "B"), (None, None)):
            changed = from_document(hide_differently(doc, name, rng), rules)
            view = PlayerView.of(state, seat, game.moves)
            assert PlayerView.of(changed, seat, game.moves) == view, f"the view of {name} shows hidden information"
            assert PlayerView.from_document(view.to_document()) == view
            if seat == state.to_move:  # the mover's choices depend only on what he sees
                assert changed.legal_ids() == state.legal_ids()
                seen = True
    assert seen


@by_rules
@SETTINGS
@given(seed=SEEDS, choices=CHOICES)
def test_position_documents_round_trip(rules: Rules, seed: int, choices: list[int]) -> None:
    game = Game.new(seed, rules)
    for _ in play_on(game, seed, choices):
        doc = to_document(game.state)
        assert to_document(from_document(json.loads(json.dumps(doc)), rules)) == doc
    final = to_document(game.state)
    assert final["result"] is not None
    assert to_document(from_document(final, rules)) == final


@by_rules
@SETTINGS
@given(seed=SEEDS, choices=CHOICES, stop=st.one_of(st.none(), st.integers(0, 150)))
def test_game_records_replay_to_the_same_game(rules: Rules, seed: int, choices: list[int], stop: int | None) -> None:
    game = Game.new(seed, rules)
    for _ in play_on(game, seed, choices, stop):
        pass
    record = json.loads(json.dumps(to_record(game)))
    again = replay(record)
    assert again.moves == game.moves
    assert again.result == game.result
    assert to_document(again.state) == to_document(game.state)
    assert to_record(again) == record
    if stop is None:
        assert record["result"] is not None and record["end"] == game.state.end_reason


# ----------------------------------------------------------------------------- positions play cannot easily reach

FULL_DECK = [code for code, count in ref.CARD_COUNTS.items() for _ in range(count)]


@st.composite
def positions(draw: st.DrawFn) -> dict[str, Any]:
    """Any running position the formats allow: figures anywhere R3 permits, any deal, any point of a turn."""
    sue = draw(st.integers(2, 14))
    figures = {
        "sue": sue,
        "low": draw(st.integers(0, sue - 1)),
        "high": draw(st.integers(sue + 1, 16)),
        "hal": draw(st.integers(0, 16)),
        "deb": draw(st.integers(0, 16)),
        "charlie": draw(st.integers(2, 14)),
    }
    deck = list(draw(st.permutations(FULL_DECK)))
    mover = draw(st.sampled_from(["A", "B"]))
    mode = draw(st.sampled_from(["start", "trade", "play"]))
    cards: list[str] = []
    joker = None
    if mode == "trade":
        cards = deck[: draw(st.integers(1, 4))]
    elif mode == "play":
        colour = draw(st.sampled_from(["green", "grey", "yellow", "red"]))
        cards = [c for c in deck if ref.CARDS[c][1] == colour][: draw(st.integers(1, 3))]
        if colour == "red":
            joker = draw(st.sampled_from([None, "sue", "hal", "guards"]))
    for card in cards:
        deck.remove(card)
    in_hand = 8 - len(cards)
    hands = {mover: deck[:in_hand], ("B" if mover == "A" else "A"): deck[in_hand : in_hand + 8]}
    rest = deck[in_hand + 8 :]
    size = draw(st.one_of(st.integers(1, 3), st.integers(1, len(rest))))
    return {
        "format": "times-square/position/1",
        "figures": figures,
        "to_move": mover,
        "hands": {seat: sorted(hands[seat]) for seat in ("A", "B")},
        "supply": rest[:size],
        "supply_number": draw(st.sampled_from([1, 2])),
        "discard": rest[size:] + cards,
        "turn": {"mode": mode, "cards": cards, "joker": joker},
        "result": None,
    }


@by_rules
@settings(deadline=None, max_examples=300)
@given(doc=positions(), seed=SEEDS)
def test_any_position_follows_the_reference_rules(rules: Rules, doc: dict[str, Any], seed: int) -> None:
    state = from_document(doc, rules)
    assert to_document(state) == doc
    rng = random.Random(seed)
    check_position(state, rules, rng)
    for aid in state.legal_ids():
        child, _order = apply_with_order(state, aid, rng)
        check_cards_add_up(child)
        check_board(child)
        check_running_game(child)
        check_consequences(state, child)


# ----------------------------------------------------------------------------- notation


def test_notation_and_ids_round_trip_for_all_95_actions() -> None:
    assert [notation(i) for i in range(NUM_ACTIONS)] == [a.notation for a in ACTIONS]
    assert all(action_id(notation(i)) == i for i in range(NUM_ACTIONS))
    assert sorted(notation(i) for i in range(NUM_ACTIONS)) == sorted(ref.all_action_strings())
    assert len(set(ref.all_action_strings())) == NUM_ACTIONS == 95


@pytest.mark.parametrize("text", ["lure deb", "H1 hal+2", "G2 high+1 low+1", "DM deb=7", "end ", "S  sue+1", "s sue+1"])
def test_strings_outside_the_notation_table_are_invalid(text: str) -> None:
    with pytest.raises(InvalidActionError):
        action_id(text)


def test_card_codes_match_the_reference() -> None:
    assert list(CARD_CODES) == list(ref.CARDS)
    assert all(CARD_INDEX[code] == i for i, code in enumerate(ref.CARDS))

"""The position document of FORMATS.md: a complete state as JSON, written and read with full validation.

The JSON itself is read by jsonread.py (limits, duplicate keys); this module checks what it means."""

from __future__ import annotations

import json
from typing import Any

from .cards import (
    CARD_CODES,
    CARD_COLOUR,
    CARD_COUNTS,
    CARD_INDEX,
    CHARLIE,
    DECK_SIZE,
    FIGURE_NAMES,
    HIGH,
    LAST_SPACE,
    LOW,
    NUM_CARD_TYPES,
    RED,
    RESULT_NAMES,
    SEAT_NAMES,
    SUE,
    A,
    B,
)
from .errors import FormatError
from .jsonread import check_fields, join, parse_json, type_name
from .outcome import Outcome
from .state import State, deck_out, entrance_outcome, entrance_owner
from .tables import (
    TK_OF_COLOUR,
    TK_RED,
    TK_RED_DEB,
    TK_RED_GUARDS,
    TK_RED_HAL,
    TK_RED_SUE,
    TK_START,
    TK_TRADE,
)
from .variants import DEFAULT_RULES, Rules

POSITION_FORMAT = "times-square/position/1"
FIELDS = ("format", "figures", "to_move", "hands", "supply", "supply_number", "discard", "turn", "result")
TURN_FIELDS = ("mode", "cards", "joker")
JOKER_OF_TURN_KEY = {TK_RED_SUE: "sue", TK_RED_HAL: "hal", TK_RED_GUARDS: "guards"}
TURN_KEY_OF_JOKER = {v: k for k, v in JOKER_OF_TURN_KEY.items()}


def codes(cards: list[int]) -> list[str]:
    return [CARD_CODES[c] for c in cards]


_BY_CODE = sorted(range(NUM_CARD_TYPES), key=CARD_CODES.__getitem__)  # the card types in the order of their codes


def hand_codes(counts: list[int]) -> list[str]:
    """A hand as a list of codes sorted as strings (as the view document shows it)."""
    return [CARD_CODES[c] for c in _BY_CODE for _ in range(counts[c])]


def turn_document(state: State) -> dict[str, Any]:
    tk = state.turn_key
    mode = "start" if tk == TK_START else "trade" if tk == TK_TRADE else "play"
    return {"mode": mode, "cards": codes(state.turn_cards), "joker": JOKER_OF_TURN_KEY.get(tk)}


def figures_document(state: State) -> dict[str, int]:
    return {name: state.pos[i] for i, name in enumerate(FIGURE_NAMES)}


def to_document(state: State) -> dict[str, Any]:
    """The position document of a state (the referee's view: hidden information included)."""
    return {
        "format": POSITION_FORMAT,
        "figures": figures_document(state),
        "to_move": SEAT_NAMES[state.to_move],
        "hands": {"A": hand_codes(state.hands[A]), "B": hand_codes(state.hands[B])},
        "supply": codes(state.supply[::-1]),  # the document lists the next card to be drawn first
        "supply_number": state.supply_number,
        "discard": codes(state.discard),
        "turn": turn_document(state),
        "result": state.result_name,
    }


def dumps(state: State) -> str:
    return json.dumps(to_document(state))


def loads(text: str, rules: Rules = DEFAULT_RULES) -> State:
    """Parse a position document from JSON text; raises FormatError naming what is wrong."""
    return from_document(parse_json(text), rules)


# ----------------------------------------------------------------------------- reading


def card_list(value: object, name: str) -> list[int]:
    if not isinstance(value, list):
        raise FormatError(name, f"must be an array of card codes, not {type_name(value)}")
    out = []
    for i, code in enumerate(value):
        if not isinstance(code, str) or code not in CARD_INDEX:
            raise FormatError(f"{name}[{i}]", f"unknown card code {code!r} (codes: {' '.join(CARD_CODES)})")
        out.append(CARD_INDEX[code])
    return out


def seat_index(value: object, name: str) -> int:
    if value not in ("A", "B"):
        raise FormatError(name, f'must be "A" or "B", not {json.dumps(value)}')
    return A if value == "A" else B


def result_code(value: object, name: str) -> int | None:
    if value is None:
        return None
    if value not in RESULT_NAMES:
        raise FormatError(name, f'must be null, "A", "B" or "draw", not {json.dumps(value)}')
    return RESULT_NAMES.index(value)


def from_document(doc: object, rules: Rules = DEFAULT_RULES, name: str = "") -> State:
    """A state from a position document (a parsed JSON object), validated as FORMATS.md requires."""
    if isinstance(doc, dict) and "format" in doc and doc["format"] != POSITION_FORMAT:
        raise FormatError(
            join(name, "format"), f"unknown format {json.dumps(doc['format'])} (expected {POSITION_FORMAT!r})"
        )
    doc = check_fields(doc, name, FIELDS)
    if doc["format"] != POSITION_FORMAT:
        raise FormatError(
            join(name, "format"), f"unknown format {json.dumps(doc['format'])} (expected {POSITION_FORMAT!r})"
        )
    figures = check_fields(doc["figures"], join(name, "figures"), FIGURE_NAMES)
    pos = []
    for fig in FIGURE_NAMES:
        value = figures[fig]
        field = join(name, f"figures.{fig}")
        if not isinstance(value, int) or isinstance(value, bool):
            raise FormatError(field, f"must be a whole number, not {type_name(value)}")
        if not 0 <= value <= LAST_SPACE:
            raise FormatError(field, f"space {value} is off the board (0-16, R1.1)")
        pos.append(value)
    if not pos[LOW] < pos[SUE] < pos[HIGH]:
        raise FormatError(
            join(name, "figures"),
            f"Sue must stand strictly between her bodyguards (low {pos[LOW]} < sue {pos[SUE]} < high {pos[HIGH]}, R3)",
        )
    to_move = seat_index(doc["to_move"], join(name, "to_move"))
    hands_doc = check_fields(doc["hands"], join(name, "hands"), ("A", "B"))
    hands = [card_list(hands_doc[s], join(name, f"hands.{s}")) for s in SEAT_NAMES]
    supply = card_list(doc["supply"], join(name, "supply"))
    supply_number = doc["supply_number"]
    if type(supply_number) is not int or supply_number not in (1, 2):
        raise FormatError(join(name, "supply_number"), f"must be 1 or 2, not {json.dumps(supply_number)}")
    discard = card_list(doc["discard"], join(name, "discard"))
    result = result_code(doc["result"], join(name, "result"))
    turn_key, turn_cards = _read_turn(doc["turn"], join(name, "turn"), rules)
    _check_card_total([*hands, supply, discard], name)
    if result is None:
        _check_reachable(pos, supply, discard, turn_cards, name)
    counts = [[0] * NUM_CARD_TYPES, [0] * NUM_CARD_TYPES]
    for s in (A, B):
        for card in hands[s]:
            counts[s][card] += 1
    state = State(pos, counts, supply[::-1], supply_number, discard, to_move, turn_key, turn_cards, result, rules=rules)
    if result is not None:
        state.outcome = _finished_outcome(pos, result, supply, supply_number, name)
    return state


def _read_turn(value: object, name: str, rules: Rules) -> tuple[int, list[int]]:
    turn = check_fields(value, name, TURN_FIELDS)
    mode, joker = turn["mode"], turn["joker"]
    cards = card_list(turn["cards"], f"{name}.cards")
    if mode not in ("start", "play", "trade"):
        raise FormatError(f"{name}.mode", f'must be "start", "play" or "trade", not {json.dumps(mode)}')
    if joker not in (None, "sue", "hal", "guards"):
        raise FormatError(f"{name}.joker", f'must be null, "sue", "hal" or "guards", not {json.dumps(joker)}')
    if mode == "start":
        if cards or joker is not None:
            raise FormatError(name, "a turn in mode start has no cards and no joker yet")
        return TK_START, cards
    if not cards:
        raise FormatError(f"{name}.cards", f"a turn in mode {mode} has at least one card")
    if mode == "trade":
        if joker is not None:
            raise FormatError(f"{name}.joker", "a trade turn has no joker (R9 locks Deb cards played, not discarded)")
        return TK_TRADE, cards
    colours = {CARD_COLOUR[c] for c in cards}
    if len(colours) > 1:
        raise FormatError(f"{name}.cards", "a play turn mixes colours (R5.1: all cards of one colour)")
    colour = colours.pop()
    if colour != RED:
        if joker is not None:
            raise FormatError(f"{name}.joker", "a joker is only possible on a red (Deb card) turn (R9)")
        return TK_OF_COLOUR[colour], cards
    if joker is not None:
        return TURN_KEY_OF_JOKER[joker], cards
    return (TK_RED_DEB if rules.first_deb_card_locks else TK_RED), cards


def _check_card_total(piles: list[list[int]], name: str) -> None:
    counts = [0] * NUM_CARD_TYPES
    for pile in piles:
        for card in pile:
            counts[card] += 1
    wrong = [
        f"{counts[c]} {CARD_CODES[c]} (R4 has {CARD_COUNTS[c]})"
        for c in range(NUM_CARD_TYPES)
        if counts[c] != CARD_COUNTS[c]
    ]
    if wrong:
        found = f"they hold {sum(counts)}: {', '.join(wrong)}"
        raise FormatError(name, f"the hands, supply and discard must hold the {DECK_SIZE} cards of R4; {found}")


def _check_reachable(pos: list[int], supply: list[int], discard: list[int], turn_cards: list[int], name: str) -> None:
    for fig in (SUE, CHARLIE):
        if pos[fig] <= 1 or pos[fig] >= LAST_SPACE - 1:
            owner = "A" if pos[fig] <= 1 else "B"
            raise FormatError(
                join(name, f"figures.{FIGURE_NAMES[fig]}"),
                f"on {owner}'s entrance in a running game: the game would have ended (R8.1); set result",
            )
    if not supply:
        raise FormatError(join(name, "supply"), "empty in a running game (R6.2 reshuffles, R8.2 ends the game)")
    if turn_cards and discard[len(discard) - len(turn_cards) :] != turn_cards:
        raise FormatError(join(name, "turn.cards"), "the cards of this turn must be the newest entries of discard")


def _finished_outcome(pos: list[int], result: int, supply: list[int], supply_number: int, name: str) -> Outcome:
    """How a finished position ended (R8), checking that `result` is the one the rules give."""
    for fig in (SUE, CHARLIE):
        owner = entrance_owner(pos[fig])
        if owner is not None:
            expected, outcome = owner, entrance_outcome(fig, owner)
            break
    else:
        if supply or supply_number != 2:
            raise FormatError(
                join(name, "result"),
                "a finished game has Sue or Charlie on an entrance (R8.1) or an empty second supply (R8.2)",
            )
        expected, outcome = deck_out(pos)
    if result != expected:
        raise FormatError(join(name, "result"), f"{outcome.words()}, so the result is {RESULT_NAMES[expected]!r} (R8)")
    return outcome

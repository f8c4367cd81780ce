"""An independent reference implementation of the rules, the oracle the fast engine is compared against.

Written straight from RULES.md and the notation and position document of FORMATS.md, and deliberately
simple and slow: positions are plain dicts (position documents), actions are notation strings, and nothing
is imported from `timessquare`. It must never share code with the engine, so that a misreading of a rule
in one of them shows up as a disagreement instead of being copied into both.

- `all_action_strings()`: the 95 strings of FORMATS.md's notation table, in table order.
- `legal_actions(doc, rules)`: the sorted legal action strings of the player to move.
- `apply_action(doc, action, rules, second_supply)`: the position document after one legal action.
- `perft(doc, depth, rules)` and `divide(...)`: counts of action sequences (see tests/test_perft.py).

`rules` is anything with the two boolean attributes `toward_mover` and `first_deb_card_locks`
(the engine's `Rules` will do), or None for the rules as written.
"""

from __future__ import annotations

import copy
from collections import Counter
from typing import Any, Protocol

# R4: code -> (count, colour).
CARDS: dict[str, tuple[int, str]] = {
    "S": (12, "green"),
    "G1": (4, "grey"),
    "G2": (10, "grey"),
    "GA": (2, "grey"),
    "H1": (2, "yellow"),
    "H2": (8, "yellow"),
    "H3": (2, "yellow"),
    "D1": (1, "red"),
    "D2": (3, "red"),
    "D3": (5, "red"),
    "D4": (3, "red"),
    "D5": (1, "red"),
    "DM": (2, "red"),
}
CARD_COUNTS: dict[str, int] = {code: count for code, (count, _) in CARDS.items()}
HAND_SIZE = 8  # R2.3, R6.1
MIDDLE = 8  # R1.1
STREET_FIGURES = ("sue", "low", "high", "hal", "deb")  # the figures on the street (R1.4: not Charlie)
JOKER_TYPE = {"sue": "sue", "hal": "hal", "low": "guards", "high": "guards"}  # R9.2 figure types


class RuleFlags(Protocol):
    toward_mover: bool
    first_deb_card_locks: bool


class _AsWritten:
    toward_mover = False
    first_deb_card_locks = False


def _signed(step: int) -> str:
    return f"+{step}" if step > 0 else str(step)


def all_action_strings() -> list[str]:
    """Every string of FORMATS.md's notation table, in the order of the table."""
    out = ["S sue+1", "S sue-1", "SS group+1", "SS group-1"]
    out += [f"G1 {g}{_signed(d)}" for g in ("low", "high") for d in (1, -1)]
    out += [f"G2 low{_signed(a)} high{_signed(b)}" for a in (1, -1) for b in (1, -1)]
    out += [f"G2 {g}{_signed(d)}" for g in ("low", "high") for d in (2, -2)]
    out += ["GA"]
    out += [f"H{v} hal{_signed(d)}" for v in (1, 2, 3) for d in (v, -v)]
    for fig in ("deb", "sue", "hal", "low", "high"):
        out += [f"D{v} {fig}{_signed(d)}" for v in range(1, 6) for d in (v, -v)]
        out += [f"DM {fig}=8"]
    out += ["lure sue", "lure low", "lure high"]
    out += [f"discard {code}" for code in CARDS]
    out += ["end"]
    return out


def parse(action: str) -> dict[str, Any]:
    """An action string as a dict: kind, and for a play the card code, how many cards, and the moves.

    `moves` is a list of (figure, signed step) or (figure, "=8"); `GA` has the single move ("guards", "GA").
    """
    words = action.split(" ")
    if words[0] == "end":
        return {"kind": "end"}
    if words[0] == "lure":
        return {"kind": "lure", "figure": words[1]}
    if words[0] == "discard":
        return {"kind": "discard", "card": words[1]}
    if words[0] == "GA":
        return {"kind": "play", "card": "GA", "count": 1, "moves": [("guards", "GA")]}
    code = "S" if words[0] == "SS" else words[0]
    count = 2 if words[0] == "SS" else 1
    moves: list[tuple[str, Any]] = []
    for word in words[1:]:
        if word.endswith("=8"):
            moves.append((word[:-2], "=8"))
        else:
            at = max(word.find("+"), word.find("-"))
            moves.append((word[:at], int(word[at:])))
    return {"kind": "play", "card": code, "count": count, "moves": moves}


_PARSED = {a: parse(a) for a in all_action_strings()}


def _moved(figures: dict[str, int], move: list[tuple[str, Any]]) -> dict[str, int]:
    """The figures after carrying out a card's moves (R4), unchecked."""
    new = dict(figures)
    for fig, how in move:
        if how == "GA":  # each bodyguard next to Sue on its own side
            new["low"], new["high"] = figures["sue"] - 1, figures["sue"] + 1
        elif fig == "group":  # two S: Sue and both bodyguards, same direction
            for f in ("low", "sue", "high"):
                new[f] += how
        elif how == "=8":
            new[fig] = MIDDLE
        else:
            new[fig] += how
    return new


def _board_ok(before: dict[str, int], after: dict[str, int]) -> bool:
    """R4.3 (on the board), R3 (low < sue < high), R4.4 / R5.2 (something moved)."""
    if all(before[f] == after[f] for f in STREET_FIGURES):
        return False
    if any(not 0 <= after[f] <= 16 for f in STREET_FIGURES):
        return False
    return after["low"] < after["sue"] < after["high"]


def _deb_between(figures: dict[str, int], mover: str) -> bool:
    """R9.1: Deb strictly between Sue and the mover's end of the board."""
    return figures["deb"] < figures["sue"] if mover == "A" else figures["deb"] > figures["sue"]


def is_legal(doc: dict[str, Any], action: str, rules: RuleFlags | None = None) -> bool:
    """Whether the player to move may take `action` (one of the 95 strings) now."""
    rules = rules or _AsWritten()
    if doc["result"] is not None:
        return False
    a = _PARSED[action]
    mover = doc["to_move"]
    hand = Counter(doc["hands"][mover])
    figures = doc["figures"]
    turn = doc["turn"]
    mode, cards, joker = turn["mode"], turn["cards"], turn["joker"]
    if a["kind"] == "end":  # R5.4: only after a card was played or discarded
        return mode != "start"
    if a["kind"] == "lure":  # R5.2: a whole turn by itself; the figure must move; R3 after
        after = dict(figures)
        after[a["figure"]] = figures["hal"]
        return mode == "start" and _board_ok(figures, after)
    if a["kind"] == "discard":  # R5.3
        return mode in ("start", "trade") and hand[a["card"]] >= 1
    # A play (R5.1): one colour per turn, the cards in hand.
    code = a["card"]
    colour = CARDS[code][1]
    if mode == "trade" or (mode == "play" and CARDS[cards[0]][1] != colour):
        return False
    if hand[code] < a["count"]:
        return False
    if colour == "red":
        fig = a["moves"][0][0]
        if fig == "deb":
            if joker is not None:  # R9.2: never Deb once a joker was used this turn
                return False
        else:
            if not _deb_between(figures, mover):  # R9.1, checked before each joker card
                return False
            if joker is not None and JOKER_TYPE[fig] != joker:  # R9.2: the same figure type
                return False
            # R9.2 variant: the first Deb card fixes the type; a red turn without a joker began on Deb.
            if rules.first_deb_card_locks and mode == "play" and joker is None:
                return False
    if rules.toward_mover:  # R4.1 variant: every signed step goes toward the mover's end
        toward = -1 if mover == "A" else 1
        for _, how in a["moves"]:
            if isinstance(how, int) and how * toward < 0:
                return False
    return _board_ok(figures, _moved(figures, a["moves"]))


def legal_actions(doc: dict[str, Any], rules: RuleFlags | None = None) -> list[str]:
    """The legal actions of the player to move, sorted as strings (empty when the game is over)."""
    return sorted(a for a in _PARSED if is_legal(doc, a, rules))


def _entrance(space: int, seat: str) -> bool:
    return space <= 1 if seat == "A" else space >= 15  # R1.2


def _half(space: int, seat: str) -> bool:
    return space < MIDDLE if seat == "A" else space > MIDDLE  # R1.3


def _sue_ends(doc: dict[str, Any]) -> bool:
    """R8.1 for Sue: on an entrance, that club's owner wins at once, whoever moved her."""
    for seat in ("A", "B"):
        if _entrance(doc["figures"]["sue"], seat):
            doc["result"] = seat
            return True
    return False


def _charlie_and_pass(doc: dict[str, Any]) -> None:
    """R7 then R8.1 for Charlie, then the other player's turn begins."""
    mover, figures = doc["to_move"], doc["figures"]
    steps = sum(1 for f in STREET_FIGURES if _entrance(figures[f], mover))
    if all(_half(figures[f], mover) for f in ("sue", "low", "high")):
        steps += 1
    toward = -1 if mover == "A" else 1
    figures["charlie"] = min(16, max(0, figures["charlie"] + toward * steps))  # R7.2
    if _entrance(figures["charlie"], mover):
        doc["result"] = mover
        return
    doc["to_move"] = "B" if mover == "A" else "A"
    doc["turn"] = {"mode": "start", "cards": [], "joker": None}


def _deck_out(doc: dict[str, Any]) -> None:
    """R8.2: Sue's half decides, then Charlie's, else a draw."""
    for fig in ("sue", "charlie"):
        space = doc["figures"][fig]
        if space != MIDDLE:
            doc["result"] = "A" if space < MIDDLE else "B"
            return
    doc["result"] = "draw"


def apply_action(
    doc: dict[str, Any],
    action: str,
    rules: RuleFlags | None = None,
    second_supply: list[str] | None = None,
) -> dict[str, Any]:
    """The position document after `action` (which must be legal); `doc` is not changed.

    `second_supply` is the order of the second supply (first drawn first) if this action's draw empties
    the first supply (R6.2); by default the discard pile in its current order (oldest card drawn first).
    """
    if not is_legal(doc, action, rules):
        raise ValueError(f"illegal action {action!r} in the reference rules")
    doc = copy.deepcopy(doc)
    a = _PARSED[action]
    mover = doc["to_move"]
    hand: list[str] = doc["hands"][mover]
    turn = doc["turn"]
    if a["kind"] == "lure":
        doc["figures"][a["figure"]] = doc["figures"]["hal"]
        if not _sue_ends(doc):
            _charlie_and_pass(doc)  # R6.1: no draw after a lure
    elif a["kind"] in ("discard", "play"):
        code = a["card"]
        for _ in range(a.get("count", 1)):
            hand.remove(code)
            doc["discard"].append(code)
            turn["cards"].append(code)
        if a["kind"] == "discard":
            turn["mode"] = "trade"
        else:
            turn["mode"] = "play"
            fig = a["moves"][0][0]
            if code.startswith("D") and fig != "deb":
                turn["joker"] = JOKER_TYPE[fig]
            doc["figures"] = _moved(doc["figures"], a["moves"])
            _sue_ends(doc)
    else:
        _end_turn(doc, hand, second_supply)
    doc["hands"] = {seat: sorted(cards) for seat, cards in doc["hands"].items()}
    return doc


def _end_turn(doc: dict[str, Any], hand: list[str], second_supply: list[str] | None) -> None:
    """R6: draw to 8 (reshuffling when the first supply empties; R8.2 on the second), then R7."""
    while len(hand) < HAND_SIZE:
        hand.append(doc["supply"].pop(0))
        if doc["supply"]:
            continue
        if doc["supply_number"] == 2:
            _deck_out(doc)  # the draw stays incomplete; no Charlie step
            return
        order = list(doc["discard"]) if second_supply is None else list(second_supply)
        if sorted(order) != sorted(doc["discard"]):
            raise ValueError("the second supply must be a shuffle of the discard pile")
        doc["supply"], doc["discard"], doc["supply_number"] = order, [], 2
    _charlie_and_pass(doc)


def perft(doc: dict[str, Any], depth: int, rules: RuleFlags | None = None) -> int:
    """Leaf action sequences of length `depth` (a finished game is a leaf); reshuffles use the discard order."""
    if depth == 0 or doc["result"] is not None:
        return 1
    legal = legal_actions(doc, rules)
    if depth == 1:  # each action is one leaf, whatever it leads to
        return len(legal)
    return sum(perft(apply_action(doc, a, rules), depth - 1, rules) for a in legal)


def divide(doc: dict[str, Any], depth: int, rules: RuleFlags | None = None) -> dict[str, int]:
    """perft(depth - 1) under each legal first action."""
    return {a: perft(apply_action(doc, a, rules), depth - 1, rules) for a in legal_actions(doc, rules)}

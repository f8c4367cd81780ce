"""Why an action is illegal: as data (`illegal_reason`, a `Reason` citing the rule) and in English words
(`why_illegal`, `english`), for error messages and the interfaces. Other languages' words live with the
interfaces that speak them (the game session's `reason_words`). This module sits below `state.py`, whose
checked path explains a refusal with it: it reads a state through the part that `TurnSituation` names."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Protocol

from .actions import ACTIONS, DISCARD, END, JOKER_GUARDS, JOKER_HAL, JOKER_SUE, LURE, PLAY, Action
from .cards import CARD_CODES, CARD_COLOUR, COLOUR_NAMES
from .tables import LOCKED_RED_KEYS, TK_OF_JOKER, TK_RED_DEB, TK_START, TK_TRADE, Reason, board_reason
from .variants import Rules


class TurnSituation(Protocol):
    """What an explanation reads of a state (a `state.State`): the board, the hands, who moves, the turn so
    far and the rules."""

    @property
    def pos(self) -> Sequence[int]: ...

    @property
    def hands(self) -> Sequence[Sequence[int]]: ...

    @property
    def to_move(self) -> int: ...

    @property
    def turn_key(self) -> int: ...

    @property
    def turn_cards(self) -> Sequence[int]: ...

    @property
    def rules(self) -> Rules: ...


__all__ = ["ENGLISH", "REASON_KINDS", "Reason", "english", "illegal_reason", "reason_in_words", "why_illegal"]

# Every kind of reason, with its English words; `{name}` is a detail of the reason (see `english`).
ENGLISH = {
    # the turn (R5, R9.2)
    "end_too_soon": "a turn cannot end before a card is played or discarded (R5.4)",
    "lure_not_first": "a lure is a whole turn: it cannot follow cards played or discarded (R5.2)",
    "discard_after_play": "cards were played this turn, so none can be discarded (a turn is one of R5.1-R5.3)",
    "play_after_discard": "cards were discarded this turn, so none can be played (a turn is one of R5.1-R5.3)",
    "colour": "this turn plays {colour} cards; all cards of a turn are of one colour (R5.1)",
    "deb_lock": "the first Deb card of this turn moved Deb, so every Deb card must move Deb (R9.2 variant)",
    "joker_lock": "a Deb card was used as a joker on {target} this turn; every further Deb card must too (R9.2)",
    # the hand (R5.1, R5.3)
    "hand_play": "the hand holds {have} {card} card{s}, {need} needed (R5.1: cards are played from the hand)",
    "hand_discard": "the hand holds {have} {card} card{s}, {need} needed (R5.3: cards are discarded from the hand)",
    # the board (tables.board_reason)
    "joker_place": "a Deb card is a joker only while Deb stands strictly between Sue and {side} (R9.1)",
    "toward_mover": "with the toward-mover variant, figures move only toward the active player (R4.1 variant)",
    "lure_in_place": "{figure} already stands on Hal's space (R5.2)",
    "no_change": "the card would not change the board (R4.4)",
    "off_board": "{figure} would leave the board (space {space}) (R4.3)",
    "bodyguards": "Sue must stand strictly between her bodyguards (low {low}, sue {sue}, high {high}) (R3)",
}
REASON_KINDS = tuple(ENGLISH)

# The figure a Deb card was a joker on this turn (R9.2), by turn key.
_JOKER_TARGET = {TK_OF_JOKER[JOKER_SUE]: "sue", TK_OF_JOKER[JOKER_HAL]: "hal", TK_OF_JOKER[JOKER_GUARDS]: "guards"}
_ENGLISH_TARGETS = {"sue": "Sue", "hal": "Hal", "guards": "a bodyguard"}
_ENGLISH_SIDES = {"A": "A's end (deb < sue)", "B": "B's end (deb > sue)"}


def why_illegal(state: TurnSituation, aid: int) -> str:
    """The first rule the action breaks, in English, or "legal" when it breaks none."""
    reason = illegal_reason(state, aid)
    return "legal" if reason is None else english(reason)


def illegal_reason(state: TurnSituation, aid: int) -> Reason | None:
    """The first rule the action breaks (the turn, then the hand, then the board), or None when it is legal."""
    action = ACTIONS[aid]
    return (
        _turn_reason(state, action)
        or _hand_reason(state, action)
        or board_reason(action, state.pos, state.to_move, state.rules)
    )


def english(reason: Reason) -> str:
    """A reason in English words."""
    return reason_in_words(reason, ENGLISH, {"target": _ENGLISH_TARGETS, "side": _ENGLISH_SIDES}, lambda n: n != 1)


def reason_in_words(
    reason: Reason,
    templates: Mapping[str, str],
    names: Mapping[str, Mapping[str, str]],
    plural: Callable[[int], bool],
) -> str:
    """A reason in one language: its kind's template, filled with the reason's details, each detail that
    `names` lists put in that language's words (the joker's side is named from its `seat`), and `{s}` for
    a plural of the cards the hand holds."""
    args: dict[str, object] = dict(reason.details)
    if "seat" in args:
        args["side"] = args["seat"]
    for key, words in names.items():
        if key in args:
            args[key] = words[str(args[key])]
    if "have" in args:
        args["s"] = "s" if plural(int(str(args["have"]))) else ""
    return templates[reason.kind].format(**args)


def _turn_reason(state: TurnSituation, action: Action) -> Reason | None:
    tk = state.turn_key
    if action.kind == END:
        return None if tk != TK_START else Reason("end_too_soon", "R5.4")
    if action.kind == LURE and tk != TK_START:
        return Reason("lure_not_first", "R5.2")
    if action.kind == DISCARD and tk not in (TK_START, TK_TRADE):
        return Reason("discard_after_play", "R5.1")
    if action.kind != PLAY or tk == TK_START:
        return None
    if tk == TK_TRADE:
        return Reason("play_after_discard", "R5.1")
    colour = CARD_COLOUR[state.turn_cards[0]]
    if CARD_COLOUR[action.card] != colour:
        return Reason("colour", "R5.1", (("colour", COLOUR_NAMES[colour]),))
    if tk == TK_RED_DEB and action.deb_use != 0:
        return Reason("deb_lock", "R9.2")
    if tk in LOCKED_RED_KEYS and tk != TK_RED_DEB and TK_OF_JOKER.get(action.deb_use) != tk:
        return Reason("joker_lock", "R9.2", (("target", _JOKER_TARGET[tk]),))
    return None


def _hand_reason(state: TurnSituation, action: Action) -> Reason | None:
    if action.kind not in (PLAY, DISCARD):
        return None
    have = state.hands[state.to_move][action.card]
    need = action.cards_used if action.kind == PLAY else 1
    if have >= need:
        return None
    kind, rule = ("hand_play", "R5.1") if action.kind == PLAY else ("hand_discard", "R5.3")
    return Reason(kind, rule, (("card", CARD_CODES[action.card]), ("have", have), ("need", need)))

"""Why an action is illegal, in words that cite the rule: for error messages and the interfaces."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import ACTIONS, DISCARD, END, LURE, PLAY, Action
from .cards import CARD_CODES, CARD_COLOUR, COLOUR_NAMES
from .tables import LOCKED_RED_KEYS, TK_OF_JOKER, TK_RED_DEB, TK_START, TK_TRADE, board_reason

if TYPE_CHECKING:
    from .state import State


def why_illegal(state: State, aid: int) -> str:
    """The first rule the action breaks, or "legal" when it breaks none."""
    action = ACTIONS[aid]
    for check in (_turn_reason, _hand_reason, _board_reason):
        reason = check(state, action)
        if reason:
            return reason
    return "legal"


def _turn_reason(state: State, action: Action) -> str:
    tk = state.turn_key
    if action.kind == END:
        return "" if tk != TK_START else "a turn cannot end before a card is played or discarded (R5.4)"
    if action.kind == LURE and tk != TK_START:
        return "a lure is a whole turn: it cannot follow cards played or discarded (R5.2)"
    if action.kind == DISCARD and tk not in (TK_START, TK_TRADE):
        return "cards were played this turn, so none can be discarded (a turn is one of R5.1-R5.3)"
    if action.kind != PLAY or tk == TK_START:
        return ""
    if tk == TK_TRADE:
        return "cards were discarded this turn, so none can be played (a turn is one of R5.1-R5.3)"
    colour = COLOUR_NAMES[CARD_COLOUR[state.turn_cards[0]]]
    if CARD_COLOUR[action.card] != CARD_COLOUR[state.turn_cards[0]]:
        return f"this turn plays {colour} cards; all cards of a turn are of one colour (R5.1)"
    if tk == TK_RED_DEB and action.deb_use != 0:
        return "the first Deb card of this turn moved Deb, so every Deb card must move Deb (R9.2 variant)"
    if tk in LOCKED_RED_KEYS and tk != TK_RED_DEB and TK_OF_JOKER.get(action.deb_use) != tk:
        locked = {v: k for k, v in TK_OF_JOKER.items()}[tk]
        names = {1: "Sue", 2: "Hal", 3: "a bodyguard"}
        return f"a Deb card was used as a joker on {names[locked]} this turn; every further Deb card must too (R9.2)"
    return ""


def _hand_reason(state: State, action: Action) -> str:
    if action.kind not in (PLAY, DISCARD):
        return ""
    have = state.hands[state.to_move][action.card]
    need = action.cards_used if action.kind == PLAY else 1
    if have >= need:
        return ""
    code = CARD_CODES[action.card]
    rule = "R5.1: cards are played from the hand" if action.kind == PLAY else "R5.3: cards are discarded from the hand"
    return f"the hand holds {have} {code} card{'s' if have != 1 else ''}, {need} needed ({rule})"


def _board_reason(state: State, action: Action) -> str:
    return board_reason(action, state.pos, state.to_move, state.rules)

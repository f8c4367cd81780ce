"""Why an action is illegal: as data (`illegal_reason`, a `Reason` citing the rule) and in words (`in_words`,
in any language of the catalogs; `why_illegal` and `english` in English, for error messages). This module
sits below `state.py`, whose checked path explains a refusal with it: it reads a state through the part that
`TurnSituation` names."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from .actions import ACTIONS, DISCARD, END, JOKER_GUARDS, JOKER_HAL, JOKER_SUE, LURE, PLAY, Action
from .cards import CARD_CODES, CARD_COLOUR, COLOUR_NAMES
from .catalog import LANGUAGES, catalog, plural_form, words
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


__all__ = ["ENGLISH", "REASON_KINDS", "Reason", "english", "illegal_reason", "in_words", "why_illegal"]

# Every kind of reason (the catalogs' `reason.<kind>` words; `{name}` is a detail of the reason, see `in_words`).
REASON_KINDS = (
    "end_too_soon",
    "lure_not_first",
    "discard_after_play",
    "play_after_discard",
    "colour",
    "deb_lock",
    "joker_lock",
    "hand_play",
    "hand_discard",
    "joker_place",
    "toward_mover",
    "lure_in_place",
    "no_change",
    "off_board",
    "bodyguards",
)
ENGLISH = {kind: catalog(LANGUAGES[0])[f"reason.{kind}"] for kind in REASON_KINDS}  # for error messages

# The figure a Deb card was a joker on this turn (R9.2), by turn key.
_JOKER_TARGET = {TK_OF_JOKER[JOKER_SUE]: "sue", TK_OF_JOKER[JOKER_HAL]: "hal", TK_OF_JOKER[JOKER_GUARDS]: "guards"}
# The details named in words: the catalogs' `reason.<detail>.<value>` (the joker's side is named by its seat);
# a figure is named as everywhere else, by the catalogs' `fig.<name>`.
_NAMED_DETAILS = ("colour", "target", "side")


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
    return in_words(reason)


def in_words(reason: Reason, lang: str = LANGUAGES[0]) -> str:
    """A reason in words of `lang` (catalog.py): its kind's `reason.<kind>` text, filled with the reason's
    details, each named detail in that language's words, and `{s}` the plural ending (`reason.pluralEnding`)
    of the cards the hand holds."""
    args: dict[str, object] = dict(reason.details)
    if "seat" in args:
        args["side"] = args["seat"]
    for key in _NAMED_DETAILS:
        if key in args:
            args[key] = words(f"reason.{key}.{args[key]}", lang)
    if "figure" in args:
        args["figure"] = words(f"fig.{args['figure']}", lang)
    if reason.kind == "bodyguards":  # the positions, each with its figure's name
        args.update(lowName=words("fig.low", lang), highName=words("fig.high", lang))
    if "have" in args:
        one = plural_form(int(str(args["have"])), lang) == "one"
        args["s"] = "" if one else words("reason.pluralEnding", lang)
    return words(f"reason.{reason.kind}", lang, **args)


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

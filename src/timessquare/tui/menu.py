"""The choices a person has on their turn, as lists for the choices panel: a pure function of their view.

A turn is chosen in steps: pick a card (then one of its effects), or the lure, or the trade (mark cards,
then confirm), or the end of the turn. Every choice carries whether it is legal now and, if not, why
(the reason comes from `explain`, which cites the rule), so nothing is refused without a word.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from enum import Enum

from ..actions import ACTION_IDS, ACTIONS, DISCARD, END_ID, LURE, PLAY
from ..cards import CARD_CODES, CARD_COLOUR, CARD_INDEX, COLOUR_NAMES
from ..catalog import counted, words
from ..view import PlayerView
from .preview import moved_figures
from .words import ENGLISH, tui_words


class Kind(Enum):
    CARD = "card"  # open a card's effects
    EFFECT = "effect"  # play a card this way
    LURE_MENU = "lure-menu"
    LURE = "lure"
    TRADE_MENU = "trade-menu"
    TOGGLE = "toggle"  # mark or unmark one card for the trade
    CONFIRM = "confirm"  # discard the marked cards and end the turn
    END = "end"
    BACK = "back"
    NEW_GAME = "new-game"
    REPLAY = "replay"
    SAVE = "save"
    QUIT = "quit"
    NOTE = "note"  # words only, nothing to do


@dataclass(frozen=True)
class Choice:
    kind: Kind
    label: str
    key: str = ""  # the key that does the same, shown at the left
    card: int = -1
    action: int = -1
    index: int = -1  # for TOGGLE: the card's place in `hand_cards(view)`
    legal: bool = True
    reason: str = ""  # why it is not legal now
    marked: bool = False
    hang: int = 0  # where the words start in `label`: a wrapped line goes on under them


Explain = Callable[[int], str]


def hand_cards(view: PlayerView) -> list[int]:
    """The own hand as card indices grouped by colour, in the order of R4 (green, grey, yellow, red)."""
    return sorted(CARD_INDEX[code] for code in view.hand or ())


def hand_groups(view: PlayerView) -> list[tuple[int, int]]:
    """(card, count) for each card type in the hand, in the order of `hand_cards`; key i+1 picks group i."""
    groups: list[tuple[int, int]] = []
    for card in hand_cards(view):
        if groups and groups[-1][0] == card:
            groups[-1] = (card, groups[-1][1] + 1)
        else:
            groups.append((card, 1))
    return groups


def card_actions(card: int) -> list[int]:
    """Every play action of a card type (an `S` also makes the group move with a second `S`)."""
    return [a.id for a in ACTIONS if a.kind == PLAY and a.card == card]


def _first_reason(actions: Sequence[int], explain: Explain) -> str:
    return explain(actions[0]) if actions else ""


def main_menu(view: PlayerView, legal: Collection[int], explain: Explain, lang: str = ENGLISH) -> list[Choice]:
    """The start of a choice: the cards in hand (each with what it does, R4: `tui.card.*`), the lure, the
    trade and the end of the turn, in words of `lang`."""
    choices = []
    for number, (card, count) in enumerate(hand_groups(view), 1):
        code = CARD_CODES[card]
        actions = card_actions(card)
        playable = any(a in legal for a in actions)
        times = f"×{count}" if count > 1 else "  "
        choices.append(
            Choice(
                Kind.CARD,
                f"{code:<2} {times} {tui_words(f'card.{code}', lang)}",
                key=str(number),
                card=card,
                legal=playable,
                reason="" if playable else _first_reason(actions, explain),
                hang=6,
            )
        )
    lures = [a.id for a in ACTIONS if a.kind == LURE]
    can_lure = any(a in legal for a in lures)
    choices.append(
        Choice(Kind.LURE_MENU, tui_words("menu.lure", lang), "l", legal=can_lure, reason=_lure_reason(lures, explain))
    )
    discards = [a.id for a in ACTIONS if a.kind == DISCARD]
    can_trade = any(a in legal for a in discards)
    trade_reason = ""
    if not can_trade and view.hand:
        trade_reason = explain(ACTION_IDS[f"discard {CARD_CODES[hand_cards(view)[0]]}"])
    choices.append(Choice(Kind.TRADE_MENU, tui_words("menu.trade", lang), "t", legal=can_trade, reason=trade_reason))
    can_end = END_ID in legal
    end_reason = "" if can_end else explain(END_ID)
    end = tui_words("menu.end", lang)
    choices.append(Choice(Kind.END, end, "e", action=END_ID, legal=can_end, reason=end_reason))
    return choices


def _lure_reason(lures: Sequence[int], explain: Explain) -> str:
    reasons = [explain(a) for a in lures]
    return "" if "" in reasons else reasons[0]


def moves_words(view: PlayerView, aid: int, lang: str = ENGLISH) -> str:
    """Where an action takes the figures, in the notation's names: "low 6→7, high 10→11"."""
    moved = moved_figures(view.figures, aid)
    if len(moved) == 3:  # the group move: Sue's numbers stand for all three (moved is in figure order)
        sue_from, sue_to = next((old, new) for name, old, new in moved if name == "sue")
        return tui_words("menu.group", lang, sue=f"sue {sue_from}→{sue_to}")
    return ", ".join(f"{name} {old}→{new}" for name, old, new in moved)


def _action_choices(
    view: PlayerView, kind: Kind, actions: Sequence[int], legal: Collection[int], explain: Explain, lang: str
) -> list[Choice]:
    """The actions as choices, the legal ones first (each group in id order): notation, then where to."""
    ordered = sorted(actions, key=lambda a: (a not in legal, a))
    out = []
    for aid in ordered:
        ok = aid in legal
        label = f"{ACTIONS[aid].notation:<15} {moves_words(view, aid, lang)}"
        out.append(Choice(kind, label, action=aid, legal=ok, reason="" if ok else explain(aid), hang=16))
    return out


def effect_menu(
    view: PlayerView, legal: Collection[int], card: int, explain: Explain, lang: str = ENGLISH
) -> list[Choice]:
    """A card's effects (R4, R9 jokers included), the legal ones first, after a way back."""
    colour = words(f"colour.{COLOUR_NAMES[CARD_COLOUR[card]]}", lang)
    back = Choice(Kind.BACK, tui_words("menu.backCard", lang, card=CARD_CODES[card], colour=colour), "esc")
    return [back, *_action_choices(view, Kind.EFFECT, card_actions(card), legal, explain, lang)]


def lure_menu(view: PlayerView, legal: Collection[int], explain: Explain, lang: str = ENGLISH) -> list[Choice]:
    """The three lures of R5.2."""
    lures = [a.id for a in ACTIONS if a.kind == LURE]
    back = Choice(Kind.BACK, tui_words("menu.back", lang), "esc")
    return [back, *_action_choices(view, Kind.LURE, lures, legal, explain, lang)]


def trade_menu(view: PlayerView, marked: Collection[int], lang: str = ENGLISH) -> list[Choice]:
    """R5.3: every card of the hand to mark or unmark, then the confirmation."""
    choices = [Choice(Kind.BACK, tui_words("menu.back", lang), "esc")]
    for index, card in enumerate(hand_cards(view)):
        on = index in marked
        box = "[x]" if on else "[ ]"
        choices.append(Choice(Kind.TOGGLE, f"{box} {CARD_CODES[card]}", card=card, index=index, marked=on))
    count = len(marked)
    if count:
        label = counted("tui.menu.discard", count, lang)
    else:
        label = tui_words("menu.endTrade" if view.turn["mode"] == "trade" else "menu.markFirst", lang)
    choices.append(Choice(Kind.CONFIRM, label, "c", action=END_ID))
    return choices


def over_menu(lang: str = ENGLISH) -> list[Choice]:
    return [
        Choice(Kind.NEW_GAME, tui_words("menu.newGame", lang), "n"),
        Choice(Kind.REPLAY, tui_words("menu.replay", lang), "p"),
        Choice(Kind.SAVE, tui_words("menu.save", lang), "s"),
        Choice(Kind.QUIT, tui_words("menu.quit", lang), "q"),
    ]


def note_menu(text: str) -> list[Choice]:
    return [Choice(Kind.NOTE, text)]


def effect_targets(view: PlayerView, actions: Sequence[int]) -> set[int]:
    """The spaces the given actions would move figures to (the board highlights them)."""
    spaces: set[int] = set()
    for aid in actions:
        spaces.update(new for _, _, new in moved_figures(view.figures, aid))
    return spaces

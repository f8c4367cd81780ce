"""Build test positions from readable arguments, always through the position document of FORMATS.md.

`position_document(...)` names the figures, the hands, the start of the supply, the discard pile and the
turn, and puts every card not named into the supply (after the named ones) or under the discard pile, so
that the 55 cards of R4 always add up. `make_state(...)` reads that document with
`timessquare.position.from_document`, so every test position is one the public reader accepts.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from timessquare.cards import CARD_CODES, CARD_COUNTS
from timessquare.chance import resolve_chance
from timessquare.game import Game
from timessquare.position import POSITION_FORMAT, from_document, to_document
from timessquare.record import to_record
from timessquare.state import State
from timessquare.variants import DEFAULT_RULES, Rules

Cards = Sequence[str] | str


def card_codes(cards: Cards) -> list[str]:
    """A list of codes from a list or a space-separated string (`"S S G2"`)."""
    return cards.split() if isinstance(cards, str) else list(cards)


def position_document(
    *,
    sue: int = 8,
    low: int = 6,
    high: int = 10,
    hal: int = 7,
    deb: int = 9,
    charlie: int = 8,
    hand_a: Cards = (),
    hand_b: Cards = (),
    supply: Cards = (),
    supply_number: int = 1,
    discard: Cards = (),
    to_move: str = "A",
    mode: str = "start",
    cards: Cards = (),
    joker: str | None = None,
    result: str | None = None,
    rest: str = "supply",
) -> dict[str, Any]:
    """A position document; the cards not named go to `rest` ("supply": drawn after `supply`; "discard": oldest).

    `discard` lists the older discards; the turn's `cards` are added as the newest entries of the discard
    pile, as FORMATS.md requires.
    """
    hands = {"A": card_codes(hand_a), "B": card_codes(hand_b)}
    supply_codes = card_codes(supply)
    older = card_codes(discard)
    turn_cards = card_codes(cards)
    used = Counter([*hands["A"], *hands["B"], *supply_codes, *older, *turn_cards])
    remaining: list[str] = []
    for code, count in zip(CARD_CODES, CARD_COUNTS, strict=True):
        if used[code] > count:
            raise ValueError(f"the position names {used[code]} {code} cards, R4 has only {count}")
        remaining.extend([code] * (count - used[code]))
    if rest == "supply":
        supply_codes += remaining
    elif rest == "discard":
        older = remaining + older
    else:
        raise ValueError(f"rest must be 'supply' or 'discard', not {rest!r}")
    return {
        "format": POSITION_FORMAT,
        "figures": {"sue": sue, "low": low, "high": high, "hal": hal, "deb": deb, "charlie": charlie},
        "to_move": to_move,
        "hands": hands,
        "supply": supply_codes,
        "supply_number": supply_number,
        "discard": older + turn_cards,
        "turn": {"mode": mode, "cards": turn_cards, "joker": joker},
        "result": result,
    }


def make_state(*, rules: Rules = DEFAULT_RULES, **fields: Any) -> State:
    """A State read from `position_document(**fields)` under `rules`."""
    return from_document(position_document(**fields), rules)


def play(state: State, *actions: str, chance: random.Random | None = None) -> State:
    """Apply actions in notation through the checked path, drawing any reshuffle's order (R6.2) from
    `chance` (a fixed generator by default); returns the state for chaining."""
    chance = chance if chance is not None else random.Random(0)
    for action in actions:
        state.apply_checked(action)
        resolve_chance(state, chance)
    return state


def step(state: State, aid: int, chance: random.Random) -> None:
    """The fast path: apply a legal action id, then draw the outcome of any chance event it makes due."""
    state.apply(aid)
    if state.chance_due is not None:
        resolve_chance(state, chance)


def snapshot(state: State) -> dict[str, Any]:
    """The position document of a state, to compare states before and after."""
    return to_document(state)


def hand(state: State, seat: str) -> list[str]:
    """A seat's hand as sorted codes."""
    codes: list[str] = snapshot(state)["hands"][seat]
    return codes


def figures(state: State) -> dict[str, int]:
    """The figures of a state by name."""
    named: dict[str, int] = snapshot(state)["figures"]
    return named


def legal_plays(state: State, *codes: str) -> list[str]:
    """The legal actions (sorted) whose first word is one of `codes` (`"S"`, `"SS"`, `"G2"`, `"lure"` ...)."""
    return [a for a in state.legal_actions() if a.split(" ")[0] in codes]


def finished_record(seed: int = 3) -> dict[str, Any]:
    """The record of a whole game of random moves from deal `seed`."""
    game = Game.new(seed)
    rng = random.Random(seed)
    while not game.is_over:
        game.apply_checked(rng.choice(game.state.legal_ids()))
    return to_record(game)

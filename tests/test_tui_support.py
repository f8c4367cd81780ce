"""Helpers for the test_tui_* tests (no tests in here): positions, sessions, and driving the app by keys."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence

from textual.pilot import Pilot

from timessquare.actions import ACTIONS, END, LURE, PLAY
from timessquare.cards import CARD_CODES, CARD_COUNTS
from timessquare.game import Game
from timessquare.players import make_player
from timessquare.position import POSITION_FORMAT, from_document
from timessquare.state import State
from timessquare.tui.app import GameApp
from timessquare.tui.menu import hand_cards, hand_groups
from timessquare.tui.session import Session
from timessquare.variants import DEFAULT_RULES

START_FIGURES = {"sue": 8, "low": 6, "high": 10, "hal": 7, "deb": 9, "charlie": 8}


def make_position(
    hand_a: Sequence[str],
    hand_b: Sequence[str] | None = None,
    figures: dict[str, int] | None = None,
    to_move: str = "A",
    seed: int = 0,
) -> State:
    """A running position read through the public position reader; cards not named are dealt by `seed`."""
    left = Counter(dict(zip(CARD_CODES, CARD_COUNTS, strict=True)))
    left.subtract(hand_a)
    left.subtract(hand_b or ())
    rest = [code for code in CARD_CODES for _ in range(left[code])]
    random.Random(seed).shuffle(rest)
    if hand_b is None:
        hand_b, rest = rest[:8], rest[8:]
    doc = {
        "format": POSITION_FORMAT,
        "figures": {**START_FIGURES, **(figures or {})},
        "to_move": to_move,
        "hands": {"A": list(hand_a), "B": list(hand_b)},
        "supply": rest,
        "supply_number": 1,
        "discard": [],
        "turn": {"mode": "start", "cards": [], "joker": None},
        "result": None,
    }
    return from_document(doc, DEFAULT_RULES)


def session_of(state: State, person: int = 0, opponent: str = "random") -> Session:
    """A session where `person` (0 = A) plays against the computer player `opponent`."""
    names = {"A": "you", "B": opponent} if person == 0 else {"A": opponent, "B": "you"}
    humans = (person == 0, person == 1)
    return Session(Game(state, names), humans, {1 - person: make_player(opponent)}, random.Random(5))


def new_app(session: Session, **options: object) -> GameApp:
    return GameApp(session, pace=0, **options)  # type: ignore[arg-type]


def screen_text(app: GameApp) -> str:
    """The characters on the (headless) screen, line by line."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


async def settle(pilot: Pilot[None], done: Callable[[], bool], what: str, tries: int = 400) -> None:
    """Let the app work (the computer's thread included) until `done()`; a bounded number of tries."""
    for _ in range(tries):
        if done():
            return
        await pilot.pause()
    raise AssertionError(f"timed out waiting for {what}")


async def wait_for_person(pilot: Pilot[None], app: GameApp) -> None:
    await settle(pilot, lambda: app.session.person_to_move or app.session.is_over, "the person's turn")


async def choose_line(pilot: Pilot[None], app: GameApp, aid: int) -> None:
    """Move the choices panel's highlight to action `aid` with the arrow keys, then press Enter."""
    index = next(i for i, c in enumerate(app.choices.choices) if c.action == aid)
    current = app.choices.highlighted or 0
    key = "down" if index > current else "up"
    await pilot.press(*[key] * abs(index - current))
    assert app.choices.highlighted == index
    await pilot.press("enter")


def group_key(app: GameApp, card: int) -> str:
    """The number key of a card type in the hand on the screen."""
    cards = [c for c, _ in hand_groups(app.session.view())]
    return str(cards.index(card) + 1)


async def press_action(pilot: Pilot[None], app: GameApp, aid: int) -> None:
    """Take a play, lure or end action the way a person does: keys only."""
    action = ACTIONS[aid]
    if action.kind == PLAY:
        await pilot.press(group_key(app, action.card))
        await choose_line(pilot, app, aid)
    elif action.kind == LURE:
        await pilot.press("l")
        await choose_line(pilot, app, aid)
    elif action.kind == END:
        await pilot.press("e")
    else:
        raise ValueError("discards go through press_trade")


async def press_trade(pilot: Pilot[None], app: GameApp, cards: Sequence[int]) -> None:
    """A trade by keys: t, then each card's number key (one press marks one card of that type), then c."""
    await pilot.press("t")
    for card in cards:
        await pilot.press(group_key(app, card))
    await pilot.press("c")


def random_trade(app: GameApp, rng: random.Random) -> list[int]:
    hand = hand_cards(app.session.view())
    return sorted(rng.sample(hand, rng.randint(1, min(3, len(hand)))))

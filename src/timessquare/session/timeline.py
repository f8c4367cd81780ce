"""A game record walked move by move: the state after each action, for the replay viewer and the log.

`replay()` of the rules core checks the whole record first (and says which move is bad); the walk then
keeps a snapshot after every action so a viewer can step forwards and backwards freely, with the events the
game recorded for that action (events.py). Only a viewer needs it: a game session is made from the replayed
game alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..cards import CARD_INDEX
from ..events import Event
from ..game import Game
from ..position import from_document
from ..record import replay
from ..state import State
from ..variants import Rules
from ..view import PlayerView
from .log import LogEntry, entries_of


@dataclass(frozen=True)
class Step:
    """One action of the record: what was played, by whom, and the state right after it."""

    move: str
    mover: int
    state: State
    history: tuple[str, ...]  # the record's moves up to here (shuffle orders included; views drop them)
    events: tuple[Event, ...]  # what the action did, as the game recorded it (a draw's cards included)


@dataclass(frozen=True)
class Timeline:
    """The start of a game and every step after it; `game` is the replayed game at its last move."""

    start: State
    steps: tuple[Step, ...]
    game: Game

    def state_at(self, index: int) -> State:
        """The state after `index` actions (0: the start)."""
        return self.start if index == 0 else self.steps[index - 1].state

    def view_at(self, index: int, seat: int | None) -> PlayerView:
        history = self.steps[index - 1].history if index else ()
        return PlayerView.of(self.state_at(index), seat, history)

    def log(self) -> list[LogEntry]:
        """The public move log of the whole record (a forfeit's end included)."""
        return entries_of(self.game.events)


def walk(record: dict[str, Any], rules: Rules | None = None) -> Timeline:
    """Check a record with `replay` (FormatError / ReplayError), then keep the state after each action."""
    return timeline_of(replay(record, rules))


def timeline_of(game: Game) -> Timeline:
    """The timeline of a game in memory (its moves were checked as they were played)."""
    start = from_document(game.start, game.rules)
    state = start.clone()
    moves = game.moves
    steps: list[Step] = []
    by_action = _events_by_action(game.events)
    i = 0
    while i < len(moves):
        move = moves[i]
        mover = state.to_move
        state.apply_checked(move)
        i += 1
        if state.chance_due is not None:  # the game's next entry is the reshuffle's outcome (R6.2)
            state.apply_chance([CARD_INDEX[code] for code in moves[i].split(" ")[1:]])
            i += 1
        steps.append(Step(move, mover, state.clone(), tuple(moves[:i]), by_action[len(steps)]))
    return Timeline(start, tuple(steps), game)


def _events_by_action(events: list[Event]) -> list[tuple[Event, ...]]:
    """The game's events cut where each action begins; a forfeit's end joins the last action."""
    cut: list[list[Event]] = []
    for event in events:
        if event.starts_action or not cut:
            cut.append([])
        cut[-1].append(event)
    return [tuple(part) for part in cut] + [()]  # the last () for a game with no action yet

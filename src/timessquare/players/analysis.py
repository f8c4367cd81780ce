"""Game analysis: each seat's chance to win after every turn, and the turns that cost the most.

For every turn of a game record, the expert's search (ISMCTS, three turns deep over a pool of sampled
worlds, as `levels.EXPERT_CONFIG`) runs from the *view* of the seat to move at the turn's start: what that
seat knew then, never the other hand or the supply's order (R10). The played turn is always among the root
turns searched (added when the one-ply filter left it out); the turn the expert would have played is the
search's most visited. When the two differ, each is then searched alone for a quarter of the budget, in
the same sampled worlds (the same seed), so that both estimates rest on as many iterations: a played turn
the search rightly neglected would otherwise be judged on a handful of visits. The difference, in points
of win chance, is what the turn cost; `MISTAKE_POINTS` and `BLUNDER_POINTS` mark the costly ones.

Each seat's chance after a turn comes from that seat's own knowledge: the mover's is its estimate of the
turn it played; the other seat's is its estimate at the start of its next turn (the best of its turns),
and after the game's last turn both are the result (a draw counts one half, as in the search). So the two
chances need not add up to 1: each is one seat's honest opinion.

The budget is a number of iterations per turn, and each turn's search has its own seed (the analysis seed
plus the turn's number): the same record, budget and seed give the same analysis on any machine.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..actions import ACTIONS, END_ID, LURE
from ..cards import CARD_INDEX, SEAT_NAMES
from ..game import Game
from ..position import from_document
from ..record import replay
from ..state import State
from ..tables import TK_START
from ..variants import Rules
from ..view import SHUFFLE, PlayerView
from .evaluation import evaluate, result_value
from .ismcts import RootStats, SearchConfig, TurnSearch, WorldPool, compiled_ismcts, root_turns
from .levels import EXPERT_CONFIG
from .sampling import WorldSampler
from .turns import Turn

ANALYSIS_FORMAT = "times-square/analysis/1"
# Iterations of the expert's search per turn: a quarter of what its 1.7 s buys under load, where its
# strength has stopped growing (docs/strength.md, "Strength against think time").
ANALYSIS_ITERATIONS = 6_000
CHECK_SHARE = 4  # the expert's and the played turn, when they differ, are each searched alone for 1/4 of it
MISTAKE_POINTS = 10  # a turn whose estimate is this many points (of 100) below the expert's choice
BLUNDER_POINTS = 25


@dataclass(frozen=True)
class Estimate:
    """A complete turn (its actions in notation) and the mover's estimated chance to win after it (0..1)."""

    actions: tuple[str, ...]
    win_chance: float

    def to_document(self) -> dict[str, Any]:
        return {"actions": list(self.actions), "win_chance": round(self.win_chance, 3)}


@dataclass(frozen=True)
class TurnAnalysis:
    """One played turn: who played it, what the expert would have played, and both seats' chances after it
    (`win_chance[0]` for A, `[1]` for B)."""

    number: int  # 1 for the game's first turn
    seat: int
    played: Estimate
    best: Estimate
    win_chance: tuple[float, float]

    @property
    def cost(self) -> int:
        """Points of win chance the played turn gave away against the expert's choice (never negative)."""
        if self.played.actions == self.best.actions:
            return 0
        return max(0, round(100 * (self.best.win_chance - self.played.win_chance)))

    @property
    def mark(self) -> str | None:
        """`blunder`, `mistake`, or None (thresholds: BLUNDER_POINTS, MISTAKE_POINTS)."""
        if self.cost >= BLUNDER_POINTS:
            return "blunder"
        if self.cost >= MISTAKE_POINTS:
            return "mistake"
        return None

    def to_document(self) -> dict[str, Any]:
        return {
            "turn": self.number,
            "seat": SEAT_NAMES[self.seat],
            "win_chance": {name: round(self.win_chance[i], 3) for i, name in enumerate(SEAT_NAMES)},
            "played": self.played.to_document(),
            "best": self.best.to_document(),
            "cost": self.cost,
            "mark": self.mark,
        }


@dataclass(frozen=True)
class GameAnalysis:
    """The analysis of a whole record: one entry per complete turn, in order."""

    turns: tuple[TurnAnalysis, ...]
    players: dict[str, str]
    result: str | None
    iterations: int
    seed: int

    def to_document(self) -> dict[str, Any]:
        return {
            "format": ANALYSIS_FORMAT,
            "players": dict(self.players),
            "result": self.result,
            "method": {
                "search": "expert",
                "iterations": self.iterations,
                "seed": self.seed,
                "mistake": MISTAKE_POINTS,
                "blunder": BLUNDER_POINTS,
            },
            "turns": [t.to_document() for t in self.turns],
        }

    def costliest(self, count: int = 3) -> list[TurnAnalysis]:
        """The marked turns that cost the most, the costliest first (ties: the earlier turn)."""
        marked = [t for t in self.turns if t.mark is not None]
        return sorted(marked, key=lambda t: (-t.cost, t.number))[:count]


@dataclass(frozen=True)
class PlayedTurn:
    """A turn of the record: the mover's view at its start and the actions played (None: the record stops
    before the turn is complete, or at its start)."""

    seat: int
    view: PlayerView
    actions: tuple[int, ...] | None


def played_turns(record: dict[str, Any], rules: Rules | None = None) -> tuple[list[PlayedTurn], Game]:
    """The record's turns in order, each with the view its mover had at its start, and the replayed game.

    The record is checked first (`replay` raises FormatError or ReplayError naming the bad move)."""
    game = replay(record, rules)
    state = from_document(record["start"], game.rules)
    history: list[str] = []
    turns: list[PlayedTurn] = []
    current: list[int] = []
    for move in record["moves"]:
        if move.startswith(SHUFFLE + " "):
            state.apply_chance([CARD_INDEX[code] for code in move.split(" ")[1:]])
        else:
            if state.turn_key == TK_START:
                current = []
                turns.append(PlayedTurn(state.to_move, PlayerView.of(state, state.to_move, history), None))
            aid = state.apply_checked(move)
            current.append(aid)
            if _turn_complete(state, aid):
                turns[-1] = replace(turns[-1], actions=tuple(current))
        history.append(move)
    if state.result is None and not game.is_over and state.turn_key == TK_START and state.chance_due is None:
        turns.append(PlayedTurn(state.to_move, PlayerView.of(state, state.to_move, history), None))
    return turns, game


def _turn_complete(state: State, aid: int) -> bool:
    return aid == END_ID or ACTIONS[aid].kind == LURE or state.result is not None


Progress = Callable[[int, int], None]  # (turns done, turns in all)
Searched = tuple[Estimate, Estimate | None]  # a turn's (expert's choice, played turn: None when unfinished)


def analyse(
    record: dict[str, Any],
    iterations: int = ANALYSIS_ITERATIONS,
    seed: int = 0,
    rules: Rules | None = None,
    progress: Progress | None = None,
) -> GameAnalysis:
    """The analysis of a game record (FormatError or ReplayError for a bad one)."""
    count = turn_count(record, rules)
    searched = []
    for number in range(1, count + 1):
        searched += search_turns(record, [number], iterations, seed, rules)
        if progress is not None:
            progress(number, count)
    return assemble(record, searched, iterations, seed, rules)


def turn_count(record: dict[str, Any], rules: Rules | None = None) -> int:
    """How many searches the analysis of `record` takes (its turns, with an unfinished last one)."""
    return len(played_turns(record, rules)[0])


def search_turns(
    record: dict[str, Any], numbers: Sequence[int], iterations: int, seed: int, rules: Rules | None = None
) -> list[Searched]:
    """The searches of some of the record's turns (numbered from 1): a long analysis in short pieces."""
    turns, game = played_turns(record, rules)
    config = replace(EXPERT_CONFIG, iterations=max(1, iterations), seconds=0.0, workers=1)
    return [_search_turn(turns[n - 1], game.rules, config, seed + n) for n in numbers]


def assemble(
    record: dict[str, Any], searched: Sequence[Searched], iterations: int, seed: int, rules: Rules | None = None
) -> GameAnalysis:
    """The analysis from every turn's search (`search_turns` of 1 .. `turn_count`)."""
    turns, game = played_turns(record, rules)
    if len(searched) != len(turns):
        raise ValueError(f"{len(searched)} searches for {len(turns)} turns")
    results = ("A", "B", "draw")  # an aborted game (R11.9) has none: judged like an unfinished one
    final = results.index(game.result) if game.result in results else None
    last = max((i for i, turn in enumerate(turns) if turn.actions is not None), default=-1)
    entries = []
    for i, (turn, (best, played)) in enumerate(zip(turns, searched, strict=True)):
        if played is None:
            continue  # a turn the record stops in (a forfeit, an unfinished game): nothing to judge
        chances = [0.0, 0.0]
        if i == last and final is not None and game.state.result is not None:
            chances = [result_value(final, 0), result_value(final, 1)]  # the board ended it: the result
        elif i + 1 < len(searched):  # the other seat's opinion at the start of its next turn
            chances[turn.seat] = played.win_chance
            chances[1 - turn.seat] = searched[i + 1][0].win_chance
        else:  # a resignation (or a forfeit, an agreement) after it: the mover's opinion, not the result
            chances[turn.seat] = played.win_chance
            chances[1 - turn.seat] = 1.0 - played.win_chance
        entries.append(TurnAnalysis(i + 1, turn.seat, played, best, (chances[0], chances[1])))
    return GameAnalysis(tuple(entries), dict(game.players), game.result, max(1, iterations), seed)


def _search_turn(turn: PlayedTurn, rules: Rules, config: SearchConfig, seed: int) -> Searched:
    """The expert's estimate of its own choice and of the played turn, from the mover's view only."""
    seat = turn.view.seat
    assert seat is not None
    sampler = WorldSampler(turn.view, rules)
    template = sampler.template
    candidates, priors = root_turns(template, seat, config)
    played_index = None
    if turn.actions is not None:
        played = _turn_from(template, turn.actions)
        played_index = _find(candidates, played, seat)
        if played_index is None:
            candidates.append(played)
            priors.append(evaluate(played.state, seat))
            played_index = len(candidates) - 1
    if len(candidates) == 1:
        values = priors  # the only turn there is: nothing to search
        best = 0
    else:
        stats = _search(sampler, seat, config, (candidates, priors), seed)
        values = [stats.win_probability(i) for i in range(len(candidates))]
        best = stats.best()
    if played_index is None or turn.actions is None:
        return Estimate(_notation(candidates[best].actions), values[best]), None
    if best == played_index:  # the expert agrees (perhaps with the same cards in another order)
        played_estimate = Estimate(_notation(turn.actions), values[played_index])
        return played_estimate, played_estimate
    # Each of the two alone, in the same sampled worlds: the played turn gets as many iterations as the
    # expert's, so what it cost is not read off a handful of visits.
    check = replace(config, iterations=max(1, config.iterations // CHECK_SHARE))
    alone = [
        _search(sampler, seat, check, ([candidates[i]], [priors[i]]), seed).win_probability(0)
        for i in (best, played_index)
    ]
    return Estimate(_notation(candidates[best].actions), alone[0]), Estimate(_notation(turn.actions), alone[1])


def _search(
    sampler: WorldSampler, seat: int, config: SearchConfig, roots: tuple[list[Turn], list[float]], seed: int
) -> RootStats:
    search = compiled_ismcts(sampler, seat, config, roots)
    if search is None:
        search = TurnSearch(seat, config, WorldPool(sampler, config.pool), roots)
    return search.run(random.Random(seed))


def _turn_from(template: State, actions: Sequence[int]) -> Turn:
    """The played turn as the search lists turns: the state it leads to before the draw."""
    state = template.clone()
    for aid in actions:
        if aid == END_ID:
            break
        state.apply(aid)
    return Turn(tuple(actions), state)


def _key(turn: Turn, seat: int) -> tuple[object, ...]:
    state = turn.state
    return state.board_key, state.turn_key, tuple(state.hands[seat]), state.result, turn.ends_with_draw


def _find(candidates: Sequence[Turn], played: Turn, seat: int) -> int | None:
    """The root turn that leads where the played one does (the same cards in another order count)."""
    key = _key(played, seat)
    return next((i for i, t in enumerate(candidates) if _key(t, seat) == key), None)


def _notation(actions: Sequence[int]) -> tuple[str, ...]:
    return tuple(ACTIONS[aid].notation for aid in actions)

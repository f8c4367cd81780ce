"""Types of the compiled core (_core.c). Seats are 0 (A) and 1 (B); actions are the ids of actions.py."""

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
from numpy.typing import NDArray

Chance = Callable[[list[int]], Sequence[int]]
TurnEntry = tuple[tuple[int, ...], Core]
ScoredTurn = tuple[tuple[int, ...], float, Core]

class Tables:
    def __init__(
        self,
        hand_masks: Sequence[int],
        turn_masks: Sequence[int],
        next_turn: Sequence[Sequence[int]],
        toward_mover: bool,
        tk_chance: int,
    ) -> None: ...

class Core:
    def __init__(
        self,
        tables: Tables,
        pos: Sequence[int],
        hand_a: Sequence[int],
        hand_b: Sequence[int],
        supply: Sequence[int],
        supply_number: int,
        discard: Sequence[int],
        to_move: int,
        turn_key: int,
        turn_cards: Sequence[int],
        result: int,
        chance: int,
        pending_draw: int,
        pending_turn_key: int,
        /,
    ) -> None: ...
    @property
    def result(self) -> int | None: ...
    @property
    def to_move(self) -> int: ...
    @property
    def turn_key(self) -> int: ...
    @property
    def chance(self) -> int: ...
    @property
    def pos(self) -> tuple[int, ...]: ...
    def snapshot(self) -> tuple[Any, ...]: ...
    def legal_ids(self) -> tuple[int, ...]: ...
    def apply(self, aid: int, /) -> None: ...
    def apply_chance(self, outcome: Sequence[int], /) -> None: ...
    def resolve_chance(self, seed: int, /) -> None: ...
    def clone(self) -> Core: ...
    def played(self, actions: Sequence[int], chance: Chance, /) -> Core: ...
    def finished_turn(self, chance: Chance, /) -> Core: ...
    def evaluate(self, seat: int, /) -> float: ...
    def discard_order(self, seat: int, /) -> list[int]: ...
    def turns(self, cap: int, discard_order: Sequence[int] | None = None, /) -> list[TurnEntry]: ...
    def scored_turns(self, seat: int, cap: int, /) -> list[ScoredTurn]: ...
    def top_turns(self, seat: int, cap: int, top: int, ties_late_first: bool, /) -> list[ScoredTurn]: ...
    def best_turn(self, seat: int, cap: int, /) -> ScoredTurn: ...
    def playout(self, seat: int, turns: int, cap: int, chance: Chance, symmetric: bool = False, /) -> float: ...
    def rollout(self, seed: int, /) -> int: ...
    def turn_likelihood(self, actions: Sequence[int], beta: float, epsilon: float, cap: int, /) -> float: ...

class Vector:
    """N games of a learner against a compiled opponent, stepped together (_vector.c). The arrays are written
    in place; C checks each one's item size and length (N, or N rows of the observation or of the mask)."""

    def __init__(
        self,
        tables: Tables,
        num_envs: int,
        opponent: int,
        seat: int,
        max_steps: int,
        cap: int,
        layout: Sequence[int],
        turn_modes: Sequence[int],
        jokers: Sequence[int],
        deck: Sequence[int],
        record: bool,
        /,
    ) -> None: ...
    def reset(
        self,
        seed: int | Sequence[int],
        obs: NDArray[np.float32],
        mask: NDArray[np.int8],
        seats: NDArray[np.int8],
        /,
    ) -> None: ...
    def step(
        self,
        actions: NDArray[np.int64],
        illegal_rewards: NDArray[np.float32],
        obs: NDArray[np.float32],
        mask: NDArray[np.int8],
        rewards: NDArray[np.float32],
        seat_rewards: NDArray[np.float32],
        terminated: NDArray[np.int8],
        truncated: NDArray[np.int8],
        illegal: NDArray[np.int8],
        seats: NDArray[np.int8],
        /,
    ) -> None: ...
    def autoreset(
        self, obs: NDArray[np.float32], mask: NDArray[np.int8], seats: NDArray[np.int8], done: NDArray[np.int8], /
    ) -> None: ...
    def trajectory(self, index: int, /) -> tuple[tuple[int, ...], int, list[int | tuple[int, ...]]]: ...

def set_actions(actions: Sequence[tuple[int, int, int, int, int, bool, Sequence[tuple[int, int]]]], /) -> None: ...
def set_weights(weights: Sequence[float], /) -> None: ...
def set_net(
    linear: Sequence[float], bias: float, w1: Sequence[float], b1: Sequence[float], w2: Sequence[float], b2: float, /
) -> None: ...
def set_eval_mode(mode: int, /) -> int: ...
def random_play(deals: Sequence[Core], seconds: float, seed: int, /) -> tuple[float, int, int]: ...
def constants() -> dict[str, int]: ...

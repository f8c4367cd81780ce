"""The bounds of facts.py (the proof is in docs/research.md, "Bounds"): each step of the proof is checked on
random games, with a policy that lures whenever it can to push the lure step hardest."""

from __future__ import annotations

import random

from timessquare.actions import ACTIONS, END_ID, LURE
from timessquare.chance import resolve_chance
from timessquare.facts import MAX_CHANCE_NODES, MAX_GAME_LENGTH, MAX_SECOND_SUPPLY
from timessquare.state import new_game


def play(seed: int, lure_first: bool) -> tuple[int, int]:
    """One game; returns (player actions, chance nodes as OpenSpiel counts them)."""
    rng = random.Random(seed)
    state = new_game(rng=rng)
    actions, chance_nodes, lures_in_a_row = 0, 56, 0
    while not state.is_over:
        legal = state.legal_ids()
        lures = [a for a in legal if ACTIONS[a].kind == LURE]
        aid = rng.choice(lures) if lure_first and lures and rng.random() < 0.8 else rng.choice(legal)
        mover, before = state.to_move, state.hand_sizes[state.to_move]
        state.apply(aid)
        actions += 1
        if ACTIONS[aid].kind == LURE:
            lures_in_a_row += 1
            assert lures_in_a_row <= 3, "a fourth lure in a row"
        elif aid == END_ID:
            lures_in_a_row = 0
        if state.chance_due is not None:
            assert state.hand_sizes[1 - mover] == 8, "the seat not to move holds 8 cards at the reshuffle"
            assert len(state.discard) <= MAX_SECOND_SUPPLY
            chance_nodes += len(state.discard)
            resolve_chance(state, rng)
        if aid == END_ID and not state.is_over:
            assert before < 8 and state.hand_sizes[mover] == 8, "a completed card turn draws at least one card"
    return actions, chance_nodes


def test_each_step_of_the_bound_holds_on_random_games() -> None:
    longest = max(play(seed, lure_first=seed % 2 == 0) for seed in range(300))
    assert longest[0] <= MAX_GAME_LENGTH and longest[1] <= MAX_CHANCE_NODES

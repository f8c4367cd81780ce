"""Self-play games of the `alphazero` player for its training (scripts/train_alphazero.py), here or as Ray tasks.

A game is two `AlphaZeroPlayer`s on one net, played on the game session like every arena game (each sees
only its own view, R10), with Dirichlet noise at each root and the first moves drawn from the visits. It
gives one sample per searched decision: the seat's observation (non-zero inputs), the legal ids, the root's
visit shares (the policy target) and the game's result for that seat (+1, 0, -1: the value target). The
same net, configuration and game seed give the same samples (the players' generator is the game seed's,
as in `selfplay.play_games`), so games run as Ray tasks give what they give here, in the order of their
index whatever order they finish in.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import asdict
from typing import Any

from ..game import Game
from ..players.alphazero import AlphaZeroPlayer, AZConfig
from ..players.alphazero_net import PolicyValueNet, Sparse
from ..variants import Rules
from .selfplay import play_game

Sample = tuple[Sparse, list[int], list[float], float]  # observation, legal ids, visit shares, result
GameSamples = tuple[int, int | None, list[Sample]]  # game index, result (0 A, 1 B, 2 draw), samples

_nets: dict[str, PolicyValueNet] = {}  # the nets a process has built, by the trainer's name for them


def selfplay_game(
    net: PolicyValueNet, config: AZConfig, rules: Rules, game_seed: int
) -> tuple[int | None, list[Sample]]:
    """One self-play game from `game_seed`: its result and its samples."""
    players = (AlphaZeroPlayer(rules, net, config), AlphaZeroPlayer(rules, net, config))
    for player in players:
        player.trace = []
    game = Game.new(game_seed, rules, players={"A": "alphazero", "B": "alphazero"})
    play_game(game, players, random.Random(game_seed ^ 0x5EED))
    result = game.state.result
    samples: list[Sample] = []
    for player in players:
        assert player.trace is not None
        for obs, legal, shares, seat in player.trace:
            z = 0.0 if result is None or result == 2 else (1.0 if result == seat else -1.0)
            samples.append((obs, legal, shares, z))
    return result, samples


def local_games(net: PolicyValueNet, config: AZConfig, rules: Rules, seeds: Sequence[int]) -> Iterator[GameSamples]:
    for index, seed in enumerate(seeds):
        result, samples = selfplay_game(net, config, rules, seed)
        yield index, result, samples


def _net_named(name: str, doc: dict[str, Any]) -> PolicyValueNet:
    found = _nets.get(name)
    if found is None:
        _nets.clear()  # one net at a time: the trainer's latest
        found = _nets[name] = PolicyValueNet.from_document(doc)
    return found


def _game_task(
    name: str, doc: dict[str, Any], config: dict[str, Any], rules: Rules, index: int, seed: int
) -> GameSamples:
    result, samples = selfplay_game(_net_named(name, doc), AZConfig(**config), rules, seed)
    return index, result, samples


def ray_games(
    net: PolicyValueNet, name: str, config: AZConfig, rules: Rules, seeds: Sequence[int]
) -> Iterator[GameSamples]:
    """The games as Ray tasks on the Ray that `on_ray.RaySession` joined (one task a game), in order of index."""
    import ray

    task = ray.remote(_game_task)
    doc = ray.put(net.to_document())
    refs = [task.remote(name, doc, asdict(config), rules, i, seed) for i, seed in enumerate(seeds)]
    results = ray.get(refs)
    yield from sorted(results, key=lambda r: r[0])

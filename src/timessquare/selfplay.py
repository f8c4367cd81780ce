"""Games between computer players: one game loop for self-play, the arena and tests."""

from __future__ import annotations

import random
from collections.abc import Iterator

from .game import Game
from .players import Player, make_player
from .variants import Rules


def play_game(game: Game, players: tuple[Player, Player], rng: random.Random) -> Game:
    """Play `game` to its end; each player sees only its own view (R10)."""
    state = game.state
    while not game.is_over:
        seat = state.to_move
        legal = state.legal_ids()
        aid = players[seat].choose(game.view(seat), legal, rng)
        game.play(aid)
    return game


def play_games(count: int, seed: int, rules: Rules, spec_a: str, spec_b: str) -> Iterator[Game]:
    """`count` games, game i dealt from a seed drawn from `seed`: the same arguments give the same games."""
    seeds = random.Random(seed)
    players = (make_player(spec_a, rules), make_player(spec_b, rules))
    try:
        for _ in range(count):
            game_seed = seeds.getrandbits(64)
            game = Game.new(game_seed, rules, players={"A": spec_a, "B": spec_b})
            yield play_game(game, players, random.Random(game_seed ^ 0x5EED))
    finally:
        for player in players:
            player.close()

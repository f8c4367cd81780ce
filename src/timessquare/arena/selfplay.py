"""Games between computer players: the one game loop that self-play, the arena, tests and interfaces share.

`play_game` runs a game between two computer players on the game session (session/), which asks the
player to move for each action through its own view only (R10), ends the game by forfeit when a player
raises `Forfeit` (an outside program that timed out, crashed or answered wrongly) or returns an illegal
action, and calls the players' `start_game` and `end_game` hooks (players/base.py).
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from .. import protocol  # noqa: F401  (registers the players written cmd:COMMAND with make_player)
from ..game import Game
from ..players import Player, make_player
from ..players.base import Forfeit
from ..session import GameSession
from ..variants import Rules

__all__ = ["Forfeit", "play_game", "play_games"]  # Forfeit: where players used to find it

TurnSeconds = tuple[list[float], list[float]]


def play_game(
    game: Game,
    players: tuple[Player, Player],
    rng: random.Random,
    *,
    turn_seconds: TurnSeconds | None = None,
) -> Game:
    """Play `game` to its end on a game session; each player sees only its own view (R10).

    `turn_seconds`, if given, receives for each seat the thinking time of each of its turns: the sum of the
    `choose` times of the actions of that turn (a turn is every action from its first to its `end` or lure).
    """
    play_out(GameSession(game, {0: players[0], 1: players[1]}, rng), turn_seconds)
    return game


def play_out(session: GameSession, turn_seconds: TurnSeconds | None = None) -> None:
    """Play a session of two in-process computer players to its end (`turn_seconds` as for `play_game`)."""
    session.start()
    try:
        while (seat := session.to_move) is not None:
            session.play_computer_action(turn_seconds[seat] if turn_seconds is not None else None)
    finally:
        session.finish()


def game_seeds(count: int, seed: int) -> list[int]:
    """The deal seed of each of `count` self-play games (a game's players draw from the seed ^ 0x5EED)."""
    seeds = random.Random(seed)
    return [seeds.getrandbits(64) for _ in range(count)]


def play_games(count: int, seed: int, rules: Rules, spec_a: str, spec_b: str) -> Iterator[Game]:
    """`count` games, game i dealt from a seed drawn from `seed`: the same arguments give the same games."""
    players = (make_player(spec_a, rules), make_player(spec_b, rules))
    try:
        for game_seed in game_seeds(count, seed):
            game = Game.new(game_seed, rules, players={"A": spec_a, "B": spec_b})
            yield play_game(game, players, random.Random(game_seed ^ 0x5EED))
    finally:
        for player in players:
            player.close()

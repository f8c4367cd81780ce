"""Games between computer players: the one game loop that self-play, the arena, tests and interfaces share.

`play_game` asks the player to move for each action, through its own view only (R10), and ends the game by
forfeit when a player raises `Forfeit` (an outside program that timed out, crashed or answered wrongly) or
returns an illegal action. It also calls two optional hooks a player may define (found with `getattr`):

- `start_game(seat: int) -> None`: before the game's first decision; `seat` is 0 (A) or 1 (B).
- `end_game(result: str | None, end: str) -> None`: once the game is over (forfeits included); `result` is
  `A`, `B` or `draw`, `end` says how it ended in words. It must not raise.

An outside program (protocol/client.py) uses them to start one process per game and to send the result.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator

from ..errors import TimesSquareError
from ..game import Game
from ..players import Player, make_player
from ..players.base import Forfeit
from ..tables import TK_START
from ..variants import Rules

TurnSeconds = tuple[list[float], list[float]]


def play_game(
    game: Game,
    players: tuple[Player, Player],
    rng: random.Random,
    *,
    turn_seconds: TurnSeconds | None = None,
) -> Game:
    """Play `game` to its end; each player sees only its own view (R10).

    `turn_seconds`, if given, receives for each seat the thinking time of each of its turns: the sum of the
    `choose` times of the actions of that turn (a turn is every action from its first to its `end` or lure).
    """
    state = game.state
    for seat, player in enumerate(players):
        hook = getattr(player, "start_game", None)
        if hook is not None:
            hook(seat)
    try:
        while not game.is_over:
            seat = state.to_move
            legal = state.legal_ids()
            new_turn = state.turn_key == TK_START
            began = time.perf_counter()
            try:
                aid = players[seat].choose(game.view(seat), legal, rng)
            except Forfeit as e:
                game.resign(seat, e.reason)
                break
            finally:
                spent = time.perf_counter() - began
                if turn_seconds is not None:
                    _add_turn_time(turn_seconds[seat], spent, new_turn)
            try:
                game.apply_checked(aid)
            except TimesSquareError as e:  # a player's bug costs it the game, with the reason on record
                game.resign(seat, str(e))
    finally:
        _end_hooks(game, players)
    return game


def _add_turn_time(times: list[float], spent: float, new_turn: bool) -> None:
    if new_turn or not times:
        times.append(spent)
    else:
        times[-1] += spent


def _end_hooks(game: Game, players: tuple[Player, Player]) -> None:
    result = game.result
    end = game.end_reason() if result is not None else "the game was stopped"
    for player in players:
        hook = getattr(player, "end_game", None)
        if hook is not None:
            hook(result, end)


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

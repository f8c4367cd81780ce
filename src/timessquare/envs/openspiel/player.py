"""OpenSpiel's IS-MCTS bot as one of our players, so it can meet ours in `timessquare arena`.

`OpenSpielISMCTSPlayer` answers `choose(view, legal, rng)` like every player: it roots an OpenSpiel state
at the view (a world consistent with it, from the project's sampler) and lets OpenSpiel's own
`open_spiel.python.algorithms.ismcts.ISMCTSBot` search from there; the bot resamples the hidden cards with
`resample_from_infostate`, so it never sees more than the view.

As an outside program (the player protocol of docs/player-protocol.md), for the arena:

    TIMESSQUARE_CMD_SECONDS=60 timessquare arena \\
        "cmd:python -m timessquare.envs.openspiel.player --simulations 200" heuristic --games 4
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from ...errors import TimesSquareError
from ...players.base import BasePlayer
from ...players.sampling import WorldSampler
from ...protocol.server import ProtocolError, serve
from ...variants import DEFAULT_RULES, Rules
from ...view import PlayerView
from . import GAME_NAME  # importing the package registers the game
from .core import Core
from .game import TimesSquareGame, TimesSquareState

DEFAULT_SIMULATIONS = 200
DEFAULT_UCT_C = 2.0


def state_at_view(game: TimesSquareGame, view: PlayerView, rng: random.Random) -> TimesSquareState:
    """An OpenSpiel state rooted at `view`: its information state for the view's seat starts at the view
    (there is no history before it); the hidden cards are one world the sampler draws."""
    if view.seat is None:
        raise TimesSquareError("a state for a search is rooted at a seat's view, not a spectator's")
    core = Core(game.rules)
    core.state = WorldSampler(view, game.rules).sample(rng)
    core.moves = list(view.moves)
    core.info[view.seat] = "view:" + view.dumps()
    core.seen[view.seat] = view.hand_counts()
    return TimesSquareState(game, core)


class OpenSpielISMCTSPlayer(BasePlayer):
    """OpenSpiel's IS-MCTS with random rollouts, `simulations` per decision."""

    def __init__(
        self, rules: Rules = DEFAULT_RULES, simulations: int = DEFAULT_SIMULATIONS, uct_c: float = DEFAULT_UCT_C
    ) -> None:
        if simulations < 1:
            raise TimesSquareError(f"simulations must be 1 or more (got {simulations})")
        names = ",".join(rules.names)
        game = pyspiel.load_game("python_times_square", {"variants": names}) if names else None
        self.game: TimesSquareGame = game if game is not None else pyspiel.load_game("python_times_square")
        self.simulations = simulations
        self.uct_c = uct_c
        self.name = f"openspiel-ismcts:{simulations}"

    def choose(self, view: PlayerView, legal: Sequence[int], rng: random.Random) -> int:
        if len(legal) == 1:
            return legal[0]
        random_state = np.random.RandomState(rng.getrandbits(32))
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=random_state)
        bot = ismcts.ISMCTSBot(self.game, evaluator, self.uct_c, self.simulations, random_state=random_state)
        state = state_at_view(self.game, view, rng)
        action = int(bot.step(state))
        if action not in legal:  # never expected: the bot chooses among the state's legal actions
            raise TimesSquareError(f"OpenSpiel's IS-MCTS chose {action}, which is not legal here")
        return action

    def close(self) -> None:
        pass


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m timessquare.envs.openspiel.player",
        description="OpenSpiel's IS-MCTS bot as a Times Square player program (player protocol on stdin/stdout).",
    )
    parser.add_argument("--simulations", type=int, default=DEFAULT_SIMULATIONS, help="simulations per decision")
    parser.add_argument("--uct-c", type=float, default=DEFAULT_UCT_C, help="UCT exploration constant")
    parser.add_argument("--variant", action="append", default=[], help="a rule variant (repeatable)")
    args = parser.parse_args(argv)
    try:
        rules = Rules.from_names(args.variant)
        player = OpenSpielISMCTSPlayer(rules, args.simulations, args.uct_c)
        return serve(f"{GAME_NAME} ismcts {args.simulations}", rules, player=player)
    except ProtocolError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    except TimesSquareError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    raise SystemExit(main())

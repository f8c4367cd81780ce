"""A plain line-by-line terminal game against a computer player (works on any terminal, and piped)."""

from __future__ import annotations

import random
import sys

from ..actions import ACTIONS
from ..cards import SEAT_NAMES
from ..errors import TimesSquareError
from ..game import Game
from ..players import make_player
from ..variants import Rules
from .render import render

HELP = "Type an action (e.g. 'S sue+1', 'lure sue', 'discard G2', 'end') or its number; 'q' quits."


def play_text_game(rules: Rules, seed: int | None, seat_choice: str, opponent_spec: str) -> int:
    rng = random.Random(seed)
    seat = rng.randrange(2) if seat_choice == "random" else SEAT_NAMES.index(seat_choice)
    opponent = make_player(opponent_spec, rules)
    players = {SEAT_NAMES[seat]: "you", SEAT_NAMES[1 - seat]: opponent_spec}
    game = Game.new(rng.getrandbits(64), rules, players=players)
    print(f"You play {SEAT_NAMES[seat]} (your club: {'spaces 0-1, left' if seat == 0 else 'spaces 15-16, right'}).")
    print(HELP)
    start_hook = getattr(opponent, "start_game", None)
    if start_hook is not None:
        start_hook(1 - seat)
    try:
        while not game.is_over:
            state = game.state
            if state.to_move != seat:
                try:
                    aid = opponent.choose(game.view(1 - seat), state.legal_ids(), rng)
                    game.apply_checked(aid)
                except TimesSquareError as e:  # Forfeit, or an illegal answer: the computer loses
                    game.resign(1 - seat, getattr(e, "reason", str(e)))
                    break
                print(f"{SEAT_NAMES[1 - seat]} plays: {ACTIONS[aid].notation}")
                continue
            print()
            print(render(game.view(seat)))
            legal = state.legal_actions()
            print("legal: " + "  ".join(f"{i + 1}) {a}" for i, a in enumerate(legal)))
            line = sys.stdin.readline()
            if not line or line.strip() in ("q", "quit"):
                print("Game abandoned.")
                return 0
            text = line.strip()
            if text.isdigit() and 1 <= int(text) <= len(legal):
                text = legal[int(text) - 1]
            try:
                game.apply_checked(text)
            except TimesSquareError as e:
                print(f"Not possible: {e}")
    finally:
        end_hook = getattr(opponent, "end_game", None)
        if end_hook is not None:
            end_hook(game.result, game.end_reason() if game.is_over else "the game was stopped")
        opponent.close()
    print()
    print(render(game.view(seat)))
    winner = game.result
    verdict = "a draw" if winner == "draw" else ("you win!" if winner == SEAT_NAMES[seat] else "you lose.")
    print(f"Game over: {game.end_reason()} - {verdict}")
    return 0

"""A plain line-by-line terminal game against a computer player (works on any terminal, and piped).

It is one more transport around the game session: it prints the person's view and the log in words (the
draws, the reshuffle and Charlie's steps included), and hands the person's typed actions to the session.
"""

from __future__ import annotations

import random
import sys

from ..cards import SEAT_NAMES
from ..errors import TimesSquareError
from ..jsonread import MAX_DOCUMENT_BYTES
from ..players import make_player
from ..render import LEGEND, render
from ..session import GameSession, LogEntry
from ..variants import Rules

HELP = "Type an action (e.g. 'S sue+1', 'lure sue', 'discard G2', 'end') or its number; 'q' quits."


def play_text_game(rules: Rules, seed: int | None, seat_choice: str, opponent_spec: str) -> int:
    rng = random.Random(seed)
    seat = rng.randrange(2) if seat_choice == "random" else SEAT_NAMES.index(seat_choice)
    opponent = make_player(opponent_spec, rules)
    names = {SEAT_NAMES[seat]: "you", SEAT_NAMES[1 - seat]: opponent_spec}
    session = GameSession.new(names, rules, random.Random(rng.getrandbits(64)), rng, lambda *_: opponent)
    print(f"You play {SEAT_NAMES[seat]} (your club: {'spaces 0-1, left' if seat == 0 else 'spaces 15-16, right'}).")
    print(LEGEND)
    print(HELP)
    session.start()
    show_board = True
    try:
        while not session.is_over:
            if session.computer_to_move:
                _print_log(session.play_computer_action())
                show_board = True
                continue
            update = session.update(seat)
            if show_board:
                print()
                print(render(update.view))
            legal = [action.notation for action in update.legal]  # sorted as strings, as numbered
            print("legal: " + "  ".join(f"{i + 1}) {a}" for i, a in enumerate(legal)))
            line = sys.stdin.readline(MAX_DOCUMENT_BYTES + 1)
            if len(line) > MAX_DOCUMENT_BYTES:  # not a move someone typed: a stream of garbage (/dev/zero)
                raise TimesSquareError(f"standard input: a line longer than {MAX_DOCUMENT_BYTES:,} characters")
            if not line or line.strip() in ("q", "quit"):
                print("Game abandoned.")
                return 0
            text = line.strip()
            show_board = False
            if not text:
                continue  # an empty line: ask again, without the whole board
            if text.isdigit():
                if not 1 <= int(text) <= len(legal):
                    print(f"No choice {text}: the choices are numbered 1 to {len(legal)}.")
                    continue
                text = legal[int(text) - 1]
            try:
                _print_log(session.act(seat, text))
                show_board = True
            except TimesSquareError as e:
                print(f"Not possible: {e}")
    finally:
        session.close()
    update = session.update(seat)
    print()
    print(render(update.view))
    winner = update.result
    verdict = "a draw" if winner == "draw" else ("you win!" if winner == SEAT_NAMES[seat] else "you lose.")
    print(f"Game over: {update.ending} - {verdict}")
    return 0


def _print_log(entries: list[LogEntry]) -> None:
    for entry in entries:
        if entry.seat is None:  # what the game itself did: the draw, the reshuffle, Charlie, the end
            print(f"  {entry.words}")
        else:
            seat = SEAT_NAMES[entry.seat]
            print(f"{seat}: {entry.words.removeprefix(seat + ' ')}")  # "A: ends the turn", not "A: A ends …"

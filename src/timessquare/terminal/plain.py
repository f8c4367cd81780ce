"""A plain line-by-line terminal game against a computer player (works on any terminal, and piped).

It is one more transport around the game session: it prints the person's view and the log in words (the
draws, the reshuffle and Charlie's steps included), and hands the person's typed actions to the session.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Sequence

from ..cards import SEAT_NAMES
from ..catalog import ENGLISH, words
from ..errors import InvalidActionError, TimesSquareError
from ..jsonread import MAX_DOCUMENT_BYTES
from ..players import make_player
from ..render import legend, render
from ..session import GameSession, LogEntry
from ..session.game_session import RuleError
from ..session.reasons import reason_words
from ..variants import Rules


def play_text_game(rules: Rules, seed: int | None, seat_choice: str, opponent_spec: str, lang: str = ENGLISH) -> int:
    """A game against `opponent_spec` on standard input and output, in words of `lang` (catalog.py)."""
    rng = random.Random(seed)
    seat = rng.randrange(2) if seat_choice == "random" else SEAT_NAMES.index(seat_choice)
    opponent = make_player(opponent_spec, rules)
    names = {SEAT_NAMES[seat]: "you", SEAT_NAMES[1 - seat]: opponent_spec}
    session = GameSession.new(names, rules, random.Random(rng.getrandbits(64)), rng, lambda *_: opponent)
    club = words(f"plain.club.{SEAT_NAMES[seat]}", lang)
    print(words("plain.youPlay", lang, seat=SEAT_NAMES[seat], club=club))
    print(legend(lang))
    print(words("plain.help", lang))
    session.start()
    show_board = True
    try:
        while not session.is_over:
            if session.computer_to_move:
                _print_log(session.play_computer_action().log, lang)
                show_board = True
                continue
            update = session.update(seat, lang)
            if show_board:
                print()
                print(render(update.view, lang))
            legal = [action.notation for action in update.legal]  # sorted as strings, as numbered
            print(words("plain.legal", lang, choices="  ".join(f"{i + 1}) {a}" for i, a in enumerate(legal))))
            line = sys.stdin.readline(MAX_DOCUMENT_BYTES + 1)
            if len(line) > MAX_DOCUMENT_BYTES:  # not a move someone typed: a stream of garbage (/dev/zero)
                raise TimesSquareError(f"standard input: a line longer than {MAX_DOCUMENT_BYTES:,} characters")
            if not line or line.strip() in ("q", "quit"):
                print(words("plain.abandoned", lang))
                return 0
            text = line.strip()
            show_board = False
            if not text:
                continue  # an empty line: ask again, without the whole board
            if text.isdigit():
                if not 1 <= int(text) <= len(legal):
                    print(words("plain.noChoice", lang, text=text, count=len(legal)))
                    continue
                text = legal[int(text) - 1]
            try:
                _print_log(session.act(seat, text).log, lang)
                show_board = True
            except InvalidActionError:
                print(words("plain.invalid", lang, action=repr(text)))
            except RuleError as e:
                print(words("plain.illegal", lang, action=repr(text), reason=reason_words(e.reason, lang)))
    finally:
        session.close()
    update = session.update(seat, lang)
    print()
    print(render(update.view, lang))
    winner = update.result
    verdict_key = "plain.draw" if winner == "draw" else "plain.won" if winner == SEAT_NAMES[seat] else "plain.lost"
    print(words("plain.over", lang, how=update.ending, verdict=words(verdict_key, lang)))
    return 0


def _print_log(entries: Sequence[LogEntry], lang: str) -> None:
    for entry in entries:
        text = entry.text(lang)
        if entry.seat is None:  # what the game itself did: the draw, the reshuffle, Charlie, the end
            print(f"  {text}")
        else:
            seat = SEAT_NAMES[entry.seat]
            print(f"{seat}: {text.removeprefix(seat + ' ')}")  # "A: ends the turn", not "A: A ends …"

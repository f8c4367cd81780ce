"""The game record of FORMATS.md: writing one from a game, and replaying one move by move."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from .cards import CARD_INDEX, CHARLIE, DEB, DECK_SIZE, HAL, HAND_SIZE, HIGH, LOW, MIDDLE, SEAT_NAMES, SUE, A, B
from .errors import FormatError, TimesSquareError
from .game import Game
from .jsonread import parse_json, read_limited, type_name
from .outcome import ABORTED, AGREED_RESULTS
from .position import POSITION_FORMAT, from_document
from .state import State
from .tables import TK_START
from .variants import Rules
from .view import SHUFFLE, VIEW_FORMAT

RECORD_FORMAT = "times-square/game/1"
MISSING_SHUFFLE = "this `end` empties the first supply: a `shuffle …` entry must follow"


def to_record(game: Game) -> dict[str, Any]:
    """The game record of FORMATS.md."""
    record: dict[str, Any] = {
        "format": RECORD_FORMAT,
        "players": dict(game.players),
        "start": game.start,
        "moves": list(game.moves),
        "result": game.result,
    }
    if game.is_over:
        record["end"] = game.end_reason()
    if game.forfeit:
        record["forfeit"] = dict(game.forfeit)
    if game.agreed:
        record["agreed"] = game.agreed
    if game.rules.names:
        record["variants"] = game.rules.names
    return record


def read_record_file(path: str | Path) -> dict[str, Any]:
    """The one reader of game record files: the file's JSON object, not yet replayed (see `replay`).

    Raises TimesSquareError naming the file: unreadable, too large, not JSON, not a JSON object."""
    try:
        data = read_limited(path)
    except OSError as e:
        raise TimesSquareError(f"cannot read {path}: {e.strerror}") from None
    except FormatError as e:
        raise TimesSquareError(f"{path}: {e}") from None
    try:
        record = parse_json(data)
    except FormatError as e:
        raise TimesSquareError(f"{path}: not a game record ({e})") from None
    if not isinstance(record, dict):
        raise TimesSquareError(f"{path}: not a game record (not a JSON object)")
    return record


class ReplayError(TimesSquareError):
    """A record's move that cannot be replayed: says which move (1-based) and why."""

    def __init__(self, index: int, move: str, why: str) -> None:
        self.index = index
        self.move = move
        super().__init__(f"move {index} ({move!r}): {why}")


RECORD_FIELDS = {"format", "players", "start", "moves", "result", "end", "forfeit", "agreed", "variants"}
OTHER_DOCUMENTS = {POSITION_FORMAT: "a position document", VIEW_FORMAT: "a view document"}


def _check_format(record: dict[str, Any]) -> None:
    """The format comes first: another document of ours is named as such, not as a record missing fields."""
    if "format" not in record:
        raise FormatError("format", "missing field")
    found = record["format"]
    if found == RECORD_FORMAT:
        return
    if isinstance(found, str) and found in OTHER_DOCUMENTS:
        raise FormatError("", f"this is {OTHER_DOCUMENTS[found]} ({found}), not a game record ({RECORD_FORMAT})")
    raise FormatError("format", f"unknown format {found!r} (expected {RECORD_FORMAT!r})")


def replay(record: object, rules: Rules | None = None) -> Game:
    """Rebuild a game from a record, checking every move; raises FormatError or ReplayError.

    The record's `variants` (a list of names) chooses the rules unless `rules` is given.
    """
    if not isinstance(record, dict):
        raise FormatError("", "a game record must be a JSON object")
    _check_format(record)
    for field in ("players", "start", "moves", "result"):
        if field not in record:
            raise FormatError(field, "missing field")
    for field in record:
        if field not in RECORD_FIELDS:
            raise FormatError(str(field), "unknown field")
    if "end" in record and not isinstance(record["end"], str):
        raise FormatError("end", f"must be a string (how the game ended, in words), not {type_name(record['end'])}")
    players = record["players"]
    if (
        not isinstance(players, dict)
        or set(players) != {"A", "B"}
        or not all(isinstance(v, str) for v in players.values())
    ):
        raise FormatError("players", 'must be an object {"A": name, "B": name}')
    if rules is None:
        variants = record.get("variants", [])
        if not isinstance(variants, list):
            raise FormatError("variants", "must be an array of variant names")
        try:
            rules = Rules.from_names(variants)
        except TimesSquareError as e:
            raise FormatError("variants", str(e)) from None
    start = from_document(record["start"], rules, name="start")
    _check_fresh_deal(start)
    moves = record["moves"]
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise FormatError("moves", "must be an array of strings")
    game = Game(start, players)
    game.rng = None  # while replaying, chance outcomes come from the record's `shuffle` entries
    state = game.state
    for i, move in enumerate(moves):
        if state.chance_due is not None:
            if not move.startswith(SHUFFLE + " "):
                raise ReplayError(i + 1, move, MISSING_SHUFFLE)
            try:
                game.apply_chance(_shuffle_cards(move, i + 1))
            except TimesSquareError as e:
                raise ReplayError(i + 1, move, str(e)) from None
            continue
        if move.startswith(SHUFFLE):
            raise ReplayError(
                i + 1, move, "a shuffle entry only follows the `end` that emptied the first supply (R6.2)"
            )
        if state.result is not None:
            raise ReplayError(i + 1, move, f"the game was already over ({state.end_reason})")
        try:
            game.apply_checked(move)
        except TimesSquareError as e:
            raise ReplayError(i + 1, move, str(e)) from None
    if state.chance_due is not None:
        raise ReplayError(len(moves) + 1, "(none)", MISSING_SHUFFLE)
    _check_outcome(record, game)
    game.rng = random.Random()  # a game continued from a record draws its later chance outcomes afresh
    return game


def _check_fresh_deal(start: State) -> None:
    """A record's `start` is the position right after the deal of R2 (FORMATS.md)."""
    pos = start.pos
    if start.result is not None:
        raise FormatError("start.result", "the start of a game cannot be a finished game")
    if (pos[SUE], pos[LOW], pos[HIGH], pos[CHARLIE]) != (MIDDLE, 6, 10, MIDDLE) or {pos[HAL], pos[DEB]} != {7, 9}:
        raise FormatError(
            "start.figures", "not the set-up of R2 (sue 8, low 6, high 10, charlie 8, hal and deb on 7 and 9)"
        )
    if start.to_move != (A if pos[HAL] == 7 else B):
        raise FormatError("start.to_move", "the player with Hal on his side moves first (R2.4)")
    if start.hand_sizes != [HAND_SIZE, HAND_SIZE] or len(start.supply) != DECK_SIZE - 2 * HAND_SIZE:
        raise FormatError("start", "right after the deal each hand holds 8 cards and the supply 39 (R2.3)")
    if start.supply_number != 1 or start.discard or start.turn_key != TK_START:
        raise FormatError(
            "start",
            "right after the deal the first supply is in play, the discard pile is empty and the turn is at its start",
        )


def _shuffle_cards(entry: str, index: int) -> list[int]:
    cards = []
    for code in entry.split(" ")[1:]:
        if code not in CARD_INDEX:
            raise ReplayError(index, entry, f"unknown card code {code!r}")
        cards.append(CARD_INDEX[code])
    return cards


def _outcome_words(result: object) -> str:
    if result is None:
        return "the game is still running"
    if result == ABORTED:
        return "it was aborted"
    return "a draw" if result == "draw" else f"{result!r} won"


def _check_outcome(record: dict[str, Any], game: Game) -> None:
    if "forfeit" in record:  # optional: absent when nobody forfeited (null is not absent)
        forfeit = record["forfeit"]
        if (
            not isinstance(forfeit, dict)
            or forfeit.get("seat") not in SEAT_NAMES
            or not isinstance(forfeit.get("reason"), str)
        ):
            raise FormatError("forfeit", 'must be {"seat": "A" or "B", "reason": text}')
        if game.state.result is not None:
            raise FormatError("forfeit", "the moves reach the end of the game, so nobody forfeited")
        game.resign(SEAT_NAMES.index(forfeit["seat"]), forfeit["reason"])
    if "agreed" in record:  # optional: absent unless the players stopped the game (R11.9)
        if record["agreed"] not in AGREED_RESULTS:
            raise FormatError("agreed", 'must be "draw" or "aborted"')
        if "forfeit" in record:
            raise FormatError("agreed", "a game ends by a forfeit or by an agreement, not both")
        if game.state.result is not None:
            raise FormatError("agreed", "the moves reach the end of the game, so nothing was agreed")
        game.agree(record["agreed"])
    if record["result"] != game.result:
        said, played = _outcome_words(record["result"]), _outcome_words(game.result)
        raise FormatError("result", f"the record says {said}, but its moves say {played}")
    if "end" in record and game.result is None:
        raise FormatError("end", "the game is still running: only a finished game has an end")

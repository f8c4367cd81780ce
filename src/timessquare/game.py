"""A game in progress: a state plus its history, the unit that players, records and interfaces share."""

from __future__ import annotations

import random
from typing import Any

from .actions import ACTIONS, END_ID
from .cards import (
    CARD_CODES,
    CARD_INDEX,
    CHARLIE,
    DEB,
    DECK_SIZE,
    HAL,
    HAND_SIZE,
    HIGH,
    LOW,
    MIDDLE,
    SEAT_NAMES,
    SUE,
    A,
    B,
)
from .errors import FormatError, TimesSquareError
from .position import from_document, to_document
from .state import State, new_game
from .tables import TK_START
from .variants import DEFAULT_RULES, Rules
from .view import SHUFFLE, PlayerView

RECORD_FORMAT = "times-square/game/1"


class Game:
    """A state with its start position and move history (`shuffle …` entries included, as in a record).

    `play` is the checked path (notation or id) for people and the network; `apply_id` the fast one for
    search and self-play (the id must be legal). Both record the move and any reshuffle.
    """

    def __init__(self, state: State, players: dict[str, str] | None = None) -> None:
        self.start = to_document(state)
        self.state = state
        self.moves: list[str] = []
        self.players = players or {"A": "A", "B": "B"}
        self.forfeit: dict[str, str] | None = None

    @classmethod
    def new(
        cls,
        seed: int | None = None,
        rules: Rules = DEFAULT_RULES,
        players: dict[str, str] | None = None,
        rng: random.Random | None = None,
    ) -> Game:
        return cls(new_game(seed, rules, rng), players)

    @property
    def rules(self) -> Rules:
        return self.state.rules

    @property
    def result(self) -> str | None:
        """`A`, `B`, `draw` or None; a forfeit counts as the other seat's win."""
        if self.forfeit:
            return "B" if self.forfeit["seat"] == "A" else "A"
        return self.state.result_name

    @property
    def is_over(self) -> bool:
        return self.result is not None

    def legal_actions(self) -> list[str]:
        return [] if self.forfeit else self.state.legal_actions()

    def view(self, seat: int | None) -> PlayerView:
        """What `seat` (0, 1, or None for a spectator) may know now (R10)."""
        return PlayerView.of(self.state, seat, self.moves)

    def play(self, action: str | int) -> int:
        """Check and apply an action; returns its id. The game is unchanged when this raises."""
        if self.forfeit:
            raise TimesSquareError(f"the game is over: {self.forfeit['seat']} forfeited")
        aid = self.state.apply_checked(action)
        self._record(aid)
        return aid

    def apply_id(self, aid: int) -> None:
        """Apply a legal action id without checks, and record it."""
        self.state.apply(aid)
        self._record(aid)

    def _record(self, aid: int) -> None:
        state = self.state
        self.moves.append(ACTIONS[aid].notation)
        if aid == END_ID and state.last_shuffle is not None:
            self.moves.append(" ".join([SHUFFLE, *(CARD_CODES[c] for c in state.last_shuffle)]))
            state.last_shuffle = None

    def resign(self, seat: int, reason: str) -> None:
        """End the game as a forfeit of `seat` (a resignation, or an outside program's failure)."""
        if self.is_over:
            return
        self.forfeit = {"seat": SEAT_NAMES[seat], "reason": reason}

    def end_reason(self) -> str:
        if self.forfeit:
            return f"{self.forfeit['seat']} forfeited: {self.forfeit['reason']}"
        return self.state.end_reason

    def to_record(self) -> dict[str, Any]:
        """The game record of FORMATS.md."""
        record: dict[str, Any] = {
            "format": RECORD_FORMAT,
            "players": dict(self.players),
            "start": self.start,
            "moves": list(self.moves),
            "result": self.result,
        }
        if self.is_over:
            record["end"] = self.end_reason()
        if self.forfeit:
            record["forfeit"] = dict(self.forfeit)
        if self.rules.names:
            record["variants"] = self.rules.names
        return record


class ReplayError(TimesSquareError):
    """A record's move that cannot be replayed: says which move (1-based) and why."""

    def __init__(self, index: int, move: str, why: str) -> None:
        self.index = index
        self.move = move
        super().__init__(f"move {index} ({move!r}): {why}")


RECORD_FIELDS = {"format", "players", "start", "moves", "result", "end", "forfeit", "variants"}


def replay(record: object, rules: Rules | None = None) -> Game:
    """Rebuild a game from a record, checking every move; raises FormatError or ReplayError.

    The record's `variants` (a list of names) chooses the rules unless `rules` is given.
    """
    if not isinstance(record, dict):
        raise FormatError("", "a game record must be a JSON object")
    for field in ("format", "players", "start", "moves", "result"):
        if field not in record:
            raise FormatError(field, "missing field")
    for field in record:
        if field not in RECORD_FIELDS:
            raise FormatError(str(field), "unknown field")
    if record["format"] != RECORD_FORMAT:
        raise FormatError("format", f"unknown format {record['format']!r} (expected {RECORD_FORMAT!r})")
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
    state = game.state
    i = 0
    while i < len(moves):
        move = moves[i]
        if move.startswith(SHUFFLE):
            raise ReplayError(
                i + 1, move, "a shuffle entry only follows the `end` that emptied the first supply (R6.2)"
            )
        if state.result is not None:
            raise ReplayError(i + 1, move, f"the game was already over ({state.end_reason})")
        if move == "end" and state.reshuffles_on_end():
            nxt = moves[i + 1] if i + 1 < len(moves) else ""
            if not nxt.startswith(SHUFFLE + " "):
                raise ReplayError(
                    i + 2, nxt or "(none)", "this `end` empties the first supply: a `shuffle …` entry must follow"
                )
            state.forced_shuffle = _shuffle_cards(nxt, i + 2)
        try:
            game.play(move)
        except TimesSquareError as e:
            state.forced_shuffle = None
            raise ReplayError(i + 1, move, str(e)) from None
        i += 2 if game.moves and game.moves[-1].startswith(SHUFFLE) and move == "end" else 1
    _check_outcome(record, game)
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


def _check_outcome(record: dict[str, Any], game: Game) -> None:
    forfeit = record.get("forfeit")
    if forfeit is not None:
        if (
            not isinstance(forfeit, dict)
            or forfeit.get("seat") not in SEAT_NAMES
            or not isinstance(forfeit.get("reason"), str)
        ):
            raise FormatError("forfeit", 'must be {"seat": "A" or "B", "reason": text}')
        if game.state.result is not None:
            raise FormatError("forfeit", "the moves reach the end of the game, so nobody forfeited")
        game.resign(SEAT_NAMES.index(forfeit["seat"]), forfeit["reason"])
    if record["result"] != game.result:
        raise FormatError("result", f"the record says {record['result']!r} but the moves give {game.result!r}")

"""One game as the server holds it: the game session (session/) plus the web's bookkeeping (game id, mode).

Everything about the game comes from `GameSession`: this file maps its updates onto the protocol's `state`
message, its refusals onto the protocol's error codes, and the game onto storage (progress, the record's
new entries).
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable
from datetime import datetime
from typing import Any

from ...cards import CARD_CODES, SEAT_NAMES
from ...catalog import words
from ...errors import GameOverError, InvalidActionError, TimesSquareError
from ...events import Event
from ...history import Projection
from ...outcome import Termination
from ...session import (
    GameSession,
    LogEntry,
    NotYourTurnError,
    RuleError,
    SeatUpdate,
    SpectatorError,
    StaleVersionError,
)
from ...session.change import Change
from ...session.choices import after_colon
from ...session.reasons import reason_words
from ...session.timeline import Timeline
from ...state import cards_to_draw
from ...variants import Rules
from ...view import SHUFFLE
from ..storage import NewGame, Progress, StoredGame
from . import messages
from .messages import ProtocolError

YOU = "you"  # the record's name for the person who created the game
FRIEND = "friend"  # ... and for the friend they invited


def _server_rng() -> random.Random:
    """The deal and reshuffles: seeded from the system's randomness, never sent anywhere."""
    return random.Random(secrets.randbits(128))


class Table:
    def __init__(self, game_id: str, mode: str, session: GameSession) -> None:
        self.game_id = game_id
        self.mode = mode
        self.session = session
        self._views: dict[int | None, dict[str, Any]] = {}  # this version's view documents, by seat
        self._views_at = -1
        self._previous: dict[int | None, dict[str, Any]] = {}  # ... and the last version's (a change's `view`)
        self._previous_at = -1
        self._log_documents: dict[str, Projection[dict[str, Any]]] = {}  # the log as sent, by language
        self._built_for = session

    # ------------------------------------------------------------ making one

    @classmethod
    def new(
        cls,
        game_id: str,
        mode: str,
        level: str,
        seat_choice: str,
        rules: Rules,
        players: dict[str, str] | None = None,
    ) -> Table:
        """A new deal. `players` (record names by seat) when given; else the creator ("you") takes
        `seat_choice` and the other seat is the level or the friend. Computers think in the worker pool."""
        rng = _server_rng()
        if players is None:
            mine = rng.randrange(2) if seat_choice == "random" else SEAT_NAMES.index(seat_choice)
            players = {SEAT_NAMES[mine]: YOU, SEAT_NAMES[1 - mine]: level}
        return cls(game_id, mode, GameSession.new(players, rules, deal=rng))

    @classmethod
    def restore(
        cls, stored: StoredGame, timeline: Timeline | None = None, now: Callable[[], datetime] | None = None
    ) -> Table:
        """The game as stored, replayed move by move (the record is checked on the way), with its log and its
        clock (read with `now`); `timeline`: that walk, when the caller has made it already
        (`walk(stored.record())`)."""
        deal = _server_rng()
        if timeline is None:
            session = GameSession.from_record(stored.record(), deal=deal)
        else:
            session = GameSession.from_timeline(timeline, deal=deal)
        session.clock = stored.clock
        if now is not None:
            session.now = now
        return cls(stored.id, stored.mode, session)

    # --------------------------------------------------------------- storage

    def stored_new(self, seats: dict[str, str], rematch_of: str | None = None) -> NewGame:
        """The new game as storage keeps it; `seats`: the token hashes of the seats taken."""
        session = self.session
        return NewGame(
            self.game_id, self.mode, session.seats, session.rules.names, session.start_position, seats, rematch_of
        )

    def entries_since(self, length: int) -> list[str]:
        """The record's entries from `length` on (a reshuffle's `shuffle …` entry included: storage only)."""
        return list(self.session.entries[length:])

    def progress(self) -> Progress:
        session, outcome = self.session, self.session.outcome
        given_up = outcome is not None and outcome.termination in (Termination.RESIGNATION, Termination.FORFEIT)
        return Progress(
            version=session.version,
            public_moves=len(session.game.moves) - session.game.public_moves.count(SHUFFLE),  # (a C loop)
            to_move=None if session.to_move is None else SEAT_NAMES[session.to_move],
            result=None if outcome is None else outcome.result,
            end_reason=None if outcome is None else outcome.words(),
            forfeit=(outcome.seat or "", outcome.reason) if outcome is not None and given_up else None,
            agreed=session.game.agreed,
        )

    def record(self) -> dict[str, Any]:
        return self.session.record()

    # --------------------------------------------------------------- the protocol

    def state_message(self, seat: int | None, lang: str, thinking: int | None, rematch: str | None) -> dict[str, Any]:
        """The session's update for `seat` in `lang` as the protocol's whole `state` message
        (docs/web-protocol.md): the view with its history, and the whole log."""
        message = self._seat_fields(seat, lang, thinking, rematch)
        message["type"] = "state"
        message["view"] = {**message["view"], "moves": list(self.session.view(seat).moves)}
        message["log"] = self.log_documents(lang)
        return message

    def update_message(
        self, seat: int | None, lang: str, thinking: int | None, rematch: str | None, log_from: int
    ) -> dict[str, Any]:
        """What changed since a client had `log_from` log entries, as the protocol's `update` message: the
        seat's view without its history, and only the log entries from `log_from` on."""
        message = self._seat_fields(seat, lang, thinking, rematch)
        message["type"] = "update"
        message["log_from"] = log_from
        message["log"] = list(self._log_documents_of(lang)[log_from:])
        return message

    def change_message(
        self, seat: int | None, change: Change, thinking: int | None, clock: dict[str, Any] | None
    ) -> dict[str, Any] | None:
        """`change` as the protocol's `change` message for `seat` (docs/web-protocol.md): its version, its events as
        the seat may know them (a draw's cards only to the drawer), the view's fields that changed, the clock, and
        the seat's legal actions by id if it is to move. None when the seat's view before the change is not at
        hand (the socket then gets a whole `state`)."""
        self._same_session()
        now = self._view_document(seat)
        before = self._previous.get(seat) if self._previous_at == change.before else None
        if before is None:
            return None
        message: dict[str, Any] = {
            "v": messages.VERSION,
            "type": "change",
            "version": change.after,
            "events": [event_document(event) for event in change.seen_by(seat)],
            "view": {key: value for key, value in now.items() if before.get(key) != value},
        }
        if clock is not None:
            message["clock"] = clock
        if thinking is not None:
            message["thinking"] = SEAT_NAMES[thinking]
        if seat is not None and seat == self.session.to_move and self.session.is_person(seat):
            message["legal"] = list(self.session.legal_ids(seat))  # ids: each one accepted as an `action`
        return message

    def _seat_fields(self, seat: int | None, lang: str, thinking: int | None, rematch: str | None) -> dict[str, Any]:
        update = self.session.update(seat, lang)
        legal = update.legal if seat is not None and self.session.is_person(seat) else ()
        return {
            "v": messages.VERSION,
            "type": "",
            "version": update.version,
            "seat": None if seat is None else SEAT_NAMES[seat],
            "view": self._view_document(seat),
            "legal": [action.notation for action in legal],
            "destinations": [action.destinations for action in legal],
            "words": [action.words for action in legal],  # each legal action as a choice, in `lang`
            "lang": lang,  # the language of this message's words (`words`, the log, `over`)
            "draws_at_end": None if update.view.hand is None else cards_to_draw(len(update.view.hand)),
            "players": self.session.seats,
            "thinking": None if thinking is None else SEAT_NAMES[thinking],
            "over": over_document(update),
            "rematch": rematch,
        }

    def _view_document(self, seat: int | None) -> dict[str, Any]:
        """The seat's view document without its history (`moves`), built once per seat and version."""
        self._same_session()
        version = self.session.version
        if self._views_at != version:
            self._previous, self._previous_at = self._views, self._views_at
            self._views, self._views_at = {}, version
        document = self._views.get(seat)
        if document is None:
            document = self._views[seat] = self.session.view(seat).to_document()
            del document["moves"]
        return document

    def log_documents(self, lang: str) -> list[dict[str, Any]]:
        """The public log as the protocol sends it in `lang`."""
        return list(self._log_documents_of(lang))

    def _log_documents_of(self, lang: str) -> tuple[dict[str, Any], ...]:
        """`log_documents`, a projection of the game's events (each entry made once per language: an entry
        never changes)."""
        self._same_session()
        projection, session = self._log_documents.get(lang), self.session
        if projection is None:
            projection = self._log_documents[lang] = Projection()
        elif len(projection.made) == session.log_length:
            return projection.made

        def made(start: int, stop: int) -> list[dict[str, Any]]:
            log, texts = session.log_entries, session.log_words(lang)
            return [entry_document(log[i], texts[i], lang) for i in range(start, stop)]

        return projection.of(session.log_length, made)

    def _same_session(self) -> None:
        """Forget what was built for another session (a game read back, or rebuilt, in place)."""
        if self._built_for is not self.session:
            self._built_for = self.session
            self._views, self._views_at = {}, -1
            self._previous, self._previous_at = {}, -1
            self._log_documents.clear()


def event_document(event: Event) -> dict[str, Any]:
    """One event of a change as the protocol sends it: its kind and, when they say something, its seat, notation,
    number and cards (a draw's cards: only in the drawer's message, `Event.seen_by`)."""
    document: dict[str, Any] = {"kind": event.kind}
    if event.seat is not None:
        document["seat"] = SEAT_NAMES[event.seat]
    if event.notation:
        document["notation"] = event.notation
    if event.number:
        document["number"] = event.number
    if event.cards:
        document["cards"] = [CARD_CODES[card] for card in event.cards]
    if event.outcome is not None:
        document["result"] = event.outcome.result
    return document


def over_document(update: SeatUpdate) -> dict[str, str] | None:
    """The result and how the game ended, in the update's words."""
    return None if update.result is None else {"result": update.result, "reason": update.ending}


def log_documents(update: SeatUpdate) -> list[dict[str, Any]]:
    return [entry_document(entry, text, update.lang) for entry, text in zip(update.log, update.log_words, strict=True)]


def entry_document(entry: LogEntry, text: str, lang: str) -> dict[str, Any]:
    """One log entry as the protocol sends it: its words, who acted, its notation, and its `line` in the
    game's log: an action that does not name who took it ("Deb moves 2 toward B") after its seat and a colon
    ("B: Deb moves 2 toward B"), as the language writes after a colon."""
    seat = None if entry.seat is None else SEAT_NAMES[entry.seat]
    line = text
    if seat is not None and entry.notation and not text.startswith(f"{seat} "):
        line = words("log.byWhom", lang, seat=seat, text=after_colon(text, lang))
    return {"text": text, "seat": seat, "notation": entry.notation or None, "line": line}


def refusal(error: TimesSquareError, action: str, lang: str) -> ProtocolError:
    """A refusal of the session as the protocol's error (an illegal action's rule in words of `lang`)."""
    if isinstance(error, ProtocolError):  # already one (a commit that failed: busy), kept as it is
        return error
    if isinstance(error, SpectatorError):
        return ProtocolError("forbidden", "spectators watch: they cannot act in the game")
    if isinstance(error, GameOverError):
        return ProtocolError("game_over", "the game is over")
    if isinstance(error, NotYourTurnError):
        return ProtocolError("not_your_turn", "it is not your turn: wait for the other player")
    if isinstance(error, StaleVersionError):
        return ProtocolError("stale", f"{error}: here is the current state")
    if isinstance(error, InvalidActionError):
        return ProtocolError("bad_message", f"{action!r} is not a move of the notation")
    if isinstance(error, RuleError):
        return ProtocolError("illegal", reason_words(error.reason, lang), error.reason.rule)
    return ProtocolError("bad_message", str(error))

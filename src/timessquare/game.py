"""A game in progress: a state plus its history, the unit that players, records and interfaces share."""

from __future__ import annotations

import random

from .actions import ACTIONS, END, LURE
from .cards import CARD_CODES, CHARLIE, SEAT_NAMES
from .chance import sample_chance
from .errors import TimesSquareError
from .events import CHARLIE as CHARLIE_STEP
from .events import DRAW, MOVE, OVER, SHUFFLE, TO_MOVE, Event
from .history import Projection
from .outcome import Outcome
from .position import to_document
from .state import State, new_game
from .variants import DEFAULT_RULES, Rules
from .view import SHUFFLE as SHUFFLE_ENTRY
from .view import PlayerView, public_moves


class Game:
    """A state with its start position and move history (`shuffle …` entries included, as in a record).

    The paths are named as on State: `apply_checked` (notation or id) for people and the network, `apply`
    (a legal id, unchecked) for search and self-play; `apply_chance` gives a chance event its outcome.
    After a move that makes a chance event due, the game draws its outcome from `rng` (a fresh generator
    unless given) by itself; while `rng` is None the outcome must be given with `apply_chance` (a replay
    takes it from the record's `shuffle` entry).

    `events` is what every action did, as values (events.py), in order: the game's own account of itself,
    which the log, the replays and the network read (a draw's cards included: show each seat `seen_by`).
    `moves` (the record) and `events` are the game's one history, each appended to once per change, here;
    anything else made of it (`public_moves`, the session's log) is a projection of them (history.py).
    """

    def __init__(self, state: State, players: dict[str, str] | None = None, rng: random.Random | None = None) -> None:
        self.start = to_document(state)
        self.state = state
        self.rng: random.Random | None = rng if rng is not None else random.Random()
        self.moves: list[str] = []
        self.players = players or {"A": "A", "B": "B"}
        self.forfeit: dict[str, str] | None = None
        self.agreed: str | None = None  # "draw" or "aborted": the players stopped the game (R11.9)
        self.events: list[Event] = []
        self._public_moves: Projection[str] = Projection()
        self._before: _Before | None = None  # the action whose events wait for its chance outcome

    @classmethod
    def new(
        cls,
        seed: int | None = None,
        rules: Rules = DEFAULT_RULES,
        players: dict[str, str] | None = None,
        rng: random.Random | None = None,
    ) -> Game:
        """A new deal; later chance events (the reshuffle) draw from the same generator as the deal."""
        rng = rng if rng is not None else random.Random(seed)
        return cls(new_game(rules=rules, rng=rng), players, rng)

    @property
    def rules(self) -> Rules:
        return self.state.rules

    @property
    def result(self) -> str | None:
        """`A`, `B`, `draw` or None; a forfeit counts as the other seat's win."""
        if self.forfeit:
            return "B" if self.forfeit["seat"] == "A" else "A"
        if self.agreed:
            return self.agreed
        return self.state.result_name

    @property
    def is_over(self) -> bool:
        return self.result is not None

    def legal_actions(self) -> list[str]:
        return [] if self.forfeit or self.agreed else self.state.legal_actions()

    @property
    def public_moves(self) -> tuple[str, ...]:
        """`moves` as every seat may see them: a reshuffle's order gone (R10.2); made from `moves` once each."""
        moves, made = self.moves, self._public_moves.made
        if len(made) == len(moves):
            return made
        return self._public_moves.of(len(moves), lambda start, stop: public_moves(moves[start:stop]))

    def view(self, seat: int | None) -> PlayerView:
        """What `seat` (0, 1, or None for a spectator) may know now (R10)."""
        return PlayerView.of(self.state, seat, self.public_moves, public=True)

    def apply_checked(self, action: str | int) -> int:
        """Check and apply an action; returns its id. The game is unchanged when this raises."""
        if self.forfeit:
            raise TimesSquareError(f"the game is over: {self.forfeit['seat']} forfeited")
        if self.agreed:
            raise TimesSquareError(f"the game is over: {self.agreed}")
        before = _Before.of(self.state)
        aid = self.state.apply_checked(action)
        self._after(aid, before)
        return aid

    def apply(self, aid: int) -> None:
        """Apply a legal action id without checks, and record it."""
        before = _Before.of(self.state)
        self.state.apply(aid)
        self._after(aid, before)

    def apply_chance(self, outcome: tuple[int, ...] | list[int]) -> None:
        """Give the chance event due its outcome (the reshuffle: the new supply in draw order), and record it."""
        self.state.apply_chance(outcome)
        self.moves.append(" ".join([SHUFFLE_ENTRY, *(CARD_CODES[c] for c in outcome)]))
        if self._before is not None and self.state.chance_due is None:
            self._settle(self._before)

    def _after(self, aid: int, before: _Before) -> None:
        self.moves.append(ACTIONS[aid].notation)
        before.aid = aid
        if self.state.chance_due is None:
            self._settle(before)
            return
        self._before = before  # the action's events follow its chance outcome
        if self.rng is not None:
            self.apply_chance(sample_chance(self.state, self.rng))

    def _settle(self, before: _Before) -> None:
        """The events of the action just completed (its reshuffle, if any, resolved): `before` is the state
        just before it."""
        self._before = None
        self.events += before.events_to(self.state)

    def events_since(self, index: int, seat: int | None) -> list[Event]:
        """The events from `index` on, as `seat` (None: a spectator) may know them."""
        return [event.seen_by(seat) for event in self.events[index:]]

    def resign(self, seat: int, reason: str) -> None:
        """End the game as a forfeit of `seat` (a resignation, or an outside program's failure)."""
        if self.is_over:
            return
        self.forfeit = {"seat": SEAT_NAMES[seat], "reason": reason}
        self.events.append(Event(OVER, outcome=self.outcome))

    def agree(self, result: str) -> None:
        """End the game by the players' agreement: a draw, or "aborted" (no result at all; R11.9)."""
        if self.is_over:
            return
        self.agreed = result
        self.events.append(Event(OVER, outcome=self.outcome))

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended, as data (None while it runs): a forfeit, else the state's R8 ending."""
        if self.forfeit:
            return Outcome.forfeited(self.forfeit["seat"], self.forfeit["reason"])
        if self.agreed:
            return Outcome.agreed(self.agreed)
        return self.state.outcome

    def end_reason(self) -> str:
        """How the game ended in the record's English words ("" while it runs)."""
        outcome = self.outcome
        return "" if outcome is None else outcome.words()


class _Before:
    """What an action's events are measured against: the mover, its hand, the supply and Charlie before it."""

    __slots__ = ("aid", "charlie", "hand", "hand_size", "mover", "supply_number")

    def __init__(self, mover: int, hand: list[int], supply_number: int, charlie: int) -> None:
        self.aid = -1
        self.mover = mover
        self.hand = hand
        self.hand_size = sum(hand)
        self.supply_number = supply_number
        self.charlie = charlie

    @classmethod
    def of(cls, state: State) -> _Before:
        mover = state.to_move
        return cls(mover, list(state.hands[mover]), state.supply_number, state.pos[CHARLIE])

    def events_to(self, state: State) -> list[Event]:
        """The events that took the game from here to `state`: the action, then for an `end` the draw (R6)
        and a reshuffle (R6.2), Charlie's step at the end of a turn unless the game ended first (R7), and the
        end (R8) or whose turn is next."""
        action, mover = ACTIONS[self.aid], self.mover
        events = [Event(MOVE, mover, action.notation)]
        turn_over = action.kind in (END, LURE)
        if action.kind == END:
            hand = state.hands[mover]
            drawn = tuple(card for card, was in enumerate(self.hand) for _ in range(hand[card] - was))
            events.append(Event(DRAW, mover, number=len(drawn), cards=drawn))
            if state.supply_number != self.supply_number:
                events.append(Event(SHUFFLE))
        step = state.pos[CHARLIE] - self.charlie
        if step or (turn_over and state.outcome is None):
            events.append(Event(CHARLIE_STEP, number=step))
        if state.outcome is not None:
            events.append(Event(OVER, outcome=state.outcome))
        elif turn_over:
            events.append(Event(TO_MOVE, state.to_move))
        return events

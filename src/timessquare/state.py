"""The game state and the rules that change it: legal actions, applying an action, draws, Charlie, the end.

`State` is compact and mutable: `apply(aid)` is the fast unchecked path for search (the action must be
among `legal_ids()`); `apply_checked(text_or_id)` is the checked path for people and the network and
raises `InvalidActionError` or `IllegalActionError` with the rule that forbids it. `clone()` is the cheap
snapshot search uses instead of undo.

Chance is explicit (as in OpenSpiel): the state holds no random generator. When a chance event is due
(`chance_due`: the deal of R2, or the reshuffle of R6.2 in the middle of an `end`), no player may act until
`apply_chance(outcome)` gives its outcome; `chance.py` samples outcomes.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .actions import (
    ACTION_CARD,
    ACTION_CARDS_USED,
    ACTION_KIND,
    ACTION_LURE_FIGURE,
    ACTION_STEPS,
    ACTION_TO_MIDDLE,
    ACTIONS,
    DISCARD,
    LURE,
    NUM_ACTIONS,
    PLAY,
    checked_id,
)
from .cards import (
    CARD_CODES,
    CHARLIE,
    DEB,
    DRAW,
    FIGURE_NAMES,
    HAL,
    HAND_SIZE,
    HIGH,
    LAST_SPACE,
    LOW,
    MIDDLE,
    RESULT_NAMES,
    SEAT_NAMES,
    SUE,
    A,
    B,
    S,
    full_deck,
)
from .chance import sample_deal
from .errors import GameOverError, IllegalActionError, TimesSquareError
from .explain import why_illegal
from .facts import DEAL, RESHUFFLE
from .outcome import Outcome
from .tables import (
    ACTION_KEY_DELTA,
    FIGURE_WEIGHT,
    TK_CHANCE,
    TWO_S_BIT,
    RuleTables,
    board_key,
    hand_key,
    move_by_board,
    tables_for,
)
from .variants import DEFAULT_RULES, Rules

# Flat per-action tables for the hot path (attribute access on Action is slower than tuple indexing).
_KIND = ACTION_KIND
_CARD = ACTION_CARD
_USED = ACTION_CARDS_USED
_STEPS = ACTION_STEPS
_TO_MIDDLE = ACTION_TO_MIDDLE
_LURE_FIG = ACTION_LURE_FIGURE
_KEY_DELTA = ACTION_KEY_DELTA
# Hand-key masks: clear a card type's bit (none left), or only the two-S bit (one S left).
_CLEAR_KEY = tuple(~((1 << c) | (TWO_S_BIT if c == S else 0)) for c in range(13))
_DRAW_BIT = tuple(1 << c for c in range(13))
_CLEAR_TWO_S = tuple(~TWO_S_BIT if c == S else -1 for c in range(13))


class State:
    """A complete game state (hidden information included): the referee's view.

    Fields (all public, read them freely; change them only through `apply`):
    - `pos`: spaces of [sue, low, high, hal, deb, charlie] (charlie on his strip);
    - `hands[seat]`: counts per card type (order of R4); `hand_sizes[seat]`;
    - `supply`: card indices with the *next card to be drawn last* (so a draw is `pop()`);
    - `supply_number` (1 or 2), `discard` (oldest first), `to_move` (0 = A, 1 = B);
    - `turn_key` (see tables.py) and `turn_cards` (cards played or discarded this turn, in order);
    - `result`: None while running, else 0 (A), 1 (B) or 2 (draw); `outcome` how it ended, as data (R8);
    - `chance_due`: None, or the chance event (`DEAL`, `RESHUFFLE`) whose outcome `apply_chance` awaits;
      meanwhile `turn_key` is TK_CHANCE, which allows no action, and `pending_draw` holds the cards still
      to draw once the reshuffle's outcome is given, with the turn key to go back to.
    """

    __slots__ = (
        "board_key",
        "chance_due",
        "discard",
        "hand_keys",
        "hand_sizes",
        "hands",
        "outcome",
        "pending_draw",
        "pos",
        "result",
        "rules",
        "supply",
        "supply_number",
        "tables",
        "to_move",
        "turn_cards",
        "turn_key",
    )

    def __init__(
        self,
        pos: Sequence[int],
        hands: Sequence[Sequence[int]],
        supply: Sequence[int],
        supply_number: int,
        discard: Sequence[int],
        to_move: int,
        turn_key: int = 0,
        turn_cards: Sequence[int] = (),
        result: int | None = None,
        outcome: Outcome | None = None,
        rules: Rules = DEFAULT_RULES,
    ) -> None:
        self.rules = rules
        self.tables: RuleTables = tables_for(rules)
        self.pos = list(pos)
        self.hands = [list(hands[A]), list(hands[B])]
        self.hand_sizes = [sum(self.hands[A]), sum(self.hands[B])]
        self.hand_keys = [hand_key(self.hands[A]), hand_key(self.hands[B])]
        self.supply = list(supply)
        self.supply_number = supply_number
        self.discard = list(discard)
        self.to_move = to_move
        self.turn_key = turn_key
        self.turn_cards = list(turn_cards)
        self.result = result
        self.outcome = outcome
        self.board_key = board_key(self.pos, to_move)
        self.chance_due: str | None = None
        self.pending_draw = (0, 0)  # (cards still to draw, the turn key to go back to) while the reshuffle is due

    @classmethod
    def undealt(cls, rules: Rules = DEFAULT_RULES) -> State:
        """The table before the deal of R2: the deal is the chance event due (see `apply_chance`)."""
        state = cls([MIDDLE] * 6, [[0] * 13, [0] * 13], [], 1, [], A, rules=rules)
        state.chance_due = DEAL
        state.turn_key = TK_CHANCE
        return state

    # ----------------------------------------------------------------- queries

    @property
    def is_over(self) -> bool:
        return self.result is not None

    @property
    def end_reason(self) -> str:
        """How the game ended, in the record's English words ("" while it runs)."""
        return "" if self.outcome is None else self.outcome.words()

    @property
    def result_name(self) -> str | None:
        return None if self.result is None else RESULT_NAMES[self.result]

    def legal_mask(self) -> int:
        """The legal actions of the player to move as a bitmask over action ids (0 when the game is over or
        a chance event is due: its turn key TK_CHANCE allows nothing)."""
        if self.result is not None:
            return 0
        t = self.tables
        bm = t.board_masks.get(self.board_key)
        if bm is None:
            bm = t.board_mask(self.board_key)
        return bm & t.hand_masks[self.hand_keys[self.to_move]] & t.turn_masks[self.turn_key]

    def legal_ids(self) -> tuple[int, ...]:
        """The legal action ids of the player to move, sorted ascending (empty when the game is over or a
        chance event is due)."""
        if self.result is not None:
            return ()
        t = self.tables
        bm = t.board_masks.get(self.board_key)
        if bm is None:
            bm = t.board_mask(self.board_key)
        mask = bm & t.hand_masks[self.hand_keys[self.to_move]] & t.turn_masks[self.turn_key]
        ids = t.ids_of_mask.get(mask)
        return ids if ids is not None else t.ids(mask)

    def legal_actions(self) -> list[str]:
        """The legal actions in notation, sorted as strings."""
        return sorted(ACTIONS[i].notation for i in self.legal_ids())

    def action_mask(self) -> list[int]:
        """A 0/1 list of length 95, 1 where the action id is legal (for reinforcement learning)."""
        mask = self.legal_mask()
        return [mask >> i & 1 for i in range(NUM_ACTIONS)]

    def is_legal(self, aid: int) -> bool:
        return bool(self.legal_mask() >> aid & 1)

    # ----------------------------------------------------------------- the fast path

    def apply(self, aid: int) -> None:
        """Apply a legal action id. Unchecked: an illegal id corrupts the state. See `apply_checked`."""
        kind = _KIND[aid]
        if kind in (PLAY, DISCARD):
            # Both put cards from the hand onto the discard pile (R5.1, R5.3). Inlined: this is the hot path.
            card = _CARD[aid]
            p = self.to_move
            hand = self.hands[p]
            n = _USED[aid]
            left = hand[card] - n
            hand[card] = left
            self.hand_sizes[p] -= n
            if left < 2:
                self.hand_keys[p] &= _CLEAR_KEY[card] if left == 0 else _CLEAR_TWO_S[card]
            self.discard.append(card)
            self.turn_cards.append(card)
            if n == 2:
                self.discard.append(card)
                self.turn_cards.append(card)
            self.turn_key = self.tables.next_turn[aid][self.turn_key]
            if kind == DISCARD:
                return
            pos = self.pos
            steps = _STEPS[aid]
            if steps:
                for fig, step in steps:
                    pos[fig] += step
                self.board_key += _KEY_DELTA[aid]
            else:  # GA, or a card to the middle: where the figures go depends on the board
                self.board_key += move_by_board(aid, pos)
            if pos[SUE] <= 1 or pos[SUE] >= LAST_SPACE - 1:
                self._sue_check()
        elif kind == LURE:
            pos = self.pos
            fig = _LURE_FIG[aid]
            self.board_key += (pos[HAL] - pos[fig]) * FIGURE_WEIGHT[fig]
            pos[fig] = pos[HAL]
            if not self._sue_check():
                self._charlie_and_pass()  # R6.1: no draw after a lure
        else:
            self._end_turn()

    def _sue_check(self) -> bool:
        """R8.1 for Sue: on an entrance, that club's owner wins at once, whoever moved her there."""
        owner = entrance_owner(self.pos[SUE])
        if owner is None:
            return False
        self.result, self.outcome = owner, entrance_outcome(SUE, owner)
        return True

    def _end_turn(self) -> None:
        """`end`: R6 draw (with the reshuffle and R8.2), then R7 Charlie, then the turn passes."""
        need = cards_to_draw(self.hand_sizes[self.to_move])
        if need > 0:
            # The common case inlined (the hot path): enough cards in the supply, no reshuffle due.
            supply = self.supply
            if len(supply) <= need:
                if not self._draw(need):
                    return
            else:
                p = self.to_move
                hand = self.hands[p]
                key = self.hand_keys[p]
                for _ in range(need):
                    card = supply.pop()
                    hand[card] += 1
                    key |= _DRAW_BIT[card]
                if hand[S] >= 2:
                    key |= TWO_S_BIT
                self.hand_keys[p] = key
                self.hand_sizes[p] = HAND_SIZE
        self._charlie_and_pass()

    def _draw(self, need: int) -> bool:
        """Draw up to `need` cards (R6.1). False when the draw stops before the turn can pass: the first
        supply ran out, so the reshuffle (R6.2) is due; or the second did, and the game is over (R8.2)."""
        p = self.to_move
        hand = self.hands[p]
        supply = self.supply
        key = self.hand_keys[p]
        drawn = 0
        while drawn < need:
            card = supply.pop()
            hand[card] += 1
            key |= _DRAW_BIT[card]
            drawn += 1
            if not supply:
                break
        if hand[S] >= 2:
            key |= TWO_S_BIT
        self.hand_keys[p] = key
        self.hand_sizes[p] += drawn
        if supply:
            return True
        if self.supply_number == 1:
            self.chance_due = RESHUFFLE
            self.pending_draw = (need - drawn, self.turn_key)
            self.turn_key = TK_CHANCE
        else:
            self._deck_out()
        return False

    def _deck_out(self) -> None:
        """R8.2: the last card of the second supply is drawn."""
        self.result, self.outcome = deck_out(self.pos)

    def _charlie_and_pass(self) -> None:
        """R7: Charlie moves toward the mover's club; R8.1 for Charlie; then the turn passes."""
        pos = self.pos
        mover = self.to_move
        charlie = pos[CHARLIE] = charlie_after(pos, mover)
        if charlie <= 1 or charlie >= LAST_SPACE - 1:  # he only moves toward the mover's club
            self.result, self.outcome = mover, entrance_outcome(CHARLIE, mover)
            return
        self.to_move ^= 1
        self.board_key ^= 1
        self.turn_key = 0
        self.turn_cards = []

    # ----------------------------------------------------------------- the checked path

    def apply_checked(self, action: str | int) -> int:
        """Apply an action given as notation or id after checking it; returns its id.

        Raises InvalidActionError (not one of the 95 actions), GameOverError, or IllegalActionError whose
        message says which rule forbids it. The state is unchanged when it raises.
        """
        aid = checked_id(action)
        text = ACTIONS[aid].notation
        if self.result is not None:
            raise GameOverError(text, RESULT_NAMES[self.result])
        if self.chance_due is not None:
            raise TimesSquareError(f"{text}: the {self.chance_due} must be given first (a chance event is due)")
        if not self.legal_mask() >> aid & 1:
            raise IllegalActionError(text, why_illegal(self, aid))
        self.apply(aid)
        return aid

    def reshuffles_on_end(self) -> bool:
        """Whether `end` now would draw the last card of the first supply, so the reshuffle (R6.2) is due."""
        need = cards_to_draw(self.hand_sizes[self.to_move])
        return self.supply_number == 1 and 0 < len(self.supply) <= need

    # ----------------------------------------------------------------- chance

    def apply_chance(self, outcome: Sequence[int]) -> None:
        """Give the outcome of the chance event due; the one way chance enters a game.

        - `DEAL` (R2): the seat that draws Hal from the fist (0 = A, 1 = B), then the 55 card indices in
          dealing order: A's 8 cards, B's 8, then the supply in draw order. The Hal seat starts (R2.4).
        - `RESHUFFLE` (R6.2): the discard pile (this turn's cards included) in the new draw order; the
          interrupted draw then goes on, and Charlie (R7) follows.

        Raises TimesSquareError (the state unchanged) when nothing is due or the outcome is not possible.
        """
        if self.chance_due == DEAL:
            self._deal(outcome)
        elif self.chance_due == RESHUFFLE:
            self._reshuffle(outcome)
        else:
            raise TimesSquareError("no chance event is due")

    def _deal(self, outcome: Sequence[int]) -> None:
        hal_seat, deck = outcome[0] if outcome else None, outcome[1:]
        if hal_seat not in (A, B):
            raise TimesSquareError("the deal's outcome starts with the seat that holds Hal: 0 (A) or 1 (B)")
        if sorted(deck) != sorted(full_deck()):
            raise TimesSquareError("the deal's outcome must hold each of the 55 cards once")
        dealt = dealt_state(outcome, self.rules)
        for name in State.__slots__:
            setattr(self, name, getattr(dealt, name))

    def _reshuffle(self, order: Sequence[int]) -> None:
        if sorted(order) != sorted(self.discard):
            pile = " ".join(sorted(CARD_CODES[c] for c in self.discard))
            raise TimesSquareError(f"the second supply must be a shuffle of the discard pile ({pile})")
        self.supply = list(order)[::-1]
        self.discard = []
        self.supply_number = 2
        self.chance_due = None
        (need, self.turn_key), self.pending_draw = self.pending_draw, (0, 0)
        if need == 0 or self._draw(need):
            self._charlie_and_pass()

    def set_hand(self, seat: int, counts: Sequence[int]) -> None:
        """Give `seat` this hand (counts per card type), keeping the hand's size and key in step (for the
        worlds a computer player samples; the cards' total is the caller's to keep)."""
        self.hands[seat] = list(counts)
        self.hand_sizes[seat] = sum(counts)
        self.hand_keys[seat] = hand_key(self.hands[seat])

    # ----------------------------------------------------------------- copies

    def clone(self) -> State:
        """An independent copy."""
        new = State.__new__(State)
        new.rules = self.rules
        new.tables = self.tables
        new.pos = self.pos[:]
        new.hands = [self.hands[0][:], self.hands[1][:]]
        new.hand_sizes = self.hand_sizes[:]
        new.hand_keys = self.hand_keys[:]
        new.supply = self.supply[:]
        new.supply_number = self.supply_number
        new.discard = self.discard[:]
        new.to_move = self.to_move
        new.turn_key = self.turn_key
        new.turn_cards = self.turn_cards[:]
        new.result = self.result
        new.outcome = self.outcome
        new.board_key = self.board_key
        new.chance_due = self.chance_due
        new.pending_draw = self.pending_draw
        return new

    def __repr__(self) -> str:
        names = ("sue", "low", "high", "hal", "deb", "charlie")
        figures = " ".join(f"{n}={p}" for n, p in zip(names, self.pos, strict=True))
        return f"<State {figures} to_move={SEAT_NAMES[self.to_move]} result={self.result_name}>"


# ----------------------------------------------------------------------------- rule clauses used elsewhere


def cards_to_draw(hand_size: int) -> int:
    """R6.1: the cards a player with `hand_size` cards draws at the end of the turn (up to 8 in hand)."""
    return max(0, HAND_SIZE - hand_size)


def entrance_owner(space: int) -> int | None:
    """R8.1: whose club entrance a space is (0-1: A's, 15-16: B's), or None."""
    return A if space <= 1 else B if space >= LAST_SPACE - 1 else None


def charlie_after(pos: Sequence[int], mover: int) -> int:
    """R7: Charlie's space after `mover`'s turn: one step toward the mover's club for each figure on that
    club's entrance, and one more when Sue and both bodyguards stand on the mover's half."""
    if mover == A:
        steps = (pos[SUE] <= 1) + (pos[LOW] <= 1) + (pos[HIGH] <= 1) + (pos[HAL] <= 1) + (pos[DEB] <= 1)
        steps += pos[HIGH] < MIDDLE  # R3: the high bodyguard is the outermost of the three
        return max(0, pos[CHARLIE] - steps)
    edge = LAST_SPACE - 1
    steps = (pos[SUE] >= edge) + (pos[LOW] >= edge) + (pos[HIGH] >= edge) + (pos[HAL] >= edge) + (pos[DEB] >= edge)
    steps += pos[LOW] > MIDDLE
    return min(LAST_SPACE, pos[CHARLIE] + steps)


def entrance_outcome(figure: int, owner: int) -> Outcome:
    """R8.1: `figure` (SUE or CHARLIE) reached `owner`'s entrance, so `owner` wins."""
    return Outcome.entrance(FIGURE_NAMES[figure], SEAT_NAMES[owner])


def deck_out(pos: Sequence[int]) -> tuple[int, Outcome]:
    """R8.2, the second supply ran out: Sue's half decides, then Charlie's, else a draw."""
    sue, charlie = pos[SUE], pos[CHARLIE]
    if sue != MIDDLE:
        result, deciding = (A if sue < MIDDLE else B), "sue"
    elif charlie != MIDDLE:
        result, deciding = (A if charlie < MIDDLE else B), "charlie"
    else:
        result, deciding = DRAW, "none"
    return result, Outcome.supply(RESULT_NAMES[result], deciding)


def dealt_state(outcome: Sequence[int], rules: Rules = DEFAULT_RULES) -> State:
    """The state right after the deal of R2 whose outcome is `outcome` (see `State.apply_chance`; unchecked)."""
    hal_seat, deck = outcome[0], outcome[1:]
    pos = [MIDDLE, 6, 10, 7 if hal_seat == A else 9, 9 if hal_seat == A else 7, MIDDLE]  # R2.2, R2.3
    hands = [[0] * 13, [0] * 13]
    for card in deck[:HAND_SIZE]:
        hands[A][card] += 1
    for card in deck[HAND_SIZE : 2 * HAND_SIZE]:
        hands[B][card] += 1
    return State(pos, hands, deck[2 * HAND_SIZE :][::-1], 1, [], hal_seat, rules=rules)  # R2.4: Hal's seat starts


def new_game(seed: int | None = None, rules: Rules = DEFAULT_RULES, rng: random.Random | None = None) -> State:
    """A new game after the deal of R2: the fist draw of Hal and Deb, 8 cards each, 39 in the supply.

    The deal comes from `rng`, or from `random.Random(seed)`; the same seed gives the same deal.
    """
    return dealt_state(sample_deal(rng if rng is not None else random.Random(seed)), rules)

"""The game state and the rules that change it: legal actions, applying an action, draws, Charlie, the end.

`State` is compact and mutable: `apply(aid)` is the fast unchecked path for search (the action must be
among `legal_ids()`); `apply_checked(text_or_id)` is the checked path for people and the network and
raises `InvalidActionError` or `IllegalActionError` with the rule that forbids it. `clone()` is the cheap
snapshot search uses instead of undo.
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
    END,
    LURE,
    NUM_ACTIONS,
    PLAY,
    action_id,
    notation,
)
from .cards import (
    CARD_CODES,
    CHARLIE,
    DEB,
    DRAW,
    GA,
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
from .errors import GameOverError, IllegalActionError, TimesSquareError
from .tables import ACTION_KEY_DELTA, FIGURE_WEIGHT, TWO_S_BIT, RuleTables, board_key, hand_key, tables_for
from .variants import DEFAULT_RULES, Rules

# Flat per-action tables for the hot path (attribute access on Action is slower than tuple indexing).
_KIND = ACTION_KIND
_CARD = ACTION_CARD
_USED = ACTION_CARDS_USED
_STEPS = ACTION_STEPS
_TO_MIDDLE = ACTION_TO_MIDDLE
_LURE_FIG = ACTION_LURE_FIGURE
_KEY_DELTA = ACTION_KEY_DELTA
_W_LOW, _W_HIGH = FIGURE_WEIGHT[LOW], FIGURE_WEIGHT[HIGH]
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
    - `result`: None while running, else 0 (A), 1 (B) or 2 (draw); `end_reason` in words.
    """

    __slots__ = (
        "board_key",
        "discard",
        "end_reason",
        "forced_shuffle",
        "hand_keys",
        "hand_sizes",
        "hands",
        "last_shuffle",
        "pos",
        "result",
        "rng",
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
        end_reason: str = "",
        rules: Rules = DEFAULT_RULES,
        rng: random.Random | None = None,
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
        self.end_reason = end_reason
        self.board_key = board_key(self.pos, to_move)
        self.rng = rng if rng is not None else random.Random()
        # A second supply given from outside (a record's `shuffle` entry, `apply --shuffle`), draw order.
        self.forced_shuffle: list[int] | None = None
        # The second supply as it was shuffled, draw order; set by the reshuffle (R6.2) for the record.
        self.last_shuffle: tuple[int, ...] | None = None

    # ----------------------------------------------------------------- queries

    @property
    def is_over(self) -> bool:
        return self.result is not None

    @property
    def result_name(self) -> str | None:
        return None if self.result is None else RESULT_NAMES[self.result]

    def legal_mask(self) -> int:
        """The legal actions of the player to move as a bitmask over action ids (0 when the game is over)."""
        if self.result is not None:
            return 0
        t = self.tables
        bm = t.board_masks.get(self.board_key)
        if bm is None:
            bm = t.board_mask(self.board_key)
        return bm & t.hand_masks[self.hand_keys[self.to_move]] & t.turn_masks[self.turn_key]

    def legal_ids(self) -> tuple[int, ...]:
        """The legal action ids of the player to move, sorted ascending (empty when the game is over)."""
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
            elif card == GA:
                sue = pos[SUE]
                self.board_key += (sue - 1 - pos[LOW]) * _W_LOW + (sue + 1 - pos[HIGH]) * _W_HIGH
                pos[LOW] = sue - 1
                pos[HIGH] = sue + 1
            else:
                fig = _TO_MIDDLE[aid]
                self.board_key += (MIDDLE - pos[fig]) * FIGURE_WEIGHT[fig]
                pos[fig] = MIDDLE
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
        sue = self.pos[SUE]
        if sue <= 1:
            self.result, self.end_reason = A, "Sue reached A's entrance"
        elif sue >= LAST_SPACE - 1:
            self.result, self.end_reason = B, "Sue reached B's entrance"
        else:
            return False
        return True

    def _end_turn(self) -> None:
        """`end`: R6 draw (with the reshuffle and R8.2), then R7 Charlie, then the turn passes."""
        p = self.to_move
        hand = self.hands[p]
        supply = self.supply
        need = HAND_SIZE - self.hand_sizes[p]
        if need > 0:
            key = self.hand_keys[p]
            while need > 0:
                card = supply.pop()
                hand[card] += 1
                key |= _DRAW_BIT[card]
                need -= 1
                if not supply:
                    if self.supply_number == 2:
                        break
                    self._reshuffle()
                    supply = self.supply
            if hand[S] >= 2:
                key |= TWO_S_BIT
            self.hand_keys[p] = key
            self.hand_sizes[p] = HAND_SIZE - need
            if not supply:
                self._deck_out()
                return
        self._charlie_and_pass()

    def _reshuffle(self) -> None:
        """R6.2: the discard pile (this turn's cards included) becomes the second supply."""
        if self.forced_shuffle is not None:
            order = self.forced_shuffle
            self._check_forced_shuffle(order)
            self.forced_shuffle = None
        else:
            order = list(self.discard)
            self.rng.shuffle(order)
        self.last_shuffle = tuple(order)
        self.supply = order[::-1]
        self.discard = []
        self.supply_number = 2

    def _deck_out(self) -> None:
        """R8.2: the last card of the second supply is drawn: Sue's half decides, then Charlie's."""
        sue, charlie = self.pos[SUE], self.pos[CHARLIE]
        if sue != MIDDLE:
            self.result = A if sue < MIDDLE else B
            why = f"Sue is on {SEAT_NAMES[self.result]}'s half"
        elif charlie != MIDDLE:
            self.result = A if charlie < MIDDLE else B
            why = f"Sue is in the middle and Charlie on {SEAT_NAMES[self.result]}'s half"
        else:
            self.result = DRAW
            why = "Sue and Charlie are both in the middle"
        self.end_reason = f"the second supply ran out: {why}"

    def _charlie_and_pass(self) -> None:
        """R7: Charlie moves toward the mover's club; R8.1 for Charlie; then the turn passes."""
        pos = self.pos
        if self.to_move == A:
            steps = (pos[SUE] <= 1) + (pos[LOW] <= 1) + (pos[HIGH] <= 1) + (pos[HAL] <= 1) + (pos[DEB] <= 1)
            steps += pos[HIGH] < MIDDLE  # Sue and both bodyguards on A's half (R3: high is the outermost)
            charlie = max(0, pos[CHARLIE] - steps)
            pos[CHARLIE] = charlie
            if charlie <= 1:
                self.result, self.end_reason = A, "Charlie reached A's entrance"
                return
        else:
            edge = LAST_SPACE - 1
            steps = (pos[SUE] >= edge) + (pos[LOW] >= edge) + (pos[HIGH] >= edge) + (pos[HAL] >= edge)
            steps += (pos[DEB] >= edge) + (pos[LOW] > MIDDLE)
            charlie = min(LAST_SPACE, pos[CHARLIE] + steps)
            pos[CHARLIE] = charlie
            if charlie >= edge:
                self.result, self.end_reason = B, "Charlie reached B's entrance"
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
        from .explain import why_illegal  # explanations are only needed on this path

        aid = action_id(action) if isinstance(action, str) else action_id(notation(action))
        text = ACTIONS[aid].notation
        if self.result is not None:
            raise GameOverError(text, RESULT_NAMES[self.result])
        if not self.legal_mask() >> aid & 1:
            raise IllegalActionError(text, why_illegal(self, aid))
        if _KIND[aid] == END and self.forced_shuffle is not None and self.reshuffles_on_end():
            self._check_forced_shuffle(self.forced_shuffle)
        self.apply(aid)
        return aid

    def reshuffles_on_end(self) -> bool:
        """Whether `end` now would draw the last card of the first supply (R6.2)."""
        need = HAND_SIZE - self.hand_sizes[self.to_move]
        return self.supply_number == 1 and 0 < len(self.supply) <= need

    def _check_forced_shuffle(self, order: list[int]) -> None:
        if sorted(order) != sorted(self.discard):
            pile = " ".join(sorted(CARD_CODES[c] for c in self.discard))
            raise TimesSquareError(
                f"the given second supply is not a shuffle of the discard pile at the reshuffle ({pile})"
            )

    # ----------------------------------------------------------------- copies

    def clone(self) -> State:
        """An independent copy. The random generator is shared: set `copy.rng` to give the copy its own."""
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
        new.end_reason = self.end_reason
        new.board_key = self.board_key
        new.rng = self.rng
        new.forced_shuffle = None if self.forced_shuffle is None else self.forced_shuffle[:]
        new.last_shuffle = self.last_shuffle
        return new

    def __repr__(self) -> str:
        names = ("sue", "low", "high", "hal", "deb", "charlie")
        figures = " ".join(f"{n}={p}" for n, p in zip(names, self.pos, strict=True))
        return f"<State {figures} to_move={SEAT_NAMES[self.to_move]} result={self.result_name}>"


def new_game(seed: int | None = None, rules: Rules = DEFAULT_RULES, rng: random.Random | None = None) -> State:
    """A new game after the deal of R2: the fist draw of Hal and Deb, 8 cards each, 39 in the supply.

    Everything random comes from `rng`, or from `random.Random(seed)`; the same seed gives the same game.
    """
    rng = rng if rng is not None else random.Random(seed)
    a_has_hal = rng.random() < 0.5  # R2.2 the fist draw
    pos = [MIDDLE, 6, 10, 7 if a_has_hal else 9, 9 if a_has_hal else 7, MIDDLE]
    deck = full_deck()
    rng.shuffle(deck)
    hands = [[0] * 13, [0] * 13]
    for card in deck[:HAND_SIZE]:
        hands[A][card] += 1
    for card in deck[HAND_SIZE : 2 * HAND_SIZE]:
        hands[B][card] += 1
    supply = deck[2 * HAND_SIZE :][::-1]  # internal order: next card last
    to_move = A if a_has_hal else B  # R2.4
    return State(pos, hands, supply, 1, [], to_move, rules=rules, rng=rng)

"""Precomputed legality tables: the reason the engine is fast.

The legal actions of a state are the intersection of three bitmasks over the 95 action ids:
- the *board* mask: what the figures allow (R3, R4.3-R4.4, R5.2, R9.1), for the five street figures and
  the player to move; computed once per board and cached;
- the *hand* mask: which cards the hand holds (one bit per card type, one more for "two S");
- the *turn* mask: what this point of the turn allows (R5: colour, trade, lure only first, R9.2 lock).
A mask is turned into the sorted tuple of its ids once, then looked up.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .actions import (
    ACTION_CARD,
    ACTION_STEPS,
    ACTION_TO_MIDDLE,
    ACTIONS,
    DISCARD,
    END,
    JOKER_GUARDS,
    JOKER_HAL,
    JOKER_SUE,
    LURE,
    NUM_ACTIONS,
    ON_DEB,
    PLAY,
    Action,
)
from .cards import (
    CARD_COLOUR,
    DEB,
    FIGURE_NAMES,
    GA,
    GREEN,
    GREY,
    HAL,
    HIGH,
    LAST_SPACE,
    LOW,
    MIDDLE,
    NUM_CARD_TYPES,
    RED,
    SEAT_NAMES,
    SUE,
    YELLOW,
    A,
    S,
)
from .variants import Rules

# Turn keys: the point a turn has reached (mode, colour and Deb lock in one small int).
TK_START, TK_TRADE, TK_GREEN, TK_GREY, TK_YELLOW, TK_RED, TK_RED_SUE, TK_RED_HAL, TK_RED_GUARDS, TK_RED_DEB = range(10)
# While a chance event is due (the deal, the reshuffle) nobody may act: its turn key allows nothing.
TK_CHANCE = 10
NUM_TURN_KEYS = 11
TK_OF_COLOUR = {GREEN: TK_GREEN, GREY: TK_GREY, YELLOW: TK_YELLOW, RED: TK_RED}
TK_OF_JOKER = {JOKER_SUE: TK_RED_SUE, JOKER_HAL: TK_RED_HAL, JOKER_GUARDS: TK_RED_GUARDS}
LOCKED_RED_KEYS = frozenset((TK_RED_SUE, TK_RED_HAL, TK_RED_GUARDS, TK_RED_DEB))

GA_ID = next(a.id for a in ACTIONS if a.card == GA and a.kind == PLAY)

# Board keys: a mixed-radix number of the five street figures (base 17) and the mover (base 2).
FIGURE_WEIGHT = (2, 2 * 17, 2 * 17**2, 2 * 17**3, 2 * 17**4, 0)  # SUE, LOW, HIGH, HAL, DEB, CHARLIE
# How much each action's signed steps change the board key.
ACTION_KEY_DELTA = tuple(sum(step * FIGURE_WEIGHT[fig] for fig, step in a.steps) for a in ACTIONS)
TWO_S_BIT = 1 << NUM_CARD_TYPES  # hand-key bit: at least two S cards (a group move)


def board_key(pos: list[int], mover: int) -> int:
    return sum(p * w for p, w in zip(pos, FIGURE_WEIGHT, strict=True)) + mover


def decode_board_key(key: int) -> tuple[list[int], int]:
    mover, rest = key & 1, key >> 1
    pos = []
    for _ in range(5):
        rest, p = divmod(rest, 17)
        pos.append(p)
    return pos, mover


def hand_key(counts: list[int]) -> int:
    key = sum(1 << c for c in range(NUM_CARD_TYPES) if counts[c] > 0)
    return key | TWO_S_BIT if counts[S] >= 2 else key


def _mask(actions: list[Action]) -> int:
    return sum(1 << a.id for a in actions)


def moved_positions(action: Action, pos: Sequence[int]) -> list[int]:
    """The street positions after a play or lure action, unchecked (used to build tables and explain)."""
    new = list(pos[:5])
    if action.kind == LURE:
        new[action.lure_figure] = pos[HAL]
    elif action.card == GA or action.to_middle >= 0:
        move_by_board(action.id, new)
    else:
        for fig, step in action.steps:
            new[fig] += step
    return new


def joker_condition(pos: Sequence[int], mover: int) -> bool:
    """R9.1: Deb strictly between Sue and the mover's end of the board."""
    return pos[DEB] < pos[SUE] if mover == A else pos[DEB] > pos[SUE]


def board_fault(action: Action, pos: Sequence[int], mover: int, rules: Rules, joker_checked: bool = False) -> str:
    """The rule of the board this action breaks ("R9.1", "R4.1", "R5.2", "R4.4", "R4.3", "R3"), or "" when
    the figures allow it; hand and turn aside. The one home of board legality: the cached tables are built
    from it and `board_reason` explains it. With `joker_checked` the caller has checked R9.1 itself."""
    if action.kind not in (PLAY, LURE):
        return ""
    if action.is_joker and not joker_checked and not joker_condition(pos, mover):
        return "R9.1"
    if rules.toward_mover and action.kind == PLAY:
        toward = -1 if mover == A else 1
        if any(step * toward < 0 for _, step in action.steps):
            return "R4.1"
    new = moved_positions(action, pos)
    if new == list(pos[:5]):  # a card must change the board; a lure must move its figure
        return "R5.2" if action.kind == LURE else "R4.4"
    for p in new:
        if not 0 <= p <= LAST_SPACE:
            return "R4.3"
    return "" if new[LOW] < new[SUE] < new[HIGH] else "R3"


def board_allows(action: Action, pos: Sequence[int], mover: int, rules: Rules, joker_checked: bool = False) -> bool:
    """Whether the figures allow this action (see `board_fault`)."""
    return not board_fault(action, pos, mover, rules, joker_checked)


@dataclass(frozen=True)
class Reason:
    """Why an action is illegal, as data and in no language: `rule` is the rule it breaks as a reason cites
    it ("R3", "R5.1", "R9.2"), `kind` which clause (explain.REASON_KINDS lists them, with their English
    words), `details` what the words need, as (name, value) pairs of language-neutral values: numbers, card
    codes, seat letters, colour and figure names of the notation."""

    kind: str
    rule: str
    details: tuple[tuple[str, int | str], ...] = ()

    def detail(self, name: str) -> int | str:
        return dict(self.details)[name]


# The board's reasons: the rule `board_fault` names -> the kind of reason.
BOARD_REASON_KINDS = {
    "R9.1": "joker_place",
    "R4.1": "toward_mover",
    "R5.2": "lure_in_place",
    "R4.4": "no_change",
    "R4.3": "off_board",
    "R3": "bodyguards",
}


def board_reason(action: Action, pos: Sequence[int], mover: int, rules: Rules) -> Reason | None:
    """`board_fault` with its details (None when the figures allow the action); `explain` puts it in words."""
    fault = board_fault(action, pos, mover, rules)
    if not fault:
        return None
    new = moved_positions(action, pos)
    details: tuple[tuple[str, int | str], ...] = ()
    if fault == "R9.1":
        details = (("seat", SEAT_NAMES[mover]),)
    elif fault == "R5.2":
        details = (("figure", FIGURE_NAMES[action.lure_figure]),)
    elif fault == "R4.3":
        fig, p = next((f, p) for f, p in enumerate(new) if not 0 <= p <= LAST_SPACE)
        details = (("figure", FIGURE_NAMES[fig]), ("space", p))
    elif fault == "R3":
        details = (("low", new[LOW]), ("sue", new[SUE]), ("high", new[HIGH]))
    return Reason(BOARD_REASON_KINDS[fault], fault, details)


def move_by_board(aid: int, pos: list[int]) -> int:
    """The plays whose moves depend on the board (GA: the bodyguards beside Sue, R4; a card to the middle),
    made on `pos` in place; returns how the board key changes. The engine's hot path uses it as it is."""
    if ACTION_CARD[aid] == GA:
        sue = pos[SUE]
        delta = (sue - 1 - pos[LOW]) * FIGURE_WEIGHT[LOW] + (sue + 1 - pos[HIGH]) * FIGURE_WEIGHT[HIGH]
        pos[LOW], pos[HIGH] = sue - 1, sue + 1
        return delta
    fig = ACTION_TO_MIDDLE[aid]
    delta = (MIDDLE - pos[fig]) * FIGURE_WEIGHT[fig]
    pos[fig] = MIDDLE
    return delta


def board_key_delta(aid: int, pos: Sequence[int]) -> int:
    """How a play action changes the board key (the table of fixed steps, else from `pos`)."""
    delta = ACTION_KEY_DELTA[aid]
    return delta if ACTION_STEPS[aid] else move_by_board(aid, list(pos))


def hand_allows(action: Action, counts: list[int]) -> bool:
    if action.kind == PLAY:
        return counts[action.card] >= action.cards_used
    if action.kind == DISCARD:
        return counts[action.card] > 0
    return True


def turn_allows(action: Action, turn_key: int) -> bool:
    """R5: what each point of a turn allows (colour, one kind of turn, lure only alone, R5.4, R9.2)."""
    if turn_key == TK_CHANCE:
        return False
    if turn_key == TK_START:
        return action.kind in (PLAY, LURE, DISCARD)
    if action.kind == END:
        return True
    if turn_key == TK_TRADE:
        return action.kind == DISCARD
    if action.kind != PLAY or CARD_COLOUR[action.card] != _colour_of_turn_key(turn_key):
        return False
    if turn_key == TK_RED_DEB:
        return action.deb_use == ON_DEB
    if turn_key in LOCKED_RED_KEYS:
        return TK_OF_JOKER[action.deb_use] == turn_key if action.is_joker else False
    return True


def _colour_of_turn_key(turn_key: int) -> int:
    return {TK_GREEN: GREEN, TK_GREY: GREY, TK_YELLOW: YELLOW}.get(turn_key, RED)


def next_turn_key(action: Action, turn_key: int, rules: Rules) -> int:
    """The turn key after a play or discard action (lure and end end the turn)."""
    if action.kind == DISCARD:
        return TK_TRADE
    colour = CARD_COLOUR[action.card]
    if colour != RED:
        return TK_OF_COLOUR[colour]
    if action.is_joker:
        return TK_OF_JOKER[action.deb_use]
    if turn_key == TK_START and rules.first_deb_card_locks:
        return TK_RED_DEB
    return turn_key if turn_key != TK_START else TK_RED


# Caches of boards seen, cleared when full: a long-running process (a server, its workers) sees some 600 new
# boards a game and would otherwise grow by tens of MB an hour (issue 31's soak); a mask not cached is cheap.
BOARD_MASKS_KEPT = 1 << 13  # about 1 MB: a search's boards, not an hour's (issue 31's soak)
ID_LISTS_KEPT = 1 << 11  # about 0.5 MB
UNKNOWN_LURES = 0xFF  # a board of Sue, the guards and Hal whose lures are not worked out yet


class RuleTables:
    """The cached tables of one rule set. Get them with `tables_for(rules)`."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.hand_masks = [self._hand_mask(key) for key in range(TWO_S_BIT << 1)]
        self.turn_masks = [_mask([a for a in ACTIONS if turn_allows(a, tk)]) for tk in range(NUM_TURN_KEYS)]
        self.next_turn = [
            [
                next_turn_key(a, tk, rules) if a.kind in (PLAY, DISCARD) and tk != TK_CHANCE else tk
                for tk in range(NUM_TURN_KEYS)
            ]
            for a in ACTIONS
        ]
        self.board_masks: dict[int, int] = {}
        self._guard_cache: dict[int, tuple[int, int]] = {}
        # The lures each board of Sue, the guards and Hal allows, as one byte of bits (three lures) per board: all
        # 17^4 boards in 84 kB, never cleared (a dict of their masks, kept to a few thousand, missed a third of
        # a server's moves).
        self._lure_bits = bytearray([UNKNOWN_LURES]) * 17**4
        figures_moved = {a.id: {f for f, _ in a.steps} | {a.to_middle} - {-1} for a in ACTIONS}
        figures_moved[GA_ID] = {LOW, HIGH}

        def moves_only(figs: set[int], jokers: bool) -> list[Action]:
            return [a for a in ACTIONS if a.kind == PLAY and a.is_joker == jokers and figures_moved[a.id] <= figs]

        self._guard_actions = moves_only({SUE, LOW, HIGH}, jokers=False)
        self._guard_joker_actions = moves_only({SUE, LOW, HIGH}, jokers=True)
        self._lure_actions = [a for a in ACTIONS if a.kind == LURE]
        self._lure_masks = [  # by a board's lure bits, the mask of those lures
            _mask([a for i, a in enumerate(self._lure_actions) if bits >> i & 1])
            for bits in range(1 << len(self._lure_actions))
        ]
        positions = [[8, 7, 9, h, h] for h in range(17)]
        self.hal_parts = [[self._part(moves_only({HAL}, False), positions[h], m) for h in range(17)] for m in (0, 1)]
        self.hal_joker_parts = [
            [self._part(moves_only({HAL}, True), positions[h], m) for h in range(17)] for m in (0, 1)
        ]
        self.deb_parts = [[self._part(moves_only({DEB}, False), positions[d], m) for d in range(17)] for m in (0, 1)]
        self.always = _mask([a for a in ACTIONS if a.kind in (DISCARD, END)])
        self.ids_of_mask: dict[int, tuple[int, ...]] = {}

    def _hand_mask(self, key: int) -> int:
        counts = [1 if key >> c & 1 else 0 for c in range(NUM_CARD_TYPES)]
        if key & TWO_S_BIT:
            counts[S] = 2
        return _mask([a for a in ACTIONS if hand_allows(a, counts)])

    def board_mask(self, key: int) -> int:
        """The board mask of a board key, built from per-figure parts (cheap even when not cached yet)."""
        mask = self.board_masks.get(key)
        if mask is None:
            (sue, low, high, hal, deb), mover = decode_board_key(key)
            guards, guard_jokers = self._guard_parts(sue, low, high, mover)
            mask = guards | self.hal_parts[mover][hal] | self.deb_parts[mover][deb] | self.always
            mask |= self._lure_part(sue, low, high, hal)
            if joker_condition((sue, low, high, hal, deb), mover):
                mask |= guard_jokers | self.hal_joker_parts[mover][hal]
            if len(self.board_masks) > BOARD_MASKS_KEPT:
                self.board_masks.clear()
            self.board_masks[key] = mask
        return mask

    def _part(self, actions: list[Action], pos: list[int], mover: int) -> int:
        return _mask([a for a in actions if board_allows(a, pos, mover, self.rules, joker_checked=True)])

    def _guard_parts(self, sue: int, low: int, high: int, mover: int) -> tuple[int, int]:
        """Moves of Sue and the bodyguards, by their own cards and by Deb jokers (R3 needs only these three)."""
        key = ((sue * 17 + low) * 17 + high) * 2 + mover
        parts = self._guard_cache.get(key)
        if parts is None:
            pos = [sue, low, high, 0, 0]
            parts = self._part(self._guard_actions, pos, mover), self._part(self._guard_joker_actions, pos, mover)
            self._guard_cache[key] = parts
        return parts

    def _lure_part(self, sue: int, low: int, high: int, hal: int) -> int:
        key = ((sue * 17 + low) * 17 + high) * 17 + hal
        bits = self._lure_bits[key]
        if bits == UNKNOWN_LURES:
            part = self._part(self._lure_actions, [sue, low, high, hal, 0], A)
            bits = self._lure_bits[key] = sum(1 << i for i, a in enumerate(self._lure_actions) if part >> a.id & 1)
        return self._lure_masks[bits]

    def ids(self, mask: int) -> tuple[int, ...]:
        ids = self.ids_of_mask.get(mask)
        if ids is None:
            ids, rest = (), mask
            for chunk_ids in _BYTE_IDS:
                ids += chunk_ids[rest & 0xFF]
                rest >>= 8
                if not rest:
                    break
            if len(self.ids_of_mask) > ID_LISTS_KEPT:
                self.ids_of_mask.clear()
            self.ids_of_mask[mask] = ids
        return ids


# The ids of each possible byte of a mask, per byte position: a cache miss costs a dozen lookups.
_BYTE_IDS = [
    [tuple(8 * k + i for i in range(8) if byte >> i & 1) for byte in range(256)] for k in range((NUM_ACTIONS + 7) // 8)
]

_TABLES: dict[Rules, RuleTables] = {}


def tables_for(rules: Rules) -> RuleTables:
    tables = _TABLES.get(rules)
    if tables is None:
        tables = _TABLES[rules] = RuleTables(rules)
    return tables

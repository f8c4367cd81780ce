"""The distinct complete turns from a state (R5): what a player can do with the rest of his turn.

A turn is a sequence of actions: cards of one colour played (or discarded) one at a time and then `end`,
or a lure alone (R5.2), or cards until the game ends mid-turn (R8.1). Many sequences reach the same
position (two `S` played in either order), so turns are told apart by where they lead: the board, the
mover's hand and the point of the turn. A trade's discards are enumerated in card order only (the order of
discards changes nothing). A cap bounds pathological hands (many red cards with jokers).

Each turn keeps the state it leads to *before* the draw of R6 (the draw is random and not the mover's
choice); `after_turn_outcome` applies the end of the turn deterministically for evaluation.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from ..actions import (
    ACTION_CARD,
    ACTION_CARDS_USED,
    ACTION_KIND,
    ACTION_STEPS,
    ACTION_TO_MIDDLE,
    ACTIONS,
    DISCARD,
    END_ID,
    LURE,
    PLAY,
)
from ..cards import CHARLIE, HAND_SIZE
from ..state import State, charlie_after, deck_out, entrance_owner
from ..tables import ACTION_KEY_DELTA, TK_START, TK_TRADE, board_key_delta

DEFAULT_TURN_CAP = 1500
_IS_LURE = tuple(a.kind == LURE for a in ACTIONS)
_KIND = ACTION_KIND
_CARD = ACTION_CARD
_USED = ACTION_CARDS_USED
_STEPS = ACTION_STEPS
_TO_MIDDLE = ACTION_TO_MIDDLE
_KEY_DELTA = ACTION_KEY_DELTA
_IS_DISCARD = tuple(a.kind == DISCARD for a in ACTIONS)
DISCARD_ID0 = next(a.id for a in ACTIONS if a.kind == DISCARD)  # `discard S`; the others follow in card order


@dataclass(frozen=True, slots=True)
class Turn:
    """A complete turn: its actions (ending with `end` unless a lure or the game's end closes it) and the
    state it leads to before the draw (after a lure: the next player's turn; after a win: the end)."""

    actions: tuple[int, ...]
    state: State

    @property
    def ends_with_draw(self) -> bool:
        return self.actions[-1] == END_ID


def complete_turns(state: State, cap: int = DEFAULT_TURN_CAP, discard_order: Sequence[int] | None = None) -> list[Turn]:
    """The distinct complete turns of the player to move, breadth first (short turns first), at most `cap`.

    With `discard_order` (card types, the first to be discarded first) the trades are only its prefixes:
    discard the first card of the hand in that order, the first two, ... the whole hand (R5.3).
    """
    if state.result is not None:
        return []
    mover = state.to_move
    turns: list[Turn] = []
    if state.turn_key != TK_START:
        turns.append(Turn((END_ID,), state.clone()))  # cards already played this turn: it may end now
    if discard_order is not None:
        turns.extend(_ordered_trades(state, discard_order))
    seen = {_key(state, mover)}
    queue: deque[tuple[State, tuple[int, ...]]] = deque([(state, ())])
    while queue:
        node, actions = queue.popleft()
        trading = node.turn_key == TK_TRADE
        last = actions[-1] if actions else -1
        for aid in node.legal_ids():
            if aid == END_ID:
                continue
            if _IS_DISCARD[aid] and (discard_order is not None or (trading and aid < last)):
                continue  # trades: only in card order (the same trade in another order), or given above
            done = (*actions, aid)
            if _IS_LURE[aid]:
                child = node.clone()
                child.apply(aid)
                turns.append(Turn(done, child))
            else:
                key = _child_key(node, aid, mover)
                if key in seen:
                    continue  # cheap test first: most sequences reach a position already found
                seen.add(key)
                child = node.clone()
                child.apply(aid)
                if child.result is not None:
                    turns.append(Turn(done, child))
                    continue
                turns.append(Turn((*done, END_ID), child))
                queue.append((child, done))
            if len(turns) >= cap:
                return turns
    return turns


def _ordered_trades(state: State, discard_order: Sequence[int]) -> list[Turn]:
    if state.turn_key not in (TK_START, TK_TRADE):
        return []
    hand = state.hands[state.to_move]
    node = state
    actions: tuple[int, ...] = ()
    trades = []
    for card in discard_order:
        for _ in range(hand[card]):
            node = node.clone()
            aid = DISCARD_ID0 + card
            node.apply(aid)
            actions = (*actions, aid)
            trades.append(Turn((*actions, END_ID), node))
    return trades


def _key(state: State, mover: int) -> tuple[int, int, tuple[int, ...]]:
    return state.board_key, state.turn_key, tuple(state.hands[mover])


def _child_key(state: State, aid: int, mover: int) -> tuple[int, int, tuple[int, ...]]:
    """`_key` of the state after a play or discard action, without applying it."""
    hand = state.hands[mover][:]
    card = _CARD[aid]
    hand[card] -= _USED[aid]
    key = state.board_key
    if _KIND[aid] == PLAY:
        key += board_key_delta(aid, state.pos)
    return key, state.tables.next_turn[aid][state.turn_key], tuple(hand)


class Outcome(NamedTuple):
    """A position at the end of a turn with the draw left out: the figures after Charlie's step (R7),
    who moves next, the result if the game ended (R8), and how many cards the draw takes."""

    pos: tuple[int, ...]
    to_move: int
    result: int | None
    drawn: int


def after_turn_outcome(state: State) -> Outcome:
    """The end of the turn in `state` without the random draw: a state in mid-turn (cards played or
    discarded, `end` not yet taken) gets the draw's count, R8.2 if the draw empties the second supply, and
    Charlie's step (R7); a state at a turn's start (after a lure) or a finished game is taken as it is."""
    pos = state.pos
    if state.result is not None:
        return Outcome(tuple(pos), state.to_move, state.result, 0)
    mover = state.to_move
    if state.turn_key == TK_START:
        return Outcome(tuple(pos), mover, None, 0)
    need = HAND_SIZE - state.hand_sizes[mover]
    supply = len(state.supply)
    if state.supply_number == 2 and need >= supply:
        return Outcome(tuple(pos), mover, deck_out(pos)[0], supply)
    new = list(pos)
    new[CHARLIE] = charlie = charlie_after(pos, mover)
    if entrance_owner(charlie) is not None:  # R8.1: Charlie only moves toward the mover's club
        return Outcome(tuple(new), mover, mover, need)
    return Outcome(tuple(new), 1 - mover, None, need)

"""Worlds consistent with a player's view: complete states that search can play out (R10).

A view hides the opponent's hand and the supply order. A *world* fills them in: the unseen cards (all 55
minus the own hand minus the discard pile) are split at random into an opponent hand of the known size and
a supply of the known size. After the reshuffle (R6.2) the second supply was the discard pile of that
moment, whose cards the public history names, so the supply can only hold cards of that composition.

Every world satisfies `PlayerView.of(world, view.seat, view.moves) == view`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..actions import ACTION_IDS, ACTIONS, DISCARD, PLAY
from ..cards import CARD_CODES, CARD_COUNTS, CARD_INDEX, FIGURE_NAMES, NUM_CARD_TYPES, SEAT_NAMES
from ..errors import TimesSquareError
from ..position import POSITION_FORMAT, from_document
from ..state import State
from ..variants import Rules
from ..view import SHUFFLE, PlayerView


def second_supply_composition(moves: Sequence[str]) -> list[int] | None:
    """Counts per card type of the second supply as it was made (R6.2), or None before the reshuffle.

    The discard pile at the reshuffle held every card played or discarded before the `shuffle` entry
    (a group move `SS group±1` plays two `S`).
    """
    counts = [0] * NUM_CARD_TYPES
    for move in moves:
        if move.startswith(SHUFFLE):
            return counts
        aid = ACTION_IDS.get(move)
        if aid is None:
            continue
        action = ACTIONS[aid]
        if action.kind in (PLAY, DISCARD):
            counts[action.card] += action.cards_used
    return None


def unseen_counts(view: PlayerView) -> list[int]:
    """Counts per card type of the cards `view.seat` cannot see: the opponent's hand and the supply."""
    own = view.hand_counts()
    counts = list(CARD_COUNTS)
    for c in range(NUM_CARD_TYPES):
        counts[c] -= own[c]
    for code in view.discard:
        counts[CARD_INDEX[code]] -= 1
    return counts


class WorldSampler:
    """Samples worlds for one view; the work that does not depend on the sample is done once here."""

    def __init__(self, view: PlayerView, rules: Rules) -> None:
        if view.seat is None:
            raise TimesSquareError("a spectator's view has no own hand to sample worlds from")
        if view.result is not None:
            raise TimesSquareError("the game is over: there is nothing to sample")
        self.view = view
        self.seat = view.seat
        self.opponent = 1 - view.seat
        self.own = view.hand_counts()
        unseen = unseen_counts(view)
        if any(n < 0 for n in unseen):
            raise TimesSquareError("the view's hand and discard pile hold more cards than R4 has")
        supply_size = view.supply_size
        opponent_size = view.hand_sizes[self.opponent]
        if sum(unseen) != supply_size + opponent_size:
            raise TimesSquareError(
                f"the view does not add up: {sum(unseen)} unseen cards for a supply of {supply_size} "
                f"and an opponent hand of {opponent_size}"
            )
        # The cards the supply may hold, and those that can only be in the opponent's hand.
        pool_counts = list(unseen)
        if view.supply_number == 2:
            composition = second_supply_composition(view.moves)
            if composition is not None:
                capped = [min(u, k) for u, k in zip(unseen, composition, strict=True)]
                if sum(capped) >= supply_size:  # always so in a real game; otherwise the history is partial
                    pool_counts = capped
        self.pool = [c for c in range(NUM_CARD_TYPES) for _ in range(pool_counts[c])]
        self.fixed_opponent = [u - p for u, p in zip(unseen, pool_counts, strict=True)]
        self.supply_size = supply_size
        self.template = self._template(rules)

    def _template(self, rules: Rules) -> State:
        """A validated state with the view's public facts (hidden cards in an arbitrary consistent split)."""
        pool = self.pool
        supply = pool[: self.supply_size]
        opponent = list(self.fixed_opponent)
        for c in pool[self.supply_size :]:
            opponent[c] += 1
        hands = {
            SEAT_NAMES[self.seat]: _codes_of_counts(self.own),
            SEAT_NAMES[self.opponent]: _codes_of_counts(opponent),
        }
        view = self.view
        doc = {
            "format": POSITION_FORMAT,
            "figures": {name: view.figures[name] for name in FIGURE_NAMES},
            "to_move": SEAT_NAMES[view.to_move],
            "hands": hands,
            "supply": [CARD_CODES[c] for c in supply],
            "supply_number": view.supply_number,
            "discard": list(view.discard),
            "turn": {"mode": view.turn["mode"], "cards": list(view.turn["cards"]), "joker": view.turn["joker"]},
            "result": None,
        }
        return from_document(doc, rules)

    def sample(self, rng: random.Random) -> State:
        """A world drawn uniformly from the splits the view allows."""
        pool = self.pool[:]
        rng.shuffle(pool)
        size = self.supply_size
        opponent = self.fixed_opponent[:]
        for c in pool[size:]:
            opponent[c] += 1
        world = self.template.clone()
        world.supply = pool[:size]  # internal order: the next card to draw is last; any order is as likely
        world.set_hand(self.opponent, opponent)
        return world

    def sample_with_chance(self, rng: random.Random) -> tuple[State, int]:
        """A world and the seed of its own chance events (its reshuffle), so that it can be replayed alike."""
        return self.sample(rng), rng.getrandbits(64)


def _codes_of_counts(counts: list[int]) -> list[str]:
    return [CARD_CODES[c] for c in range(NUM_CARD_TYPES) for _ in range(counts[c])]

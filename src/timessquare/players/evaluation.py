"""How good a position is for one seat: a win probability in [0, 1] for search and the heuristic player.

The evaluation reads the board, the deck timer, who moves next and the evaluating seat's *own* hand, never
the opponent's hand or the supply order, so a player that evaluates the states it reaches stays honest
(R10). It is a logistic model over the terms of STRATEGY.md, written in the seat's own coordinates (its
club at the low end, see `frame`):

- Charlie's distance to each club against the income each entrance pays him (R7);
- Sue's half, and how far each side is from a Sue win: the outer bodyguard on the outer entrance space and
  Sue on the inner one (R3, R8.1);
- Deb's joker condition for each side (R9.1) and the seat's red cards;
- Hal's lure threats for the player to move (R5.2);
- the deck timer: which supply, cards left, and who would win if it ran out now (R8.2);
- the seat's hand, refilled to 8 with the deck's average card (the draw of R6 is not known yet).

The weights were fitted by logistic regression (game result against `features`) on about 100,000
positions from games of the heuristic player against itself with some random turns, refitted twice on
games played with the new weights; each refit won its match against the previous weights.
"""

from __future__ import annotations

import math
import operator
from collections.abc import Sequence

from .. import _fastcore as fastcore
from ..cards import (
    CHARLIE,
    D1,
    D2,
    D3,
    D4,
    D5,
    DEB,
    DM,
    G1,
    G2,
    GA,
    H1,
    H2,
    H3,
    HAL,
    HAND_SIZE,
    HIGH,
    LAST_SPACE,
    LOW,
    MIDDLE,
    NUM_CARD_TYPES,
    SUE,
    A,
    S,
)
from ..state import State
from .turns import Outcome, after_turn_outcome

# The second supply holds about the 39 cards outside the hands at the reshuffle (R6.2), plus a few.
SECOND_SUPPLY_ESTIMATE = 40
# Terms of the figures alone (after the turn) and who moves next: cached per position.
BOARD_FEATURES = (
    "tempo",
    "sue_half",
    "charlie_half",
    "income_me",
    "income_opp",
    "charlie_now_me",
    "charlie_now_opp",
    "charlie_now_me_to_move",
    "charlie_now_opp_to_move",
    "charlie_near_me",
    "charlie_near_opp",
    "charlie_near_me_to_move",
    "charlie_near_opp_to_move",
    "charlie_rate_me",
    "charlie_rate_opp",
    "sue_path_me",
    "sue_path_opp",
    "sue_open_me",
    "sue_open_opp",
    "guard_out_me",
    "guard_out_opp",
    "sue_room_me",
    "sue_room_opp",
    "hal_side",
    "deb_side",
    "joker_me",
    "joker_opp",
    "lure_gain_me_to_move",
    "lure_gain_opp_to_move",
    "lure_out_me_to_move",
    "lure_out_opp_to_move",
    "lure_win_to_move",
)
# Terms of the deck timer (R8.2).
DECK_FEATURES = (
    "deck_soon",
    "deck_now",
    "deck_far",
)
# Terms of the evaluating seat's hand and of the cards it has not seen.
HAND_FEATURES = (
    "hand_sue_cards",
    "hand_sue_win_to_move",
    "hand_sue_win_next",
    "hand_red_joker",
    "hand_joker_win_to_move",
    "hand_grey",
    "hand_yellow",
    "unseen_red_joker_opp",
)
FEATURE_NAMES = BOARD_FEATURES + DECK_FEATURES + HAND_FEATURES
NUM_FEATURES = len(FEATURE_NAMES)
_NB, _ND = len(BOARD_FEATURES), len(DECK_FEATURES)

# Logistic weights, in FEATURE_NAMES order.
WEIGHTS: tuple[float, ...] = (
    0.529,  # tempo
    3.004,  # sue_half
    1.018,  # charlie_half
    1.246,  # income_me
    -1.244,  # income_opp
    0.268,  # charlie_now_me
    -0.343,  # charlie_now_opp
    0.934,  # charlie_now_me_to_move
    -0.991,  # charlie_now_opp_to_move
    -0.058,  # charlie_near_me
    0.001,  # charlie_near_opp
    1.12,  # charlie_near_me_to_move
    -1.13,  # charlie_near_opp_to_move
    0.482,  # charlie_rate_me
    -0.246,  # charlie_rate_opp
    -2.608,  # sue_path_me
    3.622,  # sue_path_opp
    1.83,  # sue_open_me
    -2.763,  # sue_open_opp
    -0.366,  # guard_out_me
    0.607,  # guard_out_opp
    0.36,  # sue_room_me
    -0.059,  # sue_room_opp
    0.729,  # hal_side
    0.299,  # deb_side
    0.419,  # joker_me
    0.843,  # joker_opp
    0.747,  # lure_gain_me_to_move
    -0.604,  # lure_gain_opp_to_move
    0.185,  # lure_out_me_to_move
    -0.184,  # lure_out_opp_to_move
    0.579,  # lure_win_to_move
    0.406,  # deck_soon
    2.215,  # deck_now
    0.373,  # deck_far
    -0.73,  # hand_sue_cards
    1.699,  # hand_sue_win_to_move
    0.498,  # hand_sue_win_next
    0.335,  # hand_red_joker
    0.861,  # hand_joker_win_to_move
    -1.119,  # hand_grey
    -1.326,  # hand_yellow
    -2.036,  # unseen_red_joker_opp
)
assert len(WEIGHTS) == NUM_FEATURES

# The compiled core mirrors this evaluation: it gets the weights, and checks its features against this layout.
fastcore.use_evaluation(
    WEIGHTS,
    {
        "NUM_FEATURES": NUM_FEATURES,
        "NUM_BOARD_FEATURES": len(BOARD_FEATURES),
        "F_HAND_SUE_CARDS": FEATURE_NAMES.index("hand_sue_cards"),
        "F_HAND_SUE_WIN_NEXT": FEATURE_NAMES.index("hand_sue_win_next"),
        "F_HAND_RED_JOKER": FEATURE_NAMES.index("hand_red_joker"),
        "F_HAND_GREY": FEATURE_NAMES.index("hand_grey"),
        "F_HAND_YELLOW": FEATURE_NAMES.index("hand_yellow"),
    },
)

_DECK_SIZE = 55
_AVG_S = 12 / _DECK_SIZE
_AVG_RED = 15 / _DECK_SIZE
_AVG_GREY = 16 / _DECK_SIZE
_AVG_YELLOW = 12 / _DECK_SIZE
_RED_CARDS = 15
_RED = (D1, D2, D3, D4, D5, DM)
_EDGE = LAST_SPACE - 1
_CACHE_LIMIT = 2_000  # ~0.5 MB, a few decisions: a worker stays flat (issue 31's soak); 20,000 was no faster
# The board part of the logit under WEIGHTS, by (figures after the turn, seat, whether the seat moves next).
_board_logits: dict[tuple[tuple[int, ...], int, bool], float] = {}


def evaluate(state: State, seat: int, weights: tuple[float, ...] = WEIGHTS) -> float:
    """The estimated probability that `seat` wins from `state` (a draw counts one half).

    A state in mid-turn (cards played, `end` not yet taken) is evaluated at the end of that turn with the
    draw left out (see `after_turn_outcome`).
    """
    outcome = after_turn_outcome(state)
    if outcome.result is not None:
        return result_value(outcome.result, seat)
    pos = outcome.pos
    me_to_move = outcome.to_move == seat
    sue, low, _, _, deb, charlie = fig = frame(pos, seat)
    if weights is WEIGHTS:
        key = (pos, seat, me_to_move)
        board = _board_logits.get(key)
        if board is None:
            if len(_board_logits) > _CACHE_LIMIT:
                _board_logits.clear()
            board = _board_logits[key] = sum(map(operator.mul, weights, board_features(fig, me_to_move)))
    else:
        board = sum(map(operator.mul, weights, board_features(fig, me_to_move)))
    rest = deck_features(state, outcome.drawn, sue, charlie, me_to_move)
    rest += hand_features(state, seat, sue, low, deb, me_to_move)
    logit = board + sum(map(operator.mul, weights[_NB:], rest))
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, logit))))


def result_value(result: int, seat: int) -> float:
    """1 for a win of `seat`, 0 for a loss, one half for a draw."""
    return 0.5 if result == 2 else 1.0 if result == seat else 0.0


Frame = tuple[int, int, int, int, int, int]


def frame(pos: Sequence[int], seat: int) -> Frame:
    """sue, low, high, hal, deb, charlie in `seat`'s coordinates: its club at the low end (spaces mirrored
    for B, and the bodyguards swapped, so that `low` is always the one on the seat's own side)."""
    if seat == A:
        return pos[SUE], pos[LOW], pos[HIGH], pos[HAL], pos[DEB], pos[CHARLIE]
    top = LAST_SPACE
    return top - pos[SUE], top - pos[HIGH], top - pos[LOW], top - pos[HAL], top - pos[DEB], top - pos[CHARLIE]


def features(state: State, seat: int, outcome: Outcome | None = None) -> list[float]:
    """The evaluation's terms for `seat` at the end of the turn in `state` (see FEATURE_NAMES)."""
    if outcome is None:
        outcome = after_turn_outcome(state)
    me_to_move = outcome.to_move == seat
    fig = frame(outcome.pos, seat)
    sue, low, _, _, deb, charlie = fig
    return (
        board_features(fig, me_to_move)
        + deck_features(state, outcome.drawn, sue, charlie, me_to_move)
        + hand_features(state, seat, sue, low, deb, me_to_move)
    )


def board_features(fig: Frame, me_to_move: bool) -> list[float]:
    """BOARD_FEATURES of the figures in the seat's coordinates."""
    sue, low, high, hal, deb, charlie = fig
    pm = 1.0 if me_to_move else 0.0
    om = 1.0 - pm
    # Charlie (R7): his step at the end of each side's turn, against his distance to each club.
    inc_me = (low <= 1) + (hal <= 1) + (deb <= 1) + (high < MIDDLE)
    inc_opp = (high >= _EDGE) + (hal >= _EDGE) + (deb >= _EDGE) + (low > MIDDLE)
    dist_me, dist_opp = charlie - 1, _EDGE - charlie
    now_me = 1.0 if dist_me <= inc_me else 0.0
    now_opp = 1.0 if dist_opp <= inc_opp else 0.0
    near_me = 1.0 if dist_me <= inc_me + 1 else 0.0
    near_opp = 1.0 if dist_opp <= inc_opp + 1 else 0.0
    # A Sue win needs the outer bodyguard on the outer space and Sue on the inner one (R3, R8.1): with S
    # cards alone that is `low + sue - 1` cards (group moves carry the bodyguard, single moves finish).
    need_me = low + sue - 1
    need_opp = (LAST_SPACE - high) + (_EDGE - sue)
    # Hal's lure (R5.2) is free: the player to move may pull Sue onto Hal when Hal is on his side of her,
    # or pull his own bodyguard outward when Hal stands beyond it.
    lure_me = (sue - hal) / 6 if low < hal < sue else 0.0
    lure_opp = (hal - sue) / 6 if sue < hal < high else 0.0
    lure_out_me = (low - hal) / 6 if hal < low else 0.0
    lure_out_opp = (hal - high) / 6 if hal > high else 0.0
    lure_win = 0.0
    if me_to_move and hal == 1 and low == 0:
        lure_win = 1.0
    elif not me_to_move and hal == _EDGE and high == LAST_SPACE:
        lure_win = -1.0
    return [
        pm - om,
        (MIDDLE - sue) / 6,
        (MIDDLE - charlie) / 7,
        inc_me / 4,
        inc_opp / 4,
        now_me,
        now_opp,
        now_me * pm,
        now_opp * om,
        near_me,
        near_opp,
        near_me * pm,
        near_opp * om,
        min(1.0, inc_me / dist_me),
        min(1.0, inc_opp / dist_opp),
        math.exp(-need_me / 2),
        math.exp(-need_opp / 2),
        math.exp(-(sue - 1) / 2) if low == 0 else 0.0,
        math.exp(-(_EDGE - sue) / 2) if high == LAST_SPACE else 0.0,
        min(low, 6) / 6,
        min(LAST_SPACE - high, 6) / 6,
        min(sue - low - 1, 4) / 4,
        min(high - sue - 1, 4) / 4,
        (MIDDLE - hal) / 8,
        (MIDDLE - deb) / 8,
        1.0 if deb < sue else 0.0,  # R9.1: Deb between Sue and my end
        1.0 if deb > sue else 0.0,
        lure_me * pm,
        lure_opp * om,
        lure_out_me * pm,
        lure_out_opp * om,
        lure_win,
    ]


def deck_features(state: State, drawn: int, sue: int, charlie: int, me_to_move: bool) -> list[float]:
    """DECK_FEATURES: who would win if the last card were drawn now (R8.2), and how soon that can be."""
    second = state.supply_number == 2
    supply = len(state.supply) - drawn
    left = supply if second else max(0, supply) + SECOND_SUPPLY_ESTIMATE
    if sue != MIDDLE:
        winner = 1.0 if sue < MIDDLE else -1.0
    elif charlie != MIDDLE:
        winner = 1.0 if charlie < MIDDLE else -1.0
    else:
        winner = 0.0
    deck_now = 0.0
    if second and left <= HAND_SIZE:  # the mover can empty the supply with one trade
        if me_to_move and winner > 0:
            deck_now = 1.0
        elif not me_to_move and winner < 0:
            deck_now = -1.0
    return [winner * math.exp(-left / 8) if second else 0.0, deck_now, winner * math.exp(-left / 25)]


def hand_features(state: State, seat: int, sue: int, low: int, deb: int, me_to_move: bool) -> list[float]:
    """HAND_FEATURES: my hand after the draw (the cards kept plus the deck's average card for each card to
    be drawn), and the red cards I cannot see."""
    hand = state.hands[seat]
    refill = HAND_SIZE - state.hand_sizes[seat]  # cards I played this turn and have not drawn yet
    red_kept = hand[D1] + hand[D2] + hand[D3] + hand[D4] + hand[D5] + hand[DM]
    n_s = hand[S] + refill * _AVG_S
    n_red = red_kept + refill * _AVG_RED
    n_grey = hand[G1] + hand[G2] + hand[GA] + refill * _AVG_GREY
    n_yellow = hand[H1] + hand[H2] + hand[H3] + refill * _AVG_YELLOW
    need_me = low + sue - 1
    joker_me = 1.0 if deb < sue else 0.0
    sue_win = 1.0 if hand[S] >= need_me else 0.0
    joker_win = 0.0
    if me_to_move and joker_me and low == 0 and 2 <= sue <= 6 and hand[D1 + sue - 2] > 0:
        joker_win = 1.0
    # The red cards I cannot see (opponent's hand and supply): his joker power when Deb serves him (R9.1).
    discard = state.discard
    red_seen = red_kept + sum(map(discard.count, _RED))
    unseen = _DECK_SIZE - state.hand_sizes[seat] - len(state.discard)
    unseen_red = (_RED_CARDS - red_seen) / unseen if unseen > 0 else 0.0
    pm = 1.0 if me_to_move else 0.0
    return [
        min(n_s, need_me) / need_me if need_me > 0 else 0.0,
        sue_win * pm,
        sue_win * (1.0 - pm),
        n_red / HAND_SIZE * joker_me,
        joker_win,
        n_grey / HAND_SIZE,
        n_yellow / HAND_SIZE,
        unseen_red * (1.0 if deb > sue else 0.0),
    ]


def discard_order(state: State, seat: int, weights: tuple[float, ...] = WEIGHTS) -> list[int]:
    """The card types from the least useful to `seat` to the most, by their weight in the evaluation's hand
    terms on this board: the order in which a trade (R5.3) gives cards away."""
    sue, low, _, _, deb, _ = frame(state.pos, seat)
    need_me = low + sue - 1
    index = {name: i for i, name in enumerate(FEATURE_NAMES)}
    values = [0.0] * NUM_CARD_TYPES
    sue_value = weights[index["hand_sue_cards"]] / need_me if need_me > 0 else 0.0
    if state.hands[seat][S] >= need_me:
        sue_value += weights[index["hand_sue_win_next"]]
    values[S] = sue_value
    red = weights[index["hand_red_joker"]] / HAND_SIZE if deb < sue else 0.0
    for card in range(D1, DM + 1):
        values[card] = red
    for card in (G1, G2, GA):
        values[card] = weights[index["hand_grey"]] / HAND_SIZE
    for card in range(H1, H3 + 1):
        values[card] = weights[index["hand_yellow"]] / HAND_SIZE
    return sorted(range(NUM_CARD_TYPES), key=lambda card: (values[card], card))

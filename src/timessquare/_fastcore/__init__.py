"""The compiled core: a C mirror of the rules and of the players' hot path, used when it could be built.

`_core.c` is built from source by the project's own install (setup.py, `optional=True`): a machine without
a C compiler installs anyway and every player runs on the pure-Python path, which stays the reference.
The C code repeats what search needs (legal actions, applying actions and the reshuffle, complete turns,
the evaluation) and takes the rest from Python at start-up: the 95 action descriptors, the hand and turn
tables of `tables.py`, and the evaluation's weights. This package sits below the players and knows nothing
of them: the players' evaluation gives its weights and its features' layout with `use_evaluation` when it
is imported (players/evaluation.py). tests/test_fastcore*.py check both paths against each other on
thousands of random positions.

`available()` says whether the compiled path can be used; `TIMESSQUARE_PURE_PYTHON=1` in the environment
turns it off (to compare, or to rule it out). `to_core(state)` copies a `State` into a `Core`; the names
`Core` and `Tables` are for annotations (the objects come from `to_core` and `tables`).
"""

from __future__ import annotations

import os
import warnings
from collections.abc import Mapping, Sequence
from types import ModuleType
from typing import TYPE_CHECKING, Any

from ..actions import ACTIONS, DISCARD, END, END_ID, LURE, NUM_ACTIONS, PLAY
from ..cards import D1, DM, GA, HAND_SIZE, MIDDLE, NUM_CARD_TYPES
from ..facts import RESHUFFLE
from ..state import State
from ..tables import NUM_TURN_KEYS, TK_CHANCE, TK_START, TK_TRADE, tables_for
from ..variants import Rules

if TYPE_CHECKING:
    from ._core import Core, Tables

PURE_ENV = "TIMESSQUARE_PURE_PYTHON"


def _load() -> ModuleType | None:
    try:
        from . import _core
    except ImportError:  # not built (no compiler at install time): the pure-Python path serves
        return None
    return _core


_module = _load()
_ready = False
_tables: dict[Rules, Tables] = {}
_evaluation: tuple[tuple[float, ...], dict[str, int]] | None = None  # the weights and the features' layout


def use_evaluation(weights: Sequence[float], layout: Mapping[str, int]) -> None:
    """The evaluation the compiled core mirrors: its weights in feature order, and the layout of its features
    (`NUM_FEATURES`, `NUM_BOARD_FEATURES` and the `F_...` indices C reads), which must be the one compiled
    into C. The players' evaluation calls this when it is imported; until then no `Core` can be made."""
    global _evaluation, _ready
    _evaluation = (tuple(weights), dict(layout))
    _ready = False  # checked and handed to C at the next compiled_module()


NetWeights = tuple[tuple[float, ...], float, tuple[float, ...], tuple[float, ...], tuple[float, ...], float]
_net: NetWeights | None = None  # the learned evaluation: linear, bias, w1 (flat, row by row), b1, w2, b2
_net_given = False  # whether C holds _net
EVAL_LINEAR, EVAL_NET, EVAL_NET_LEAVES = 0, 1, 2  # where C uses the learned evaluation (set_eval_mode)
EVAL_NET_TREE = 3  # the learned evaluation for the tree's candidate turns and the leaves, linear playouts


def use_net(net: NetWeights) -> None:
    """The learned evaluation the compiled core mirrors (players/learned_net.py), over the same features as
    the linear one: `linear` and `bias` (its linear part), `w1` (features x hidden, row by row), `b1`, `w2`,
    `b2`. Used only where `evaluation_mode` says."""
    global _net, _net_given
    _net, _net_given = net, False


class evaluation_mode:
    """`with evaluation_mode(EVAL_NET): ...` runs the compiled core's evaluations inside with the learned
    evaluation (EVAL_NET_LEAVES: only the values at the search's leaves), and restores the mode after. The
    mode is the process's: a player sets it around its own calls into C."""

    def __init__(self, mode: int) -> None:
        self.mode = mode
        self.before = EVAL_LINEAR

    def __enter__(self) -> None:
        global _net_given
        module = compiled_module()
        if module is None:
            return
        if self.mode != EVAL_LINEAR and not _net_given:
            if _net is None:
                raise RuntimeError("no learned evaluation was given (use_net)")
            module.set_net(*_net)
            _net_given = True
        self.before = module.set_eval_mode(self.mode)

    def __exit__(self, *exc: object) -> None:
        module = compiled_module()
        if module is not None:
            module.set_eval_mode(self.before)


def compiled_module() -> ModuleType | None:
    """The extension module, set up and checked, or None when it is missing or turned off."""
    global _module, _ready
    if _module is None or os.environ.get(PURE_ENV, "") not in ("", "0"):
        return None
    if not _ready:
        try:
            _check_constants(_module.constants())
        except RuntimeError as e:  # a build left from other sources: reinstall (scripts/venv.sh) to rebuild
            warnings.warn(f"{e}; using the pure-Python path", RuntimeWarning, stacklevel=2)
            _module = None
            return None
        _module.set_actions([_descriptor(i) for i in range(NUM_ACTIONS)])
        if _evaluation is not None:
            _module.set_weights(_evaluation[0])
        _ready = True
    return _module


def built() -> bool:
    """Whether the extension module was found (built by the install), whatever `available()` says."""
    return _load() is not None


def available() -> bool:
    """Whether the compiled path is built and not turned off."""
    return compiled_module() is not None


def _descriptor(aid: int) -> tuple[int, int, int, int, int, bool, tuple[tuple[int, int], ...]]:
    a = ACTIONS[aid]
    return (a.kind, a.card, a.cards_used, a.to_middle, a.lure_figure, a.is_joker, a.steps)


def _check_constants(constants: dict[str, int]) -> None:
    """The numbers compiled into C must be the core's and the evaluation's: a mismatch is a build of another
    version."""
    expected = {
        "NUM_ACTIONS": NUM_ACTIONS,
        "NUM_CARDS": NUM_CARD_TYPES,
        "HAND_SIZE": HAND_SIZE,
        "DECK_SIZE": 55,
        "TK_START": TK_START,
        "TK_TRADE": TK_TRADE,
        "END_ID": END_ID,
        "DISCARD_ID0": next(a.id for a in ACTIONS if a.kind == DISCARD and a.card == 0),
        "PLAY": PLAY,
        "LURE": LURE,
        "DISCARD": DISCARD,
        "END": END,
        "GA": GA,
        "D1": D1,
        "DM": DM,
        "MIDDLE": MIDDLE,
        **(_evaluation[1] if _evaluation is not None else {}),
    }
    if constants["MAX_TURN_KEYS"] < NUM_TURN_KEYS:
        raise RuntimeError(f"the compiled core holds at most {constants['MAX_TURN_KEYS']} turn keys")
    wrong = {k: (v, constants.get(k)) for k, v in expected.items() if constants.get(k) != v}
    if wrong:
        raise RuntimeError(f"the compiled core was built from other sources (mismatched constants: {wrong})")


def tables(rules: Rules) -> Tables:
    """The compiled tables of a rule set (built once per process from `tables.tables_for(rules)`)."""
    module = compiled_module()
    if module is None:
        raise RuntimeError("the compiled core is not available")
    found = _tables.get(rules)
    if found is None:
        t = tables_for(rules)
        found = _tables[rules] = module.Tables(t.hand_masks, t.turn_masks, t.next_turn, rules.toward_mover, TK_CHANCE)
    return found


def _module_for_cores() -> ModuleType:
    """The module, ready to make `Core` states: built, not turned off, and given the evaluation."""
    module = compiled_module()
    if module is None:
        raise RuntimeError("the compiled core is not available")
    if _evaluation is None:
        raise RuntimeError("the compiled core has no evaluation yet: the players' evaluation gives it (use_evaluation)")
    return module


def to_core(state: State) -> Core:
    """A compiled copy of `state` (hidden information included: the caller decides what the state holds)."""
    module = _module_for_cores()
    core: Core = module.Core(
        tables(state.rules),
        state.pos,
        state.hands[0],
        state.hands[1],
        state.supply,
        state.supply_number,
        state.discard,
        state.to_move,
        state.turn_key,
        state.turn_cards,
        -1 if state.result is None else state.result,
        chance_code(state),
        *state.pending_draw,
    )
    return core


def turn_start_core(
    rules: Rules,
    pos: Sequence[int],
    mover: int,
    hand: Sequence[int],
    supply_size: int,
    supply_number: int,
    discard: Sequence[int],
) -> Core:
    """A compiled position at the start of `mover`'s turn with `hand` as its hand, the other hand empty and
    placeholders in the supply: enough to list and value the mover's turns (the opponent model's use)."""
    module = _module_for_cores()
    empty = [0] * NUM_CARD_TYPES
    hands = (hand, empty) if mover == 0 else (empty, hand)
    core: Core = module.Core(
        tables(rules),
        pos,
        hands[0],
        hands[1],
        [0] * supply_size,
        supply_number,
        discard,
        mover,
        TK_START,
        (),
        -1,
        0,
        0,
        0,
    )
    return core


def chance_code(state: State) -> int:
    """0 when no chance event is due, 1 while the reshuffle (R6.2) waits for its outcome."""
    due = state.chance_due
    if due is None:
        return 0
    if due == RESHUFFLE:
        return 1
    raise ValueError(f"the compiled core takes no state whose {due} is due (deal it first)")


def snapshot(state: State) -> tuple[Any, ...]:
    """A `State` as the plain tuple `Core.snapshot()` gives, to compare the two paths."""
    return (
        list(state.pos),
        [list(state.hands[0]), list(state.hands[1])],
        list(state.supply),
        state.supply_number,
        list(state.discard),
        state.to_move,
        state.turn_key,
        list(state.turn_cards),
        state.result,
        chance_code(state),
        state.pending_draw,
    )


__all__ = [
    "EVAL_LINEAR",
    "EVAL_NET",
    "EVAL_NET_LEAVES",
    "EVAL_NET_TREE",
    "PURE_ENV",
    "Core",
    "Tables",
    "available",
    "built",
    "compiled_module",
    "evaluation_mode",
    "snapshot",
    "tables",
    "to_core",
    "turn_start_core",
    "use_evaluation",
    "use_net",
]

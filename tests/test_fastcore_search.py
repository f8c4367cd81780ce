"""The searches on the compiled core return what the pure-Python reference returns, only sooner.

With an iteration budget and a seed, `ismcts` and `pimc` must give the same root statistics (visits and
summed values, bit for bit) on both paths: the compiled core lists the same turns, values them alike,
plays the same playouts and takes the reshuffle's outcome from the same generator. The honesty tests of
tests/test_players.py run the players on the compiled path, which is the default where it is built.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from timessquare import _fastcore as fast
from timessquare.cli.bench import view_after_turns
from timessquare.players.ismcts import SearchConfig, ismcts_search
from timessquare.players.pimc import pimc_search
from timessquare.variants import DEFAULT_RULES
from timessquare.view import PlayerView

pytestmark = pytest.mark.skipif(not fast.available(), reason="the compiled core is not built on this machine")

CONFIG = SearchConfig(iterations=80, seconds=0, workers=1)


def views() -> list[PlayerView]:
    """Positions at a turn's start: early, middle, and late enough for the reshuffle to be near or past."""
    found = (view_after_turns(seed, turns) for seed, turns in ((1, 2), (2, 10), (3, 20), (5, 26)))
    out = [view for view in found if view is not None]
    assert any(view.supply_number == 2 or view.supply_size < 12 for view in out)
    return out


@pytest.mark.parametrize("pool", [32, 0])
def test_ismcts_gives_the_same_root_statistics_on_both_paths(pool: int) -> None:
    for i, view in enumerate(views()):
        config = replace(CONFIG, pool=pool)
        reference = ismcts_search(view, DEFAULT_RULES, replace(config, compiled=False), i)
        compiled = ismcts_search(view, DEFAULT_RULES, config, i)
        assert compiled.turns == reference.turns
        assert compiled.visits == reference.visits
        assert compiled.value_sums == reference.value_sums
        assert compiled.iterations == reference.iterations == CONFIG.iterations


def test_pimc_gives_the_same_root_statistics_on_both_paths() -> None:
    for i, view in enumerate(views()[1:3]):
        config = replace(CONFIG, worlds=3)
        reference = pimc_search(view, DEFAULT_RULES, replace(config, compiled=False), i)
        compiled = pimc_search(view, DEFAULT_RULES, config, i)
        assert (compiled.visits, compiled.value_sums) == (reference.visits, reference.value_sums)


def test_deeper_searches_agree_too() -> None:
    view = views()[2]
    config = replace(CONFIG, depth=3, top=3, playout=1, iterations=60)
    reference = ismcts_search(view, DEFAULT_RULES, replace(config, compiled=False), 9)
    compiled = ismcts_search(view, DEFAULT_RULES, config, 9)
    assert (compiled.visits, compiled.value_sums) == (reference.visits, reference.value_sums)


def test_a_search_level_takes_an_iteration_budget_for_reproducible_measurement() -> None:
    from timessquare.errors import TimesSquareError
    from timessquare.players import make_player
    from timessquare.players.ismcts import SearchPlayer

    view = views()[1]
    choices = []
    for _ in range(2):
        player = make_player("expert:iterations=90,workers=1")
        assert isinstance(player, SearchPlayer)
        assert (player.config.iterations, player.config.seconds, player.config.workers) == (90, 0.0, 1)
        player.search(view, random.Random(4))
        assert player.last_stats is not None and player.last_stats.iterations == 90
        choices.append(player.last_stats.visits)
    assert choices[0] == choices[1]
    with pytest.raises(TimesSquareError, match="unknown parameter"):
        make_player("expert:depth=3")
    with pytest.raises(TimesSquareError, match="takes none"):
        make_player("medium:iterations=10")


def test_leaves_valued_from_both_sides_agree_too() -> None:
    view = views()[1]
    config = replace(CONFIG, symmetric=True)
    reference = ismcts_search(view, DEFAULT_RULES, replace(config, compiled=False), 5)
    compiled = ismcts_search(view, DEFAULT_RULES, config, 5)
    assert (compiled.visits, compiled.value_sums) == (reference.visits, reference.value_sums)
    assert compiled.value_sums != ismcts_search(view, DEFAULT_RULES, CONFIG, 5).value_sums

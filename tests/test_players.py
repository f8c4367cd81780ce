"""The computer players: honest (R10), legal, seeded, and the heuristic clearly better than chance."""

from __future__ import annotations

import random
import time

import pytest

from timessquare.arena.selfplay import play_game, play_games
from timessquare.errors import TimesSquareError
from timessquare.game import Game
from timessquare.players import make_player
from timessquare.players.heuristic import HeuristicPlayer
from timessquare.players.hints import Hint, suggest
from timessquare.state import State
from timessquare.tables import hand_key
from timessquare.variants import DEFAULT_RULES, Rules
from timessquare.view import PlayerView

# Small budgets: these tests check behaviour, not strength (the arena measures that).
SEEDED_SPECS = (
    "random",
    "heuristic",
    "easy",
    "medium",
    "ismcts:iterations=40,workers=1",
    "pimc:iterations=40,workers=1,worlds=4",
    "textbook:iterations=40",
    "ismcts:iterations=40,workers=1,model=1,candidates=3",
    "learned",
    "learned:compiled=0",
    "expert:iterations=40,workers=1,learned=1",
)


def game_in_progress(seed: int, turns: int) -> Game:
    """A game after `turns` turns of the heuristic player (fewer if it ends), at a turn's start."""
    rng = random.Random(seed)
    game = Game.new(seed)
    player = HeuristicPlayer(DEFAULT_RULES)
    done = 0
    while not game.is_over and done < turns:
        seat = game.state.to_move
        aid = game.apply_checked(player.choose(game.view(seat), game.state.legal_ids(), rng))
        done += aid == 94 or game.state.turn_key == 0
    return game


def twin_state(state: State, seat: int, rng: random.Random) -> State:
    """The same view for `seat`, other hidden cards: the opponent's hand and the supply dealt anew."""
    twin = state.clone()
    other = 1 - seat
    pool = twin.supply + [card for card in range(13) for _ in range(twin.hands[other][card])]
    for _ in range(100):
        rng.shuffle(pool)
        hand = [0] * 13
        for card in pool[: state.hand_sizes[other]]:
            hand[card] += 1
        if hand != state.hands[other]:
            break
    twin.hands[other] = hand
    twin.hand_keys[other] = hand_key(hand)
    twin.supply = pool[state.hand_sizes[other] :]
    return twin


@pytest.mark.parametrize("spec", SEEDED_SPECS)
def test_r10_a_player_decides_the_same_when_only_hidden_cards_differ(spec: str) -> None:
    for seed, turns in ((1, 0), (2, 5), (3, 12)):
        game = game_in_progress(seed, turns)
        if game.is_over:
            continue
        state = game.state
        seat = state.to_move
        twin = twin_state(state, seat, random.Random(seed))
        assert twin.hands[1 - seat] != state.hands[1 - seat] or twin.supply != state.supply
        view = game.view(seat)
        assert PlayerView.of(twin, seat, game.moves) == view
        first = make_player(spec).choose(view, state.legal_ids(), random.Random(7))
        second = make_player(spec).choose(PlayerView.of(twin, seat, game.moves), twin.legal_ids(), random.Random(7))
        assert first == second


@pytest.mark.parametrize("spec", SEEDED_SPECS)
def test_players_only_choose_legal_actions_through_whole_games(spec: str) -> None:
    # Game.play is the checked path: an illegal choice raises IllegalActionError
    for game in play_games(2, seed=3, rules=DEFAULT_RULES, spec_a=spec, spec_b="heuristic"):
        assert game.result in ("A", "B", "draw")


@pytest.mark.parametrize("spec", SEEDED_SPECS[1:])
def test_a_seeded_player_plays_the_same_game_again(spec: str) -> None:
    def one_game() -> list[str]:
        game = Game.new(21)
        players = (make_player(spec), make_player("heuristic"))
        return play_game(game, players, random.Random(5)).moves

    assert one_game() == one_game()


def test_variant_rules_reach_the_players() -> None:
    rules = Rules.from_names(["toward-mover"])
    for spec in ("heuristic", "ismcts:iterations=20,workers=1"):
        for game in play_games(1, seed=8, rules=rules, spec_a=spec, spec_b="random"):
            assert game.result is not None


def test_the_heuristic_beats_random_play_clearly() -> None:
    wins = 0
    for first in (True, False):
        a, b = ("heuristic", "random") if first else ("random", "heuristic")
        for game in play_games(10, seed=17, rules=DEFAULT_RULES, spec_a=a, spec_b=b):
            wins += game.result == ("A" if first else "B")
    assert wins >= 17  # of 20; measured: 100 of 100


def test_the_heuristic_plays_out_the_turn_it_planned() -> None:
    rng = random.Random(4)
    for seed in range(5):
        game = game_in_progress(seed, 3)
        if game.is_over:
            continue
        player = HeuristicPlayer(DEFAULT_RULES)
        seat = game.state.to_move
        game.apply_checked(player.choose(game.view(seat), game.state.legal_ids(), rng))
        planned = list(player.plan.actions)
        played = []
        while game.state.to_move == seat and not game.is_over and game.state.turn_key != 0:
            played.append(game.apply_checked(player.choose(game.view(seat), game.state.legal_ids(), rng)))
        assert played == planned


def test_the_heuristic_replans_when_the_view_is_not_the_one_expected() -> None:
    game = game_in_progress(6, 2)
    seat = game.state.to_move
    player = HeuristicPlayer(DEFAULT_RULES)
    player.choose(game.view(seat), game.state.legal_ids(), random.Random(1))
    other = game_in_progress(7, 2)
    aid = player.choose(other.view(other.state.to_move), other.state.legal_ids(), random.Random(1))
    assert aid in other.state.legal_ids()


@pytest.mark.parametrize(
    "spec", ["heuristic:depth=2", "ismcts:budget=3", "pimc:bogus=1", "easy:seconds=1", "random:x=1"]
)
def test_unknown_parameters_are_refused_by_name(spec: str) -> None:
    name = spec.split(":")[1].split("=")[0]
    with pytest.raises(TimesSquareError, match=name):
        make_player(spec)


@pytest.mark.parametrize("spec", ["heuristic:noise=x", "ismcts:seconds=-1", "heuristic:noise=2"])
def test_bad_parameter_values_are_refused(spec: str) -> None:
    with pytest.raises(TimesSquareError):
        make_player(spec)


@pytest.mark.parametrize("level", ["easy", "medium", "hard", "expert"])
def test_each_level_is_a_named_player(level: str) -> None:
    player = make_player(level)
    try:
        assert player.name == level
    finally:
        player.close()


def test_a_hint_is_a_legal_turn_with_a_probability() -> None:
    game = game_in_progress(9, 4)
    seat = game.state.to_move
    hint = suggest(game.view(seat), DEFAULT_RULES, seconds=0.05, rng=random.Random(2))
    assert isinstance(hint, Hint)
    assert hint.action == hint.turn[0]
    assert hint.action in game.state.legal_ids()
    assert 0.0 <= hint.win_probability <= 1.0
    state = game.state.clone()
    for aid in hint.turn:
        state.apply_checked(aid)
    assert state.to_move != seat or state.result is not None


def test_a_hint_takes_a_win_at_once() -> None:
    from positions import make_state

    state = make_state(sue=3, low=0, high=5, hal=9, deb=11, hand_a="S S G2 H2 D3 D3 DM G1", hand_b="S G2 G2")
    hint = suggest(PlayerView.of(state, 0), DEFAULT_RULES, seconds=0.05, rng=random.Random(1))
    assert hint.win_probability == 1.0
    for aid in hint.turn:
        state.apply_checked(aid)
    assert state.result == 0


def test_hints_are_only_for_the_seat_to_move() -> None:
    game = Game.new(2)
    waiting = 1 - game.state.to_move
    with pytest.raises(TimesSquareError):
        suggest(game.view(waiting), DEFAULT_RULES, seconds=0.05)
    with pytest.raises(TimesSquareError):
        suggest(game.view(None), DEFAULT_RULES, seconds=0.05)


@pytest.mark.parametrize(("level", "own"), [("hard", 0.5), ("expert", 1.7)])
def test_the_search_levels_take_a_time_budget_in_place_of_theirs(level: str, own: float) -> None:
    from timessquare.players.ismcts import SearchPlayer

    player = make_player(f"{level}:seconds=0.25,workers=1")
    try:
        assert isinstance(player, SearchPlayer)
        assert (player.config.seconds, player.config.iterations) == (0.25, 0)
        default = make_player(f"{level}:workers=1")
        assert isinstance(default, SearchPlayer) and default.config.seconds == own
        # the rest of the level stays: the expert's worlds and depth, the name people see
        assert (player.config.pool, player.config.depth) == (default.config.pool, default.config.depth)
        assert player.name == level
    finally:
        player.close()


def test_a_search_level_stops_at_the_seconds_given_not_its_own() -> None:
    from timessquare.players.ismcts import SearchPlayer

    game = game_in_progress(3, 2)
    seat = game.state.to_move
    player = make_player("hard:seconds=0.05,workers=1")  # hard's own time is 0.5 s
    try:
        start = time.perf_counter()
        player.choose(game.view(seat), game.state.legal_ids(), random.Random(1))
        assert time.perf_counter() - start < 0.45
        assert isinstance(player, SearchPlayer) and player.last_stats is not None
        assert player.last_stats.iterations > 0  # it searched (not a turn taken without search)
    finally:
        player.close()


def test_with_both_budgets_the_search_stops_at_the_first() -> None:
    from timessquare.players.ismcts import SearchPlayer

    player = make_player("hard:seconds=30,iterations=60,workers=1")
    game = game_in_progress(3, 2)
    try:
        assert isinstance(player, SearchPlayer)
        player.choose(game.view(game.state.to_move), game.state.legal_ids(), random.Random(1))
        assert player.last_stats is not None and 0 < player.last_stats.iterations <= 60
    finally:
        player.close()


@pytest.mark.parametrize("spec", ["hard:seconds=0", "expert:seconds=-1", "expert:seconds=soon", "hard:second=1"])
def test_a_bad_time_budget_for_a_level_is_refused(spec: str) -> None:
    with pytest.raises(TimesSquareError):
        make_player(spec)

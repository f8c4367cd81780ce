"""A first end-to-end check: seeded random games finish with a result and replay from their records."""

from timessquare.arena.selfplay import play_games
from timessquare.record import replay, to_record
from timessquare.variants import DEFAULT_RULES


def test_random_games_finish_and_replay_to_the_same_result() -> None:
    for game in play_games(5, seed=7, rules=DEFAULT_RULES, spec_a="random", spec_b="random"):
        assert game.result in ("A", "B", "draw")
        again = replay(to_record(game))
        assert again.result == game.result
        assert again.moves == game.moves

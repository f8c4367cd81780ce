"""The game record of FORMATS.md: written by `Game.to_record`, read back move by move by `replay`."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

from positions import make_state
from timessquare.errors import FormatError
from timessquare.game import Game
from timessquare.position import to_document
from timessquare.record import ReplayError, replay, to_record
from timessquare.variants import DEFAULT_RULES, Rules

Record = dict[str, Any]


def random_game(seed: int, rules: Rules = DEFAULT_RULES, stop: int | None = None) -> Game:
    """A game of uniformly random legal actions, to the end or for `stop` actions."""
    game = Game.new(seed, rules, players={"A": "random", "B": "random"})
    rng = random.Random(seed)
    while not game.is_over and (stop is None or len(game.moves) < stop):
        game.apply_checked(rng.choice(game.state.legal_ids()))
    return game


def game_with_shuffle(first_seed: int = 0) -> tuple[Game, int]:
    """A finished random game whose first supply ran out, and the index of its `shuffle` entry."""
    for seed in range(first_seed, first_seed + 50):
        game = random_game(seed)
        entries = [i for i, m in enumerate(game.moves) if m.startswith("shuffle ")]
        if entries:
            return game, entries[0]
    raise AssertionError("no random game reached the reshuffle")


@pytest.mark.parametrize("seed", range(6))
def test_record_round_trip(seed: int) -> None:
    game = random_game(seed)
    record = json.loads(json.dumps(to_record(game)))
    assert record["format"] == "times-square/game/1"
    assert record["players"] == {"A": "random", "B": "random"}
    assert record["result"] == game.result in ("A", "B", "draw")
    assert record["end"] == game.end_reason() and record["end"]
    again = replay(record)
    assert again.moves == game.moves and again.result == game.result
    assert to_document(again.state) == to_document(game.state)
    assert to_record(again) == record


def test_record_start_is_the_deal() -> None:
    start = to_record(random_game(3))["start"]
    assert len(start["hands"]["A"]) == len(start["hands"]["B"]) == 8
    assert len(start["supply"]) == 39 and start["discard"] == [] and start["supply_number"] == 1
    assert start["turn"] == {"mode": "start", "cards": [], "joker": None} and start["result"] is None


def test_an_unfinished_game_replays_to_the_same_running_state() -> None:
    game = random_game(4, stop=30)
    record = to_record(game)
    assert record["result"] is None and "end" not in record
    again = replay(json.loads(json.dumps(record)))
    assert to_document(again.state) == to_document(game.state) and not again.is_over


def test_record_variants_choose_the_rules() -> None:
    rules = Rules(toward_mover=True)
    game = random_game(5, rules)
    record = to_record(game)
    assert record["variants"] == ["toward-mover"]
    assert replay(record).state.rules == rules
    assert "variants" not in to_record(random_game(5))
    # A default game read under the variant: some move goes away from its player and is refused.
    default = dict(to_record(random_game(5)), variants=["toward-mover"])
    with pytest.raises(ReplayError, match=r"R4\.1"):
        replay(default)


def bad_move_record(index: int, move: str) -> Record:
    record = to_record(random_game(1))
    record["moves"][index] = move
    return record


@pytest.mark.parametrize("move", ["lure deb", "S sue+7", "end"])
def test_replay_rejects_a_bad_move_with_its_index(move: str) -> None:
    record = to_record(random_game(1))
    record["moves"][0] = move  # `end` is never legal as the first action (R5.4)
    with pytest.raises(ReplayError) as caught:
        replay(record)
    assert caught.value.index == 1 and "move 1 " in str(caught.value) and repr(move) in str(caught.value)


def test_replay_rejects_an_illegal_move_deep_in_the_game() -> None:
    record = to_record(random_game(2))
    index = 10
    prefix = replay(_unfinished(record, record["moves"][:index]))
    illegal = next(a for a in ("end", "lure sue", "S sue+1", "GA", "DM deb=8") if a not in prefix.legal_actions())
    record["moves"][index] = illegal
    with pytest.raises(ReplayError) as caught:
        replay(record)
    assert caught.value.index == index + 1 and f"move {index + 1} " in str(caught.value)


def test_replay_rejects_moves_after_the_end() -> None:
    record = to_record(random_game(1))
    record["moves"].append("end")
    with pytest.raises(ReplayError, match="over") as caught:
        replay(record)
    assert caught.value.index == len(record["moves"])


def test_the_shuffle_entry_follows_the_end_that_emptied_the_first_supply() -> None:
    game, at = game_with_shuffle()
    record = to_record(game)
    assert game.moves[at - 1] == "end"
    codes = game.moves[at].split(" ")[1:]
    # Just before that `end`: the shuffle holds exactly the discard pile (this turn's cards included).
    before = replay(_unfinished(record, game.moves[: at - 1]))
    assert before.state.reshuffles_on_end()
    assert sorted(codes) == sorted(to_document(before.state)["discard"])
    # After it, the second supply is the rest of that order, first drawn first.
    after = replay(_unfinished(record, game.moves[: at + 1]))
    supply = to_document(after.state)["supply"]
    assert after.state.supply_number == 2 and supply == codes[len(codes) - len(supply) :]
    assert after.moves == game.moves[: at + 1]


def test_a_shuffle_entry_in_another_order_becomes_the_second_supply() -> None:
    game, at = game_with_shuffle()
    record = to_record(game)
    codes = game.moves[at].split(" ")[1:]
    reordered = list(reversed(codes))
    moves = [*game.moves[:at], "shuffle " + " ".join(reordered)]
    again = replay(_unfinished(record, moves))
    supply = to_document(again.state)["supply"]
    assert supply == reordered[len(reordered) - len(supply) :]


def _unfinished(record: Record, moves: list[str]) -> Record:
    out = dict(record, moves=moves, result=None)
    out.pop("end", None)
    return out


def test_a_wrong_shuffle_entry_is_rejected() -> None:
    game, at = game_with_shuffle()
    record = to_record(game)
    codes = game.moves[at].split(" ")[1:]
    wrong = ["GA" if c != "GA" else "S" for c in codes[:1]] + codes[1:]  # not the discard pile any more
    for entry in ("shuffle " + " ".join(wrong), "shuffle " + " ".join(codes[1:]), "shuffle XX " + " ".join(codes)):
        bad = copy.deepcopy(record)
        bad["moves"][at] = entry
        with pytest.raises(ReplayError, match=r"shuffle|card") as caught:
            replay(bad)
        assert caught.value.index in (at, at + 1)  # the `end` that reshuffles, or the entry itself


def test_a_missing_or_misplaced_shuffle_entry_is_rejected() -> None:
    game, at = game_with_shuffle()
    record = to_record(game)
    missing = copy.deepcopy(record)
    del missing["moves"][at]
    with pytest.raises(ReplayError) as caught:
        replay(missing)
    assert caught.value.index == at + 1
    misplaced = copy.deepcopy(record)
    misplaced["moves"].insert(1, misplaced["moves"].pop(at))
    with pytest.raises(ReplayError) as caught:
        replay(misplaced)
    assert caught.value.index == 2 and "shuffle" in str(caught.value)


def test_forfeit_field() -> None:
    game = random_game(6, stop=20)
    game.resign(0, "illegal action 'S sue+1'")
    record = json.loads(json.dumps(to_record(game)))
    assert record["forfeit"] == {"seat": "A", "reason": "illegal action 'S sue+1'"}
    assert record["result"] == "B" and "forfeit" in record["end"]
    again = replay(record)
    assert again.result == "B" and again.forfeit == record["forfeit"] and again.state.result is None
    assert to_record(again) == record


def test_forfeit_field_is_checked() -> None:
    game = random_game(6, stop=20)
    game.resign(1, "timeout")
    record = to_record(game)
    for forfeit in ({"seat": "C", "reason": "x"}, {"seat": "A"}, "A"):
        with pytest.raises(FormatError) as caught:
            replay(dict(record, forfeit=forfeit))
        assert caught.value.field == "forfeit"
    with pytest.raises(FormatError) as caught:
        replay(dict(record, result="B"))  # B forfeited: A won
    assert caught.value.field == "result"
    finished = to_record(random_game(6))
    with pytest.raises(FormatError) as caught:
        replay(dict(finished, forfeit={"seat": "A", "reason": "x"}, result="B"))
    assert caught.value.field == "forfeit"


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda r: r.update(format="times-square/game/2"), "format"),
        (lambda r: r.pop("moves"), "moves"),
        (lambda r: r.pop("start"), "start"),
        (lambda r: r.update(seed=3), "seed"),
        (lambda r: r.update(players={"A": "x"}), "players"),
        (lambda r: r.update(moves="end"), "moves"),
        (lambda r: r.update(result="C"), "result"),
        (lambda r: r.update(variants=["no-such-rule"]), "variants"),
        (lambda r: r["start"].update(result="A"), "start.result"),
        (lambda r: r["start"]["figures"].update(sue=16), "start.figures"),
        (lambda r: r["start"]["figures"].update(charlie=7), "start.figures"),
        (lambda r: r["start"].update(to_move="B" if r["start"]["to_move"] == "A" else "A"), "start.to_move"),
    ],
)
def test_replay_rejects_a_malformed_record_naming_the_field(change: Any, field: str) -> None:
    record = to_record(random_game(7))
    change(record)
    with pytest.raises(FormatError) as caught:
        replay(record)
    assert caught.value.field == field or caught.value.field.startswith(field), str(caught.value)


def test_the_shuffle_entry_is_written_even_when_that_end_finishes_the_game() -> None:
    # A's `end` empties the first supply (R6.2), then Charlie reaches A's entrance (R8.1).
    state = make_state(
        hand_a="G2 G2 G2 S S S S S", supply="H1 H3", rest="discard", charlie=2, hal=0, low=3, sue=5, high=9
    )
    game = Game(state)
    for move in ("discard G2", "discard G2", "discard G2", "end"):
        game.apply_checked(move)
    assert game.result == "A" and game.moves[-1].startswith("shuffle ") and game.moves[-2] == "end"
    # Such a game (one in about seventy random ones) replays from its record, the shuffle entry last.
    for seed in range(600):
        game = Game.new(seed)
        rng = random.Random(seed)
        while not game.is_over:
            game.apply(rng.choice(game.state.legal_ids()))
        if game.moves[-1].startswith("shuffle "):
            break
    else:
        raise AssertionError("no random game ended on the `end` that reshuffled")
    again = replay(json.loads(json.dumps(to_record(game))))
    assert again.result == game.result and again.moves == game.moves
    assert to_document(again.state) == to_document(game.state)

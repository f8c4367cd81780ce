"""Games the players stop (docs/rules.md R11.9): a draw by agreement and an abort, in the record as the
optional `agreed` field (docs/formats.md), read back to the same ending; old records read as before."""

from __future__ import annotations

import pytest

from timessquare.errors import FormatError
from timessquare.game import Game
from timessquare.outcome import Termination
from timessquare.record import replay, to_record
from timessquare.session import GameSession


@pytest.mark.parametrize(
    ("agreed", "termination", "end"),
    [
        ("draw", Termination.AGREED, "drawn by agreement"),
        ("aborted", Termination.ABORTED, "the game was called off before both players had moved"),
    ],
)
def test_an_agreed_ending_is_recorded_and_read_back(agreed: str, termination: Termination, end: str) -> None:
    session = GameSession.new({"A": "you", "B": "friend"}, deal=__import__("random").Random(3))
    version = session.version
    session.agree(agreed)
    assert session.version == version + 1 and session.to_move is None
    record = session.record()
    assert (record["result"], record["agreed"], record["end"]) == (agreed, agreed, end)
    game = replay(record)
    assert game.outcome is not None and game.outcome.termination is termination
    assert game.outcome.winner is None and to_record(game) == record


def test_a_bad_agreed_field_is_refused_and_a_record_without_one_is_unchanged() -> None:
    game = Game.new(seed=4, players={"A": "a", "B": "b"})
    record = to_record(game)
    assert "agreed" not in record and replay(record).result is None
    for bad in ("A", None, 1):
        with pytest.raises(FormatError, match="agreed"):
            replay({**record, "agreed": bad, "result": "draw"})
    with pytest.raises(FormatError, match="agreed"):
        replay({**record, "agreed": "draw", "forfeit": {"seat": "A", "reason": "resigned"}, "result": "draw"})
    with pytest.raises(FormatError, match="result"):
        replay({**record, "agreed": "draw", "result": "A"})

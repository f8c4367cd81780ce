"""The golden files of the page scripts' unit tests (tests/js/golden, scripts/record_changes.py) are current: the same
seed plays the same friend game on today's server and the core words the 95 actions as the files say. The node
tests (tests/js/page-state.test.mjs, move-words.test.mjs) check the page against them."""

from __future__ import annotations

from typing import Any

import pytest

from script_modules import load_script

recorder = load_script("record_changes")


@pytest.fixture(scope="module")
def game() -> dict[str, Any]:
    return recorder.record(1)  # type: ignore[no-any-return]


def test_the_recorded_game_and_the_words_are_current(game: dict[str, Any]) -> None:
    assert recorder.GAME.read_text("utf-8") == recorder.text_of(game), "run: python scripts/record_changes.py"
    words = recorder.text_of(recorder.move_words(game))
    assert recorder.WORDS.read_text("utf-8") == words, "run: python scripts/record_changes.py"


def test_the_game_is_followed_by_changes_to_its_end_on_every_socket(game: dict[str, Any]) -> None:
    sockets = game["sockets"]
    assert [(s["seat"], s["lang"]) for s in sockets] == [("A", "en"), ("B", "fr"), (None, "en")]
    for socket in sockets + game["resigned"]:
        assert {m["type"] for m in socket["messages"]} == {"change"}
        assert socket["fresh"]["over"] is not None
        assert socket["messages"][-1]["version"] == socket["fresh"]["version"]
    assert all(len(socket["snapshots"]) >= 3 for socket in sockets)  # fresh joins on the way, not only at the end
    assert [s["fresh"]["over"]["reason"] for s in game["resigned"]] == [
        "B forfeited: resigned",
        "B perd par forfait (abandon)",
        "B forfeited: resigned",
    ]

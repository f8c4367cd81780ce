"""The replay viewer rebuilds finished games in the browser (static/js/replay-engine.js); here it is checked
against the rules engine, position by position, on whole games between computer players: figures, both
hands, the supply and its number, and the result, after every public action."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from conftest import Watched
from e2e_play import wait_ready
from e2e_server import Server

from timessquare.arena.selfplay import play_games
from timessquare.cards import CARD_INDEX
from timessquare.game import Game
from timessquare.position import from_document, to_document
from timessquare.record import to_record
from timessquare.state import State
from timessquare.variants import DEFAULT_RULES

REPLAY_IN_BROWSER = """async (records) => {
  const engine = await import("/static/js/replay-engine.js");
  return records.map((record) => {
    const { frames, mismatch } = engine.replayFrames(record);
    return {
      mismatch,
      frames: frames.map((f) => ({
        figures: f.figures, hands: f.hands, supplySize: f.supplySize, supplyNumber: f.supplyNumber,
        result: f.over ? f.over.result : null,
      })),
    };
  });
}"""


def snapshot(state: State) -> dict[str, Any]:
    doc = to_document(state)
    return {
        "figures": doc["figures"],
        "hands": {seat: sorted(cards) for seat, cards in doc["hands"].items()},
        "supplySize": len(doc["supply"]),
        "supplyNumber": doc["supply_number"],
        "result": doc["result"],
    }


def engine_frames(record: dict[str, Any]) -> list[dict[str, Any]]:
    """The position after the deal and after every public action (a reshuffle belongs to its `end`)."""
    game = Game(from_document(record["start"]))
    game.rng = None  # the reshuffles come from the record
    frames = [snapshot(game.state)]
    for move in record["moves"]:
        if move.startswith("shuffle "):
            game.apply_chance([CARD_INDEX[code] for code in move.split()[1:]])
        else:
            game.apply_checked(move)
            frames.append({})
        if game.state.chance_due is None:
            frames[-1] = snapshot(game.state)
    return frames


def test_the_browser_replay_matches_the_engine(server: Server, open_page: Callable[..., Watched]) -> None:
    games = [
        *play_games(24, 7, DEFAULT_RULES, "random", "random"),
        *play_games(8, 8, DEFAULT_RULES, "heuristic", "random"),
    ]
    records = [to_record(game) for game in games]
    endings = {record["end"].split(":")[0].split(" ")[0] for record in records}
    assert {"Sue", "Charlie", "the"} <= endings  # wins at an entrance (R8.1) and by the supply (R8.2)
    assert any(move.startswith("shuffle") for record in records for move in record["moves"])

    page = open_page().page
    page.goto(server.url + "/rules")
    wait_ready(page)
    rebuilt = page.evaluate(REPLAY_IN_BROWSER, records)
    for record, browser in zip(records, rebuilt, strict=True):
        assert browser["mismatch"] is None
        expected = engine_frames(record)
        assert len(browser["frames"]) == len(expected)
        for index, (got, want) in enumerate(zip(browser["frames"], expected, strict=True)):
            assert got == want, f"frame {index} after {record['moves'][:index]}"

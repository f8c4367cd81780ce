"""The words of the terminal game: moves from notation (describe.py), the log (history.py), the status lines."""

from __future__ import annotations

import pytest

from timessquare.actions import ACTIONS, PLAY
from timessquare.arena.selfplay import play_games
from timessquare.cards import DEB, HAL, HIGH, LOW, SUE
from timessquare.game import Game
from timessquare.record import to_record
from timessquare.session.describe import describe, describe_charlie, describe_draw
from timessquare.session.timeline import walk
from timessquare.tui.widgets.status import status_text, turn_words
from timessquare.variants import DEFAULT_RULES
from views_log import entries_for


@pytest.mark.parametrize(
    ("move", "seat", "words"),
    [
        ("D3 sue+3", 0, "Deb moves Sue 3 toward B"),
        ("D5 hal-5", 1, "Deb moves Hal 5 toward A"),
        ("DM low=8", 0, "Deb moves the A-side bodyguard to the middle"),
        ("DM deb=8", 1, "Deb moves to the middle"),
        ("D2 deb+2", 0, "Deb moves 2 toward B"),
        ("S sue-1", 0, "Sue moves 1 toward A"),
        ("SS group+1", 1, "Sue and both bodyguards move 1 toward B"),
        ("G1 high-1", 0, "The B-side bodyguard moves 1 toward A"),
        ("G2 low+2", 0, "The A-side bodyguard moves 2 toward B"),
        ("G2 low+1 high-1", 0, "Both bodyguards move 1 toward Sue"),
        ("G2 low-1 high+1", 0, "Both bodyguards move 1 away from Sue"),
        ("G2 low-1 high-1", 0, "Both bodyguards move 1 toward A"),
        ("GA", 1, "Both bodyguards move next to Sue"),
        ("H3 hal-3", 1, "Hal moves 3 toward A"),
        ("lure sue", 0, "A lures Sue to Hal"),
        ("lure high", 1, "B lures the B-side bodyguard to Hal"),
        ("discard G2", 1, "B discards G2"),
        ("end", 0, "A ends the turn"),
    ],
)
def test_words_for_notation(move: str, seat: int, words: str) -> None:
    assert describe(move, seat) == words


def test_every_card_play_names_the_figure_it_moves() -> None:
    """A card moving one figure names it; a card moving several says "bodyguards" (G2 1+1, GA, SS)."""
    word = {SUE: "Sue", LOW: "A-side bodyguard", HIGH: "B-side bodyguard", HAL: "Hal", DEB: "Deb"}
    for action in ACTIONS:
        if action.kind != PLAY:
            continue
        words = describe(action.notation, 0)
        figures = {f for f, _ in action.steps} | ({action.to_middle} - {-1})
        if len(figures) == 1:
            assert word[figures.pop()] in words, (action.notation, words)
        else:
            assert "bodyguards" in words, (action.notation, words)
        if action.is_joker:
            assert words.startswith("Deb moves "), words


def test_without_a_seat_the_words_are_an_instruction() -> None:
    assert describe("lure low") == "Lure the A-side bodyguard to Hal"
    assert describe("discard S") == "Discard S"
    assert describe("end") == "End the turn"


def test_r10_2_a_shuffle_entry_is_described_without_its_secret_order() -> None:
    words = describe("shuffle S G2 D3 DM")
    assert "second supply" in words
    assert not any(code in words.split() for code in ("G2", "D3", "DM"))


def test_r7_charlie_and_r6_draw_words() -> None:
    assert describe_charlie(8, 6) == "Charlie moves 2 toward A"
    assert describe_charlie(8, 9) == "Charlie moves 1 toward B"
    assert describe_charlie(5, 5) == "Charlie stays"
    assert describe_draw(1, 3) == "B draws 3 cards"
    assert describe_draw(0, 1) == "A draws 1 card"


def test_the_log_of_a_whole_game_tells_draws_charlie_and_the_end() -> None:
    """Replaying a random game's public views gives one entry per action plus what followed an `end` or lure."""
    (played,) = play_games(1, 4, DEFAULT_RULES, "random", "random")
    timeline = walk(to_record(played))
    log = timeline.log()
    actions = [e for e in log if e.seat is not None]
    assert [e.notation for e in actions] == [m for m in played.moves if not m.startswith("shuffle")]
    words = [e.words for e in log]
    ends = sum(1 for m in played.moves if m == "end" or m.startswith("lure"))
    charlie = [w for w in words if w.startswith("Charlie")]
    assert len(charlie) in (ends, ends - 1)  # R8 may end the game before the last Charlie step
    assert any("shuffled" in w for w in words) == any(m.startswith("shuffle") for m in played.moves)
    assert words[-1].startswith("Game over") and played.end_reason() in words[-1]


def test_entries_after_a_lure_have_no_draw_but_charlie() -> None:
    game = Game.new(1)
    mover = game.state.to_move
    before = game.view(None)
    game.apply_checked("lure sue")
    entries = entries_for("lure sue", mover, before, game.view(None))
    words = [e.words for e in entries]
    assert words[0].endswith("lures Sue to Hal")
    assert not any("draws" in w for w in words)
    assert any(w.startswith("Charlie") for w in words)


def test_status_shows_which_supply_and_the_other_hand_size_but_no_cards_of_it() -> None:
    game = Game.new(3)
    view = game.view(0)
    text = status_text(view).plain
    assert "Supply 1 (first): 39" in text and "B's hand: 8 cards" in text
    assert turn_words(view) == "nothing played yet"
    spectator = status_text(game.view(None)).plain
    assert "hands: A 8, B 8" in spectator

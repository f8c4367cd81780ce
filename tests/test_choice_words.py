"""A choice in words (session/choices.py): what an action would do on the board, in the catalogs' words, and
a whole turn as the hint and the analysis tell it; and the session hands each seat its legal actions so."""

from __future__ import annotations

import random

import pytest

from timessquare.actions import action_id
from timessquare.catalog import LANGUAGES
from timessquare.session import GameSession
from timessquare.session.choices import action_words, after_colon, turn_words

BOARD = {"sue": 8, "low": 6, "high": 10, "hal": 11, "deb": 3, "charlie": 8}


@pytest.mark.parametrize(
    ("action", "english"),
    [
        ("S sue+1", "Sue 1 toward B (8 → 9)"),
        ("SS group-1", "Sue and both bodyguards 1 toward A (Sue → 7)"),
        ("G2 low+1 high+1", "The A-side bodyguard 1 toward B (6 → 7); the B-side bodyguard 1 toward B (10 → 11)"),
        ("GA", "Both bodyguards next to Sue (7 and 9)"),
        ("DM deb=8", "Deb to the middle (3 → 8)"),
        ("D1 hal-1", "Joker: Hal 1 toward A (11 → 10)"),
        ("lure sue", "Lure Sue to Hal (8 → 11)"),
        ("discard H1", "Discard H1"),
        ("end", "End the turn"),
    ],
)
def test_an_action_names_its_figures_and_the_spaces_they_go_between(action: str, english: str) -> None:
    assert action_words(action_id(action), BOARD) == english


def test_french_has_words_of_its_own() -> None:
    assert action_words(action_id("lure sue"), BOARD, "fr") == "Attirer Sue vers Hal (8 → 11)"
    assert action_words(action_id("S sue-1"), BOARD, "fr") == "Sue 1 vers A (8 → 7)"


def test_a_turn_tells_each_card_on_the_board_the_cards_before_it_left() -> None:
    turn = [action_id(a) for a in ("S sue+1", "S sue+1", "end")]
    assert turn_words(turn, BOARD) == "S: Sue 1 toward B (8 → 9) → S: Sue 1 toward B (9 → 10) → End the turn"
    played = [action_id(a) for a in ("S sue+1", "D2 deb-2", "end")]
    assert turn_words(played, BOARD) == "S: Sue 1 toward B (8 → 9) → D2: Deb 2 toward A (3 → 1) → End the turn"
    assert turn_words(turn, BOARD, "fr").startswith("S : Sue 1 vers B (8 → 9) → S : Sue 1 vers B (9 → 10)")


def test_a_trade_is_told_as_the_page_s_button_says_it() -> None:
    """Discarding ends the turn with the draw: "Discard H1 and draw 1 card", never "Discard H1 → End the turn"
    (once a browser test of the page's own words, before the server phrased turns)."""
    trade = [action_id(a) for a in ("discard H1", "discard G2", "end")]
    assert turn_words(trade, BOARD) == "Discard H1 G2 and draw 2 cards"
    assert turn_words(trade[1:], BOARD, "fr") == "Défausser G2 et piocher 1 carte"


def test_after_a_colon_french_writes_lower_case_but_keeps_a_name() -> None:
    assert after_colon("Le garde du corps", "fr") == "le garde du corps"
    assert after_colon("Sue 1 vers B", "fr") == "Sue 1 vers B"
    assert after_colon("The A-side bodyguard", "en") == "The A-side bodyguard"


def test_each_seat_to_move_gets_every_legal_action_in_words_of_its_language() -> None:
    session = GameSession.new({"A": "you", "B": "friend"}, deal=random.Random(4))
    rng = random.Random(4)
    for _ in range(40):
        if session.is_over:
            break
        seat = session.to_move
        assert seat is not None
        for lang in LANGUAGES:
            update = session.update(seat, lang)
            figures = update.view.figures
            assert [a.words for a in update.legal] == [action_words(a.id, figures, lang) for a in update.legal]
        english, french = session.update(seat, "en").legal, session.update(seat, "fr").legal
        assert all(e.words != f.words for e, f in zip(english, french, strict=True))
        session.act(seat, rng.choice(english).id)


def test_a_joker_s_effect_goes_on_after_the_colon_as_each_language_writes_it() -> None:
    """French writes lower case after a colon (a name keeps its capital); English keeps the capital, as its
    hint ("G1: The A-side bodyguard …") and log do."""
    on_guard, on_sue = action_id("D1 low+1"), action_id("D1 sue+1")
    assert action_words(on_guard, BOARD, "fr") == "Joker : le garde du corps côté A 1 vers B (6 → 7)"
    assert action_words(on_sue, BOARD, "fr") == "Joker : Sue 1 vers B (8 → 9)"
    assert action_words(on_guard, BOARD, "en") == "Joker: The A-side bodyguard 1 toward B (6 → 7)"

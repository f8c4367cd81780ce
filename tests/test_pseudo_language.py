"""Adding a language is one catalog file: a pseudo-language made from the English catalog at test time
(pseudo_language.py, every text bracketed) is spoken by the move log of whole games, every refusal (the
core's reasons of every kind and the session's own), the words of every action (the hint, the choices) and
the plain terminal game, with no other change. The browser's pages: tests/e2e/test_e2e_pseudo_language.py."""

from __future__ import annotations

import io
import random
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from pseudo_language import CLOSE, EXTRA_FOLDER, OPEN, PSEUDO, bracketed, foreign_words, write_pseudo_catalog
from test_reasons import refusals
from timessquare import cli
from timessquare.actions import ACTIONS
from timessquare.catalog import catalog, language, languages, words
from timessquare.explain import REASON_KINDS
from timessquare.game import Game
from timessquare.players import make_player
from timessquare.session import GameSession
from timessquare.session.describe import describe
from timessquare.variants import Rules

RULE_SETS = (Rules(), Rules(toward_mover=True), Rules(first_deb_card_locks=True))


@pytest.fixture
def pseudo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    write_pseudo_catalog(tmp_path)
    monkeypatch.setenv(EXTRA_FOLDER, str(tmp_path))
    return PSEUDO


def test_the_new_language_is_one_catalog_file(pseudo: str) -> None:
    assert pseudo in languages() and language(pseudo) == pseudo
    assert set(catalog(pseudo)) == set(catalog("en"))
    assert PSEUDO not in languages_without_folder()


def languages_without_folder() -> tuple[str, ...]:
    with pytest.MonkeyPatch.context() as patch:
        patch.delenv(EXTRA_FOLDER, raising=False)
        return languages()


def computer_games(seeds: range) -> Iterator[GameSession]:
    """Whole games between random players, and one that ends in a resignation."""
    rules = Rules()
    for seed in seeds:
        players = {0: make_player("random", rules), 1: make_player("random", rules)}
        session = GameSession(Game.new(seed, rules), players, random.Random(seed))
        session.run_computers()
        yield session
    resigned = GameSession(Game.new(99, rules), {}, random.Random(99))
    resigned.resign(0)
    yield resigned


def test_the_log_of_whole_games_speaks_the_new_language(pseudo: str) -> None:
    kinds = set()
    for session in computer_games(range(8)):
        for entry in session.log:
            kinds.add(entry.kind)
            assert bracketed(entry.text(pseudo)), entry
            assert not bracketed(entry.text("en")), entry
    assert kinds >= {"move", "draw", "charlie", "to_move", "over", "shuffle"}


def test_every_refusal_speaks_the_new_language(pseudo: str) -> None:
    kinds = set()
    for session, seat, aid in refusals(4):  # every illegal action of whole games, under each rule set
        reason = session.illegal_reason(seat, aid)
        assert reason is not None
        kinds.add(reason.kind)
        assert bracketed(session.why_not(seat, aid, pseudo)), reason
        assert bracketed(session.why_not(None, aid, pseudo))  # a spectator
        assert bracketed(session.why_not(1 - seat, aid, pseudo))  # not that seat's turn
    assert kinds == set(REASON_KINDS)
    over = next(computer_games(range(1)))
    assert bracketed(over.why_not(0, "end", pseudo))  # the game is over


def test_every_action_in_words_speaks_the_new_language(pseudo: str) -> None:
    """The words of the hint and of the choices: each action as a seat's move and as a command."""
    for action in ACTIONS:
        assert bracketed(describe(action.notation, 0, pseudo)), action
        assert bracketed(describe(action.notation, None, pseudo)), action
    assert bracketed(describe("shuffle", None, pseudo))


def test_the_plain_terminal_game_speaks_the_new_language(
    pseudo: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A whole plain game (`timessquare play --plain --lang …`): a refused move, a string outside the
    notation, a number out of range, then the first choice every time until the game is over."""
    typed = "end\nS sue+9\n99\n\n" + "1\n" * 3000
    monkeypatch.setattr("sys.stdin", io.StringIO(typed))
    assert cli.main(["play", "--plain", "--lang", pseudo, "--seed", "3", "--seat", "A", "--opponent", "random"]) == 0
    out = capsys.readouterr().out
    # The board's picture: a row's label, then the letters and marks that draw the figures.
    picture = re.compile(rf"^(?:{OPEN}[^{CLOSE}]*{CLOSE})?[\s\dSgHDC.\[\]()AB-]+$")
    lines = [line for line in out.splitlines() if line.strip() and not picture.match(line)]
    assert len(lines) > 50 and any(line.startswith(OPEN) for line in lines)
    assert [line for line in lines if foreign_words(line)] == []
    assert words("plain.over", pseudo, how="", verdict="")[:6] in out  # it played to the end

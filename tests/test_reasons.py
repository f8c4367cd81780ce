"""Why an action is illegal, as data and in words: the core's `Reason` (rule, kind, details) with its English
words (explain.py), and the same reasons in French (the game session's reasons.py)."""

from __future__ import annotations

import random
import re
import string
from collections.abc import Iterator
from typing import Any

import pytest

from positions import make_state, play
from timessquare.actions import action_id
from timessquare.cards import CARD_CODES
from timessquare.catalog import LANGUAGES
from timessquare.explain import ENGLISH, REASON_KINDS, Reason, english, illegal_reason, why_illegal
from timessquare.game import Game
from timessquare.session import GameSession, NotYourTurnError
from timessquare.session.reasons import REASON_WORDS, SESSION_WORDS, reason_words
from timessquare.variants import Rules

RULE_SETS = (Rules(), Rules(toward_mover=True), Rules(first_deb_card_locks=True))
# Words an English and a French reason may share: names, card codes, the notation's words, the variant's name.
SHARED = {"a", "on", "joker", "sue", "hal", "deb", "toward-mover", *(code.lower() for code in CARD_CODES)}
WORD = re.compile(r"[^\W\d_]+(?:[-'][^\W\d_]+)*")


def placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def words_of(text: str) -> set[str]:
    """The words of a text, in lower case; single letters (seats, card codes, R of a rule) are no words."""
    return {w.lower() for w in WORD.findall(text) if len(w) > 1}


def literal(template: str) -> str:
    return " ".join(text for text, _, _, _ in string.Formatter().parse(template))


ENGLISH_TEMPLATES = (*ENGLISH.values(), *SESSION_WORDS["en"].values())
ENGLISH_WORDS = set().union(*(words_of(literal(t)) for t in ENGLISH_TEMPLATES)) - SHARED


def refusals(games: int) -> Iterator[tuple[GameSession, int, int]]:
    """(session, seat to move, an illegal action) at every decision of whole games between random people,
    under each rule set: every illegal action of every position."""
    for rules in RULE_SETS:
        for seed in range(games):
            rng = random.Random(seed)
            session = GameSession(Game.new(seed, rules), {}, rng)
            while not session.is_over:
                seat = session.to_move
                assert seat is not None
                legal = session.legal_ids(seat)
                for aid in range(95):
                    if aid not in legal:
                        yield session, seat, aid
                session.act(seat, rng.choice(legal))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_kind_of_reason_has_words_in_every_language_with_the_same_details(lang: str) -> None:
    assert set(REASON_WORDS[lang]) == set(ENGLISH) == set(REASON_KINDS)
    for kind in REASON_KINDS:
        assert placeholders(REASON_WORDS[lang][kind]) == placeholders(ENGLISH[kind]), kind
    assert set(SESSION_WORDS[lang]) == set(SESSION_WORDS["en"])
    for key, words in SESSION_WORDS["en"].items():
        assert placeholders(SESSION_WORDS[lang][key]) == placeholders(words), key


def test_the_french_reasons_of_whole_games_contain_no_english_sentence() -> None:
    kinds: set[str] = set()
    count = 0
    for session, seat, aid in refusals(6):
        reason = session.illegal_reason(seat, aid)
        assert reason is not None
        kinds.add(reason.kind)
        french, english_words = session.why_not(seat, aid, "fr"), session.why_not(seat, aid)
        assert english_words == why_illegal(session.game.state, aid)  # the English words are the core's
        assert french != english_words and reason.rule in french
        english_here = ENGLISH_WORDS | (words_of(english_words) - SHARED)
        assert not words_of(french) & english_here, (french, words_of(french) & english_here)
        assert "{" not in french and "}" not in french
        count += 1
    assert kinds == set(REASON_KINDS), set(REASON_KINDS) - kinds  # the games met every kind of reason
    assert count > 10_000


def test_a_reason_cites_its_rule_first_in_its_english_words() -> None:
    """`rule` is what the words cite first (the web sent that rule before reasons were data)."""
    seen: dict[str, Reason] = {}
    for session, seat, aid in refusals(2):
        reason = session.illegal_reason(seat, aid)
        assert reason is not None
        seen.setdefault(reason.kind, reason)
        cited = re.search(r"R\d+(?:\.\d+)?", english(reason))
        assert cited is not None and cited.group(0) == reason.rule
    assert len(seen) >= 12


@pytest.mark.parametrize(
    ("fields", "before", "action", "kind", "french"),
    [
        ({"hand_a": "S"}, [], "end", "end_too_soon", "un tour ne peut pas finir avant"),
        ({"hand_a": "S H2"}, ["S sue+1"], "H2 hal+2", "colour", "ce tour joue des cartes vertes"),
        ({"hand_a": "H2"}, [], "S sue+1", "hand_play", "la main contient 0 carte S, il en faut 1"),
        ({"hand_a": "S H2"}, [], "SS group+1", "hand_play", "la main contient 1 carte S, il en faut 2"),
        ({"hand_a": "H3", "hal": 14}, [], "H3 hal+3", "off_board", "Hal sortirait du plateau (case 17) (R4.3)"),
        ({"hand_a": "S", "low": 4, "hal": 4}, [], "lure low", "lure_in_place", "le garde du corps côté A est déjà"),
        ({"hand_a": "D2", "deb": 11}, [], "D2 sue+2", "joker_place", "entre Sue et le bout de A (deb < sue)"),
        ({"hand_a": "D2 D3", "deb": 5, "hal": 3}, ["D2 hal+2"], "D3 sue-3", "joker_lock", "joker sur Hal"),
        (
            {"hand_a": "G1", "low": 7},
            [],
            "G1 low+1",
            "bodyguards",
            "A en 8, Sue en 8, le garde du corps côté B en 10) (R3)",
        ),
    ],
)
def test_reasons_in_french_say_the_details(
    fields: dict[str, Any], before: list[str], action: str, kind: str, french: str
) -> None:
    state = play(make_state(**fields), *before)
    reason = illegal_reason(state, action_id(action))
    assert reason is not None and reason.kind == kind
    assert french in reason_words(reason, "fr")
    assert reason_words(reason, "en") == reason_words(reason, "de") == why_illegal(state, action_id(action))


def test_a_legal_action_has_no_reason() -> None:
    state = make_state(hand_a="S")
    assert illegal_reason(state, action_id("S sue+1")) is None and why_illegal(state, action_id("S sue+1")) == "legal"


def test_the_session_s_own_refusals_in_both_languages() -> None:
    session = GameSession(Game.new(3), {}, random.Random(0))
    seat = session.to_move
    assert seat is not None
    assert session.why_not(None, "end") == "a spectator cannot act"
    assert session.why_not(None, "end", "fr") == "un spectateur ne peut pas jouer"
    other = "AB"[seat]
    assert session.why_not(1 - seat, "end") == f"it is {other}'s turn"
    assert session.why_not(1 - seat, "end", "fr") == f"c'est à {other} de jouer"
    with pytest.raises(NotYourTurnError, match="turn"):
        session.illegal_reason(1 - seat, "end")
    session.resign(seat)
    assert session.why_not(seat, "end") == f"the game is over ({'AB'[seat]} forfeited: resigned)"
    assert session.why_not(seat, "end", "fr") == f"la partie est terminée ({'AB'[seat]} perd par forfait (abandon))"


@pytest.mark.parametrize(
    ("fields", "action", "english"),
    [
        (
            {"hand_a": "G1", "low": 7},
            "G1 low+1",
            "(the A-side bodyguard on 8, Sue on 8, the B-side bodyguard on 10) (R3)",
        ),
        ({"hand_a": "G2", "high": 15}, "G2 high+2", "the B-side bodyguard would leave the board (space 17)"),
        ({"hand_a": "S", "low": 4, "hal": 4}, "lure low", "the A-side bodyguard already stands on Hal's space"),
    ],
)
def test_a_refusal_names_the_figures_as_the_page_does(fields: dict[str, Any], action: str, english: str) -> None:
    """The board, the choices and the log say "the A-side bodyguard" (the catalogs' `fig.*`): so do refusals,
    never the notation's "low"."""
    reason = illegal_reason(make_state(**fields), action_id(action))
    assert reason is not None and english in reason_words(reason, "en")
    assert not re.search(r"\b(low|high)\b", reason_words(reason, "en"))

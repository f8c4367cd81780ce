"""The "Learn to play" script (session/tutorial_script.py), replayed through the game session: every scripted
action is legal, every rule R1-R10 is taught, the game ends as the script says, every step has its words in
every language, and each refusal is the one the step promises."""

from __future__ import annotations

import re

import pytest

from timessquare.catalog import catalog, languages
from timessquare.position import from_document
from timessquare.session.tutorial import Lesson
from timessquare.session.tutorial_script import DEAL, LEARNER, RESULT, SCRIPT, STEPS, Reply, Step

RULES = {f"R{n}" for n in range(1, 11)}


def test_the_deal_is_a_fresh_deal_of_r2() -> None:
    state = from_document(DEAL)  # 55 cards with the counts of R4, the set-up of R2
    assert state.hand_sizes == [8, 8]
    assert len(state.supply) == 39
    assert state.to_move == LEARNER


def test_every_rule_is_taught_by_at_least_one_step() -> None:
    taught = {rule for item in SCRIPT for rule in item.rules}
    assert taught == RULES
    done_by_the_learner = {rule for step in STEPS for rule in step.rules}
    assert done_by_the_learner == RULES  # each one by doing, not only by watching B


def test_the_whole_script_plays_through_the_session_and_ends_as_it_says() -> None:
    lesson = Lesson(len(STEPS))
    assert lesson.session.is_over
    assert lesson.session.outcome is not None
    assert lesson.session.outcome.result == RESULT
    assert lesson.step is None


@pytest.mark.parametrize("done", range(len(STEPS)))
def test_each_step_asks_for_a_legal_action_of_the_learner(done: int) -> None:
    lesson = Lesson(done)
    step = STEPS[done]
    assert lesson.session.to_move == LEARNER
    assert lesson.session.illegal_reason(LEARNER, step.action) is None
    assert lesson.judge(step.action, "en").ok


def test_the_other_seats_turns_are_whole_turns_that_hand_back_to_the_learner() -> None:
    for at, item in enumerate(SCRIPT):
        if isinstance(item, Reply):
            assert isinstance(SCRIPT[at - 1], Step)
            ends_turn = item.actions[-1] == "end" or item.actions[-1].startswith("lure ")
            assert ends_turn, item


def test_a_reply_is_played_out_one_frame_per_action() -> None:
    after_first_turn = next(i for i, item in enumerate(SCRIPT) if isinstance(item, Reply))
    lesson = Lesson(after_first_turn)
    assert lesson.reply is SCRIPT[after_first_turn]
    assert len(lesson.frames) == len(lesson.reply.actions) + 1  # the board before B's turn, then after each action
    assert lesson.frames[0].figures != lesson.frames[-1].figures
    assert lesson.frames[-1].figures == lesson.session.view(None).figures
    assert Lesson(after_first_turn + 1).reply is None


def test_an_illegal_action_is_refused_with_the_engines_rule() -> None:
    lesson = Lesson(1)  # a green turn is under way: a red card breaks R5.1
    verdict = lesson.judge("D5 deb-5", "en")
    assert not verdict.ok and verdict.kind == "illegal"
    assert verdict.rule is not None and verdict.rule.startswith("R5")
    assert verdict.text == lesson.session.why_not(LEARNER, "D5 deb-5")


def test_a_legal_action_that_is_not_the_steps_is_not_now_with_the_steps_rule() -> None:
    lesson = Lesson(1)
    assert lesson.session.illegal_reason(LEARNER, "S sue+1") is None
    for lang in languages():
        verdict = lesson.judge("S sue+1", lang)
        assert not verdict.ok and verdict.kind == "not_now"
        assert catalog(lang)["tutorial.sue.topic"] in verdict.text
        assert all(rule in verdict.text for rule in STEPS[1].rules)


def test_an_action_outside_the_notation_is_refused_and_changes_nothing() -> None:
    lesson = Lesson(0)
    before = lesson.session.version
    verdict = lesson.judge("S sue+2", "en")
    assert (verdict.ok, verdict.kind, verdict.rule) == (False, "notation", None)
    assert lesson.session.version == before


def test_no_step_is_asked_once_the_game_is_over() -> None:
    verdict = Lesson(len(STEPS)).judge("end", "fr")
    assert (verdict.ok, verdict.kind) == (False, "over")


@pytest.mark.parametrize("lang", languages())
def test_every_step_has_its_words_and_cites_rules_it_teaches(lang: str) -> None:
    words = catalog(lang)
    for step in STEPS:
        for part in ("do", "done", "topic"):
            assert words[f"tutorial.{step.key}.{part}"].strip()
    for item in SCRIPT:
        text = words[f"tutorial.{item.key}.done"]
        cited = set(re.findall(r"R\d+", text))
        assert cited <= RULES
    for done in range(len(STEPS) + 1):
        said = Lesson(done).said(lang)
        assert said["done"] and said["do"]


def test_the_words_cite_every_rule_somewhere() -> None:
    cited = set(re.findall(r"R\d+", " ".join(v for k, v in catalog("en").items() if k.startswith("tutorial."))))
    assert cited >= RULES


def test_a_lesson_outside_the_script_is_refused() -> None:
    with pytest.raises(ValueError):
        Lesson(len(STEPS) + 1)
    with pytest.raises(ValueError):
        Lesson(-1)

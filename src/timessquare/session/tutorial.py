"""The "Learn to play" tutorial's game: the script (tutorial_script.py) replayed through the game session, the
one door, so that no second rules path exists. A `Lesson` is the game after the learner's first `done` steps
(and the scripted turn of B that follows, if any); `judge` says whether an action is the one the step asks
for, and if not, why: the engine's own refusal with its rule, or "not now" with the rule the step is about.

It keeps no state between requests: a lesson is rebuilt from the fixed deal each time (a few dozen actions).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..catalog import words
from ..errors import InvalidActionError
from ..record import RECORD_FORMAT
from .game_session import GameSession
from .reasons import reason_words, session_words
from .tutorial_script import DEAL, LEARNER, SCRIPT, STEPS, Reply, Step

# Seat B is scripted: to the session it is a person whose actions the lesson takes.
SEATS = {"A": "you", "B": "person"}


@dataclass(frozen=True)
class Verdict:
    """The answer to one action: `ok`, else `kind` ("illegal", "not_now", "notation" or "over"), the words
    and the rule cited (None for an action outside the notation, or once the game is over)."""

    ok: bool
    kind: str = ""
    text: str = ""
    rule: str | None = None


@dataclass(frozen=True)
class Frame:
    """The public board and the length of the log after one action of B's scripted turn (for playing it out)."""

    figures: dict[str, int]
    log_length: int


class Lesson:
    """The tutorial's game after the learner's first `done` steps (0 to `len(STEPS)`)."""

    def __init__(self, done: int) -> None:
        if not 0 <= done <= len(STEPS):
            raise ValueError(f"the tutorial has steps 0 to {len(STEPS)}, not {done}")
        self.done = done
        record: dict[str, Any] = {"format": RECORD_FORMAT, "players": dict(SEATS), "start": DEAL, "moves": []}
        self.session = GameSession.from_record({**record, "result": None})
        self.reply: Reply | None = None  # B's turn played right after the learner's last step, if one was
        self.frames: list[Frame] = []  # ... and the board before it and after each of its actions
        taken = 0
        for item in SCRIPT:
            if isinstance(item, Step):
                if taken == done:
                    break
                self.session.act(LEARNER, item.action)
                taken += 1
                self.reply, self.frames = None, []
            else:
                self.reply = item
                self.frames = [self._frame()]  # the board as the learner's turn left it (Charlie moved)
                for action in item.actions:
                    self.session.act(1 - LEARNER, action)
                    self.frames.append(self._frame())

    def _frame(self) -> Frame:
        return Frame(dict(self.session.view(None).figures), len(self.session.log))

    @property
    def step(self) -> Step | None:
        """The step the learner is at (None once the script is done)."""
        return STEPS[self.done] if self.done < len(STEPS) else None

    @property
    def previous(self) -> Step | None:
        """The step the learner just took (None at the start)."""
        return STEPS[self.done - 1] if self.done else None

    def judge(self, action: str, lang: str) -> Verdict:
        """Is `action` this step's? If not: the engine's refusal with its rule when the rules forbid it, else
        "not now", naming what this step is about and its rules."""
        step = self.step
        if step is None or self.session.is_over:
            return Verdict(False, "over", words("tutorial.finished", lang))
        try:
            reason = self.session.illegal_reason(LEARNER, action)
        except InvalidActionError:
            return Verdict(False, "notation", session_words("notation", lang))
        if reason is not None:
            return Verdict(False, "illegal", reason_words(reason, lang), reason.rule)
        if action != step.action:
            topic = words(f"tutorial.{step.key}.topic", lang)
            text = words("tutorial.notNow", lang, topic=topic, rules=", ".join(step.rules))
            return Verdict(False, "not_now", text, step.rules[0])
        return Verdict(True)

    def said_keys(self) -> dict[str, str]:
        """The catalog keys of what the tutorial says now (a page may choose a variant of one: `KEY.touch`)."""
        previous, step, reply = self.previous, self.step, self.reply
        return {
            "done": f"tutorial.{previous.key}.done" if previous else "tutorial.intro",
            "reply": f"tutorial.{reply.key}.done" if reply else "",
            "do": f"tutorial.{step.key}.do" if step else "tutorial.end",
        }

    def said(self, lang: str) -> dict[str, str]:
        """What the tutorial says now: what just happened (and why it matters), what B did, what to do next."""
        return {part: words(key, lang) if key else "" for part, key in self.said_keys().items()}

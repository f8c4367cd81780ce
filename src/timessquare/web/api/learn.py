"""The "Learn to play" tutorial over HTTP (`POST /api/learn`, docs/web-protocol.md): the page sends how many
steps the learner has done and, maybe, the action just chosen; the answer is the verdict on it and the
lesson as it stands, in the page's language.

Nothing is stored: the lesson is rebuilt from the fixed deal on each request (session/tutorial.py), so a
tutorial never appears among anyone's games, and only seat A's view leaves the server (B's hand and the
supply's order stay hidden, R10). Rebuilding it takes a few milliseconds of CPU: it runs in a thread, a few at
a time (`app.state.lessons`, a guards.limits.WorkGate; past it `busy`), and each address has a rate of steps
(api/quotas.py), so that tutorials never slow down the games on the event loop.
"""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from ...cards import SEAT_NAMES
from ...catalog import ENGLISH, languages
from ...session.tutorial import Lesson, Verdict
from ...session.tutorial_script import LEARNER, STEPS
from ...state import cards_to_draw
from ..sockets.table import log_documents, over_document
from .requests import bad_request, read_json

MAX_ACTION_CHARS = 40  # the longest action of the notation is far shorter


def lesson_document(lesson: Lesson, lang: str) -> dict[str, Any]:
    """The lesson as the page draws it: the learner's seat, view and legal actions in the fields of the game
    socket's `state` (so one page controller reads both; the step stands for its version), the log, B's
    scripted turn as frames to play out, and what the tutorial says."""
    update = lesson.session.update(LEARNER, lang)
    hand = update.view.hand or ()
    return {
        "step": lesson.done,
        "steps": len(STEPS),
        "rules": list(lesson.step.rules) if lesson.step else [],
        "version": lesson.done,
        "seat": SEAT_NAMES[LEARNER],
        "lang": lang,
        "view": update.view.to_document(),
        "legal": [action.notation for action in update.legal],
        "destinations": [action.destinations for action in update.legal],
        "words": [action.words for action in update.legal],
        "draws_at_end": cards_to_draw(len(hand)),
        "log": log_documents(update),
        "frames": [{"figures": frame.figures, "log": frame.log_length} for frame in lesson.frames],
        "over": over_document(update),
        "say": lesson.said(lang),
        "say_keys": lesson.said_keys(),
    }


def verdict_document(verdict: Verdict | None) -> dict[str, Any] | None:
    if verdict is None or verdict.ok:
        return None
    return {"kind": verdict.kind, "text": verdict.text, "rule": verdict.rule}


async def learn(request: Request) -> Response:
    request.app.state.quotas.check(request, "learn")
    data = await read_json(request, {"step", "action", "lang"})
    step = data.get("step", 0)
    if not isinstance(step, int) or isinstance(step, bool) or not 0 <= step <= len(STEPS):
        raise bad_request(f"step must be a whole number from 0 to {len(STEPS)}")
    lang = data.get("lang", ENGLISH)
    if lang not in languages():
        raise bad_request(f"lang must be one of {', '.join(languages())}")
    action = data.get("action")
    if action is not None and (not isinstance(action, str) or len(action) > MAX_ACTION_CHARS):
        raise bad_request(f"action must be a move of the notation (at most {MAX_ACTION_CHARS} characters)")
    answer = await request.app.state.lessons.run(answer_step, step, action, str(lang))
    return JSONResponse(answer)  # (the API's answers are never cached: security.py)


def answer_step(step: int, action: str | None, lang: str) -> dict[str, Any]:
    lesson = Lesson(step)
    verdict = None if action is None else lesson.judge(action, lang)
    if verdict is not None and verdict.ok:
        lesson = Lesson(step + 1)
    return {"refusal": verdict_document(verdict), "lesson": lesson_document(lesson, lang)}

"""`POST /api/learn`, the tutorial over HTTP: the whole script played through it, each refusal with its kind
and rule, bad input refused with a clear error (nothing changes), nothing stored, and only seat A's view sent
(B's hand and the supply's order never leave the server, R10)."""

from __future__ import annotations

from typing import Any

import pytest
from starlette.testclient import TestClient

from timessquare.session.tutorial_script import RESULT, STEPS
from timessquare.web.api.learn import MAX_ACTION_CHARS


def learn(client: TestClient, **body: Any) -> dict[str, Any]:
    answer = client.post("/api/learn", json=body)
    assert answer.status_code == 200, answer.text
    assert "no-store" in answer.headers["cache-control"]
    data: dict[str, Any] = answer.json()
    return data


def test_the_page_opens(client: TestClient) -> None:
    page = client.get("/learn")
    assert page.status_code == 200 and 'src="/static/js/learn.js"' in page.text
    # the title is switched with the page's language
    assert '<title data-i18n="tutorial.title">Learn to play · Times Square</title>' in page.text
    assert 'href="/learn"' in client.get("/").text and 'href="/learn"' in client.get("/rules").text


def test_the_whole_script_through_the_api_in_french(client: TestClient) -> None:
    lesson = learn(client, step=0, lang="fr")["lesson"]
    assert lesson["step"] == 0 and lesson["steps"] == len(STEPS) and lesson["over"] is None
    for index, step in enumerate(STEPS):
        assert step.action in lesson["legal"]
        answer = learn(client, step=index, action=step.action, lang="fr")
        assert answer["refusal"] is None
        lesson = answer["lesson"]
        assert lesson["step"] == index + 1
    assert lesson["over"]["result"] == RESULT
    assert lesson["legal"] == [] and lesson["rules"] == []
    assert "Partie terminée" in lesson["log"][-1]["text"]


def test_b_s_turn_comes_as_frames_to_play_out(client: TestClient) -> None:
    lesson = learn(client, step=2, action="end")["lesson"]  # the learner's first turn ends: B lures Sue
    frames = lesson["frames"]
    assert len(frames) == 2  # before B's turn, after its lure
    assert frames[0]["figures"]["sue"] == 6 and frames[-1]["figures"] == lesson["view"]["figures"]
    assert frames[-1]["log"] <= len(lesson["log"])
    assert lesson["say"]["reply"]


def test_refusals_say_why_and_change_nothing(client: TestClient) -> None:
    illegal = learn(client, step=1, action="D5 deb-5")  # a red card in a green turn
    assert illegal["refusal"]["kind"] == "illegal" and illegal["refusal"]["rule"].startswith("R5")
    assert illegal["lesson"]["step"] == 1
    not_now = learn(client, step=1, action="S sue+1")
    assert not_now["refusal"]["kind"] == "not_now" and "R3" in not_now["refusal"]["text"]
    outside = learn(client, step=1, action="S sue+7")
    assert outside["refusal"] == {"kind": "notation", "text": outside["refusal"]["text"], "rule": None}
    over = learn(client, step=len(STEPS), action="end")
    assert over["refusal"]["kind"] == "over"


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"step": -1}, "step must be"),
        ({"step": len(STEPS) + 1}, "step must be"),
        ({"step": "3"}, "step must be"),
        ({"step": True}, "step must be"),
        ({"step": 0, "lang": "xx"}, "lang must be"),
        ({"step": 0, "action": 7}, "action must be"),
        ({"step": 0, "action": "S" * (MAX_ACTION_CHARS + 1)}, "action must be"),
        ({"step": 0, "seat": "B"}, "unknown field"),
    ],
)
def test_bad_input_gets_a_clear_error(client: TestClient, body: dict[str, Any], words: str) -> None:
    answer = client.post("/api/learn", json=body)
    assert answer.status_code == 400
    assert answer.json()["error"]["code"] == "bad_request" and words in answer.json()["error"]["message"]


def test_a_body_that_is_not_json_is_refused(client: TestClient) -> None:
    answer = client.post("/api/learn", content=b"step=0", headers={"Content-Type": "application/x-www-form-urlencoded"})
    assert answer.status_code == 415


def test_nothing_of_b_s_hand_or_the_supply_is_sent(client: TestClient) -> None:
    lesson = learn(client, step=3)["lesson"]
    view = lesson["view"]
    assert view["seat"] == "A" and view["opponent_hand_size"] == 8
    assert "hands" not in view and "supply" not in view
    assert sorted(view["hand"]) == view["hand"]
    text = str(lesson)
    assert "supply': [" not in text and "'B': [" not in text
    assert set(lesson) >= {"view", "legal", "log", "frames", "say"}


def test_a_tutorial_is_never_stored_as_a_game(client: TestClient) -> None:
    for index, step in enumerate(STEPS):
        learn(client, step=index, action=step.action)
    for status in ("live", "finished"):
        assert client.get(f"/api/games?status={status}").json()["games"] == []

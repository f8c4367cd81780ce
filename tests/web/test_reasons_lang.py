"""An illegal attempt explained in the joined language: the `explain` answer and the `illegal` error say the
rule in English or in French (the game session's words), with the same `rule`."""

from __future__ import annotations

from conftest import Seat, new_game
from starlette.testclient import TestClient

from timessquare.actions import ACTIONS


def movers(client: TestClient) -> tuple[Seat, Seat]:
    """The seat to move of a new friend game, joined in English and again in French."""
    game = new_game(client, mode="friend", seat="A")
    mine = Seat(client, game["id"], game["token"])
    token = game["token"] if mine.state["legal"] else game["invite_token"]
    return Seat(client, game["id"], token), Seat(client, game["id"], token, lang="fr")


def explain(seat: Seat, action: str) -> dict[str, object]:
    seat.send({"v": 1, "type": "explain", "action": action})
    return seat.until(lambda m: m["type"] == "explain")


def test_explain_answers_in_the_joined_language(client: TestClient) -> None:
    english, french = movers(client)
    in_english, in_french = explain(english, "end"), explain(french, "end")
    assert in_english["reason"] == "a turn cannot end before a card is played or discarded (R5.4)"
    assert in_french["reason"] == "un tour ne peut pas finir avant qu'une carte soit jouée ou défaussée (R5.4)"
    assert in_english["rule"] == in_french["rule"] == "R5.4"
    unknown = explain(french, "S sue+9")
    assert (unknown["legal"], unknown["rule"]) == (False, None)
    assert unknown["reason"] == "ce n'est pas un coup de la notation"
    assert explain(english, "S sue+9")["reason"] == "not a move of the notation"
    assert explain(french, english.state["legal"][0])["legal"] is True


def test_an_illegal_action_is_refused_in_the_joined_language(client: TestClient) -> None:
    english, french = movers(client)
    legal = set(english.state["legal"])
    for action in [a.notation for a in ACTIONS if a.notation not in legal][:30]:
        in_english, in_french = english.act(action), french.act(action)
        assert in_english["code"] == in_french["code"] == "illegal"
        assert in_english["rule"] == in_french["rule"] and in_english["rule"] in in_french["message"]
        assert in_english["message"] != in_french["message"]
        assert in_english["message"] == explain(english, action)["reason"]
        assert in_french["message"] == explain(french, action)["reason"]
    assert english.state["version"] == french.state["version"] == 0  # nothing happened

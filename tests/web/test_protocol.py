"""The protocol of docs/web-protocol.md under the ASGI test client: the HTTP API, the game socket's
messages and refusals, security headers."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from conftest import Seat, new_game
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect


def play_until_over(seats: dict[str, Seat]) -> None:
    """Both seats play their first legal action until the game ends (each socket reads every state)."""
    while True:
        state = next(iter(seats.values())).state
        if state["over"]:
            return
        mover = seats[state["view"]["to_move"]]
        assert mover.state["legal"], mover.state
        mover.act(mover.state["legal"][0])
        for seat in seats.values():
            if seat is not mover:
                seat.until_state()


def friend_game(client: TestClient, seat: str = "A") -> tuple[dict[str, Any], Seat, Seat]:
    game = new_game(client, mode="friend", seat=seat)
    mine = Seat(client, game["id"], game["token"])
    theirs = Seat(client, game["id"], game["invite_token"])
    return game, mine, theirs


# ---------------------------------------------------------------------------- HTTP


def test_health_names_the_database(client: TestClient) -> None:
    assert client.get("/healthz").json() == {"ok": True, "database": "sqlite"}


def test_every_response_carries_the_security_headers(client: TestClient) -> None:
    for response in (client.get("/healthz"), client.get("/api/games"), client.get("/no/such/page")):
        csp = response.headers["content-security-policy"]
        assert "script-src 'self'" in csp and "unsafe-inline" not in csp and "frame-ancestors 'none'" in csp
        assert response.headers["x-content-type-options"] == "nosniff"
        assert response.headers["referrer-policy"] == "no-referrer"
    assert client.get("/api/games").headers["cache-control"] == "no-store"


def test_creating_games(client: TestClient) -> None:
    computer = new_game(client, mode="computer", level="easy", seat="B")
    assert computer["seat"] == "B" and computer["invite"] is None
    assert computer["url"] == f"/game/{computer['id']}#t={computer['token']}"
    friend = new_game(client, mode="friend", seat="random")
    assert friend["seat"] in ("A", "B") and friend["invite_token"] != friend["token"]
    assert len(friend["id"]) == 11 and len(friend["token"]) >= 40


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({"mode": "chess"}, 400, "bad_request"),
        ({"mode": "computer", "level": "grandmaster"}, 400, "bad_request"),
        ({"mode": "computer", "seat": "C"}, 400, "bad_request"),
        ({"mode": "friend", "level": "easy"}, 400, "bad_request"),
        ({"mode": "friend", "colour": "red"}, 400, "bad_request"),
        ([1, 2], 400, "bad_request"),
        ({"mode": "friend", "seat": "A", "pad": "x" * 20_000}, 413, "too_large"),
    ],
)
def test_bad_requests_get_a_clear_error(client: TestClient, body: Any, status: int, code: str) -> None:
    response = client.post("/api/games", json=body)
    assert response.status_code == status
    error = response.json()["error"]
    assert error["code"] == code and error["message"] and "Traceback" not in response.text


def test_not_json_is_refused(client: TestClient) -> None:
    response = client.post("/api/games", content=b"{mode: friend", headers={"content-type": "application/json"})
    assert response.status_code == 400 and response.json()["error"]["code"] == "bad_request"


def test_new_games_are_rate_limited_per_address(make_client: Callable[..., TestClient]) -> None:
    client = make_client(create_per_minute=8)  # bursts of 2
    codes = [client.post("/api/games", json={"mode": "friend"}).status_code for _ in range(4)]
    assert codes[:2] == [201, 201] and 429 in codes[2:]


def test_my_games_and_the_lists(client: TestClient) -> None:
    a = new_game(client, mode="friend", seat="A")
    b = new_game(client, mode="computer", level="medium", seat="A")
    tokens = [a["invite_token"], b["token"], "forged-token-xxxxxxxxxxx", 5]
    mine = client.post("/api/games/mine", json={"tokens": tokens})
    found = {g["id"]: g for g in mine.json()["games"]}
    assert set(found) == {a["id"], b["id"]}
    assert found[a["id"]]["seat"] == "B" and found[b["id"]]["seat"] == "A"
    assert found[b["id"]]["players"] == {"A": "you", "B": "medium"}
    live = client.get("/api/games?status=live&limit=5").json()["games"]
    assert {g["id"] for g in live} == {a["id"], b["id"]} and all(g["seat"] is None for g in live)
    assert client.get("/api/games?status=finished").json() == {"games": []}
    assert client.get("/api/games?status=all").status_code == 400
    assert client.get("/api/games?limit=0").status_code == 400
    assert client.get("/api/games?limit=x").status_code == 400
    assert client.post("/api/games/mine", json={"tokens": "abc"}).status_code == 400


def test_the_record_only_after_the_end_then_a_rematch(client: TestClient) -> None:
    game, mine, theirs = friend_game(client, "A")
    assert client.get(f"/api/games/{game['id']}/record").status_code == 409
    assert client.post(f"/api/games/{game['id']}/rematch", json={"token": game["token"]}).status_code == 409
    play_until_over({"A": mine, "B": theirs})
    record = client.get(f"/api/games/{game['id']}/record")
    assert record.status_code == 200 and record.json()["format"] == "times-square/game/1"
    assert record.json()["result"] == mine.state["over"]["result"]
    download = client.get(f"/api/games/{game['id']}/record?download=1")
    assert download.headers["content-disposition"] == f'attachment; filename="times-square-{game["id"]}.json"'
    assert client.get("/api/games/nosuchgame0/record").status_code == 404
    # Both ask for a rematch: one new game, seats swapped, each with a working token of their own.
    first = client.post(f"/api/games/{game['id']}/rematch", json={"token": game["token"]}).json()
    assert mine.until_state()["rematch"] == first["id"]  # the old game's sockets hear of it
    second = client.post(f"/api/games/{game['id']}/rematch", json={"token": game["invite_token"]}).json()
    again = client.post(f"/api/games/{game['id']}/rematch", json={"token": game["token"]}).json()
    assert first["id"] == second["id"] == again["id"] and first["token"] == again["token"]
    assert (first["seat"], second["seat"]) == ("B", "A") and first["invite"] is None
    assert Seat(client, first["id"], first["token"]).state["seat"] == "B"
    assert Seat(client, first["id"], second["token"]).state["seat"] == "A"
    forged = client.post(f"/api/games/{game['id']}/rematch", json={"token": "x" * 43})
    assert forged.status_code == 403


def test_pages_with_a_bad_game_id_are_not_found(client: TestClient) -> None:
    assert client.get("/game/../../etc/passwd").status_code == 404
    assert client.get("/game/short").status_code == 404


# ---------------------------------------------------------------------------- sockets


def test_join_as_a_player_and_as_a_spectator(client: TestClient) -> None:
    game, mine, theirs = friend_game(client, "A")
    state = mine.state
    assert state["seat"] == "A" and state["version"] == 0 and state["view"]["seat"] == "A"
    assert state["players"] == {"A": "you", "B": "friend"} and state["over"] is None
    assert len(state["view"]["hand"]) == 8 and state["view"]["opponent_hand_size"] == 8
    to_move = state["view"]["to_move"]
    movers = {"A": mine, "B": theirs}
    assert movers[to_move].state["legal"] and movers["B" if to_move == "A" else "A"].state["legal"] == []
    watcher = Seat(client, game["id"], None)
    assert watcher.state["seat"] is None and watcher.state["view"]["hand"] is None
    assert watcher.state["view"]["hand_sizes"] == {"A": 8, "B": 8} and watcher.state["legal"] == []
    watcher.send({"v": 1, "type": "resign"})
    assert watcher.receive()["code"] == "forbidden"
    watcher.send({"v": 1, "type": "action", "version": 0, "action": "end"})
    assert watcher.receive()["code"] == "forbidden"


def test_a_wrong_token_is_forbidden_and_the_socket_may_join_again(client: TestClient) -> None:
    game = new_game(client, mode="friend")
    seat = Seat(client, game["id"], None)
    seat.send({"v": 1, "type": "join", "token": "A" * 43, "lang": "en"})
    assert seat.receive()["code"] == "forbidden"
    other = new_game(client, mode="friend")
    seat.send({"v": 1, "type": "join", "token": other["token"], "lang": "en"})  # a token of another game
    assert seat.receive()["code"] == "forbidden"
    seat.send({"v": 1, "type": "join", "token": game["token"], "lang": "en"})
    assert seat.until_state()["seat"] == game["seat"]


def test_an_unknown_game_is_not_found_and_the_socket_closed(client: TestClient) -> None:
    with client.websocket_connect("/ws/games/nosuchgame0") as socket:
        socket.send_json({"v": 1, "type": "join", "token": None})
        assert socket.receive_json()["code"] == "not_found"
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
        assert closed.value.code == 4404


def test_refusals_change_nothing(client: TestClient) -> None:
    _game, mine, theirs = friend_game(client, "A")
    mover, waiter = (mine, theirs) if mine.state["legal"] else (theirs, mine)
    version = mover.state["version"]
    assert waiter.act("end")["code"] == "not_your_turn"
    assert mover.act("end")["code"] == "illegal"  # nothing played yet (R5.4)
    error = mover.act("S sue+7")
    assert error["code"] == "bad_message" and "notation" in error["message"]
    stale = mover.act(mover.state["legal"][0], version=version + 5)
    assert stale["code"] == "stale"
    assert mover.receive()["type"] == "state" and mover.state["version"] == version
    mover.send({"v": 1, "type": "explain", "action": "end"})
    explained = mover.receive()
    assert explained["legal"] is False and explained["rule"] == "R5.4" and "R5.4" in explained["reason"]
    mover.send({"v": 1, "type": "explain", "action": mover.state["legal"][0]})
    assert mover.receive()["legal"] is True
    # Nothing of it reached the other player, and the game is where it was.
    waiter.send({"v": 1, "type": "ping"})
    assert waiter.receive() == {"v": 1, "type": "pong", "_raw": '{"v":1,"type":"pong"}'}
    assert mover.act(mover.state["legal"][0])["version"] == version + 1


def test_an_illegal_action_names_its_rule(client: TestClient) -> None:
    _game, mine, theirs = friend_game(client, "A")
    mover = mine if mine.state["legal"] else theirs
    legal = set(mover.state["legal"])
    from timessquare.actions import ACTIONS

    illegal = next(a.notation for a in ACTIONS if a.notation not in legal and a.notation != "end")
    error = mover.act(illegal)
    assert error["code"] == "illegal" and error["rule"] and error["rule"].startswith("R")


def test_messages_before_join_and_malformed_ones(client: TestClient) -> None:
    game = new_game(client, mode="friend")
    with client.websocket_connect(f"/ws/games/{game['id']}") as socket:
        socket.send_json({"v": 1, "type": "hint"})
        assert socket.receive_json()["code"] == "bad_message"
        socket.send_json({"v": 1, "type": "ping"})
        assert socket.receive_json()["type"] == "pong"
        for bad in ("nope", "[]", '{"v": 2, "type": "ping"}', '{"v": 1, "type": "join"}', "x" * 5000):
            socket.send_text(bad)
            answer = socket.receive_json()
            assert answer["code"] == "bad_message" and answer["message"]
        socket.send_bytes(b'{"v": 1, "type": "ping"}')
        assert socket.receive_json()["code"] == "bad_message"


def test_resign_ends_the_game_for_everyone(client: TestClient) -> None:
    game, mine, theirs = friend_game(client, "A")
    watcher = Seat(client, game["id"], None)
    theirs.send({"v": 1, "type": "resign"})
    final = theirs.until_state()
    assert final["over"]["result"] == "A" and "resigned" in final["over"]["reason"]
    assert mine.until_state()["over"] == final["over"] and watcher.until_state()["over"] == final["over"]
    assert mine.act("end")["code"] == "game_over"
    theirs.send({"v": 1, "type": "resign"})
    assert theirs.receive()["code"] == "game_over"
    record = client.get(f"/api/games/{game['id']}/record").json()
    assert record["forfeit"] == {"seat": "B", "reason": "resigned"} and record["result"] == "A"
    assert client.get("/api/games?status=finished").json()["games"][0]["id"] == game["id"]


def test_a_hint_for_the_seat_to_move_only(client: TestClient) -> None:
    _game, mine, theirs = friend_game(client, "A")
    mover, waiter = (mine, theirs) if mine.state["legal"] else (theirs, mine)
    waiter.send({"v": 1, "type": "hint"})
    assert waiter.receive()["code"] == "not_your_turn"
    mover.send({"v": 1, "type": "hint"})
    hint = mover.until(lambda m: m["type"] == "hint")
    assert hint["action"] in mover.state["legal"] and hint["turn"][0] == hint["action"]
    assert 0 <= hint["win_probability"] <= 1 and hint["version"] == mover.state["version"]


def test_the_computer_plays_its_turns_and_says_it_is_thinking(client: TestClient) -> None:
    game = new_game(client, mode="computer", level="medium", seat="B")
    me = Seat(client, game["id"], game["token"])
    assert me.state["players"] == {"A": "medium", "B": "you"}
    # The computer (A) moves first when it holds Hal; either way, wait for my turn.
    while not me.state["legal"]:
        me.until_state()
    assert me.state["view"]["to_move"] == "B" and me.state["thinking"] is None
    turn = [me.state["legal"][0]]
    me.act(turn[0])
    while "end" not in me.state["legal"] or me.state["view"]["turn"]["mode"] == "start":
        me.act(me.state["legal"][0])
    me.act("end")
    seen = [me.until_state()]
    while seen[-1]["view"]["to_move"] != "B" and not seen[-1]["over"]:
        seen.append(me.until_state())
    assert any(s["thinking"] == "A" for s in seen[:-1])
    assert seen[-1]["thinking"] is None
    assert all(s["legal"] == [] for s in seen[:-1])


def test_a_flooding_socket_is_limited_then_closed(make_client: Callable[..., TestClient]) -> None:
    client = make_client(socket_rate=5, socket_burst=5)
    game = new_game(client, mode="friend")
    with client.websocket_connect(f"/ws/games/{game['id']}") as socket:
        for _ in range(5):
            socket.send_json({"v": 1, "type": "ping"})
            assert socket.receive_json()["type"] == "pong"
        codes = []
        with pytest.raises(WebSocketDisconnect) as closed:
            for _ in range(400):
                socket.send_json({"v": 1, "type": "ping"})
            while True:
                codes.append(socket.receive_json().get("code"))
        assert "rate_limited" in codes and closed.value.code == 1008


def test_the_log_and_the_ending_in_the_joined_language(client: TestClient) -> None:
    game, mine, theirs = friend_game(client, "A")
    french = Seat(client, game["id"], None, lang="fr")
    mover = mine if mine.state["legal"] else theirs
    mover.act(next(a for a in mover.state["legal"] if not a.startswith(("lure", "discard"))))
    mover.act("end")
    english_log, french_log = mover.state["log"], french.until(lambda m: m.get("version") == mover.state["version"])
    assert len(english_log) == len(french_log["log"]) >= 3
    assert [e["notation"] for e in english_log] == [e["notation"] for e in french_log["log"]]
    assert english_log[-1]["text"].endswith("to move") and french_log["log"][-1]["text"].startswith("À ")
    theirs.send({"v": 1, "type": "resign"})
    final = french.until(lambda m: m.get("type") == "state" and m["over"] is not None)
    assert final["over"]["result"] == "A" and "forfait" in final["over"]["reason"]
    assert mine.until(lambda m: m.get("type") == "state" and m["over"] is not None)["over"]["reason"] == (
        "B forfeited: resigned"
    )

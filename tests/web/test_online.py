"""Online play through the HTTP API and the sockets (docs/web-protocol.md, "Online play"): accounts, the lobby,
clocks on an injected time, ratings, and who may do what."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from conftest import Seat
from online_helpers import FakeClock, Person, each_plays_a_turn, sweep
from starlette.testclient import TestClient, WebSocketDenialResponse
from test_protocol import play_until_over

from timessquare.web.online.glicko2 import Rating, rate_game


def challenge_and_accept(
    client: TestClient, alice: Person, bob: Person, control: str, rated: bool = True
) -> dict[str, Any]:
    posted = alice.post("/api/lobby", {"control": control, "rated": rated})
    assert posted.status_code == 201, posted.text
    challenge = posted.json()["challenge"]
    listed = bob.get("/api/lobby").json()
    assert [c["id"] for c in listed["challenges"]] == [challenge["id"]]
    assert listed["challenges"][0]["by"] == alice.name
    accepted = bob.post(f"/api/lobby/{challenge['id']}/accept")
    assert accepted.status_code == 201, accepted.text
    game: dict[str, Any] = accepted.json()
    assert bob.get("/api/lobby").json()["challenges"] == []
    alices = alice.get(f"/api/games/{game['id']}/seat").json()
    assert alices["seat"] != game["seat"]
    game["seats"] = {game["seat"]: (bob, game["token"]), alices["seat"]: (alice, alices["token"])}
    return game


def seats_of(client: TestClient, game: dict[str, Any]) -> dict[str, Seat]:
    return {seat: Seat(client, game["id"], token) for seat, (_, token) in game["seats"].items()}


def loses_by_resigning(client: TestClient, loser: Person, winner: Person) -> None:
    """A rated game of the two (the loser challenges): each takes a turn (so it is rated, R11.5), then the
    loser resigns."""
    game = challenge_and_accept(client, loser, winner, "10+5")
    seats = seats_of(client, game)
    each_plays_a_turn(seats)
    losers = next(seat for seat, (person, _) in game["seats"].items() if person is loser)
    seats[losers].send({"v": 1, "type": "resign"})
    seats[losers].until(lambda m: m["type"] == "state" and m["over"])
    for seat in seats.values():
        seat.close()


# ------------------------------------------------------------------------------------------------ accounts


def test_sign_up_log_out_and_the_old_cookie_is_refused(online: TestClient) -> None:
    response = online.post("/api/accounts", json={"name": "Alice", "password": "correct horse"})
    assert response.status_code == 201
    assert response.json()["account"] == {
        "name": "Alice",
        "bot": False,
        "rating": 1500,
        "deviation": 350,
        "provisional": True,
        "games": 0,
    }
    cookie = response.headers["set-cookie"]
    assert "HttpOnly" in cookie and "SameSite=lax" in cookie and "Path=/" in cookie and "Secure" not in cookie
    token = response.cookies["ts_login"]
    assert online.get("/api/session").json()["account"]["name"] == "Alice"
    assert online.delete("/api/session").status_code == 204
    online.cookies.set("ts_login", token)  # someone kept the cookie
    assert online.get("/api/session").json() == {"account": None}
    assert online.post("/api/lobby", json={"control": "5+3"}).json()["error"]["code"] == "not_logged_in"
    again = online.post("/api/session", json={"name": "alice", "password": "correct horse"})  # any case
    assert again.status_code == 200 and again.json()["account"]["name"] == "Alice"


def test_the_cookie_is_secure_behind_tls(make_client: Callable[..., TestClient]) -> None:
    client = make_client()
    client.base_url = client.base_url.copy_with(scheme="https")
    response = client.post("/api/accounts", json={"name": "Tls", "password": "correct horse"})
    assert "Secure" in response.headers["set-cookie"]


def test_unknown_name_and_wrong_password_get_the_same_answer(online: TestClient) -> None:
    Person(online, "Alice")
    online.cookies.clear()
    unknown = online.post("/api/session", json={"name": "Nobody", "password": "a long password"})
    wrong = online.post("/api/session", json={"name": "Alice", "password": "not the password"})
    assert (
        (unknown.status_code, unknown.json())
        == (wrong.status_code, wrong.json())
        == (
            401,
            {"error": {"code": "bad_login", "message": "that name and password do not match an account"}},
        )
    )
    assert "set-cookie" not in wrong.headers


def test_log_in_and_sign_up_are_rate_limited(make_client: Callable[..., TestClient]) -> None:
    client = make_client(login_tries_per_minute=4)  # a burst of 2
    codes = [
        client.post("/api/session", json={"name": "Alice", "password": f"guess {i:04}"}).status_code for i in range(4)
    ]
    assert codes == [401, 401, 429, 429]
    assert client.post("/api/accounts", json={"name": "Other", "password": "a long password"}).status_code == 429


@pytest.mark.parametrize(
    ("name", "status"),
    [
        ("<script>alert(1)</script>", 400),
        ("ab", 400),
        ("9lives", 400),
        ("x" * 21, 400),
        ("Friend", 400),
        ("Admin", 400),
        ("Zoë", 400),
        ("alice", 409),
        ("A1ice", 409),
        ("a_lice", 409),
        ("ALlCE", 409),
    ],
)
def test_names_are_checked_and_look_alikes_refused(online: TestClient, name: str, status: int) -> None:
    Person(online, "Alice")
    online.cookies.clear()
    response = online.post("/api/accounts", json={"name": name, "password": "a long password"})
    assert response.status_code == status, response.text
    assert "<script>" not in response.text


def test_cross_site_requests_are_refused(online: TestClient) -> None:
    alice = Person(online, "Alice")
    client = alice.use()
    evil = client.post("/api/lobby", json={"control": "5+3"}, headers={"Origin": "https://evil.example"})
    assert (evil.status_code, evil.json()["error"]["code"]) == (403, "cross_site")
    fetch = client.post("/api/lobby", json={"control": "5+3"}, headers={"Sec-Fetch-Site": "cross-site"})
    assert fetch.status_code == 403
    form = client.post(
        "/api/lobby", content=b"control=5%2B3", headers={"Content-Type": "application/x-www-form-urlencoded"}
    )
    assert form.status_code == 415
    assert form.json()["error"]["code"] == "unsupported_media_type"  # read_json's answer, the API's one
    with (
        pytest.raises(WebSocketDenialResponse) as denied,
        client.websocket_connect("/ws/lobby", headers={"Origin": "https://evil.example"}),
    ):
        pass
    assert denied.value.status_code == 403
    ours = client.post("/api/lobby", json={"control": "5+3"}, headers={"Origin": "http://testserver"})
    assert ours.status_code == 201
    assert client.get("/api/lobby").json()["challenges"][0]["by"] == "Alice"


def test_change_password_and_delete_keep_the_games_under_a_neutral_name(online: TestClient) -> None:
    alice, bob = Person(online, "Alice"), Person(online, "Bob")
    game = challenge_and_accept(online, alice, bob, "10+5", rated=False)
    assert alice.post("/api/account/password", {"password": "wrong one!", "new_password": "x" * 12}).status_code == 403
    changed = alice.post("/api/account/password", {"password": "a long password", "new_password": "another password"})
    assert changed.status_code == 200
    alice.cookie = changed.cookies["ts_login"]
    online.cookies.clear()
    assert online.post("/api/session", json={"name": "Alice", "password": "a long password"}).status_code == 401
    alice.use()
    gone = online.request("DELETE", "/api/account", json={"password": "another password"})
    assert gone.status_code == 204
    assert online.get("/api/players/Alice").status_code == 404
    assert online.get(f"/api/games/{game['id']}/record").status_code == 409  # still there, still running
    recent = bob.get("/api/players/Bob").json()["recent"]
    assert [(g["id"], g["opponent"]) for g in recent] == [(game["id"], "deleted-1")]  # a neutral name


def test_an_anonymous_seat_is_taken_into_an_account(online: TestClient) -> None:
    online.cookies.clear()
    made = online.post("/api/games", json={"mode": "computer", "level": "easy"}).json()
    alice = Person(online, "Alice")
    taken = alice.post(f"/api/games/{made['id']}/take", {"token": made["token"]})
    assert taken.status_code == 200, taken.text
    assert taken.json()["seat"] == made["seat"] and taken.json()["token"] != made["token"]
    assert alice.get(f"/api/games/{made['id']}/seat").json()["token"] == taken.json()["token"]
    assert [g["id"] for g in alice.get("/api/players/Alice").json()["recent"]] == [made["id"]]
    bob = Person(online, "Bob")
    assert bob.post(f"/api/games/{made['id']}/take", {"token": made["token"]}).status_code == 403  # old link is dead


# ------------------------------------------------------------------------------- a rated game to the end


def test_a_rated_game_moves_both_ratings_by_glicko2(online: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("timessquare.web.online.accounts.DISTINCT_OPPONENTS", 1)  # one game puts them on the board
    alice, bob = Person(online, "Alice"), Person(online, "Bob")
    game = challenge_and_accept(online, alice, bob, "10+5")
    seats = seats_of(online, game)
    assert seats["A"].state["online"]["clock"]["control"] == "10+5"
    names = {s: a["name"] for s, a in seats["A"].state["online"]["accounts"].items()}
    assert names == {s: p.name for s, (p, _) in game["seats"].items()}
    play_until_over(seats)
    result = seats["A"].state["over"]["result"]
    score_a = {"A": 1.0, "B": 0.0, "draw": 0.5}[result]
    expect_a, expect_b = rate_game(Rating(), Rating(), score_a)
    player_a, player_b = (game["seats"][s][0] for s in "AB")
    for person, expected in ((player_a, expect_a), (player_b, expect_b)):
        page = online.get(f"/api/players/{person.name}").json()
        assert (page["rating"], page["deviation"], page["games"]) == (
            round(expected.rating),
            round(expected.deviation),
            1,
        )
        assert [h["game"] for h in page["history"]] == [game["id"]]
        assert page["recent"][0]["replay"] == f"/replay/{game['id']}"
    board = online.get("/api/players").json()["players"]
    assert {p["name"] for p in board} == {"Alice", "Bob"}
    assert board[0]["rating"] >= board[1]["rating"]


def test_someone_else_cannot_act_in_an_account_game_and_hints_are_off(online: TestClient) -> None:
    alice, bob, carol = Person(online, "Alice"), Person(online, "Bob"), Person(online, "Carol")
    game = challenge_and_accept(online, alice, bob, "5+3")
    assert carol.get(f"/api/games/{game['id']}/seat").json() == {"seat": None}
    online.cookies.clear()
    assert online.get(f"/api/games/{game['id']}/seat").json() == {"seat": None}
    assert carol.post(f"/api/games/{game['id']}/claim").status_code == 403
    watcher = Seat(online, game["id"], None)
    watcher.send({"v": 1, "type": "action", "version": watcher.state["version"], "action": "end"})
    assert watcher.receive()["code"] == "forbidden"
    seats = seats_of(online, game)
    mover = seats[seats["A"].state["view"]["to_move"]]
    mover.send({"v": 1, "type": "hint"})
    assert mover.until(lambda m: m["type"] == "error")["code"] == "forbidden"


def test_a_named_challenge_is_seen_and_taken_only_by_its_player(online: TestClient) -> None:
    alice, bob, carol = Person(online, "Alice"), Person(online, "Bob"), Person(online, "Carol")
    posted = alice.post("/api/lobby", {"control": "3d", "to": "bob"}).json()["challenge"]
    assert carol.get("/api/lobby").json()["challenges"] == []
    assert carol.post(f"/api/lobby/{posted['id']}/accept").status_code == 403
    assert bob.get("/api/lobby").json()["challenges"][0]["to"] == "Bob"
    assert bob.post(f"/api/lobby/{posted['id']}/accept").status_code == 201


def test_quick_pairing_and_the_lobby_socket(online: TestClient) -> None:
    alice, bob = Person(online, "Alice"), Person(online, "Bob")
    alice.use()
    with online.websocket_connect("/ws/lobby") as socket:
        assert socket.receive_json()["challenges"] == []
        waiting = online.post("/api/lobby/quick", json={"control": "5+3"})
        assert waiting.status_code == 202
        assert socket.receive_json()["challenges"][0]["quick"] is True
        assert bob.get("/api/lobby").json()["challenges"] == []  # a seek is not listed to others
        assert bob.post("/api/lobby/quick", {"control": "3+2"}).status_code == 202  # nobody at 3+2: Bob waits
        paired = bob.post("/api/lobby/quick", {"control": "5+3"})
        assert paired.status_code == 201
        started = socket.receive_json()
        while started["type"] != "started":
            started = socket.receive_json()
        assert started["id"] == paired.json()["id"] and started["seat"] != paired.json()["seat"]
        assert bob.get("/api/lobby").json()["challenges"] == []  # his 3+2 seek ended with the game


def _after_the_lobby(socket: Any) -> list[dict[str, Any]]:
    """What a new lobby socket says besides the lobby, up to the answer to a keep-alive sent at once."""
    socket.send_json({"v": 1, "type": "ping"})
    said = []
    while (message := socket.receive_json())["type"] != "pong":
        said.append(message)
    return [m for m in said if m["type"] != "lobby"]


def test_a_lobby_socket_opened_again_hears_of_the_game_that_started_between_two_sockets(online: TestClient) -> None:
    alice, bob = Person(online, "Alice"), Person(online, "Bob")
    alice.use()
    with online.websocket_connect("/ws/lobby") as socket:
        heard_at = socket.receive_json()["at"]
    assert online.post("/api/lobby/quick", json={"control": "5+3"}).status_code == 202
    paired = bob.post("/api/lobby/quick", {"control": "5+3"}).json()  # while no socket of Alice's listens
    alice.use()
    with online.websocket_connect("/ws/lobby") as first:  # a page's first socket: nothing to catch up on
        assert _after_the_lobby(first) == []
    with online.websocket_connect("/ws/lobby?since=soon") as junk:  # a `since` that is no time: as the first
        assert _after_the_lobby(junk) == []
    with online.websocket_connect(f"/ws/lobby?since={heard_at}") as again:
        [started] = _after_the_lobby(again)
    assert started["type"] == "started" and started["id"] == paired["id"] and started["seat"] != paired["seat"]
    assert online.get(started["url"]).status_code == 200
    with online.websocket_connect("/ws/lobby") as socket:
        later = socket.receive_json()["at"] + 5_000  # heard after the game started (and past the clocks' slack)
    with online.websocket_connect(f"/ws/lobby?since={later}") as again:
        assert _after_the_lobby(again) == []
    bob.use()  # the other seat's page, had it missed it, would hear of it too
    with online.websocket_connect(f"/ws/lobby?since={heard_at}") as his:
        assert [m["seat"] for m in _after_the_lobby(his)] == [paired["seat"]]


def test_the_computer_levels_are_in_the_lobby_and_rated(online: TestClient) -> None:
    alice = Person(online, "Alice")
    levels = online.get("/api/lobby").json()["computer"]
    assert [(c["level"], c["rating"]) for c in levels] == [
        ("easy", 1100),
        ("medium", 1567),
        ("hard", 1686),
        ("expert", 1745),
    ]
    game = alice.post("/api/lobby/computer", {"level": "easy"}).json()
    seat = Seat(online, game["id"], game["token"])
    assert seat.state["online"]["clock"]["control"] == "1d"  # a rated game against the computer has a clock
    play_until_both_moved(seat)
    seat.send({"v": 1, "type": "resign"})
    seat.until(lambda m: m["type"] == "state" and m["over"])
    page = alice.get("/api/players/Alice").json()
    expected = rate_game(Rating(), Rating(1100, 60), 0.0)[0]
    assert (page["rating"], page["games"]) == (round(expected.rating), 1)
    assert page["recent"][0]["opponent"] == "easy"
    shopped = alice.post("/api/lobby/computer", {"level": "easy"}).json()
    seat = Seat(online, shopped["id"], shopped["token"])
    seat.send({"v": 1, "type": "abort"})  # a deal she does not like: no abort against the computer (R11.5)
    assert seat.until(lambda m: m["type"] == "error")["code"] == "forbidden"
    seat.send({"v": 1, "type": "resign"})
    seat.until(lambda m: m["type"] == "state" and m["over"])
    again = alice.get("/api/players/Alice").json()
    assert again["games"] == 2 and again["rating"] < page["rating"]  # resigned before moving: rated all the same


def play_until_both_moved(seat: Seat) -> None:
    """The person plays whole turns against the computer until each side has finished one."""
    mine = theirs = 0
    waiting = not seat.state["legal"]
    while not (mine and theirs):
        legal = seat.state["legal"]
        if not legal:
            seat.until_state()
            continue
        if waiting:
            theirs, waiting = theirs + 1, False
        seat.act("end" if "end" in legal else legal[0])
        if not seat.state["legal"]:
            mine, waiting = mine + 1, True


# ---------------------------------------------------------------------------------------------- clocks


def test_a_turn_costs_what_the_server_saw_and_running_out_loses(online: TestClient, clock: FakeClock) -> None:
    alice, bob = Person(online, "Alice"), Person(online, "Bob")
    game = challenge_and_accept(online, alice, bob, "5+3")
    seats = seats_of(online, game)
    first = seats["A"].state["view"]["to_move"]
    other = "B" if first == "A" else "A"
    mover = seats[first]
    clock.advance(seconds=10)
    while mover.state["view"]["to_move"] == first:
        mover.act(mover.state["legal"][0])
    left = mover.state["online"]["clock"]["left_ms"]
    assert left == {first: 300_000 - 10_000 + 3_000, other: 300_000}
    assert mover.state["online"]["clock"]["running"] == other
    clock.advance(seconds=299)
    assert sweep(online) == 0
    clock.advance(seconds=1)
    assert sweep(online) == 1
    over = seats[first].until(lambda m: m["type"] == "state" and m["over"])["over"]
    assert over["result"] == first and "ran out of time" in over["reason"]


def test_a_move_after_the_deadline_is_a_loss_on_time(online: TestClient, clock: FakeClock) -> None:
    alice, bob = Person(online, "Alice"), Person(online, "Bob")
    game = challenge_and_accept(online, alice, bob, "1+0")
    seats = seats_of(online, game)
    mover = seats[seats["A"].state["view"]["to_move"]]
    clock.advance(seconds=61)
    state = mover.act(mover.state["legal"][0])
    assert state["over"]["result"] != mover.state["seat"] and "ran out of time" in state["over"]["reason"]


def test_a_correspondence_deadline_passes_across_a_restart(
    make_client: Callable[..., TestClient], sqlite_url: str, clock: FakeClock
) -> None:
    first = make_client(now=clock, login_tries_per_minute=1000)
    alice, bob = Person(first, "Alice"), Person(first, "Bob")
    game = challenge_and_accept(first, alice, bob, "1d")
    first.__exit__(None, None, None)  # the server stops
    clock.advance(days=1, seconds=1)
    second = make_client(now=clock)  # ... and starts again on the same database
    assert sweep(second) == 1
    seat = Seat(second, game["id"], None)
    assert seat.state["over"] is not None and "ran out of time" in seat.state["over"]["reason"]
    assert second.get("/api/players/Alice").json()["games"] == 0  # nobody moved: aborted, not rated (R11.5)


def test_a_leaver_is_claimed_against_after_the_grace_period(online: TestClient, clock: FakeClock) -> None:
    alice, bob = Person(online, "Alice"), Person(online, "Bob")
    game = challenge_and_accept(online, alice, bob, "10+5")
    to_move = Seat(online, game["id"], None).state["view"]["to_move"]
    stayer = "B" if to_move == "A" else "A"
    person, token = game["seats"][stayer]
    Seat(online, game["id"], token)  # the stayer is here; the player to move never came
    clock.advance(seconds=30)
    early = person.post(f"/api/games/{game['id']}/claim")
    assert (early.status_code, early.json()["error"]["code"]) == (409, "too_early")
    clock.advance(seconds=31)
    claimed = person.post(f"/api/games/{game['id']}/claim")
    assert claimed.status_code == 200 and claimed.json()["result"] == stayer
    record = online.get(f"/api/games/{game['id']}/record").json()
    assert record["forfeit"] == {"seat": to_move, "reason": "left the game"}


def test_a_bot_sees_only_its_own_seat(online: TestClient) -> None:
    alice, bot = Person(online, "Alice"), Person(online, "Botty", bot=True)
    assert online.get("/api/players/Botty").json()["bot"] is True
    game = challenge_and_accept(online, alice, bot, "5+3")
    bot_seat = next(s for s, (p, _) in game["seats"].items() if p is bot)
    other = "B" if bot_seat == "A" else "A"
    seen = Seat(online, game["id"], game["seats"][bot_seat][1])
    room = online.app.state.rooms.rooms[game["id"]]  # type: ignore[attr-defined]
    hidden = room.session.view(["A", "B"].index(other)).hand
    view = seen.state["view"]
    assert view["seat"] == bot_seat and "hand_sizes" not in view and view["opponent_hand_size"] == len(hidden)
    assert sorted(view["hand"]) != sorted(hidden) or not hidden
    assert json.dumps(hidden, separators=(",", ":")) not in seen.state["_raw"].replace(" ", "")
    assert seen.state["online"]["accounts"][bot_seat]["bot"] is True


def test_the_online_tables_on_both_databases(
    make_client: Callable[..., TestClient], database_url: str, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("timessquare.web.online.accounts.DISTINCT_OPPONENTS", 1)
    client = make_client(database_url, now=clock, login_tries_per_minute=1000)
    alice, bob = Person(client, "Alice"), Person(client, "Bob")
    game = challenge_and_accept(client, alice, bob, "3+2")
    seats = seats_of(client, game)
    each_plays_a_turn(seats)
    for seat in seats.values():
        seat.close()
    mover = Seat(client, game["id"], None).state["view"]["to_move"]
    clock.advance(minutes=4)
    assert sweep(client) == 1
    winner, loser = (game["seats"]["B" if mover == "A" else "A"][0], game["seats"][mover][0])
    expected_winner, expected_loser = rate_game(Rating(), Rating(), 1.0)
    assert client.get(f"/api/players/{winner.name}").json()["rating"] == round(expected_winner.rating)
    assert client.get(f"/api/players/{loser.name}").json()["rating"] == round(expected_loser.rating)
    assert [p["name"] for p in client.get("/api/players").json()["players"]] == [winner.name, loser.name]
    assert sweep(client) == 0  # settled once


def test_challenges_are_cancelled_by_their_author_only_and_limited(online: TestClient) -> None:
    alice, bob = Person(online, "Alice"), Person(online, "Bob")
    posted = [alice.post("/api/lobby", {"control": c}) for c in ("3+2", "1d", "7d", "15+10")]
    assert [p.status_code for p in posted] == [201, 201, 201, 409]
    first = posted[0].json()["challenge"]["id"]
    assert bob.delete(f"/api/lobby/{first}").status_code == 403
    assert alice.delete(f"/api/lobby/{first}").status_code == 204
    assert bob.post(f"/api/lobby/{first}/accept").status_code == 404
    assert [c["control"] for c in bob.get("/api/lobby").json()["challenges"]] == ["1d", "7d"]


@pytest.mark.parametrize("control", ["5", "0+3", "181+0", "5+181", "2d", "5+3 ", 5, None])
def test_a_time_control_outside_the_offer_is_refused(online: TestClient, control: object) -> None:
    alice = Person(online, "Alice")
    refused = alice.post("/api/lobby", {"control": control})
    assert refused.status_code == 400 and "time control" in refused.json()["error"]["message"]
    assert alice.post("/api/lobby/quick", {"control": control}).status_code == 400


def test_a_games_end_and_its_ratings_are_one_write_and_an_old_unsettled_end_is_swept(
    online: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    alice, bob = Person(online, "Alice"), Person(online, "Bob")
    game = challenge_and_accept(online, alice, bob, "10+5")
    store = online.app.state.rooms.database.store  # type: ignore[attr-defined]

    def broken(*_: Any) -> None:
        raise OSError("the database went away")

    seats = seats_of(online, game)
    each_plays_a_turn(seats)  # a game nobody moved in would be aborted, not rated
    monkeypatch.setattr(store, "settler", broken)
    seats["A"].send({"v": 1, "type": "resign"})
    assert seats["A"].until(lambda m: m["type"] == "error")["code"] == "busy"
    assert seats["A"].until_state()["over"] is None  # read back: the resignation was not stored without its ratings
    assert online.get("/api/players/Alice").json()["games"] == 0
    monkeypatch.setattr(store, "settler", None)  # a game ended where nothing settled it (an older server)
    seats["A"].send({"v": 1, "type": "resign"})
    assert seats["A"].until(lambda m: m["type"] == "state" and m["over"])["over"]["result"] == "B"
    assert online.get("/api/players/Alice").json()["games"] == 0
    monkeypatch.undo()
    sweep(online)
    assert [online.get(f"/api/players/{p.name}").json()["games"] for p in (alice, bob)] == [1, 1]
    sweep(online)
    assert [online.get(f"/api/players/{p.name}").json()["games"] for p in (alice, bob)] == [1, 1]

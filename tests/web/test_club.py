"""The club around the games (issue 26): rematches that keep an online game's terms, the claim only against a
player who has been away, offers (abort, draw) and chat on the game socket."""

from __future__ import annotations

from conftest import Seat
from online_helpers import FakeClock, Person, each_plays_a_turn
from starlette.testclient import TestClient
from test_online import challenge_and_accept, seats_of


def resign(seats: dict[str, Seat], seat: str) -> None:
    seats[seat].send({"v": 1, "type": "resign"})
    for s in seats.values():
        s.until(lambda m: m["type"] == "state" and m["over"] is not None)


# ------------------------------------------------------------------------------------------------ rematch


def test_a_rated_rematch_is_offered_then_keeps_the_accounts_the_clock_and_swaps_seats(online: TestClient) -> None:
    alice, bob = Person(online, "Alice"), Person(online, "Bob")
    game = challenge_and_accept(online, alice, bob, "10+5", rated=True)
    seats = seats_of(online, game)
    resign(seats, "A")
    (a_person, a_token), (b_person, b_token) = game["seats"]["A"], game["seats"]["B"]
    asked = a_person.post(f"/api/games/{game['id']}/rematch", {"token": a_token})
    assert (asked.status_code, asked.json()) == (202, {"offered": True, "seat": "A"})
    offer = seats["B"].until(lambda m: m["type"] == "state" and m["online"]["rematch_offer"] == "A")
    assert offer["rematch"] is None  # offered, not started: no clock runs yet
    accepted = b_person.post(f"/api/games/{game['id']}/rematch", {"token": b_token})
    assert accepted.status_code == 201, accepted.text
    rematch = accepted.json()
    assert rematch["seat"] == "A"  # B of the first game is A now
    seats["A"].until(lambda m: m["type"] == "state" and m["rematch"] == rematch["id"])
    again = a_person.post(f"/api/games/{game['id']}/rematch", {"token": a_token}).json()
    assert (again["id"], again["seat"]) == (rematch["id"], "B")
    assert a_person.get(f"/api/games/{rematch['id']}/seat").json()["seat"] == "B"
    state = Seat(online, rematch["id"], rematch["token"]).state
    names = {s: a["name"] for s, a in state["online"]["accounts"].items()}
    assert names == {"A": b_person.name, "B": a_person.name}
    assert (state["online"]["rated"], state["online"]["clock"]["control"]) == (True, "10+5")


def test_a_rematch_against_a_level_starts_at_once_and_stays_rated(online: TestClient) -> None:
    alice = Person(online, "Alice")
    posted = alice.post("/api/lobby/computer", {"level": "easy", "rated": True})
    assert posted.status_code == 201, posted.text
    game = posted.json()
    mine = Seat(online, game["id"], game["token"])
    mine.send({"v": 1, "type": "resign"})
    mine.until(lambda m: m["type"] == "state" and m["over"] is not None)
    answer = alice.post(f"/api/games/{game['id']}/rematch", {"token": game["token"]})
    assert answer.status_code == 201, answer.text
    state = Seat(online, answer.json()["id"], answer.json()["token"]).state
    assert state["seat"] != game["seat"]
    assert (state["online"]["level"], state["online"]["rated"]) == ("easy", True)
    assert state["online"]["accounts"][state["seat"]]["name"] == "Alice"


def test_a_rematch_needs_a_seat_of_the_online_game(online: TestClient) -> None:
    alice, bob = Person(online, "Alice"), Person(online, "Bob")
    game = challenge_and_accept(online, alice, bob, "5+3")
    seats = seats_of(online, game)
    refused = alice.post(f"/api/games/{game['id']}/rematch", {"token": "x" * 43})
    assert (refused.status_code, refused.json()["error"]["code"]) == (403, "forbidden")
    early = alice.post(f"/api/games/{game['id']}/rematch", {"token": game["seats"]["A"][1]})
    assert (early.status_code, early.json()["error"]["code"]) == (409, "conflict")
    resign(seats, "B")


# -------------------------------------------------------------------------------------- the claim (R11.4)


def test_a_slow_player_who_is_connected_cannot_be_claimed_and_one_who_left_can_after_60_s(
    online: TestClient, clock: FakeClock
) -> None:
    alice, bob = Person(online, "Alice"), Person(online, "Bob")
    game = challenge_and_accept(online, alice, bob, "10+5")
    to_move = Seat(online, game["id"], None).state["view"]["to_move"]
    stayer = "B" if to_move == "A" else "A"
    person, token = game["seats"][stayer]
    mine = Seat(online, game["id"], token, presence=True)
    assert mine.state["online"]["away_ms"][to_move] == 0  # never came since the game was loaded
    slow = Seat(online, game["id"], game["seats"][to_move][1])
    assert mine.until(lambda m: m["type"] == "presence")["away_ms"] == {"A": None, "B": None}
    clock.advance(seconds=90)  # slow, but here
    refused = person.post(f"/api/games/{game['id']}/claim")
    assert (refused.status_code, refused.json()["error"]["message"]) == (409, "the other player is still connected")
    slow.close()
    assert mine.until(lambda m: m["type"] == "presence")["away_ms"][to_move] == 0
    clock.advance(seconds=59)  # away for 59 s of a turn that has lasted 149 s: not yet
    early = person.post(f"/api/games/{game['id']}/claim")
    assert (early.status_code, early.json()["error"]["code"]) == (409, "too_early")
    clock.advance(seconds=2)
    claimed = person.post(f"/api/games/{game['id']}/claim")
    assert claimed.status_code == 200 and claimed.json()["result"] == stayer


# ------------------------------------------------------------------------------------------------------ chat


def test_chat_goes_both_ways_with_names_is_kept_and_spectators_neither_read_nor_write(online: TestClient) -> None:
    alice, bob = Person(online, "Alice"), Person(online, "Bob")
    game = challenge_and_accept(online, alice, bob, "5+3")
    seats = seats_of(online, game)
    watcher = Seat(online, game["id"], None)
    seats["A"].send({"v": 1, "type": "chat", "text": "  good\nluck <a href='x'>x</a>\u0007 "})
    said = [s.until(lambda m: m["type"] == "chat") for s in seats.values()]
    assert said[0]["_raw"] == said[1]["_raw"]
    assert (said[0]["seat"], said[0]["name"]) == ("A", game["seats"]["A"][0].name)
    assert said[0]["text"] == "good luck <a href='x'>x</a>"  # one line, kept as text (the page never makes links)
    seats["B"].send({"v": 1, "type": "chat", "text": "thanks"})
    assert seats["A"].until(lambda m: m["type"] == "chat")["text"] == "thanks"
    watcher.send({"v": 1, "type": "chat", "text": "play S!"})
    assert watcher.until(lambda m: m["type"] != "state")["code"] == "forbidden"
    watcher.send({"v": 1, "type": "ping"})
    assert watcher.until(lambda m: m["type"] != "state")["type"] == "pong"  # no chat reached the spectator
    again = Seat(online, game["id"], game["seats"]["B"][1])
    history = again.until(lambda m: m["type"] == "chat_history")["messages"]
    assert [(m["seat"], m["text"]) for m in history] == [("A", "good luck <a href='x'>x</a>"), ("B", "thanks")]


def test_chat_is_rate_limited_and_checked(online: TestClient) -> None:
    alice, bob = Person(online, "Alice"), Person(online, "Bob")
    game = challenge_and_accept(online, alice, bob, "5+3")
    seat = seats_of(online, game)["A"]
    for text, code in (("", "bad_message"), ("x" * 301, "bad_message"), (5, "bad_message")):
        seat.send({"v": 1, "type": "chat", "text": text})
        assert seat.until(lambda m: m["type"] == "error")["code"] == code
    answers = []
    for n in range(8):  # a burst of 5; the rest come faster than one every 2 seconds
        seat.send({"v": 1, "type": "chat", "text": f"spam {n}"})
        answers.append(seat.until(lambda m: m["type"] in ("chat", "error")))
    assert [m["type"] for m in answers] == ["chat"] * 5 + ["error"] * 3
    assert answers[-1]["code"] == "rate_limited"


def test_a_message_of_the_other_player_is_reported_for_the_operator(online: TestClient) -> None:
    alice, bob = Person(online, "Alice"), Person(online, "Bob")
    game = challenge_and_accept(online, alice, bob, "5+3")
    seats = seats_of(online, game)
    seats["B"].send({"v": 1, "type": "chat", "text": "rude words"})
    said = seats["A"].until(lambda m: m["type"] == "chat")
    seats["B"].until(lambda m: m["type"] == "chat")
    seats["B"].send({"v": 1, "type": "report", "id": said["id"]})  # one's own words are not reported
    assert seats["B"].until(lambda m: m["type"] == "error")["code"] == "not_found"
    seats["A"].send({"v": 1, "type": "report", "id": said["id"]})
    assert seats["A"].until(lambda m: m["type"] == "reported")["id"] == said["id"]
    reports = online.app.state.chat.store.reports()  # type: ignore[attr-defined]
    assert [(r["game_id"], r["by_seat"], r["seat"], r["text"]) for r in reports] == [
        (game["id"], "A", "B", "rude words")
    ]


def test_there_is_no_chat_against_the_computer(online: TestClient) -> None:
    alice = Person(online, "Alice")
    game = alice.post("/api/lobby/computer", {"level": "easy", "rated": False}).json()
    mine = Seat(online, game["id"], game["token"])
    mine.send({"v": 1, "type": "chat", "text": "hello?"})
    assert mine.until(lambda m: m["type"] == "error")["code"] == "forbidden"


# ---------------------------------------------------------------------------------------- abort and offers


def _rating(client: TestClient, name: str) -> tuple[int, int]:
    page = client.get(f"/api/players/{name}").json()
    return page["rating"], page["games"]


def test_an_abort_before_moving_ends_the_game_unrated_and_uncounted(online: TestClient) -> None:
    alice, bob = Person(online, "Alice"), Person(online, "Bob")
    game = challenge_and_accept(online, alice, bob, "5+3", rated=True)
    seats = seats_of(online, game)
    first = seats["A"].state["view"]["to_move"]
    second = "B" if first == "A" else "A"
    seats[first].act(seats[first].state["legal"][0])
    seats[second].until_state()
    seats[first].send({"v": 1, "type": "abort"})  # it has acted: too late for it
    assert seats[first].until(lambda m: m["type"] == "error")["code"] == "forbidden"
    before = {p: _rating(online, p) for p in ("Alice", "Bob")}
    seats[second].send({"v": 1, "type": "abort"})
    over = seats[first].until(lambda m: m["type"] == "state" and m["over"] is not None)["over"]
    assert over["result"] == "aborted" and "called off" in over["reason"]
    assert {p: _rating(online, p) for p in ("Alice", "Bob")} == before == {"Alice": (1500, 0), "Bob": (1500, 0)}
    record = online.get(f"/api/games/{game['id']}/record").json()
    assert (record["result"], record["agreed"]) == ("aborted", "aborted")


def test_a_draw_offer_is_accepted_by_the_same_offer_and_rated_as_a_draw(online: TestClient) -> None:
    alice, bob = Person(online, "Alice"), Person(online, "Bob")
    game = challenge_and_accept(online, alice, bob, "5+3", rated=True)
    seats = seats_of(online, game)
    each_plays_a_turn(seats)
    seats["A"].send({"v": 1, "type": "offer", "offer": "draw"})
    offer = seats["B"].until(lambda m: m["type"] == "offer")
    assert (offer["offer"], offer["seat"]) == ("draw", "A")
    seats["B"].send({"v": 1, "type": "offer", "offer": "draw"})
    over = seats["A"].until(lambda m: m["type"] == "state" and m["over"] is not None)["over"]
    assert over["result"] == "draw" and "agreement" in over["reason"]
    assert _rating(online, "Alice") == (1500, 1) and _rating(online, "Bob") == (1500, 1)  # ½ between equals
    assert online.get(f"/api/games/{game['id']}/record").json()["agreed"] == "draw"


def test_a_draw_offer_is_declined_by_a_decline_or_a_move_and_offers_are_limited(online: TestClient) -> None:
    alice, bob = Person(online, "Alice"), Person(online, "Bob")
    game = challenge_and_accept(online, alice, bob, "5+3", rated=False)
    seats = seats_of(online, game)
    first = seats["A"].state["view"]["to_move"]
    second = "B" if first == "A" else "A"
    seats[second].send({"v": 1, "type": "offer", "offer": "draw"})
    seats[first].until(lambda m: m["type"] == "offer")
    seats[first].send({"v": 1, "type": "decline"})
    declined = seats[second].until(lambda m: m["type"] == "declined")
    assert (declined["offer"], declined["seat"]) == ("draw", first)
    seats[second].send({"v": 1, "type": "offer", "offer": "draw"})
    seats[first].until(lambda m: m["type"] == "offer")
    seats[first].act(seats[first].state["legal"][0])  # a move turns it down ...
    seats[second].until_state()
    seats[first].send({"v": 1, "type": "offer", "offer": "draw"})  # ... so this is a new offer, not a yes
    assert seats[second].until(lambda m: m["type"] in ("offer", "state"))["type"] == "offer"
    seats[second].send({"v": 1, "type": "offer", "offer": "draw"})  # that one it accepts ...
    seats[second].until(lambda m: m["type"] == "state" and m["over"] is not None)
    seats[second].send({"v": 1, "type": "offer", "offer": "takeback"})
    assert seats[second].until(lambda m: m["type"] == "error")["code"] == "bad_message"


def test_offers_are_rate_limited(online: TestClient) -> None:
    alice, bob = Person(online, "Alice"), Person(online, "Bob")
    game = challenge_and_accept(online, alice, bob, "5+3", rated=False)
    seats = seats_of(online, game)
    answers = []
    for _ in range(4):  # offer, decline, offer again: the fourth offer in a row is one too many
        seats["A"].send({"v": 1, "type": "offer", "offer": "draw"})
        answers.append(seats["A"].until(lambda m: m["type"] in ("offer", "error")))
        if answers[-1]["type"] == "offer":
            seats["B"].until(lambda m: m["type"] == "offer")
            seats["B"].send({"v": 1, "type": "decline"})
            seats["A"].until(lambda m: m["type"] == "declined")
    assert [m["type"] for m in answers] == ["offer"] * 3 + ["error"]
    assert answers[-1]["code"] == "rate_limited"


def test_the_end_of_a_rated_game_says_how_much_each_rating_moved(online: TestClient) -> None:
    alice, bob = Person(online, "Alice"), Person(online, "Bob")
    game = challenge_and_accept(online, alice, bob, "5+3", rated=True)
    seats = seats_of(online, game)
    assert seats["A"].state["online"]["rating_change"] == {"A": None, "B": None}
    each_plays_a_turn(seats)
    seats["A"].send({"v": 1, "type": "resign"})
    end = seats["B"].until(lambda m: m["type"] == "state" and m["over"] is not None)["online"]["rating_change"]
    names = {s: p.name for s, (p, _) in game["seats"].items()}
    ratings = {s: online.get(f"/api/players/{names[s]}").json()["rating"] for s in "AB"}
    assert end == {s: ratings[s] - 1500 for s in "AB"} and end["A"] < 0 < end["B"]
    late = Seat(online, game["id"], None).state["online"]["rating_change"]  # a page opened afterwards too
    assert late == end


# ------------------------------------------------------------------------------------- names everywhere


def test_lists_replays_and_records_of_a_game_between_accounts_name_the_accounts(online: TestClient) -> None:
    alice, bob = Person(online, "Alice"), Person(online, "Bob")
    game = challenge_and_accept(online, alice, bob, "5+3")
    names = {s: p.name for s, (p, _) in game["seats"].items()}
    live = online.get("/api/games?status=live").json()["games"]
    assert [g["names"] for g in live if g["id"] == game["id"]] == [names]
    kept = online.post("/api/games/mine", json={"tokens": [game["seats"]["A"][1]]}).json()["games"]
    assert kept[0]["names"] == names
    resign(seats_of(online, game), "A")
    finished = online.get("/api/games?status=finished").json()["games"]
    assert [g["names"] for g in finished if g["id"] == game["id"]] == [names]
    assert online.get(f"/api/games/{game['id']}/replay?seat=A").json()["names"] == names
    assert online.get(f"/api/games/{game['id']}/record").json()["players"] == names
    level_game = alice.post("/api/lobby/computer", {"level": "easy", "rated": False}).json()
    mine = Seat(online, level_game["id"], level_game["token"])
    mine.send({"v": 1, "type": "resign"})
    mine.until(lambda m: m["type"] == "state" and m["over"] is not None)
    record = online.get(f"/api/games/{level_game['id']}/record")
    assert record.status_code == 200, record.text
    assert record.json()["players"] == {level_game["seat"]: "Alice", _other(level_game["seat"]): "easy"}
    anonymous = online.post("/api/games", json={"mode": "friend"}).json()
    assert [g["names"] for g in online.get("/api/games").json()["games"] if g["id"] == anonymous["id"]] == [None]


def _other(seat: str) -> str:
    return "B" if seat == "A" else "A"


# ------------------------------------------------------------------------ bots and who is online


def test_a_bot_account_is_made_from_the_page_and_listed_online_with_its_owner(online: TestClient) -> None:
    alice = Person(online, "Alice")
    body = {"name": "AliceBot", "password": "bot password", "description": "the expert, 6000 iterations"}
    made = alice.post("/api/account/bots", body)
    assert made.status_code == 201, made.text
    assert made.json()["account"]["bot"] is True and made.json()["owner"] == "Alice"
    assert alice.get("/api/session").json()["account"]["name"] == "Alice"  # still herself
    assert alice.post("/api/account/bots", {**body, "name": "Other", "description": ""}).status_code == 400
    assert alice.post("/api/account/bots", body).json()["error"]["code"] == "name_taken"
    online.cookies.clear()
    assert online.post("/api/account/bots", json=body).status_code == 401
    bot_cookie = online.post("/api/session", json={"name": "AliceBot", "password": "bot password"}).cookies["ts_login"]
    assert online.post("/api/account/bots", json={**body, "name": "Grandchild"}).status_code == 403  # bots own none
    online.cookies.clear()
    with online.websocket_connect("/ws/lobby") as watcher:
        assert watcher.receive_json()["present"] == []
        online.cookies.set("ts_login", bot_cookie)
        with online.websocket_connect("/ws/lobby") as bot_socket:
            bot_socket.receive_json()
            here = watcher.receive_json()["present"]
            assert [(p["name"], p["bot"], p["owner"], p["description"]) for p in here] == [
                ("AliceBot", True, "Alice", "the expert, 6000 iterations")
            ]
        assert watcher.receive_json()["present"] == []  # the bot went away


# ------------------------------------------------------------------------------- people and history


def test_search_follow_and_a_whole_history_paged_with_filters(online: TestClient) -> None:
    alice, bob, carol = Person(online, "Alice"), Person(online, "Bob"), Person(online, "Carola")
    assert [p["name"] for p in online.get("/api/players/search?q=car").json()["players"]] == ["Carola"]
    assert [p["name"] for p in online.get("/api/players/search?q=%25").json()["players"]] == []  # no wildcard
    assert online.get("/api/players/search?q=").status_code == 400
    ids = []
    for n in range(23):  # Alice plays Bob 21 times (rated, then casual) and Carol twice
        other = bob if n < 21 else carol
        game = challenge_and_accept(online, alice, other, "5+3", rated=n % 2 == 0)
        ids.append(game["id"])
        loser = next(s for s, (p, _) in game["seats"].items() if p is (alice if n % 3 else other))
        resign(seats_of(online, game), loser)
    first = alice.get("/api/players/Alice/games").json()
    assert (first["total"], len(first["games"]), first["page"]) == (23, 20, 20)
    second = alice.get("/api/players/Alice/games?offset=20").json()
    assert [g["id"] for g in first["games"] + second["games"]] == ids[::-1]  # newest first, each once
    rated = alice.get("/api/players/Alice/games?rated=true").json()
    assert rated["total"] == 12 and all(g["rated"] for g in rated["games"])
    against = alice.get("/api/players/Alice/games?opponent=carola").json()
    assert {g["opponent"] for g in against["games"]} == {"Carola"} and against["total"] == 2
    wins = alice.get("/api/players/Alice/games?result=win").json()
    assert wins["total"] == sum(1 for n in range(23) if n % 3 == 0) and {g["outcome"] for g in wins["games"]} == {"win"}
    assert alice.get("/api/players/Alice/games?result=maybe").status_code == 400
    assert alice.get("/api/players/Alice/games?opponent=nobody").status_code == 404
    # Follows: Carol follows Alice, whose latest game shows in Carol's list.
    assert carol.get("/api/players/Alice/follow").json() == {"following": False}
    assert carol.post("/api/players/Alice/follow").json() == {"following": True}
    assert carol.get("/api/players/Alice/follow").json() == {"following": True}
    listed = carol.get("/api/following").json()["players"]
    assert [(p["name"], p["game"]["id"]) for p in listed] == [("Alice", ids[-1])]
    assert carol.post("/api/players/Carola/follow").status_code == 400
    assert carol.delete("/api/players/Alice/follow").json() == {"following": False}
    assert carol.get("/api/following").json()["players"] == []
    online.cookies.clear()
    assert online.get("/api/following").status_code == 401


def test_the_lobby_chat_is_read_by_everyone_written_by_accounts_and_kept(online: TestClient) -> None:
    alice, bob = Person(online, "Alice"), Person(online, "Bob")
    online.cookies.clear()
    with online.websocket_connect("/ws/lobby") as guest:
        guest.receive_json()
        guest.send_json({"v": 1, "type": "chat", "text": "hello?"})
        assert guest.receive_json()["code"] == "forbidden"  # reading needs nothing; talking needs an account
        alice.use()
        with online.websocket_connect("/ws/lobby") as mine:
            mine.receive_json()
            guest.receive_json()  # Alice is here (present)
            mine.send_json({"v": 1, "type": "chat", "text": "anyone for a 5+3?"})
            said = guest.receive_json()
            assert (said["type"], said["name"], said["text"]) == ("chat", "Alice", "anyone for a 5+3?")
            assert mine.receive_json()["id"] == said["id"]
            mine.send_json({"v": 1, "type": "report", "id": said["id"]})  # not one's own words
            got = mine.receive_json()
            assert got.get("code") == "not_found", got
            mine.send_json({"v": 1, "type": "ping"})
            assert mine.receive_json() == {"type": "pong"}
    bob.use()
    with online.websocket_connect("/ws/lobby") as later:
        kept = later.receive_json()
        while kept["type"] != "chat_history":  # the lobby itself comes first, and its news perhaps
            kept = later.receive_json()
        assert kept["type"] == "chat_history" and [m["text"] for m in kept["messages"]] == ["anyone for a 5+3?"]
        later.send_json({"v": 1, "type": "report", "id": kept["messages"][0]["id"]})
        assert later.receive_json() == {"v": 1, "type": "reported", "id": kept["messages"][0]["id"]}
    reports = online.app.state.chat.store.reports()  # type: ignore[attr-defined]
    assert [(r["by_name"], r["name"], r["text"]) for r in reports] == [("Bob", "Alice", "anyone for a 5+3?")]

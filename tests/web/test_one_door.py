"""One door for every start (issue 31): each way a game starts passes the starter's one admission
(web/games/admission.py) — the new-game rate of its asker and, against the computer, the cap on computer games
at work. Before it, the lobby's ways and the rematch of an online game passed neither: one account's chain of
resign-and-rematch against the expert made hundreds of games and starved everyone else's computer players."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from conftest import Seat
from online_helpers import Person
from starlette.testclient import TestClient
from test_online import challenge_and_accept, seats_of

from timessquare.web.guards.security import KeyedLimiter

ALL_BUT_ONE = 1e-9  # a rate so slow that nothing comes back within a test: one game, then no more


def allow_one_new_game(client: TestClient, kind: str) -> None:
    """From now on the test client's address may start one game of this kind ("games" or "computer"), and
    every other request kind stays unlimited (the tests' servers run without limits)."""
    quotas = client.app.state.quotas  # type: ignore[attr-defined]
    quotas.limiters[kind] = (KeyedLimiter(ALL_BUT_ONE, 1), KeyedLimiter(0, 0))


def refused(answer: Any) -> bool:
    return bool(answer.status_code == 429 and answer.json()["error"]["code"] == "rate_limited")


def finished_game_of_two(client: TestClient) -> tuple[dict[str, Any], Person, Person]:
    alice, bob = Person(client, "Alice"), Person(client, "Bob")
    game = challenge_and_accept(client, alice, bob, "10+5", rated=False)
    seats = seats_of(client, game)
    seats["A"].send({"v": 1, "type": "resign"})
    for seat in seats.values():
        seat.until(lambda m: m["type"] == "state" and m["over"] is not None)
    return game, alice, bob


# -------------------------------------------------------------------- games between people: the new-game rate


def link_game(client: TestClient) -> Callable[[], Any]:
    return lambda: client.post("/api/games", json={"mode": "friend"})


def lobby_challenge_taken(client: TestClient) -> Callable[[], Any]:
    alice, bob = Person(client, "Alice"), Person(client, "Bob")
    challenge = alice.post("/api/lobby", {"control": "5+3"}).json()["challenge"]
    return lambda: bob.post(f"/api/lobby/{challenge['id']}/accept")


def quick_pairing_met(client: TestClient) -> Callable[[], Any]:
    alice, bob = Person(client, "Alice"), Person(client, "Bob")
    assert alice.post("/api/lobby/quick", {"control": "5+3"}).status_code == 202
    return lambda: bob.post("/api/lobby/quick", {"control": "5+3"})


def rematch_of_a_link_game(client: TestClient) -> Callable[[], Any]:
    game = client.post("/api/games", json={"mode": "friend"}).json()
    mine = Seat(client, game["id"], game["token"])
    mine.send({"v": 1, "type": "resign"})
    mine.until(lambda m: m["type"] == "state" and m["over"] is not None)
    return lambda: client.post(f"/api/games/{game['id']}/rematch", json={"token": game["token"]})


def rematch_between_accounts(client: TestClient) -> Callable[[], Any]:
    game, _, _ = finished_game_of_two(client)
    (a_person, a_token), (b_person, b_token) = game["seats"]["A"], game["seats"]["B"]
    assert a_person.post(f"/api/games/{game['id']}/rematch", {"token": a_token}).status_code == 202  # an offer
    return lambda: b_person.post(f"/api/games/{game['id']}/rematch", {"token": b_token})


@pytest.mark.parametrize(
    "way",
    [link_game, lobby_challenge_taken, quick_pairing_met, rematch_of_a_link_game, rematch_between_accounts],
)
def test_every_way_a_game_of_people_starts_spends_the_same_new_game_budget(
    online: TestClient, way: Callable[[TestClient], Callable[[], Any]]
) -> None:
    start = way(online)  # everything before the start itself, unlimited
    allow_one_new_game(online, "games")
    online.cookies.clear()
    assert online.post("/api/games", json={"mode": "friend"}).status_code == 201  # the address's one game
    answer = start()
    assert refused(answer), answer.text  # lobby, quick pairing and online rematch got through before


def test_a_refused_quick_pairing_leaves_no_seek_behind(online: TestClient) -> None:
    alice, bob = Person(online, "Alice"), Person(online, "Bob")
    assert alice.post("/api/lobby/quick", {"control": "5+3"}).status_code == 202
    allow_one_new_game(online, "games")
    online.cookies.clear()
    assert online.post("/api/games", json={"mode": "friend"}).status_code == 201  # the address's one game
    assert refused(bob.post("/api/lobby/quick", {"control": "5+3"}))
    assert refused(bob.post("/api/lobby/quick", {"control": "5+3"}))  # not a waiting seek in place of the game
    assert bob.get("/api/lobby").json()["challenges"] == []  # a quick seek is listed to its owner only
    assert [c["by"] for c in alice.get("/api/lobby").json()["challenges"]] == ["Alice"]  # hers still waits


def test_a_refused_rematch_leaves_the_offer_standing(online: TestClient) -> None:
    game, _, _ = finished_game_of_two(online)
    (a_person, a_token), (b_person, b_token) = game["seats"]["A"], game["seats"]["B"]
    a_person.post(f"/api/games/{game['id']}/rematch", {"token": a_token})
    allow_one_new_game(online, "games")
    online.post("/api/games", json={"mode": "friend"})
    assert refused(b_person.post(f"/api/games/{game['id']}/rematch", {"token": b_token}))
    state = Seat(online, game["id"], b_token).state
    assert (state["rematch"], state["online"]["rematch_offer"]) == (None, "A")


# --------------------------------------------------------------- games against the computer: rate and cap


def lobby_computer(client: TestClient, alice: Person) -> Callable[[], Any]:
    return lambda: alice.post("/api/lobby/computer", {"level": "easy", "rated": True})


def link_computer(client: TestClient, alice: Person) -> Callable[[], Any]:
    return lambda: alice.use().post("/api/games", json={"mode": "computer", "level": "easy"})


def finished_computer_game(client: TestClient, alice: Person) -> dict[str, Any]:
    game: dict[str, Any] = alice.post("/api/lobby/computer", {"level": "easy", "rated": True}).json()
    mine = Seat(client, game["id"], game["token"])
    mine.send({"v": 1, "type": "resign"})
    mine.until(lambda m: m["type"] == "state" and m["over"] is not None)
    return game


def rematch_of_an_online_computer_game(client: TestClient, alice: Person) -> Callable[[], Any]:
    game = finished_computer_game(client, alice)
    return lambda: alice.post(f"/api/games/{game['id']}/rematch", {"token": game["token"]})


def rematch_of_a_link_computer_game(client: TestClient, alice: Person) -> Callable[[], Any]:
    game = client.post("/api/games", json={"mode": "computer", "level": "easy"}).json()
    mine = Seat(client, game["id"], game["token"])
    mine.send({"v": 1, "type": "resign"})
    mine.until(lambda m: m["type"] == "state" and m["over"] is not None)
    return lambda: client.post(f"/api/games/{game['id']}/rematch", json={"token": game["token"]})


COMPUTER_WAYS = [lobby_computer, link_computer, rematch_of_an_online_computer_game, rematch_of_a_link_computer_game]


@pytest.mark.parametrize("way", COMPUTER_WAYS)
def test_every_way_to_the_computer_is_capped_by_the_games_at_work(
    online: TestClient, way: Callable[[TestClient, Person], Callable[[], Any]]
) -> None:
    alice = Person(online, "Alice")
    start = way(online, alice)
    pool = online.app.state.rooms.pool  # type: ignore[attr-defined]
    pool._computer_games["account:1"] = 4  # Alice's computer players are all at work
    pool._computer_games["address:testclient"] = 8  # and so are her address's
    assert refused(start())  # the rematch of an online computer game got through before
    pool._computer_games.clear()
    answer = start()
    assert answer.status_code == 201, answer.text


@pytest.mark.parametrize("way", COMPUTER_WAYS)
def test_every_way_to_the_computer_spends_the_same_budget(
    online: TestClient, way: Callable[[TestClient, Person], Callable[[], Any]]
) -> None:
    alice = Person(online, "Alice")
    start = way(online, alice)
    allow_one_new_game(online, "computer")
    assert alice.post("/api/lobby/computer", {"level": "easy"}).status_code == 201  # the one game
    assert refused(start())


def test_a_chain_of_resign_and_rematch_is_refused_past_the_lobbys_rates_and_its_games_count_as_hers(
    make_client: Callable[..., TestClient],
) -> None:
    client = make_client(login_tries_per_minute=1000, create_per_minute=60)  # the server's own default rates
    alice = Person(client, "Alice")
    pool = client.app.state.rooms.pool  # type: ignore[attr-defined]
    game = finished_computer_game(client, alice)
    started = 1
    for _ in range(40):
        answer = alice.post(f"/api/games/{game['id']}/rematch", {"token": game["token"]})
        if refused(answer):
            break
        assert answer.status_code == 201, answer.text
        game = answer.json()
        assert pool._owners[game["id"]] == ("account:1", "address:testclient")  # her share of the workers
        started += 1
        mine = Seat(client, game["id"], game["token"])
        mine.send({"v": 1, "type": "resign"})
        mine.until(lambda m: m["type"] == "state" and m["over"] is not None)
    else:
        pytest.fail("40 rematches in a row: the chain was never refused")
    # the account's burst at the "computer" rate (api/quotas.py: half of the address's 60 a minute, 15 s of it)
    assert started <= 9

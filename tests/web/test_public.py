"""Open to the public (issue 25): fair shares of the workers, caps and rates on what makes work, bounded argon2
work, accounts strangers cannot lock, bad text, seat tokens that end with the password, the lobby socket under
the socket caps and its broadcasts coalesced. Each test failed (or could not run) before its fix."""

from __future__ import annotations

import asyncio
import itertools
import logging
import multiprocessing
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from conftest import Seat, fresh_pg_database, new_game
from online_helpers import FakeClock, Person, sweep
from starlette.testclient import TestClient, WebSocketDenialResponse
from test_online import challenge_and_accept, loses_by_resigning, play_until_both_moved, seats_of

from timessquare.variants import DEFAULT_RULES
from timessquare.web.guards.limits import GateFull, QuietClientNoise, SocketLimits, WorkGate
from timessquare.web.guards.security import KeyedLimiter
from timessquare.web.online.lobby_news import LobbyNews
from timessquare.web.online.ratings import REPEAT_DAYS, REPEATS_IN_FULL
from timessquare.web.sockets.table import Table
from timessquare.web.workers import pool as pool_module
from timessquare.web.workers.fairness import FairQueue, Job
from timessquare.web.workers.pool import WorkerPool


def turn(loop: asyncio.AbstractEventLoop, owner: str, name: str = "") -> Job:
    return Job(print, (name or owner,), loop.create_future(), client=owner)


def a_turn(game_id: str) -> tuple[int, Any, list[int]]:
    """The seat to move in a new game, its view and its legal actions."""
    session = Table.new(game_id, "friend", "friend", "A", DEFAULT_RULES).session
    seat = session.to_move
    assert seat is not None
    return seat, session.view(seat), list(session.legal_ids(seat))


# ------------------------------------------------------------------------------------ the workers' shares


def test_one_owners_many_computer_turns_wait_behind_anothers_one() -> None:
    loop = asyncio.new_event_loop()
    try:
        queue = FairQueue(workers=3)
        for i in range(50):
            queue.put(turn(loop, "account:1", f"flood {i}"))
        queue.put(turn(loop, "address:2.2.2.2", "someone"))
        first, second = queue.take(0), queue.take(1)
        assert first is not None and second is not None
        assert (first.args[0], second.args[0]) == ("flood 0", "someone")
    finally:
        loop.close()


def test_one_owner_never_holds_every_worker() -> None:
    loop = asyncio.new_event_loop()
    try:
        queue = FairQueue(workers=2)
        for i in range(3):
            queue.put(turn(loop, "account:1", f"flood {i}"))
        taken = queue.take(0)
        assert taken is not None
        assert queue.take(1) is None  # the second worker stays free for everybody else
        queue.put(turn(loop, "account:2", "someone"))
        assert queue.take(1).args[0] == "someone"  # type: ignore[union-attr]
        queue.done(taken)
        assert queue.take(0).args[0] == "flood 1"  # type: ignore[union-attr]
    finally:
        loop.close()


def test_an_owners_computer_turns_at_work_are_counted() -> None:
    seat, view, legal = a_turn("g0000000001")

    async def run() -> tuple[int, int, int]:
        pool = WorkerPool(1)
        pool._busy[0] = True  # the one worker is busy: the turn waits in the queue
        pool.own("g0000000001", ("account:7", "address:1.2.3.4"))
        task = asyncio.ensure_future(pool.choose("g0000000001", seat, "random", DEFAULT_RULES, view, legal))
        await asyncio.sleep(0)  # (one step of the loop: the job is queued, nothing is timed)
        counted = pool.computer_games("account:7"), pool.computer_games("address:1.2.3.4")
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        pool.close()
        return *counted, pool.computer_games("account:7")

    assert asyncio.run(run()) == (1, 1, 0)


def test_the_expert_searches_of_many_games_share_one_set_of_helper_processes() -> None:
    seat, view, legal = a_turn("g0000000002")
    before = {child.pid for child in multiprocessing.active_children()}  # an earlier test's may still be ending
    try:
        for game in ("g1", "g2", "g3"):
            key = (game, seat, "expert:iterations=8,workers=2")
            pool_module._choose(key, DEFAULT_RULES, view, legal, 1)
        started = {child.pid for child in multiprocessing.active_children()} - before
        assert len(started) == 2  # not two a game
    finally:
        for player in pool_module._PLAYERS.values():
            pool_module._let_go(player)
        pool_module._PLAYERS.clear()
        pool_module.close_helpers()


def test_a_computer_game_is_refused_while_the_owner_keeps_enough_workers_busy(
    make_client: Callable[..., TestClient],
) -> None:
    client = make_client(login_tries_per_minute=1000)
    alice = Person(client, "Alice")
    pool = client.app.state.rooms.pool  # type: ignore[attr-defined]
    pool._computer_games["account:1"] = 4
    refused = alice.post("/api/lobby/computer", {"level": "easy"})
    assert refused.status_code == 429 and refused.json()["error"]["code"] == "rate_limited"
    assert "retry-after" in refused.headers
    client.cookies.clear()
    pool._computer_games["address:testclient"] = 8
    assert client.post("/api/games", json={"mode": "computer", "level": "easy"}).status_code == 429
    assert client.post("/api/games", json={"mode": "friend"}).status_code == 201  # no computer: no cap
    pool._computer_games.clear()
    assert alice.post("/api/lobby/computer", {"level": "easy"}).status_code == 201


def test_healthz_fails_when_the_databases_disk_is_nearly_full(make_client: Callable[..., TestClient]) -> None:
    client = make_client(min_free_disk_mb=1 << 40)  # more room than any disk has: "full"
    answer = client.get("/healthz")
    assert answer.status_code == 503 and "disk" in answer.json()["error"]
    client.app.state.settings.min_free_disk_mb = 0  # type: ignore[attr-defined]
    assert client.get("/healthz").status_code == 200


def test_a_clients_noise_in_uvicorns_log_is_one_line_per_interval() -> None:
    logger = logging.getLogger("test.uvicorn.noise")
    logger.propagate = False
    lines: list[str] = []
    handler = logging.Handler()
    handler.emit = lambda record: lines.append(record.getMessage())  # type: ignore[method-assign]
    logger.addHandler(handler)
    logger.addFilter(QuietClientNoise(seconds=3600))
    for _ in range(100):
        logger.warning("Invalid HTTP request received.")
    logger.warning("something else")
    assert lines == ["Invalid HTTP request received.", "something else"]


@pytest.mark.parametrize(
    ("method", "path", "body"),
    [
        ("POST", "/api/lobby/computer", {"level": "easy", "rated": False}),
        ("POST", "/api/lobby", {"control": "5+3", "to": "Nobody"}),
        ("POST", "/api/learn", {"step": 0}),
        ("GET", "/api/players/Alice", None),
    ],
)
def test_the_endpoints_that_make_work_are_rate_limited(
    make_client: Callable[..., TestClient], method: str, path: str, body: dict[str, Any] | None
) -> None:
    client = make_client(create_per_minute=4, login_tries_per_minute=1000)
    alice = Person(client, "Alice")
    alice.use()
    answers = [client.request(method, path, json=body).status_code for _ in range(70)]
    assert 429 in answers, answers
    assert answers[0] != 429


def test_tutorial_steps_run_off_the_event_loop_in_a_bounded_gate(client: TestClient) -> None:
    client.app.state.lessons = WorkGate(at_once=0, waiting=0)  # type: ignore[attr-defined]
    refused = client.post("/api/learn", json={"step": 0})
    assert refused.status_code == 503 and refused.json()["error"]["code"] == "busy"


# ------------------------------------------------------------------------------------------ argon2 work


def test_the_work_gate_refuses_past_its_line_at_once() -> None:
    release = threading.Event()

    def work(name: str) -> str:
        if name == "first":
            release.wait(10)
        return name

    async def run() -> None:
        gate = WorkGate(at_once=1, waiting=1)
        running = asyncio.ensure_future(gate.run(work, "first"))
        await asyncio.sleep(0)  # (one step of the loop: it holds the gate, nothing is timed)
        waiting = asyncio.ensure_future(gate.run(work, "second"))
        await asyncio.sleep(0)
        with pytest.raises(GateFull):
            await gate.run(work, "third")  # refused at once, never queued
        release.set()
        assert await asyncio.gather(running, waiting) == ["first", "second"]
        assert await gate.run(work, "later") == "later"

    asyncio.run(run())


def test_a_log_in_flood_is_refused_with_busy_but_a_known_device_has_its_own_gate(
    make_client: Callable[..., TestClient],
) -> None:
    client = make_client(login_tries_per_minute=1000)
    Person(client, "Alice")
    device = client.cookies.get("ts_device")
    client.cookies.clear()
    client.app.state.passwords.others = WorkGate(at_once=0, waiting=0)  # type: ignore[attr-defined]  # all taken
    answer = client.post("/api/session", json={"name": "Alice", "password": "a long password"})
    assert answer.status_code == 503 and answer.json()["error"]["code"] == "busy"
    assert answer.headers["retry-after"] == "1"
    client.cookies.set("ts_device", str(device), path="/api/session")
    assert client.post("/api/session", json={"name": "Alice", "password": "a long password"}).status_code == 200


# ------------------------------------------------------------------------------------------------ accounts


def test_strangers_failing_cannot_lock_the_owner_out_of_a_device_that_logged_in_before(
    make_client: Callable[..., TestClient],
) -> None:
    client = make_client(login_tries_per_minute=4)  # failures per name: bursts of 2
    client.app.state.account_limits.addresses = KeyedLimiter(0, 0)  # type: ignore[attr-defined]  # many addresses
    Person(client, "Alice")
    device = client.cookies.get("ts_device")
    assert device
    client.cookies.clear()
    tries = [client.post("/api/session", json={"name": "Alice", "password": "guessing!"}).status_code for _ in range(4)]
    assert tries[:2] == [401, 401] and tries[-1] == 429  # the strangers are held
    assert client.post("/api/session", json={"name": "Alice", "password": "a long password"}).status_code == 429
    client.cookies.set("ts_device", device, path="/api/session")
    owner = client.post("/api/session", json={"name": "Alice", "password": "a long password"})
    assert owner.status_code == 200, owner.text


@pytest.mark.parametrize("field", ["password", "name"])
def test_a_lone_surrogate_in_a_field_is_a_400(client: TestClient, field: str) -> None:
    values = {"name": '"Alice"', "password": '"a long password"'} | {field: '"\\ud800 and more text"'}
    body = "{" + ", ".join(f'"{k}": {v}' for k, v in values.items()) + "}"
    for path in ("/api/accounts", "/api/session"):
        answer = client.post(path, content=body, headers={"Content-Type": "application/json"})
        assert answer.status_code == 400 and answer.json()["error"]["code"] == "bad_request"


def _computer_game_of(person: Person) -> dict[str, Any]:
    made = person.post("/api/lobby/computer", {"level": "easy", "rated": False})
    assert made.status_code == 201, made.text
    game: dict[str, Any] = made.json()
    return game


def _joins(client: TestClient, game: dict[str, Any], token: str) -> str:
    with client.websocket_connect(f"/ws/games/{game['id']}") as socket:
        socket.send_json({"v": 1, "type": "join", "token": token, "lang": "en"})
        answer: dict[str, Any] = socket.receive_json()
        while answer["type"] not in ("state", "error"):  # the game's chat and presence come beside it
            answer = socket.receive_json()
        return str(answer["type"] if answer["type"] == "state" else answer["code"])


def test_seat_tokens_end_with_a_password_change(make_client: Callable[..., TestClient]) -> None:
    client = make_client(login_tries_per_minute=1000)
    alice = Person(client, "Alice")
    game = _computer_game_of(alice)
    seat = Seat(client, game["id"], game["token"])  # a socket that joined with the old token is closed
    changed = alice.post("/api/account/password", {"password": "a long password", "new_password": "a new password"})
    assert changed.status_code == 200
    seat.context.__exit__(None, None, None)
    seat.open = False
    assert _joins(client, game, game["token"]) == "forbidden"
    alice.cookie = changed.cookies["ts_login"]
    fresh = alice.get(f"/api/games/{game['id']}/seat").json()
    assert fresh["token"] != game["token"] and _joins(client, game, fresh["token"]) == "state"


def test_seat_tokens_end_with_the_accounts_deletion(make_client: Callable[..., TestClient]) -> None:
    client = make_client(login_tries_per_minute=1000)
    alice = Person(client, "Alice")
    game = _computer_game_of(alice)
    alice.use()
    assert client.request("DELETE", "/api/account", json={"password": "a long password"}).status_code == 204
    assert _joins(client, game, game["token"]) == "forbidden"


# --------------------------------------------------------------------------------------------- the lobby


def test_lobby_sockets_count_under_the_socket_caps(make_client: Callable[..., TestClient]) -> None:
    client = make_client(socket_limits=SocketLimits(per_address=3, unjoined_per_address=2, join_seconds=30))
    held = []
    try:
        for _ in range(3):
            context = client.websocket_connect("/ws/lobby")
            context.__enter__()
            held.append(context)
        with pytest.raises(WebSocketDenialResponse) as denied:
            client.websocket_connect("/ws/lobby").__enter__()
        assert denied.value.status_code == 429
    finally:
        for context in reversed(held):
            context.__exit__(None, None, None)
    with client.websocket_connect("/ws/lobby") as socket:  # once they are gone, one may come in
        assert socket.receive_json()["type"] == "lobby"


def test_a_burst_of_lobby_changes_is_told_once() -> None:
    async def run() -> tuple[int, int]:
        told = asyncio.Event()
        rounds: list[int] = []

        async def tell_all() -> None:
            rounds.append(1)
            told.set()

        news = LobbyNews(tell_all, interval=0.05)
        for _ in range(50):
            news.changed()
        await told.wait()
        assert news.task is not None
        await news.task
        burst = len(rounds)
        news.changed()  # a later change is told too, after the interval
        await news.task
        return burst, len(rounds)

    assert asyncio.run(run()) == (1, 2)


# ------------------------------------------------------------------------------------------- rated honesty


def test_no_hint_in_a_rated_game_once_its_row_would_have_left_the_cache(
    make_client: Callable[..., TestClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("timessquare.web.online.game_cache.CACHE", 3)
    client = make_client(login_tries_per_minute=1000)
    alice, bob = Person(client, "Alice"), Person(client, "Bob")
    game = challenge_and_accept(client, alice, bob, "10+5", rated=True)
    seats = seats_of(client, game)
    online = client.app.state.online  # type: ignore[attr-defined]
    for i in range(10):  # lookups of other games push the oldest out, but never a live game's
        client.portal.call(online.games.game, f"x{i:010d}")  # type: ignore[union-attr]
    to_move = seats["A"].state["view"]["to_move"]
    other = next(person for seat, (person, _) in game["seats"].items() if seat != to_move)
    other.use()  # the other player deletes the account (its games' rules must stay)
    assert client.request("DELETE", "/api/account", json={"password": "a long password"}).status_code == 204
    mover = seats[to_move]
    mover.send({"v": 1, "type": "hint"})
    assert mover.until(lambda m: m["type"] == "error")["code"] == "forbidden"


def bobs_rating(client: TestClient) -> float:
    store = client.app.state.online.store  # type: ignore[attr-defined]
    rating: float = store.account_by_key("bob").rating.rating
    return rating


def test_repeated_rated_games_between_two_accounts_count_less(
    make_client: Callable[..., TestClient], clock: FakeClock
) -> None:
    client = make_client(now=clock, login_tries_per_minute=1000)
    alice, bob = Person(client, "Alice"), Person(client, "Bob")
    ratings = [1500.0]
    for _ in range(REPEATS_IN_FULL + 1):
        loses_by_resigning(client, alice, bob)
        ratings.append(bobs_rating(client))
    gains = [after - before for before, after in itertools.pairwise(ratings)]
    assert all(gain > 0 for gain in gains)
    assert gains[-1] < 0.6 * gains[-2]  # halved (Glicko-2 alone shrinks it by about a tenth)
    clock.advance(days=REPEAT_DAYS, seconds=1)
    loses_by_resigning(client, alice, bob)
    fresh = bobs_rating(client)
    assert fresh - ratings[-1] > 1.5 * gains[-1]  # a day later they count in full again


def test_a_rating_is_provisional_and_off_the_leaderboard_until_enough_opponents(
    make_client: Callable[..., TestClient],
) -> None:
    client = make_client(login_tries_per_minute=1000)
    alice, bob = Person(client, "Alice"), Person(client, "Bob")
    loses_by_resigning(client, alice, bob)
    page = client.get("/api/players/Bob").json()
    assert page["games"] == 1 and page["opponents"] == 1 and page["provisional"] is True
    assert client.get("/api/players").json()["players"] == []


def test_an_abandoned_rated_game_against_the_computer_is_lost_on_time(
    make_client: Callable[..., TestClient], clock: FakeClock
) -> None:
    client = make_client(now=clock, login_tries_per_minute=1000)
    alice = Person(client, "Alice")
    game = alice.post("/api/lobby/computer", {"level": "easy"}).json()
    seat = Seat(client, game["id"], game["token"])
    play_until_both_moved(seat)
    while not seat.state["legal"]:  # the computer's turn is over: the person's clock runs
        seat.until_state()
    seat.close()  # ... and never comes back
    clock.advance(days=1, seconds=1)
    assert sweep(client) == 1
    page = alice.get("/api/players/Alice").json()
    assert page["games"] == 1 and page["rating"] < 1500


def _mover_and_claimer(game: dict[str, Any], seats: dict[str, Seat]) -> tuple[str, Person]:
    to_move = seats["A"].state["view"]["to_move"]
    claimer = next(person for seat, (person, _) in game["seats"].items() if seat != to_move)
    return to_move, claimer


def test_a_claim_counts_60_seconds_without_a_connection_not_60_of_the_turn(
    make_client: Callable[..., TestClient], clock: FakeClock
) -> None:
    client = make_client(now=clock, login_tries_per_minute=1000)
    alice, bob = Person(client, "Alice"), Person(client, "Bob")
    game = challenge_and_accept(client, alice, bob, "10+5")
    seats = seats_of(client, game)
    _, claimer = _mover_and_claimer(game, seats)
    clock.advance(seconds=55)
    sweep(client)  # the server sees the player at the table
    clock.advance(seconds=4)
    for seat in seats.values():
        seat.close()  # a moment away (a train's tunnel) ...
    clock.advance(seconds=2)
    early = claimer.post(f"/api/games/{game['id']}/claim")
    assert early.status_code == 409 and early.json()["error"]["code"] == "too_early"
    clock.advance(seconds=60)
    assert claimer.post(f"/api/games/{game['id']}/claim").status_code == 200  # ... a minute away is gone


def test_a_claim_on_one_process_sees_the_players_connection_on_another(
    make_client: Callable[..., TestClient], clock: FakeClock
) -> None:
    first = make_client(now=clock, login_tries_per_minute=1000)
    alice, bob = Person(first, "Alice"), Person(first, "Bob")
    game = challenge_and_accept(first, alice, bob, "10+5")
    seats = seats_of(first, game)
    _, claimer = _mover_and_claimer(game, seats)
    second = make_client(now=clock, login_tries_per_minute=1000)  # another process on the same database
    clock.advance(seconds=61)
    sweep(first)  # the first process sees the player at the table
    claimer.client = second
    refused = claimer.post(f"/api/games/{game['id']}/claim")
    assert refused.status_code == 409, refused.text


# ------------------------------------------------------------------------------------------------- races


def _at_once(requests: list[Callable[[], Any]]) -> list[Any]:
    """Send these requests together (each thread waits at a barrier until all are ready)."""
    barrier = threading.Barrier(len(requests))

    def send(request: Callable[[], Any]) -> Any:
        barrier.wait(10)
        return request()

    with ThreadPoolExecutor(len(requests)) as pool:
        return list(pool.map(send, requests))


def _as(client: TestClient, person: Person, path: str, body: dict[str, Any]) -> Callable[[], int]:
    headers = {"Cookie": f"ts_login={person.cookie}"}
    return lambda: int(client.post(path, json=body, headers=headers).status_code)


def test_the_three_challenge_cap_holds_under_concurrent_requests(
    make_client: Callable[..., TestClient], database_url: str
) -> None:
    client = make_client(database_url, login_tries_per_minute=1000)
    alice = Person(client, "Alice")
    client.cookies.clear()
    answers = _at_once([_as(client, alice, "/api/lobby", {"control": "5+3"}) for _ in range(8)])
    assert sorted(answers) == [201] * 3 + [409] * 5


def test_the_three_tournament_cap_holds_under_concurrent_requests(
    make_client: Callable[..., TestClient], database_url: str
) -> None:
    client = make_client(database_url, login_tries_per_minute=1000)
    alice = Person(client, "Alice")
    client.cookies.clear()
    starts = (datetime.now(UTC) + timedelta(hours=1)).strftime("%Y-%m-%dT%H:%M:%SZ")
    body = {"name": "Friday night", "control": "5+3", "rounds": 3, "starts_at": starts}
    answers = _at_once([_as(client, alice, "/api/tournaments", body) for _ in range(8)])
    assert sorted(answers) == [201] * 3 + [409] * 5


def test_simultaneous_quick_seekers_are_all_paired_one_game_each(make_client: Callable[..., TestClient]) -> None:
    client = make_client(login_tries_per_minute=1000)
    people = [Person(client, f"Seeker{i}") for i in range(8)]
    client.cookies.clear()
    answers = _at_once([_as(client, p, "/api/lobby/quick", {"control": "5+3"}) for p in people])
    assert sorted(answers) == [201] * 4 + [202] * 4
    online = client.app.state.online  # type: ignore[attr-defined]
    assert client.portal.call(online.run, online.store.challenges) == []  # type: ignore[union-attr]  # nobody left waiting
    games = [online.store.games_of(i + 1, 5) for i in range(8)]
    assert [len(g) for g in games] == [1] * 8  # one game each


def test_taking_both_seats_at_once_gives_one_seat_and_a_409(
    make_client: Callable[..., TestClient], database_url: str
) -> None:
    client = make_client(database_url, login_tries_per_minute=1000)
    alice = Person(client, "Alice")
    client.cookies.clear()
    for _ in range(3):
        game = new_game(client, mode="friend")
        takes = [
            _as(client, alice, f"/api/games/{game['id']}/take", {"token": token})
            for token in (game["token"], game["invite_token"])
        ]
        assert sorted(_at_once(takes)) == [200, 409]


# ----------------------------------------------------------------------------------- one lobby, processes


def test_lobby_changes_and_started_reach_the_lobby_sockets_of_another_process(
    make_client: Callable[..., TestClient], pg_cluster: Any
) -> None:
    url = fresh_pg_database(pg_cluster)
    first = make_client(url, login_tries_per_minute=1000)
    second = make_client(url, login_tries_per_minute=1000)
    alice, bob = Person(first, "Alice"), Person(first, "Bob")
    second.cookies.set("ts_login", alice.cookie)
    with second.websocket_connect("/ws/lobby") as socket:
        assert socket.receive_json()["challenges"] == []
        posted = alice.post("/api/lobby", {"control": "5+3"}).json()["challenge"]  # on the first process
        assert [c["id"] for c in socket.receive_json()["challenges"]] == [posted["id"]]
        game = bob.post(f"/api/lobby/{posted['id']}/accept").json()
        message = socket.receive_json()
        while message["type"] != "started":
            message = socket.receive_json()
        assert message["id"] == game["id"] and message["seat"] != game["seat"]
        assert _joins(second, message, message["token"]) == "state"  # the token derived there works

"""A tournament's games as lichess's Swiss plays them (docs/rules.md R11.10, issue 31): no abort; a player who
takes no first action within 30 seconds of his first turn loses; withdrawing and coming back; the round's
start reaches a player's lobby socket; a game's state names its tournament (its page links back)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from conftest import Seat
from online_helpers import FakeClock, Person, sweep
from starlette.testclient import TestClient

from timessquare.web.online.tournaments import Tournaments
from timessquare.web.storage.store import VersionConflict


def started(online: TestClient, clock: FakeClock, people: list[Person], rounds: int = 2) -> str:
    """A tournament of `people` (the first made it), started and its first round paired."""
    body = {"name": "Sunday Swiss", "control": "5+3", "rounds": rounds, "starts_at": _iso(clock, minutes=5)}
    tid: str = people[0].post("/api/tournaments", body).json()["tournament"]["id"]
    for person in people[1:]:
        assert person.post(f"/api/tournaments/{tid}/join").status_code == 200
    assert people[0].post(f"/api/tournaments/{tid}/start").status_code == 202
    sweep(online)
    return tid


def _iso(clock: FakeClock, **later: float) -> str:
    return (clock.moment + timedelta(**later)).strftime("%Y-%m-%dT%H:%M:%SZ")


def seats(online: TestClient, people: dict[str, Person], game: dict[str, Any]) -> dict[str, Seat]:
    found = {}
    for name in (game["white"], game["black"]):
        mine = people[name].get(f"/api/games/{game['game']}/seat").json()
        found[mine["seat"]] = Seat(online, game["game"], mine["token"])
    return found


def test_the_round_start_reaches_the_lobby_socket_and_the_game_names_its_tournament(
    online: TestClient, clock: FakeClock
) -> None:
    alice, bob = Person(online, "Alice"), Person(online, "Bob")
    body = {"name": "Sunday Swiss", "control": "5+3", "rounds": 1, "starts_at": _iso(clock, minutes=5)}
    tid = alice.post("/api/tournaments", body).json()["tournament"]["id"]
    bob.post(f"/api/tournaments/{tid}/join")
    alice.post(f"/api/tournaments/{tid}/start")
    with bob.use().websocket_connect("/ws/lobby") as lobby:
        assert lobby.receive_json()["type"] == "lobby"
        sweep(online)  # the round starts: what it told is queued before the answer to this keep-alive
        lobby.send_json({"v": 1, "type": "ping"})
        heard = [lobby.receive_json()]
        while heard[-1]["type"] != "pong":
            heard.append(lobby.receive_json())
        told = next(m for m in heard if m["type"] == "started")
        assert told["tournament"] == tid
        game = online.get(f"/api/tournaments/{tid}").json()["pairings"][0]["games"][0]
        assert told["id"] == game["game"]
        assert {"type": "tournament", "id": tid} in heard  # its page reads it again: no polling
    state = Seat(online, told["id"], told["token"]).state
    assert state["online"]["tournament"] == tid


def test_no_abort_in_a_tournament_game_and_no_first_move_in_30_s_loses_it(online: TestClient, clock: FakeClock) -> None:
    alice, bob = Person(online, "Alice"), Person(online, "Bob")
    people = {"Alice": alice, "Bob": bob}
    tid = started(online, clock, [alice, bob], rounds=1)
    game = online.get(f"/api/tournaments/{tid}").json()["pairings"][0]["games"][0]
    at = seats(online, people, game)
    first = next(s for s, seat in at.items() if seat.state["legal"])
    at[first].send({"v": 1, "type": "abort"})
    refused = at[first].until(lambda m: m["type"] == "error" or (m["type"] == "state" and m["over"] is not None))
    assert (refused["type"], refused.get("code"), "tournament" in refused.get("message", "")) == (
        "error",
        "forbidden",
        True,
    )
    clock.advance(seconds=29)
    sweep(online)
    assert online.get(f"/api/tournaments/{tid}").json()["pairings"][0]["games"][0]["result"] is None
    clock.advance(seconds=2)  # 31 s without a first action
    sweep(online)
    over = at[first].until(lambda m: m["type"] == "state" and m["over"] is not None)["over"]
    assert over["result"] == ("B" if first == "A" else "A") and "first move" in over["reason"]
    t = online.get(f"/api/tournaments/{tid}").json()
    winner = game["black"] if first == "A" else game["white"]
    assert (t["standings"][0]["name"], t["standings"][0]["score"]) == (winner, 1)
    assert alice.get("/api/players/Alice").json()["games"] == 1  # rated, though one side never moved


def test_a_player_withdraws_then_comes_back(online: TestClient, clock: FakeClock) -> None:
    people = {name: Person(online, name) for name in ("Ann", "Ben", "Cat", "Dan")}
    crowd = list(people.values())
    tid = started(online, clock, crowd, rounds=3)
    t = online.get(f"/api/tournaments/{tid}").json()
    assert len(t["pairings"][0]["games"]) == 2
    gone = people["Dan"].delete(f"/api/tournaments/{tid}/join")
    assert gone.status_code == 200 and (gone.json()["joined"], gone.json()["withdrawn"]) == (False, True)
    for game in t["pairings"][0]["games"]:  # the round is played out, Dan's game too
        at = seats(online, people, game)
        mover = next(seat for seat in at.values() if seat.state["legal"])
        mover.send({"v": 1, "type": "resign"})
        for seat in at.values():
            seat.until(lambda m: m["type"] == "state" and m["over"] is not None)
            seat.close()
    sweep(online)
    second = online.get(f"/api/tournaments/{tid}").json()["pairings"][1]["games"]
    names = {g["white"] for g in second} | {g["black"] for g in second}
    assert "Dan" not in names and len(second) == 2  # two games: one of them a bye
    back = people["Dan"].post(f"/api/tournaments/{tid}/join")
    assert back.status_code == 200 and back.json()["joined"]
    stranger = Person(online, "Eve")
    assert stranger.post(f"/api/tournaments/{tid}/join").status_code == 409  # only its own players come back


def test_a_rated_game_against_the_computer_cannot_be_aborted_to_shop_for_a_deal(online: TestClient) -> None:
    alice = Person(online, "Alice")
    for rated, expected in ((False, "aborted"), (True, "forbidden")):
        game = alice.post("/api/lobby/computer", {"level": "easy", "rated": rated}).json()
        seat = Seat(online, game["id"], game["token"])
        seat.send({"v": 1, "type": "abort"})
        answer = seat.until(lambda m: m["type"] == "error" or (m["type"] == "state" and m["over"] is not None))
        got = answer["over"]["result"] if answer["type"] == "state" else answer["code"]
        assert got == expected  # a casual one may still be called off
        seat.close()


def test_a_round_being_paired_by_one_process_is_not_paired_again_by_another(
    online: TestClient, clock: FakeClock
) -> None:
    """Two processes look at the tournaments once a second each; while one pairs a round (its games starting),
    the other's look must not take the round, still without pairings, for one that is over and pair the next."""
    alice, bob = Person(online, "Alice"), Person(online, "Bob")
    body = {"name": "Sunday Swiss", "control": "5+3", "rounds": 3, "starts_at": _iso(clock, minutes=5)}
    tid = alice.post("/api/tournaments", body).json()["tournament"]["id"]
    assert bob.post(f"/api/tournaments/{tid}/join").status_code == 200
    assert alice.post(f"/api/tournaments/{tid}/start").status_code == 202
    here: Tournaments = online.app.state.tournaments  # type: ignore[attr-defined]
    there = Tournaments(here.online, here.store, here.rules)  # another process on the same database
    starter = here.online.starter
    start_game = starter.pairing
    looked = []

    async def pairing(*args: Any) -> Any:
        if not looked:  # the other process looks while this one starts the round's first game
            looked.append(True)
            await there.tick()
        return await start_game(*args)

    starter.pairing = pairing  # type: ignore[method-assign]
    try:
        online.portal.call(here.tick)  # type: ignore[union-attr]
    finally:
        starter.pairing = start_game  # type: ignore[method-assign]
    found = online.get(f"/api/tournaments/{tid}").json()
    assert looked and found["round"] == 1
    assert [(r["round"], len(r["games"])) for r in found["pairings"]] == [(1, 1)]  # one game: theirs, in round 1


def test_a_first_move_forfeit_another_process_wrote_first_is_no_failure(online: TestClient, clock: FakeClock) -> None:
    """Every process looks for games without a first move; where another one stored the game's end first, this
    one's write meets a newer game: the look goes on (no failed sweep, no traceback) and reads the game again."""
    alice, bob = Person(online, "Alice"), Person(online, "Bob")
    tid = started(online, clock, [alice, bob], rounds=1)
    game = online.get(f"/api/tournaments/{tid}").json()["pairings"][0]["games"][0]
    at = seats(online, {"Alice": alice, "Bob": bob}, game)
    rooms = online.app.state.online.rooms  # type: ignore[attr-defined]
    store_game = rooms.database.append

    async def written_by_another(*args: Any) -> None:
        raise VersionConflict("another process stored this game first")

    rooms.database.append = written_by_another
    clock.advance(seconds=31)
    try:
        sweep(online)  # the forfeit meets a newer game: not a failure of the sweep
    finally:
        rooms.database.append = store_game
    assert online.get(f"/api/tournaments/{tid}").json()["pairings"][0]["games"][0]["result"] is None
    clock.advance(seconds=5)
    sweep(online)  # read again (here: still running, so this process ends it)
    assert online.get(f"/api/tournaments/{tid}").json()["pairings"][0]["games"][0]["result"] is not None
    for seat in at.values():
        seat.close()

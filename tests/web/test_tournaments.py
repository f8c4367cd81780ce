"""Swiss tournaments through the API and the game sockets (docs/rules.md R11.10): six bot accounts play three
rounds, paired by score without a repeat, their games rated, to standings with Buchholz."""

from __future__ import annotations

from datetime import timedelta

from conftest import Seat
from online_helpers import FakeClock, Person, each_plays_a_turn, sweep
from starlette.testclient import TestClient


def iso(clock: FakeClock, **later: float) -> str:
    return (clock.moment + timedelta(**later)).strftime("%Y-%m-%dT%H:%M:%SZ")


def play_out(online: TestClient, bots: dict[str, Person], game: dict[str, object], how: int) -> None:
    """The bots of one game: each takes a turn, then one resigns or they agree a draw."""
    seats = {}
    for name in (game["white"], game["black"]):
        mine = bots[str(name)].get(f"/api/games/{game['game']}/seat").json()
        seats[mine["seat"]] = Seat(online, str(game["game"]), mine["token"])
    each_plays_a_turn(seats)  # a game one side never moved in is aborted, not rated (R11.4)
    if how == 0:
        for seat in seats.values():
            seat.send({"v": 1, "type": "offer", "offer": "draw"})
    else:
        seats["B" if how == 1 else "A"].send({"v": 1, "type": "resign"})
    for seat in seats.values():
        seat.until(lambda m: m["type"] == "state" and m["over"] is not None)
        seat.close()


def test_six_bots_play_a_swiss_tournament_of_three_rounds(online: TestClient, clock: FakeClock) -> None:
    bots = {f"Bot{n}": Person(online, f"Bot{n}", bot=True) for n in range(6)}
    body = {"name": "Friday Swiss", "control": "5+3", "rounds": 3, "starts_at": iso(clock, minutes=5)}
    made = bots["Bot0"].post("/api/tournaments", body)
    assert made.status_code == 201, made.text
    tid = made.json()["tournament"]["id"]
    for bot in bots.values():
        joined = bot.post(f"/api/tournaments/{tid}/join")
        assert joined.status_code == 200 and joined.json()["joined"]
    assert sweep(online) == 0 and online.get(f"/api/tournaments/{tid}").json()["status"] == "open"
    assert bots["Bot1"].post(f"/api/tournaments/{tid}/start").status_code == 409  # only its creator
    clock.advance(minutes=4)
    assert bots["Bot0"].post(f"/api/tournaments/{tid}/start").status_code == 202  # a minute early
    for round_ in (1, 2, 3):
        sweep(online)
        t = online.get(f"/api/tournaments/{tid}").json()
        assert (t["status"], t["round"]) == ("running", round_)
        games = t["pairings"][-1]["games"]
        assert t["pairings"][-1]["round"] == round_ and len(games) == 3 and all(g["game"] for g in games)
        for n, game in enumerate(games):
            play_out(online, bots, game, (round_ + n) % 3)
        late = Person(online, f"Late{round_}")
        assert late.post(f"/api/tournaments/{tid}/join").status_code == 409
    sweep(online)
    t = online.get(f"/api/tournaments/{tid}").json()
    assert t["status"] == "finished" and len(t["pairings"]) == 3
    pairs = [frozenset((g["white"], g["black"])) for r in t["pairings"] for g in r["games"]]
    assert len(pairs) == len(set(pairs)) == 9  # nobody met anybody twice
    assert all(sum(name in p for p in pairs) == 3 for name in bots)  # three games each
    table = t["standings"]
    assert sum(s["score"] for s in table) == 9  # a point a game, shared in a draw
    assert [(s["score"], s["buchholz"]) for s in table] == sorted(
        ((s["score"], s["buchholz"]) for s in table), reverse=True
    )
    assert [s["rank"] for s in table] == [1, 2, 3, 4, 5, 6]
    games_played = {name: online.get(f"/api/players/{name}").json()["games"] for name in bots}
    assert games_played == dict.fromkeys(bots, 3)  # every game rated
    assert any(g["result"] == "draw" for r in t["pairings"] for g in r["games"])


def test_a_tournament_is_checked_and_one_without_players_is_called_off(online: TestClient, clock: FakeClock) -> None:
    alice = Person(online, "Alice")
    good = {"name": "Solo", "control": "5+3", "rounds": 2, "starts_at": iso(clock, minutes=1)}
    for bad in (
        {"rounds": 0},
        {"rounds": 10},
        {"name": "x"},
        {"control": "5"},
        {"starts_at": "tomorrow"},
        {"starts_at": iso(clock, days=31)},
        {"starts_at": "2026-01-05T12:00:00"},
    ):
        answer = alice.post("/api/tournaments", {**good, **bad})
        assert (answer.status_code, answer.json()["error"]["code"]) == (400, "bad_request"), bad
    online.cookies.clear()
    assert online.post("/api/tournaments", json=good).status_code == 401
    made = [alice.post("/api/tournaments", good) for _ in range(4)]
    assert [m.status_code for m in made] == [201, 201, 201, 409]  # three at once per account
    clock.advance(minutes=1)
    sweep(online)
    listed = online.get("/api/tournaments").json()["tournaments"]
    assert {t["status"] for t in listed} == {"cancelled"}  # only its creator joined
    assert online.get("/api/tournaments/nosuchtournament").status_code == 404
    assert {t["created_by"] for t in listed} == {"Alice"}


def test_a_round_whose_pairer_died_before_pairing_anybody_is_paired_again(online: TestClient, clock: FakeClock) -> None:
    bots = [Person(online, f"Bot{n}", bot=True) for n in range(2)]
    body = {"name": "Crash Swiss", "control": "5+3", "rounds": 1, "starts_at": iso(clock, minutes=1)}
    tid = bots[0].post("/api/tournaments", body).json()["tournament"]["id"]
    for bot in bots:
        assert bot.post(f"/api/tournaments/{tid}/join").status_code == 200
    clock.advance(minutes=1)
    store = online.app.state.tournaments.store  # type: ignore[attr-defined]
    # Another process claimed the first round and died before it paired anybody.
    assert store.claim_round(tid, 0, "running", clock.moment)

    def now_shown() -> tuple[str, int, int]:
        t = online.get(f"/api/tournaments/{tid}").json()
        return t["status"], t["round"], sum(len(r["games"]) for r in t["pairings"])

    sweep(online)
    assert now_shown() == ("running", 1, 0)  # it may still be pairing: left alone
    clock.advance(seconds=61)
    sweep(online)  # given back
    sweep(online)  # and paired again
    assert now_shown() == ("running", 1, 1)

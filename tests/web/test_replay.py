"""The replay of a finished game comes from the server, built by the rules core: on whole games between
computer players (wins at an entrance, by the supply, draws, reshuffles, a resignation), every frame of
`GET /api/games/{id}/replay` is checked against the core's own walk of the record: the view document of
the asked seat after each public action, and the log entries of that action in the asked language."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from conftest import new_game
from starlette.testclient import TestClient
from test_protocol import friend_game

from timessquare.actions import ACTIONS, PLAY, action_id
from timessquare.arena.selfplay import play_games
from timessquare.cards import CARD_INDEX, SEAT_NAMES
from timessquare.game import Game
from timessquare.outcome import Termination
from timessquare.position import from_document
from timessquare.record import to_record
from timessquare.session import ending_of, over_entry
from timessquare.session.log import ending_words
from timessquare.variants import DEFAULT_RULES
from timessquare.view import SHUFFLE
from timessquare.web.guards.security import new_game_id
from timessquare.web.storage import GameStore, NewGame, Progress
from views_log import entries_for

SEATS = {"A": 0, "B": 1, "spectator": None}


def whole_games() -> list[Game]:
    games = [
        *play_games(16, 7, DEFAULT_RULES, "random", "random"),
        *play_games(6, 8, DEFAULT_RULES, "heuristic", "random"),
    ]
    resigned = Game.new(5, DEFAULT_RULES, players={"A": "you", "B": "friend"})
    for _ in range(9):
        resigned.apply_checked(resigned.legal_actions()[0])
    resigned.resign(1, "resigned")
    at_the_deal = Game.new(6, DEFAULT_RULES, players={"A": "you", "B": "easy"})
    at_the_deal.resign(0, "resigned")
    return [*games, resigned, at_the_deal]


GAMES = whole_games()


def store_game(client: TestClient, game: Game) -> str:
    """A finished game put in the server's database as if it had been played there."""
    return store_finished(client.app.state.rooms.database.store, game)  # type: ignore[attr-defined]


def store_finished(store: GameStore, game: Game) -> str:
    """A finished game put in `store` as if it had been played there; its new id."""
    game_id = new_game_id()
    new = NewGame(game_id, "friend", dict(game.players), list(game.rules.names), game.start, {})
    forfeit = (game.forfeit["seat"], game.forfeit["reason"]) if game.forfeit else None
    progress = Progress(
        version=len(game.moves) + 1,
        public_moves=sum(1 for m in game.moves if not m.startswith(SHUFFLE)),
        to_move=None,
        result=game.result,
        end_reason=game.end_reason(),
        forfeit=forfeit,
    )
    store.create(new, progress, list(game.moves))
    return game_id


def seat_name(seat: int | None) -> str | None:
    return None if seat is None else SEAT_NAMES[seat]


def core_frames(record: dict[str, Any], seat: int | None, lang: str) -> list[dict[str, Any]]:
    """The frames as the core gives them: the record replayed action by action (a reshuffle's order from
    the record), the seat's view after each public action, and that action's log entries."""
    game = Game(from_document(record["start"]), dict(record["players"]))
    game.rng = None  # the reshuffles come from the record
    frames = [{"view": game.view(seat).to_document(), "log": []}]
    entries = iter(record["moves"])
    for entry in entries:
        mover, before = game.state.to_move, game.view(None)
        game.apply_checked(entry)
        if game.state.chance_due is not None:  # the next entry is the reshuffle's order
            game.apply_chance([CARD_INDEX[code] for code in next(entries).split()[1:]])
        log = entries_for(entry, mover, before, game.view(None))
        frames.append({"view": game.view(seat).to_document(), "log": log})
    if "forfeit" in record:
        game.forfeit = dict(record["forfeit"])
        ending = ending_of(game.view(None), game.forfeit)
        assert ending is not None
        frames[-1]["log"].append(over_entry(ending))
    for frame in frames:
        frame["log"] = [
            {"text": e.text(lang), "seat": seat_name(e.seat), "notation": e.notation or None} for e in frame["log"]
        ]
    return frames


def without_lines(log: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The log entries without their `line` (test_log_lines checks it)."""
    return [{key: value for key, value in entry.items() if key != "line"} for entry in log]


def test_the_games_cover_every_ending() -> None:
    endings = {(o.termination, o.seat) for game in GAMES if (o := ending_of(game.view(None), game.forfeit))}
    given_up = {seat for kind, seat in endings if kind in (Termination.RESIGNATION, Termination.FORFEIT)}
    assert {Termination.SUE, Termination.CHARLIE} <= {kind for kind, _ in endings} and given_up == {"A", "B"}
    assert (Termination.SUPPLY, None) in endings, "no game ran out of the second supply (R8.2)"
    assert any(m.startswith(SHUFFLE) for game in GAMES for m in game.moves), "no reshuffle (R6.2)"


def test_the_frames_are_the_cores_views_and_log(client: TestClient) -> None:
    for number, game in enumerate(GAMES):
        game_id = store_game(client, game)
        record = to_record(game)
        every = itertools.product(SEATS, ("en", "fr"))
        for seat_name, lang in every if number % 4 == 0 else [("A", "en"), ("B", "fr"), ("spectator", "en")]:
            answer = client.get(f"/api/games/{game_id}/replay?seat={seat_name}&lang={lang}")
            assert answer.status_code == 200, answer.text
            replay = answer.json()
            seat = None if seat_name == "spectator" else seat_name
            assert (replay["id"], replay["seat"], replay["lang"]) == (game_id, seat, lang)
            assert replay["players"] == game.players
            ending = ending_of(game.view(None), game.forfeit)
            assert replay["over"] == {"result": game.result, "reason": ending_words(ending, lang)}
            expected = core_frames(record, SEATS[seat_name], lang)
            public = [m for m in game.moves if not m.startswith(SHUFFLE)]
            assert len(replay["frames"]) == len(expected) == len(public) + 1
            for index, (got, want) in enumerate(zip(replay["frames"], expected, strict=True)):
                got = {"view": got["view"], "log": without_lines(got["log"])}  # `played`, `line`: tests below
                assert got == want, f"game {number}, {seat_name}, frame {index}"
            last = replay["frames"][-1]["log"][-1]["text"]
            assert last.startswith("Partie terminée" if lang == "fr" else "Game over")


def test_the_english_ending_is_the_cores(client: TestClient) -> None:
    for game in GAMES:
        assert ending_words(ending_of(game.view(None), game.forfeit), "en") == game.end_reason()
        assert ending_words(ending_of(game.view(None), game.forfeit), "fr") != game.end_reason()


def test_a_spectators_frames_hold_no_hand_and_a_seats_only_its_own(client: TestClient) -> None:
    game = GAMES[0]
    game_id = store_game(client, game)
    frames = {s: client.get(f"/api/games/{game_id}/replay?seat={s}").json()["frames"] for s in SEATS}
    for index in range(len(frames["A"])):
        assert frames["spectator"][index]["view"]["hand"] is None
        assert frames["A"][index]["view"]["seat"] == "A" and "hand_sizes" not in frames["A"][index]["view"]
        assert frames["A"][index]["view"]["opponent_hand_size"] == len(frames["B"][index]["view"]["hand"])
    spectator = client.get(f"/api/games/{game_id}/replay")
    assert spectator.json()["seat"] is None  # a spectator unless asked
    assert spectator.headers["content-encoding"] == "gzip"  # every view repeats the history: it compresses well


def test_the_replay_only_after_the_end_and_bad_requests(client: TestClient) -> None:
    game, mine, _ = friend_game(client, "A")
    running = client.get(f"/api/games/{game['id']}/replay?seat=A")
    assert running.status_code == 409 and running.json()["error"]["code"] == "conflict"
    assert client.get("/api/games/nosuchgame0/replay").status_code == 404
    assert client.get("/api/games/bad/replay").json()["error"]["code"] == "not_found"
    computer = new_game(client, mode="computer", level="easy", seat="A")
    assert client.get(f"/api/games/{computer['id']}/replay").status_code == 409
    mine.send({"v": 1, "type": "resign"})
    mine.until(lambda m: m.get("type") == "state" and m["over"] is not None)
    assert client.get(f"/api/games/{game['id']}/replay?seat=A").status_code == 200
    for query, field in (("seat=C", "seat"), ("seat=a", "seat"), ("lang=de", "lang"), ("seat=A&lang=", "lang")):
        answer = client.get(f"/api/games/{game['id']}/replay?{query}")
        assert answer.status_code == 400 and field in answer.json()["error"]["message"], query


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_resignation_closes_the_last_frame(client: TestClient, lang: str) -> None:
    game_id = store_game(client, GAMES[-2])
    replay = client.get(f"/api/games/{game_id}/replay?seat=B&lang={lang}").json()
    assert len(replay["frames"]) == 10 and replay["frames"][-1]["view"]["result"] is None
    assert replay["over"]["result"] == "A"
    words = {"en": "B forfeited: resigned", "fr": "B perd par forfait (abandon)"}[lang]
    assert replay["over"]["reason"] == words and words in replay["frames"][-1]["log"][-1]["text"]
    at_the_deal = client.get(f"/api/games/{store_game(client, GAMES[-1])}/replay?lang={lang}").json()
    assert len(at_the_deal["frames"]) == 1 and at_the_deal["over"]["result"] == "B"
    assert [e["seat"] for e in at_the_deal["frames"][0]["log"]] == [None]


def test_a_card_play_s_line_names_the_seat_and_the_card_after_a_colon_as_the_language_writes(
    client: TestClient,
) -> None:
    """`played` ("A plays G1: The A-side bodyguard moves 1 toward B"): French writes lower case after its
    colon, unless a name comes first ("B joue S : Sue se déplace…")."""
    game_id = store_game(client, GAMES[0])
    for lang in ("en", "fr"):
        frames = client.get(f"/api/games/{game_id}/replay?lang={lang}").json()["frames"]
        assert frames[0]["played"] is None
        plays = [f for f in frames[1:] if ACTIONS[action_id(f["log"][0]["notation"])].kind == PLAY]
        assert plays and all(f["played"] for f in plays)
        assert all(f["played"] is None for f in frames[1:] if f not in plays)
        for frame in plays:
            entry = frame["log"][0]
            card = entry["notation"].split(" ")[0]
            card = "S S" if card == "SS" else card
            text = entry["text"]
            if lang == "fr" and not text.startswith(("Sue", "Hal", "Deb", "Charlie")):
                text = text[0].lower() + text[1:]
            verb = {"en": "plays", "fr": "joue"}[lang]
            colon = {"en": ":", "fr": " :"}[lang]
            assert frame["played"] == f"{entry['seat']} {verb} {card}{colon} {text}", frame["played"]


def test_log_lines_name_who_acted_after_a_colon_as_the_language_writes(client: TestClient) -> None:
    """The game page's log line (`line`): "B: Deb moves 2 toward B"; French "B : le garde du corps côté A se
    déplace…" in lower case after its colon (a name keeps its capital); an entry that names its seat, or the
    game's own ("Charlie stays"), is its text."""
    game_id = store_game(client, GAMES[0])
    for lang, colon in (("en", ":"), ("fr", " :")):
        for frame in client.get(f"/api/games/{game_id}/replay?lang={lang}").json()["frames"]:
            for entry in frame["log"]:
                text, seat = entry["text"], entry["seat"]
                if seat is None or not entry["notation"] or text.startswith(f"{seat} "):
                    assert entry["line"] == text, entry
                    continue
                if lang == "fr" and not text.startswith(("Sue", "Hal", "Deb", "Charlie")):
                    text = text[0].lower() + text[1:]
                assert entry["line"] == f"{seat}{colon} {text}", entry

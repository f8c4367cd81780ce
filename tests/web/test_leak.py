"""Hidden information never leaves the server: whole games are played over the sockets while every payload
sent to each seat and to a spectator is checked against the server's own secret state (the opponent's hand,
the supply order, the reshuffle's order)."""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from typing import Any

from conftest import Seat, new_game
from starlette.testclient import TestClient

from timessquare.cards import CARD_CODES, SEAT_NAMES
from timessquare.web.sockets.table import Table

STATE_KEYS = {"v", "type", "version", "seat", "view", "legal", "destinations", "log", "players", "thinking", "over"} | {
    "lang",
    "words",  # each legal action in words: public figures and spaces only
    "rematch",
    "draws_at_end",  # a count the seat's own hand gives (R6.1), never anything hidden
    "_raw",
}
VIEW_KEYS = {"format", "seat", "figures", "to_move", "hand", "supply_size", "supply_number", "discard", "turn"} | {
    "moves",
    "result",
}
PUBLIC_LISTS = {"discard", "cards", "moves", "legal", "turn"}  # lists of cards or actions everyone may see
CARD = "|".join(sorted(CARD_CODES, key=len, reverse=True))


def card_lists(value: Any, key: str = "") -> list[list[str]]:
    """Every list of card codes in a message, outside the public lists."""
    found: list[list[str]] = []
    if isinstance(value, dict):
        for k, v in value.items():
            if k not in PUBLIC_LISTS:
                found += card_lists(v, k)
    elif isinstance(value, list):
        if value and all(isinstance(x, str) and x in CARD_CODES for x in value):
            found.append(value)
        for item in value:
            found += card_lists(item, key)
    return found


def secrets_of(table: Table) -> tuple[list[list[str]], list[str]]:
    """Both hands (codes) and the supply order (next card first) as the server holds them."""
    state = table.session.game.state
    hands = [[CARD_CODES[c] for c, n in enumerate(state.hands[s]) for _ in range(n)] for s in (0, 1)]
    supply = [CARD_CODES[c] for c in state.supply]
    return hands, supply


def check_payload(message: dict[str, Any], seat: int | None, table: Table) -> None:
    raw = message["_raw"]
    hands, supply = secrets_of(table)
    for key in ("hands", "supply", "start", "seed"):  # fields of the referee's position and record only
        assert f'"{key}":' not in raw
    assert re.search(rf"shuffle ({CARD})", raw) is None, "a reshuffle's order was sent"
    if len(supply) >= 6:  # the next cards of the supply, in order, in any notation
        run = supply[:6]
        assert json.dumps(run, separators=(",", ":"))[1:-1] not in raw and " ".join(run) not in raw
    hidden = [s for s in (0, 1) if s != seat]
    for lst in card_lists(message):
        for s in hidden:
            if len(hands[s]) >= 3 and (seat is None or Counter(hands[s]) != Counter(hands[seat])):
                assert Counter(lst) != Counter(hands[s]), f"seat {SEAT_NAMES[s]}'s hand reached seat {seat}"
    if message["type"] == "state":
        assert set(message) == STATE_KEYS
        view = message["view"]
        size_key = "hand_sizes" if seat is None else "opponent_hand_size"
        assert set(view) == VIEW_KEYS | {size_key}
        if message["version"] == table.session.version:  # the view is exactly the engine's view for that seat
            assert view == table.session.view(seat).to_document()
        if seat is None:
            assert view["hand"] is None and message["legal"] == [] and message["destinations"] == []
            assert message["words"] == []


def room_table(client: TestClient, game_id: str) -> Table:
    room = client.app.state.rooms.rooms[game_id]  # type: ignore[attr-defined]
    return room.table  # type: ignore[no-any-return]


def test_no_payload_of_a_whole_friend_game_holds_a_secret(client: TestClient) -> None:
    rng = random.Random(7)
    games = reshuffles = 0
    while games < 2 or (reshuffles == 0 and games < 8):  # until one game went through the reshuffle (R6.2)
        games += 1
        game = new_game(client, mode="friend", seat="A")
        seats = {0: Seat(client, game["id"], game["token"]), 1: Seat(client, game["id"], game["invite_token"])}
        watcher = Seat(client, game["id"], None)
        sockets: dict[int | None, Seat] = {**seats, None: watcher}
        table = room_table(client, game["id"])
        reshuffled = False
        while not watcher.state["over"]:
            for seat, socket in sockets.items():
                for message in socket.received:
                    check_payload(message, seat, table)
                socket.received.clear()
            # The log is public: the same words for both seats and the spectator.
            assert seats[0].state["log"] == seats[1].state["log"] == watcher.state["log"]
            mover = seats[SEAT_NAMES.index(watcher.state["view"]["to_move"])]
            if rng.random() < 0.05:
                mover.send({"v": 1, "type": "explain", "action": rng.choice(mover.state["legal"])})
                mover.receive()
            mover.act(rng.choice(mover.state["legal"]))
            for socket in sockets.values():
                if socket is not mover:
                    socket.until_state()
            reshuffled = reshuffled or watcher.state["view"]["supply_number"] == 2
        for seat, socket in sockets.items():
            for message in socket.received:
                check_payload(message, seat, table)
        reshuffles += reshuffled
        for socket in sockets.values():
            socket.close()
    assert reshuffles > 0


def test_no_payload_of_a_computer_game_holds_a_secret(client: TestClient) -> None:
    """Against the computer, with hints: the person and a spectator see only their own views."""
    rng = random.Random(11)
    game = new_game(client, mode="computer", level="easy", seat="A")
    me, watcher = Seat(client, game["id"], game["token"]), Seat(client, game["id"], None)
    table = room_table(client, game["id"])
    hints = 0
    while not me.state["over"]:
        while not me.state["legal"] and not me.state["over"]:
            me.until_state()
        if me.state["over"]:
            break
        if hints < 3 and me.state["view"]["turn"]["mode"] == "start":
            hints += 1
            me.send({"v": 1, "type": "hint"})
            hint = me.until(lambda m: m["type"] == "hint")
            assert set(hint) == {
                "v",
                "type",
                "action",
                "turn",
                "destinations",
                "words",
                "win_probability",
                "version",
                "_raw",
            }
            assert hint["action"] in me.state["legal"]
        version = me.state["version"]
        me.act(rng.choice(me.state["legal"]))
        assert me.state["version"] > version
        for message in me.received:
            # While the computer plays, the state moves on: compare views only at the current version.
            check_payload(message, 0, table)
        me.received.clear()
    watcher.send({"v": 1, "type": "ping"})
    watcher.until(lambda m: m["type"] == "pong")
    for message in watcher.received:
        check_payload(message, None, table)
    # The record (with the deal and every reshuffle's order) is only served once the game is over.
    assert client.get(f"/api/games/{game['id']}/record").status_code == 200


def test_lists_and_records_of_running_games_show_nothing_hidden(client: TestClient) -> None:
    game = new_game(client, mode="friend")
    assert client.get(f"/api/games/{game['id']}/record").status_code == 409
    listed = client.get("/api/games?status=live").json()["games"][0]
    assert set(listed) == {"id", "players", "to_move", "result", "moves", "updated", "seat"}
    assert game["token"] not in client.get("/api/games?status=live").text


def test_tokens_are_stored_only_as_hashes(client: TestClient, sqlite_url: str) -> None:
    game = new_game(client, mode="friend")
    from sqlalchemy import create_engine, text

    engine = create_engine(sqlite_url)
    with engine.connect() as connection:
        dump = json.dumps([list(map(str, row)) for row in connection.execute(text("SELECT * FROM seats"))])
    engine.dispose()
    assert game["token"] not in dump and game["invite_token"] not in dump

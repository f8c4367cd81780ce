"""Fuzzing the game socket: more than 10,000 malformed, out-of-turn, stale, forged-token and spectator
messages, mixed with real play, must each get the refusal they deserve, never a server error, and leave the
games exactly as the accepted actions made them (checked against the database by replaying the record)."""

from __future__ import annotations

import json
import random
import string
from collections.abc import Callable

from conftest import Seat, new_game
from starlette.testclient import TestClient

from timessquare.actions import ACTIONS
from timessquare.web.sockets.table import Table
from timessquare.web.storage import GameStore, make_engine

MESSAGES = 10_500
# Well-formed messages whose action is not notation: refused as bad_message once seat and turn are checked.
NOT_NOTATION = ("S sue+9", "lure deb", "END", " end", "end ", "G2 high+1 low+1", "DM deb=7", "pass")


def malformed(rng: random.Random, version: int) -> str | bytes:
    """A message the parser must refuse as bad_message."""
    kind = rng.randrange(16)
    if kind == 0:
        return "".join(rng.choice(string.printable) for _ in range(rng.randrange(1, 80)))
    if kind == 1:
        return json.dumps(rng.choice([[], 1, "action", None, True, 3.5, [{"v": 1}]]))
    if kind == 2:
        return json.dumps({"v": rng.choice([0, 2, "1", None, True, 1.0001]), "type": "ping"})
    if kind == 3:
        return json.dumps({"v": 1, "type": rng.choice(["move", "ACTION", "", "join ", "admin", "state", "error"])})
    if kind == 4:
        return json.dumps({"v": 1, "type": "action", "version": version})  # no action
    if kind == 5:
        return json.dumps({"v": 1, "type": "action", "action": "end"})  # no version
    if kind == 6:
        bad = rng.choice(["12", 1.5, None, True, -1, 2**40, [], {"n": 1}])
        return json.dumps({"v": 1, "type": "action", "version": bad, "action": "end"})
    if kind == 7:
        bad_action = rng.choice([None, 95, -1, True, 5.0, ["end"], {"a": 1}, "", "x" * 100])  # ids are 0-94
        return json.dumps({"v": 1, "type": "action", "version": version, "action": bad_action})
    if kind == 8:
        junk = rng.choice(NOT_NOTATION)
        return json.dumps({"v": 1, "type": "action", "version": version, "action": junk})
    if kind == 9:
        return json.dumps({"v": 1, "type": "action", "version": version, "action": "end", "seat": "A"})
    if kind == 10:
        return json.dumps({"v": 1, "type": "join", "token": rng.choice([5, [], {"t": 1}, True]), "lang": "en"})
    if kind == 11:
        return json.dumps({"v": 1, "type": "join", "token": None, "lang": rng.choice(["de", "", 1, None])})
    if kind == 12:
        return "[" * rng.randrange(500, 3000) + "]" * rng.randrange(0, 10)
    if kind == 13:
        return '{"v": 1, "type": "ping", "pad": "' + "y" * rng.randrange(4100, 6000) + '"}'
    if kind == 14:
        return json.dumps({"v": 1, "type": "explain", "action": rng.choice([None, 3, ""])})
    return '{"v": NaN, "type": "ping"}' if rng.random() < 0.5 else bytes(rng.randrange(256) for _ in range(20))


def test_ten_thousand_bad_messages_change_nothing(
    make_client: Callable[..., TestClient], sqlite_url: str, server_errors: Callable[[], list[str]]
) -> None:
    client = make_client(socket_rate=1e9, socket_burst=1e9)
    rng = random.Random(20240609)
    games: list[str] = []
    expected: dict[str, tuple[int, list[str]]] = {}  # game -> (version, public moves) the players last saw
    sent = 0
    codes: dict[str, int] = {}

    def expect(seat: Seat, code: str) -> None:
        answer = seat.receive()
        assert answer["type"] == "error" and answer["code"] == code, (code, answer)
        assert answer["message"] and "Traceback" not in answer["message"]
        codes[code] = codes.get(code, 0) + 1

    while sent < MESSAGES:
        game = new_game(client, mode="friend", seat="A")
        games.append(game["id"])
        seats = {"A": Seat(client, game["id"], game["token"]), "B": Seat(client, game["id"], game["invite_token"])}
        watcher = Seat(client, game["id"], None)
        stranger = Seat(client, game["id"], None)  # joins with forged tokens
        everyone = [*seats.values(), watcher]
        while not watcher.state["over"] and sent < MESSAGES:
            state = watcher.state
            version = state["version"]
            mover = seats[state["view"]["to_move"]]
            other = seats["B" if mover is seats["A"] else "A"]
            legal: list[str] = mover.state["legal"]
            roll = rng.random()
            sender = rng.choice(everyone)
            if roll < 0.45:
                frame = malformed(rng, version)
                if isinstance(frame, str) and any(json.dumps(j) in frame for j in NOT_NOTATION):
                    sender = mover
                if isinstance(frame, str):
                    sender.socket.send_text(frame)
                else:
                    sender.socket.send_bytes(frame)
                expect(sender, "bad_message")
            elif roll < 0.55:
                other.send({"v": 1, "type": "action", "version": version, "action": rng.choice(ACTIONS).notation})
                expect(other, "not_your_turn")
            elif roll < 0.65:
                old = rng.choice([v for v in range(version + 3) if v != version])
                mover.send({"v": 1, "type": "action", "version": old, "action": rng.choice(legal)})
                expect(mover, "stale")
                assert mover.receive()["version"] == version  # and a fresh state
            elif roll < 0.72:
                forged = rng.choice(
                    ["".join(rng.choice(string.ascii_letters + "-_") for _ in range(43)), "short", "a" * 200, "é" * 30]
                )
                stranger.send({"v": 1, "type": "join", "token": forged, "lang": "en"})
                expect(stranger, "forbidden")
            elif roll < 0.78:
                attempt = rng.choice(
                    [{"v": 1, "type": "resign"}, {"v": 1, "type": "action", "version": version, "action": "end"}]
                )
                watcher.send(attempt)
                expect(watcher, "forbidden")
            elif roll < 0.84:
                illegal = [a.notation for a in ACTIONS if a.notation not in legal]
                mover.send({"v": 1, "type": "action", "version": version, "action": rng.choice(illegal)})
                expect(mover, "illegal")
            else:
                mover.act(rng.choice(legal))
                assert mover.state["version"] > version
                for seat in [*everyone, stranger]:  # the stranger watches while its forged joins fail
                    if seat is not mover:
                        assert seat.until_state()["version"] == mover.state["version"]
            sent += 1
        for seat in [*everyone, stranger]:
            seat.send({"v": 1, "type": "ping"})
            assert seat.receive()["type"] == "pong"  # nothing else was waiting: no stray message
        expected[game["id"]] = (watcher.state["version"], watcher.state["view"]["moves"])
        for seat in [*everyone, stranger]:
            seat.close()

    assert sent >= 10_000 and set(codes) >= {"bad_message", "not_your_turn", "stale", "forbidden", "illegal"}
    assert server_errors() == [] and client.app.state.internal_errors == 0  # type: ignore[attr-defined]
    # Every game in the database replays to exactly what the players last saw, version and moves.
    store = GameStore(make_engine(sqlite_url))
    for game_id in games:
        stored = store.load(game_id)
        assert stored is not None
        restored = Table.restore(stored)
        assert (restored.session.version, list(restored.session.view(None).moves)) == expected[game_id]
        assert stored.version == restored.session.version
    store.close()

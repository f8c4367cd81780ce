"""Outside programs as players (the player protocol of FORMATS.md), both sides, and the game loop's hooks.

The bots in tests/bots/ are separate programs: `first_legal.py` plays correctly, `faulty.py MODE` breaks the
protocol in one way. A faulty bot must lose by forfeit with a clear reason, and the host must never hang.
"""

from __future__ import annotations

import io
import json
import os
import random
import shlex
import subprocess
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

from timessquare.actions import action_id
from timessquare.arena.selfplay import Forfeit, play_game
from timessquare.cards import CARD_INDEX
from timessquare.cli import main
from timessquare.errors import TimesSquareError
from timessquare.game import Game
from timessquare.players import make_player
from timessquare.protocol import PROTOCOL
from timessquare.protocol.client import SECONDS_ENV, ExternalPlayer, make
from timessquare.protocol.server import ProtocolError, serve
from timessquare.record import replay, to_record
from timessquare.variants import DEFAULT_RULES
from timessquare.view import PlayerView

BOTS = Path(__file__).parent / "bots"
VIEW_FIELDS = {
    "format",
    "seat",
    "figures",
    "to_move",
    "hand",
    "opponent_hand_size",
    "supply_size",
    "supply_number",
    "discard",
    "turn",
    "moves",
    "result",
}


def bot_command(script: str, *args: str) -> str:
    return shlex.join([sys.executable, str(BOTS / script), *args])


def bot(script: str, *args: str, **params: str) -> ExternalPlayer:
    return make(DEFAULT_RULES, {"command": bot_command(script, *args), **params})


def play_against_random(player: Any, seed: int = 1, seat: int = 0) -> Game:
    names = {"A": "bot", "B": "random"} if seat == 0 else {"A": "random", "B": "bot"}
    game = Game.new(seed, DEFAULT_RULES, players=names)
    players = (player, make_player("random")) if seat == 0 else (make_player("random"), player)
    try:
        play_game(game, players, random.Random(seed))
    finally:
        player.close()
    return game


def assert_process_ended(pid_file: Path) -> None:
    pid = int(pid_file.read_text())
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)


# --------------------------------------------------------------------------- host side: good programs


@pytest.mark.parametrize("seat", [0, 1])
def test_a_protocol_bot_plays_a_whole_game_that_replays(seat: int) -> None:
    player = bot("first_legal.py")
    game = play_against_random(player, seed=3, seat=seat)
    record = to_record(game)
    assert game.result in ("A", "B", "draw")
    assert "forfeit" not in record
    assert player.program_name == "first-legal"
    assert replay(record).result == game.result


def test_the_bot_plays_the_first_legal_action_it_is_sent() -> None:
    game = play_against_random(bot("first_legal.py"), seed=5, seat=0)
    steps = list(_steps(game))
    assert any(seat == 0 for seat, _, _ in steps)
    for seat, legal, move in steps:
        if seat == 0:
            assert move == legal[0]


def test_blank_lines_and_unknown_message_types_from_the_program_are_ignored() -> None:
    player = bot("faulty.py", "chatty")
    game = play_against_random(player, seed=2)
    assert game.forfeit is None
    assert game.state.result is not None


def test_a_program_that_does_not_exit_after_the_result_is_ended(tmp_path: Path) -> None:
    pid_file = tmp_path / "pid"
    game = play_against_random(bot("faulty.py", "linger", str(pid_file), exit_seconds="0.2"), seed=2)
    assert game.forfeit is None
    assert_process_ended(pid_file)


def test_one_process_per_game(tmp_path: Path) -> None:
    log = tmp_path / "log.jsonl"
    player = bot("first_legal.py", "--log", str(log))
    players = (player, make_player("random"))
    try:
        for seed in (1, 2):
            play_game(Game.new(seed, DEFAULT_RULES), players, random.Random(seed))
    finally:
        player.close()
    kinds = [json.loads(line)["type"] for line in log.read_text().splitlines() if line.strip()]
    assert kinds.count("hello") == 2
    assert kinds.count("result") == 2
    assert kinds[0] == "hello" and kinds[-1] == "result"
    assert kinds.index("result") < kinds.index("hello", 1)


# --------------------------------------------------------------------------- host side: forfeits

FORFEITS = [
    # mode, extra parameters, words the reason must contain
    ("timeout", {"seconds": "0.1"}, "did not answer within 0.3 s"),
    ("crash", {}, "exited with status 3"),
    ("garbage", {}, "not JSON: 'I think I will play S sue+1'"),
    ("nested", {}, "not JSON: '[[[["),
    ("wrong-protocol", {}, '"times-square/player/2"'),
    ("illegal", {}, "illegal action 'end'"),
    ("invalid", {}, "invalid action 'lure deb'"),
    ("silent", {"hello_seconds": "1"}, "did not answer hello within 1 s"),
]


@pytest.mark.parametrize(("mode", "params", "reason"), FORFEITS, ids=[f[0] for f in FORFEITS])
@pytest.mark.parametrize("seat", [0, 1])
def test_a_faulty_program_loses_by_forfeit_with_the_reason_on_record(
    mode: str, params: dict[str, str], reason: str, seat: int, tmp_path: Path
) -> None:
    pid_file = tmp_path / "pid"
    game = play_against_random(bot("faulty.py", mode, str(pid_file), **params), seed=4, seat=seat)
    record = to_record(game)
    assert record["forfeit"]["seat"] == "AB"[seat]
    assert reason in record["forfeit"]["reason"]
    assert record["result"] == "AB"[1 - seat]
    assert_process_ended(pid_file)
    again = replay(record)  # FORMATS.md: the moves replay to a running game, the forfeit decides
    assert again.state.result is None
    assert again.result == record["result"]


def test_a_crash_quotes_the_programs_last_words() -> None:
    game = play_against_random(bot("faulty.py", "crash"), seed=4)
    assert game.forfeit is not None
    assert "boom: this bot crashes on purpose" in game.forfeit["reason"]


def test_a_program_that_cannot_be_started_forfeits() -> None:
    player = make(DEFAULT_RULES, {"command": "/nonexistent/bot --fast"})
    game = play_against_random(player)
    assert game.forfeit is not None
    assert game.forfeit["seat"] == "A"
    assert "cannot start /nonexistent/bot --fast" in game.forfeit["reason"]


# --------------------------------------------------------------------------- host side: what is sent


def test_the_program_receives_its_view_and_nothing_else(tmp_path: Path) -> None:
    """R10: the act messages carry exactly the seat's view document, checked against the raw lines."""
    log = tmp_path / "log.jsonl"
    game = play_against_random(bot("first_legal.py", "--log", str(log), seconds="1.5"), seed=0, seat=0)
    record = to_record(game)
    assert any(m.startswith("shuffle ") for m in record["moves"]), "pick a seed whose game reshuffles"
    lines = [line for line in log.read_text(encoding="utf-8").splitlines() if line.strip()]
    messages = [json.loads(line) for line in lines]
    assert messages[0] == {"type": "hello", "protocol": PROTOCOL, "seat": "A"}
    assert messages[-1] == {"type": "result", "result": game.result, "end": game.end_reason()}
    acts = messages[1:-1]
    assert acts and all(m["type"] == "act" for m in acts)
    for line, act in zip(lines[1:-1], acts, strict=True):
        assert set(act) == {"type", "view", "legal", "seconds"}
        assert act["seconds"] == 1.5
        view = act["view"]
        assert set(view) == VIEW_FIELDS
        assert '"supply"' not in line and '"hands"' not in line
        assert all(m == "shuffle" or not m.startswith("shuffle") for m in view["moves"])
        # The view is the one the host's state gives seat A at that moment, nothing more and nothing less.
        state_then = replay({**_unfinished(record), "moves": record["moves"][: len(view["moves"])]})
        assert view == PlayerView.of(state_then.state, 0, state_then.moves).to_document()
        assert act["legal"] == state_then.state.legal_actions()
    assert len(acts) == sum(1 for m in _seat_moves(game) if m == 0)


def _unfinished(record: dict[str, Any]) -> dict[str, Any]:
    """The record without its outcome (result null, no end, no forfeit): for a prefix of its moves."""
    return {**{k: v for k, v in record.items() if k not in ("end", "forfeit")}, "result": None}


def _steps(game: Game) -> Iterator[tuple[int, list[str], str]]:
    """Replays a game: for each action (shuffle entries left out), the seat to move, its legal actions, the move."""
    again = replay({**_unfinished(to_record(game)), "moves": []})
    moves = game.moves
    again.rng = None  # the reshuffles come from the game's own `shuffle` entries
    for move in moves:
        if move.startswith("shuffle"):
            again.apply_chance([CARD_INDEX[c] for c in move.split()[1:]])
            continue
        state = again.state
        yield state.to_move, state.legal_actions(), move
        again.apply_checked(move)


def _seat_moves(game: Game) -> list[int]:
    return [seat for seat, _, _ in _steps(game)]


# --------------------------------------------------------------------------- parameters of cmd: players


def test_the_thinking_time_comes_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(SECONDS_ENV, "0.25")
    player = make_player(f"cmd:{bot_command('first_legal.py')}")
    assert isinstance(player, ExternalPlayer)
    assert player.seconds == 0.25
    assert bot("first_legal.py", seconds="4").seconds == 4.0  # a parameter beats the environment


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"command": ""}, "no command given"),
        ({"command": "bot 'unclosed"}, "cannot split"),
        ({"command": "bot", "seconds": "fast"}, "not a number"),
        ({"command": "bot", "seconds": "0"}, "more than 0"),
        ({"command": "bot", "depth": "3"}, "unknown parameter 'depth'"),
    ],
)
def test_bad_cmd_parameters_are_rejected(params: dict[str, str], message: str) -> None:
    with pytest.raises(TimesSquareError, match=message):
        make(DEFAULT_RULES, params)


def test_a_bad_thinking_time_in_the_environment_is_rejected(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(SECONDS_ENV, "soon")
    with pytest.raises(TimesSquareError, match=SECONDS_ENV):
        make_player("cmd:bot")


# --------------------------------------------------------------------------- program side: serve


def _act_message(seed: int = 11) -> tuple[dict[str, Any], Game]:
    game = Game.new(seed, DEFAULT_RULES)
    seat = game.state.to_move
    view = game.view(seat).to_document()
    return {"type": "act", "view": view, "legal": game.state.legal_actions(), "seconds": 1.0}, game


def test_timessquare_player_speaks_the_protocol_in_a_subprocess() -> None:
    act, game = _act_message()
    seat = "AB"[game.state.to_move]
    lines = [
        {"type": "hello", "protocol": PROTOCOL, "seat": seat},
        {"type": "news", "text": "ignored"},
        act,
        {"type": "result", "result": "A", "end": "Sue reached A's entrance"},
    ]
    text = "".join(json.dumps(m) + "\n" + "\n" for m in lines)  # with blank lines between
    done = subprocess.run(
        [sys.executable, "-m", "timessquare", "player", "random"],
        input=text,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    answers = [json.loads(line) for line in done.stdout.splitlines() if line.strip()]
    assert answers[0] == {"type": "hello", "protocol": PROTOCOL, "name": "random"}
    assert len(answers) == 2 and answers[1]["type"] == "action"
    assert answers[1]["action"] in game.state.legal_actions()


def test_our_player_served_as_a_program_plays_a_whole_game_through_the_host() -> None:
    served = make(DEFAULT_RULES, {"command": shlex.join([sys.executable, "-m", "timessquare", "player", "random"])})
    game = play_against_random(served, seed=6, seat=1)
    assert game.forfeit is None
    assert served.program_name == "random"
    assert replay(to_record(game)).result == game.result


def _serve(lines: Sequence[object], name: str = "random") -> tuple[int, list[dict[str, Any]]]:
    text = "".join((m if isinstance(m, str) else json.dumps(m)) + "\n" for m in lines)
    out = io.BytesIO()
    status = serve(name, DEFAULT_RULES, io.BytesIO(text.encode()), out)
    return status, [json.loads(line) for line in out.getvalue().decode().splitlines()]


def test_serve_answers_every_act_with_a_legal_action_and_exits_on_the_result() -> None:
    act, game = _act_message(12)
    hello = {"type": "hello", "protocol": PROTOCOL, "seat": "AB"[game.state.to_move]}
    after_result = {"type": "act"}  # never read: the program exits at the result
    status, answers = _serve([hello, "", act, act, {"type": "result", "result": "draw", "end": "x"}, after_result])
    assert status == 0
    assert [a["type"] for a in answers] == ["hello", "action", "action"]
    assert all(a["action"] in act["legal"] for a in answers[1:])


def _hello(seat: str = "A") -> dict[str, Any]:
    return {"type": "hello", "protocol": PROTOCOL, "seat": seat}


@pytest.mark.parametrize(
    ("lines", "message"),
    [
        (["{not json"], "line 1: not JSON"),
        (["[1, 2]"], "a JSON object with a string field 'type'"),
        (["[" * 100_000 + "]" * 100_000], "line 1: JSON nested too deep"),
        ([{"type": "hello", "protocol": "times-square/player/2", "seat": "A"}], "is not 'times-square/player/1'"),
        ([{"type": "hello", "protocol": PROTOCOL, "seat": "C"}], 'hello needs "seat"'),
        ([{"type": "act", "view": {}, "legal": ["end"]}], "line 1: act before hello"),
        ([_hello(), {"type": "act", "view": {"format": "x"}, "legal": ["end"]}], "line 2: bad view document"),
        ([_hello()], "the input ended before the result"),
    ],
)
def test_serve_rejects_bad_input_with_a_clear_message(lines: list[object], message: str) -> None:
    with pytest.raises(ProtocolError, match=message):
        _serve(lines)


def test_serve_rejects_bad_legal_lists_and_views_for_the_other_seat() -> None:
    act, game = _act_message(13)
    seat = "AB"[game.state.to_move]
    other = "AB"[1 - game.state.to_move]
    with pytest.raises(ProtocolError, match="invalid action 'lure deb'"):
        _serve([_hello(seat), {**act, "legal": ["lure deb"]}])
    with pytest.raises(ProtocolError, match="non-empty array"):
        _serve([_hello(seat), {**act, "legal": []}])
    with pytest.raises(ProtocolError, match="not ours"):
        _serve([_hello(other), act])


def test_timessquare_player_exits_2_with_one_line_on_bad_input() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "timessquare", "player", "random"],
        input="hello\n",
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2
    assert done.stderr.strip() == "timessquare player: error: line 1: not JSON (Expecting value)"


def test_timessquare_player_with_an_unknown_name_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["player", "nobody"]) == 2
    assert "unknown player 'nobody'" in capsys.readouterr().err


# --------------------------------------------------------------------------- the game loop's side


class Recorder:
    """A Python player that records the hooks and plays the first legal action, or fails as told."""

    name = "recorder"

    def __init__(self, fail: str = "") -> None:
        self.fail = fail
        self.calls: list[tuple[Any, ...]] = []

    def start_game(self, seat: int) -> None:
        self.calls.append(("start", seat))

    def end_game(self, result: str | None, end: str) -> None:
        self.calls.append(("end", result, end))

    def choose(self, view: PlayerView, legal: Sequence[int], rng: random.Random) -> int:
        if self.fail == "forfeit":
            raise Forfeit("resigned on purpose")
        if self.fail == "illegal":
            return action_id("end")  # never legal at the start of a turn (R5.4)
        return legal[0]

    def close(self) -> None:
        pass


def test_the_game_loop_calls_the_start_and_end_hooks() -> None:
    one, two = Recorder(), Recorder()
    game = play_game(Game.new(8, DEFAULT_RULES), (one, two), random.Random(8))
    assert one.calls == [("start", 0), ("end", game.result, game.end_reason())]
    assert two.calls == [("start", 1), ("end", game.result, game.end_reason())]


@pytest.mark.parametrize(("fail", "reason"), [("forfeit", "resigned on purpose"), ("illegal", "illegal action 'end'")])
def test_a_forfeit_or_an_illegal_choice_ends_the_game_for_that_seat(fail: str, reason: str) -> None:
    game = Game.new(9, DEFAULT_RULES)
    first = game.state.to_move
    players = [Recorder(), Recorder()]
    players[first] = Recorder(fail)
    play_game(game, (players[0], players[1]), random.Random(9))
    assert game.forfeit is not None
    assert game.forfeit["seat"] == "AB"[first]
    assert reason in game.forfeit["reason"]
    assert game.result == "AB"[1 - first]
    assert players[1 - first].calls[-1] == ("end", game.result, game.end_reason())


def test_think_time_is_measured_once_per_turn_for_each_seat() -> None:
    game = Game.new(10, DEFAULT_RULES)
    turn_seconds: tuple[list[float], list[float]] = ([], [])
    play_game(game, (make_player("random"), make_player("random")), random.Random(10), turn_seconds=turn_seconds)
    seats = _seat_moves(game)
    actions = [m for m in game.moves if not m.startswith("shuffle")]
    turns = [0, 0]
    starts_turn = True
    for seat, move in zip(seats, actions, strict=True):
        if starts_turn:
            turns[seat] += 1
        starts_turn = move == "end" or move.startswith("lure ")  # a lure ends its turn by itself (R5.2)
    assert [len(turn_seconds[0]), len(turn_seconds[1])] == turns
    assert sum(turns) < len(actions)  # some turns had several actions, each summed into one entry
    assert all(t >= 0 for t in turn_seconds[0] + turn_seconds[1])


def test_selfplay_command_plays_with_a_protocol_bot(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "games"
    bot_name = f"cmd:{bot_command('first_legal.py')}"
    status = main(["selfplay", "--games", "2", "--seed", "3", "--out", str(out), "--a", "random", "--b", bot_name])
    assert status == 0
    records = [json.loads(p.read_text()) for p in sorted(out.glob("*.json"))]
    assert len(records) == 2
    for record in records:
        assert "forfeit" not in record
        assert record["players"]["B"] == bot_name
        assert replay(record).result == record["result"]

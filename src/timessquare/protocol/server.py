"""Ours as an outside program: `serve(name, rules)` runs any of our players over the player protocol of
FORMATS.md on stdin/stdout (`timessquare player expert`). `client.py` is the host's end.
"""

from __future__ import annotations

import json
import random
import sys
import time
from typing import IO, Any

from ..actions import ACTIONS, action_id
from ..cards import SEAT_NAMES
from ..errors import FormatError, TimesSquareError
from ..jsonread import JSONSyntaxError, NestingError, parse_json
from ..players.base import Player
from ..players.registry import make_player
from ..tables import tables_for
from ..variants import Rules
from ..view import PlayerView
from .messages import MAX_LINE_BYTES, PROTOCOL


class ProtocolError(TimesSquareError):
    """The host broke the player protocol (or sent something we cannot read); `timessquare player` exits 2."""


def serve(
    name: str,
    rules: Rules,
    stdin: IO[bytes] | None = None,
    stdout: IO[bytes] | None = None,
    player: Player | None = None,
) -> int:
    """Play as an outside program: our player `name` answers the host on stdin/stdout until the result.

    Bad input raises ProtocolError (the CLI prints it on stderr and exits with status 2). The random
    generator handed to the player is seeded with 0, so the same messages get the same answers.
    `player` serves a player object made elsewhere (timessquare.envs.openspiel.player) under `name`.
    """
    player = player if player is not None else make_player(name, rules)
    reader = stdin if stdin is not None else sys.stdin.buffer
    writer = stdout if stdout is not None else sys.stdout.buffer
    rng = random.Random(0)
    seat: int | None = None

    def send(message: dict[str, Any]) -> None:
        writer.write((json.dumps(message) + "\n").encode("utf-8"))
        writer.flush()

    try:
        number = 0
        while raw := reader.readline(MAX_LINE_BYTES + 1):
            arrival = time.monotonic()  # the host's `seconds` run from about now
            number += 1
            if len(raw) > MAX_LINE_BYTES and not raw.endswith(b"\n"):
                raise ProtocolError(f"line {number}: longer than {MAX_LINE_BYTES:,} bytes (1 MiB)")
            message = _read_message(raw, number)
            if message is None:
                continue
            kind = message.get("type")
            if kind == "hello":
                seat = _hello_seat(message, number)
                hook = getattr(player, "start_game", None)
                if hook is not None:
                    hook(seat)
                # The rules' legality tables take a second or two to build: now, within hello's 10 seconds,
                # not in the first decision's time.
                tables_for(rules)
                send({"type": "hello", "protocol": PROTOCOL, "name": name})
            elif kind == "act":
                if seat is None:
                    raise ProtocolError(f"line {number}: act before hello")
                view, legal = _read_act(message, seat, number)
                limit_time = getattr(player, "limit_time", None)  # a searching player keeps to the host's time
                if limit_time is not None:  # a message without a usable `seconds` lifts an earlier limit
                    limit_time(_seconds_of(message), arrival)
                aid = player.choose(view, legal, rng)
                if aid not in legal:
                    raise ProtocolError(f"line {number}: player {name!r} chose {aid}, which is not legal here")
                send({"type": "action", "action": ACTIONS[aid].notation})
            elif kind == "result":
                hook = getattr(player, "end_game", None)
                if hook is not None:
                    hook(message.get("result"), str(message.get("end", "")))
                return 0
            # other types: ignored, as the protocol asks
        raise ProtocolError("the input ended before the result message")
    finally:
        player.close()


def _read_message(raw: bytes, number: int) -> dict[str, Any] | None:
    try:
        line = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ProtocolError(f"line {number}: not UTF-8") from None
    if not line.strip():
        return None
    try:
        message = parse_json(line)
    except JSONSyntaxError as e:
        raise ProtocolError(f"line {number}: not JSON ({e.detail})") from None
    except NestingError:
        raise ProtocolError(f"line {number}: JSON nested too deep") from None
    except FormatError as e:  # duplicate keys, a number with thousands of digits
        raise ProtocolError(f"line {number}: {e}") from None
    if not isinstance(message, dict) or not isinstance(message.get("type"), str):
        raise ProtocolError(f"line {number}: a message is a JSON object with a string field 'type'")
    return message


def _hello_seat(message: dict[str, Any], number: int) -> int:
    if message.get("protocol") != PROTOCOL:
        raise ProtocolError(f"line {number}: protocol {json.dumps(message.get('protocol'))} is not {PROTOCOL!r}")
    seat = message.get("seat")
    if seat not in SEAT_NAMES:
        raise ProtocolError(f'line {number}: hello needs "seat": "A" or "B" (got {json.dumps(seat)})')
    return SEAT_NAMES.index(seat)


def _seconds_of(message: dict[str, Any]) -> float:
    """The act message's `seconds` when it is a positive number, else 0."""
    seconds = message.get("seconds")
    if isinstance(seconds, bool) or not isinstance(seconds, int | float):
        return 0.0
    return max(float(seconds), 0.0)


def _read_act(message: dict[str, Any], seat: int, number: int) -> tuple[PlayerView, tuple[int, ...]]:
    try:
        view = PlayerView.from_document(message.get("view"))
    except (TimesSquareError, TypeError, ValueError, KeyError, IndexError, AttributeError) as e:
        raise ProtocolError(f"line {number}: bad view document: {e}") from None
    if view.seat != seat:
        raise ProtocolError(f"line {number}: the view is for seat {json.dumps(message['view'].get('seat'))}, not ours")
    strings = message.get("legal")
    if not isinstance(strings, list) or not strings or not all(isinstance(s, str) for s in strings):
        raise ProtocolError(f"line {number}: 'legal' must be a non-empty array of action strings")
    try:
        legal = tuple(sorted({action_id(s) for s in strings}))
    except TimesSquareError as e:
        raise ProtocolError(f"line {number}: in 'legal': {e}") from None
    return view, legal

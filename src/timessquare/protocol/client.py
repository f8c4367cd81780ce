"""Outside programs as players: our side of the player protocol of FORMATS.md (the host).

`make(rules, {"command": "python3 bot.py"})` (the player name `cmd:python3 bot.py`) gives a
player that starts the program once per game, at the game's first decision, and talks to it one JSON object
per line. Anything the program does wrong (no answer in time, an exit, a line that is not one JSON object,
another protocol version, an invalid or illegal action) raises `Forfeit` with the reason; nothing here waits
without a deadline. Only view documents ever reach the program (R10). See docs/player-protocol.md;
`server.py` is the other end.
"""

from __future__ import annotations

import contextlib
import json
import os
import queue
import random
import shlex
import signal
import subprocess
import threading
import time
from collections import deque
from collections.abc import Sequence
from typing import Any, NoReturn

from ..actions import ACTIONS, action_id
from ..cards import SEAT_NAMES
from ..errors import FormatError, TimesSquareError
from ..jsonread import JSONSyntaxError, NestingError, parse_json
from ..players.base import Forfeit
from ..players.registry import register_external
from ..variants import Rules
from ..view import PlayerView
from .messages import MAX_LINE_BYTES, PROTOCOL

__all__ = ["ExternalPlayer", "Forfeit", "make"]

HELLO_SECONDS = 10.0  # FORMATS.md: the program answers hello within 10 seconds
EXIT_SECONDS = 2.0  # FORMATS.md: after the result, the host ends a program that has not exited by then
DEFAULT_SECONDS = 2.0  # thinking time per action sent in `act`; the answer may take three times as long
ANSWER_FACTOR = 3.0
SECONDS_ENV = "TIMESSQUARE_CMD_SECONDS"  # overrides DEFAULT_SECONDS for every `cmd:` player
QUEUED_LINES = 64  # lines read from the program and not yet taken by the host
STDERR_LINES = 5  # the program's last stderr lines, quoted when it crashes

_EOF = object()  # what the reader thread queues when the program's stdout closes


def _seconds_param(params: dict[str, str], key: str, default: float) -> float:
    text = params.get(key)
    if text is None:
        return default
    try:
        value = float(text)
    except ValueError:
        raise TimesSquareError(f"cmd player: {key}={text!r} is not a number of seconds") from None
    if not value > 0:
        raise TimesSquareError(f"cmd player: {key} must be more than 0 (got {text})")
    return value


def make(rules: Rules, params: dict[str, str]) -> ExternalPlayer:
    """An outside program as a player. Parameters (all text, as the registry passes them):

    - `command` (required): the command line, split like a shell would (shlex), no shell involved;
    - `seconds`: thinking time per action (default 2, or the environment variable TIMESSQUARE_CMD_SECONDS);
    - `hello_seconds` (default 10) and `exit_seconds` (default 2): the deadlines of FORMATS.md, for tests.
    """
    unknown = set(params) - {"command", "seconds", "hello_seconds", "exit_seconds"}
    if unknown:
        raise TimesSquareError(f"cmd player: unknown parameter {sorted(unknown)[0]!r}")
    try:
        argv = shlex.split(params.get("command", ""))
    except ValueError as e:
        raise TimesSquareError(f"cmd player: cannot split the command line ({e})") from None
    if not argv:
        raise TimesSquareError("cmd player: no command given (write cmd:COMMAND, e.g. 'cmd:python3 bot.py')")
    env = os.environ.get(SECONDS_ENV)
    default = _seconds_param({SECONDS_ENV: env}, SECONDS_ENV, DEFAULT_SECONDS) if env else DEFAULT_SECONDS
    return ExternalPlayer(
        argv,
        seconds=_seconds_param(params, "seconds", default),
        hello_seconds=_seconds_param(params, "hello_seconds", HELLO_SECONDS),
        exit_seconds=_seconds_param(params, "exit_seconds", EXIT_SECONDS),
    )


class _Program:
    """One running outside program: a writer thread and reader threads, so that no pipe can block the host."""

    def __init__(self, argv: list[str]) -> None:
        self.argv = argv
        try:
            self.proc = subprocess.Popen(
                argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                start_new_session=os.name == "posix",  # its own process group: killing it ends its children too
            )
        except OSError as e:
            raise Forfeit(f"cannot start {shlex.join(argv)}: {e.strerror or e}") from None
        # Bounded: a program that floods its output waits for the host to read, instead of filling memory.
        self.lines: queue.Queue[object] = queue.Queue(maxsize=QUEUED_LINES)
        self._stopped = threading.Event()
        self.stderr_tail: deque[str] = deque(maxlen=STDERR_LINES)
        self._outbox: queue.Queue[bytes | None] = queue.Queue()
        self._stderr_reader = threading.Thread(target=self._read_stderr, daemon=True)
        self._threads = [
            threading.Thread(target=self._read_stdout, daemon=True),
            self._stderr_reader,
            threading.Thread(target=self._write_stdin, daemon=True),
        ]
        for thread in self._threads:
            thread.start()

    def _read_stdout(self) -> None:
        stream = self.proc.stdout
        assert stream is not None
        try:
            while line := stream.readline(MAX_LINE_BYTES):
                if not self._queue(line):
                    return
        except (OSError, ValueError):
            pass
        self._queue(_EOF)

    def _queue(self, item: object) -> bool:
        """Queue a line for the host; False once the host has stopped the program (nobody reads any more)."""
        while not self._stopped.is_set():
            try:
                self.lines.put(item, timeout=0.1)
                return True
            except queue.Full:
                pass
        return False

    def _read_stderr(self) -> None:
        stream = self.proc.stderr
        assert stream is not None
        try:
            while line := stream.readline(MAX_LINE_BYTES):
                text = line.decode("utf-8", "replace").strip()
                if text:
                    self.stderr_tail.append(text)
        except (OSError, ValueError):
            pass

    def _write_stdin(self) -> None:
        # A program that does not read its input fills the pipe; then only this thread waits, not the host.
        stream = self.proc.stdin
        assert stream is not None
        try:
            while (data := self._outbox.get()) is not None:
                stream.write(data)
                stream.flush()
            stream.close()  # end of input: a program reading until EOF exits now
        except (OSError, ValueError):
            pass

    def send(self, message: dict[str, Any]) -> None:
        self._outbox.put((json.dumps(message, separators=(",", ":")) + "\n").encode("utf-8"))

    def exit_status(self) -> int | None:
        return self.proc.poll()

    def last_words(self) -> str | None:
        """The last line the program wrote on its stderr; call it once the program has exited."""
        self._stderr_reader.join(timeout=1.0)  # it reads to the end of the stream
        return self.stderr_tail[-1] if self.stderr_tail else None

    def wait_exit(self, seconds: float) -> bool:
        try:
            self.proc.wait(timeout=seconds)
            return True
        except subprocess.TimeoutExpired:
            return False

    def stop(self, grace: float = 0.0) -> None:
        """End the program: close its input, give it `grace` seconds to exit, then kill it (and its children)."""
        self._stopped.set()
        self._outbox.put(None)
        if grace <= 0 or not self.wait_exit(grace):
            self._kill()
        for thread in self._threads:
            thread.join(timeout=1.0)
        for stream in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
            if stream is not None:
                with contextlib.suppress(OSError):
                    stream.close()

    def _kill(self) -> None:
        if self.proc.poll() is None:
            with contextlib.suppress(OSError):
                self.proc.kill()
        self.wait_exit(5.0)
        if os.name == "posix":
            with contextlib.suppress(OSError):  # its children, which may hold its pipes open
                os.killpg(self.proc.pid, signal.SIGKILL)


class ExternalPlayer:
    """A player that is an outside program (see the module docstring); one process per game."""

    def __init__(self, argv: list[str], seconds: float, hello_seconds: float, exit_seconds: float) -> None:
        self.argv = argv
        self.name = f"cmd:{shlex.join(argv)}"
        self.seconds = seconds
        self.hello_seconds = hello_seconds
        self.exit_seconds = exit_seconds
        self.program_name: str | None = None  # the name the program gave in its hello
        self._seat: int | None = None
        self._program: _Program | None = None

    # ----------------------------------------------------------------- hooks of the game session (session/)

    def start_game(self, seat: int) -> None:
        self._stop(grace=0.0)  # a program left over from an unfinished game
        self._seat = seat

    def end_game(self, result: str | None, end: str) -> None:
        program = self._program
        if program is None:
            return
        if program.exit_status() is None:
            program.send({"type": "result", "result": result, "end": end})
        self._stop(grace=self.exit_seconds)

    # ----------------------------------------------------------------- Player

    def choose(self, view: PlayerView, legal: Sequence[int], rng: random.Random) -> int:
        program = self._program or self._start(view.seat if view.seat is not None else self._seat)
        actions = {ACTIONS[aid].notation: aid for aid in legal}
        program.send({"type": "act", "view": view.to_document(), "legal": sorted(actions), "seconds": self.seconds})
        limit = ANSWER_FACTOR * self.seconds
        message = self._receive(f"did not answer within {limit:g} s (3 x {self.seconds:g} s)", limit, "action")
        text = message.get("action")
        if not isinstance(text, str):
            self._fail(f"sent an action message without an action string: {_quote(message)}")
        try:
            aid = action_id(text)
        except TimesSquareError:
            self._fail(f"answered with an invalid action {text!r}")
        if aid not in actions.values():
            self._fail(f"answered with an illegal action {text!r}")
        return aid

    def close(self) -> None:
        self._stop(grace=0.0)

    # ----------------------------------------------------------------- the conversation

    def _start(self, seat: int | None) -> _Program:
        if seat is None:
            raise TimesSquareError("an outside program plays a seat: it cannot be given a spectator's view")
        self.program_name = None
        self._program = program = _Program(self.argv)
        program.send({"type": "hello", "protocol": PROTOCOL, "seat": SEAT_NAMES[seat]})
        hello = self._receive(f"did not answer hello within {self.hello_seconds:g} s", self.hello_seconds, "hello")
        if hello.get("protocol") != PROTOCOL:
            self._fail(f"speaks protocol {json.dumps(hello.get('protocol'))}, not {PROTOCOL!r}")
        name = hello.get("name")
        self.program_name = name if isinstance(name, str) else None
        return program

    def _receive(self, timeout_reason: str, seconds: float, wanted: str) -> dict[str, Any]:
        """The next message of type `wanted`, skipping blank lines and messages of unknown types."""
        program = self._program
        assert program is not None
        deadline = time.monotonic() + seconds
        while True:
            left = deadline - time.monotonic()
            try:
                if left <= 0:  # also when a stream of ignored messages keeps the queue busy
                    raise queue.Empty
                item = program.lines.get(timeout=left)
            except queue.Empty:
                self._fail(timeout_reason)
            if item is _EOF:
                self._fail(self._exit_reason(program))
            assert isinstance(item, bytes)
            if not item.endswith(b"\n") and len(item) >= MAX_LINE_BYTES:
                self._fail(f"sent a line longer than {MAX_LINE_BYTES} bytes")
            try:
                line = item.decode("utf-8")
            except UnicodeDecodeError:
                self._fail("sent a line that is not UTF-8")
            if not line.strip():
                continue
            try:
                message = parse_json(line)
            except (JSONSyntaxError, NestingError):
                self._fail(f"sent a line that is not JSON: {_quote(line.strip())}")
            except FormatError as e:  # duplicate keys, a number with thousands of digits
                self._fail(f"sent a line that cannot be read ({e}): {_quote(line.strip())}")
            if not isinstance(message, dict):
                self._fail(f"sent JSON that is not an object: {_quote(line.strip())}")
            if message.get("type") == wanted:
                return message
            # FORMATS.md: message types the host does not know (or does not expect now) are ignored

    def _exit_reason(self, program: _Program) -> str:
        program.wait_exit(1.0)  # its output closed: it is exiting; wait a moment for the status
        status = program.exit_status()
        words = program.last_words()
        said = f" (its last words: {_quote(words)})" if words else ""
        if status is None:
            return f"closed its output without answering{said}"
        if status < 0:
            return f"crashed (killed by signal {-status}){said}"
        return f"exited with status {status} without answering{said}"

    def _fail(self, reason: str) -> NoReturn:
        self._stop(grace=0.0)
        raise Forfeit(f"{self._describe()} {reason}")

    def _describe(self) -> str:
        return f"the program {_quote(self.program_name or shlex.join(self.argv))}"

    def _stop(self, grace: float) -> None:
        program, self._program = self._program, None
        if program is not None:
            program.stop(grace)


def _quote(text: object, limit: int = 80) -> str:
    shown = text if isinstance(text, str) else json.dumps(text)
    return repr(shown if len(shown) <= limit else shown[:limit] + "...")


register_external(make)  # the players' registry makes `cmd:COMMAND` players with this

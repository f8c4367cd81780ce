"""`timessquare play` for real, inside tmux at 80x24: keys are sent and the screen is read with capture-pane.

Waits poll capture-pane for the expected text a bounded number of times (no blind sleeps). Skipped, with the
reason, only where tmux is not installed (the test installs nothing itself).
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

TMUX = shutil.which("tmux")
pytestmark = pytest.mark.skipif(
    TMUX is None, reason="tmux is not installed (apt-get install tmux) for the real-terminal test"
)

WIDTH, HEIGHT = 80, 24
REPO = Path(__file__).resolve().parent.parent
POLL_SECONDS = 0.1
SGR = re.compile(r"\x1b\[([0-9;]*)m")


class Terminal:
    """One tmux server of its own (a private socket) running one command in an 80x24 window."""

    def __init__(self, command: str, cwd: Path | None = None) -> None:
        self.socket = f"timessquare-test-{uuid.uuid4().hex[:12]}"
        self.tmux(
            "new-session",
            "-d",
            *(["-c", str(cwd)] if cwd is not None else []),
            "-x",
            str(WIDTH),
            "-y",
            str(HEIGHT),
            "-s",
            "play",
            command,
        )

    def tmux(self, *args: str) -> subprocess.CompletedProcess[str]:
        assert TMUX is not None
        return subprocess.run([TMUX, "-L", self.socket, *args], capture_output=True, text=True, timeout=10)

    def screen(self, escapes: bool = False) -> str:
        return self.tmux("capture-pane", "-p", *(["-e"] if escapes else []), "-t", "play").stdout

    def send(self, *keys: str) -> None:
        for key in keys:
            self.tmux("send-keys", "-t", "play", key)

    def wait_for(self, *texts: str, tries: int = 300) -> str:
        """Poll the screen until it shows all `texts` (at most `tries` polls)."""
        for _ in range(tries):
            screen = self.screen()
            if all(text in screen for text in texts):
                return screen
            time.sleep(POLL_SECONDS)
        raise AssertionError(f"the screen never showed {texts!r}; it shows:\n{self.screen()}")

    def wait_until_closed(self, tries: int = 100) -> None:
        for _ in range(tries):
            if self.tmux("has-session", "-t", "play").returncode != 0:
                return
            time.sleep(POLL_SECONDS)
        raise AssertionError(f"the game did not quit; the screen shows:\n{self.screen()}")

    def close(self) -> None:
        self.tmux("kill-server")


def play_command(*options: str, no_color: bool = False) -> str:
    env = "env NO_COLOR=1" if no_color else "env -u NO_COLOR"
    return f"{env} TERM=xterm-256color {sys.executable} -m timessquare play {' '.join(options)}"


@pytest.fixture
def terminal_factory() -> Iterator[list[Terminal]]:
    terminals: list[Terminal] = []
    yield terminals
    for terminal in terminals:
        terminal.close()


def start(terminals: list[Terminal], *options: str, no_color: bool = False) -> Terminal:
    terminal = Terminal(play_command(*options, no_color=no_color))
    terminals.append(terminal)
    return terminal


def colours(screen_with_escapes: str) -> set[tuple[int, ...]]:
    """Every foreground and background colour the screen uses, as ("256", n) or ("rgb", r, g, b) keys."""
    found: set[tuple[int, ...]] = set()
    for params in SGR.findall(screen_with_escapes):
        codes = [int(p) for p in params.split(";") if p.isdigit()]
        i = 0
        while i < len(codes):
            code = codes[i]
            if code in (38, 48) and i + 2 < len(codes) + 1 and codes[i + 1] == 5:
                found.add((256, codes[i + 2]))
                i += 3
            elif code in (38, 48) and codes[i + 1 : i + 2] == [2]:
                found.add((2, *codes[i + 2 : i + 5]))
                i += 5
            else:
                if 30 <= code <= 37 or 40 <= code <= 47 or 90 <= code <= 97 or 100 <= code <= 107:
                    found.add((16, code % 10))
                i += 1
    return found


def is_grey(colour: tuple[int, ...]) -> bool:
    kind, *value = colour
    if kind == 2:
        return len(set(value)) == 1
    if kind == 16:
        return value[0] in (0, 7)
    n = value[0]
    if n in (0, 7, 8, 15) or n >= 232:
        return True
    if 16 <= n <= 231:
        r, g, b = (n - 16) // 36, (n - 16) // 6 % 6, (n - 16) % 6
        return r == g == b
    return False


def test_the_game_in_a_real_80x24_terminal(terminal_factory: list[Terminal]) -> None:
    term = start(terminal_factory, "--seed", "3", "--seat", "A", "--opponent", "random")
    screen = term.wait_for("Your hand (A)", "Your turn", "l Lure")
    lines = screen.rstrip("\n").split("\n")
    assert len(lines) <= HEIGHT and max(len(line) for line in lines) <= WIDTH
    for label in ("A's club", "B's club", "(8)", "strip", "Sue", "Grd", "Hal", "Deb", "Cha", "Supply 1 (first): 39"):
        assert label in screen, label
    assert "l Lure" in lines[-1]  # the key bar is the last line, so nothing fell off the bottom
    term.send("1")
    term.wait_for("SS group+1", "S sue+1")
    term.send("Enter")  # the first legal effect: S sue+1
    term.wait_for("A S sue+1", "Sue moves 1 toward B")
    term.send("e")
    term.wait_for("B played:", "Your turn")  # the computer's whole turn, then the person's again
    term.send("r")
    term.wait_for("Times Square in short")
    term.send("Escape")
    term.wait_for("Your hand (A)")
    term.send("q")
    term.wait_for("Press q again")
    term.send("q")
    term.wait_until_closed()


def test_colours_and_no_colours(terminal_factory: list[Terminal]) -> None:
    coloured = start(terminal_factory, "--seed", "3", "--seat", "A", "--opponent", "random")
    plain = start(terminal_factory, "--seed", "3", "--seat", "A", "--opponent", "random", no_color=True)
    coloured.wait_for("Your turn", "l Lure")
    plain.wait_for("Your turn", "l Lure")
    assert not all(is_grey(c) for c in colours(coloured.screen(escapes=True)))  # Sue green, Deb red, …
    assert all(is_grey(c) for c in colours(plain.screen(escapes=True)))
    assert coloured.screen() == plain.screen()  # the same characters: nothing relies on colour alone
    for term in (coloured, plain):
        term.send("q", "q")
        term.wait_until_closed()


def test_the_no_color_option_is_like_the_environment_variable(terminal_factory: list[Terminal]) -> None:
    term = start(terminal_factory, "--seed", "3", "--seat", "A", "--opponent", "random", "--no-color")
    term.wait_for("Your turn")
    assert all(is_grey(c) for c in colours(term.screen(escapes=True)))
    term.send("q", "q")
    term.wait_until_closed()


@pytest.fixture
def short_folder() -> Iterator[Path]:
    """A folder with a short path, so that the save dialog shows it on one line of the 80-column screen
    (pytest's own tmp_path under xdist is long enough to wrap there)."""
    folder = Path(tempfile.mkdtemp(prefix="ts-", dir="/tmp"))
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


def test_play_from_another_folder_saves_in_that_folder(terminal_factory: list[Terminal], short_folder: Path) -> None:
    """`path/to/play` started in the user's folder saves there (the proposed name, and any name typed alone),
    not in the repository, and the message names the command that started the game (issue 8, items 2, 9)."""
    tmp_path = short_folder
    command = f"env -u NO_COLOR TERM=xterm-256color {REPO / 'play'} --terminal --seed 3 --seat A --opponent random"
    term = Terminal(command, tmp_path)
    terminal_factory.append(term)
    term.wait_for("Your hand (A)", "Your turn", tries=1200)  # ./play checks the venv first
    term.send("1")
    term.wait_for("S sue+1")
    term.send("Enter")
    term.wait_for("A S sue+1")
    term.send("s")
    term.wait_for("a name alone goes into", tmp_path.name)  # the user's folder, not the repository's
    term.send("Enter")  # the proposed name: times-square-DATE-TIME.json
    screen = "".join(term.wait_for("Saved.").split())  # a long path may be wrapped anywhere
    saved = list(tmp_path.glob("times-square-*.json"))
    assert len(saved) == 1 and not list(REPO.glob("times-square-*.json"))
    assert "".join(f"To go on with it later: {REPO / 'play'} --terminal --load {saved[0]}".split()) in screen
    term.send("q", "q")
    term.wait_until_closed()

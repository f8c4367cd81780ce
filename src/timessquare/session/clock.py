"""A game's clock (docs/rules.md R11): time controls, and what a turn costs.

A clock is data, never a timer: the time each seat had left when its turn began, whose clock runs, and since
when. The game session holds it and reads it with a `now` it is given (GameSession.clock): a change after the
running clock's deadline is that seat's loss on time, decided before anything is applied, and the clock after
each change goes with the change (change.py) to the disk, in the same transaction as its moves."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta

REAL_TIME = re.compile(r"(\d{1,3})\+(\d{1,3})")
CORRESPONDENCE = re.compile(r"([137])d")
REALTIME_KIND, CORRESPONDENCE_KIND = "realtime", "correspondence"  # TimeControl.kind, as the pages read it


def system_now() -> datetime:
    """The clock of online games when no test injects one."""
    return datetime.now(UTC)


@dataclass(frozen=True)
class TimeControl:
    name: str  # "5+3", "1d"
    base_ms: int  # time on each clock at the start (real time), or for each turn (correspondence)
    increment_ms: int  # added to a clock after each of its turns (real time)
    kind: str  # REALTIME_KIND or CORRESPONDENCE_KIND: sent with the name, so no page works it out from the name

    @property
    def correspondence(self) -> bool:
        return self.kind == CORRESPONDENCE_KIND

    @classmethod
    def parse(cls, text: object) -> TimeControl:
        """A control from its name; ValueError (saying what is allowed) for anything else."""
        if isinstance(text, str):
            if match := REAL_TIME.fullmatch(text):
                minutes, seconds = int(match[1]), int(match[2])
                if 1 <= minutes <= 180 and seconds <= 180:
                    return cls(text, minutes * 60_000, seconds * 1000, REALTIME_KIND)
            elif match := CORRESPONDENCE.fullmatch(text):
                return cls(text, int(match[1]) * 86_400_000, 0, CORRESPONDENCE_KIND)
        raise ValueError(
            'time control must be "MINUTES+SECONDS" (1 to 180 minutes, 0 to 180 seconds a turn, e.g. "5+3") '
            'or days per turn ("1d", "3d" or "7d")'
        )


@dataclass(frozen=True)
class Clock:
    """A game's clock as stored: time left (ms) by seat when each one's last turn began, whose clock runs
    (None once the game is over) and since when."""

    control: TimeControl
    left: dict[str, int]
    running: str | None
    since: datetime

    @classmethod
    def start(cls, control: TimeControl, to_move: str, now: datetime) -> Clock:
        return cls(control, {"A": control.base_ms, "B": control.base_ms}, to_move, now)

    @property
    def deadline(self) -> datetime | None:
        if self.running is None:
            return None
        return self.since + timedelta(milliseconds=self.left[self.running])

    def flagged(self, now: datetime) -> str | None:
        """The seat whose time has run out, if any."""
        deadline = self.deadline
        return self.running if deadline is not None and now >= deadline else None

    def left_now(self, now: datetime) -> dict[str, int]:
        """Time left by seat at this moment (the running clock counted down, never below zero)."""
        left = dict(self.left)
        if self.running is not None:
            spent = (now - self.since) // timedelta(milliseconds=1)  # whole ms, no float rounding
            left[self.running] = max(0, left[self.running] - spent)
        return left

    def turn_passed(self, to_move: str | None, now: datetime) -> Clock:
        """The clock after the running seat's turn ended at `now` and `to_move`'s began (None: game over).
        Real time: the mover's clock loses what the turn took and gains the increment; correspondence: each
        turn has the whole allowance again."""
        if self.running is None or to_move == self.running:
            return self
        left = self.left_now(now)
        mover = self.running
        left[mover] = self.control.base_ms if self.control.correspondence else left[mover] + self.control.increment_ms
        return replace(self, left=left, running=to_move, since=now)

    def stopped(self, now: datetime) -> Clock:
        return replace(self, left=self.left_now(now), running=None, since=now)

    def document(self, now: datetime) -> dict[str, object]:
        """What a client is told: the control and its kind, time left by seat (ms), whose clock runs, its deadline."""
        deadline = self.deadline
        return {
            "control": self.control.name,
            "kind": self.control.kind,
            "left_ms": self.left_now(now),
            "running": self.running,
            "deadline": None if deadline is None else deadline.strftime("%Y-%m-%dT%H:%M:%S.%fZ"),
        }

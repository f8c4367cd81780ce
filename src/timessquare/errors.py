"""The errors the engine raises for people and programs: each says what is wrong in one line."""

from __future__ import annotations


class TimesSquareError(ValueError):
    """Base of every error the engine raises on bad input."""


class InvalidActionError(TimesSquareError):
    """A string that is not one of the 95 action strings of FORMATS.md (`lure deb`, `H1 hal+2`)."""

    def __init__(self, text: str, why: str = "not an action of the notation (see docs/notation.md)") -> None:
        self.text = text
        super().__init__(f"invalid action {text!r}: {why}")


class IllegalActionError(TimesSquareError):
    """A valid action string that the rules forbid in this position; the message cites the rule."""

    def __init__(self, text: str, why: str) -> None:
        self.text = text
        self.why = why
        super().__init__(f"illegal action {text!r}: {why}")


class GameOverError(IllegalActionError):
    """An action after the game has ended."""

    def __init__(self, text: str, result: str) -> None:
        super().__init__(text, f"the game is over (result: {result})")


class FormatError(TimesSquareError):
    """A position document, game record or view document that does not follow FORMATS.md."""

    def __init__(self, field: str, why: str) -> None:
        self.field = field
        self.why = why
        super().__init__(f"{field}: {why}" if field else why)

"""The choices panel: the list of what the person can do next (menu.py builds it), keyboard and mouse."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.widgets import OptionList

from ..menu import Choice, Kind


def choice_prompt(choice: Choice) -> Text:
    """One line of the panel: the key, then the words; a choice that is not legal now is marked ✗ and dim."""
    text = Text()
    text.append(f"{choice.key:>3}" if choice.key else "   ", "bold")
    if choice.kind == Kind.NOTE:
        text.append(" " + choice.label, "italic")
    elif choice.legal:
        text.append("   " + choice.label)
    else:
        text.append(" ✗ " + choice.label, "dim")
    return text


class ChoiceList(OptionList):
    """An OptionList that remembers the `Choice` behind each line."""

    DEFAULT_CSS = """
    ChoiceList { height: 1fr; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.choices: list[Choice] = []

    def show(self, choices: Sequence[Choice], highlight: int | None = None) -> None:
        """Replace the lines; the highlight goes to `highlight`, else to the first legal choice to act on."""
        self.choices = list(choices)
        self.set_options([choice_prompt(c) for c in self.choices])
        if highlight is None:
            actionable = [i for i, c in enumerate(self.choices) if c.legal and c.kind not in (Kind.BACK, Kind.NOTE)]
            highlight = actionable[0] if actionable else 0
        if self.choices:
            self.highlighted = min(highlight, len(self.choices) - 1)

    def choice_at(self, index: int | None) -> Choice | None:
        if index is None or not 0 <= index < len(self.choices):
            return None
        return self.choices[index]

    @property
    def current(self) -> Choice | None:
        return self.choice_at(self.highlighted)

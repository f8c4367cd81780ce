"""The replay of a finished game, frame by frame, as the rules core builds it (docs/web-protocol.md).

Frame 0 is the deal; frame i is the game after its i-th public action (a reshuffle belongs to the `end`
that caused it). Each frame is one seat's view document of that moment (`PlayerView`, as during play) and
the log entries of that action in words: the session's own log, cut where each action begins. The page
only shows them; no rule is applied outside the core.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

from ...actions import ACTIONS, PLAY, action_id
from ...cards import CARD_CODES, SEAT_NAMES
from ...catalog import words
from ...session.choices import after_colon
from ...session.timeline import Timeline
from ..sockets.table import Table, log_documents, over_document

T = TypeVar("T")


def entries_by_frame(log: Sequence[T], kinds: Sequence[str], frames: int) -> list[list[T]]:
    """The log cut into frames (`kinds`: each entry's kind): every action's entries start with the action
    itself (kind "move"); a forfeit's closing entry falls into the last frame."""
    cut: list[list[T]] = [[]]
    for entry, kind in zip(log, kinds, strict=True):
        if kind == "move":
            cut.append([])
        cut[-1].append(entry)
    if len(cut) != frames:
        raise ValueError(f"the log has {len(cut) - 1} actions, the game {frames - 1}")
    return cut


def played(log: Sequence[dict[str, Any]], lang: str) -> str | None:
    """A frame's card play as the replay's list says it, naming who played which card ("A plays S S: Sue and
    both bodyguards move 1 toward B"); None for a frame that begins with no card play."""
    first = log[0] if log else None
    action = ACTIONS[action_id(first["notation"])] if first and first["notation"] else None
    if first is None or action is None or action.kind != PLAY:
        return None
    card = " ".join([CARD_CODES[action.card]] * action.cards_used)
    return words("replay.played", lang, seat=first["seat"], card=card, words=after_colon(first["text"], lang))


def replay_document(table: Table, timeline: Timeline, seat: int | None, lang: str) -> dict[str, Any]:
    """Every frame of a finished game for `seat` (None: a spectator), its words in `lang`."""
    count = len(timeline.steps) + 1
    update = table.session.update(None, lang)
    documents = log_documents(update)
    logs = entries_by_frame(documents, [entry.kind for entry in update.log], count)
    frames = [
        {"view": timeline.view_at(index, seat).to_document(), "log": logs[index], "played": played(logs[index], lang)}
        for index in range(count)
    ]
    return {
        "id": table.game_id,
        "seat": None if seat is None else SEAT_NAMES[seat],
        "lang": lang,
        "players": table.session.seats,
        "over": over_document(update),
        "frames": frames,
    }

"""The WebSocket messages of docs/web-protocol.md: reading a client's message strictly, writing the server's.

`parse` turns one text frame into a typed message or raises `ProtocolError` with the error code and a
message for people; nothing a client sends can get past it in another shape.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import orjson

from ...catalog import ENGLISH, languages
from ...errors import FormatError, TimesSquareError
from ...jsonread import JSONSyntaxError, is_unicode, parse_json

VERSION = 1
MAX_MESSAGE_BYTES = 4096
MAX_ACTION_CHARS = 64
MAX_ACTION_ID = 95  # ids 0-94 (actions.py)
MAX_ACTIONS = 16  # actions in one `actions` message: a turn has at most 9 (8 cards, then end)
MAX_CHAT_CHARS = 300


class ProtocolError(TimesSquareError):
    """A message refused: `code` is one of the protocol's error codes; nothing was changed."""

    def __init__(self, code: str, message: str, rule: str | None = None) -> None:
        self.code = code
        self.message = message
        self.rule = rule
        super().__init__(message)

    def to_message(self) -> dict[str, Any]:
        return error(self.code, self.message, self.rule)


@dataclass(frozen=True)
class Join:
    token: str | None
    lang: str
    updates: bool = False  # `update` messages after the first `state` (else a whole `state` each time)
    changes: bool = False  # `change` messages after the first `state`: what changed, as events (lila's shape)


@dataclass(frozen=True)
class Act:
    version: int
    action: str | int  # its notation, or its id (as a `change` message's `legal` gives it)


@dataclass(frozen=True)
class Actions:
    """Several actions of one turn, all or none (a trade: its discards, then `end`)."""

    version: int
    actions: tuple[str | int, ...]


@dataclass(frozen=True)
class Sync:
    """Send me the whole state again (I missed an update)."""


@dataclass(frozen=True)
class Explain:
    action: str


@dataclass(frozen=True)
class Hint:
    pass


@dataclass(frozen=True)
class Resign:
    pass


@dataclass(frozen=True)
class Ping:
    pass


@dataclass(frozen=True)
class Chat:
    text: str  # cleaned: one line, no control characters, not empty


@dataclass(frozen=True)
class Abort:
    pass


@dataclass(frozen=True)
class Offer:
    offer: str  # "draw"


@dataclass(frozen=True)
class Decline:
    pass


@dataclass(frozen=True)
class Report:
    id: int  # the chat message reported


ClientMessage = Join | Act | Actions | Sync | Explain | Hint | Resign | Ping | Chat | Report | Abort | Offer | Decline

# type -> (required fields, optional fields)
_FIELDS: dict[str, tuple[set[str], set[str]]] = {
    "join": ({"token"}, {"lang", "updates", "changes"}),
    "action": ({"version", "action"}, set()),
    "actions": ({"version", "actions"}, set()),
    "sync": (set(), set()),
    "explain": ({"action"}, set()),
    "hint": (set(), set()),
    "resign": (set(), set()),
    "ping": (set(), set()),
    "chat": ({"text"}, set()),
    "report": ({"id"}, set()),
    "abort": (set(), set()),
    "offer": ({"offer"}, set()),
    "decline": (set(), set()),
}


def bad(message: str) -> ProtocolError:
    return ProtocolError("bad_message", message)


def parse(frame: str | bytes | None) -> ClientMessage:
    """One client frame -> a message; raises ProtocolError("bad_message", …) for anything malformed."""
    if frame is None:
        raise bad("messages are JSON text frames")
    if isinstance(frame, bytes):
        raise bad("messages are JSON text frames, not binary ones")
    if len(frame) > MAX_MESSAGE_BYTES or len(frame.encode("utf-8", "surrogatepass")) > MAX_MESSAGE_BYTES:
        raise bad(f"message too large (at most {MAX_MESSAGE_BYTES} bytes)")
    if not frame.isascii() and not is_unicode(frame):  # a frame that was not UTF-8: its bad bytes as surrogates
        raise bad("a message is UTF-8 text: this one is not")
    try:
        data = parse_json(frame)  # the core's one JSON reader: no duplicate keys, no NaN, no huge numbers
    except FormatError as e:
        raise bad(str(e) if isinstance(e, JSONSyntaxError) else f"not valid JSON: {e}") from None
    if "\\u" in frame and not is_unicode(data):  # only an escape can decode to a lone surrogate
        raise bad("not valid Unicode text (a lone surrogate escape)")
    if not isinstance(data, dict):
        raise bad("a message is a JSON object")
    if type(data.get("v")) is not int or data["v"] != VERSION:  # 1.0 and true are not 1
        raise bad(f'unknown protocol version: send "v": {VERSION}')
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in _FIELDS:
        raise bad(f"unknown message type (known: {', '.join(_FIELDS)})")
    required, optional = _FIELDS[kind]
    fields = set(data) - {"v", "type"}
    missing = required - fields
    if missing:
        raise bad(f"{kind}: missing field {sorted(missing)[0]!r}")
    extra = fields - required - optional
    if extra:
        raise bad(f"{kind}: unknown field {sorted(extra)[0]!r}")
    parser = PARSERS.get(kind)
    if parser is None:  # a type in the table without a parser is refused, never read as another type
        raise bad(f"unknown message type (known: {', '.join(PARSERS)})")
    return parser(data)


def _join(data: dict[str, Any]) -> Join:
    token = data["token"]
    if token is not None and not isinstance(token, str):
        raise bad("join: token must be a string, or null to watch")
    lang = data.get("lang", ENGLISH)
    if lang not in languages():
        raise bad(f"join: lang must be one of {', '.join(languages())}")
    updates, changes = data.get("updates", False), data.get("changes", False)
    if not isinstance(updates, bool) or not isinstance(changes, bool):
        raise bad("join: updates and changes must be true or false")
    if updates and changes:
        raise bad("join: ask for updates or for changes, not both")
    return Join(token, lang, updates, changes)


def _actions(data: dict[str, Any]) -> Actions:
    actions = data["actions"]
    if not isinstance(actions, list) or not 1 <= len(actions) <= MAX_ACTIONS or not all(map(_is_action, actions)):
        raise bad(f"actions: actions must be a list of 1 to {MAX_ACTIONS} actions (notation strings or ids)")
    return Actions(_version(data["version"], "actions"), tuple(actions))


def _is_action(action: object) -> bool:
    """A move string of the notation, or an action id (0-94: `legal` in a `change` message)."""
    if isinstance(action, str):
        return bool(action) and len(action) <= MAX_ACTION_CHARS
    return isinstance(action, int) and not isinstance(action, bool) and 0 <= action < MAX_ACTION_ID


def _action_string(data: dict[str, Any], kind: str) -> str:
    action = data["action"]
    if not isinstance(action, str) or not action or len(action) > MAX_ACTION_CHARS:
        raise bad(f"{kind}: action must be a move string of the notation")
    return action


def _act(data: dict[str, Any]) -> Act:
    action = data["action"]
    if not _is_action(action):
        raise bad("action: action must be a move string of the notation, or an action id")
    return Act(_version(data["version"], "action"), action)


def _offer(data: dict[str, Any]) -> Offer:
    if data["offer"] != "draw":
        raise bad('offer: the offer is "draw" (no takebacks: docs/rules.md R11.9)')
    return Offer("draw")


def _report(data: dict[str, Any]) -> Report:
    reported = data["id"]
    if not isinstance(reported, int) or isinstance(reported, bool) or not 0 < reported < 2**63:
        raise bad("report: id must be the id of a chat message")
    return Report(reported)


# type -> its reader (of a message whose fields `_FIELDS` checked): one for each type of `_FIELDS`
PARSERS: dict[str, Callable[[dict[str, Any]], ClientMessage]] = {
    "join": _join,
    "action": _act,
    "actions": _actions,
    "sync": lambda _: Sync(),
    "explain": lambda data: Explain(_action_string(data, "explain")),
    "hint": lambda _: Hint(),
    "resign": lambda _: Resign(),
    "ping": lambda _: Ping(),
    "chat": lambda data: Chat(chat_text(data["text"])),
    "report": _report,
    "abort": lambda _: Abort(),
    "offer": _offer,
    "decline": lambda _: Decline(),
}


def _version(version: object, kind: str) -> int:
    if not isinstance(version, int) or isinstance(version, bool) or not 0 <= version < 2**31:
        raise bad(f"{kind}: version must be the whole number of the state the action was chosen on")
    return version


def chat_text(text: object) -> str:
    """A chat line as it is kept and shown: one line of text, its control characters dropped."""
    if not isinstance(text, str):
        raise bad("chat: text must be a string")
    line = " ".join("".join(c if c.isprintable() else " " for c in text).split())
    if not line:
        raise bad("chat: the text is empty")
    if len(line) > MAX_CHAT_CHARS:
        raise bad(f"chat: at most {MAX_CHAT_CHARS} characters")
    return line


def error(code: str, message: str, rule: str | None = None) -> dict[str, Any]:
    return {"v": VERSION, "type": "error", "code": code, "message": message, "rule": rule}


def pong() -> dict[str, Any]:
    return {"v": VERSION, "type": "pong"}


def encode(message: dict[str, Any]) -> str:
    """A server message as compact JSON text (orjson: a sixth of the standard library's time here)."""
    return orjson.dumps(message).decode()

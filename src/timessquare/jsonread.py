"""Reading JSON input safely, for every reader of the public formats (positions, records, views, messages).

One parser for all of them: it refuses what the standard library would accept silently or fail on with a
traceback (a document over the size limit, duplicate keys, numbers with thousands of digits, nesting too
deep), always with a FormatError that says what is wrong. The small checks that name a field come with it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .errors import FormatError

# The largest JSON document any reader takes (a record of a long game is a few kilobytes); documented in
# docs/formats.md. A longer input is refused before it is read whole.
MAX_DOCUMENT_BYTES = 1 << 20
MAX_NUMBER_DIGITS = 30  # any number of the formats has a handful of digits; more is garbage


class JSONSyntaxError(FormatError):
    """Text that is not JSON at all; `detail` is the decoder's own words ("Expecting value")."""

    def __init__(self, detail: str, line: int, column: int) -> None:
        self.detail = detail
        super().__init__("", f"not valid JSON ({detail} at line {line} column {column})")


class NestingError(FormatError):
    """JSON nested deeper than the parser goes (it would otherwise end in a RecursionError)."""

    def __init__(self) -> None:
        super().__init__("", "not a readable JSON document (nested too deeply)")


def too_large(limit: int = MAX_DOCUMENT_BYTES) -> str:
    """The words of every reader for input over the limit."""
    return f"too large: a document has at most {limit:,} bytes"


def _whole(text: str) -> int:
    if len(text.lstrip("-")) > MAX_NUMBER_DIGITS:
        raise FormatError("", f"not a readable JSON document (a number with {len(text)} digits)")
    return int(text)


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    doc: dict[str, Any] = {}
    for key, value in pairs:
        if key in doc:
            raise FormatError(key, "appears twice in the same object (duplicate JSON key)")
        doc[key] = value
    return doc


# One decoder for every document (json.loads with these options would make a new one each time).
_DECODER = json.JSONDecoder(parse_int=_whole, object_pairs_hook=_no_duplicates)


def parse_json(text: str | bytes) -> Any:
    """JSON text to a value; raises FormatError for anything unreadable, too big, or ambiguous."""
    if len(text) > MAX_DOCUMENT_BYTES:
        raise FormatError("", too_large())
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise FormatError("", "not text (not UTF-8)") from None
    try:
        if text.startswith("\ufeff"):  # as json.loads refuses it
            raise json.JSONDecodeError("Unexpected UTF-8 BOM (decode using utf-8-sig)", text, 0)
        return _DECODER.decode(text)
    except json.JSONDecodeError as e:
        raise JSONSyntaxError(e.msg, e.lineno, e.colno) from None
    except RecursionError:
        raise NestingError from None
    except ValueError as e:  # a float the decoder cannot take, or similar
        raise FormatError("", f"not a readable JSON document ({e})") from None


def is_unicode(value: object) -> bool:
    """Is every string in this decoded JSON value real Unicode, writable as UTF-8? (JSON may write a lone
    surrogate such as `\\ud800`, which no password hash, database or page can take.)"""
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return False
        return True
    if isinstance(value, dict):
        return all(is_unicode(k) and is_unicode(v) for k, v in value.items())
    if isinstance(value, list):
        return all(is_unicode(item) for item in value)
    return True


def read_limited(path: str | Path, limit: int = MAX_DOCUMENT_BYTES) -> bytes:
    """A file's bytes, refusing one over `limit` without reading it all (OSError passes through)."""
    with open(path, "rb") as f:
        data = f.read(limit + 1)
    if len(data) > limit:
        raise FormatError("", too_large(limit))
    return data


def check_fields(doc: object, name: str, fields: tuple[str, ...]) -> dict[str, Any]:
    """The object itself, after checking it has exactly these fields."""
    if not isinstance(doc, dict):
        raise FormatError(name, f"must be a JSON object, not {type_name(doc)}")
    for field in fields:
        if field not in doc:
            raise FormatError(join(name, field), "missing field")
    for field in doc:
        if field not in fields:
            raise FormatError(join(name, str(field)), "unknown field")
    return doc


def type_name(value: object) -> str:
    if value is None:
        return "null"
    return {bool: "a boolean", int: "a number", float: "a number", str: "a string", list: "an array"}.get(
        type(value), "an object"
    )


def join(name: str, field: str) -> str:
    """A dotted field path: join("start", "figures") is "start.figures"."""
    return f"{name}.{field}" if name else field


def whole_number(doc: dict[str, Any], field: str, low: int, high: int) -> int:
    """The whole number doc[last part of field] in low..high; errors name `field` (a dotted path)."""
    key = field.rpartition(".")[2]
    if not isinstance(doc, dict):
        raise FormatError(field.rpartition(".")[0], f"must be a JSON object, not {type_name(doc)}")
    if key not in doc:
        raise FormatError(field, "missing field")
    value = doc[key]
    if not isinstance(value, int) or isinstance(value, bool):
        raise FormatError(field, f"must be a whole number, not {type_name(value)}")
    if not low <= value <= high:
        raise FormatError(field, f"{value} is out of range ({low}-{high})")
    return value

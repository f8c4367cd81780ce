"""What the command line reads: one document from a file or standard input, or one per line (`--jsonl`).

Never more than the limit of `jsonread` (MAX_DOCUMENT_BYTES, docs/formats.md) is read into memory: a
larger document, or a longer line, is refused with one line (exit status 2), `/dev/zero` included.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from typing import IO

from ..errors import FormatError, TimesSquareError
from ..jsonread import MAX_DOCUMENT_BYTES, read_limited, too_large

STDIN_NAMES = (None, "-")


class UsageError(TimesSquareError):
    """A command line that cannot be carried out (a missing file, a bad option value)."""


def where(path: str | None) -> str:
    """How an error names the input: the file's path, or "standard input"."""
    return "standard input" if path in STDIN_NAMES else str(path)


def _stdin() -> IO[bytes] | IO[str]:
    return getattr(sys.stdin, "buffer", sys.stdin)  # tests put a text stream in its place


def read_document(path: str | None) -> bytes | str:
    """The whole input (a file, or standard input for None and "-"), at most MAX_DOCUMENT_BYTES."""
    if path in STDIN_NAMES:
        data = _stdin().read(MAX_DOCUMENT_BYTES + 1)
        if len(data) > MAX_DOCUMENT_BYTES:
            raise UsageError(f"standard input: {too_large()}")
        return data
    assert path is not None
    try:
        return read_limited(path)
    except OSError as e:
        raise UsageError(f"cannot read {path}: {e.strerror or e}") from None
    except FormatError as e:
        raise UsageError(f"{path}: {e}") from None


def read_lines(path: str | None) -> Iterator[tuple[int, bytes | str]]:
    """(line number, line) of the input, one at a time; each line at most MAX_DOCUMENT_BYTES."""
    if path in STDIN_NAMES:
        yield from _numbered(_stdin(), "standard input")
        return
    assert path is not None
    try:
        stream = open(path, "rb")  # noqa: SIM115 (closed by the `with` below: only opening is caught here)
    except OSError as e:
        raise UsageError(f"cannot read {path}: {e.strerror or e}") from None
    with stream:
        try:
            yield from _numbered(stream, path)
        except OSError as e:  # a directory opens, then fails to read
            raise UsageError(f"cannot read {path}: {e.strerror or e}") from None


def _numbered(stream: IO[bytes] | IO[str], name: str) -> Iterator[tuple[int, bytes | str]]:
    number = 0
    while line := stream.readline(MAX_DOCUMENT_BYTES + 1):
        number += 1
        newline = b"\n" if isinstance(line, bytes) else "\n"
        if len(line) > MAX_DOCUMENT_BYTES and not line.endswith(newline):  # type: ignore[arg-type]
            raise UsageError(f"{name}: line {number}: {too_large()}")
        yield number, line

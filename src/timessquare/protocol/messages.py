"""What both ends of the player protocol share (FORMATS.md, docs/player-protocol.md)."""

from ..jsonread import MAX_DOCUMENT_BYTES

PROTOCOL = "times-square/player/1"
MAX_LINE_BYTES = MAX_DOCUMENT_BYTES  # a longer line is garbage, not a message (1 MiB: a view is < 2 KB)

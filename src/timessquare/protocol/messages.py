"""What both ends of the player protocol share (FORMATS.md, docs/player-protocol.md)."""

PROTOCOL = "times-square/player/1"

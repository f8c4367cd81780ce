"""The player protocol of FORMATS.md: outside programs as our players (`client`), ours as programs (`server`)."""

from .messages import PROTOCOL

__all__ = ["PROTOCOL"]

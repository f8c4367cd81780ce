"""The `timessquare` command line (README, docs/formats.md)."""

from .commands import main

__all__ = ["main"]

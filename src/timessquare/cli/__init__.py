"""The `timessquare` command line (README, docs/formats.md)."""

from .main import main

__all__ = ["main"]

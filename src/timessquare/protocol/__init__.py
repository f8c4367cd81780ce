"""The player protocol of FORMATS.md: outside programs as our players (`client`), ours as programs (`server`).

Importing it registers the players written `cmd:COMMAND` with the players' registry (`client.make`).
"""

from . import client
from .messages import PROTOCOL

__all__ = ["PROTOCOL", "client"]

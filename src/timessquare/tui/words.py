"""The full-screen game's words: the catalogs' `tui.*` texts (catalog.py) in the language it was started
with (`play --lang`), and its keys' descriptions in the footer from the same catalogs."""

from __future__ import annotations

from dataclasses import replace

from textual.dom import DOMNode

from ..catalog import ENGLISH, catalog, words

__all__ = ["ENGLISH", "localize_bindings", "player_words", "tui_words"]


def tui_words(key: str, lang: str, /, **params: object) -> str:
    """The text of `tui.<key>` in `lang`, its placeholders filled from `params`."""
    return words(f"tui.{key}", lang, **params)


def player_words(name: str, seat: str, lang: str) -> str:
    """A seat's player by its record name, in words of `lang`: a person ("you", "person A"), a computer by its
    level ("easy"), or another computer player by its own name ("random")."""
    texts = catalog(lang)
    if f"tui.player.{name}" in texts:
        return words(f"tui.player.{name}", lang, seat=seat)
    return texts.get(f"level.{name}", name)


def localize_bindings(node: DOMNode, lang: str) -> None:
    """`node`'s key bindings with their descriptions in words of `lang`: each of our classes declares its
    bindings with a `tui.key.*` name as the description (Textual's own, such as Ctrl+Q, keep theirs).
    Textual keeps a node's bindings in `_bindings`, copied from the class for each node (its lists shared
    with the class: new lists, so the class keeps its own)."""
    texts = catalog(lang)
    node._bindings.key_to_bindings = {
        key: [replace(b, description=texts.get(f"tui.key.{b.description}", b.description)) for b in bs]
        for key, bs in node._bindings.key_to_bindings.items()
    }

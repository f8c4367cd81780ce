"""A choice in words, before it is made: what one action would do on the board ("Sue 1 toward B (8 → 9)")
and a whole suggested turn ("S: Sue 1 toward B (8 → 9) → End the turn"). The choices on screen, the hint
and the analysis say it the same way, in the catalogs' words; the page composes none of it.

(A move already made is told by `describe.py`, the log's words.)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..actions import ACTIONS, DISCARD, END, LURE, Action
from ..cards import CARD_CODES, FIGURE_NAMES, GA
from ..catalog import LANGUAGES, catalog, counted, words
from .describe import capital, figure_words, toward
from .destinations import destinations, turn_destinations


def after_colon(text: str, lang: str = LANGUAGES[0]) -> str:
    """`text` as it goes on after a colon: a language whose catalog says `lang.afterColon: lower` (French)
    starts it in lower case unless it starts with a name (Sue, Hal, Deb, Charlie); the others keep it."""
    if catalog(lang)["lang.afterColon"] != "lower":
        return text
    names = {words(f"fig.{name}", lang) for name in FIGURE_NAMES}
    if text.split(" ")[0] in {name for name in names if name[:1].isupper()}:
        return text
    return text[:1].lower() + text[1:]


def action_words(
    aid: int, figures: Mapping[str, int], lang: str = LANGUAGES[0], moved: Mapping[str, int] | None = None
) -> str:
    """What action `aid` does on the board `figures` (a view's, by name), naming the spaces it moves figures
    from and to: "Lure Sue to Hal (8 → 11)". `moved`: its `destinations` when the caller has them."""
    action = ACTIONS[aid]
    moved = destinations(aid, figures) if moved is None else moved
    if action.kind == LURE:
        name = FIGURE_NAMES[action.lure_figure]
        return words(
            "effect.lure",
            lang,
            figure=figure_words(action.lure_figure, lang),
            **{"from": figures[name]},
            to=moved[name],
        )
    if action.kind == DISCARD:
        return words("effect.discard", lang, card=CARD_CODES[action.card])
    if action.kind == END:
        return words("effect.end", lang)
    text = capital(_play_words(action, figures, {**figures, **moved}, lang))
    return words("effect.joker", lang, effect=after_colon(text, lang)) if action.is_joker else text


def _play_words(action: Action, figures: Mapping[str, int], to: Mapping[str, int], lang: str) -> str:
    if action.card == GA:
        return words("effect.ga", lang, low=to["low"], high=to["high"])
    if action.notation.startswith("SS "):
        return words("effect.group", lang, dir=toward(action.steps[0][1], lang), sue=to["sue"])
    if action.to_middle >= 0:
        name = FIGURE_NAMES[action.to_middle]
        return words("effect.middle", lang, figure=figure_words(action.to_middle, lang), **{"from": figures[name]})
    parts = []
    for figure, step in action.steps:
        name = FIGURE_NAMES[figure]
        parts.append(
            words(
                "effect.step",
                lang,
                figure=figure_words(figure, lang),
                n=abs(step),
                dir=toward(step, lang),
                to=to[name],
                **{"from": figures[name]},
            )
        )
    return words("effect.and", lang).join(parts)


def turn_words(aids: Sequence[int], figures: Mapping[str, int], lang: str = LANGUAGES[0]) -> str:
    """A whole turn from the board `figures`, each card with what it does, each step on the board the steps
    before it left; a trade as the page's own button says it ("Discard H1 and draw 1 card")."""
    discards = [ACTIONS[a] for a in aids if ACTIONS[a].kind == DISCARD]
    if discards and len(discards) == len(aids) - 1 and ACTIONS[aids[-1]].kind == END:
        return counted("turn.trade", len(discards), lang, cards=" ".join(CARD_CODES[a.card] for a in discards))
    steps = []
    board = dict(figures)
    for aid, moved in zip(aids, turn_destinations(aids, figures), strict=True):
        effect = action_words(aid, board, lang, moved)
        if ACTIONS[aid].kind not in (LURE, DISCARD, END):
            effect = words(
                "hint.step", lang, card=ACTIONS[aid].notation.split(" ")[0], effect=after_colon(effect, lang)
            )
        steps.append(effect)
        board.update(moved)
    return " → ".join(steps)

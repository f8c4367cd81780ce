"""Why an action is refused, in the interfaces' languages: the core's reasons (`explain.Reason`, a rule
broken, with its details) and the session's own (the game is over, not this seat's turn).

The English words are the core's (`explain.english`); the French ones are here, beside the log's French
words (log.py, describe.py). A language without words of its own gets the English ones.
"""

from __future__ import annotations

from ..explain import Reason, english, reason_in_words

__all__ = ["FRENCH", "SESSION_WORDS", "reason_words", "session_words"]

# Every kind of the core's reasons (explain.REASON_KINDS) in French; `{name}` is a detail of the reason.
FRENCH = {
    "end_too_soon": "un tour ne peut pas finir avant qu'une carte soit jouée ou défaussée (R5.4)",
    "lure_not_first": "attirer vers Hal est un tour entier : impossible après des cartes jouées ou défaussées (R5.2)",
    "discard_after_play": "des cartes ont été jouées à ce tour, donc aucune ne peut être défaussée "
    "(un tour est l'un de R5.1 à R5.3)",
    "play_after_discard": "des cartes ont été défaussées à ce tour, donc aucune ne peut être jouée "
    "(un tour est l'un de R5.1 à R5.3)",
    "colour": "ce tour joue des cartes {colour} ; toutes les cartes d'un tour sont d'une même couleur (R5.1)",
    "deb_lock": "la première carte Deb de ce tour a déplacé Deb, donc chaque carte Deb doit déplacer Deb "
    "(variante de R9.2)",
    "joker_lock": "une carte Deb a servi de joker sur {target} à ce tour ; chaque carte Deb suivante doit faire "
    "de même (R9.2)",
    "hand_play": "la main contient {have} carte{s} {card}, il en faut {need} (R5.1 : on joue les cartes de sa main)",
    "hand_discard": "la main contient {have} carte{s} {card}, il en faut {need} "
    "(R5.3 : on défausse les cartes de sa main)",
    "joker_place": "une carte Deb n'est un joker que si Deb se tient strictement entre Sue et {side} (R9.1)",
    "toward_mover": "avec la variante toward-mover, les figurines ne se déplacent que vers le joueur actif "
    "(variante de R4.1)",
    "lure_in_place": "{figure} est déjà sur la case de Hal (R5.2)",
    "no_change": "la carte ne changerait rien sur le plateau (R4.4)",
    "off_board": "{figure} sortirait du plateau (case {space}) (R4.3)",
    "bodyguards": "Sue doit se tenir strictement entre ses gardes du corps (côté A {low}, Sue {sue}, côté B {high}) "
    "(R3)",
}
_FR_COLOURS = {"green": "vertes", "grey": "grises", "yellow": "jaunes", "red": "rouges"}
_FR_TARGETS = {"sue": "Sue", "hal": "Hal", "guards": "un garde du corps"}
_FR_SIDES = {"A": "le bout de A (deb < sue)", "B": "le bout de B (deb > sue)"}
_FR_FIGURES = {
    "sue": "Sue",
    "low": "le garde du corps côté A",
    "high": "le garde du corps côté B",
    "hal": "Hal",
    "deb": "Deb",
}
_FR_NAMES = {"colour": _FR_COLOURS, "target": _FR_TARGETS, "side": _FR_SIDES, "figure": _FR_FIGURES}

# The session's own refusals, by language.
SESSION_WORDS = {
    "en": {
        "over": "the game is over ({ending})",
        "spectator": "a spectator cannot act",
        "turn": "it is {seat}'s turn",
        "notation": "not a move of the notation",
    },
    "fr": {
        "over": "la partie est terminée ({ending})",
        "spectator": "un spectateur ne peut pas jouer",
        "turn": "c'est à {seat} de jouer",
        "notation": "ce n'est pas un coup de la notation",
    },
}


def reason_words(reason: Reason, lang: str = "en") -> str:
    """A reason of the core in words of `lang` (English for a language without words of its own)."""
    if lang != "fr":
        return english(reason)
    return reason_in_words(reason, FRENCH, _FR_NAMES, lambda n: n > 1)


def session_words(key: str, lang: str = "en", **args: str) -> str:
    """One of the session's own refusals (SESSION_WORDS) in words of `lang`."""
    return SESSION_WORDS.get(lang, SESSION_WORDS["en"])[key].format(**args)

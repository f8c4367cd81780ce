"""From the options of `timessquare play` to the app that runs: a new game, a loaded one, or a replay
(`run_tui`, what `timessquare play` calls)."""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

from textual.app import App

from ..catalog import ENGLISH
from ..errors import TimesSquareError
from ..record import ReplayError, read_record_file
from ..variants import Rules
from .app import GameApp, ReplayApp
from .session import Session
from .words import tui_words


def app_from_args(args: argparse.Namespace, rules: Rules) -> App[None]:
    """The app for `play`'s options; bad files and unknown players raise TimesSquareError before it starts."""
    if getattr(args, "no_color", False):
        os.environ["NO_COLOR"] = "1"  # Textual reads it when the app is made
    explicit_rules = rules if args.variant else None
    lang = getattr(args, "lang", None) or ENGLISH
    if args.replay:
        record = read_record_file(args.replay)
        try:
            return ReplayApp(record, explicit_rules, lang)
        except (ReplayError, TimesSquareError) as e:
            raise TimesSquareError(f"{args.replay}: {e}") from None
    load_options: dict[str, Any] = {
        "rules": explicit_rules,
        "seat_choice": args.seat,
        "opponent": args.opponent,
        "hotseat": args.hotseat,
        "lang": lang,
    }
    seeds = iter(range(1 << 30))
    base = args.seed

    def new_session() -> Session:
        seed = None if base is None else base + next(seeds) + 1
        return Session.new(rules, seed, args.seat, args.opponent, args.hotseat, lang)

    if args.load:
        session = Session.load(args.load, **load_options)
    else:
        session = Session.new(rules, args.seed, args.seat, args.opponent, args.hotseat, lang)
    return GameApp(session, new_session=new_session, load_options=load_options, lang=lang)


def run_tui(args: argparse.Namespace, rules: Rules) -> int:
    """`timessquare play` without --plain: build the session from the options and run the app."""
    app = app_from_args(args, rules)  # bad files and players are said first
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        if isinstance(app, GameApp):
            app.session.close()
        raise TimesSquareError(tui_words("needsTerminal", getattr(args, "lang", None) or ENGLISH))
    app.run()
    return 0

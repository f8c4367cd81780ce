"""From the options of `timessquare play` to the app that runs: a new game, a loaded one, or a replay."""

from __future__ import annotations

import argparse
import json
import os
from pathlib import Path
from typing import Any

from textual.app import App

from ..errors import TimesSquareError
from ..record import ReplayError
from ..variants import Rules
from .app import GameApp, ReplayApp
from .session import Session


def read_record(path: str) -> dict[str, Any]:
    """A game record file as JSON (the rules core checks its contents)."""
    try:
        record = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as e:
        raise TimesSquareError(f"cannot read {path}: {e.strerror}") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        raise TimesSquareError(f"{path}: not a game record (not valid JSON: {e})") from None
    if not isinstance(record, dict):
        raise TimesSquareError(f"{path}: not a game record (not a JSON object)")
    return record


def app_from_args(args: argparse.Namespace, rules: Rules) -> App[None]:
    """The app for `play`'s options; bad files and unknown players raise TimesSquareError before it starts."""
    if getattr(args, "no_color", False):
        os.environ["NO_COLOR"] = "1"  # Textual reads it when the app is made
    explicit_rules = rules if args.variant else None
    if args.replay:
        record = read_record(args.replay)
        try:
            return ReplayApp(record, explicit_rules)
        except (ReplayError, TimesSquareError) as e:
            raise TimesSquareError(f"{args.replay}: {e}") from None
    load_options: dict[str, Any] = {
        "rules": explicit_rules,
        "seat_choice": args.seat,
        "opponent": args.opponent,
        "hotseat": args.hotseat,
    }
    seeds = iter(range(1 << 30))
    base = args.seed

    def new_session() -> Session:
        seed = None if base is None else base + next(seeds) + 1
        return Session.new(rules, seed, args.seat, args.opponent, args.hotseat)

    if args.load:
        session = Session.load(args.load, **load_options)
    else:
        session = Session.new(rules, args.seed, args.seat, args.opponent, args.hotseat)
    return GameApp(session, new_session=new_session, load_options=load_options)

"""The `timessquare` command line. Bad input: one line on standard error and exit status 2, no traceback."""

from __future__ import annotations

import argparse
import importlib
import json
import os
import random
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NoReturn

from .. import position
from ..actions import action_id
from ..arena.report import run_arena_command
from ..arena.selfplay_command import selfplay_records
from ..cards import CARD_INDEX
from ..catalog import ENGLISH, languages
from ..chance import sample_chance
from ..errors import FormatError, TimesSquareError
from ..jsonread import MAX_DOCUMENT_BYTES, parse_json
from ..players.analysis import ANALYSIS_ITERATIONS
from ..players.registry import PLAYER_NAMES, make_player
from ..protocol.server import serve
from ..record import ReplayError, read_record_file, replay
from ..state import State
from ..terminal.plain import play_text_game
from ..variants import VARIANT_NAMES, Rules
from ..view import PlayerView
from .analyse import run as run_analysis
from .bench import measure_paths, measure_vector_env
from .inputs import UsageError, read_document, read_lines
from .play_options import check_play_options

EXIT_BAD_INPUT = 2

__all__ = ["EXIT_BAD_INPUT", "UsageError", "build_parser", "main"]


def _rules(args: argparse.Namespace) -> Rules:
    return Rules.from_names(args.variant or [])


def _load_position(data: bytes | str, rules: Rules, where: str) -> State:
    try:
        return position.from_document(parse_json(data), rules)
    except TimesSquareError as e:
        raise TimesSquareError(f"{where}: {e}") from None


def cmd_legal(args: argparse.Namespace) -> int:
    rules = _rules(args)
    if not args.jsonl:
        state = _load_position(read_document(args.file), rules, "position")
        for action in state.legal_actions():
            print(action)
        return 0
    out = []  # printed once every line is read: a bad line prints nothing but its error
    for n, line in read_lines(args.file):
        if not line.strip():
            continue
        out.append(json.dumps(_load_position(line, rules, f"line {n}").legal_actions()))
    sys.stdout.write("".join(o + "\n" for o in out))
    return 0


def cmd_apply(args: argparse.Namespace) -> int:
    rules = _rules(args)
    state = _load_position(read_document(args.file), rules, "position")
    aid = action_id(args.action)  # invalid before illegal: the two are different errors
    if args.shuffle is not None:
        codes = args.shuffle.split()
        unknown = [c for c in codes if c not in CARD_INDEX]
        if unknown:
            raise UsageError(f"--shuffle: unknown card code {unknown[0]!r}")
    state.apply_checked(aid)
    if state.chance_due is not None:  # this `end` emptied the first supply: the reshuffle (R6.2)
        order = [CARD_INDEX[c] for c in codes] if args.shuffle is not None else None
        state.apply_chance(order if order is not None else sample_chance(state, random.Random(args.seed)))
    print(json.dumps(position.to_document(state)))
    return 0


def cmd_view(args: argparse.Namespace) -> int:
    state = _load_position(read_document(args.file), _rules(args), "position")
    seat = {"A": 0, "B": 1, "spectator": None}[args.seat]
    print(PlayerView.of(state, seat).dumps())
    return 0


def _read_record(path: str) -> tuple[str, object]:
    """The record's name for messages and its JSON value (`-`: standard input)."""
    if path != "-":
        return path, read_record_file(path)  # its errors name the file
    try:
        return "standard input", parse_json(read_document("-"))
    except FormatError as e:
        raise TimesSquareError(f"standard input: not a game record ({e})") from None


def cmd_replay(args: argparse.Namespace) -> int:
    name, record = _read_record(args.record)
    try:
        game = replay(record, _rules(args) if args.variant else None)
    except ReplayError as e:
        raise TimesSquareError(f"{name}: bad {e}") from None
    except TimesSquareError as e:
        raise TimesSquareError(f"{name}: {e}") from None
    moves = len(game.moves)
    if game.result is None:
        print(f"valid: {moves} moves, the game is still running ({'AB'[game.state.to_move]} to move)")
    else:
        print(f"result: {game.result} ({game.end_reason()}) after {moves} moves")
    return 0


def cmd_analyse(args: argparse.Namespace) -> int:
    name, record = _read_record(args.record)
    try:
        replay(record, _rules(args) if args.variant else None)  # a bad record is named before any search
    except ReplayError as e:
        raise TimesSquareError(f"{name}: bad {e}") from None
    except TimesSquareError as e:
        raise TimesSquareError(f"{name}: {e}") from None
    assert isinstance(record, dict)
    return run_analysis(args, record, _rules(args) if args.variant else None)


def cmd_selfplay(args: argparse.Namespace) -> int:
    if args.games < 1:
        raise UsageError(f"--games must be 1 or more (got {args.games})")
    out, tally = selfplay_records(args, _rules(args))
    print(f"{args.games} games written to {out}: A won {tally['A']}, B won {tally['B']}, draws {tally['draw']}")
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    if not args.seconds > 0:
        raise UsageError("--seconds must be more than 0")
    if not args.json:
        print(
            f"benchmark on one core, {args.seconds:g} s in all (seed {args.seed}): random games, then the expert's"
            " search on fixed positions, on both paths ...",
            flush=True,
        )
    paths = measure_paths(args.seconds * 4 / 5, args.seed, _rules(args))
    vector = measure_vector_env(args.seconds / 5, args.seed)
    if args.json:
        out: dict[str, object] = {name: None if p is None else p.as_json() for name, p in paths.items()}
        out["vector_env"] = vector
        print(json.dumps(out))
        return 0
    python, fast = paths["python"], paths["compiled"]
    assert python is not None
    rows = (
        ("actions per second", "actions_per_second", ",.0f"),
        ("games per second", "games_per_second", ",.1f"),
        ("search iterations per second", "search_iterations_per_second", ",.0f"),
    )
    print(f"{'':30}{'python':>12}{'compiled':>14}{'ratio':>8}")
    for label, key, fmt in rows:
        mine = getattr(python, key)
        other = "not built" if fast is None else format(getattr(fast, key), fmt)
        ratio = f"{getattr(fast, key) / mine:.0f}x" if fast is not None and mine > 0 else ""
        print(f"{label:30}{format(mine, fmt):>12}{other:>14}{ratio:>8}")
    if fast is None:
        print("the compiled core is not built here (no C compiler at install time): players use the Python path")
    if vector is None:
        print("vector environment: not measured (it needs the optional extra rl: numpy, gymnasium)")
    else:
        print(
            f"vector environment ({vector['engine']} engine, {vector['num_envs']} games): "
            f"{vector['steps_per_second']:,.0f} learner steps per second "
            f"({vector['steps_per_cpu_second']:,.0f} per second of CPU time), observations and masks included"
        )
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    args = check_play_options(args)
    if args.plain:
        return play_text_game(_rules(args), args.seed, args.seat, args.opponent, args.lang or ENGLISH)
    from ..tui.options import run_tui  # Textual comes with the tui extra

    return run_tui(args, _rules(args))


def cmd_arena(args: argparse.Namespace) -> int:
    return run_arena_command(args, _rules(args))


def cmd_player(args: argparse.Namespace) -> int:
    return serve(args.name, _rules(args))


def cmd_bot(args: argparse.Namespace) -> int:
    try:
        from ..web.online.bot import BotConnection, run_bot
    except ImportError as e:
        raise UsageError(f"the bot connection needs the web extra ({e.name} is missing)") from None
    password = os.environ.get("TIMESSQUARE_BOT_PASSWORD")
    if not password:
        raise UsageError("set the bot account's password in the environment variable TIMESSQUARE_BOT_PASSWORD")
    make_player(args.player, _rules(args))  # an unknown player name is refused before connecting
    connection = BotConnection(
        args.server, args.name, password, args.player, _rules(args), args.seek, not args.no_accept, args.games
    )
    connection.say = lambda line: print(line, flush=True)  # one line per game started and ended
    played = run_bot(connection)
    print(f"games played: {played}")
    return 0


def cmd_serve(args: argparse.Namespace) -> int:
    try:
        from ..web.serve import run_server
    except ImportError as e:
        missing = f"the web game needs the web extra ({e.name} is missing): pip install 'timessquare[web]'"
        raise UsageError(missing) from None
    rules = _rules(args)
    return run_server(
        args.host,
        args.port,
        args.database_url,
        args.workers,
        rules if rules.names else None,
        proxy_headers=args.behind_proxy,
        analysis_iterations=args.analysis_iterations,
        allowed_origins=tuple(args.allow_origin),
        metrics_port=args.metrics_port,
    )


ADMIN_ACTIONS = ("ban", "unban", "mute", "unmute", "cheater", "uncheater", "reset-password", "accounts", "reports")


def _web_module(name: str) -> Any:
    try:
        return importlib.import_module(f"timessquare.web.{name}")
    except ImportError as e:
        missing = f"this command needs the web extra ({e.name} is missing): pip install 'timessquare[web]'"
        raise UsageError(missing) from None


def _database_url(args: argparse.Namespace) -> str:
    url: str = args.database_url or _web_module("storage").default_database_url()
    return url


def cmd_admin(args: argparse.Namespace) -> int:
    if not args.target and args.action != "reports":
        print(f"admin {args.action}: give an account's name (an address for 'accounts')", file=sys.stderr)
        return 2
    status, words = _web_module("admin").run_admin(_database_url(args), args.action, args.target)
    print(words, file=sys.stdout if status == 0 else sys.stderr)
    return int(status)


def cmd_backup(args: argparse.Namespace) -> int:
    print(_web_module("backup").backup(_database_url(args), Path(args.file)))
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = OneLineParser(
        prog="timessquare",
        description="Times Square: play, check and study the game.",
        epilog=f"Every input (a file, standard input, a line of --jsonl or of the player protocol) holds at most"
        f" {MAX_DOCUMENT_BYTES:,} bytes (1 MiB); a larger one is refused. Bad input of any kind: one line on"
        " standard error and exit status 2.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    def add(name: str, func: Callable[[argparse.Namespace], int], help_text: str) -> argparse.ArgumentParser:
        p = sub.add_parser(name, help=help_text, description=help_text)
        p.set_defaults(func=func)
        p.add_argument(
            "--variant", action="append", choices=VARIANT_NAMES, help="a rule variant (docs/rules.md); repeatable"
        )
        return p

    p = add("play", cmd_play, "play a game in the terminal")
    p.add_argument("--seed", type=int, default=None, help="seed of the deal")
    p.add_argument("--seat", choices=["A", "B", "random"], default=None, help="your seat (default: random)")
    p.add_argument(
        "--opponent",
        default=None,
        metavar="NAME",
        help=f"the computer player (default: medium): {', '.join(PLAYER_NAMES)}, or cmd:COMMAND for an outside"
        " program; parameters after a colon, e.g. ismcts:seconds=2",
    )
    p.add_argument("--hotseat", action="store_true", help="two people at one screen instead of the computer")
    p.add_argument("--load", metavar="RECORD", help="continue a saved game (a game record)")
    p.add_argument("--replay", metavar="RECORD", help="step through a game record")
    p.add_argument("--plain", action="store_true", help="a plain line-by-line game (no full screen)")
    p.add_argument("--lang", choices=languages(), help="the game's language (default: en); docs/languages.md")
    p.add_argument("--no-color", action="store_true", help="no colours (as with the NO_COLOR environment variable)")

    p = add("legal", cmd_legal, "print the legal actions of a position document")
    p.add_argument("file", nargs="?", help="position document (default: standard input)")
    p.add_argument("--jsonl", action="store_true", help="one position per line in, one JSON array per line out")

    p = add("apply", cmd_apply, "print the position document after an action")
    p.add_argument("action", help='an action in notation, e.g. "S sue+1"')
    p.add_argument("file", nargs="?", help="position document (default: standard input)")
    p.add_argument("--shuffle", help='the second supply if this action reshuffles, e.g. "S G2 D3 …"')
    p.add_argument("--seed", type=int, default=None, help="seed of the reshuffle when --shuffle is not given")

    p = add("view", cmd_view, "print the view document of a position for one seat")
    p.add_argument("--seat", choices=["A", "B", "spectator"], required=True)
    p.add_argument("file", nargs="?", help="position document (default: standard input)")

    p = add("replay", cmd_replay, "check a game record move by move and print its result")
    p.add_argument("record", help="game record (JSON), or - for standard input")

    p = add("analyse", cmd_analyse, "the expert's look back at a game: each seat's chances, the costliest turns")
    p.add_argument("record", help="game record (JSON), or - for standard input")
    p.add_argument(
        "--iterations",
        type=_positive,
        default=ANALYSIS_ITERATIONS,
        help=f"the expert's search iterations per turn (default: {ANALYSIS_ITERATIONS:,}; fewer is faster and rougher)",
    )
    p.add_argument("--seed", type=int, default=0, help="seed of the searches (the same seed, the same analysis)")
    p.add_argument("--json", action="store_true", help="print one JSON object (docs/formats.md)")

    p = add("selfplay", cmd_selfplay, "play games between computer players and write their records")
    p.add_argument("--games", type=int, default=10)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--out", required=True, help="directory for the game records")
    p.add_argument("--a", default="random", help="player A (default: random)")
    p.add_argument("--b", default="random", help="player B (default: random)")
    add_ray_option(p)

    p = add("arena", cmd_arena, "play paired games between two players and report their strength")
    p.add_argument("player1")
    p.add_argument("player2")
    p.add_argument("--games", type=int, default=100, help="number of games (paired: each deal twice)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--out", help="directory for the game records")
    p.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    p.add_argument("--workers", type=int, default=None, help="parallel games (default: the number of cores)")
    add_ray_option(p)

    p = add("player", cmd_player, "run one of our players over the player protocol on stdin/stdout")
    p.add_argument("name", help="a player name, e.g. expert or ismcts:seconds=1")

    p = add("bot", cmd_bot, "play in a server's lobby as a bot account (password: TIMESSQUARE_BOT_PASSWORD)")
    p.add_argument("--server", default="http://127.0.0.1:8000", help="the server's address")
    p.add_argument("--name", required=True, help="the bot account's name")
    p.add_argument("--player", default="expert", help="who plays: a player name, or cmd:COMMAND (any program)")
    p.add_argument("--seek", default=None, help="wait for opponents at this time control (e.g. 5+3)")
    p.add_argument("--no-accept", action="store_true", help="do not accept challenges from the lobby")
    p.add_argument("--games", type=int, default=None, help="stop after this many games")

    p = add("serve", cmd_serve, "run the game in the browser (a web server; prints its address)")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default: 127.0.0.1)")
    p.add_argument("--port", type=int, default=8000, help="port to listen on (default: 8000; 0 picks a free one)")
    p.add_argument(
        "--database-url",
        default=None,
        help="sqlite:///PATH or postgresql://USER:PASSWORD@HOST/DB (default: SQLite in the per-user data folder)",
    )
    p.add_argument("--workers", type=int, default=2, help="worker processes for computer players and hints")
    p.add_argument(
        "--behind-proxy",
        action="store_true",
        help="trust X-Forwarded-For/-Proto from a reverse proxy on this machine (see docs/web.md)",
    )
    p.add_argument(
        "--analysis-iterations",
        type=int,
        default=ANALYSIS_ITERATIONS,
        metavar="N",
        help=f"the expert's search per turn when a finished game is analysed (default: {ANALYSIS_ITERATIONS:,};"
        " 0: no analyses)",
    )
    p.add_argument(
        "--allow-origin",
        action="append",
        default=[],
        metavar="URL",
        help="another site whose pages may open games here, e.g. https://example.org (repeatable; default: none)",
    )
    p.add_argument(
        "--metrics-port",
        type=int,
        default=None,
        metavar="PORT",
        help="serve Prometheus metrics at http://127.0.0.1:PORT/metrics (default: none; see docs/web.md)",
    )

    database_help = "the server's database (default: SQLite in the per-user data folder, as serve)"
    p = add("admin", cmd_admin, "steer a server's accounts: ban, mute, mark a cheater, reset a password, list")
    p.add_argument("action", choices=ADMIN_ACTIONS, help="what to do (docs/web.md, 'Running it for the public')")
    p.add_argument(
        "target",
        metavar="NAME|ADDRESS|N",
        nargs="?",
        default="",
        help="an account's name (an address for 'accounts'; for 'reports', how many: 50 unless given)",
    )
    p.add_argument("--database-url", default=None, help=database_help)

    p = add("backup", cmd_backup, "copy a server's database to a new file, safe while the server runs")
    p.add_argument("file", help="the copy to write (SQLite: a database file; PostgreSQL: a pg_dump archive)")
    p.add_argument("--database-url", default=None, help=database_help)

    p = add("bench", cmd_bench, "measure random play, search and the vector environment on one core")
    p.add_argument("--seconds", type=float, default=10.0, help="time in all, shared by the five measurements")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--json", action="store_true", help="print one JSON object")
    return parser


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text!r}: give at least 1")
    return value


def add_ray_option(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--ray",
        nargs="?",
        const="local",
        metavar="ADDRESS",
        help="play the games as Ray tasks: on a Ray cluster (HOST:PORT of its head), or without an address on a "
        "Ray started on this machine (extra cluster; docs/research.md)",
    )


class OneLineParser(argparse.ArgumentParser):
    """argparse, but a bad command line is one line on standard error (and exit status 2), as every error."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_BAD_INPUT, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def _parse(parser: argparse.ArgumentParser, argv: Sequence[str] | None) -> argparse.Namespace:
    """The options; an optional FILE after the options is taken too (`apply ACTION --shuffle "…" FILE`).

    argparse fills every positional it can in one go, so after `apply ACTION` the FILE is already given up
    as missing when it comes after an option; a leftover word is put there if that place is still free."""
    args, extra = parser.parse_known_args(argv)
    place = {"apply": "file", "legal": "file", "view": "file"}.get(args.command or "")
    if place and getattr(args, place) is None and len(extra) == 1 and (extra[0] == "-" or extra[0][0] != "-"):
        setattr(args, place, extra[0])
        extra = []
    if extra:
        prog = f"{parser.prog} {args.command}" if args.command else parser.prog
        parser.exit(EXIT_BAD_INPUT, f"{prog}: error: unrecognized arguments: {' '.join(extra)} (see {prog} --help)\n")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = _parse(parser, argv)
    except SystemExit as e:  # --help (0), or a bad command line (2, already said in one line)
        return e.code if isinstance(e.code, int) else EXIT_BAD_INPUT
    if args.command is None:
        parser.print_help()
        return EXIT_BAD_INPUT
    try:
        return int(args.func(args))
    except TimesSquareError as e:
        print(f"timessquare {args.command}: error: {e}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        print(f"timessquare {args.command}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader went away (e.g. `| head`); nothing is left to say.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


if __name__ == "__main__":
    sys.exit(main())

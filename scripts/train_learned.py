"""Train the learned evaluation behind the player `learned` and the search's `learned=1|2` (docs/research.md).

    .venv/bin/python scripts/train_learned.py --out /tmp/learned_net.json     # the shipped net's recipe
    .venv/bin/python scripts/train_learned.py --schedule "8000:heuristic:0-30;8000:net0:0-30" --out /tmp/n.json
    .venv/bin/python scripts/train_learned.py --seed 5 generate 2000 /tmp/games.npz    # only games
    .venv/bin/python scripts/train_learned.py --epochs 8 fit /tmp/games.npz --net-out /tmp/net.json

The method, fitted value iteration on the compiled core (expert iteration with a one-ply improver):

1. `generate`: games between players (round 0: the heuristic against itself, each seat with a random share
   of random complete turns, so that positions vary; later rounds: a learned player against the heuristic
   and against itself). Every complete turn's end position (before the draw) is kept, from both seats'
   views, with the game's result.
2. `fit`: a small network (learned_net.py: the evaluation's 43 features, the board one-hot, the own hand and
   the deck timer, 162 inputs -> 64 tanh -> 1 logistic, plus the linear evaluation's terms) fitted to the
   results by Adam on the log loss, 10% of the games held out, the best epoch kept.
3. `--schedule` says each round's games, which net plays them and their noise (below); the default is the
   recipe of the shipped net (docs/research.md). After each round the learned player is measured against
   `--opponents` (random, the heuristic, hard at 1,000 iterations; medium is the heuristic) and the curve
   is drawn as an SVG, by default outside docs/. `--out` gets the last round's net (`--keep best`: the one
   that scored best against the heuristic), its metadata the command and every parameter. `label` (the
   expert's search values of root turns as targets) is expert iteration's teacher; `fit` takes its files
   beside generate's (`--label-weight`).

A schedule is rounds separated by `;`, each `GAMES:PLAYER:NOISE`: PLAYER `heuristic` (the heuristic
against itself) or `netK` (the net fitted after round K, from its saved JSON, plays half the games
against the heuristic and half against itself), NOISE each seat's share of random complete turns, drawn
a game from a comma-separated list (`0-30` is 0,0.1,0.2,0.3; `0-5` is 0,0,0,0.05). The fit after round k
is on rounds 0 to k. Seeds: round k's games draw from `--seed` + k, its fit from `--seed` + k too, so the
same command gives the same games and, with the same NumPy and BLAS on the same CPU, the same weights
(a fit's float sums may differ in their last bits across BLAS builds and thread counts; the saved net is
rounded to 6 decimals, and the games a net plays come from that saved net).

Everything the player reads is the seat's own view (the evaluation's features, evaluation.py).
"""

from __future__ import annotations

import argparse
import json
import random
import shlex
import sys
import time
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any, NamedTuple

import numpy as np

from timessquare import _fastcore as fastcore
from timessquare.actions import END_ID
from timessquare.arena.runner import deal_seeds
from timessquare.arena.stats import wilson_interval
from timessquare.game import Game
from timessquare.players.evaluation import NUM_FEATURES, WEIGHTS, result_value
from timessquare.players.heuristic import Plan, TurnPlayer
from timessquare.players.ismcts import ismcts_search
from timessquare.players.learned import LearnedPlayer
from timessquare.players.learned_net import LearnedNet, install, load_net, net_inputs
from timessquare.players.levels import EXPERT_CONFIG
from timessquare.players.registry import make_player
from timessquare.players.turns import DEFAULT_TURN_CAP, after_turn_outcome
from timessquare.state import State
from timessquare.tables import TK_START
from timessquare.variants import DEFAULT_RULES
from timessquare.view import PlayerView

WORK = Path("/tmp/timessquare-learned")
NOISES = [0.0, 0.1, 0.2, 0.3]  # each player's share of random complete turns, drawn a game (generate)
NOISE_NAMES = {"0-30": "0,0.1,0.2,0.3", "0-5": "0,0,0,0.05"}
# How the shipped net was made (docs/research.md): the heuristic's games, then the round-0 net's, then the
# round-1 net's at 0-30% noise and again at 0-5%; the net fitted after the last round is the shipped one.
SHIPPED_SCHEDULE = "16000:heuristic:0-30;6000:net0:0-30;16000:net1:0-30;10000:net1:0-5"


class Round(NamedTuple):
    """One round of a schedule: its games, the net that plays them (None: the heuristic; k: the net fitted
    after round k), each seat's shares of random turns (one drawn a game)."""

    games: int
    net: int | None
    noises: tuple[float, ...]

    def spec(self) -> str:
        return f"{self.games}:{'heuristic' if self.net is None else f'net{self.net}'}:{','.join(map(str, self.noises))}"


def parse_schedule(text: str, scale: float = 1.0) -> list[Round]:
    """`GAMES:PLAYER:NOISE;...` as rounds (module docstring); `scale` multiplies every round's games."""
    rounds: list[Round] = []
    for k, part in enumerate(p.strip() for p in text.split(";") if p.strip()):
        fields = part.split(":")
        if len(fields) != 3:
            raise ValueError(f"round {k}: {part!r} is not GAMES:PLAYER:NOISE")
        games, player, noise = fields
        if player == "heuristic":
            net = None
        elif player.startswith("net") and player[3:].isdigit() and int(player[3:]) < k:
            net = int(player[3:])
        else:
            raise ValueError(f"round {k}: the player {player!r} is neither heuristic nor netK of an earlier round")
        noises = tuple(float(v) for v in NOISE_NAMES.get(noise, noise).split(","))
        if not noises or not all(0.0 <= v <= 1.0 for v in noises):
            raise ValueError(f"round {k}: noise {noise!r} is not shares between 0 and 1")
        count = max(1, round(int(games) * scale))
        rounds.append(Round(count, net, noises))
    if not rounds:
        raise ValueError("the schedule has no round")
    return rounds


class OnePly(TurnPlayer):
    """The one-ply player on the compiled core: the heuristic (net None: the linear evaluation) or the learned
    player (a net), with a random complete turn instead with probability `noise` (positions vary)."""

    def __init__(self, net: LearnedNet | None, noise: float) -> None:
        self.rules, self.net, self.noise, self.plan = DEFAULT_RULES, net, noise, Plan([], [])
        self.name = "onePly"

    def choose_turn(self, template: State, view: PlayerView, rng: random.Random) -> Sequence[int]:
        assert view.seat is not None
        mode = fastcore.EVAL_LINEAR
        if self.net is not None:
            install(self.net)
            mode = fastcore.EVAL_NET
        with fastcore.evaluation_mode(mode):
            entries = fastcore.to_core(template).scored_turns(view.seat, DEFAULT_TURN_CAP)
        if self.noise > 0 and rng.random() < self.noise:
            return entries[rng.randrange(len(entries))][0]
        return entries[max(range(len(entries)), key=lambda i: entries[i][1])][0]


def after_turn_states(game: Game, players: list, rng: random.Random) -> list[State]:
    """Play one game; return the end state of every complete turn before its draw."""
    kept: list[State] = []
    while not game.is_over:
        state = game.state
        seat = state.to_move
        aid = players[seat].choose(game.view(seat), state.legal_ids(), rng)
        if aid == END_ID:
            kept.append(state.clone())
        game.apply_checked(aid)
        if game.state.to_move != seat and aid != END_ID and not game.is_over:
            kept.append(game.state.clone())  # a lure: its end position is the next turn's start
    return kept


def generate(
    games: int,
    seed: int,
    specs: list[str],
    out: Path,
    net: LearnedNet | None = None,
    noises_: Sequence[float] | None = None,
) -> None:
    """`games` games, saved as they go to `out` (x: features, y: results, g: game numbers). Players: the
    noisy heuristic against itself; with `net`, half the games the learned player (noisy too) against
    the noisy heuristic, half against itself; with `specs`, registered players drawn among them. Each
    seat's noise is drawn a game from `noises_` (default NOISES)."""
    choices = list(NOISES if noises_ is None else noises_)
    rng = random.Random(seed)
    rows: list[list[float]] = []
    targets: list[float] = []
    groups: list[int] = []
    start = time.time()
    for g in range(games):
        if specs:
            pair = [make_player(rng.choice(specs)) for _ in range(2)]
        else:
            noises = [rng.choice(choices) for _ in range(2)]
            nets = [net, net if rng.random() < 0.5 else None] if net is not None else [None, None]
            rng.shuffle(nets)
            pair = [OnePly(n, e) for n, e in zip(nets, noises, strict=True)]
        game = Game.new(rng.getrandbits(64))
        states = after_turn_states(game, pair, rng)
        result = game.state.result
        assert result is not None
        for state in states:
            outcome = after_turn_outcome(state)
            if outcome.result is not None:
                continue  # the turn ends the game: its value is exact, nothing to learn
            for seat in (0, 1):
                rows.append(net_inputs(state, seat, outcome))
                targets.append(result_value(result, seat))
                groups.append(g)
        for p in pair:
            p.close()
        if (g + 1) % 2000 == 0 or g + 1 == games:  # saved as it goes: a long run can be used before its end
            print(f"{g + 1} games, {len(rows)} rows, {time.time() - start:.0f} s", file=sys.stderr, flush=True)
            x, y = np.array(rows, np.float32), np.array(targets, np.float32)
            np.savez_compressed(out, x=x, y=y, g=np.array(groups))


def label(count: int, seed: int, out: Path, iterations: int) -> None:
    """Expert iteration's teacher: at turn starts of noisy heuristic games, the expert's search (depth 3,
    256 worlds, `iterations` a decision, one process) values each root turn it searched; every such turn's
    end position is kept with the search's value (y) and its visits (w). The search samples the hidden
    cards from the view, so its values are the seat's own (R10)."""
    rng = random.Random(seed)
    config = replace(EXPERT_CONFIG, iterations=iterations, seconds=0.0, workers=1)
    rows: list[list[float]] = []
    targets: list[float] = []
    weights: list[float] = []
    groups: list[int] = []
    start, decisions, g = time.time(), 0, 0
    while decisions < count:
        pair = [OnePly(None, rng.choice([0.0, 0.1, 0.2, 0.3])) for _ in range(2)]
        game = Game.new(rng.getrandbits(64))
        while not game.is_over and decisions < count:
            state = game.state
            seat = state.to_move
            if state.turn_key == TK_START and rng.random() < 0.5:
                stats = ismcts_search(game.view(seat), DEFAULT_RULES, config, rng.getrandbits(32))
                for actions, visits, value_sum in zip(stats.turns, stats.visits, stats.value_sums, strict=True):
                    if visits < 4:
                        continue
                    after = state.clone()
                    for aid in actions:
                        if aid != END_ID:
                            after.apply(aid)
                    outcome = after_turn_outcome(after)
                    if outcome.result is not None:
                        continue
                    rows.append(net_inputs(after, seat, outcome))
                    targets.append(value_sum / visits)
                    weights.append(visits)
                    groups.append(g)
                decisions += 1
                if decisions % 200 == 0 or decisions == count:
                    print(f"{decisions} decisions, {len(rows)} rows, {time.time() - start:.0f} s", flush=True)
                    np.savez_compressed(
                        out,
                        x=np.array(rows, np.float32),
                        y=np.array(targets, np.float32),
                        w=np.array(weights, np.float32),
                        g=np.array(groups),
                    )
            game.apply_checked(pair[seat].choose(game.view(seat), state.legal_ids(), rng))
        g += 1


def sigmoid(z: np.ndarray) -> np.ndarray:
    return 1.0 / (1.0 + np.exp(-np.clip(z, -30, 30)))


def forward(net: dict[str, np.ndarray], x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The logit of each row and the hidden layer: the linear evaluation plus a tanh layer's correction."""
    h = np.tanh(x @ net["w1"] + net["b1"])
    return x[:, :NUM_FEATURES] @ net["linear"] + net["bias"] + h @ net["w2"] + net["b2"], h


def log_loss(p: np.ndarray, y: np.ndarray, w: np.ndarray) -> float:
    p = np.clip(p, 1e-6, 1 - 1e-6)
    return float(np.sum(w * -(y * np.log(p) + (1 - y) * np.log(1 - p))) / np.sum(w))


def fit(
    x: np.ndarray, y: np.ndarray, w: np.ndarray, groups: np.ndarray, hidden: int, epochs: int, seed: int
) -> dict[str, np.ndarray]:
    """Adam on the weighted log loss (targets: a game's result, or a search's value); the linear part starts at
    the shipped weights, the tanh layer near zero. A tenth of the games (or searches) is held out, and the
    epoch with the best held-out loss is kept."""
    rng = np.random.default_rng(seed)
    names = np.unique(groups)
    held = np.isin(groups, rng.permutation(names)[: max(1, len(names) // 10)])
    xt, yt, wt, xv, yv, wv = x[~held], y[~held], w[~held], x[held], y[held], w[held]
    n_in = x.shape[1]
    net = {
        "linear": np.array(WEIGHTS, np.float64),
        "bias": np.zeros(1),
        "w1": rng.normal(0, 1 / np.sqrt(n_in), (n_in, hidden)),
        "b1": np.zeros(hidden),
        "w2": rng.normal(0, 0.01, hidden),
        "b2": np.zeros(1),
    }
    m = {k: np.zeros_like(v) for k, v in net.items()}
    v2 = {k: np.zeros_like(v) for k, v in net.items()}
    step, lr, batch = 0, 1e-3, 2048
    base = log_loss(sigmoid(xv[:, :NUM_FEATURES] @ np.array(WEIGHTS)), yv, wv)
    best = (log_loss(sigmoid(forward(net, xv)[0]), yv, wv), {k: v.copy() for k, v in net.items()})
    scale = wt.mean()
    for epoch in range(epochs):
        order = rng.permutation(len(yt))
        for k in range(0, len(order), batch):
            idx = order[k : k + batch]
            xb, yb = xt[idx], yt[idx]
            z, h = forward(net, xb)
            d = (sigmoid(z) - yb) * wt[idx] / (scale * len(idx))  # d loss / d logit
            dh = np.outer(d, net["w2"]) * (1 - h * h)
            grads = {
                "linear": xb[:, :NUM_FEATURES].T @ d + 1e-4 * net["linear"],
                "bias": np.array([d.sum()]),
                "w1": xb.T @ dh + 1e-4 * net["w1"],
                "b1": dh.sum(axis=0),
                "w2": h.T @ d + 1e-4 * net["w2"],
                "b2": np.array([d.sum()]),
            }
            step += 1
            for key, g in grads.items():
                m[key] = 0.9 * m[key] + 0.1 * g
                v2[key] = 0.999 * v2[key] + 0.001 * g * g
                net[key] -= lr * (m[key] / (1 - 0.9**step)) / (np.sqrt(v2[key] / (1 - 0.999**step)) + 1e-8)
        loss = log_loss(sigmoid(forward(net, xv)[0]), yv, wv)
        print(f"epoch {epoch + 1}: held-out log loss {loss:.4f} (the linear evaluation: {base:.4f})", flush=True)
        if loss < best[0]:
            best = (loss, {k: v.copy() for k, v in net.items()})
    return best[1]


def learned_net(net: dict[str, np.ndarray], about: dict[str, object]) -> LearnedNet:
    """The numpy network as the package's LearnedNet (what learned_net.json holds)."""
    return LearnedNet(
        linear=tuple(float(w) for w in net["linear"]),
        bias=float(net["bias"][0]),
        w1=tuple(tuple(float(w) for w in row) for row in net["w1"]),
        b1=tuple(float(b) for b in net["b1"]),
        w2=tuple(float(w) for w in net["w2"]),
        b2=float(net["b2"][0]),
        about=about,
    )


def save_net(net: LearnedNet, path: Path) -> None:
    doc = net.document()
    for key in ("linear", "b1", "w2"):
        doc[key] = [round(w, 6) for w in doc[key]]
    doc["w1"] = [[round(w, 6) for w in row] for row in doc["w1"]]
    doc["bias"], doc["b2"] = round(doc["bias"], 6), round(doc["b2"], 6)
    path.write_text(json.dumps(doc, separators=(",", ":")) + "\n", encoding="utf-8")


def match(net: LearnedNet, opponent: str, games: int, seed: int) -> tuple[float, int]:
    """The learned player with `net` against a registered player on paired deals (the arena's deals and
    seatings for `seed`): its points (win 1, draw 1/2) and the number of games."""
    mine = LearnedPlayer(DEFAULT_RULES, net=net)
    other = make_player(opponent)
    points = 0.0
    for deal in deal_seeds(seed, (games + 1) // 2):
        for my_seat in (0, 1):
            players = {my_seat: mine, 1 - my_seat: other}
            game = Game.new(deal)
            rng = random.Random(deal * 2 + my_seat)
            while not game.is_over:
                seat = game.state.to_move
                game.apply_checked(players[seat].choose(game.view(seat), game.state.legal_ids(), rng))
            assert game.state.result is not None
            points += result_value(game.state.result, my_seat)
    other.close()
    n = 2 * ((games + 1) // 2)
    return points / n, n


def write_curve(path: Path, curve: list[dict[str, Any]], opponents: Sequence[str], title: str = "") -> None:
    """The learning curve as an SVG picture: the learned player's points per game against each opponent
    after each round (round 0: the linear evaluation, i.e. the heuristic itself)."""
    width, height, margin = 640, 360, 48
    last = max(len(curve) - 1, 1)
    colours = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e"]

    def xy(k: int, score: float) -> str:
        return f"{margin + (width - 2 * margin) * k / last:.1f},{height - margin - (height - 2 * margin) * score:.1f}"

    parts = ['<rect width="100%" height="100%" fill="white"/>']
    for tenth in range(0, 11, 2):
        y = height - margin - (height - 2 * margin) * tenth / 10
        parts.append(f'<line x1="{margin}" y1="{y:.1f}" x2="{width - margin}" y2="{y:.1f}" stroke="#ddd"/>')
        parts.append(f'<text x="8" y="{y + 4:.1f}">{tenth * 10}%</text>')
    for k, row in enumerate(curve):
        parts.append(
            f'<text x="{margin + (width - 2 * margin) * k / last - 20:.1f}" y="{height - 30}">{row["games"]:,}</text>'
        )
    for c, name in enumerate(opponents):
        colour = colours[c % len(colours)]
        points = " ".join(xy(k, row[name][0]) for k, row in enumerate(curve))
        parts.append(f'<polyline fill="none" stroke="{colour}" stroke-width="2" points="{points}"/>')
        label = f"vs {name} ({curve[-1][name][1]} games a point)"
        parts.append(f'<text x="{width - margin - 230}" y="{margin + 16 * c}" fill="{colour}">{label}</text>')
    title = title or f"learned player: points per game after each round, {curve[-1]['seconds']:.0f} s of training"
    parts.append(f'<text x="{margin}" y="20">{title}</text>')
    parts.append(f'<text x="{width / 2 - 80}" y="{height - 10}">training games (all rounds so far)</text>')
    head = f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}"'
    path.write_text(
        f'{head} font-family="sans-serif" font-size="12">\n' + "\n".join(parts) + "\n</svg>\n", encoding="utf-8"
    )


def train(args: argparse.Namespace, argv: Sequence[str]) -> None:
    """The documented command: the schedule's rounds of games and fits, the curve, the last (or best) net."""
    start = time.time()
    rounds = parse_schedule(args.schedule, args.scale)
    work = args.work
    work.mkdir(parents=True, exist_ok=True)
    opponents = [name for name in args.opponents.split(",") if name]
    curve: list[dict[str, Any]] = []
    data: list[Path] = []
    nets: list[LearnedNet] = []
    best: tuple[float, LearnedNet | None] = (-1.0, None)
    total_games = 0
    recipe = {
        "command": shlex.join(["scripts/train_learned.py", *argv]),
        "schedule": ";".join(r.spec() for r in rounds),
        "seed": args.seed,
        "hidden": args.hidden,
        "epochs": args.epochs,
        "numpy": np.__version__,
    }

    def measure(candidate: LearnedNet, label: str) -> float:
        row: dict[str, Any] = {"games": total_games, "seconds": time.time() - start}
        for name in opponents:
            games = args.eval_games if name.split(":")[0] != "hard" else max(2, args.eval_games // 5)
            row[name] = match(candidate, name, games, args.seed + 1000)
            lo, hi = wilson_interval(row[name][0], row[name][1])
            print(f"{label}: vs {name} {row[name][0]:.1%} of {row[name][1]} games ({lo:.1%} .. {hi:.1%})", flush=True)
        curve.append(row)
        if args.curve is not None:
            write_curve(args.curve, curve, opponents)
        return float(row["heuristic"][0]) if "heuristic" in row else 0.0

    for k, plan in enumerate(rounds):
        path = work / f"round{k}.npz"
        player = "the heuristic" if plan.net is None else f"the round-{plan.net} net"
        print(f"round {k}: {plan.games} games ({player}, noise {plan.noises})", flush=True)
        generate(plan.games, args.seed + k, [], path, None if plan.net is None else nets[plan.net], plan.noises)
        total_games += plan.games
        data.append(path)
        x, y, w, g = load_data(data)
        fitted = fit(x, y, w, g, args.hidden, args.epochs, args.seed + k)
        about = {**recipe, "rows": len(y), "games": total_games, "round": k, "seconds": round(time.time() - start)}
        save_net(learned_net(fitted, about), work / f"net{k}.json")
        net = load_net(work / f"net{k}.json")  # the saved net (rounded) is the one that plays and is shipped
        nets.append(net)
        if opponents and args.eval_games > 0:
            score = measure(net, f"round {k} net")
            if score > best[0]:
                best = (score, net)
        print(f"{time.time() - start:.0f} s so far", flush=True)
    chosen = nets[-1]
    if args.keep == "best" and best[1] is not None:
        chosen = best[1]
    save_net(chosen, args.out)
    print(f"the round-{chosen.about['round']} net -> {args.out} ({time.time() - start:.0f} s)")


def load_data(paths: Sequence[Path], label_weight: float = 1.0) -> tuple[np.ndarray, ...]:
    """The rows of several generate (or label) files: inputs, targets, weights, game numbers kept apart. A
    label file's rows (search values, weighted by their visits) get `label_weight` times the weight of
    a game result's row in all."""
    parts = [np.load(p) for p in paths]
    offset, groups, weights = 0, [], []
    for part in parts:
        groups.append(part["g"] + offset)
        offset += int(part["g"].max()) + 1
        if "w" in part:
            weights.append(part["w"] / part["w"].mean() * label_weight)
        else:
            weights.append(np.ones(len(part["y"])))
    x = np.concatenate([p["x"] for p in parts]).astype(np.float64)
    y = np.concatenate([p["y"] for p in parts]).astype(np.float64)
    return x, y, np.concatenate(weights), np.concatenate(groups)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument(
        "--schedule",
        default=SHIPPED_SCHEDULE,
        help=f"rounds GAMES:PLAYER:NOISE;... (default, the shipped net's recipe: {SHIPPED_SCHEDULE})",
    )
    parser.add_argument("--scale", type=float, default=1.0, help="multiplies every round's games (default 1)")
    parser.add_argument(
        "--keep", choices=["last", "best"], default="last", help="--out: the last round's net (default) or the best"
    )
    parser.add_argument("--hidden", type=int, default=64, help="hidden units (default 64)")
    parser.add_argument("--epochs", type=int, default=8, help="passes over the data a fit (default 8)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--eval-games", type=int, default=200, help="evaluation games an opponent (hard: a fifth)")
    parser.add_argument("--opponents", default="random,heuristic,hard:iterations=1000", help="the curve's opponents")
    parser.add_argument("--work", type=Path, default=WORK, help=f"each round's games and net (default {WORK})")
    parser.add_argument("--out", type=Path, default=WORK / "learned_net.json", help="the net (JSON)")
    parser.add_argument("--curve", type=Path, default=WORK / "curve.svg", help="the learning curve (SVG)")
    sub = parser.add_subparsers(dest="command")
    g = sub.add_parser("generate", help="only games: their positions' features and results (npz)")
    g.add_argument("count", type=int)
    g.add_argument("out", type=Path)
    g.add_argument("--players", default="", help="comma-separated player specs (default: the noisy heuristic)")
    g.add_argument("--net", type=Path, help="a learned evaluation (JSON) to play half the games")
    g.add_argument("--noise", default="", help="shares of random turns, one drawn a game (0,0.1,0.2,0.3; 0-30; 0-5)")
    lab = sub.add_parser("label", help="only the expert's search values of root turns (expert iteration)")
    lab.add_argument("count", type=int, help="search decisions")
    lab.add_argument("out", type=Path)
    lab.add_argument("--iterations", type=int, default=2000)
    f = sub.add_parser("fit", help="only a fit of generated games")
    f.add_argument("data", type=Path, nargs="+")
    f.add_argument("--net-out", type=Path, required=True)
    f.add_argument("--label-weight", type=float, default=1.0, help="a search-value row's weight (default 1)")
    argv = list(sys.argv[1:] if argv is None else argv)
    args = parser.parse_args(argv)
    if args.command == "generate":
        noises = [float(v) for v in NOISE_NAMES.get(args.noise, args.noise).split(",")] if args.noise else None
        net = load_net(args.net) if args.net else None
        generate(args.count, args.seed, [s for s in args.players.split(",") if s], args.out, net, noises)
    elif args.command == "label":
        label(args.count, args.seed, args.out, args.iterations)
    elif args.command == "fit":
        x, y, w, groups = load_data(args.data, args.label_weight)
        fitted = fit(x, y, w, groups, args.hidden, args.epochs, args.seed)
        save_net(learned_net(fitted, {"rows": len(y), "seed": args.seed}), args.net_out)
    else:
        train(args, argv)


if __name__ == "__main__":
    main()

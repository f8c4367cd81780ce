"""Swiss pairings and standings (docs/rules.md R11.10), as pure functions of the results so far.

Each round pairs players with the same score where it can, never two who have met already: players are taken
in order of score (then rating), and each is paired with the first player below him he has not met, trying the
next one when the rest cannot be paired (a search that backs off). With an odd number of players the lowest
ranked player who has not had a bye yet gets one (a point, as a win). Standings: score (win 1, draw ½, loss 0,
bye 1), then Buchholz (the sum of the final scores of one's opponents; a bye adds nothing), then rating.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

BYE_POINTS = 1.0


@dataclass(frozen=True)
class Result:
    """One pairing of a finished round: `black` None for a bye; `winner` one of the two, None for a draw."""

    white: int
    black: int | None
    winner: int | None
    draw: bool = False


@dataclass(frozen=True)
class Standing:
    player: int
    score: float
    buchholz: float
    rating: float


def scores(players: Sequence[int], results: Sequence[Result]) -> dict[int, float]:
    points = dict.fromkeys(players, 0.0)
    for r in results:
        if r.black is None:
            points[r.white] += BYE_POINTS
        elif r.draw:
            points[r.white] += 0.5
            points[r.black] += 0.5
        elif r.winner is not None:
            points[r.winner] += 1.0
    return points


def opponents(results: Sequence[Result]) -> dict[int, list[int]]:
    met: dict[int, list[int]] = {}
    for r in results:
        if r.black is not None:
            met.setdefault(r.white, []).append(r.black)
            met.setdefault(r.black, []).append(r.white)
    return met


def standings(players: Sequence[int], ratings: dict[int, float], results: Sequence[Result]) -> list[Standing]:
    points, met = scores(players, results), opponents(results)
    table = [Standing(p, points[p], sum(points[o] for o in met.get(p, [])), ratings.get(p, 0.0)) for p in players]
    return sorted(table, key=lambda s: (-s.score, -s.buchholz, -s.rating, s.player))


class NoPairing(Exception):
    """Every way to pair the players repeats a pairing (more rounds than the players allow)."""


def pair(
    players: Sequence[int], ratings: dict[int, float], results: Sequence[Result], away: Collection[int] = ()
) -> tuple[list[tuple[int, int]], int | None]:
    """The next round: pairs (the better placed first) and the player with the bye (None when even); the
    players `away` (withdrawn) are left out."""
    points, met = scores(players, results), opponents(results)
    order = sorted((p for p in players if p not in away), key=lambda p: (-points[p], -ratings.get(p, 0.0), p))
    had_bye = {r.white for r in results if r.black is None}
    bye = None
    if len(order) % 2:
        candidates = [p for p in reversed(order) if p not in had_bye] or list(reversed(order))
        for candidate in candidates:
            rest = [p for p in order if p != candidate]
            found = _pairs(rest, met)
            if found is not None:
                return found, candidate
        raise NoPairing("no pairing without a repeat")
    found = _pairs(order, met)
    if found is None:
        raise NoPairing("no pairing without a repeat")
    return found, bye


def _pairs(order: list[int], met: dict[int, list[int]]) -> list[tuple[int, int]] | None:
    if not order:
        return []
    first, rest = order[0], order[1:]
    for i, other in enumerate(rest):
        if other in met.get(first, []):
            continue
        tail = _pairs(rest[:i] + rest[i + 1 :], met)
        if tail is not None:
            return [(first, other), *tail]
    return None

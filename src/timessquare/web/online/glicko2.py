"""Glicko-2 (Mark Glickman, "Example of the Glicko-2 system", 2013), written from the paper.

Each rated game is one rating period for each player (as lichess does): `rate(player, [(opponent, score)])`.
The paper's worked example is a test (tests/web/test_glicko2.py). Ratings are on the familiar scale (1500
for a newcomer, deviation 350); the computation runs on the paper's Glicko-2 scale (divided by 173.7178).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

SCALE = 173.7178  # the paper's factor between the Glicko and the Glicko-2 scale
TAU = 0.5  # how much the volatility may change (the paper suggests 0.3 to 1.2; its example uses 0.5)
EPSILON = 0.000001  # the paper's convergence tolerance for the volatility
START_RATING = 1500.0
START_DEVIATION = 350.0
START_VOLATILITY = 0.06
MIN_DEVIATION = 45.0  # a deviation never shrinks below this, so a long-settled rating can still move
PROVISIONAL_DEVIATION = 110.0  # above this a rating is shown as provisional ("1500?"), as lichess does


@dataclass(frozen=True)
class Rating:
    rating: float = START_RATING
    deviation: float = START_DEVIATION
    volatility: float = START_VOLATILITY

    @property
    def provisional(self) -> bool:
        return self.deviation > PROVISIONAL_DEVIATION


def _g(phi: float) -> float:
    return 1 / math.sqrt(1 + 3 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, mu_j: float, phi_j: float) -> float:
    return 1 / (1 + math.exp(-_g(phi_j) * (mu - mu_j)))


def _new_volatility(sigma: float, phi: float, v: float, delta: float, tau: float) -> float:
    """Step 5 of the paper: the Illinois algorithm on f(x)."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi * phi - v - ex) / (2 * (phi * phi + v + ex) ** 2) - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2)


def rate(player: Rating, games: Sequence[tuple[Rating, float]], tau: float = TAU, min_deviation: float = 0.0) -> Rating:
    """The player's rating after one rating period with these games (opponent, score: 1, 0.5 or 0)."""
    mu = (player.rating - START_RATING) / SCALE
    phi = player.deviation / SCALE
    sigma = player.volatility
    if not games:  # step 6 alone: only the deviation grows
        grown = math.sqrt(phi * phi + sigma * sigma) * SCALE
        return Rating(player.rating, min(START_DEVIATION, grown), sigma)
    total_v = 0.0
    total_delta = 0.0
    for opponent, score in games:
        mu_j = (opponent.rating - START_RATING) / SCALE
        phi_j = opponent.deviation / SCALE
        g = _g(phi_j)
        e = _expected(mu, mu_j, phi_j)
        total_v += g * g * e * (1 - e)
        total_delta += g * (score - e)
    v = 1 / total_v
    delta = v * total_delta
    sigma_new = _new_volatility(sigma, phi, v, delta, tau)
    phi_star = math.sqrt(phi * phi + sigma_new * sigma_new)
    phi_new = 1 / math.sqrt(1 / (phi_star * phi_star) + 1 / v)
    mu_new = mu + phi_new * phi_new * total_delta
    deviation = min(START_DEVIATION, max(min_deviation, phi_new * SCALE))
    return Rating(mu_new * SCALE + START_RATING, deviation, sigma_new)


def rate_game(a: Rating, b: Rating, score_a: float) -> tuple[Rating, Rating]:
    """Both players' new ratings after one game between them (score_a: A's score, 1, 0.5 or 0)."""
    return (
        rate(a, [(b, score_a)], min_deviation=MIN_DEVIATION),
        rate(b, [(a, 1 - score_a)], min_deviation=MIN_DEVIATION),
    )

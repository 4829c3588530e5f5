"""Elo statistics: the Elo difference a score implies, with a 95 % interval.

A colour-swapped pair of games is one observation (the two games share an opening, so they are
not independent), as in the pentanomial model; the interval is the normal approximation of the
mean score mapped through the logistic Elo curve.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

Z95 = 1.959963984540054  # two-sided 95 % quantile of the normal distribution


def score_to_elo(score: float) -> float:
    """Elo difference that makes ``score`` (0..1) the expected score; +-inf at 1 and 0."""
    if score <= 0.0:
        return -math.inf
    if score >= 1.0:
        return math.inf
    return -400.0 * math.log10(1.0 / score - 1.0)


def elo_to_score(elo: float) -> float:
    """Expected score of a player ``elo`` points stronger."""
    return 1.0 / (1.0 + 10.0 ** (-elo / 400.0))


@dataclass(frozen=True, slots=True)
class EloEstimate:
    """Mean score, its standard error, and the Elo difference with a 95 % interval."""

    score: float
    stderr: float
    elo: float
    low: float
    high: float

    def text(self) -> str:
        return f"{_fmt_elo(self.elo)} [{_fmt_elo(self.low)}, {_fmt_elo(self.high)}]"


def elo_estimate(unit_scores: Sequence[float]) -> EloEstimate:
    """Elo estimate from independent observations, each a score in 0..1.

    An observation is one game (1, 0.5, 0) or the mean of a colour-swapped pair
    (1, 0.75, 0.5, 0.25, 0). The interval is the normal approximation of the mean
    score, mean +- 1.96 standard errors, mapped through the logistic Elo curve.
    """
    n = len(unit_scores)
    if n == 0:
        raise ValueError("no games: an Elo estimate needs at least one result")
    mean = sum(unit_scores) / n
    var = sum((x - mean) ** 2 for x in unit_scores) / n
    se = math.sqrt(var / n)
    return EloEstimate(
        score=mean,
        stderr=se,
        elo=score_to_elo(mean),
        low=score_to_elo(mean - Z95 * se),
        high=score_to_elo(mean + Z95 * se),
    )


def wdl_elo(wins: int, draws: int, losses: int) -> EloEstimate:
    """Elo estimate from win/draw/loss counts treated as independent games (trinomial)."""
    return elo_estimate([1.0] * wins + [0.5] * draws + [0.0] * losses)


def _fmt_elo(x: float) -> str:
    if math.isinf(x):
        return "+inf" if x > 0 else "-inf"
    return f"{x:+.0f}"


def json_float(x: float) -> float | None:
    return None if math.isinf(x) or math.isnan(x) else round(x, 2)

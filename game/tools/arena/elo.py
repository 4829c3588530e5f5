"""Elo statistics: the Elo difference a score implies, with a 95 % interval.

A colour-swapped pair of games is one observation (the two games share an opening, so they are
not independent), as in the pentanomial model; the interval is the normal approximation of the
mean score mapped through the logistic Elo curve.
"""

from __future__ import annotations

import enum
import math
from dataclasses import dataclass
from typing import Sequence

from game.i18n import _, ngettext

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


#: Fewer independent observations than this give no Elo figure: the normal approximation behind
#: the interval needs a sample of some size, and a handful of games says little anyway.
MIN_OBSERVATIONS = 10


class Sample(enum.Enum):
    """Whether a set of results can give an Elo figure."""

    MEASURED = "measured"
    TOO_SMALL = "too small"  # fewer than MIN_OBSERVATIONS observations
    ONE_SIDED = "one-sided"  # one side scored every point: the difference has no finite estimate


@dataclass(frozen=True, slots=True)
class EloEstimate:
    """Mean score, its standard error, and the Elo difference with a 95 % interval."""

    score: float
    stderr: float
    elo: float
    low: float
    high: float
    observations: int = 0

    @property
    def sample(self) -> Sample:
        if self.score in (0.0, 1.0):
            return Sample.ONE_SIDED
        if self.observations < MIN_OBSERVATIONS:
            return Sample.TOO_SMALL
        return Sample.MEASURED

    def text(self, first: str = "A", second: str = "B", pairs: bool = False) -> str:
        """"+147 [+86, +218]", or why there is no figure: never an infinity or a signed zero.

        ``first``/``second`` name the sides (the difference is first minus second); ``pairs``
        says that one observation is a colour-swapped pair of games (else it is named an
        observation), for the messages about a sample that cannot be measured.
        """
        if self.sample is Sample.ONE_SIDED:
            winner = first if self.score == 1.0 else second
            return _("not measurable: {side} scored every point (a one-sided sample)").format(side=winner)
        if self.sample is Sample.TOO_SMALL:
            n = self.observations
            if pairs:
                text = ngettext("not measurable: the sample is too small ({count} colour-swapped pair of games; "
                                "at least {needed} needed)",
                                "not measurable: the sample is too small ({count} colour-swapped pairs of games; "
                                "at least {needed} needed)", n)
            else:
                text = ngettext("not measurable: the sample is too small ({count} observation; "
                                "at least {needed} needed)",
                                "not measurable: the sample is too small ({count} observations; "
                                "at least {needed} needed)", n)
            return text.format(count=n, needed=MIN_OBSERVATIONS)
        if self.stderr == 0:
            text = (_("{elo} (no interval: every one of the colour-swapped pairs of games scored the same)") if pairs
                    else _("{elo} (no interval: every one of the observations scored the same)"))
            return text.format(elo=_fmt_elo(self.elo))
        low = _("no lower bound") if math.isinf(self.low) else _fmt_elo(self.low)
        high = _("no upper bound") if math.isinf(self.high) else _fmt_elo(self.high)
        return f"{_fmt_elo(self.elo)} [{low}, {high}]"


def elo_estimate(unit_scores: Sequence[float]) -> EloEstimate:
    """Elo estimate from independent observations, each a score in 0..1.

    An observation is one game (1, 0.5, 0) or the mean of a colour-swapped pair
    (1, 0.75, 0.5, 0.25, 0). The interval is the normal approximation of the mean
    score, mean +- 1.96 standard errors, mapped through the logistic Elo curve.
    """
    n = len(unit_scores)
    if n == 0:
        raise ValueError(_("no games: an Elo estimate needs at least one result"))
    mean = sum(unit_scores) / n
    var = sum((x - mean) ** 2 for x in unit_scores) / n
    se = math.sqrt(var / n)
    return EloEstimate(
        score=mean,
        stderr=se,
        elo=score_to_elo(mean),
        low=score_to_elo(mean - Z95 * se),
        high=score_to_elo(mean + Z95 * se),
        observations=n,
    )


def wdl_elo(wins: int, draws: int, losses: int) -> EloEstimate:
    """Elo estimate from win/draw/loss counts treated as independent games (trinomial)."""
    return elo_estimate([1.0] * wins + [0.5] * draws + [0.0] * losses)


def _fmt_elo(x: float) -> str:
    """A finite difference, signed; one that rounds to zero is "0" (never "-0")."""
    rounded = round(x)
    return "0" if rounded == 0 else f"{rounded:+d}"


def json_float(x: float) -> float | None:
    return None if math.isinf(x) or math.isnan(x) else round(x, 2)

"""One vocabulary for the ranges of numbers the game accepts, and every range defined once.

A :class:`Range` says which numbers are allowed (whole or real, each end included or not) and
writes that in words; the config file's checkers (:mod:`game.config.schema`) and the tools'
command-line types (:mod:`game.tools.numbers`) both read the ranges below, so a limit is
changed in one place and every message that states it follows.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from game.domain.address import MAX_PORT, MIN_PORT
from game.i18n import N_, Words
from game.domain.levels import CUSTOM_DEPTH, MAX_DEPTH
from game.engine.search_values import MAX_TEMPERATURE
from game.engine.tables import MAX_TABLE_MB
from game.i18n import N_, _

__all__ = ["Range"]

#: The units of the ranges, said in the user's language ("MB" is the same in every one).
_UNITS = {"seconds": N_("seconds")}


@dataclass(frozen=True, slots=True)
class Range:
    """The numbers from ``lo`` to ``hi`` (an open end excluded); ``whole``: integers only."""

    lo: float
    hi: float
    lo_open: bool = False
    hi_open: bool = False
    whole: bool = False
    unit: str = ""

    def __contains__(self, value: object) -> bool:
        if isinstance(value, bool) or not isinstance(value, int if self.whole else (int, float)):
            return False
        if not math.isfinite(value):
            return False
        return (self.lo < value if self.lo_open else self.lo <= value) and \
            (value < self.hi if self.hi_open else value <= self.hi)

    def interval(self) -> Words:
        """As the config file's messages write it: "a whole number from 1 to 20", "a number in (0, 1]"."""
        lo, hi = _number(self.lo), _number(self.hi)
        if self.whole:
            return Words(N_("a whole number from {low} to {high}"), low=lo, high=hi)
        left, right = ("(" if self.lo_open else "["), (")" if self.hi_open else "]")
        # TRANSLATORS: {interval} is written as in mathematics: "[0, 1]", "(0, 3600]".
        return Words(N_("a number in {interval}"), interval=f"{left}{lo}, {hi}{right}")

    def words(self) -> str:
        """As the tools' messages write it, in the user's language: "1 to 4096 MB", "more than 0
        and at most 60 seconds". The bounds are written as they are typed (ASCII, a decimal point),
        whatever the language: they say what to type."""
        lo, hi = _number(self.lo), _number(self.hi)
        if self.whole:
            text = _("{lo} to {hi}")
        elif self.lo_open:
            text = _("more than {lo} and less than {hi}") if self.hi_open else _("more than {lo} and at most {hi}")
        else:
            text = _("from {lo} to less than {hi}") if self.hi_open else _("from {lo} to {hi}")
        text = text.format(lo=lo, hi=hi)
        if not self.unit:
            return text
        unit = _(_UNITS[self.unit]) if self.unit in _UNITS else self.unit
        # TRANSLATORS: {numbers} is a range such as "1 to 10", {unit} its unit ("seconds", "MB").
        return _("{numbers} {unit}").format(numbers=text, unit=unit)


def _number(x: float) -> str:
    """A bound as people write it: 65535, 0.05, 9223372036854775807 (never 6.5535e+04)."""
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


#: The longest time limit per move a setting or a level may ask for (seconds); 0 means none.
MAX_SECONDS = 3600
SECONDS_PER_MOVE = Range(0, MAX_SECONDS, lo_open=True, unit="seconds")
#: The tools may run much longer than a game would wait: an exact solve of an early position.
TOOL_SECONDS = Range(0, 86_400, lo_open=True, unit="seconds")
TABLE_MB = Range(1, MAX_TABLE_MB, whole=True, unit="MB")
DEPTH = Range(*CUSTOM_DEPTH, whole=True)
LEVEL_DEPTH = Range(1, MAX_DEPTH, whole=True)
DISCOUNT = Range(0, 1, hi_open=True)
TEMPERATURE = Range(0, MAX_TEMPERATURE)
PROBABILITY = Range(0, 1)
ELO = Range(0, 4000, whole=True)
WINDOW_WIDTH = Range(320, 7680, whole=True)
WINDOW_HEIGHT = Range(240, 4320, whole=True)
FPS = Range(15, 240, whole=True)
ANIMATION_SPEED = Range(0.1, 10)
VOLUME = Range(0, 1)
ANALYSIS_TIME = Range(0.05, 30, unit="seconds")
SPECTATOR_DELAY = Range(0, 10, unit="seconds")
REVIEW_TIME = Range(0.05, 60, unit="seconds")
WEIGHT = Range(0, 10_000)
PORT = Range(MIN_PORT, MAX_PORT, whole=True)
WEIGHT_SCALE = Range(0, 1000, lo_open=True)

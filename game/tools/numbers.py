"""One rule for every numeric command-line option of the tools.

A number on the command line is written in ASCII as people write numbers: digits with an
optional sign, and for a real number an optional decimal point and exponent (``10``, ``0.5``,
``2e-3``). Python's own parsers accept more (``1_0``, Arabic-Indic digits, ``inf``, ``nan``,
surrounding spaces); those are refused here, so a typo is never read as some other number.
Each option states its range, and a value outside it is refused with that range in the message.

Use :func:`number` with a range of :mod:`game.config.ranges` (or :func:`whole` and :func:`real`
for a range of the tool's own) as ``argparse`` types::

    parser.add_argument("--time", type=number(ranges.TOOL_SECONDS))
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable

from game.config.ranges import Range
from game.echo import shown
from game.i18n import N_, _

__all__ = ["number", "range_words", "real", "whole"]

_WHOLE = re.compile(r"[+-]?[0-9]+", re.ASCII)
_REAL = re.compile(r"[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+-]?[0-9]+)?", re.ASCII)
#: The units of the ranges, said in the user's language ("MB" is the same in every one).
_UNITS = {"seconds": N_("seconds")}


def _bound(x: float) -> str:
    """A bound as it is typed: 65535, 0.05, 9223372036854775807 (never 6.5535e+04)."""
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


def range_words(allowed: Range) -> str:
    """The numbers ``allowed`` takes, in the user's language: "1 to 4096 MB", "more than 0 and at
    most 60 seconds". The bounds are written as they are typed on the command line (ASCII, a
    decimal point), whatever the language: they say what to type."""
    lo, hi = _bound(allowed.lo), _bound(allowed.hi)
    if allowed.whole:
        text = _("{lo} to {hi}")
    elif allowed.lo_open:
        text = _("more than {lo} and less than {hi}") if allowed.hi_open else _("more than {lo} and at most {hi}")
    else:
        text = _("from {lo} to less than {hi}") if allowed.hi_open else _("from {lo} to {hi}")
    text = text.format(lo=lo, hi=hi)
    if not allowed.unit:
        return text
    unit = _(_UNITS[allowed.unit]) if allowed.unit in _UNITS else allowed.unit
    # TRANSLATORS: {numbers} is a range such as "1 to 10", {unit} its unit ("seconds", "MB").
    return _("{numbers} {unit}").format(numbers=text, unit=unit)


def number(allowed: Range) -> Callable[[str], float]:
    """An argparse type: a number in ``allowed`` (the same ranges the config file's checks use)."""
    rule = _WHOLE if allowed.whole else _REAL
    longest = 20 if allowed.whole else 40

    def parse(text: str) -> float:
        if not rule.fullmatch(text) or len(text) > longest:
            message = (_("'{value}' is not a whole number; use {allowed}") if allowed.whole
                       else _("'{value}' is not a number; use {allowed}"))
            raise argparse.ArgumentTypeError(message.format(value=shown(text), allowed=range_words(allowed)))
        value = int(text) if allowed.whole else float(text)
        if value not in allowed:
            raise argparse.ArgumentTypeError(_("{value} is out of range; use {allowed}").format(
                value=shown(text), allowed=range_words(allowed)))
        return value

    parse.__name__ = "whole number" if allowed.whole else "number"
    return parse


def whole(lo: int, hi: int, unit: str = "") -> Callable[[str], int]:
    """An argparse type: a whole number from ``lo`` to ``hi``."""
    return number(Range(lo, hi, whole=True, unit=unit))  # type: ignore[return-value]


def real(lo: float, hi: float, *, lo_open: bool = False, unit: str = "") -> Callable[[str], float]:
    """An argparse type: a finite number from ``lo`` (excluded when ``lo_open``) to ``hi``."""
    return number(Range(lo, hi, lo_open=lo_open, unit=unit))

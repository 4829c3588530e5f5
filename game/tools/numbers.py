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
from game.i18n import _

__all__ = ["number", "real", "whole"]

_WHOLE = re.compile(r"[+-]?[0-9]+", re.ASCII)
_REAL = re.compile(r"[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+-]?[0-9]+)?", re.ASCII)


def number(allowed: Range) -> Callable[[str], float]:
    """An argparse type: a number in ``allowed`` (the same ranges the config file's checks use)."""
    rule = _WHOLE if allowed.whole else _REAL
    longest = 20 if allowed.whole else 40

    def parse(text: str) -> float:
        if not rule.fullmatch(text) or len(text) > longest:
            message = (_("'{value}' is not a whole number; use {allowed}") if allowed.whole
                       else _("'{value}' is not a number; use {allowed}"))
            raise argparse.ArgumentTypeError(message.format(value=shown(text), allowed=allowed.words()))
        value = int(text) if allowed.whole else float(text)
        if value not in allowed:
            raise argparse.ArgumentTypeError(_("{value} is out of range; use {allowed}").format(
                value=shown(text), allowed=allowed.words()))
        return value

    parse.__name__ = "whole number" if allowed.whole else "number"
    return parse


def whole(lo: int, hi: int, unit: str = "") -> Callable[[str], int]:
    """An argparse type: a whole number from ``lo`` to ``hi``."""
    return number(Range(lo, hi, whole=True, unit=unit))  # type: ignore[return-value]


def real(lo: float, hi: float, *, lo_open: bool = False, unit: str = "") -> Callable[[str], float]:
    """An argparse type: a finite number from ``lo`` (excluded when ``lo_open``) to ``hi``."""
    return number(Range(lo, hi, lo_open=lo_open, unit=unit))

"""One rule for every numeric command-line option of the tools.

A number on the command line is written in ASCII as people write numbers: digits with an
optional sign, and for a real number an optional decimal point and exponent (``10``, ``0.5``,
``2e-3``). Python's own parsers accept more (``1_0``, Arabic-Indic digits, ``inf``, ``nan``,
surrounding spaces); those are refused here, so a typo is never read as some other number.
Each option states its range, and a value outside it is refused with that range in the message.

Use :func:`whole` and :func:`real` as ``argparse`` types::

    parser.add_argument("--time", type=real(0.0, 3600.0, lo_open=True, unit="seconds"))
"""

from __future__ import annotations

import argparse
import math
import re
from collections.abc import Callable

from game.echo import shown

__all__ = ["real", "whole"]

_WHOLE = re.compile(r"[+-]?[0-9]+", re.ASCII)
_REAL = re.compile(r"[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+-]?[0-9]+)?", re.ASCII)


def _range_text(lo: float, hi: float, lo_open: bool, unit: str) -> str:
    low = f"more than {lo:g}" if lo_open else f"from {lo:g}"
    high = f"to {hi:g}" if not lo_open else f"and at most {hi:g}"
    return f"{low} {high}" + (f" {unit}" if unit else "")


def whole(lo: int, hi: int, unit: str = "") -> Callable[[str], int]:
    """An argparse type: a whole number from ``lo`` to ``hi``."""
    def parse(text: str) -> int:
        if not _WHOLE.fullmatch(text) or len(text) > 20:
            raise argparse.ArgumentTypeError(f"'{shown(text)}' is not a whole number; use {lo} to {hi}")
        value = int(text)
        if not lo <= value <= hi:
            raise argparse.ArgumentTypeError(f"{value} is out of range; use {lo} to {hi}" + (f" {unit}" if unit else ""))
        return value

    parse.__name__ = "whole number"
    return parse


def real(lo: float, hi: float, *, lo_open: bool = False, unit: str = "") -> Callable[[str], float]:
    """An argparse type: a finite number from ``lo`` (excluded when ``lo_open``) to ``hi``."""
    allowed = _range_text(lo, hi, lo_open, unit)

    def parse(text: str) -> float:
        if not _REAL.fullmatch(text) or len(text) > 40:
            raise argparse.ArgumentTypeError(f"'{shown(text)}' is not a number; use {allowed}")
        value = float(text)
        if not math.isfinite(value) or value < lo or (lo_open and value == lo) or value > hi:
            raise argparse.ArgumentTypeError(f"{shown(text)} is out of range; use {allowed}")
        return value

    parse.__name__ = "number"
    return parse

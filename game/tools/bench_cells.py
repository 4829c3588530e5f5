"""The cells of the benchmarks' Markdown tables, in the user's language: times, counts and
ratios written with the language's decimal sign and grouping ("1,234.5 ms", "1.234,5 ms")."""

from __future__ import annotations

from game.i18n import _, decimal_text, number_text

__all__ = ["count_text", "ms_text", "seconds_text", "table_row", "times_text"]


def table_row(*cells: str) -> str:
    """One row of a Markdown table."""
    return "| " + " | ".join(cells) + " |"


def ms_text(seconds: float) -> str:
    """A short time in milliseconds: three decimals under 10 ms, else one."""
    return _("{ms} ms").format(ms=decimal_text(seconds * 1e3, 3 if seconds < 0.01 else 1))


def seconds_text(seconds: float, digits: int = 2) -> str:
    return _("{seconds} s").format(seconds=decimal_text(seconds, digits))


def times_text(ratio: float) -> str:
    """How many times faster: "3.2x"."""
    # TRANSLATORS: how many times faster one run is than another: "3.2x".
    return _("{ratio}x").format(ratio=decimal_text(ratio, 1))


def count_text(x: float) -> str:
    """A mean count of nodes or positions, rounded and grouped."""
    return number_text(round(x))

"""Practice's text laid out in lines: an explanation or a verdict wrapped to the room it has, as
large as fits and never smaller than the smallest size that reads."""

from __future__ import annotations

from game.ui.resources import fit_text, font, wrap

__all__ = ["below_the_task"]


def below_the_task(text: str, size: int, width: int, room: int, bold: bool = False) -> list[tuple[str, int, int]]:
    """``text`` in lines of ``width`` under the task, each as (line, size, line height): at the
    largest size from ``size`` down to 11 whose lines fit the ``room`` pixels, else in the lines
    that fit at 11 with the last one cut with "…". An explanation is a few sentences: shrunk to
    one line it would be too small to read. A line is never closer to the next than its drawn
    height (accented capitals reach above the font's line box)."""
    for smaller in range(size, 10, -1):
        lines = wrap(text, smaller, width, bold)
        height = _line_height(lines, smaller, bold)
        if len(lines) * height <= room:
            return [(line, smaller, height) for line in lines]
    lines = wrap(text, 11, width, bold)
    height = _line_height(lines, 11, bold)
    most = max(1, room // height)
    if len(lines) > most:
        lines = (*lines[:most - 1], fit_text(lines[most - 1] + " …", 11, width, bold))
    return [(line, 11, height) for line in lines]


def _line_height(lines: tuple[str, ...], size: int, bold: bool) -> int:
    made = font(size, bold)
    return max([made.get_linesize(), *(made.size(line)[1] for line in lines)])

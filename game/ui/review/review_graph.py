"""The review's evaluation graph: the first player's value after each move, in bands for a win, a
draw and a loss, a move-number axis, a legend for its marks and the review board's, and, while the
review runs, its progress bar; and the colours of the move classes."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

import pygame

from game.engine.game_review import GameReview, Grade, ReviewProgress
from game.engine.scores import MAX_SCORE, Outcome
from game.engine.verdicts import Severity
from game.i18n import _, pgettext
from game.ui.resources import draw_text, text_width

if TYPE_CHECKING:
    from game.engine.game_review import Bounds
    from game.ui.theme import Colour, Theme

GRADE_COLOURS: dict[Grade, Colour] = {
    Grade.BEST: (90, 200, 120),
    Grade.GOOD: (150, 200, 150),
    Grade.INACCURACY: (225, 205, 90),
    Grade.MISTAKE: (240, 160, 60),
    Grade.BLUNDER: (235, 70, 70),
}
#: A move whose grade was not proved.
UNPROVED_COLOUR: Colour = (140, 140, 150)
#: An error a player can learn from (a verdict of ``Severity.ERROR``), whatever its exact class.
ERROR_COLOUR: Colour = (255, 110, 170)


def draw_graph(surface: pygame.Surface, rect: pygame.Rect, size: int, theme: Theme, moves: int, index: int,
               review: GameReview | None, progress: ReviewProgress | None, failed: bool) -> pygame.Rect:
    """The first player's value after each move, in the box of that move (a blunder drops in its
    own box): proven results in the win/draw/loss bands, estimates as rings, a move that changed the
    outcome as a bar in its class's colour. The legend has its own strip above the plot and the
    move numbers their own axis below it, so neither covers a point or the selected box.

    Returns the moves' boxes (the plot and its axis; the legend is not one), a box per move and
    one for the end, left to right."""
    small = max(12, size - 6)
    legend, plot, axis = graph_parts(rect, small, theme)
    band = plot.height // 2 - plot.height // 10
    win = pygame.Rect(plot.left, plot.top, plot.width, band)
    loss = pygame.Rect(plot.left, plot.bottom - band, plot.width, band)
    draw = pygame.Rect(plot.left, win.bottom, plot.width, loss.top - win.bottom)
    for area, colour in ((win, theme.discs[0]), (draw, theme.dim_text), (loss, theme.discs[1])):
        shade = pygame.Surface(area.size, pygame.SRCALPHA)
        shade.fill((*colour, 45))
        surface.blit(shade, area)
    n = moves
    step = plot.width / (n + 1)
    marker = pygame.Rect(int(plot.left + index * step), plot.top, max(2, int(step)), plot.height)
    pygame.draw.rect(surface, theme.accent, marker, 2)
    draw_axis(surface, axis, small, theme, n, step)
    draw_legend(surface, legend, small, theme)
    boxes = plot.union(axis)
    if review is None:
        draw_progress(surface, plot, small, theme, progress, failed)
        return boxes
    points: list[tuple[int, int] | None] = []
    radius = max(3, small // 4)
    for i, move in enumerate(review.reviews):
        x = int(plot.left + (i + 0.5) * step)
        y, proved = graph_y(*value_after(review, i), win, draw, loss)
        if y is None:
            points.append(None)
            draw_text(surface, "?", small, UNPROVED_COLOUR, center=(x, draw.centery))
            continue
        points.append((x, y))
        pygame.draw.circle(surface, theme.text if proved else theme.dim_text, (x, y), radius, 0 if proved else 1)
        if move.grade in (Grade.MISTAKE, Grade.BLUNDER):
            pygame.draw.line(surface, GRADE_COLOURS[move.grade], (x, plot.top), (x, plot.bottom), 2)
        if move.severity is Severity.ERROR:
            _draw_error(surface, x, plot.top, radius + 2)
    for a, b in zip(points, points[1:]):
        if a is not None and b is not None:
            pygame.draw.line(surface, theme.text, a, b, 1)
    return boxes


def graph_parts(rect: pygame.Rect, small: int, theme: Theme) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
    """(legend, plot, axis): the graph's box split into the legend's rows, the plotted area and the
    move-number axis, top to bottom."""
    legend = pygame.Rect(rect.left, rect.top, rect.width, legend_height(rect.width, small, theme))
    axis_h = small + 4
    plot = pygame.Rect(rect.left, legend.bottom + 2, rect.width, max(12, rect.height - legend.height - axis_h - 4))
    return legend, plot, pygame.Rect(rect.left, plot.bottom + 2, rect.width, axis_h)


def _draw_error(surface: pygame.Surface, x: int, top: int, half: int) -> None:
    """An error's mark: a triangle pointing down at its move, at the top of the plot."""
    pygame.draw.polygon(surface, ERROR_COLOUR, [(x - half, top), (x + half, top), (x, top + 2 * half)])


def axis_numbers(moves: int, width: float, label_width: int) -> list[int]:
    """The move numbers written under the plot: 1, then every 5th or 10th (as many as fit with a gap
    each), and the last move."""
    if moves <= 0:
        return []
    step = width / (moves + 1)
    every = next((k for k in (1, 2, 5, 10, 20) if k * step >= label_width + 6), 20)
    gap = label_width + 6
    numbers = [1] + [k for k in range(every, moves + 1, every) if (k - 1) * step >= gap]
    if numbers[-1] != moves and (moves - numbers[-1]) * step >= gap:
        numbers.append(moves)
    return numbers


def draw_axis(surface: pygame.Surface, strip: pygame.Rect, small: int, theme: Theme, moves: int,
              step: float) -> None:
    """Move numbers under the boxes of their moves, with a tick each."""
    for number in axis_numbers(moves, strip.width, text_width("88", small)):
        x = int(strip.left + (number - 0.5) * step)
        pygame.draw.line(surface, theme.dim_text, (x, strip.top - 2), (x, strip.top + 1), 1)
        draw_text(surface, str(number), small, theme.dim_text, midtop=(x, strip.top + 1))


Mark = Literal["band-win", "band-draw", "band-loss", "dot", "ring", "mistake", "blunder", "error", "ghost", "frame",
               "threat"]


def legend_items(theme: Theme, short: bool = False) -> list[tuple[Mark, str]]:
    """What the graph's and the board's marks mean, in the order the legend shows them; ``short``
    words for a small window."""
    red, yellow = theme.colour_name(1), theme.colour_name(2)
    # TRANSLATORS: the graph's legend: the band where the first player wins
    wins = [("band-win", _("{side} wins").format(side=red)), ("band-draw", pgettext("outcome", "draw")),
            ("band-loss", _("{side} wins").format(side=yellow)),
            # TRANSLATORS: the graph's legend: a value the solver proved (a full dot), an estimate (a ring)
            ("dot", _("proved")), ("ring", _("estimate")),
            ("mistake", pgettext("grade", "mistake")), ("blunder", pgettext("grade", "blunder"))]
    if short:
        return [*wins, ("error", _("error")), ("ghost", _("played")), ("frame", pgettext("grade", "best")),
                ("threat", _("threat"))]
    return [*wins, ("error", _("error to learn from")),
            ("ghost", _("board: faint disc, the move played")), ("frame", _("frame, the best move")),
            ("threat", _("ring in a cell, a threat"))]


def _layout_legend(width: int, small: int, theme: Theme) -> list[list[tuple[Mark, str, int]]]:
    """The legend's items in rows that fit ``width``: (mark, words, width) each; the short words when
    the full ones would take more than two rows."""
    for short in (False, True):
        rows: list[list[tuple[Mark, str, int]]] = [[]]
        used = 0
        for mark, words in legend_items(theme, short):
            w = small + 4 + text_width(words, small) + (14 if not short else 8)
            if rows[-1] and used + w > width:
                rows.append([])
                used = 0
            rows[-1].append((mark, words, w))
            used += w
        if len(rows) <= 2:
            break
    return rows


def legend_height(width: int, small: int, theme: Theme) -> int:
    return len(_layout_legend(width, small, theme)) * (small + 4)


def draw_legend(surface: pygame.Surface, strip: pygame.Rect, small: int, theme: Theme) -> None:
    """The legend: each mark drawn as it is drawn in the graph or on the board, then its words."""
    for row, items in enumerate(_layout_legend(strip.width, small, theme)):
        x, y = strip.left, strip.top + row * (small + 4) + (small + 4) // 2
        for mark, words, w in items:
            _draw_mark(surface, mark, pygame.Rect(x, y - small // 2, small, small), theme)
            draw_text(surface, words, small, theme.dim_text, midleft=(x + small + 4, y))
            x += w


def _draw_mark(surface: pygame.Surface, mark: Mark, box: pygame.Rect, theme: Theme) -> None:
    """One legend mark in ``box`` (drawn, not a font glyph: not every font has them)."""
    radius = max(3, box.width // 4)
    if mark.startswith("band-"):
        colour = {"band-win": theme.discs[0], "band-draw": theme.dim_text, "band-loss": theme.discs[1]}[mark]
        shade = pygame.Surface(box.size, pygame.SRCALPHA)
        shade.fill((*colour, 90))
        surface.blit(shade, box)
    elif mark in ("dot", "ring"):
        pygame.draw.circle(surface, theme.text if mark == "dot" else theme.dim_text, box.center, radius,
                           0 if mark == "dot" else 1)
    elif mark in ("mistake", "blunder"):
        colour = GRADE_COLOURS[Grade.MISTAKE if mark == "mistake" else Grade.BLUNDER]
        pygame.draw.line(surface, colour, (box.centerx, box.top), (box.centerx, box.bottom), 3)
    elif mark == "error":
        _draw_error(surface, box.centerx, box.top + 1, box.width // 3)
    elif mark == "ghost":
        disc = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.circle(disc, (*theme.discs[0], 150), (box.width // 2, box.height // 2), box.width // 2)
        surface.blit(disc, box)
    elif mark == "frame":
        pygame.draw.rect(surface, theme.accent, box, 2, border_radius=max(2, box.width // 5))
    else:
        pygame.draw.circle(surface, theme.discs[1], box.center, box.width // 2 - 1, max(2, box.width // 6))


def value_after(review: GameReview, index: int) -> tuple[Bounds, float | None]:
    """The value of the position after move ``index`` (0-based) for the first player: its proven
    bounds (the played move's) and, when unproven, the estimate of the next position."""
    reviews = review.reviews
    move = reviews[index]
    bounds = move.played if move.player == 1 else -move.played
    estimate = None
    if index + 1 < len(reviews) and reviews[index + 1].estimate is not None:
        after = reviews[index + 1]
        estimate = after.estimate if after.player == 1 else -after.estimate
    return bounds, estimate

def draw_progress(surface: pygame.Surface, rect: pygame.Rect, size: int, theme: Theme,
                  progress: ReviewProgress | None, failed: bool) -> None:
    """The review's progress bar while it runs (or says that it failed)."""
    bar = pygame.Rect(0, 0, rect.width * 2 // 3, max(10, size))
    bar.center = rect.center
    pygame.draw.rect(surface, theme.panel, bar, border_radius=4)
    done = progress.done / progress.total if progress and progress.total else 0.0
    pygame.draw.rect(surface, theme.accent, pygame.Rect(bar.left, bar.top, int(bar.width * done), bar.height),
                     border_radius=4)
    pygame.draw.rect(surface, theme.dim_text, bar, 1, border_radius=4)
    label = _("the analysis failed") if failed else (
        _("analysing from the last move back: {done} of {total}").format(done=progress.done, total=progress.total)
        if progress else _("analysing…"))
    draw_text(surface, label, size, theme.text, midbottom=(bar.centerx, bar.top - 4))


def graph_y(bounds: Bounds, estimate: float | None, win: pygame.Rect, draw: pygame.Rect,
             loss: pygame.Rect) -> tuple[int | None, bool]:
    """Height of a value for the first player (``bounds`` proven, else ``estimate`` in (-1, 1)):
    (y, proved), or (None, False) when neither is known."""
    result = bounds.outcome
    if result is Outcome.DRAW:
        return draw.centery, True
    if result is not None:
        # faster results further from the draw band
        area = win if result is Outcome.WIN else loss
        magnitude = min(abs(bounds.lower), abs(bounds.upper)) if not bounds.is_exact else abs(bounds.lower)
        share = 0.15 + 0.7 * min(1.0, magnitude / MAX_SCORE)  # inside the band, clear of its edges
        if result is Outcome.WIN:
            return int(area.bottom - share * area.height), True
        return int(area.top + share * area.height), True
    if estimate is not None:
        half = draw.height / 2 + win.height * 0.8
        return int(draw.centery - estimate * half), False
    return None, False

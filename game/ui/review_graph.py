"""The review's evaluation graph: the first player's value after each move, in bands for a win, a
draw and a loss, with a legend and, while the review runs, its progress bar; and the colours and
words of the move classes."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.engine.review import GameReview, MoveClass, ReviewProgress
from game.engine.scores import MAX_SCORE, Outcome
from game.ui.resources import draw_text, largest_fitting, text_width

if TYPE_CHECKING:
    from game.engine.review import Bounds
    from game.ui.theme import Colour, Theme

CLASS_COLOURS: dict[MoveClass, Colour] = {
    MoveClass.BEST: (90, 200, 120),
    MoveClass.GOOD: (150, 200, 150),
    MoveClass.MISTAKE: (240, 160, 60),
    MoveClass.BLUNDER: (235, 70, 70),
    MoveClass.UNPROVED: (140, 140, 150),
}
CLASS_WORDS = {MoveClass.BEST: "best", MoveClass.GOOD: "good", MoveClass.MISTAKE: "mistake",
               MoveClass.BLUNDER: "blunder", MoveClass.UNPROVED: "not proved"}


def draw_graph(surface: pygame.Surface, rect: pygame.Rect, size: int, theme: Theme, moves: int, index: int,
               review: GameReview | None, progress: ReviewProgress | None, failed: bool) -> None:
    """The first player's value after each move, in the box of that move (a blunder drops in its
    own box): proven results in the win/draw/loss bands, estimates as rings. The legend has
    its own strip above the plot, so it covers neither points nor the selected box."""
    small = max(12, size - 6)
    legend = pygame.Rect(rect.left, rect.top, rect.width, small + 4)
    plot = pygame.Rect(rect.left, legend.bottom + 2, rect.width, max(12, rect.height - legend.height - 2))
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
    if review is None:
        draw_legend(surface, legend, small, theme, estimates=False)
        draw_progress(surface, plot, small, theme, progress, failed)
        return
    points: list[tuple[int, int] | None] = []
    estimates = False
    radius = max(3, small // 4)
    for i, move in enumerate(review.reviews):
        x = int(plot.left + (i + 0.5) * step)
        y, proved = graph_y(*value_after(review, i), win, draw, loss)
        if y is None:
            points.append(None)
            draw_text(surface, "?", small, CLASS_COLOURS[MoveClass.UNPROVED], center=(x, draw.centery))
            continue
        points.append((x, y))
        estimates = estimates or not proved
        pygame.draw.circle(surface, theme.text if proved else theme.dim_text, (x, y), radius, 0 if proved else 1)
        if move.move_class in (MoveClass.MISTAKE, MoveClass.BLUNDER):
            pygame.draw.line(surface, CLASS_COLOURS[move.move_class], (x, plot.top), (x, plot.bottom), 2)
    for a, b in zip(points, points[1:]):
        if a is not None and b is not None:
            pygame.draw.line(surface, theme.text, a, b, 1)
    draw_legend(surface, legend, small, theme, estimates)

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

def draw_legend(surface: pygame.Surface, strip: pygame.Rect, small: int, theme: Theme, estimates: bool) -> None:
    """What the bands mean (top, middle, bottom) and, when there are estimates, the two markers
    (drawn, not font glyphs: not every font has them)."""
    red, yellow = theme.colour_name(1), theme.colour_name(2)
    texts = (f"top: {red} wins · middle: draw · bottom: {yellow} wins", f"top: {red} wins · bottom: {yellow} wins",
             f"top: {red} · bottom: {yellow}")
    room = strip.width - (2 * text_width("estimate proved", small) + 60 if estimates else 0)
    text, size = largest_fitting(texts, small, max(20, room), min_size=min(11, small))
    label = draw_text(surface, text, size, theme.dim_text, midleft=(strip.left, strip.centery))
    if not estimates:
        return
    radius = max(3, small // 4)
    right = draw_text(surface, "estimate", small, theme.dim_text, midright=(strip.right, strip.centery))
    pygame.draw.circle(surface, theme.dim_text, (right.left - radius - 4, right.centery), radius, 1)
    right = draw_text(surface, "proved", small, theme.dim_text,
                      midright=(max(label.right + 2 * radius + 12, right.left - 2 * radius - 18), strip.centery))
    pygame.draw.circle(surface, theme.text, (right.left - radius - 4, right.centery), radius)

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
    label = "the analysis failed" if failed else (
        f"analysing from the last move back: {progress.done} of {progress.total}"
        if progress else "analysing…")
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

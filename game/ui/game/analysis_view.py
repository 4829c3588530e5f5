"""What the analysis row and the hint say, and how the row is drawn.

Words about proven values come from ``game.engine.scores`` (the one owner of the score scale);
nothing here does score arithmetic. A value is proven when the analysis is exact, or when a
heuristic search found a forced result (|value| >= 1 on the engine's one scale; such a win is
proved but not always the fastest, so it is shown without a count). Anything else is an estimate:
drawn as a neutral grey bar with its rank, never in the win/draw/loss colours."""

from __future__ import annotations

import enum
from dataclasses import dataclass

import pygame

from game.engine.board import CENTRE_ORDER
from game.engine.scores import Outcome, moves_to_end, outcome
from game.i18n import _, ngettext, pgettext
from game.words.outcomes import describe
from game.service.requests import Analysis
from game.ui.resources import draw_text, fit_text, text_width
from game.ui.theme import Colour, Theme


class Kind(enum.Enum):
    FULL = "full"
    PROVEN = "proven"        # exact: words with a count ("wins in 9")
    FORCED = "forced"        # proved by the depth search, count unknown ("wins")
    ESTIMATE = "estimate"


@dataclass(frozen=True, slots=True)
class ColumnView:
    kind: Kind
    lines: tuple[str, ...]           # one or two short lines for the cell
    words: str                       # the same in one phrase, for the hint ("wins in 9")
    outcome: Outcome | None = None   # proven results only
    rank: int = 0                    # 1 = best column (estimates are ranked among all columns)
    share: float = 0.0               # 0..1: where the value sits between the row's worst and best


def best_column(analysis: Analysis) -> int | None:
    """The row's best column (highest value; ties go to the column nearest the centre)."""
    playable = [c for c in CENTRE_ORDER if analysis.scores[c] is not None]
    if not playable:
        return None
    return max(playable, key=lambda c: (analysis.scores[c], -CENTRE_ORDER.index(c)))


def proven_words(score: int, moves: int) -> tuple[tuple[str, ...], str]:
    """An exact score for the side to move as the cell's lines and as one phrase: ("wins", "in 9")
    and "wins in 9" (``game.words.outcomes.describe``); "draw"; ("loses", "in 3") and "loses in 3".
    The count is the side's own discs to the end, the last one included."""
    phrase = describe(score, moves)
    result = outcome(score)
    if result is Outcome.DRAW:
        return (phrase,), phrase
    n = moves_to_end(score, moves)
    if result is Outcome.WIN:
        # TRANSLATORS: the analysis row's cell, in two lines (the line break splits them); {n} is
        # the player's own discs to the end
        cell = ngettext("wins\nin {n}", "wins\nin {n}", n)
    else:
        # TRANSLATORS: the analysis row's cell, in two lines (the line break splits them)
        cell = ngettext("loses\nin {n}", "loses\nin {n}", n)
    return tuple(cell.format(n=n).split("\n")), phrase


def column_views(analysis: Analysis, moves: int) -> list[ColumnView]:
    """One view per column for the side to move, with ``moves`` discs on the board."""
    values = sorted({s for s in analysis.scores if s is not None}, reverse=True)
    estimates = [s for s in values if abs(s) < 1]     # bars compare estimates with each other only
    low, high = (estimates[-1], estimates[0]) if estimates else (0.0, 0.0)
    views = []
    for score in analysis.scores:
        if score is None:
            full = pgettext("column", "full")
            views.append(ColumnView(Kind.FULL, (full,), full))
            continue
        rank = values.index(score) + 1
        share = 1.0 if high == low else (score - low) / (high - low)
        if analysis.exact:
            lines, words = proven_words(round(score), moves)
            views.append(ColumnView(Kind.PROVEN, lines, words, outcome(score), rank, share))
        elif abs(score) >= 1:
            result = outcome(score)
            word = _("wins") if result is Outcome.WIN else _("loses")
            views.append(ColumnView(Kind.FORCED, (word,), word, result, rank, share))
        else:
            words = _("best estimate") if rank == 1 else _("estimate")
            views.append(ColumnView(Kind.ESTIMATE, (f"#{rank}",), words,
                                    None, rank, share))
    return views


def hint_words(analysis: Analysis, moves: int) -> tuple[int, str] | None:
    """(column, "column 4 — wins in 9") for the row's best column, or None if no column is free."""
    col = best_column(analysis)
    if col is None:
        return None
    view = column_views(analysis, moves)[col]
    # TRANSLATORS: the hint: the best column and what it is worth ("wins in 9", "draw", "best estimate")
    return col, _("column {column} — {value}").format(column=col + 1, value=view.words)


def outcome_colour(result: Outcome | None, theme: Theme) -> Colour:
    if result is Outcome.WIN:
        return theme.win
    if result is Outcome.LOSS:
        return theme.loss
    return theme.draw if result is Outcome.DRAW else theme.dim_text


def cell_font(cell: int, texts: list[str]) -> int:
    """The largest size (up to a third of a cell, at least 11 px) at which every text fits a cell."""
    size = max(11, cell // 3)
    while size > 11 and any(text_width(t, size) > cell - 4 for t in texts):
        size -= 1
    return size


def draw_analysis_row(surface: pygame.Surface, rect: pygame.Rect, cell: int, caption_size: int,
                      analysis: Analysis | None, moves: int, theme: Theme, waiting: str) -> None:
    """The caption line, then per column its words (proven) or a grey bar with its rank (estimate)."""
    caption_h = min(caption_size, rect.height // 3) + 2
    caption_size = caption_h - 2
    if analysis is None:
        draw_text(surface, fit_text(waiting, caption_size, rect.width), caption_size, theme.dim_text,
                  midtop=(rect.centerx, rect.top))
        return
    caption = (_("Analysis — proven results for the player to move") if analysis.exact else
               _("Analysis — grey: estimates (no proof yet), #1 best"))
    short = _("proven results") if analysis.exact else _("estimates, #1 best")
    text = caption if text_width(caption, caption_size) <= rect.width else short
    draw_text(surface, fit_text(text, caption_size, rect.width), caption_size, theme.dim_text,
              midtop=(rect.centerx, rect.top))
    views = column_views(analysis, moves)
    size = cell_font(cell, [line for view in views for line in view.lines])
    body = pygame.Rect(rect.left, rect.top + caption_h, rect.width, rect.height - caption_h)
    for col, view in enumerate(views):
        _draw_column(surface, view, pygame.Rect(rect.left + col * cell, body.top, cell, body.height), size, theme)


def _draw_column(surface: pygame.Surface, view: ColumnView, box: pygame.Rect, size: int, theme: Theme) -> None:
    if view.kind is Kind.ESTIMATE:
        bar_h = max(3, box.height // 5)
        track = pygame.Rect(box.left + 4, box.bottom - bar_h - 2, box.width - 8, bar_h)
        pygame.draw.rect(surface, theme.panel, track, border_radius=2)
        filled = track.copy()
        filled.width = max(2, int(track.width * (0.15 + 0.85 * view.share)))
        pygame.draw.rect(surface, theme.dim_text, filled, border_radius=2)
        top = box.top
        room = track.top - top
        draw_text(surface, view.lines[0], min(size, max(11, room)), theme.dim_text,
                  midtop=(box.centerx, top))
        return
    colour = theme.dim_text if view.kind is Kind.FULL else outcome_colour(view.outcome, theme)
    line_h = box.height // max(1, len(view.lines))
    for i, line in enumerate(view.lines):
        draw_text(surface, line, size, colour, bold=view.kind is not Kind.FULL,
                  center=(box.centerx, box.top + line_h * i + line_h // 2))

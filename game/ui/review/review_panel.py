"""One frame of the review, drawn: the title, the board (the shown position, or the open line's
with its threats ringed), the move list, the words, the graph and the footer. It returns where it
drew what a click can choose (:class:`Hits`); it changes nothing else."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from game.engine.game_review import MoveReview, ReviewProgress
from game.engine.threats import Cell
from game.i18n import _
from game.ui.layout import COLS, ROWS, Layout
from game.ui.render import BoardScene, draw_panel
from game.ui.resources import draw_text, fit_text, largest_fitting, text_width, wrap, wrap_at_most
from game.ui.review.review_graph import GRADE_COLOURS, UNPROVED_COLOUR, draw_graph
from game.ui.review.review_line import LineView
from game.ui.review.review_state import ReviewState
from game.ui.review.review_words import ReviewWords, has_best, row_words

if TYPE_CHECKING:
    from game.ui.render import BoardRenderer
    from game.ui.theme import Colour, Theme

__all__ = ["Hits", "ReviewPanel", "draw_threat", "row_colour", "text_size"]


@dataclass(slots=True)
class Hits:
    """Where the last frame drew what a click chooses: the list's rows (rect, move index) and the
    graph's boxes (a box per move, then the end); ``graph`` is the whole graph, its legend too."""

    rows: list[tuple[pygame.Rect, int]] = field(default_factory=list)
    graph: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    boxes: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    #: the room no text reaches, under the words and over the graph (where notices go); None: none
    free: pygame.Rect | None = None

    def index_at(self, pos: tuple[int, int], moves: int) -> int | None:
        """The move index a click at ``pos`` chooses (a list row, or a graph box), if any."""
        for rect, index in self.rows:
            if rect.collidepoint(pos):
                return index
        if self.boxes.collidepoint(pos) and moves:
            step = self.boxes.width / (moves + 1)
            return min(moves, int((pos[0] - self.boxes.left) / step))
        return None


@dataclass(frozen=True, slots=True)
class ReviewPanel:
    """What one frame shows: the state, its words, the review's progress and whether it failed."""

    theme: Theme
    renderer: BoardRenderer
    state: ReviewState
    words: ReviewWords
    progress: ReviewProgress | None = None

    def draw(self, surface: pygame.Surface, titles: tuple[str, ...], footer: tuple[str, ...], failed: bool) -> Hits:
        """The whole frame but the overlays (the saved-game list, a question), which the scene draws
        on top; ``titles`` the title's wordings, longest first (a narrow window takes a shorter one)."""
        theme = self.theme
        width, height = surface.get_size()
        size = text_size(width, height)
        title, title_size = largest_fitting(titles, size + 4, width - 24, min_size=min(12, size), bold=True)
        draw_text(surface, fit_text(title, title_size, width - 24, True), title_size, theme.text, bold=True,
                  midtop=(width // 2, 8))
        top = 16 + (size + 4) * 3 // 2
        graph_h = max(40, height // 5)
        help_h = size + 12
        text_h = (size + 6) * 7
        # never smaller than one list row: a tiny window overlaps, it does not fail
        body = pygame.Rect(12, top, max(60, width - 24), max(size + 20, height - top - graph_h - help_h - text_h - 24))
        list_w = max(120, min(340, width // 3))
        board_area = pygame.Rect(body.left, body.top, max(COLS * 12, body.width - list_w - 16), body.height)
        self._draw_board(surface, board_layout(board_area))
        hits = Hits(self._draw_list(surface, pygame.Rect(body.right - list_w, body.top, list_w, body.height), size))
        hits.graph = pygame.Rect(40, height - graph_h - help_h - 6, max(40, width - 80), graph_h)
        words_end = self._draw_words(surface, body.bottom + 8, hits.graph.top, size)
        if hits.graph.top - words_end > 12:
            hits.free = pygame.Rect(12, words_end + 2, width - 24, hits.graph.top - words_end - 8)
        state = self.state
        hits.boxes = draw_graph(surface, hits.graph, size, theme, len(state.moves), state.index, state.review,
                                self.progress, failed)
        keys, small = largest_fitting(footer, size - 2, width - 24, min_size=min(12, size - 2))
        draw_text(surface, fit_text(keys, small, width - 24), small, theme.error if failed else theme.dim_text,
                  midbottom=(width // 2, height - 6))
        return hits

    def _draw_words(self, surface: pygame.Surface, y: int, bottom: int, size: int) -> int:
        """The shown move (or the line's step) and why, then each side's summary, between ``y`` and
        ``bottom``: the words of the move wrap onto a second line, and the why takes the rows left;
        under them, what to practise where room is left. Returns the y under the summaries (the
        room below is the notices', which may cover the advice while they last)."""
        theme, words, line = self.theme, self.words, self.state.line
        width = surface.get_width()
        head = [words.line_text()] if line is not None else words.describe_current()
        lines = wrap(head[0], size, width - 24, True)
        if len(lines) > 2:
            lines = (lines[0], fit_text(" ".join(lines[1:]), size, width - 24, True))
        for text in lines:
            draw_text(surface, text, size, theme.text, bold=True, topleft=(16, y))
            y += size + 6
        for text in wrap_at_most(head[1], size, width - 24, 2) if len(head) > 1 else ():
            draw_text(surface, text, size, theme.dim_text, topleft=(16, y))
            y += size + 6
        summaries = [] if line is not None else words.summaries()
        why = words.why_text()
        small = max(12, size - 2)
        rows = (bottom - y - len(summaries) * (size + 4)) // (small + 4)
        if why is not None:
            for text in wrap_at_most(why, small, width - 32, max(1, rows)):
                draw_text(surface, text, small, theme.text, topleft=(16, y))
                y += small + 4
        for choices in summaries:    # the longest wording that fits one line, else the shortest on two
            text, small = largest_fitting(choices, size - 2, width - 24, min_size=min(12, size - 2))
            for part in (text,) if text_width(text, small) <= width - 24 else wrap_at_most(choices[-1], small,
                                                                                         width - 24, 2):
                draw_text(surface, part, small, theme.text, topleft=(16, y))
                y += size + 4
        # What to practise, where room is left. The room stays the notices' (the y returned is
        # the summaries' end): a notice may cover this advice for its seconds, never the move list.
        end, below = y, y
        for advice in [] if line is not None else words.advice_lines():
            for text in wrap_at_most(advice, small, width - 24, 2):
                if below + small > bottom:
                    return end
                draw_text(surface, text, small, theme.accent, topleft=(16, below))
                below += small + 4
        return end

    def _draw_board(self, surface: pygame.Surface, layout: Layout) -> None:
        state = self.state
        if state.line is not None:
            self._draw_line_board(surface, layout, state.line)
            return
        pos = state.position()
        last = None
        if state.index:
            col = state.moves[state.index - 1]
            last = (col, pos.height(col) - 1)
        move = state.current()
        ghost = None if state.at_end else (state.moves[state.index], pos.turn)
        hint = move.best_column if move is not None and has_best(move) else None
        scene = BoardScene(cell=pos.cell, last_move=last, ghost=ghost, hint=hint,
                           winning=pos.winning_cells() if state.at_end else frozenset())
        self.renderer.draw(surface, layout, self.theme, scene)

    def _draw_line_board(self, surface: pygame.Surface, layout: Layout, line: LineView) -> None:
        """The line's position at its step, the last disc of the line marked, every threat ringed."""
        pos = line.position()
        player = line.point.player if line.point is not None else 0
        scene = BoardScene(cell=pos.cell, last_move=line.last_move(), winning=pos.winning_cells(),
                           rings=tuple((cell.col, cell.row, player) for cell in line.rings()))
        self.renderer.draw(surface, layout, self.theme, scene)
        for player, cells in line.threats().items():
            for cell in cells:
                draw_threat(surface, layout, self.theme.discs[player - 1], cell)

    def _draw_list(self, surface: pygame.Surface, rect: pygame.Rect, size: int) -> list[tuple[pygame.Rect, int]]:
        """The moves around the shown one and the end, one row each; returns the rows drawn."""
        theme, state = self.theme, self.state
        draw_panel(surface, rect, theme, alpha=200)
        line_h = size + 8
        visible = max(1, (rect.height - 12) // line_h)
        n = len(state.moves)
        first = max(0, min(state.index - visible // 2, n + 1 - visible))
        rows = []
        for row, index in enumerate(range(first, min(n + 1, first + visible))):
            r = pygame.Rect(rect.left + 6, rect.top + 6 + row * line_h, rect.width - 12, line_h - 2)
            if index == state.index:
                pygame.draw.rect(surface, theme.accent, r, 2, border_radius=5)
            if index == n:
                # TRANSLATORS: the last row of the review's move list: how the game ended ("end: Red won")
                ends = (_("end: {result}").format(result=self.words.result_text()),
                        _("end: {result}").format(result=self.words.result_text(short=True)))
                text, small = largest_fitting(ends, size - 2, r.width - 24)
                draw_text(surface, text, small, theme.dim_text, midleft=(r.left + 20, r.centery))
            else:
                self._draw_move_row(surface, r, index, size - 2)
            rows.append((r, index))
        return rows

    def _draw_move_row(self, surface: pygame.Surface, r: pygame.Rect, index: int, size: int) -> None:
        """"12.  Yellow  col 4   best" in columns: the number right-aligned after the mover's disc,
        so a two-digit number never runs into the disc."""
        theme = self.theme
        review = self.state.review_of(index)
        colour = row_colour(review) if review else theme.dim_text
        player = 1 + index % 2
        disc = self.renderer.disc(theme, player, max(4, (size + 2) // 3))
        surface.blit(disc, disc.get_rect(midleft=(r.left + 4, r.centery)))
        number_right = r.left + 8 + disc.get_width() + text_width("88.", size)
        draw_text(surface, f"{index + 1}.", size, colour, midright=(number_right, r.centery))
        name_left = number_right + 6
        texts = row_words(review, self.state.moves[index] + 1)
        rest_left = name_left + max(text_width(theme.colour_name(n), size) for n in (1, 2)) + 8
        if text_width(texts[-1], min(11, size)) <= r.right - 4 - rest_left:
            draw_text(surface, theme.colour_name(player), size, colour, midleft=(name_left, r.centery))
        else:   # a narrow list: the disc names the side, its words make room for the move's
            rest_left = name_left
        text, small = largest_fitting(texts, size, max(1, r.right - 4 - rest_left), min_size=min(11, size))
        draw_text(surface, text, small, colour, midleft=(rest_left, r.centery))


def text_size(width: int, height: int) -> int:
    """The words' size: from the window's height, and no larger than a narrow window's width
    allows (the move list is a third of it)."""
    return max(14, min(24, height // 36, width // 30))


def row_colour(move: MoveReview) -> Colour:
    """A move's colour in the list: its grade's (an error a player could see is never graded best
    or good, so it never wears their colour)."""
    return UNPROVED_COLOUR if move.grade is None else GRADE_COLOURS[move.grade]


def draw_threat(surface: pygame.Surface, layout: Layout, colour: Colour, cell: Cell) -> None:
    """A threat: a ring in its side's colour inside the empty cell, with a dark edge so it reads on
    either theme."""
    centre = layout.cell_center(cell.col, cell.row)
    radius = max(4, layout.cell // 4)
    pygame.draw.circle(surface, (20, 20, 20), centre, radius + 2, 2)
    pygame.draw.circle(surface, colour, centre, radius, max(2, layout.cell // 12))


def board_layout(area: pygame.Rect) -> Layout:
    """A board (and one row above it for the move played) as large as fits in ``area``."""
    cell = max(12, min(area.width // COLS, area.height // (ROWS + 1)))
    board = pygame.Rect(0, 0, cell * COLS, cell * ROWS)
    board.midbottom = area.midbottom
    empty = pygame.Rect(board.left, area.top, 0, 0)
    size = max(12, cell // 3)
    return Layout(size=area.size, cell=cell, board=board, ghost_y=board.top - cell // 2, analysis=empty,
                  numbers=empty, header=empty, status=empty, text_size=size, small_size=size)

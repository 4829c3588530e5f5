"""The Learn scene: the lessons, a lesson's page of plain words, then its positions on the board.

Three views, one after the other: the list of lessons (each with the player's progress), a
lesson's page (its text wrapped to the window), and its positions. A disc dropped (1-7, a click,
Left/Right then Enter) is handed to the checking thread (``game.training.coursework``): the solver
proves it right or wrong and the review's words say why; the window shows "Checking…" until the
verdict arrives and never waits for it. A position solved is kept for the player Practice shows
(``game.store.learned``). Esc goes back one view, F1 opens the help.
"""

from __future__ import annotations

import enum

import pygame

from game.engine.board import Position
from game.speech import Heard
from game.training.course import Checked, Lesson, load_course
from game.training.coursework import CourseKeeper
from game.ui.anim import DropAnimation
from game.ui.keys import ENTER_KEYS, cursor_key
from game.ui.layout import COLS, ROWS
from game.i18n import _
from game.ui.learn import learn_heard
from game.ui.learn.learn_words import (header_texts, help_pages, keys_texts, lesson_row, lesson_text,
                                     lesson_title, lessons_title)
from game.ui.overlays import TextOverlay, is_help_key
from game.ui.render import BoardScene, draw_panel
from game.ui.resources import draw_text, fit_text, font, largest_fitting, text_width, wrap
from game.ui.scene import Context, Scene, SceneName, Transition

__all__ = ["LearnScene", "View"]

MIN_TEXT = 12           # no page text is drawn smaller: below it, it no longer reads
PAGE_WIDTH = 760        # a page's lines are no wider: about 70 characters, as a book's
LINE_SPACING = 1.2      # a line's height, in the font's own line heights


class View(enum.Enum):
    LESSONS = "lessons"
    PAGE = "page"
    BOARD = "board"


class LearnScene(Scene):
    notices_at_top = False     # the header and the task are at the top; the bottom edge is free

    def __init__(self, ctx: Context, keeper: CourseKeeper | None = None) -> None:
        super().__init__(ctx)
        self.keeper = keeper or CourseKeeper()
        self.lessons: tuple[Lesson, ...] = ()
        self.view = View.LESSONS
        self.chosen = 0                   # the lesson chosen in the list
        self.index = 0                    # the position shown of that lesson
        self.cursor = COLS // 2
        self.played: int | None = None    # the column dropped in the position shown
        self.ticket: int | None = None
        self.checked: Checked | None = None
        self.anim: DropAnimation | None = None
        self.overlay: TextOverlay | None = None
        self._rows: list[pygame.Rect] = []
        self._loaded = False

    # -- scene contract --------------------------------------------------------------------

    def enter(self, data: object) -> None:
        super().enter(data)
        self.overlay, self.view = None, View.LESSONS
        if not self._loaded:
            self._loaded = True
            self.keeper.load()
        try:
            self.lessons = load_course()
        except ValueError as exc:
            self.lessons = ()
            self.ctx.notices.add(_("The lessons cannot be read: {problem}").format(problem=exc), "error")

    def shutdown(self) -> None:
        self.keeper.close()

    @property
    def player(self) -> str:
        """Whose progress is shown and kept: the player Practice shows."""
        return self.ctx.session.practice.player

    @property
    def lesson(self) -> Lesson:
        return self.lessons[self.chosen]

    def sides(self) -> tuple[str, str]:
        """The sides as the theme names them, in the language in use, first player first."""
        return self.ctx.theme.colour_name(1), self.ctx.theme.colour_name(2)

    def solved(self, lesson: Lesson) -> frozenset[int]:
        return self.keeper.solved(self.player, lesson.slug)

    # -- input -----------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        if self.overlay is not None:
            if self.overlay.handle(event):
                self.overlay = None
            return
        if is_help_key(event):
            self.overlay = TextOverlay(help_pages())
        elif event.type == pygame.KEYDOWN:
            self._key(event.key)
        elif event.type == pygame.MOUSEMOTION and self.view is View.BOARD:
            col = self.ctx.layout.column_at(event.pos)
            if col is not None:
                self.cursor = col
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._click(event.pos)

    def _key(self, key: int) -> None:
        if key == pygame.K_ESCAPE:
            self.back()
        elif not self.lessons:
            return
        elif self.view is View.LESSONS:
            if key in (pygame.K_UP, pygame.K_DOWN):
                self.chosen = (self.chosen + (1 if key == pygame.K_DOWN else -1)) % len(self.lessons)
            elif key in ENTER_KEYS:
                self.view = View.PAGE
        elif self.view is View.PAGE:
            if key in ENTER_KEYS:
                self.start(self.first_unsolved())
        elif self.checked is not None and key in ENTER_KEYS:
            self.go_on()
        elif (move := cursor_key(key, self.cursor)) is not None:
            self.cursor = move.column
            if move.drop:
                self.drop(self.cursor)

    def _click(self, pos: tuple[int, int]) -> None:
        if not self.lessons:
            return
        if self.view is View.LESSONS:
            for i, rect in enumerate(self._rows):
                if rect.collidepoint(pos):
                    self.chosen, self.view = i, View.PAGE
            return
        if self.view is View.PAGE:
            self.start(self.first_unsolved())
            return
        if self.checked is not None:
            self.go_on()
            return
        col = self.ctx.layout.column_at(pos)
        if col is not None:
            self.cursor = col
            self.drop(col)

    def back(self) -> None:
        """Esc: from a position or a page to the lessons, from the lessons to the menu."""
        if self.view is View.LESSONS:
            self.next = Transition(SceneName.MENU)
        else:
            self.view = View.LESSONS
            self.played, self.ticket, self.checked, self.anim = None, None, None, None

    # -- the positions ---------------------------------------------------------------------

    def first_unsolved(self) -> int:
        solved = self.solved(self.lesson)
        return next((i for i in range(len(self.lesson.exercises)) if i not in solved), 0)

    def start(self, index: int) -> None:
        self.view, self.index = View.BOARD, index
        self.played, self.ticket, self.checked, self.anim = None, None, None, None
        self.cursor = COLS // 2

    def position(self) -> Position:
        return self.lesson.exercises[self.index].position

    def drop(self, col: int) -> None:
        """The player drops a disc in ``col``: refused with a word when the column is full, else
        handed to the solver to check."""
        if self.played is not None or self.anim is not None:
            return
        pos = self.position()
        if not pos.can_play(col):
            self.ctx.sound.play("invalid")
            self.ctx.notices.add(_("Column {column} is full: choose another one").format(column=col + 1), seconds=3.0)
            return
        self.played = col
        self.anim = DropAnimation(col, pos.height(col), pos.turn, start=float(ROWS),
                                  speed=self.ctx.settings.animation_speed)
        self.ticket = self.keeper.check(self.lesson.exercises[self.index], col, self.sides())

    def go_on(self) -> None:
        """After a verdict: the next position when right (after the last, the lessons with the next
        one chosen), else the same position again."""
        checked = self.checked
        if checked is None:
            return
        if not checked.right:
            self.start(self.index)
            return
        following = self.index + 1
        if following < len(self.lesson.exercises):
            self.start(following)
        else:   # the lesson is over: the list, with the next lesson chosen
            self.back()
            self.chosen = min(self.chosen + 1, len(self.lessons) - 1)

    # -- frame -----------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        for notice in self.keeper.poll():
            self.ctx.notices.add(notice, "error")
        if self.anim is not None:
            if self.anim.update(dt):
                self.ctx.sound.play_drop(self.anim.col, self.anim.row)
            if self.anim.done:
                self.anim = None
        if self.ticket is None:
            return
        checked = self.keeper.answer(self.ticket)
        if checked is None:
            return
        self.ticket, self.checked = None, checked
        if checked.right:
            self.keeper.mark_solved(self.player, self.lesson.slug, self.index)

    # -- drawing ---------------------------------------------------------------------------

    def heard(self) -> Heard:
        solved = self.solved(self.lesson) if self.lessons else frozenset()
        return learn_heard.heard(self.lessons, self.view.value, self.chosen, solved, self.ctx.theme, index=self.index,
                                 cursor=self.cursor, played=self.played,
                                 checked=self.checked if self.anim is None else None, covered=self.overlay is not None)

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.ctx.theme
        surface.fill(theme.background)
        if not self.lessons:
            draw_text(surface, _("The lessons cannot be read"), self.ctx.layout.text_size, theme.text,
                      center=surface.get_rect().center)
        elif self.view is View.LESSONS:
            self._draw_lessons(surface)
        elif self.view is View.PAGE:
            self._draw_page(surface)
        else:
            self._draw_board(surface)
        if self.overlay is not None:
            self.overlay.draw(surface, theme)

    def _title(self, surface: pygame.Surface, text: str) -> int:
        """The view's title at the top; the y under it."""
        width, height = surface.get_size()
        size = max(20, min(40, height // 18))
        rect = draw_text(surface, fit_text(text, size, width - 20, True), size, self.ctx.theme.text, bold=True,
                         midtop=(width // 2, max(8, height // 40)))
        return rect.bottom + max(6, height // 60)

    def _footer(self, surface: pygame.Surface, texts: tuple[str, ...]) -> int:
        """The keys line at the bottom; the y over it."""
        width, height = surface.get_size()
        text, size = largest_fitting(texts, max(13, height // 45), width - 20, min_size=12)
        rect = draw_text(surface, text, size, self.ctx.theme.dim_text, midbottom=(width // 2, height - 8))
        return rect.top - 6

    def _draw_lessons(self, surface: pygame.Surface) -> None:
        theme = self.ctx.theme
        width = surface.get_width()
        top = self._title(surface, lessons_title(self.player))
        bottom = self._footer(surface, (_("Up/Down choose · Enter or click: open the lesson · Esc: menu · F1: help"),
                                        _("Up/Down · Enter open · Esc menu")))
        row_h = max(20, min(56, (bottom - top) // len(self.lessons)))
        size = max(12, min(28, row_h * 6 // 10))
        box_w = min(width - 20, 760)
        self._rows = []
        for i, lesson in enumerate(self.lessons):
            rect = pygame.Rect(0, 0, box_w, row_h - 4)
            rect.midtop = (width // 2, top + i * row_h)
            if i == self.chosen:
                draw_panel(surface, rect, theme, border=theme.accent)
            self._draw_row(surface, rect, *lesson_row(i + 1, lesson, self.solved(lesson)), size, i == self.chosen)
            self._rows.append(rect)

    def _draw_row(self, surface: pygame.Surface, rect: pygame.Rect, title: str, state: str, size: int,
                  chosen: bool) -> None:
        """A lesson's row: its title on the left and its progress on the right; when they do not fit
        side by side (a long title, a narrow window, a longer language), the progress goes under the
        title, each as large as fits."""
        theme = self.ctx.theme
        room = rect.width - 24
        if text_width(title, size, chosen) + 18 + text_width(state, size) <= room:
            draw_text(surface, state, size, theme.dim_text, midright=(rect.right - 12, rect.centery))
            draw_text(surface, title, size, theme.text, bold=chosen, midleft=(rect.left + 12, rect.centery))
            return
        half = max(11, min(size, rect.height // 2 - 3))
        title, title_size = largest_fitting((title,), half, room, min_size=11, bold=chosen)
        state, state_size = largest_fitting((state,), half, room, min_size=11)
        top = draw_text(surface, title, title_size, theme.text, bold=chosen,
                        bottomleft=(rect.left + 12, rect.centery + 1))
        draw_text(surface, state, state_size, theme.dim_text, topright=(rect.right - 12, top.bottom))

    def _draw_page(self, surface: pygame.Surface) -> None:
        theme = self.ctx.theme
        width = surface.get_width()
        top = self._title(surface, _("{number}. {title}").format(number=self.chosen + 1, title=lesson_title(self.lesson)))
        bottom = self._footer(surface, (_("Enter or click: start the positions · Esc: lessons · F1: help"),
                                        _("Enter start · Esc back")))
        lines, size, line_h = page_lines(lesson_text(self.lesson), min(width - 40, PAGE_WIDTH), bottom - top,
                                         max(MIN_TEXT, min(30, surface.get_height() // 24)))
        left = (width - min(width - 40, PAGE_WIDTH)) // 2
        for i, line in enumerate(lines):
            draw_text(surface, line, size, theme.text, topleft=(left, top + i * line_h))

    def board_scene(self) -> BoardScene:
        pos = self.position()
        if self.played is not None and self.anim is None:
            pos = pos.play(self.played)
        falling = [(self.anim.col, self.anim.y, self.anim.player)] if self.anim is not None else []
        asking = self.played is None
        ghost = (self.cursor, pos.turn) if asking and pos.can_play(self.cursor) else None
        last = (self.played, pos.height(self.played) - 1) if self.played is not None and self.anim is None else None
        return BoardScene(cell=pos.cell, falling=falling, ghost=ghost, last_move=last,
                          winning=pos.winning_cells() if self.anim is None else frozenset())

    def _draw_board(self, surface: pygame.Surface) -> None:
        theme, layout = self.ctx.theme, self.ctx.layout
        width = surface.get_width()
        exercise = self.lesson.exercises[self.index]
        header, size = largest_fitting(header_texts(self.lesson, self.index, self.solved(self.lesson)),
                                       layout.text_size, width - 16, bold=True)
        draw_text(surface, header, size, theme.text, bold=True, center=layout.header.center)
        for col in range(COLS if self.played is None else 0):   # the verdict takes their room
            x = layout.board.left + col * layout.cell + layout.cell // 2
            draw_text(surface, str(col + 1), max(11, min(layout.small_size, layout.numbers.height + 2)),
                      theme.text if col == self.cursor else theme.dim_text, center=(x, layout.numbers.centery))
        self.ctx.renderer.draw(surface, layout, theme, self.board_scene())
        self._draw_verdict(surface, exercise.task(self.sides()))
        keys, key_size = largest_fitting(keys_texts(self.played is None, self._verdict()),
                                         layout.small_size, layout.status.width - 16)
        draw_text(surface, keys, key_size, theme.dim_text, midbottom=(layout.status.centerx, layout.status.bottom - 2))

    def _verdict(self) -> bool | None:
        return None if self.checked is None or self.anim is not None else self.checked.right

    def _draw_verdict(self, surface: pygame.Surface, task: str) -> None:
        """The task over the board; once a disc is dropped, the task, the verdict and why, in the
        whole width between the header and the board (the column numbers are not needed then)."""
        theme, layout = self.ctx.theme, self.ctx.layout
        width = surface.get_width() - 16
        if self.played is None:
            text, size = largest_fitting((task,), layout.text_size, width, min_size=12, bold=True)
            draw_text(surface, text, size, theme.accent, bold=True, center=layout.analysis.center)
            return
        right = self._verdict()
        if right is None:
            verdict, why, colour = _("Checking column {column}…").format(column=self.played + 1), "", theme.text
        else:
            verdict = _("Right!") if right else _("Not this one.")
            why, colour = self.checked.why if self.checked is not None else "", theme.win if right else theme.loss
        top, bottom = layout.header.bottom + 2, layout.board.top - 4
        lines, size, line_h = page_lines(f"{verdict} {why}".strip(), width, bottom - top, layout.text_size,
                                         smallest=11)
        top = max(top, (top + bottom - len(lines) * line_h) // 2)
        for i, line in enumerate(lines):
            draw_text(surface, line, size, colour if i == 0 else theme.text,
                      midtop=(surface.get_width() // 2, top + i * line_h))


def page_lines(text: str, width: int, room: int, size: int, smallest: int = MIN_TEXT) -> tuple[tuple[str, ...], int, int]:
    """``text`` wrapped to ``width`` at the largest size from ``size`` down to ``smallest`` whose lines
    fit ``room`` pixels: (lines, size, line height). At ``smallest`` the lines that fit are kept and
    the last one ends in "…". A line is never closer to the next than its own drawn height (accented
    capitals, "É", "Ü", reach above the font's line box)."""
    for s in range(size, smallest - 1, -1):
        lines = wrap(text, s, width)
        line_h = line_height(lines, s)
        if len(lines) * line_h <= room:
            return lines, s, line_h
    lines = wrap(text, smallest, width)
    line_h = line_height(lines, smallest)
    most = max(1, room // line_h)
    if len(lines) > most:
        lines = (*lines[:most - 1], fit_text(lines[most - 1] + " …", smallest, width))
    return lines, smallest, line_h


def line_height(lines: tuple[str, ...], size: int) -> int:
    """The spacing of ``lines`` at ``size``: the font's line height spaced out, or the tallest line's
    drawn height if that is more."""
    made = font(size)
    return max([round(made.get_linesize() * LINE_SPACING), *(made.size(line)[1] for line in lines)])

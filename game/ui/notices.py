"""In-window notices: config problems, save/load results and engine errors, shown over every scene."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.i18n import _
from game.service.worker import Recovery
from game.ui.layout import Layout
from game.ui.render import draw_panel
from game.ui.resources import draw_text, wrap_at_most
from game.ui.theme import Theme

RECOVERY_SECONDS = 10.0  # how long the line about a replaced search process stays
MAX_LINES = 2  # a longer notice is cut: the stack stays over the top of the window
#: In a narrow room beside the board a notice may take more lines, and the room must be this wide.
MAX_ROOM_LINES, MIN_ROOM_WIDTH = 5, 120


@dataclass(slots=True)
class Notice:
    text: str
    level: str = "info"               # "info" | "error"
    remaining: float | None = 6.0     # seconds left on screen; None = until dismissed


class Notices:
    """A short stack of messages near the top of the window; click one (or wait) to dismiss it."""

    MAX_SHOWN = 4

    def __init__(self) -> None:
        self.items: list[Notice] = []
        self._rects: list[tuple[pygame.Rect, Notice]] = []
        self._waiting: list[Notice] = []   # left out of the last frame's room: their seconds wait too

    def add(self, text: str, level: str = "info", seconds: float | None = 6.0) -> Notice:
        notice = Notice(text, level, seconds)
        self.items.append(notice)
        return notice

    def recovered(self, recovery: Recovery) -> None:
        """Say what the worker did about a failed search process (an ``EngineClient``'s ``tell``):
        the game or review goes on, and the player knows why the computer took longer."""
        self.add(recovery_text(recovery), "info", seconds=RECOVERY_SECONDS)

    def texts(self) -> list[str]:
        return [n.text for n in self.items]

    def update(self, dt: float) -> None:
        for notice in self.items:
            if notice.remaining is not None and not any(notice is w for w in self._waiting):
                notice.remaining -= dt
        self.items = [n for n in self.items if n.remaining is None or n.remaining > 0]

    def handle_click(self, pos: tuple[int, int]) -> bool:
        """Dismiss the notice under ``pos``; True if the click was used."""
        for rect, notice in self._rects:
            if rect.collidepoint(pos) and notice in self.items:
                self.items.remove(notice)
                return True
        return False

    def draw(self, surface: pygame.Surface, theme: Theme, *, at_top: bool = True,
             room: pygame.Rect | None = None) -> None:
        """Stack the notices under the header line (``at_top``) or upwards from the bottom; a long
        notice wraps onto a second line (then ends in "…") rather than being cut at the first.
        Given a ``room`` (a scene's free room, see :func:`beside_board`), they stack inside it
        instead, as many as fit; the others wait, their seconds not running, until there is room
        (a room too small for even the first is not used)."""
        self._rects, self._waiting = [], []
        if room is not None:
            shown = self._draw_in(surface, theme, room)
            if shown:
                self._waiting = self.items[shown:]
                return
        width, height = surface.get_size()
        size = max(16, height // 36)
        box_w = min(width - 20, max(320, width * 3 // 4))
        line_h = size + 4
        y = max(24, height // 16) + 4 if at_top else height - 46
        for notice in self.items[:self.MAX_SHOWN]:
            lines = wrap_at_most(notice.text, size, box_w - 24, MAX_LINES)
            rect = pygame.Rect(0, 0, box_w, line_h * len(lines) + 12)
            if at_top:
                rect.midtop = (width // 2, y)
                y = rect.bottom + 6
            else:
                rect.midbottom = (width // 2, y)
                y = rect.top - 6
            colour = theme.error if notice.level == "error" else theme.accent
            draw_panel(surface, rect, theme, border=colour)
            for i, line in enumerate(lines):
                draw_text(surface, line, size, theme.text, midleft=(rect.left + 12, rect.top + 6 + line_h * i + line_h // 2))
            self._rects.append((rect, notice))


    def _draw_in(self, surface: pygame.Surface, theme: Theme, room: pygame.Rect) -> int:
        """The first notices, as many as fit, stacked in ``room``; how many."""
        size = max(13, min(18, surface.get_height() // 45))
        line_h = size + 4
        y = room.top
        for notice in self.items[:self.MAX_SHOWN]:
            lines = wrap_at_most(notice.text, size, room.width - 16, MAX_ROOM_LINES)
            rect = pygame.Rect(room.left, y, room.width, line_h * len(lines) + 10)
            if rect.bottom > room.bottom:
                break
            colour = theme.error if notice.level == "error" else theme.accent
            draw_panel(surface, rect, theme, border=colour)
            for i, line in enumerate(lines):
                draw_text(surface, line, size, theme.text, midleft=(rect.left + 8, rect.top + 5 + line_h * i + line_h // 2))
            self._rects.append((rect, notice))
            y = rect.bottom + 6
        return len(self._rects)


def recovery_text(recovery: Recovery) -> str:
    """The line the player reads when the computer's search process failed and the worker went on
    without it (``game.service.worker``): nothing on the board is touched."""
    if recovery is Recovery.NEW_PROCESS:
        return _("The computer's search process stopped; a new one is thinking.")
    if recovery is Recovery.THREAD:
        return _("The computer's search process stopped again; the computer now thinks inside the game.")
    return _("The computer's search process did not start; the computer now thinks inside the game.")


def beside_board(layout: Layout) -> pygame.Rect | None:
    """The free room left of the board, from the ghost row to the board's foot (nothing is drawn
    there during a game); None when it is too narrow for a notice to read."""
    board = layout.board
    room = pygame.Rect(6, layout.numbers.top, board.left - 12, board.bottom - layout.numbers.top)
    return room if room.width >= MIN_ROOM_WIDTH else None

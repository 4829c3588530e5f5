"""Drawing: the board (cached per size and theme), discs with their theme marks, overlays and text."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from game.ui.layout import COLS, ROWS, Layout
from game.ui.theme import Colour, Theme


@dataclass(slots=True)
class BoardScene:
    """Everything the board drawing needs for one frame; the game scene fills it in."""

    cell: Callable[[int, int], int]                       # (col, row) -> 0/1/2
    hidden: set[tuple[int, int]] = field(default_factory=set)   # cells drawn by a falling disc instead
    falling: list[tuple[int, float, int]] = field(default_factory=list)  # (col, row as float, player)
    ghost: tuple[int, int] | None = None                  # (col, player) shown above the board
    last_move: tuple[int, int] | None = None
    winning: frozenset[tuple[int, int]] = frozenset()
    hint: int | None = None
    rings: tuple[tuple[int, int, int], ...] = ()          # (col, row, player): cells the coach talks about
    shake: tuple[int, float, float] | None = None         # (col, offset in cells, flash strength 0..1)
    time: float = 0.0                                     # for pulsing effects


class BoardRenderer:
    def __init__(self) -> None:
        self._frame_cache: dict[tuple[object, ...], pygame.Surface] = {}
        self._disc_cache: dict[tuple[object, ...], pygame.Surface] = {}

    def frame(self, layout: Layout, theme: Theme) -> pygame.Surface:
        """The board face with see-through holes, drawn over the discs so falling discs pass behind it."""
        key = (layout.board.size, layout.cell, theme.name)
        cached = self._frame_cache.get(key)
        if cached is None:
            if len(self._frame_cache) > 8:
                self._frame_cache.clear()
            cached = pygame.Surface(layout.board.size, pygame.SRCALPHA)
            cached.fill((*theme.board, 255))
            pygame.draw.rect(cached, theme.board_edge, cached.get_rect(), max(2, layout.cell // 16),
                             border_radius=layout.cell // 6)
            for col in range(COLS):
                for row in range(ROWS):
                    x = col * layout.cell + layout.cell // 2
                    y = row * layout.cell + layout.cell // 2
                    pygame.draw.circle(cached, theme.board_edge, (x, y), layout.radius + 2)
                    pygame.draw.circle(cached, (0, 0, 0, 0), (x, y), layout.radius)
            self._frame_cache[key] = cached
        return cached

    def disc(self, theme: Theme, player: int, radius: int, alpha: int = 255) -> pygame.Surface:
        key = (theme.name, player, radius, alpha)
        cached = self._disc_cache.get(key)
        if cached is None:
            if len(self._disc_cache) > 64:
                self._disc_cache.clear()
            cached = _make_disc(theme, player, radius)
            if alpha < 255:
                cached.set_alpha(alpha)
            self._disc_cache[key] = cached
        return cached

    def draw(self, surface: pygame.Surface, layout: Layout, theme: Theme, scene: BoardScene) -> None:
        board = layout.board
        shake_col, shake_dx, flash = scene.shake if scene.shake else (None, 0.0, 0.0)
        for col in range(COLS):
            dx = int(shake_dx * layout.cell) if col == shake_col else 0
            for row in range(ROWS):
                player = scene.cell(col, row)
                if player and (col, row) not in scene.hidden:
                    self._blit_disc(surface, layout, theme, player, col, row, dx)
        for col, y, player in scene.falling:
            self._blit_disc(surface, layout, theme, player, col, y, 0)
        surface.blit(self.frame(layout, theme), board)
        if shake_col is not None and flash > 0:
            overlay = pygame.Surface(layout.column_rect(shake_col).size, pygame.SRCALPHA)
            overlay.fill((*theme.error, int(140 * flash)))
            surface.blit(overlay, layout.column_rect(shake_col))
        if scene.hint is not None:
            self._draw_hint(surface, layout, theme, scene.hint, scene.time)
        for col, row, player in scene.rings:
            self._draw_ring(surface, layout, theme, col, row, player)
        if scene.last_move and scene.last_move not in scene.hidden:
            self._draw_last_move(surface, layout, theme, scene)
        if scene.winning:
            pulse = 0.5 + 0.5 * math.sin(scene.time * 6.0)
            width = max(3, int(layout.cell * (0.06 + 0.04 * pulse)))
            for col, row in scene.winning:
                pygame.draw.circle(surface, theme.highlight, layout.cell_center(col, row), layout.radius + 1, width)
        if scene.ghost is not None:
            col, player = scene.ghost
            self._blit_disc(surface, layout, theme, player, col, ROWS, 0, alpha=150)

    def _blit_disc(self, surface: pygame.Surface, layout: Layout, theme: Theme, player: int,
                   col: int, row: float, dx: int, alpha: int = 255) -> None:
        image = self.disc(theme, player, layout.radius, alpha)
        x, y = layout.cell_center(col, row)
        surface.blit(image, image.get_rect(center=(x + dx, y)))

    @staticmethod
    def _draw_last_move(surface: pygame.Surface, layout: Layout, theme: Theme, scene: BoardScene) -> None:
        """A dot on the last disc: in its centre, or, where the theme marks that disc with a ring or
        a cross, near its top edge, clear of the mark (a dot on a cross reads as a star)."""
        col, row = scene.last_move
        x, y = layout.cell_center(col, row)
        player = scene.cell(col, row)
        if player and theme.mark(player) is not None:
            y -= int(layout.radius * 0.72)
        dot = max(3, layout.cell // 12)
        pygame.draw.circle(surface, theme.highlight, (x, y), dot)
        pygame.draw.circle(surface, (0, 0, 0), (x, y), dot, 1)

    @staticmethod
    def _draw_ring(surface: pygame.Surface, layout: Layout, theme: Theme, col: int, row: int, player: int) -> None:
        """A ring round a cell the coach talks about, in the colour of the side it completes four for,
        edged in the highlight colour so it shows on the board and on either disc."""
        centre, radius = layout.cell_center(col, row), layout.radius
        width = max(3, layout.cell // 12)
        pygame.draw.circle(surface, theme.highlight, centre, radius + 1, width + 2)
        pygame.draw.circle(surface, theme.discs[player - 1], centre, radius, width)

    @staticmethod
    def _draw_hint(surface: pygame.Surface, layout: Layout, theme: Theme, col: int, time: float) -> None:
        rect = layout.column_rect(col).inflate(-4, 0)
        rect.top = layout.ghost_y - layout.cell // 2
        rect.height = layout.board.bottom - rect.top
        width = max(3, layout.cell // 14) + int(2 * (0.5 + 0.5 * math.sin(time * 5.0)))
        pygame.draw.rect(surface, theme.accent, rect, width, border_radius=layout.cell // 5)


def _make_disc(theme: Theme, player: int, radius: int) -> pygame.Surface:
    size = radius * 2 + 2
    image = pygame.Surface((size, size), pygame.SRCALPHA)
    center = (size // 2, size // 2)
    base = theme.disc(player)
    rim = tuple(int(c * 0.72) for c in base)
    shine = tuple(min(255, int(c * 1.12) + 12) for c in base)
    pygame.draw.circle(image, rim, center, radius)
    pygame.draw.circle(image, base, center, int(radius * 0.86))
    pygame.draw.circle(image, rim, center, int(radius * 0.62), max(1, radius // 14))
    pygame.draw.circle(image, shine, (center[0] - radius // 4, center[1] - radius // 4), max(2, radius // 6))
    mark = theme.mark(player)
    line = max(2, radius // 6)
    if mark == "ring":
        pygame.draw.circle(image, theme.mark_colour, center, int(radius * 0.45), line)
    elif mark == "cross":
        arm = int(radius * 0.38)
        cx, cy = center
        pygame.draw.line(image, theme.mark_colour, (cx - arm, cy - arm), (cx + arm, cy + arm), line + 1)
        pygame.draw.line(image, theme.mark_colour, (cx - arm, cy + arm), (cx + arm, cy - arm), line + 1)
    return image


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, theme: Theme, *, alpha: int = 235,
               border: Colour | None = None) -> None:
    panel = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(panel, (*theme.panel, alpha), panel.get_rect(), border_radius=10)
    surface.blit(panel, rect)
    if border is not None:
        pygame.draw.rect(surface, border, rect, 2, border_radius=10)


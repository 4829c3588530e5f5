"""The Ctrl+O overlay: pick one of the saved games (newest first) with the keyboard or the mouse."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pygame

from game.ui.render import draw_panel
from game.ui.resources import draw_text, fit_text
from game.ui.theme import Theme

CLOSE = "close"


class SaveList:
    VISIBLE = 10

    def __init__(self, paths: list[Path]) -> None:
        self.paths = paths
        self.selected = 0
        self._rects: list[tuple[pygame.Rect, int]] = []
        self._frame = pygame.Rect(0, 0, 0, 0)

    def handle(self, event: pygame.event.Event) -> Path | str | None:
        """A path to load, ``CLOSE``, or None (event used or ignored)."""
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                return CLOSE
            if not self.paths:
                return CLOSE if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) else None
            if event.key == pygame.K_UP:
                self.selected = (self.selected - 1) % len(self.paths)
            elif event.key == pygame.K_DOWN:
                self.selected = (self.selected + 1) % len(self.paths)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                return self.paths[self.selected]
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for rect, index in self._rects:
                if rect.collidepoint(event.pos):
                    return self.paths[index]
            if not self._frame.collidepoint(event.pos):
                return CLOSE
        elif event.type == pygame.MOUSEWHEEL and self.paths:
            self.selected = max(0, min(len(self.paths) - 1, self.selected - event.y))
        return None

    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        width, height = surface.get_size()
        size = max(16, height // 34)
        line_h = size + 12
        shown = min(self.VISIBLE, max(1, len(self.paths)))
        frame = pygame.Rect(0, 0, min(width - 40, 640), line_h * (shown + 3))
        frame.center = (width // 2, height // 2)
        self._frame = frame
        shade = pygame.Surface((width, height), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (0, 0))
        draw_panel(surface, frame, theme, alpha=245, border=theme.accent)
        draw_text(surface, "Load a saved game", size + 4, theme.text, bold=True,
                  midtop=(frame.centerx, frame.top + 10))
        self._rects = []
        if not self.paths:
            draw_text(surface, "No saved games yet (Ctrl+S saves one).", size, theme.dim_text,
                      center=frame.center)
        first = max(0, min(self.selected - self.VISIBLE // 2, len(self.paths) - self.VISIBLE))
        for i, path in enumerate(self.paths[first:first + self.VISIBLE]):
            index = first + i
            rect = pygame.Rect(frame.left + 12, frame.top + line_h * (i + 1) + 14, frame.width - 24, line_h - 4)
            if index == self.selected:
                pygame.draw.rect(surface, theme.accent, rect, 2, border_radius=6)
            label = fit_text(f"{path.name}   {_modified(path)}", size, rect.width - 16)
            draw_text(surface, label, size, theme.text, midleft=(rect.left + 8, rect.centery))
            self._rects.append((rect, index))
        draw_text(surface, "Up/Down choose · Enter or click load · Esc cancel", max(14, size - 4), theme.dim_text,
                  midbottom=(frame.centerx, frame.bottom - 8))


def _modified(path: Path) -> str:
    try:
        return datetime.fromtimestamp(path.stat().st_mtime).strftime("%Y-%m-%d %H:%M")
    except OSError:
        return ""

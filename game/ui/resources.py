"""Loading the window icon and fonts; every failure degrades gracefully."""

from __future__ import annotations

import logging
from functools import lru_cache

import pygame

from game.paths import assets_dir

log = logging.getLogger(__name__)


def load_icon() -> pygame.Surface | None:
    path = assets_dir() / "icon.png"
    try:
        return pygame.image.load(str(path))
    except (pygame.error, FileNotFoundError, OSError) as exc:
        log.info("no window icon (%s): %s", path, exc)
        return None


class _NullFont:
    """Stands in when no font can be loaded: text is simply not drawn, the game stays playable."""

    def render(self, text: str, antialias: bool, colour: object, background: object = None) -> pygame.Surface:
        return pygame.Surface((max(1, 6 * len(text)), 12), pygame.SRCALPHA)

    def size(self, text: str) -> tuple[int, int]:
        return max(1, 6 * len(text)), 12

    def get_linesize(self) -> int:
        return 12

    def set_bold(self, bold: bool) -> None:
        pass


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> pygame.font.Font | _NullFont:
    """pygame's default font at ``size`` pixels (cached); a null font if fonts are unavailable."""
    try:
        if not pygame.font.get_init():
            pygame.font.init()
        loaded = pygame.font.Font(None, max(8, size))
        loaded.set_bold(bold)
        return loaded
    except (pygame.error, OSError, FileNotFoundError) as exc:
        log.warning("font unavailable, text will not be drawn: %s", exc)
        return _NullFont()


def reset_fonts() -> None:
    """Forget cached fonts and rendered text (they die with ``pygame.quit``); called when a window opens."""
    from game.ui.render import fit_text, render_text

    font.cache_clear()
    render_text.cache_clear()
    fit_text.cache_clear()

"""What a scene's pseudo-locale test asserts of a frame: the four lists of faults of
``tests/pseudo.py`` at the smallest window, and the pseudo-locale put back after the window
chose its own language (a controller starts in the language config.toml and the preferences ask for)."""

from __future__ import annotations

import pygame

from game import i18n
from game.ui.layout import MIN_SIZE

WINDOW = pygame.Rect((0, 0), MIN_SIZE)


def in_the_pseudo_locale(driver) -> None:
    """The window ``driver`` drives, at the smallest size and in the pseudo-locale."""
    from pseudo import CODE, pseudo_translations

    pygame.display.set_mode(MIN_SIZE, pygame.RESIZABLE)
    driver.frame(pygame.event.Event(pygame.VIDEORESIZE, size=MIN_SIZE, w=MIN_SIZE[0], h=MIN_SIZE[1]))
    i18n.use_translations(CODE, pseudo_translations())


def faults(driver, drawn, allowed: set[str] = frozenset()) -> dict[str, list[str]]:
    """What is wrong with one frame drawn in the pseudo-locale; ``allowed`` the names drawn as
    they are (a player's name, a level's)."""
    drawn.clear()
    driver.frame()
    assert drawn.texts, "nothing drawn"
    return {"untranslated": drawn.untranslated(allowed), "cut": drawn.cut(), "outside": drawn.outside(WINDOW),
            "overlapping": drawn.overlapping()}


def assert_clean(found: dict[str, list[str]]) -> None:
    assert not any(found.values()), {kind: texts for kind, texts in found.items() if texts}

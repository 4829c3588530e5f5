"""Widgets shared by the scenes: a row of a list (an option to step or a button to press) and the
one way a name is typed."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from game.domain.names import MAX_PLAYER_NAME_CHARS, typed_name

@dataclass
class Row:
    label: str
    value: str = ""
    change: Callable[[int], None] | None = None    # option rows: step the value by -1/+1
    activate: Callable[[], None] | None = None     # button rows (and the name rows: Enter types)
    enabled: bool = True                           # greyed out and skipped when it does not apply
    rect: pygame.Rect = field(default_factory=pygame.Rect)


#: Keys that end typing a name (and keep it); a click anywhere ends it too.
NAME_DONE_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE, pygame.K_TAB, pygame.K_UP, pygame.K_DOWN)


def typing_name(name: str, event: pygame.event.Event, limit: int = MAX_PLAYER_NAME_CHARS) -> tuple[str, bool]:
    """(``name`` after ``event``, whether the typing ends): typed letters go in (see typed_name),
    Backspace takes the last one out, NAME_DONE_KEYS or a click end it."""
    if event.type == pygame.TEXTINPUT:
        return typed_name(name, event.text, limit), False
    if event.type == pygame.KEYDOWN and event.key == pygame.K_BACKSPACE:
        return name[:-1], False
    return name, event.type == pygame.KEYDOWN and event.key in NAME_DONE_KEYS or event.type == pygame.MOUSEBUTTONDOWN

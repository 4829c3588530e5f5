"""The keys every board scene reads the same way: a column by its number, the cursor above the
board moved left and right, a disc dropped where the cursor is.

``cursor_key`` answers what a key does to a board's cursor, so the game, practice and learn scenes
share one reading of them and each applies the answer to its own state.
"""

from __future__ import annotations

from typing import NamedTuple

import pygame

from game.ui.layout import COLS

#: The column keys 1-7, on the main row and the keypad, to the column's 0-based index.
NUMBER_KEYS = {getattr(pygame, f"K_{n}"): n - 1 for n in range(1, COLS + 1)}
NUMBER_KEYS.update({getattr(pygame, f"K_KP{n}"): n - 1 for n in range(1, COLS + 1)})
#: The keys that drop a disc in the cursor's column.
DROP_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_DOWN)
#: The keys that say yes or go on (and drop nothing).
ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
LEFT_KEYS = (pygame.K_LEFT, pygame.K_a)
RIGHT_KEYS = (pygame.K_RIGHT, pygame.K_d)


class CursorMove(NamedTuple):
    """Where a key puts the cursor (a 0-based column), and whether a disc drops there."""
    column: int
    drop: bool


def cursor_key(key: int, cursor: int) -> CursorMove | None:
    """What ``key`` does to a board's cursor at ``cursor``: a number moves it to that column and
    drops, Left/Right (or A/D) move it one column within the board, a drop key drops where it is;
    None for any other key."""
    if key in NUMBER_KEYS:
        return CursorMove(NUMBER_KEYS[key], True)
    if key in LEFT_KEYS:
        return CursorMove(max(0, cursor - 1), False)
    if key in RIGHT_KEYS:
        return CursorMove(min(COLS - 1, cursor + 1), False)
    if key in DROP_KEYS:
        return CursorMove(cursor, True)
    return None

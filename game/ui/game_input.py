"""The game scene's keys: which command a key press means, for a game with a human player or for
two computers playing each other."""

from __future__ import annotations

import enum

import pygame

from game.ui.layout import COLS
from game.ui.scene import is_ctrl


class Command(enum.Enum):
    PLAY = "play"                  # drop in the column that comes with it
    CURSOR_LEFT = "cursor left"
    CURSOR_RIGHT = "cursor right"
    DROP = "drop"                  # drop in the cursor's column
    UNDO = "undo"
    REDO = "redo"
    SAVE = "save"
    LOAD = "load"
    MENU = "menu"
    NEW_GAME = "new game"
    ANALYSIS = "analysis"
    HINT = "hint"
    RETRY = "retry"
    HELP = "help"
    PAUSE = "pause"
    STEP = "step"
    SLOWER = "slower"
    FASTER = "faster"
    COPY = "copy"                  # the move string to the clipboard
    PASTE = "paste"                # open the clipboard's move string as a two-player game


NUMBER_KEYS = {getattr(pygame, f"K_{n}"): n - 1 for n in range(1, COLS + 1)}
NUMBER_KEYS.update({getattr(pygame, f"K_KP{n}"): n - 1 for n in range(1, COLS + 1)})
PLUS_KEYS = (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS)
MINUS_KEYS = (pygame.K_MINUS, pygame.K_KP_MINUS, pygame.K_UNDERSCORE)
DROP_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_DOWN)

CTRL_KEYS = {pygame.K_z: Command.UNDO, pygame.K_y: Command.REDO, pygame.K_s: Command.SAVE, pygame.K_o: Command.LOAD,
             pygame.K_c: Command.COPY, pygame.K_v: Command.PASTE}
COMMON_KEYS = {pygame.K_ESCAPE: Command.MENU, pygame.K_n: Command.NEW_GAME, pygame.K_a: Command.ANALYSIS,
               pygame.K_h: Command.HINT, pygame.K_r: Command.RETRY, pygame.K_F1: Command.HELP}
PLAYER_KEYS = {pygame.K_LEFT: Command.CURSOR_LEFT, pygame.K_RIGHT: Command.CURSOR_RIGHT,
               **{key: Command.DROP for key in DROP_KEYS}}
SPECTATOR_KEYS = {pygame.K_SPACE: Command.PAUSE, pygame.K_RIGHT: Command.STEP,
                  **{key: Command.FASTER for key in MINUS_KEYS}, **{key: Command.SLOWER for key in PLUS_KEYS}}

KEY_HELP_PLAYER = ("1–7 or click drop · Left/Right + Enter · Ctrl+Z/Y undo/redo · H hint · A analysis · N new · "
                   "Ctrl+S/O save/load · F1 help · Esc menu",
                   "1–7 drop · Ctrl+Z undo · H hint · A analysis · N new · F1 help · Esc menu",
                   "1–7 drop · H hint · A analysis · F1 help",
                   "F1 help")
KEY_HELP_SPECTATOR = ("Space pause · Right step · +/− time per move · N new match · Ctrl+S save · F1 help · Esc menu",
                      "Space pause · Right step · +/− time · F1 help · Esc menu",
                      "Space pause · F1 help",
                      "F1 help")


def read_key(event: pygame.event.Event, spectator: bool) -> tuple[Command, int] | None:
    """(command, column) for a key press; the column matters for ``Command.PLAY`` only."""
    key = event.key
    if is_ctrl(event):
        command = CTRL_KEYS.get(key)
        return (command, 0) if command else None
    if getattr(event, "unicode", "") == "?":
        return Command.HELP, 0
    if key in COMMON_KEYS:
        return COMMON_KEYS[key], 0
    if spectator:
        command = SPECTATOR_KEYS.get(key)
        return (command, 0) if command else None
    if key in NUMBER_KEYS:
        return Command.PLAY, NUMBER_KEYS[key]
    command = PLAYER_KEYS.get(key)
    return (command, 0) if command else None

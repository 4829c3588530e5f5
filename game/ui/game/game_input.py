"""The game scene's input: which command a key press means, for a game with a human player or for
two computers playing each other, and the :class:`Action` a key, a pointer move or a click asks
for (:func:`read_input`); the scene carries it out. The cursor's moves come back as the column it
moves to, a drop at the cursor as a play in its column."""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.i18n import N_
from game.ui.keys import DROP_KEYS, NUMBER_KEYS
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
    WHY = "why"                    # the cursor's column explained
    RETRY = "retry"
    HELP = "help"
    PAUSE = "pause"
    STEP = "step"
    SLOWER = "slower"
    FASTER = "faster"
    COPY = "copy"                  # the move string to the clipboard
    PASTE = "paste"                # open the clipboard's move string as a two-player game
    CHAT = "chat"                  # open the chat line (a network game)
    RESIGN = "resign"              # a network game
    REVIEW = "review"              # the finished game in the review
    POINT = "point"                # the cursor to the column that comes with it


PLUS_KEYS = (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS)
MINUS_KEYS = (pygame.K_MINUS, pygame.K_KP_MINUS, pygame.K_UNDERSCORE)

CTRL_KEYS = {pygame.K_z: Command.UNDO, pygame.K_y: Command.REDO, pygame.K_s: Command.SAVE, pygame.K_o: Command.LOAD,
             pygame.K_c: Command.COPY, pygame.K_v: Command.PASTE, pygame.K_r: Command.RESIGN}
COMMON_KEYS = {pygame.K_ESCAPE: Command.MENU, pygame.K_n: Command.NEW_GAME, pygame.K_a: Command.ANALYSIS,
               pygame.K_h: Command.HINT, pygame.K_w: Command.WHY, pygame.K_r: Command.RETRY, pygame.K_F1: Command.HELP,
               pygame.K_t: Command.CHAT}
PLAYER_KEYS = {pygame.K_LEFT: Command.CURSOR_LEFT, pygame.K_RIGHT: Command.CURSOR_RIGHT,
               **{key: Command.DROP for key in DROP_KEYS}}
SPECTATOR_KEYS = {pygame.K_SPACE: Command.PAUSE, pygame.K_RIGHT: Command.STEP,
                  **{key: Command.FASTER for key in MINUS_KEYS}, **{key: Command.SLOWER for key in PLUS_KEYS}}

#: The key help under the status line, longest first (the longest that fits is shown; English
#: here, translated where drawn).
KEY_HELP_PLAYER = (N_("1–7 or click drop · Left/Right + Enter · Ctrl+Z/Y undo/redo · H hint · W why? · A analysis · "
                      "N new · Ctrl+S/O save/load · F1 help · Esc menu"),
                   N_("1–7 drop · Ctrl+Z undo · H hint · A analysis · N new · F1 help · Esc menu"),
                   N_("1–7 drop · H hint · A analysis · F1 help"),
                   N_("F1 help"))
#: Once a game is over: no drop, hint, why? or analysis (they are for a turn to play).
KEY_HELP_OVER = (N_("R review · N new game · Ctrl+Z undo the last move · Ctrl+S save · F1 help · Esc menu"),
                 N_("R review · N new · Ctrl+Z undo · F1 help · Esc menu"),
                 N_("R review · N new · Esc menu"),
                 N_("F1 help"))
#: The same where the seats allow no undo (a network game).
KEY_HELP_OVER_NO_UNDO = (N_("R review · N new game · Ctrl+S save · F1 help · Esc menu"),
                         N_("R review · N new · F1 help · Esc menu"),
                         N_("R review · N new · Esc menu"),
                         N_("F1 help"))
KEY_HELP_SPECTATOR = (N_("Space pause · Right step · +/− time per move · N new match · Ctrl+S save · F1 help · "
                         "Esc menu"),
                      N_("Space pause · Right step · +/− time · F1 help · Esc menu"),
                      N_("Space pause · F1 help"),
                      N_("F1 help"))


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


@dataclass(frozen=True, slots=True)
class Action:
    """A command the scene carries out; ``col`` (0-based) for ``PLAY`` and ``POINT``."""

    command: Command
    col: int = 0


#: Keys that work once a game is over: key -> (label for the status line, in English, command).
END_KEYS: dict[int, tuple[str, Command]] = {pygame.K_r: (N_("R review"), Command.REVIEW)}


def read_input(event: pygame.event.Event, column_at: Callable[[tuple[int, int]], int | None], *, cursor: int,
               watching: bool, may_drop: bool, over: bool) -> Action | None:
    """The action a key press, a pointer move or a click asks for, if any. ``cursor``: the column
    under the cursor; ``watching``: the keys steer a match between computers; ``may_drop``: a click
    drops a disc; ``over``: the game is over and its last disc landed (its end keys work)."""
    if event.type == pygame.KEYDOWN:
        return _key(event, cursor, watching, over)
    if event.type not in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
        return None
    col = column_at(event.pos)
    if col is None:
        return None
    if event.type == pygame.MOUSEMOTION:
        return Action(Command.POINT, col)
    return Action(Command.PLAY, col) if event.button == 1 and may_drop else None


def _key(event: pygame.event.Event, cursor: int, watching: bool, over: bool) -> Action | None:
    if event.key in END_KEYS and over:
        return Action(END_KEYS[event.key][1])
    read = read_key(event, watching)
    if read is None:
        return None
    command, col = read
    if command is Command.CURSOR_LEFT or command is Command.CURSOR_RIGHT:
        return Action(Command.POINT, (cursor + (1 if command is Command.CURSOR_RIGHT else -1)) % COLS)
    if command is Command.DROP:
        return Action(Command.PLAY, cursor)
    return Action(command, col)

"""The game scene's input: which command a key press means, for a game with a human player or for
two computers playing each other, and which of the scene's actions each command starts
(:func:`handle_input`, for keys and the mouse)."""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import Protocol

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


NUMBER_KEYS = {getattr(pygame, f"K_{n}"): n - 1 for n in range(1, COLS + 1)}
NUMBER_KEYS.update({getattr(pygame, f"K_KP{n}"): n - 1 for n in range(1, COLS + 1)})
PLUS_KEYS = (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS)
MINUS_KEYS = (pygame.K_MINUS, pygame.K_KP_MINUS, pygame.K_UNDERSCORE)
DROP_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_DOWN)

CTRL_KEYS = {pygame.K_z: Command.UNDO, pygame.K_y: Command.REDO, pygame.K_s: Command.SAVE, pygame.K_o: Command.LOAD,
             pygame.K_c: Command.COPY, pygame.K_v: Command.PASTE, pygame.K_r: Command.RESIGN}
COMMON_KEYS = {pygame.K_ESCAPE: Command.MENU, pygame.K_n: Command.NEW_GAME, pygame.K_a: Command.ANALYSIS,
               pygame.K_h: Command.HINT, pygame.K_w: Command.WHY, pygame.K_r: Command.RETRY, pygame.K_F1: Command.HELP,
               pygame.K_t: Command.CHAT}
PLAYER_KEYS = {pygame.K_LEFT: Command.CURSOR_LEFT, pygame.K_RIGHT: Command.CURSOR_RIGHT,
               **{key: Command.DROP for key in DROP_KEYS}}
SPECTATOR_KEYS = {pygame.K_SPACE: Command.PAUSE, pygame.K_RIGHT: Command.STEP,
                  **{key: Command.FASTER for key in MINUS_KEYS}, **{key: Command.SLOWER for key in PLUS_KEYS}}

KEY_HELP_PLAYER = ("1–7 or click drop · Left/Right + Enter · Ctrl+Z/Y undo/redo · H hint · W why? · A analysis · "
                   "N new · Ctrl+S/O save/load · F1 help · Esc menu",
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


class Files(Protocol):
    def save(self) -> None: ...
    def open_savelist(self) -> None: ...
    def copy_moves(self) -> None: ...
    def paste_moves(self) -> None: ...


class Coach(Protocol):
    def toggle_analysis(self) -> None: ...
    def request_hint(self) -> None: ...
    def ask_why(self) -> None: ...


class Player(Protocol):
    """The game scene as its input sees it: the actions a key or a click starts (its files' and its
    coach's too)."""

    cursor: int
    files: Files
    coach: Coach

    def play_column(self, col: int) -> bool: ...
    def end_keys(self) -> dict[int, tuple[str, Callable[[], None]]]: ...
    def game_is_over(self) -> bool: ...
    def undo(self) -> None: ...
    def redo(self) -> None: ...
    def to_menu(self) -> None: ...
    def new_game(self) -> None: ...
    def retry(self) -> None: ...
    def open_help(self) -> None: ...
    def steer(self, command: Command) -> bool: ...


def handle_input(event: pygame.event.Event, player: Player, column_at: Callable[[tuple[int, int]], int | None],
                 *, watching: bool, may_drop: bool) -> None:
    """A key press, a pointer move or a click, turned into ``player``'s action. ``watching``: the keys
    steer a match between computers; ``may_drop``: a click drops a disc."""
    if event.type == pygame.KEYDOWN:
        _key(event, player, watching)
    elif event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
        col = column_at(event.pos)
        if col is None:
            return
        if event.type == pygame.MOUSEMOTION:
            player.cursor = col
        elif event.button == 1 and may_drop:
            player.cursor = col
            player.play_column(col)


def _key(event: pygame.event.Event, player: Player, watching: bool) -> None:
    end_keys = player.end_keys()
    if event.key in end_keys and player.game_is_over():
        end_keys[event.key][1]()
        return
    read = read_key(event, watching)
    if read is None:
        return
    command, col = read
    if command is Command.PLAY:
        player.cursor = col
        player.play_column(col)
        return
    if player.steer(command):
        return
    action = _actions(player).get(command)
    if action is not None:
        action()


def _actions(player: Player) -> dict[Command, Callable[[], None]]:
    def move_cursor(step: int) -> None:
        player.cursor = (player.cursor + step) % COLS

    files, coach = player.files, player.coach
    return {
        Command.UNDO: player.undo, Command.REDO: player.redo, Command.SAVE: files.save,
        Command.LOAD: files.open_savelist, Command.MENU: player.to_menu, Command.NEW_GAME: player.new_game,
        Command.ANALYSIS: coach.toggle_analysis, Command.HINT: coach.request_hint, Command.WHY: coach.ask_why,
        Command.RETRY: player.retry, Command.HELP: player.open_help, Command.COPY: files.copy_moves,
        Command.PASTE: files.paste_moves,
        Command.CURSOR_LEFT: lambda: move_cursor(-1), Command.CURSOR_RIGHT: lambda: move_cursor(1),
        Command.DROP: lambda: player.play_column(player.cursor),
    }

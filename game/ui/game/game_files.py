"""The game scene's files and clipboard: Ctrl+S saves the game, Ctrl+O lists the saves and loads
one (after asking, if a game would be lost), Ctrl+C and Ctrl+V copy and paste the move string.

Each function takes the values it reads and returns what should happen (``game_replies``
effects); a save is read and its moves checked before anything on the board changes."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.config.values import Settings
from game.domain.players import HUMAN
from game.echo import shown
from game.i18n import _
from game.engine.board import MoveError, Position, parse_moves
from game.model import GameModel
from game.store.savefile import SaveFileError, load_game
from game.store.saves import save_infos
from game.ui import clipboard
from game.ui.game.game_replies import Ask, Effects, Go, Loaded, Notice, Show
from game.ui.game.seats import Say
from game.ui.open_save import OPEN_ERRORS, players_of, save_new
from game.ui.savelist import CLOSE, SaveList, load_failure
from game.ui.scene import GameStart, SceneName, Transition, open_network_game

__all__ = ["copy_moves", "load", "open_savelist", "paste_moves", "save", "savelist_event"]


def save(model: GameModel) -> Effects:
    try:
        return (save_new(model),)
    except (OSError, SaveFileError) as exc:
        return (Notice(_("Could not save the game: {error}").format(error=exc)),)


def open_savelist() -> Effects:
    try:
        return (Show(SaveList(save_infos())),)
    except OSError as exc:
        return (Notice(_("Could not list the saved games: {error}").format(error=exc)),)


def savelist_event(savelist: SaveList, event: pygame.event.Event, settings: Settings) -> Effects:
    """An event for the open save list: Esc closes it, a chosen save loads once confirmed."""
    result = savelist.handle(event)
    if result == CLOSE:
        return (Show(None),)
    if not isinstance(result, Path):
        return ()
    broken = next((info for info in savelist.infos if info.path == result and info.game is None), None)
    if broken is not None:      # known not to load: say why at once, not after "lose your game?"
        return (Notice(load_failure("load", result, broken.problem)),)
    opened = load(result, settings)
    if not isinstance(opened[0], (Loaded, Go)):
        return (Show(None), *opened)
    return Show(None), Ask(_("Load this saved game?"), "", opened[0])


def load(path: Path, settings: Settings) -> Effects:
    """A saved game read and checked: the game to load (a network game goes back into the
    network, or to its review), or why it cannot be."""
    try:
        saved = load_game(path)
        if saved.seat is not None:
            return (Go(open_network_game(saved)),)
        red, yellow = players_of(saved, settings)
        moves = tuple(saved.columns())
        Position.from_moves(moves)      # checked here: the board is never changed and then put back
    except (*OPEN_ERRORS, MoveError) as exc:
        return (Notice(load_failure("load", path, exc)),)
    return (Loaded(moves, red, yellow),)


def copy_moves(model: GameModel) -> Effects:
    """Ctrl+C: the game's move string ("4453", the test sets' notation) to the clipboard."""
    moves = model.moves_string()
    problem = clipboard.put(moves)
    if problem is not None:
        return (Say(problem, warning=True),)
    return (_("Copied the moves {moves}").format(moves=shown(moves, clipboard.SHOWN)) if moves else
            _("Copied an empty board (no moves yet)"),)


def paste_moves() -> Effects:
    """Ctrl+V: open the clipboard's move string as a two-player game with the analysis row."""
    moves, problem = clipboard.get_moves()
    if problem is not None:
        return (Say(problem, warning=True),)
    start = GameStart(HUMAN, HUMAN, tuple(parse_moves(moves)), analysis=True)
    return (Ask(_("Open the pasted position?"),
                _("The moves {moves} open as a two-player game with the analysis row.").format(
                    moves=shown(moves, clipboard.SHOWN)), Go(Transition(SceneName.GAME, start))),)

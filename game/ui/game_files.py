"""The game scene's files and clipboard: Ctrl+S saves the game, Ctrl+O lists the saves and loads
one (after asking, if a game would be lost), Ctrl+C and Ctrl+V copy and paste the move string."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Protocol

import pygame

from game.domain.players import HUMAN
from game.echo import counted, shown
from game.engine.board import MoveError, parse_moves
from game.model import GameModel
from game.session.rating import RatingGuard
from game.store.savefile import SaveFileError, load_game
from game.store.saves import save_infos
from game.ui import clipboard
from game.ui.anim import DropAnimation
from game.ui.savelist import CLOSE, SaveList, load_failure
from game.ui.saves import OPEN_ERRORS, players_of, save_new
from game.ui.scene import Context, GameStart, SceneName, Transition, open_network_game
from game.ui.seats import Allow, Seats, seats_for


class FileHost(Protocol):
    """The game scene as its files see it."""

    ctx: Context
    model: GameModel
    overlay: object
    next: Transition | None
    seats: Seats
    rating: RatingGuard
    anims: list[DropAnimation]

    @property
    def move_delay(self) -> float: ...
    def say(self, text: str, *, warning: bool = False) -> None: ...
    def refused(self, what: Allow) -> bool: ...
    def ask(self, question: str, detail: str, on_yes: Callable[[], None]) -> None: ...
    def changed(self) -> None: ...


class GameFiles:
    def __init__(self, scene: FileHost) -> None:
        self.scene = scene

    def save(self) -> None:
        scene = self.scene
        try:
            scene.say(save_new(scene.model))
        except (OSError, SaveFileError) as exc:
            scene.ctx.notices.add(f"Could not save the game: {exc}", "error")

    def open_savelist(self) -> None:
        scene = self.scene
        if scene.refused(Allow.LOAD):
            return
        try:
            infos = save_infos()
        except OSError as exc:
            scene.ctx.notices.add(f"Could not list the saved games: {exc}", "error")
            return
        scene.overlay = SaveList(infos)

    def handle_savelist(self, savelist: SaveList, event: pygame.event.Event) -> None:
        """An event for the open save list: Esc closes it, a chosen save loads once confirmed."""
        scene = self.scene
        result = savelist.handle(event)
        if result == CLOSE:
            scene.overlay = None
        elif isinstance(result, Path):
            broken = next((info for info in savelist.infos if info.path == result and info.game is None), None)
            if broken is not None:      # known not to load: say why at once, not after "lose your game?"
                scene.ctx.notices.add(load_failure("load", result, broken.problem), "error")
                return
            scene.overlay = None
            scene.ask("Load this saved game?", "", lambda: self.load(result))

    def load(self, path: Path) -> bool:
        """Load a saved game; on any problem show it and keep the current game."""
        scene = self.scene
        try:
            saved = load_game(path)
            if saved.seat is not None:    # a network game goes back into the network, or to its review
                scene.next = open_network_game(saved)
                return True
            red, yellow = players_of(saved, scene.ctx.settings)
            scene.model.load_moves(saved.columns(), red=red, yellow=yellow)
        except (*OPEN_ERRORS, MoveError) as exc:
            scene.ctx.notices.add(load_failure("load", path, exc), "error")
            return False
        scene.anims.clear()
        scene.seats = seats_for(scene.model, colours=scene.ctx.theme.names, delay=scene.move_delay)
        scene.rating.begin(scene.model, from_start=False)
        scene.changed()
        scene.say(f"Loaded the saved game ({counted(len(saved.moves), 'move')})")
        return True

    def copy_moves(self) -> None:
        """Ctrl+C: the game's move string ("4453", the test sets' notation) to the clipboard."""
        moves = self.scene.model.moves_string()
        problem = clipboard.put(moves)
        if problem is not None:
            self.scene.say(problem, warning=True)
        else:
            self.scene.say(f"Copied the moves {shown(moves, clipboard.SHOWN)}" if moves
                           else "Copied an empty board (no moves yet)")

    def paste_moves(self) -> None:
        """Ctrl+V: open the clipboard's move string as a two-player game with the analysis row."""
        moves, problem = clipboard.get_moves()
        if problem is not None:
            self.scene.say(problem, warning=True)
            return
        scene, start = self.scene, GameStart(HUMAN, HUMAN, tuple(parse_moves(moves)), analysis=True)

        def open_pasted() -> None:
            scene.next = Transition(SceneName.GAME, start)

        scene.ask("Open the pasted position?", f"The moves {shown(moves, clipboard.SHOWN)} open as a "
                  "two-player game with the analysis row.", open_pasted)

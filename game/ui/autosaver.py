"""Keeps the autosave in step with the game in the window.

After every change the game in progress is written; once it is over the autosave is removed. A
board without moves (a new game, everything undone) leaves the previous autosave alone until its
first move. A failure to write (the disk, the folder, a player the save format refuses) never ends
the game: the window says once "Autosave stopped: <reason>" and play goes on without autosaving.

The autosave of a rated game says so (``rated: yes``): a game cut short by a kill, a crash or a
logout comes back rated at the next start. It is rewritten casual the moment the game turns
casual, and when the game is counted as a loss for being left (:meth:`Autosaver.forfeited`)."""

from __future__ import annotations

from game.model import GameModel
from game.store.autosave import clear_autosave, last_autosave, write_autosave
from game.store.savefile import SaveFileError
from game.ui.notices import Notices


class Autosaver:
    def __init__(self, notices: Notices) -> None:
        self.notices = notices
        self.stopped: str | None = None      # the reason autosaving stopped, once it did

    def changed(self, model: GameModel, *, rated: bool = False, active: bool = True) -> None:
        """The model changed (move, undo, redo, new game, load), or the game stopped being
        ``rated``. ``active=False``: nothing to keep (a game between two computers), the autosave
        is left alone."""
        if self.stopped is not None or not active:
            return
        try:
            if model.is_over:
                clear_autosave()
            elif model.moves:
                write_autosave(model.saved_game(rated=rated))
        except (OSError, SaveFileError) as exc:
            self.stop(str(exc) or type(exc).__name__)

    def forfeited(self, model: GameModel) -> None:
        """``model``'s rated game was just counted as a loss for being left unfinished. Its autosave
        (the game on the board, or the one left for the menu, or the earlier run's the menu offered)
        is rewritten casual: the game is still offered at the next start, but never rated again,
        so it cannot be counted twice. An autosave written since for another game is left alone."""
        status = last_autosave()
        if status is None or status.moves == model.moves_string():
            self.changed(model, rated=False)

    def stop(self, reason: str) -> None:
        self.stopped = " ".join(reason.split())
        self.notices.add(f"Autosave stopped: {self.stopped}", "error", seconds=12.0)

"""Keeps the autosave in step with the game in the window.

After every change the game in progress is written; once it is over the autosave is removed. A
board without moves (a new game, everything undone) leaves the previous autosave alone until its
first move. A failure to write (the disk, the folder, a player the save format refuses) never ends
the game: the window says once "Autosave stopped: <reason>" and play goes on without autosaving."""

from __future__ import annotations

from game.model import GameModel
from game.storage import SaveFileError, clear_autosave, write_autosave
from game.ui.notices import Notices


class Autosaver:
    def __init__(self, notices: Notices) -> None:
        self.notices = notices
        self.stopped: str | None = None      # the reason autosaving stopped, once it did

    def changed(self, model: GameModel, *, active: bool = True) -> None:
        """The model changed (move, undo, redo, new game, load). ``active=False``: nothing to keep
        (a game between two computers), the autosave is left alone."""
        if self.stopped is not None or not active:
            return
        try:
            if model.is_over:
                clear_autosave()
            elif model.moves:
                write_autosave(model.saved_game())
        except (OSError, SaveFileError) as exc:
            self.stop(str(exc) or type(exc).__name__)

    def stop(self, reason: str) -> None:
        self.stopped = " ".join(reason.split())
        self.notices.add(f"Autosave stopped: {self.stopped}", "error", seconds=12.0)

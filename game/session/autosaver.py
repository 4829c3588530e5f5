"""Keeps the autosave in step with the game in the window, written on a thread of its own.

After every change the game in progress is written; once it is over the autosave is removed. A
board emptied by undoing every move of the game this window autosaved removes the autosave too:
an empty board is nothing to go back into, and redo writes the game again. Any other board
without moves (a new game) leaves the previous autosave alone until its first move, and so does a
game without a person in it (two computers): it holds nothing a player would go back into, so it
never replaces the player's unfinished game nor is offered at the next start. The window's
thread only hands the game over (a value: the save as it stands); a writer thread does the
writing and its two fsyncs, in order, the latest game last. A failure to
write (the disk, the folder, a player the save format refuses) never ends the game: the window
says once "Autosave stopped: <reason>" (through :meth:`Autosaver.poll`) and play goes on without
autosaving.

The autosave of a rated game says so (``rated: yes``): a game cut short by a kill, a crash or a
logout comes back rated at the next start. It is rewritten casual the moment the game turns
casual, and when the game is counted as a loss for being left (:meth:`Autosaver.forfeited`).
No pygame here."""

from __future__ import annotations

import threading

from game.i18n import N_, _
from game.model import GameModel
from game.store.writer import Writer
from game.domain.players import PlayerSpec
from game.domain.saved import SavedGame
from game.store.autosave import Autosaves
from game.store.savefile import SaveFileError

__all__ = ["Autosaver", "autosaved", "has_person"]

STOPPED_NOTICE = N_("Autosave stopped: {reason}")


class Autosaver:
    def __init__(self, autosaves: Autosaves) -> None:
        self.autosaves = autosaves           # this run's slot, written only on the writer thread
        self.stopped: str | None = None      # the reason autosaving stopped, once it did
        self._lock = threading.Lock()
        # Each game replaces the one before, so of several waiting only the latest is written.
        self._writer: Writer[SavedGame | None] = Writer("autosave-writer", lambda games: self._write(games[-1]))
        self._notices: list[str] = []
        self._written: str | None = None    # the moves of the last game handed to the writer

    def changed(self, model: GameModel, *, rated: bool = False, analysis: bool = False) -> None:
        """The model changed (move, undo, redo, new game, load), or the game stopped being
        ``rated``; ``analysis``: the analysis row is on. A game between two computers leaves the
        autosave alone, finished or not; an empty board removes the autosave only when undo emptied
        the game this window wrote (see the module)."""
        if self.stopped is not None or not has_person(model):
            return
        if model.is_over:
            self._submit(None, None)
        elif model.moves:
            self._submit(model.saved_game(rated=rated, analysis=analysis), model.moves_string())
        elif model.can_redo and self._written is not None:   # this window's game undone to the empty board
            self._submit(None, None)
            self._written = None

    def cleared(self) -> None:
        """The game ended in a way the board does not show (a resignation): nothing to go back into."""
        if self.stopped is None:
            self._submit(None, None)

    def forfeited(self, model: GameModel) -> None:
        """``model``'s rated game was just counted as a loss for being left unfinished. Its autosave
        (the game on the board, or the one left for the menu, or the earlier run's the menu offered)
        is rewritten casual: the game is still offered at the next start, but never rated again,
        so it cannot be counted twice. An autosave written since for another game is left alone."""
        if self._written is None or self._written == model.moves_string():
            self.changed(model, rated=False)

    def poll(self) -> list[str]:
        """Notices for the player since the last poll (at most one: autosaving stops at the first failure)."""
        with self._lock:
            notices, self._notices = self._notices, []
        return notices

    def flush(self, timeout: float = 10.0) -> bool:
        """Wait until everything handed over is written (tests; closing the window); False on timeout."""
        return self._writer.flush(timeout)

    def _submit(self, game: SavedGame | None, moves: str | None) -> None:
        """Hand ``game`` to the writer (None: remove the autosave)."""
        self._written = moves if game is not None else self._written
        self._writer.submit(game)

    def _write(self, game: SavedGame | None) -> None:
        if self.stopped is not None:
            return
        try:
            if game is None:
                self.autosaves.clear()
            else:
                self.autosaves.write(game)
        except (OSError, SaveFileError) as exc:
            self.stopped = " ".join((str(exc) or type(exc).__name__).split())
            with self._lock:
                self._notices.append(_(STOPPED_NOTICE).format(reason=self.stopped))


def has_person(model: GameModel) -> bool:
    """Whether a person plays ``model``'s game (at this screen or over the network): only such a
    game is autosaved."""
    return autosaved(model.player(1), model.player(2))


def autosaved(red: PlayerSpec, yellow: PlayerSpec) -> bool:
    """Whether a game between ``red`` and ``yellow`` is autosaved: only one a person plays."""
    return not (red.is_ai and yellow.is_ai)

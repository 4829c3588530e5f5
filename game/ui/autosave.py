"""The autosave, written off the UI thread (an atomic write with fsync can take tens of milliseconds).

Only the latest state matters: a newer request replaces one not yet written, and writes happen one at
a time in order, so the file on disk is always a complete earlier or the latest state."""

from __future__ import annotations

import threading

from game.storage import SavedGame, clear_autosave, write_autosave

_CLEAR = None


class Autosaver:
    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._pending: list[SavedGame | None] = []     # at most one item: the latest state
        self._writing = False
        self._closed = False
        self._errors: list[str] = []
        self._thread: threading.Thread | None = None

    def save(self, game: SavedGame | None) -> None:
        """Autosave ``game``, or remove the autosave when it is None (game over or empty board)."""
        with self._cond:
            if self._closed:
                return
            self._pending = [game]
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="Autosave", daemon=True)
                self._thread.start()
            self._cond.notify()

    def take_errors(self) -> list[str]:
        with self._cond:
            errors, self._errors = self._errors, []
        return errors

    def flush(self, timeout: float) -> bool:
        """Wait up to ``timeout`` seconds for pending writes; True if everything is on disk."""
        with self._cond:
            return self._cond.wait_for(lambda: not self._pending and not self._writing, timeout)

    def close(self, timeout: float = 0.1) -> None:
        """Finish the pending write if it takes no longer than ``timeout``, then stop the thread."""
        self.flush(timeout)
        with self._cond:
            self._closed = True
            self._cond.notify_all()
        if self._thread is not None:
            self._thread.join(timeout)

    def _run(self) -> None:
        while True:
            with self._cond:
                self._cond.wait_for(lambda: self._pending or self._closed)
                if not self._pending:
                    return
                game = self._pending.pop()
                self._writing = True
            try:
                if game is _CLEAR:
                    clear_autosave()
                else:
                    write_autosave(game)
            except OSError as exc:
                with self._cond:
                    self._errors.append(f"Autosave failed: {exc}")
            finally:
                with self._cond:
                    self._writing = False
                    self._cond.notify_all()

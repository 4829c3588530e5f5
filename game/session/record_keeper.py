"""The record as the window sees it: loaded and written on a thread of its own, never the window's.

:class:`RecordKeeper` holds the record in memory. A finished game joins that copy at once (the
menu's rating includes it on the next frame) and is handed to a writer thread that appends it
to the file (``game.record_store``); loading at start runs there too. Notices for the player come
back through :meth:`RecordKeeper.poll`. A game the writer could not store anywhere (neither the
record nor its waiting file) is kept and tried again with the next game and when the program
ends; if it still cannot be stored then, its line is printed on stderr so the player can keep it.
The thread is not a daemon: a game finished just before quitting is written before the
program ends (a lock is waited for a few seconds at most).

No pygame here.
"""

from __future__ import annotations

import atexit
import logging
import sys
import threading
from pathlib import Path

from game.domain.record import GameRecord, Record
from game.i18n import _
from game.store.record_file import add_game, game_line, load_record, record_path
from game.store.writer import Writer

log = logging.getLogger(__name__)

__all__ = ["RecordKeeper"]


class RecordKeeper:
    def __init__(self, path: Path | None = None) -> None:
        self.path = path
        self.record = Record()
        self.loaded = False  # the file's games are in ``record`` (the first load has finished)
        self._lock = threading.Lock()
        self._writer: Writer[GameRecord | None] = Writer("record-writer", self._work)  # None: load the file
        self._notices: list[str] = []
        self._unsaved: list[GameRecord] = []  # neither the record nor its waiting file took these
        self._changed = False
        self._exit_hook = False  # _last_try is registered to run when the program ends

    def load(self) -> None:
        """Read the file on the writer thread; :meth:`poll` says when the record has changed."""
        self._submit(None)

    def add(self, game: GameRecord) -> None:
        """``game`` joins the record now and is written on the writer thread."""
        with self._lock:
            self.record = self.record.with_game(game)
            self._changed = True
        self._submit(game)

    def poll(self) -> tuple[bool, list[str]]:
        """(whether the record changed since the last poll, notices for the player)."""
        with self._lock:
            changed, self._changed = self._changed, False
            notices, self._notices = self._notices, []
        return changed, notices

    def flush(self, timeout: float = 10.0) -> bool:
        """Wait until every submitted job is done (tests; closing the window); False on timeout."""
        return self._writer.flush(timeout)

    def _submit(self, job: GameRecord | None) -> None:
        self._writer.submit(job)

    def _work(self, jobs: list[GameRecord | None]) -> None:
        for job in jobs:
            try:
                self._load() if job is None else self._write(job)
            except Exception as exc:  # the record must never stop the game: say it and go on
                log.exception("game record")
                self._tell(_("Your game record could not be updated ({error})").format(error=type(exc).__name__))

    def _tell(self, notice: str) -> None:
        with self._lock:
            self._notices.append(notice)

    def _load(self) -> None:
        record, notice = load_record(self._path())
        with self._lock:
            written = set(record.games)
            pending = [g for g in self.record.games if g not in written]  # added while loading
            self.record = Record(record.games + tuple(pending))
            self.loaded = True
            self._changed = True
        if notice:
            self._tell(notice)

    def _write(self, game: GameRecord) -> None:
        for waiting in [*self._unsaved, game]:
            try:
                notice = add_game(waiting, self._path())
            except OSError as exc:
                if waiting is game:
                    self._unsaved.append(game)
                    if not self._exit_hook:
                        atexit.register(self._last_try)
                        self._exit_hook = True
                    self._tell(_("This game could not be written to your record or beside it ({error}); it is "
                                 "kept while the game runs").format(error=exc.strerror or type(exc).__name__))
                continue
            if waiting is not game:
                self._unsaved.remove(waiting)
            if notice:
                self._tell(notice)

    def _last_try(self) -> None:
        """At exit: one more try for the games nothing could store; else print their lines."""
        self.flush(5.0)
        for game in list(self._unsaved):
            try:
                add_game(game, self._path())
            except OSError:
                if sys.stderr is not None:
                    print(f"connect4: a finished game could not be recorded; its line: "
                          f"{game_line(game).decode('utf-8').strip()}", file=sys.stderr)
            self._unsaved.remove(game)

    def _path(self) -> Path:
        return record_path() if self.path is None else self.path

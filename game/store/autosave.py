"""The autosave: the game in progress, rewritten after every move, offered again at the next start.

Each running game has an autosave of its own, so two windows open at once never replace each
other's game in progress, and a new start offers the newest autosave that no running game holds.
:class:`Autosaves` is one running game's: made once at start-up for the data folder and handed to
what reads, writes or keeps it.
"""

from __future__ import annotations

import itertools
import logging
import os
import re
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from game.domain.saved import SavedGame
from game.echo import shown
from game.i18n import _

from . import files
from .savefile import SAVE_SUFFIX, SaveFileError, UnreadableSaveError, load_game, save_game

log = logging.getLogger(__name__)

AUTOSAVE_NAME = "autosave" + SAVE_SUFFIX


class AutosaveError(SaveFileError, OSError):
    """The autosave could not be written; the message is the reason (one line, with the path).

    Raised by :meth:`Autosaves.write` for every failure, whether the disk refused (full,
    read-only, gone) or the game could not be written down. It is both a SaveFileError and an
    OSError, so either ``except`` catches it. The game itself is unharmed and goes on; the
    previous autosave, if any, is intact.
    """


# ---------------------------------------------------------------------------
# Autosave: the game in progress, rewritten after every move.
#
# Each running game owns an autosave "slot": autosave.c4save, or autosave-N.c4save when other
# games hold the lower numbers. It owns it by holding an exclusive lock (flock / msvcrt.locking)
# on the slot's lock file .autosave[-N].c4save.lock for as long as it runs (Autosaves.close gives
# it back); the system drops the lock when the process ends, even on kill -9, so a slot whose lock
# can be taken belongs to no running game. At its first use a game takes, of the free slots, the
# one with the newest autosave (that is the game offered for resuming), else the lowest free
# number. Lock files are never deleted: removing one while a game holds it would let a second game
# lock a new file of the same name and share the slot.


@dataclass
class _Slot:
    folder: Path
    number: int
    fd: int | None  # the held lock; None when no slot could be locked (then ``off`` says why)
    notes: list[str]  # autosaves found unreadable while choosing, reported by Autosaves.read
    off: str | None = None  # why this run has no autosave: it never writes a slot it has not locked

    @property
    def path(self) -> Path:
        return _slot_path(self.folder, self.number)


@dataclass(frozen=True)
class AutosaveStatus:
    """What the last autosave of this run did: written after ``moves``, or failed with ``error``."""

    path: Path
    moves: str | None
    error: str | None


_SLOT_RE = re.compile(r"\.?autosave(?:-([0-9]{1,4}))?" + re.escape(SAVE_SUFFIX) + r"(?:\.lock)?")


def _slot_path(folder: Path, number: int) -> Path:
    return folder / (AUTOSAVE_NAME if number == 1 else f"autosave-{number}{SAVE_SUFFIX}")


def _lock_path(folder: Path, number: int) -> Path:
    return folder / f".{_slot_path(folder, number).name}.lock"


def _release(slot: _Slot) -> None:
    if slot.fd is not None:
        files.unlock(slot.fd)
        slot.fd = None


CLOSED = "this run's autosave is closed"  # the ``off`` reason once :meth:`Autosaves.close` was called
MAX_SLOT_TRIES = 32  # lock files that cannot be opened are skipped, up to this many numbers


def _choose_slot(folder: Path, exclude: frozenset[int] = frozenset(), *, empty: bool = False) -> _Slot:
    """Lock a free slot: of the free slots, the one with the newest readable autosave (the game to
    offer), else the lowest free number; with ``empty``, only a slot without an autosave file (a
    game that must not take another's place). A slot whose lock file cannot be opened is skipped
    with a note, never used unlocked; when no slot can be locked at all, the slot returned has no
    lock and ``off`` says why: autosave is then off for this run (never a shared slot).

    Choosing is serialised by a folder-wide lock, so windows starting at the same moment choose
    one after another and each sees the others' choices: none locks every free slot while another
    looks, and each unfinished game is offered to exactly one of them."""
    notes: list[str] = []
    try:
        folder.mkdir(parents=True, exist_ok=True)
        guard = files.FileLock(folder / "autosave-choice")  # .autosave-choice.lock
        try:
            guard.__enter__()
        except OSError as e:  # unopenable or held for long: choose unserialised (each slot is still locked)
            log.debug("choosing an autosave slot without %s: %s", guard.path.name, e)
            return _choose_locked(folder, exclude, empty, notes)
        try:
            return _choose_locked(folder, exclude, empty, notes)
        finally:
            guard.__exit__(None, None, None)
    except OSError as e:
        reason = _("no autosave slot in {folder} can be locked ({reason})").format(folder=folder,
                                                                                  reason=files.describe_os_error(e))
        return _Slot(folder, 1, None, notes, off=reason)


def _choose_locked(folder: Path, exclude: frozenset[int], empty: bool, notes: list[str]) -> _Slot:
    numbers = {1} | {int(m[1] or 1) for name in os.listdir(folder) if (m := _SLOT_RE.fullmatch(name))}
    candidates: list[tuple[float, int, int]] = []
    tried = 0
    for number in itertools.chain(sorted(numbers), itertools.count(max(numbers) + 1)):
        if candidates and number > max(numbers) or tried >= MAX_SLOT_TRIES + len(numbers):
            break
        tried += 1
        if number in exclude:
            continue
        lock = _lock_path(folder, number)
        try:
            fd = files.try_lock(lock)
        except OSError as e:
            notes.append(_("the autosave lock {path} cannot be opened ({reason}); that slot is not used").format(
                path=lock, reason=files.describe_os_error(e)))
            continue
        if fd is None:
            continue
        path = _slot_path(folder, number)
        try:
            mtime = os.stat(path).st_mtime
            files.read_regular_file(path, 0)
        except FileNotFoundError:
            candidates.append((float("-inf"), -number, fd))
            continue
        except OSError as e:
            notes.append(_("the autosave {path} cannot be read ({reason}); it is left as it is").format(
                path=path, reason=files.describe_os_error(e)))
            files.unlock(fd)
            continue
        if empty:
            files.unlock(fd)
            continue
        candidates.append((mtime, -number, fd))
    if not candidates:
        raise OSError(f"{tried} lock files tried")
    chosen = max(candidates)
    for candidate in candidates:
        if candidate is not chosen:
            files.unlock(candidate[2])
    return _Slot(folder, -chosen[1], chosen[2], notes)


class Autosaves:
    """This running game's autosave in ``folder``: one slot, chosen at the first use and held (its
    lock) until :meth:`close` or the end of the process, whichever comes first.

    The program makes one at start-up and hands it to what reads, writes or keeps the autosave:
    the offer to resume, the autosave writer, a game started from the command line. Its methods
    may be called from any thread (the window's reads, the writer thread's writes): one at a time.
    """

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._slot: _Slot | None = None
        self._status: AutosaveStatus | None = None
        self._closed = False
        self._guard = threading.Lock()

    def _own(self, exclude: frozenset[int] = frozenset(), *, empty: bool = False) -> _Slot:
        """The slot this run uses (chosen now if needed); the caller holds ``_guard``."""
        if self._closed:
            return _Slot(self.folder, self._slot.number if self._slot else 1, None, [], off=CLOSED)
        slot = self._slot
        if slot is not None and slot.number not in exclude and not empty:
            return slot
        if slot is not None:
            _release(slot)
        chosen = _choose_slot(self.folder, exclude, empty=empty)
        # Autosave off (no lock): not kept, so the next use tries again; the folder may become usable.
        self._slot = chosen if chosen.fd is not None else None
        return chosen

    @property
    def path(self) -> Path:
        """This running game's autosave: ``autosave.c4save`` in the folder, or ``autosave-N.c4save``
        while other running games hold the lower numbers (see above)."""
        with self._guard:
            return self._own().path

    @property
    def last(self) -> AutosaveStatus | None:
        """What the last :meth:`write` did (None: nothing written, or cleared since)."""
        return self._status

    def keep_for_later(self) -> None:
        """Leave the autosave this run would use to a later start and take another slot.

        A game started straight from the command line must not overwrite an unfinished game that
        was autosaved before: that game stays where it is, unlocked, and the next start that opens
        the menu offers it (the newest free autosave). The new slot holds no autosave at all, so no
        other unfinished game is ever replaced either."""
        with self._guard:
            self._own(exclude=frozenset({self._own().number}), empty=True)

    def write(self, game: SavedGame) -> None:
        """Atomically replace this game's autosave. Raises :class:`AutosaveError` (the reason and
        the path in one line) when it cannot be written; the previous autosave is then intact."""
        with self._guard:
            slot = self._own()
            path = slot.path
            if slot.off is not None:
                self._status = AutosaveStatus(path, None, _("autosave is off: {reason}").format(reason=slot.off))
                raise AutosaveError(self._status.error)
            try:
                save_game(path, game)
            except SaveFileError as e:
                self._status = AutosaveStatus(path, None, str(e))
                raise AutosaveError(str(e)) from e
            except OSError as e:
                self._status = AutosaveStatus(path, None, f"{files.describe_os_error(e)} ({path})")
                raise AutosaveError(self._status.error) from e
            self._status = AutosaveStatus(path, game.moves, None)

    def read(self, report: Callable[[str], None] = log.warning) -> SavedGame | None:
        """The autosaved game this run may offer to resume, or None when there is none.

        A corrupt autosave is moved aside (``autosave.c4save.bad``, or ``.bad.1``, ``.bad.2``, ...
        if that name is taken; an earlier one is never overwritten) and None returned. An autosave
        that cannot be read at all (permission denied, a named pipe in its place) is not corrupt:
        it is reported and left as it is, and this game autosaves under another name. ``report``
        receives each of those messages (one line each).
        """
        with self._guard:
            slot = self._own()
            for note in slot.notes:
                report(note)
            slot.notes.clear()
            if slot.off is not None:
                report(_("this game runs without autosave: {reason}").format(reason=slot.off))
                return None
            path = slot.path
            if not os.path.lexists(path):
                return None
            try:
                return load_game(path)
            except UnreadableSaveError as e:
                report(_("the autosave cannot be read ({reason}); it is left as it is").format(reason=e))
                self._own(exclude=frozenset({slot.number}))
                return None
            except SaveFileError as e:
                aside = files.set_aside(path)
                report(_("ignoring the autosave: {reason}; kept as {file}").format(reason=e, file=shown(aside.name))
                       if aside else _("ignoring the autosave: {reason}").format(reason=e))
                return None

    def clear(self) -> None:
        """Remove this game's autosave (the game ended or was abandoned); no error if there is none."""
        with self._guard:
            slot = self._own()
            if slot.off is not None:
                return
            path = slot.path
            try:
                path.unlink()
            except FileNotFoundError:
                pass
            except OSError as e:
                log.warning("cannot remove the autosave %s: %s", path, e)
                return
            self._status = None

    def close(self) -> None:
        """This run is over: its slot's lock is given back, as the end of the process would, so the
        next start may offer its autosave. Nothing is written or removed after this (``off``)."""
        with self._guard:
            if self._slot is not None:
                _release(self._slot)
            self._closed = True


__all__ = ["AUTOSAVE_NAME", "AutosaveError", "AutosaveStatus", "Autosaves"]

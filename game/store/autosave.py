"""The autosave: the game in progress, rewritten after every move, offered again at the next start.

Each running game has an autosave of its own, so two windows open at once never replace each
other's game in progress, and a new start offers the newest autosave that no running game holds.
"""

from __future__ import annotations

import itertools
import logging
import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from game.domain.saved import SavedGame
from game.echo import shown

from . import files
from .folders import user_data_dir
from .savefile import SAVE_SUFFIX, SaveFileError, UnreadableSaveError, load_game, save_game

log = logging.getLogger(__name__)

AUTOSAVE_NAME = "autosave" + SAVE_SUFFIX


class AutosaveError(SaveFileError, OSError):
    """The autosave could not be written; the message is the reason (one line, with the path).

    Raised by :func:`write_autosave` for every failure, whether the disk refused (full,
    read-only, gone) or the game could not be written down. It is both a SaveFileError and an
    OSError, so either ``except`` catches it. The game itself is unharmed and goes on; the
    previous autosave, if any, is intact.
    """


# ---------------------------------------------------------------------------
# Autosave: the game in progress, rewritten after every move.
#
# Each running game owns an autosave "slot": autosave.c4save, or autosave-N.c4save when other
# games hold the lower numbers. It owns it by holding an exclusive lock (flock / msvcrt.locking)
# on the slot's lock file .autosave[-N].c4save.lock for as long as it runs; the system drops the
# lock when the process ends, even on kill -9, so a slot whose lock can be taken belongs to no
# running game. At its first use a game takes, of the free slots, the one with the newest
# autosave (that is the game offered for resuming), else the lowest free number. Lock files are
# never deleted: removing one while a game holds it would let a second game lock a new file of
# the same name and share the slot.


@dataclass
class _Slot:
    folder: Path
    number: int
    fd: int | None  # the held lock; None when no slot could be locked (then ``off`` says why)
    notes: list[str]  # autosaves found unreadable while choosing, reported by read_autosave
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
_slot: _Slot | None = None
_status: AutosaveStatus | None = None


def _slot_path(folder: Path, number: int) -> Path:
    return folder / (AUTOSAVE_NAME if number == 1 else f"autosave-{number}{SAVE_SUFFIX}")


def _lock_path(folder: Path, number: int) -> Path:
    return folder / f".{_slot_path(folder, number).name}.lock"


def _release(slot: _Slot) -> None:
    if slot.fd is not None:
        files.unlock(slot.fd)
        slot.fd = None


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
        reason = f"no autosave slot in {folder} can be locked ({files.describe_os_error(e)})"
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
            notes.append(f"the autosave lock {lock} cannot be opened ({files.describe_os_error(e)}); "
                         f"that slot is not used")
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
            notes.append(f"the autosave {path} cannot be read ({files.describe_os_error(e)}); it is left as it is")
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


def _own_slot(exclude: frozenset[int] = frozenset(), *, empty: bool = False) -> _Slot:
    global _slot
    folder = user_data_dir()
    if _slot is not None and _slot.folder == folder and _slot.number not in exclude and not empty:
        return _slot
    if _slot is not None:
        _release(_slot)
    _slot = _choose_slot(folder, exclude, empty=empty)
    if _slot.fd is None:  # autosave off: try again next time, the folder may become usable
        slot, _slot = _slot, None
        return slot
    return _slot


def autosave_path() -> Path:
    """This running game's autosave: ``autosave.c4save`` in the data folder, or
    ``autosave-N.c4save`` while other running games hold the lower numbers (see above)."""
    return _own_slot().path


def keep_autosave_for_later() -> None:
    """Leave the autosave this run would use to a later start and take another slot.

    A game started straight from the command line must not overwrite an unfinished game that
    was autosaved before: that game stays where it is, unlocked, and the next start that opens
    the menu offers it (the newest free autosave). The new slot holds no autosave at all, so no
    other unfinished game is ever replaced either."""
    _own_slot(exclude=frozenset({_own_slot().number}), empty=True)


def write_autosave(game: SavedGame) -> None:
    """Atomically replace this game's autosave. Raises :class:`AutosaveError` (the reason and the
    path in one line) when it cannot be written; the previous autosave is then intact."""
    global _status
    slot = _own_slot()
    path = slot.path
    if slot.off is not None:
        _status = AutosaveStatus(path, None, f"autosave is off: {slot.off}")
        raise AutosaveError(_status.error)
    try:
        save_game(path, game)
    except SaveFileError as e:
        _status = AutosaveStatus(path, None, str(e))
        raise AutosaveError(str(e)) from e
    except OSError as e:
        _status = AutosaveStatus(path, None, f"{files.describe_os_error(e)} ({path})")
        raise AutosaveError(_status.error) from e
    _status = AutosaveStatus(path, game.moves, None)


def last_autosave() -> AutosaveStatus | None:
    """What the last :func:`write_autosave` of this run did (None: nothing written, or cleared since)."""
    return _status


def read_autosave(report: Callable[[str], None] = log.warning) -> SavedGame | None:
    """The autosaved game this run may offer to resume, or None when there is none.

    A corrupt autosave is moved aside (``autosave.c4save.bad``, or ``.bad.1``, ``.bad.2``, ... if
    that name is taken; an earlier one is never overwritten) and None returned. An autosave that
    cannot be read at all (permission denied, a named pipe in its place) is not corrupt: it is
    reported and left as it is, and this game autosaves under another name. ``report`` receives
    each of those messages (one line each).
    """
    slot = _own_slot()
    for note in slot.notes:
        report(note)
    slot.notes.clear()
    if slot.off is not None:
        report(f"this game runs without autosave: {slot.off}")
        return None
    path = slot.path
    if not os.path.lexists(path):
        return None
    try:
        return load_game(path)
    except UnreadableSaveError as e:
        report(f"the autosave cannot be read ({e}); it is left as it is")
        _own_slot(exclude=frozenset({slot.number}))
        return None
    except SaveFileError as e:
        aside = files.set_aside(path)
        report(f"ignoring the autosave: {e}" + (f"; kept as {shown(aside.name)}" if aside else ""))
        return None


def clear_autosave() -> None:
    """Remove this game's autosave (the game ended or was abandoned); no error if there is none."""
    global _status
    slot = _own_slot()
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
    _status = None


__all__ = ["AUTOSAVE_NAME", "AutosaveError", "AutosaveStatus", "autosave_path", "clear_autosave",
           "keep_autosave_for_later", "last_autosave", "read_autosave", "write_autosave"]

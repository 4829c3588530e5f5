"""Where the player's record lives: ``record.jsonl``, one finished game per line, only ever appended.

Why JSON lines and not a database: adding a game is one ``write`` of one short line under a lock
(:func:`game.store.files.append_line`), so its cost does not grow with the record and two windows that
finish games at the same moment both get their line; a line cut short by a power cut damages
that line alone; a bad entry is set aside by itself while every other game is kept; the file
stays plain text a player can read, back up and mend; and a field added to a game is one more
key on new lines (older lines simply lack it, and lines keep keys this version does not know).
The standard library's sqlite3 would give the same appends, but a damaged page can cost the whole
file, and it cannot refuse a named pipe or a device before opening it as the file layer does.

Guarantees, all through ``game.store.files``:

* A record that cannot be read (permission denied, a named pipe, too large) is never written:
  new games wait in ``record.waiting.jsonl`` (or in memory when that cannot be written either),
  the player is told, and they join the record once it can be read and written.
* Every game is kept (no cut at any size). Reading is bounded by :data:`MAX_RECORD_BYTES`.
* A line that is not a valid game (bad JSON, a level name with a NUL or a lone surrogate, a
  date that is not a date or lies outside ``game.store.fields``' range) is copied to
  ``record.jsonl.bad`` (``.bad.1``, ... never replacing an earlier one) and removed from the
  record; the other games stay. A UTF-8 byte order mark is accepted. A symlink at ``record.jsonl`` stays a symlink.
* The record of earlier versions (``record.json``, one JSON document) is imported once, game by
  game, then renamed ``record.json.imported``.

No pygame here; :class:`game.ui.record_keeper` runs these calls off the window's thread.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from game.domain.record import GameRecord, Record
from game.echo import shown
from game.i18n import _, ngettext

from . import fields, files
from .folders import user_data_dir

log = logging.getLogger(__name__)

__all__ = ["LEGACY_NAME", "MAX_RECORD_BYTES", "RECORD_NAME", "WAITING_NAME", "add_game", "load_record",
           "record_path"]

RECORD_NAME = "record.jsonl"
WAITING_NAME = "record.waiting.jsonl"
LEGACY_NAME = "record.json"
MAX_RECORD_BYTES = 256 * 1024 * 1024  # about 1.5 million games
MAX_LINE_BYTES = 4096  # a game is about 200 bytes; a longer line is not one
MAX_NOTICE_CHARS = 200
_BOM = b"\xef\xbb\xbf"


def record_path() -> Path:
    return user_data_dir() / RECORD_NAME


def _waiting_path(path: Path) -> Path:
    return path.with_name(WAITING_NAME)


def _notice(text: str) -> str:
    return shown(text, MAX_NOTICE_CHARS)


@dataclass
class _Lines:
    """A record file split into its games: the raw lines kept, those set aside and why."""

    games: list[GameRecord] = field(default_factory=list)
    good: list[bytes] = field(default_factory=list)
    bad: list[bytes] = field(default_factory=list)
    first_problem: str = ""


def game_line(game: GameRecord) -> bytes:
    """The line that stores ``game``."""
    return json.dumps(game.to_json(), ensure_ascii=False, allow_nan=False).encode("utf-8") + b"\n"


def _parse(data: bytes) -> _Lines:
    out = _Lines()
    data = data.removeprefix(_BOM)
    for number, raw in enumerate(data.split(b"\n"), start=1):
        if not raw.strip():
            continue
        try:
            if len(raw) > MAX_LINE_BYTES:
                raise ValueError(f"{len(raw):,} bytes, too long for a game")
            game = GameRecord.from_json(json.loads(raw.decode("utf-8")))
            fields.stamp(game.date, "date", zone=False)
            out.games.append(game)
        except (ValueError, TypeError, ArithmeticError, RecursionError) as exc:  # JSONDecodeError, OverflowError too
            out.bad.append(raw + b"\n")
            out.first_problem = out.first_problem or f"line {number}: {exc}"
            continue
        out.good.append(raw + b"\n")
    return out


def _read(path: Path) -> bytes | None:
    """The file's bytes (None when there is no file); OSError when it cannot be read or is too large."""
    try:
        data = files.read_regular_file(path, MAX_RECORD_BYTES)
    except FileNotFoundError:
        return None
    if len(data) > MAX_RECORD_BYTES:
        raise OSError(f"larger than {MAX_RECORD_BYTES // (1024 * 1024)} MiB")
    return data


def _repair(path: Path, lines: _Lines, notices: list[str]) -> None:
    """Set the bad lines aside in ``NAME.bad`` (a new file) and rewrite the record without them."""
    try:
        aside = files.write_aside(path, b"".join(lines.bad))
        files.atomic_write_bytes(path, b"".join(lines.good))
    except OSError as exc:
        notices.append(_notice(ngettext(
            "{count} damaged entry in your game record ({problem}) could not be set aside ({reason}); it is not "
            "counted",
            "{count} damaged entries in your game record ({problem}) could not be set aside ({reason}); they are not "
            "counted", len(lines.bad)).format(count=len(lines.bad), problem=lines.first_problem,
                                              reason=files.describe_os_error(exc))))
        return
    log.warning("game record %s: %d damaged entries moved to %s", path, len(lines.bad), aside.name)
    notices.append(_notice(ngettext(
        "{count} damaged entry in your game record was set aside in {file} ({problem}); your other {kept} games "
        "are kept",
        "{count} damaged entries in your game record were set aside in {file} ({problem}); your other {kept} games "
        "are kept", len(lines.bad)).format(count=len(lines.bad), file=aside.name, problem=lines.first_problem,
                                           kept=len(lines.good))))


def _import_legacy(path: Path, notices: list[str]) -> None:
    """Append the games of an earlier version's ``record.json`` (those not already there), then
    rename it ``record.json.imported``. A file that cannot be read is left for a later start."""
    legacy = path.with_name(LEGACY_NAME)
    try:
        data = _read(legacy)
    except OSError as exc:
        notices.append(_notice(_("Cannot read your earlier game record {file} ({reason}); it is left as it is").format(
            file=LEGACY_NAME, reason=files.describe_os_error(exc))))
        return
    if data is None:
        return
    items: list[object] = []
    try:
        doc = json.loads(data.removeprefix(_BOM).decode("utf-8"))
        items = doc["games"] if isinstance(doc, dict) and isinstance(doc.get("games"), list) else []
    except (ValueError, RecursionError):
        pass
    lines = _Lines()
    for i, item in enumerate(items, start=1):
        try:
            game = GameRecord.from_json(item)
        except ValueError as exc:
            lines.first_problem = lines.first_problem or f"game {i}: {exc}"
            continue
        lines.games.append(game)
    present = _parse(_read(path) or b"")
    known = {game_line(g) for g in present.games}
    new = [line for line in map(game_line, lines.games) if line not in known]
    files.atomic_write_bytes(path, b"".join(new) + b"".join(present.good) + b"".join(present.bad))
    moved = files.set_aside(legacy, ".imported")
    if len(lines.games) != len(items) or not items:
        said = (_("{imported} of {count} games of your earlier record were imported; the file is kept as {file} "
                  "({problem})") if lines.first_problem
                else _("{imported} of {count} games of your earlier record were imported; the file is kept as {file}"))
        notices.append(_notice(said.format(imported=len(lines.games), count=len(items), problem=lines.first_problem,
                                           file=moved.name if moved else LEGACY_NAME)))


def _merge_waiting(path: Path, notices: list[str]) -> None:
    """Games that waited while the record could not be written join it; the side file goes."""
    waiting = _waiting_path(path)
    try:
        data = _read(waiting)
    except OSError:
        return
    if not data:
        return
    lines = _parse(data)
    for line in lines.good:
        files.append_line(path, line)
    if lines.bad:
        files.write_aside(waiting, b"".join(lines.bad))
    waiting.unlink()
    notices.append(_notice(ngettext("{count} game that waited while your record could not be written has joined it",
                                    "{count} games that waited while your record could not be written have joined it",
                                    len(lines.good)).format(count=len(lines.good))))


@contextlib.contextmanager
def _lock(path: Path) -> Iterator[None]:
    """Hold the record's lock. A lock file that cannot be opened at all (owned by another user, a
    folder in its place) means working without it rather than never recording again: one
    ``write`` of one short line in append mode does not interleave with another on a local disk.
    A lock held too long by another process (LockTimeout) is raised."""
    lock = files.FileLock(path)
    try:
        lock.__enter__()
    except files.LockTimeout:
        raise
    except OSError as exc:
        log.warning("game record %s without its lock: %s", path, exc)
        yield
        return
    try:
        yield
    finally:
        lock.__exit__(None, None, None)


def load_record(path: Path | None = None) -> tuple[Record, str | None]:
    """The record, and a notice for the player (None when all is well).

    A missing file is an empty record. A file that cannot be read is left exactly as it is (and
    new games wait beside it, see :func:`add_game`); bad lines are set aside by themselves."""
    path = record_path() if path is None else Path(path)
    notices: list[str] = []
    try:
        with _lock(path):
            _import_legacy(path, notices)
            _merge_waiting(path, notices)
            data = _read(path)
            lines = _parse(data or b"")
            if lines.bad:
                _repair(path, lines, notices)
    except OSError as exc:
        log.warning("cannot read the game record %s: %s", path, exc)
        notices.append(_notice(_("Cannot read your game record {file} ({reason}); it is left as it is, and new games "
                                 "wait in {waiting} until it can be read").format(
            file=path.name, reason=files.describe_os_error(exc), waiting=WAITING_NAME)))
        return Record(), "; ".join(notices)
    return Record(tuple(lines.games)), "; ".join(notices) or None


def add_game(game: GameRecord, path: Path | None = None) -> str | None:
    """Append ``game`` to the record (one line, under the record's lock) and return a notice for
    the player, or None when all went well. Its cost does not depend on the record's size.

    When the record cannot be written (or read: a record that cannot be read is never written
    to), the game waits in ``record.waiting.jsonl`` and joins the record at a later load; when
    even that fails, OSError is raised so the caller keeps the game in memory and tries again.
    """
    path = record_path() if path is None else Path(path)
    line = game_line(game)
    try:
        with _lock(path):
            if os.path.lexists(path):
                files.read_regular_file(path, 0)  # a record that cannot be read is never written to
            files.append_line(path, line)
        return None
    except OSError as exc:
        problem = files.describe_os_error(exc)
    waiting = _waiting_path(path)
    with _lock(waiting):
        files.append_line(waiting, line)
    log.warning("game record %s cannot be written (%s); the game waits in %s", path, problem, waiting.name)
    return _notice(_("Your game record cannot be written ({reason}); this game waits in {waiting} and joins the "
                     "record when it can").format(reason=problem, waiting=WAITING_NAME))

"""A file of JSON lines the game keeps for the player, one value a line, behind ``game.store.files``.

Each change rewrites the file whole, atomically, under its lock; the files kept this way are small
(a line per drill or per puzzle tried) and a change touches few lines:

* **A write killed midway loses nothing.** :func:`game.store.files.atomic_write_bytes` writes a
  temporary file, fsyncs it and renames it over the old one: a reader sees the old file or the
  new one, never half. Temporary files a kill left behind are removed once stale.
* **A damaged file loses nothing that can be read.** A line that is not a valid value is copied
  to ``NAME.bad`` (``.bad.1``, ... never replacing an earlier one) and removed from the file;
  the other lines stay.
* **A file that cannot be read is never written.** Loading reports it and gives no values; a
  change raises OSError, so the caller keeps its values in memory and says so.
* **A folder that cannot be written is still read.** When the lock cannot be made there (a
  read-only file system, a folder without write permission), the file is read without it (writes
  are atomic renames, so a reader sees a whole file) and the notice says that nothing new will be
  kept; damaged lines are then left where they are.
* **Two windows queue up.** Read-modify-write holds the file's :class:`game.store.files.FileLock`.

No pygame here, and nothing about what the values mean: their owners give the codec.
"""

from __future__ import annotations

import errno
import json
import logging
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Generic, NamedTuple, TypeVar

from . import files
from game.echo import shown
from game.i18n import _

log = logging.getLogger(__name__)

__all__ = ["LineFile", "LineWords"]

T = TypeVar("T")
MAX_NOTICE_CHARS = 200
#: The errors of a folder the game may read but not write in.
_UNWRITABLE = frozenset({errno.EROFS, errno.EACCES, errno.EPERM})
_BOM = b"\xef\xbb\xbf"


@dataclass
class _Parsed(Generic[T]):
    values: list[T] = field(default_factory=list)
    bad: list[bytes] = field(default_factory=list)
    first_problem: str = ""


class LineWords(NamedTuple):
    """What the player is told about one kind of file, each a whole sentence written where the kind
    is defined and translated when said: a message marked with N_, or for a count a function of it
    that calls ngettext. The placeholders: {count} lines, {file} its name, {problem} the first
    damaged line's fault, {kept} the values kept, {reason} why the file cannot be read or its
    folder written."""

    set_aside: Callable[[int], str]           # {count} damaged values set aside in {file} ({problem}); {kept} kept
    cannot_read: str                          # {file} cannot be read ({reason}); left as it is
    read_only: str                            # read from {file}, its folder cannot be written ({reason})
    read_only_damaged: Callable[[int], str]   # read_only, and {count} damaged lines left in the file


@dataclass(frozen=True)
class LineFile(Generic[T]):
    """How one kind of value is kept: ``decode`` turns a line's JSON into a value (ValueError or
    TypeError naming the field when it is not one, or when a field lies outside the range the
    game can use: see ``game.store.fields``), ``encode`` the other way; ``key`` names
    values that must be unique (a later line with a key already read is dropped)."""

    words: LineWords  # the notices about this kind of file
    decode: Callable[[object], T]
    encode: Callable[[T], object]
    key: Callable[[T], Hashable] | None = None
    max_bytes: int = 16 * 1024 * 1024
    max_line: int = 4096

    def line(self, value: T) -> bytes:
        """The line that stores ``value`` (ASCII JSON)."""
        return json.dumps(self.encode(value), ensure_ascii=True, allow_nan=False).encode("ascii") + b"\n"

    def _value(self, raw: bytes) -> T:
        if len(raw) > self.max_line:
            raise ValueError(f"{len(raw):,} bytes, too long for a line")
        return self.decode(json.loads(raw.decode("utf-8")))

    def _parse(self, data: bytes) -> _Parsed[T]:
        out: _Parsed[T] = _Parsed()
        seen: set[Hashable] = set()
        for number, raw in enumerate(data.removeprefix(_BOM).split(b"\n"), start=1):
            if not raw.strip():
                continue
            try:
                value = self._value(raw)
            except (ValueError, TypeError, ArithmeticError, RecursionError) as exc:  # OverflowError too
                out.bad.append(raw + b"\n")
                out.first_problem = out.first_problem or f"line {number}: {shown(exc, 80)}"
                continue
            if self.key is not None:
                key = self.key(value)
                if key in seen:
                    continue
                seen.add(key)
            out.values.append(value)
        return out

    def _read(self, path: Path) -> bytes:
        """The file's bytes (none when there is no file); OSError when it cannot be read or is too large."""
        try:
            data = files.read_regular_file(path, self.max_bytes)
        except FileNotFoundError:
            return b""
        if len(data) > self.max_bytes:
            raise OSError(f"larger than {self.max_bytes // (1024 * 1024)} MiB")
        return data

    def _set_aside(self, path: Path, parsed: _Parsed[T]) -> str:
        """Copy the damaged lines to ``NAME.bad`` (a new file) and say so; the caller rewrites the file."""
        aside = files.write_aside(path, b"".join(parsed.bad))
        log.info("%s: %d damaged lines moved to %s", path, len(parsed.bad), aside.name)
        said = self.words.set_aside(len(parsed.bad)).format(
            count=len(parsed.bad), file=aside.name, problem=parsed.first_problem, kept=len(parsed.values))
        return shown(said, MAX_NOTICE_CHARS)

    @staticmethod
    def clean_stale(path: Path, now: float | None = None) -> list[Path]:
        """Remove temporary files that a write of ``path`` killed midway left behind (once stale)."""
        return files.clean_stale_temporaries([path.parent], lambda _name, target, _info: target == path.name, now)

    def load(self, path: Path) -> tuple[list[T], str | None]:
        """The values in file order, and a notice for the player (None when all is well).

        A missing file holds none. Damaged lines are set aside by themselves. A file that cannot
        be read is left exactly as it is: no values, and a notice saying why.
        """
        try:
            return self.read(path)
        except OSError as exc:
            log.info("cannot read %s: %s", path, exc)
            said = _(self.words.cannot_read).format(file=path.name, reason=files.describe_os_error(exc))
            return [], shown(said, MAX_NOTICE_CHARS)

    def read(self, path: Path, change: Callable[[list[T]], list[T]] | None = None) -> tuple[list[T], str | None]:
        """:meth:`update`, except where the folder cannot be written: then the file is read without
        its lock, ``change`` is applied in memory only, and the notice says that nothing new will be
        kept. OSError when the file cannot be read."""
        try:
            return self.update(change, path)
        except OSError as exc:
            if exc.errno not in _UNWRITABLE:
                raise
            refused = exc
        parsed = self._parse(self._read(path))
        values = parsed.values if change is None else change(list(parsed.values))
        log.info("%s read without its lock: %s", path, refused)
        said = self.words.read_only_damaged(len(parsed.bad)) if parsed.bad else _(self.words.read_only)
        return values, shown(said.format(file=path.name, reason=files.describe_os_error(refused), count=len(parsed.bad)),
                             MAX_NOTICE_CHARS)

    def update(self, change: Callable[[list[T]], list[T]] | None, path: Path) -> tuple[list[T], str | None]:
        """Read the values, apply ``change`` to the list and write the result, under the file's lock;
        return the new list and a notice (None when all is well). ``change`` None only reads (and
        sets damaged lines aside). OSError when the file cannot be read or written: then nothing
        was written, and a file that could not be read is untouched."""
        self.clean_stale(path)
        with files.FileLock(path):
            parsed = self._parse(self._read(path))
            notice = self._set_aside(path, parsed) if parsed.bad else None
            values = parsed.values if change is None else change(list(parsed.values))
            if parsed.bad or (change is not None and values != parsed.values):
                files.atomic_write_bytes(path, b"".join(map(self.line, values)))
        return values, notice

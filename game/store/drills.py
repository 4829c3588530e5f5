"""Where the player's drills live: ``drills.jsonl``, one drill and its schedule a line.

Each line holds a drill (``game.engine.drills.Drill``) and its FSRS card (``fsrs.Card``: when
it is due, its stability and difficulty). Drills are few (one per slip of the player), and a
review changes one card, so every change rewrites the file whole, atomically, under a lock:

* **A write killed midway loses nothing.** :func:`game.files.atomic_write_bytes` writes a
  temporary file, fsyncs it and renames it over the old one: a reader sees the old file or the
  new one, never half. Temporary files a kill left behind are removed once stale.
* **A damaged file loses nothing that can be read.** A line that is not a valid drill (bad JSON,
  an impossible position, a card whose date is not a date) is copied to ``drills.jsonl.bad``
  (``.bad.1``, ... never replacing an earlier one) and removed from the file; the other drills
  stay, with their schedules.
* **A file that cannot be read is never written.** Loading reports it and gives no drills;
  a change raises OSError, so the caller keeps its drills in memory and says so.
* **Two windows queue up.** Read-modify-write holds the file's :class:`game.files.FileLock`.

No pygame here.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

from fsrs import Card, State

from game import files
from game.echo import shown
from game.engine.drills import Drill
from game.storage import user_data_dir

log = logging.getLogger(__name__)

__all__ = ["DRILLS_NAME", "DrillEntry", "clean_stale", "drills_path", "entry_line", "load_drills", "update_drills"]

DRILLS_NAME = "drills.jsonl"
MAX_DRILLS_BYTES = 16 * 1024 * 1024  # tens of thousands of drills
MAX_LINE_BYTES = 4096  # a drill with its card is about 300 bytes
MAX_NOTICE_CHARS = 200
_BOM = b"\xef\xbb\xbf"


@dataclass(frozen=True, slots=True)
class DrillEntry:
    """A drill and its schedule. The card is never changed in place: a review makes a new entry."""

    drill: Drill
    card: Card

    @property
    def key(self) -> int:
        return self.drill.key


def drills_path() -> Path:
    return user_data_dir() / DRILLS_NAME


def _date(value: object, field: str) -> datetime:
    if not isinstance(value, str) or len(value) > 64:
        raise ValueError(f"{field}: not a date")
    stamp = datetime.fromisoformat(value)
    if stamp.tzinfo is None:
        raise ValueError(f"{field}: {shown(value)} has no time zone")
    return stamp.astimezone(timezone.utc)


def _card_from_json(data: object) -> Card:
    """ValueError naming the field when ``data`` is not a card ``Card.to_dict`` wrote."""
    if not isinstance(data, dict):
        raise ValueError("card: not a JSON object")
    card_id, state, step = data.get("card_id"), data.get("state"), data.get("step")
    if isinstance(card_id, bool) or not isinstance(card_id, int):
        raise ValueError("card_id: not a whole number")
    if state not in {s.value for s in State} or isinstance(state, bool):
        raise ValueError(f"state: {shown(state)} is not a card state")
    if step is not None and (isinstance(step, bool) or not isinstance(step, int) or not 0 <= step <= 100):
        raise ValueError(f"step: {shown(step)} is not a step")
    numbers = {}
    for name in ("stability", "difficulty"):
        value = data.get(name)
        if value is not None and (isinstance(value, bool) or not isinstance(value, (int, float))
                                  or not 0 < value < 1e9):
            raise ValueError(f"{name}: {shown(value)} is not a positive number")
        numbers[name] = None if value is None else float(value)
    last = data.get("last_review")
    return Card(card_id=card_id, state=State(state), step=step, due=_date(data.get("due"), "due"),
                last_review=None if last is None else _date(last, "last_review"), **numbers)


def entry_line(entry: DrillEntry) -> bytes:
    """The line that stores ``entry``."""
    doc = {"drill": entry.drill.to_json(), "card": entry.card.to_dict()}
    return json.dumps(doc, ensure_ascii=True, allow_nan=False).encode("ascii") + b"\n"


def _entry(raw: bytes) -> DrillEntry:
    if len(raw) > MAX_LINE_BYTES:
        raise ValueError(f"{len(raw):,} bytes, too long for a drill")
    doc = json.loads(raw.decode("utf-8"))
    if not isinstance(doc, dict):
        raise ValueError("not a JSON object")
    return DrillEntry(Drill.from_json(doc.get("drill")), _card_from_json(doc.get("card")))


@dataclass
class _Parsed:
    entries: list[DrillEntry]
    bad: list[bytes]
    first_problem: str = ""


def _parse(data: bytes) -> _Parsed:
    """Split the file into drills and damaged lines; a later line for a position already read is
    a duplicate and is dropped (the first one, with its schedule, stays)."""
    out = _Parsed([], [])
    seen: set[int] = set()
    for number, raw in enumerate(data.removeprefix(_BOM).split(b"\n"), start=1):
        if not raw.strip():
            continue
        try:
            entry = _entry(raw)
        except (ValueError, TypeError, RecursionError) as exc:  # UnicodeDecodeError, JSONDecodeError too
            out.bad.append(raw + b"\n")
            out.first_problem = out.first_problem or f"line {number}: {shown(exc, 80)}"
            continue
        if entry.key not in seen:
            seen.add(entry.key)
            out.entries.append(entry)
    return out


def _read(path: Path) -> bytes:
    """The file's bytes (none when there is no file); OSError when it cannot be read or is too large."""
    try:
        data = files.read_regular_file(path, MAX_DRILLS_BYTES)
    except FileNotFoundError:
        return b""
    if len(data) > MAX_DRILLS_BYTES:
        raise OSError(f"larger than {MAX_DRILLS_BYTES // (1024 * 1024)} MiB")
    return data


def _write(path: Path, entries: list[DrillEntry]) -> None:
    files.atomic_write_bytes(path, b"".join(map(entry_line, entries)))


def _set_aside_bad(path: Path, parsed: _Parsed) -> str:
    """Copy the damaged lines to ``NAME.bad`` (a new file) and say so; the caller rewrites the file."""
    aside = files.write_aside(path, b"".join(parsed.bad))
    log.warning("drills %s: %d damaged entries moved to %s", path, len(parsed.bad), aside.name)
    return shown(f"{len(parsed.bad)} damaged drills were set aside in {aside.name} ({parsed.first_problem}); "
                 f"your other {len(parsed.entries)} drills are kept", MAX_NOTICE_CHARS)


def clean_stale(path: Path, now: float | None = None) -> list[Path]:
    """Remove temporary files that a write of ``path`` killed midway left behind (once stale)."""
    return files.clean_stale_temporaries([path.parent], lambda _name, target, _info: target == path.name, now)


def load_drills(path: Path | None = None) -> tuple[list[DrillEntry], str | None]:
    """The drills, oldest first, and a notice for the player (None when all is well).

    A missing file holds no drills. Damaged lines are set aside by themselves. A file that
    cannot be read is left exactly as it is: no drills, and a notice saying why.
    """
    path = drills_path() if path is None else Path(path)
    try:
        return update_drills(None, path)
    except OSError as exc:
        log.warning("cannot read the drills %s: %s", path, exc)
        return [], shown(f"Cannot read your drills {path.name} ({files.describe_os_error(exc)}); "
                         f"it is left as it is", MAX_NOTICE_CHARS)


def update_drills(change: Callable[[list[DrillEntry]], list[DrillEntry]] | None,
                  path: Path | None = None) -> tuple[list[DrillEntry], str | None]:
    """Read the drills, apply ``change`` to the list and write the result, under the file's lock;
    return the new list and a notice (None when all is well). ``change`` None only reads (and
    sets damaged lines aside). OSError when the file cannot be read or written: then nothing
    was written, and a file that could not be read is untouched."""
    path = drills_path() if path is None else Path(path)
    clean_stale(path)
    with files.FileLock(path):
        parsed = _parse(_read(path))
        notice = _set_aside_bad(path, parsed) if parsed.bad else None
        entries = parsed.entries if change is None else change(list(parsed.entries))
        if parsed.bad or (change is not None and entries != parsed.entries):
            _write(path, entries)
    return entries, notice

"""Where the player's drills live: ``drills.jsonl``, one drill and its schedule a line.

Each line holds a drill (``game.engine.drills.Drill``) and its FSRS card (``fsrs.Card``: when
it is due, its stability and difficulty). Drills are few (one per slip of the player), and a
review changes one card, so every change rewrites the file whole, atomically, under a lock
(``game.store.lines``): a write killed midway loses nothing, a line that is not a valid drill
(bad JSON, an impossible position, a card whose date is not a date) is set aside in
``drills.jsonl.bad`` while the other drills stay with their schedules, and a file that cannot be
read is never written.

No pygame here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

from fsrs import Card, State

from game.echo import shown
from game.engine.drills import Drill
from game.store.folders import user_data_dir

from .lines import LineFile

__all__ = ["DRILLS_NAME", "DRILL_LINES", "DrillEntry", "clean_stale", "drills_path", "entry_line", "load_drills", "update_drills"]

DRILLS_NAME = "drills.jsonl"


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


def _encode(entry: DrillEntry) -> dict:
    return {"drill": entry.drill.to_json(), "card": entry.card.to_dict()}


def _decode(doc: object) -> DrillEntry:
    if not isinstance(doc, dict):
        raise ValueError("not a JSON object")
    return DrillEntry(Drill.from_json(doc.get("drill")), _card_from_json(doc.get("card")))


#: One drill per position: a later line for a position already read is dropped (the first one,
#: with its schedule, stays).
DRILL_LINES = LineFile("drills", _decode, _encode, key=lambda entry: entry.key)


def entry_line(entry: DrillEntry) -> bytes:
    """The line that stores ``entry``."""
    return DRILL_LINES.line(entry)


def clean_stale(path: Path, now: float | None = None) -> list[Path]:
    """Remove temporary files that a write of ``path`` killed midway left behind (once stale)."""
    return DRILL_LINES.clean_stale(path, now)


def load_drills(path: Path | None = None) -> tuple[list[DrillEntry], str | None]:
    """The drills, oldest first, and a notice for the player (None when all is well); see
    ``LineFile.load``."""
    return DRILL_LINES.load(drills_path() if path is None else Path(path))


def update_drills(change: Callable[[list[DrillEntry]], list[DrillEntry]] | None,
                  path: Path | None = None) -> tuple[list[DrillEntry], str | None]:
    """Apply ``change`` to the drills under the file's lock; see ``LineFile.update``."""
    return DRILL_LINES.update(change, drills_path() if path is None else Path(path))

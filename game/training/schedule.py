"""When a drill comes back: the FSRS scheduler, graded from what happened.

FSRS (the Free Spaced Repetition Scheduler, Anki's) keeps, per drill, a card with its memory
stability and difficulty, and schedules the next review when the chance of still knowing the
answer falls to the desired retention (90 %). A new drill is due at once. The grade comes from
what the player did, never from a button:

* right at once (an accepted column first) -> ``Rating.Good``: the interval grows;
* right after a retry (a wrong column, then an accepted one) -> ``Rating.Hard``: it grows less;
* wrong (no accepted column) -> ``Rating.Again``: the drill comes back within minutes
  (FSRS' relearning step) and its stability falls.

Fuzzing (a random spread of long intervals) is off, so a drill's next date is the formula's own
and a schedule can be told and tested; drills are added a game at a time, so few fall due together.

Drills are kept by ``game.store.drill_file`` (atomic, locked, damaged lines set aside).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from datetime import datetime, time, timedelta, timezone
from pathlib import Path

from fsrs import Card, Rating, Scheduler

from game.domain.names import name_key
from game.engine.drills import Drill
from game.store.drill_file import LOCAL_PLAYER, DrillEntry, update_drills

__all__ = ["SCHEDULER", "Grade", "add_drills", "due_entries", "end_of_day", "grade_drill", "graded", "new_entry"]

#: The one scheduler: FSRS' default parameters and steps, fuzzing off (see the module).
SCHEDULER = Scheduler(enable_fuzzing=False)


class Grade(enum.Enum):
    """What happened when the player tried a drill."""

    FIRST_TRY = "right at once"
    AFTER_RETRY = "right after a retry"
    WRONG = "wrong"

    @property
    def rating(self) -> Rating:
        return _RATINGS[self]

    @classmethod
    def of_tries(cls, tries: Sequence[int], accepted: Iterable[int]) -> Grade:
        """The grade of the columns the player tried, in order (the drill ends at the first right one)."""
        right = set(accepted)
        if tries and tries[0] in right:
            return cls.FIRST_TRY
        return cls.AFTER_RETRY if any(c in right for c in tries) else cls.WRONG


_RATINGS = {Grade.FIRST_TRY: Rating.Good, Grade.AFTER_RETRY: Rating.Hard, Grade.WRONG: Rating.Again}


def _utc(now: datetime) -> datetime:
    if now.tzinfo is None:
        raise ValueError("a schedule's time needs a time zone")
    return now.astimezone(timezone.utc)


def new_entry(drill: Drill, now: datetime, player: str = LOCAL_PLAYER) -> DrillEntry:
    """``player``'s drill with a new card, due at once (the card's id is the position's key)."""
    return DrillEntry(drill, Card(card_id=drill.key, due=_utc(now)), player)


def graded(entry: DrillEntry, grade: Grade, now: datetime) -> DrillEntry:
    """The entry after a review with ``grade`` at ``now``: FSRS' next card, the same owner."""
    card, _log = SCHEDULER.review_card(entry.card, grade.rating, _utc(now))
    return DrillEntry(entry.drill, card, entry.player)


def end_of_day(now: datetime) -> datetime:
    """The end of ``now``'s day in its own time zone (the last moment that is still "today")."""
    day_after = datetime.combine(now.date() + timedelta(days=1), time(), tzinfo=now.tzinfo)
    return day_after - timedelta(microseconds=1)


def due_entries(entries: Iterable[DrillEntry], until: datetime) -> list[DrillEntry]:
    """The entries due at ``until`` or before: the errors a player could have seen first, then
    opening knowledge (``Drill.served_late``); in each, the longest overdue first."""
    limit = _utc(until)
    return sorted((e for e in entries if e.card.due <= limit),
                  key=lambda e: (e.drill.served_late, e.card.due, e.key))


def add_drills(drills: Iterable[Drill], now: datetime, path: Path | None = None,
               player: str = LOCAL_PLAYER) -> tuple[int, list[DrillEntry], str | None]:
    """Keep new drills for ``player`` (a position the player already has keeps its drill and
    schedule); return how many were new, every player's entries, and the store's notice. OSError
    as ``update_drills`` raises it."""
    fresh = [new_entry(drill, now, player) for drill in drills]
    added = 0

    def merge(entries: list[DrillEntry]) -> list[DrillEntry]:
        nonlocal added
        known = {e.ident for e in entries}
        for entry in fresh:
            if entry.ident not in known:
                known.add(entry.ident)
                entries.append(entry)
                added += 1
        return entries

    entries, notice = update_drills(merge, path)
    return added, entries, notice


def grade_drill(key: int, grade: Grade, now: datetime, path: Path | None = None,
                player: str = LOCAL_PLAYER) -> tuple[DrillEntry | None, str | None]:
    """Record a review of ``player``'s drill at position ``key``; its new entry (None when the
    drill is no longer kept) and the store's notice. OSError as ``update_drills`` raises it."""
    done: DrillEntry | None = None
    ident = name_key(player), key

    def review(entries: list[DrillEntry]) -> list[DrillEntry]:
        nonlocal done
        for i, entry in enumerate(entries):
            if entry.ident == ident:
                done = entries[i] = graded(entry, grade, now)
        return entries

    _entries, notice = update_drills(review, path)
    return done, notice

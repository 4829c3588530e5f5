"""The ranges a stored value must lie in to be used: checked once, where a file's line is read.

A value that parses but that the game cannot use (a date whose conversion to UTC or to the local
time overflows, a stability FSRS never gives) makes its line damaged, set aside like any other
(``game.store.lines``, ``game.store.record_file``): the program past the reader never meets it.

* **Dates** lie from :data:`FIRST_DATE` to before :data:`LAST_DATE` as instants. Far inside
  ``datetime``'s range, so any such date can be moved to any time zone (offsets are under a day)
  and have days added to it as schedules do (FSRS' longest interval is 100 years).
* **Numbers** are ints or floats (never booleans) inside the finite range their owner states.

No pygame here.
"""

from __future__ import annotations

from datetime import datetime, timezone

from game.echo import shown

__all__ = ["FIRST_DATE", "LAST_DATE", "MAX_DATE_CHARS", "number", "stamp", "whole"]

FIRST_DATE = datetime(1970, 1, 1, tzinfo=timezone.utc)
LAST_DATE = datetime(9000, 1, 1, tzinfo=timezone.utc)
#: "2026-11-27T21:30:45.123456+14:00" is 32 characters; a longer text is no date this game writes.
MAX_DATE_CHARS = 64


def stamp(value: object, name: str, *, zone: bool = True) -> datetime:
    """``value``, an ISO 8601 date, as an instant (aware; a date without a zone is the local time's
    when ``zone`` is False); ValueError naming ``name`` when it is not one, has no zone although
    ``zone`` asks for one, or lies outside :data:`FIRST_DATE` .. :data:`LAST_DATE`."""
    if not isinstance(value, str) or len(value) > MAX_DATE_CHARS:
        raise ValueError(f"{name}: not a date")
    try:
        when = datetime.fromisoformat(value)
    except ValueError:
        raise ValueError(f"{name}: {shown(value)} is not an ISO 8601 date") from None
    if when.tzinfo is None:
        if zone:
            raise ValueError(f"{name}: {shown(value)} has no time zone")
        if not FIRST_DATE.year < when.year < LAST_DATE.year:  # a year's margin for any local zone
            raise ValueError(f"{name}: {shown(value)} is out of range")
        when = when.astimezone()
    try:
        instant = when.astimezone(timezone.utc)
    except OverflowError:
        raise ValueError(f"{name}: {shown(value)} is out of range") from None
    if not FIRST_DATE <= instant < LAST_DATE:
        raise ValueError(f"{name}: {shown(value)} is out of range")
    return when


def number(value: object, name: str, low: float, high: float) -> float:
    """``value`` as a float when it is a finite number from ``low`` to ``high``; ValueError naming
    ``name`` otherwise."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not low <= value <= high:  # NaN fails too
        raise ValueError(f"{name}: {shown(value)} is not a number from {low:g} to {high:g}")
    return float(value)


def whole(value: object, name: str, low: int, high: int) -> int:
    """``value`` when it is a whole number (an int, never a boolean) from ``low`` to ``high``;
    ValueError naming ``name`` otherwise."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError(f"{name}: {shown(value, 30)} is not a whole number from {low:,} to {high:,}")
    return value

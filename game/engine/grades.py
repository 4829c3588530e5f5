"""One grade per move, the word a player reads: best, good, inaccuracy, mistake or blunder.

The exact class (``review.MoveClass``) compares exact scores; the verdict (``verdicts.Verdict``)
says what a player at the board could have seen. A player reads one word, so the grade joins
them, and the two can never disagree:

* an error a player could have seen (a missed win at once, a missed block, a disc under the
  opponent's winning cell, two threats allowed, a short loss allowed, a short win thrown away, a
  loss made much faster) is never ``best`` or ``good``: a move that kept the outcome becomes a
  ``mistake``, one that lost a step of it a ``blunder``;
* a win kept but made much longer is an ``inaccuracy``;
* an outcome changed only by play too far ahead to see ("deep": opening knowledge, zugzwang many
  moves away) is graded one step milder than its class: a ``mistake`` becomes an ``inaccuracy``,
  a ``blunder`` a ``mistake``. The exact class keeps the full measure for tools.

A move whose class was not proved has no grade, unless it is a proved error a player could see.
Pure engine code: standard library and ``game.engine`` only.
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Iterable

from .verdicts import Severity, Verdict

__all__ = ["Grade", "advice", "grade"]


class Grade(enum.Enum):
    """The one word a player reads about a move (the value is the word), mildest first."""

    BEST = "best"
    GOOD = "good"
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"

    def counted(self, n: int) -> str:
        """"1 mistake", "2 inaccuracies", "3 best"."""
        if n == 1 or self in (Grade.BEST, Grade.GOOD):
            return f"{n} {self.value}"
        return f"{n} {'inaccuracies' if self is Grade.INACCURACY else self.value + 's'}"

    @property
    def is_error(self) -> bool:
        """Worse than good: the list and the summary point at it."""
        return self in (Grade.INACCURACY, Grade.MISTAKE, Grade.BLUNDER)


#: The exact classes' values (``review.MoveClass``), taken by value so this module needs no review.
_BY_CLASS = {"best": Grade.BEST, "good": Grade.GOOD, "mistake": Grade.MISTAKE, "blunder": Grade.BLUNDER}
_MILDER = {Grade.MISTAKE: Grade.INACCURACY, Grade.BLUNDER: Grade.MISTAKE}
_HARSHER = {Grade.GOOD: Grade.MISTAKE, Grade.MISTAKE: Grade.BLUNDER, Grade.BLUNDER: Grade.BLUNDER}


def grade(move_class: str, verdict: Verdict | None) -> Grade | None:
    """The grade of a move of exact class ``move_class`` (a ``MoveClass`` value: "best", "good",
    "mistake", "blunder" or "unproved") with ``verdict`` (None: nothing a player could see).
    None for an unproved move without an error a player could see."""
    severity = None if verdict is None else verdict.severity
    exact = _BY_CLASS.get(move_class)
    if exact is None:
        return Grade.MISTAKE if severity is Severity.ERROR else None
    if exact is Grade.BEST:
        return Grade.BEST      # a verdict is given only to a move proved worse than the best
    if severity is Severity.ERROR:
        return _HARSHER[exact]
    if severity is Severity.INACCURACY and exact is Grade.GOOD:
        return Grade.INACCURACY
    if severity is Severity.DEEP:
        return _MILDER.get(exact, exact)
    return exact


#: What to practise after each kind of error, most useful first when counts tie (``advice``).
_ADVICE: dict[Verdict, tuple[str, str, str]] = {
    Verdict.MISSED_WIN: ("win in one missed", "wins in one missed",
                         "before each move, look for a four of your own"),
    Verdict.MISSED_BLOCK: ("threat not blocked", "threats not blocked",
                           "before each move, look for the opponent's three with an empty cell you can reach"),
    Verdict.UNDER_THREAT: ("disc under the opponent's winning cell", "discs under the opponent's winning cell",
                           "before you drop, look at the cell above your disc"),
    Verdict.DOUBLE_THREAT: ("double threat allowed", "double threats allowed",
                            "block a three while it has one empty cell, before it gets a second"),
    Verdict.SHORT_LOSS: ("quick loss allowed", "quick losses allowed",
                         "before each move, ask what the opponent can play after it"),
    Verdict.THREW_AWAY_WIN: ("quick win let go", "quick wins let go",
                             "when you are winning, look for the moves that leave the opponent no choice"),
    Verdict.FASTER_LOSS: ("lost position given up fast", "lost positions given up fast",
                          "when losing, block every threat and make the game long: mistakes come late"),
    Verdict.LONGER_WIN: ("long way round to a win", "long ways round to a win",
                         "when you are winning, look for the quickest four"),
}


def advice(verdicts: Iterable[Verdict]) -> str:
    """What to practise, from a side's verdicts: the most frequent error a player could have seen,
    counted, and the habit that avoids it ("2 wins in one missed: before each move, look for a
    four of your own"). Deep moves alone say that nothing was there to see; "" without any."""
    counts = Counter(verdicts)
    teachable = [v for v in _ADVICE if counts[v]]
    if teachable:
        top = max(teachable, key=lambda v: (counts[v], -list(_ADVICE).index(v)))
        one, many, habit = _ADVICE[top]
        n = counts[top]
        return f"{n} {one if n == 1 else many}: {habit}"
    if counts[Verdict.DEEP]:
        return "no error you could have seen: the outcome changed by play far ahead (opening knowledge)"
    return ""

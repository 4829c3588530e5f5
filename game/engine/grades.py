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
from typing import NamedTuple

from .verdicts import Severity, Verdict

__all__ = ["Grade", "Practice", "advice", "grade"]


class Grade(enum.Enum):
    """The one word a player reads about a move, mildest first (the value is its English key;
    ``game.words.judgements.grade_word`` says it in the player's language)."""

    BEST = "best"
    GOOD = "good"
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"

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


#: The errors a player can learn from, most useful to practise first when counts tie (``advice``).
_PRACTICE_ORDER: tuple[Verdict, ...] = (Verdict.MISSED_WIN, Verdict.MISSED_BLOCK, Verdict.UNDER_THREAT,
                                        Verdict.DOUBLE_THREAT, Verdict.SHORT_LOSS, Verdict.THREW_AWAY_WIN,
                                        Verdict.FASTER_LOSS, Verdict.LONGER_WIN)


class Practice(NamedTuple):
    """What to practise: the error a player could have seen most often (``verdict``) and how often
    (``count``); ``verdict`` None: only deep moves, nothing there to see (``count`` of them)."""

    verdict: Verdict | None
    count: int


def advice(verdicts: Iterable[Verdict]) -> Practice | None:
    """What to practise, from a side's verdicts: the most frequent error a player could have seen
    (a tie goes to the one first in ``_PRACTICE_ORDER``); deep moves alone give ``Practice(None,
    n)``; None without any. ``game.words.judgements.advice_text`` words it with its habit."""
    counts = Counter(verdicts)
    teachable = [v for v in _PRACTICE_ORDER if counts[v]]
    if teachable:
        top = max(teachable, key=lambda v: (counts[v], -_PRACTICE_ORDER.index(v)))
        return Practice(top, counts[top])
    if counts[Verdict.DEEP]:
        return Practice(None, counts[Verdict.DEEP])
    return None

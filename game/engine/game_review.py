"""Game review: every move of a game classified against exact scores.

A move is judged by two exact values, both for the side that played it: the best score
the position before it offered, and the score of the move played (minus the value of the
position after it, or the win itself). From those:

* ``best``: the move keeps the best exact score;
* ``good``: it keeps the outcome but not the score (a slower win, a faster loss);
* ``mistake``: the outcome gets one step worse (win -> draw, draw -> loss);
* ``blunder``: a won position becomes lost;
* ``unproved``: the budget ran out before the values needed were proved -- the review says
  so instead of guessing.

Values that were not proved are kept as proved bounds (``lower <= value <= upper``): bounds
alone often settle the class (a move whose value is at least every bound on the best is
best; a move into a proved loss from a proved win is a blunder).

Order: the positions with at most ``BOOK_DISCS`` discs come first, proved at once from the
opening book (the solver searches down to its 12-disc positions). The others are solved from
the last move backwards with one solver, so the table filled by each proof (the endgame) is what
the earlier positions' searches run into, and the value of the position after a move is already
known when the move is judged. Each of those positions gets its own time budget; one that is not
proved in time may get a heuristic estimate, marked as such, for display only -- an estimate
never decides a class. Each move's review is reported as soon as it is made.

Verdicts (``verdicts.py``) stand beside the classes: what a player at the board could have seen
(a missed win or block, a move under a winning cell, a short loss allowed, a much faster loss),
or that an outcome changed only by play far ahead ("deep"). The review's words (values, the
summary that leads with the errors) are ``game.words.review_text``'s.

Accuracy (``Summary.accuracy``): the share of a side's proved moves that kept the exact score,
a move that kept only the outcome (a slower win, a faster loss) counting half.

Pure engine code: standard library and ``game.engine`` only.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from time import perf_counter
from typing import NamedTuple

from .board import Position
from .book import BOOK_DISCS
from .grades import Grade, Practice, advice, grade
from .scores import Outcome, outcome, win_next_score
from .search import SearchConfig, Searcher
from .solver import SearchCancelled, Solver
from .verdicts import Severity, Verdict
from .verdicts import judge as verdict_of

__all__ = ["Bounds", "GameReview", "Grade", "MoveClass", "MoveReview", "ReviewProgress", "Summary", "classify", "review_game",
           "to_explain"]

#: Default seconds per position (the ``[review] time`` setting's default).
DEFAULT_TIME = 0.5
#: Depth and share of the position's budget for the estimate shown where no proof came.
ESTIMATE_DEPTH = 10
ESTIMATE_SHARE = 0.25

_RANK = {Outcome.LOSS: 0, Outcome.DRAW: 1, Outcome.WIN: 2}


class MoveClass(enum.Enum):
    """How a move compares with the best one, by exact scores."""

    BEST = "best"
    GOOD = "good"
    MISTAKE = "mistake"
    BLUNDER = "blunder"
    UNPROVED = "unproved"


@dataclass(frozen=True, slots=True)
class Bounds:
    """What is proved about an exact score: ``lower <= score <= upper``."""

    lower: int
    upper: int

    @classmethod
    def exact(cls, score: int) -> Bounds:
        return cls(score, score)

    @property
    def is_exact(self) -> bool:
        return self.lower == self.upper

    @property
    def score(self) -> int | None:
        """The exact score, or None while only bounds are proved."""
        return self.lower if self.lower == self.upper else None

    @property
    def outcome(self) -> Outcome | None:
        """Win, draw or loss when the bounds prove it, else None."""
        low, high = outcome(self.lower), outcome(self.upper)
        return low if low is high else None

    def __neg__(self) -> Bounds:
        return Bounds(-self.upper, -self.lower)


def classify(best: Bounds, played: Bounds) -> MoveClass:
    """The class of a move from the bounds on the position's best score and on the move's score.

    Both are for the side that moved; the move's score can never exceed the best. The class is
    UNPROVED unless the bounds settle it: ``best`` needs ``played.lower >= best.upper``, the
    other classes need both outcomes proved (and, for ``good``, the move proved worse).
    """
    if played.lower >= best.upper:
        return MoveClass.BEST
    best_outcome, played_outcome = best.outcome, played.outcome
    if best_outcome is None or played_outcome is None:
        return MoveClass.UNPROVED
    drop = _RANK[best_outcome] - _RANK[played_outcome]
    if drop == 0:
        return MoveClass.GOOD if played.upper < best.lower else MoveClass.UNPROVED
    return MoveClass.MISTAKE if drop == 1 else MoveClass.BLUNDER


@dataclass(frozen=True, slots=True)
class MoveReview:
    """One move: who played which column, what it was worth and what was best.

    ``number`` counts from 1; ``player`` is a ``Side``; columns are ``Column`` indexes.
    ``before`` bounds the best score of the position the move was played in and ``played``
    the score of the move itself, both for the mover. ``best_column`` is a move proved to
    reach ``before.lower`` (None when no move is proved to). ``estimate`` is a heuristic
    value in (-1, 1) for the position before the move when its outcome was not proved.
    """

    number: int
    player: int
    column: int
    move_class: MoveClass
    before: Bounds
    played: Bounds
    best_column: int | None
    estimate: float | None = None
    verdict: Verdict | None = None

    @property
    def severity(self) -> Severity | None:
        return None if self.verdict is None else self.verdict.severity

    @property
    def grade(self) -> Grade | None:
        """The one word a player reads (``grades``): the class and the verdict joined."""
        return grade(self.move_class.value, self.verdict)

    @property
    def discs_before(self) -> int:
        return self.number - 1

    @property
    def best_known(self) -> bool:
        """Whether the best move and something of its value are proved (what the review can name)."""
        return self.best_column is not None and (self.before.is_exact or self.before.outcome is not None)


#: What a proved move adds to its side's accuracy (the mean over proved moves, see the module).
ACCURACY_CREDIT = {MoveClass.BEST: 1.0, MoveClass.GOOD: 0.5, MoveClass.MISTAKE: 0.0, MoveClass.BLUNDER: 0.0}


@dataclass(frozen=True, slots=True)
class Summary:
    """One side's classes counted, and its first move that changed the outcome.

    ``first_turn`` is named only when every earlier move of that side is proved; otherwise
    ``first_proved_turn`` is the first one proved, with unproved moves before it. ``errors``,
    ``inaccuracies`` and ``deep`` are the side's moves with a verdict of that severity, in order.
    """

    player: int
    counts: dict[MoveClass, int]
    first_turn: MoveReview | None  # the first mistake or blunder, every earlier move proved
    first_proved_turn: MoveReview | None = None  # the first proved one after an unproved move
    errors: tuple[MoveReview, ...] = ()
    inaccuracies: tuple[MoveReview, ...] = ()
    deep: tuple[MoveReview, ...] = ()
    grades: dict[Grade, int] | None = None   # the side's moves counted by grade

    def practice(self) -> Practice | None:
        """What to practise next, from this side's errors (``grades.advice``)."""
        return advice(self.verdicts())

    @property
    def counts_unproved(self) -> int:
        """How many of the side's moves were not proved."""
        return self.counts[MoveClass.UNPROVED]

    def verdicts(self) -> tuple[Verdict, ...]:
        """The side's verdicts: the errors, then the inaccuracies and the deep moves."""
        return tuple(r.verdict for r in (*self.errors, *self.inaccuracies, *self.deep) if r.verdict)

    @property
    def accuracy(self) -> float | None:
        """Percent of the exact score kept over the proved moves (None without any)."""
        proved = sum(self.counts[c] for c in ACCURACY_CREDIT)
        if not proved:
            return None
        return 100 * sum(credit * self.counts[c] for c, credit in ACCURACY_CREDIT.items()) / proved


@dataclass(frozen=True, slots=True)
class GameReview:
    """The review of a whole game (finished or not): one MoveReview per move, in order."""

    moves: tuple[int, ...]
    reviews: tuple[MoveReview, ...]

    def summary(self, player: int) -> Summary:
        counts = dict.fromkeys(MoveClass, 0)
        first = None
        unproved_before = False
        for review in self.reviews:
            if review.player != player:
                continue
            counts[review.move_class] += 1
            if first is None and review.move_class in (MoveClass.MISTAKE, MoveClass.BLUNDER):
                first = review
            unproved_before |= first is None and review.move_class is MoveClass.UNPROVED
        own = [r for r in self.reviews if r.player == player]
        grades = dict.fromkeys(Grade, 0)
        for review in own:
            if review.grade is not None:
                grades[review.grade] += 1
        by_severity = {severity: tuple(r for r in own if r.severity is severity) for severity in Severity}
        lessons = {"errors": by_severity[Severity.ERROR], "inaccuracies": by_severity[Severity.INACCURACY],
                   "deep": by_severity[Severity.DEEP], "grades": grades}
        if unproved_before:
            return Summary(player, counts, None, first, **lessons)
        return Summary(player, counts, first, **lessons)

    @property
    def proved(self) -> int:
        """How many positions' values were proved exactly."""
        return sum(review.before.is_exact for review in self.reviews)


class ReviewProgress(NamedTuple):
    """How far a review is: ``done`` of ``total`` moves judged, and the move just judged."""

    done: int
    total: int
    review: MoveReview | None = None


Progress = Callable[[int, int, MoveReview], None]


def review_game(
    moves: Sequence[int],
    *,
    time_per_position: float = DEFAULT_TIME,
    solver: Solver | None = None,
    stop=None,
    on_progress: Progress | None = None,
    estimates: bool = True,
    first: int = 0,
) -> GameReview:
    """Review the game ``moves`` (columns, legal, possibly unfinished).

    ``solver``: a solver whose table may already hold proofs from this game (a repeated review
    is then fast); a new one otherwise. ``stop`` (anything with ``is_set()``) cancels the review
    with ``SearchCancelled``. ``on_progress(done, total, review)`` is called with each move's
    review as soon as it is made (the book's moves first, then from the last move backwards).
    ``estimates``: give a heuristic estimate for positions whose outcome was not proved.
    ``first``: review only the moves from this index on (0 is the first move); the earlier ones are played
    but not judged.
    Raises ``MoveError`` for illegal moves before any search.
    """
    if not time_per_position > 0:
        raise ValueError(f"time_per_position must be more than 0 seconds, got {time_per_position!r}")
    positions = [Position()]
    for col in moves:
        positions.append(positions[-1].play(col))  # raises MoveError on an illegal move
    solver = solver if solver is not None else Solver(table_mb=32)
    estimator = Searcher(SearchConfig(depth=ESTIMATE_DEPTH, table_mb=8,
                                      time_limit=time_per_position * ESTIMATE_SHARE)) if estimates else None
    total = len(moves)
    if not 0 <= first <= total:
        raise ValueError(f"first must be from 0 to {total}, got {first!r}")
    # values[i]: bounds on the value of positions[i] for its side to move (None: the game is over)
    values: list[Bounds | None] = [None] * (total + 1)
    reviews: dict[int, MoveReview] = {}
    # with the book, a position with at most BOOK_DISCS discs takes no budget: it is searched
    # only down to the book's positions
    in_book = BOOK_DISCS if solver.book is not None else -1

    def judge(i: int) -> None:
        pos, col = positions[i], moves[i]
        played = _played_value(positions[i + 1], values[i + 1])
        seconds = None if i < in_book else time_per_position
        before, best_col = _value(solver, pos, seconds, stop)
        # the best score is at least the move's: a proved move score tightens the lower bound
        if played.lower > before.lower:
            before, best_col = Bounds(played.lower, before.upper), col
        values[i] = before
        estimate = None
        if estimator is not None and before.outcome is None:
            estimate = _estimate(estimator, pos, stop)
        move_class = classify(before, played)
        verdict = verdict_of(pos, col, best=before.score, played=played.score, worse=played.upper < before.lower,
                        outcome_changed=move_class in (MoveClass.MISTAKE, MoveClass.BLUNDER))
        review = reviews[i] = MoveReview(i + 1, pos.turn, col, move_class, before, played, best_col, estimate,
                                         verdict)
        if on_progress is not None:
            on_progress(len(reviews), total - first, review)

    early = [i for i in range(first, total) if i < in_book]  # the move and its reply in the book
    for i in early:
        after = positions[i + 1]
        values[i + 1] = None if after.is_over() else _value(solver, after, None, stop)[0]
        judge(i)
    after = positions[-1]
    if values[total] is None and not after.is_over():
        values[total] = _value(solver, after, time_per_position, stop)[0]
    for i in range(total - 1, first - 1, -1):
        if i not in reviews:
            judge(i)
    return GameReview(tuple(moves), tuple(reviews[i] for i in range(first, total)))


def _played_value(after: Position, value_after: Bounds | None) -> Bounds:
    """Bounds on a move's score for its player from the position it leads to."""
    if after.is_over():
        if after.is_draw():
            return Bounds.exact(0)
        return Bounds.exact(win_next_score(after.moves - 1))  # won with the disc just played
    assert value_after is not None
    return -value_after


def _value(solver: Solver, pos: Position, seconds: float | None, stop) -> tuple[Bounds, int | None]:
    """Bounds on the position's value and a move proved to reach the lower bound, within
    ``seconds`` (None: until proved, for the positions the book settles quickly)."""
    try:
        col, score = solver.best_move(pos, stop=stop, deadline=None if seconds is None else perf_counter() + seconds)
    except SearchCancelled:
        if stop is not None and stop.is_set():
            raise
        partial = solver.partial
        return Bounds(partial.lower, partial.upper), partial.move
    return Bounds.exact(score), col


def _estimate(searcher: Searcher, pos: Position, stop) -> float | None:
    result = searcher.search(pos, stop=stop)
    if result.cancelled:
        raise SearchCancelled("review cancelled")
    return result.score if abs(result.score) < 1 else None


def to_explain(review: GameReview) -> list[int]:
    """The numbers of the moves an explanation is made for: every mistake and blunder, and every
    move with a verdict, whose values are proved exactly."""
    return [r.number for r in review.reviews
            if (r.verdict is not None or r.move_class in (MoveClass.MISTAKE, MoveClass.BLUNDER))
            and r.before.is_exact and r.played.is_exact]

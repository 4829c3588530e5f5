"""A game's review in words: each move's values, and each side's summary.

The facts are the engine's (``game.engine.game_review``): proved bounds on each value, the move's
grade and verdict, and the side's moves counted by grade and severity.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.engine.game_review import Bounds, MoveReview, Summary
from game.engine.grades import Grade
from game.engine.scores import Outcome
from game.engine.drills import DrillSource
from game.i18n import _, date_text, ngettext, pgettext

from .judgements import advice_text, grade_count, grade_word, verdict_word
from .outcomes import describe, distance_text

__all__ = ["best_text", "best_words", "move_word", "played_text", "played_words", "source_from_text", "source_text", "summary_lead",
           "summary_text", "value_text", "value_words"]


def value_text(bounds: Bounds, moves: int) -> str:
    """A score (or bounds) in words for the side to move with ``moves`` discs on the board."""
    if bounds.is_exact:
        return describe(bounds.lower, moves)
    result = bounds.outcome
    if result is Outcome.WIN:
        return _("wins (not proved how fast)")
    if result is Outcome.LOSS:
        return _("loses (not proved how fast)")
    if bounds.lower >= 0:
        return _("at least a draw (not proved)")
    if bounds.upper <= 0:
        return _("at most a draw (not proved)")
    return _("not proved")


def value_words(bounds: Bounds, moves: int, names: Sequence[str] | None = None) -> str:
    """``value_text`` with distances a player can read: short ones counted in named moves, long
    ones as a plain outcome (``outcomes.distance_text``)."""
    return distance_text(bounds.lower, moves, names) if bounds.is_exact else value_text(bounds, moves)


def _best(review: MoveReview, value: str) -> str:
    if not review.best_known:
        return _("best move not proved")
    return _("column {column} — {value}").format(column=review.best_column + 1, value=value)


def best_text(review: MoveReview) -> str:
    """The best move and its value in words: "column 5 — wins in 7", or what is known."""
    return _best(review, value_text(review.before, review.discs_before))


def played_text(review: MoveReview) -> str:
    return value_text(review.played, review.discs_before)


def best_words(review: MoveReview, names: Sequence[str] | None = None) -> str:
    """``best_text`` with distances a player can read (``outcomes.distance_text``)."""
    return _best(review, value_words(review.before, review.discs_before, names))


def played_words(review: MoveReview, names: Sequence[str] | None = None) -> str:
    return value_words(review.played, review.discs_before, names)


def move_word(review: MoveReview) -> str:
    """The move's grade, the one word shown for it everywhere ("unproved" without one)."""
    if review.grade is not None:
        return grade_word(review.grade)
    return pgettext("grade", "unproved")


def _detailed(reviews: Sequence[MoveReview]) -> str:
    if not reviews:
        return pgettext("moves", "none")
    return ", ".join(_("move {number} (column {column}, {verdict})").format(
        number=r.number, column=r.column + 1, verdict=verdict_word(r.verdict) if r.verdict else "") for r in reviews)


def summary_lead(summary: Summary) -> str:
    """The errors a player can learn from, then the inaccuracies and the deep moves: "errors to
    learn from: move 29 (column 7, under a winning cell); deep: moves 3, 5"."""
    parts = [_("errors to learn from: {moves}").format(moves=_detailed(summary.errors))]
    if summary.inaccuracies:
        parts.append(_("inaccuracies: {moves}").format(moves=_detailed(summary.inaccuracies)))
    if summary.deep:
        numbers = ", ".join(str(r.number) for r in summary.deep)
        parts.append(ngettext("deep: move {numbers}", "deep: moves {numbers}", len(summary.deep)).format(numbers=numbers))
    return "; ".join(parts)


def _outcome_change(summary: Summary) -> str:
    """The first move that changed the outcome, as far as the proofs tell."""
    turn, later = summary.first_turn, summary.first_proved_turn
    if turn is not None:
        return _("first outcome-changing move: {number} (column {column}, {grade})").format(
            number=turn.number, column=turn.column + 1, grade=move_word(turn))
    if later is not None:
        return _("outcome changed at move {number} (column {column}, {grade}) or at an earlier move not "
                 "proved").format(number=later.number, column=later.column + 1, grade=move_word(later))
    if summary.counts_unproved:
        return _("no outcome-changing move proved")
    return _("no outcome-changing move")


def summary_text(summary: Summary, brief: bool = False) -> str:
    """"errors to learn from: move 9 (column 2, missed block); deep: move 3; 1 best, 5 good, 1
    inaccuracy, 2 mistakes, 0 blunders, first outcome-changing move: 3 (column 4, inaccuracy),
    accuracy 44 %; next: 1 threat not blocked: ...": the errors a player can learn from lead
    (:func:`summary_lead`), the moves are counted by grade, and what to practise ends it.
    ``brief`` (for a narrow window, where the move list and the graph mark the moves) keeps only
    the counts and the accuracy."""
    grades = summary.grades or dict.fromkeys(Grade, 0)
    parts = [grade_count(g, grades[g]) for g in Grade]
    ungraded = sum(summary.counts.values()) - sum(grades.values())
    if ungraded:
        parts.append(ngettext("{n} not proved", "{n} not proved", ungraded).format(n=ungraded))
    if not brief:
        parts.append(_outcome_change(summary))
    if summary.accuracy is not None:
        parts.append(_("accuracy {percent} %").format(percent=f"{summary.accuracy:.0f}"))
    if brief:
        return ", ".join(parts)
    habit = advice_text(summary.verdicts())
    text = f"{summary_lead(summary)}; {', '.join(parts)}"
    return text + "; " + _("next: {habit}").format(habit=habit) if habit else text


def source_text(source: DrillSource) -> str:
    """Where a drill came from: "your game against Apprentice, 27 Nov, move 5"."""
    day = date_text(source.day)
    if source.chosen:
        return _("a position you chose in a review, {day}, move {move}").format(day=day, move=source.move)
    if source.against:
        return _("your game against {name}, {day}, move {move}").format(name=source.against, day=day, move=source.move)
    return _("your game, {day}, move {move}").format(day=day, move=source.move)


def source_from_text(source: DrillSource) -> str:
    """The same, as the practice says it under a drill: "from your game against Apprentice, 27 Nov,
    move 5" (a sentence of its own in each language: "from" is not glued on)."""
    day, move = date_text(source.day), source.move
    if source.chosen:
        return _("from a position you chose in a review, {day}, move {move}").format(day=day, move=move)
    if source.against:
        return _("from your game against {opponent}, {day}, move {move}").format(opponent=source.against, day=day,
                                                                                 move=move)
    return _("from your game, {day}, move {move}").format(day=day, move=move)


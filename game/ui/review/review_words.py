"""The review's words: the shown move and its verdict, the best move, why, the line's step, the
game's result and each side's summary, with the sides named as the theme draws them. No pygame.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.game_review import Bounds, Grade, MoveReview, Summary
from game.words.judgements import advice_text, verdict_word
from game.words.judgements import grade_word as graded_word
from game.words.outcomes import distance_text
from game.words.review_text import best_text, summary_lead, summary_text, value_text
from game.words.explanations import cell_text as cell_name
from game.words.explanations import explanation_text, kind_title
from game.i18n import N_, _, ngettext, pgettext
from game.ui.review.review_line import LineView, Stage
from game.ui.review.review_state import ReviewState

__all__ = ["ReviewWords", "grade_word", "best_words", "brief_summary", "named_words", "verdict_words"]



def grade_word(move: MoveReview) -> str:
    """The move's one grade ("best", "good", "inaccuracy", "mistake", "blunder"), or "not proved"."""
    # TRANSLATORS: a move whose grade the review could not prove, in place of "best", "mistake", ...
    return pgettext("grade", "not proved") if move.grade is None else graded_word(move.grade)


@dataclass(frozen=True, slots=True)
class ReviewWords:
    """What the screen says about ``state``; ``names`` the sides (first player first), ``failed``
    whether the analysis failed, ``players`` who played each side by name when known (the result
    names them), ``resigned`` the side that resigned (the board alone does not show it)."""

    state: ReviewState
    names: tuple[str, str]
    failed: bool = False
    players: tuple[str, str] | None = None
    resigned: int | None = None
    coached: tuple[int, ...] = (1, 2)     # the sides told what to practise (the people's)

    def describe_current(self) -> list[str]:
        """Lines about the shown move: what was played, its class, the best move in words."""
        state = self.state
        n = len(state.moves)
        if state.at_end:
            result = self.result_text()
            return [_("After move {number}: {result}").format(number=n, result=result) if n
                    else _("No moves: {result}").format(result=result)]
        col = state.moves[state.index]
        who, number = self.names[state.index % 2], state.index + 1
        move = state.current()
        if move is None:
            return [_("Move {number}: {side} played column {column}").format(number=number, side=who, column=col + 1),
                    _("analysing…") if not self.failed else _("the analysis failed")]
        if move.verdict is None:
            head = _("Move {number}: {side} played column {column} — {grade}").format(
                number=number, side=who, column=col + 1, grade=grade_word(move))
        else:
            head = _("Move {number}: {side} played column {column} — {grade} · {verdict}").format(
                number=number, side=who, column=col + 1, grade=grade_word(move), verdict=verdict_words(move))
        return [head, _("Best: {best} · Played: {played}").format(
            best=best_words(move, self.names), played=named_words(move.played, move.discs_before, self.names))]

    def why_text(self) -> str | None:
        """The shown move's explanation ("Why (two threats): ..."), or that it is being worked out;
        with a line open, the explanation of the line's move."""
        state = self.state
        if state.line is not None:
            why = state.explanation(state.line.index)
            return None if why is None else _("Why: {explanation}").format(explanation=explanation_text(why, self.names))
        why = None if state.at_end else state.explanation()
        if why is not None:
            # TRANSLATORS: the review's explanation of a move, after the kind of idea it turns on
            return _("Why ({kind}): {explanation}").format(kind=kind_title(why.kind),
                                                           explanation=explanation_text(why, self.names))
        return _("Why: working it out…") if state.explaining() else None

    def line_text(self) -> str:
        """Where the line stands: "Line after move 29, step 1 of 1: Yellow column 7 (four in a row)";
        for a missed win or block the point first ("Line for move 7, step 0 of 14: before the move,
        Red could win at once in column 6 (ringed)")."""
        line = self.state.line
        assert line is not None
        number, step, steps = line.index + 1, line.step, line.steps
        if line.point is not None:
            return _("Line for move {number}, step {step} of {steps}: {shown}").format(
                number=number, step=step, steps=steps, shown=self._point_words(line))
        if not line.step:
            return _("Line after move {number}, step {step} of {steps}: the position after the move").format(
                number=number, step=step, steps=steps)
        return _("Line after move {number}, step {step} of {steps}: {shown}").format(
            number=number, step=step, steps=steps, shown=self._line_move(line))

    def _line_move(self, line: LineView) -> str:
        """The line's last move shown: "Yellow column 7 (four in a row)"."""
        shown = line.after_start()   # after the move played, or (with a point) from the move played on
        col = shown[-1]
        player = self.names[(line.index + len(shown) - (line.point is not None)) % 2]
        if line.position().winner() is not None:
            return _("{side} column {column} (four in a row)").format(side=player, column=col + 1)
        # TRANSLATORS: a move of the line shown: "Yellow column 7"
        return _("{side} column {column}").format(side=player, column=col + 1)

    def _point_words(self, line: LineView) -> str:
        point, stage = line.point, line.stage()
        assert point is not None
        mover, other = self.names[line.index % 2], self.names[1 - line.index % 2]
        where = cell_name(point.cell)
        if stage is Stage.BEFORE:
            if point.win:
                return _("before the move, {mover} could win at once at {cell} (ringed)").format(mover=mover, cell=where)
            return _("before the move, {other} threatens to win at {cell} (ringed): {mover} must block there").format(
                other=other, cell=where, mover=mover)
        if stage is Stage.POINT:
            if point.win:
                return _("{mover} column {column} wins (four in a row)").format(mover=mover, column=point.cell.col + 1)
            return _("{mover} column {column} blocks {other}'s four").format(mover=mover, column=point.cell.col + 1,
                                                                             other=other)
        if stage is Stage.PLAYED:
            return _("what was played instead: {mover} column {column}").format(
                mover=mover, column=line.played + 1)  # type: ignore[operator]
        return self._line_move(line)

    def shown_text(self) -> str:
        """The position on the board in words: "the position after move 12", "step 2 of the line
        after move 29", "the starting position"."""
        line, index = self.state.line, self.state.index
        if line is not None and line.point is not None:
            return (_("step {step} of the line for move {number}").format(step=line.step, number=line.index + 1)
                    if line.step else _("the position before move {number}").format(number=line.index + 1))
        if line is not None and line.step:
            return _("step {step} of the line after move {number}").format(step=line.step, number=line.index + 1)
        done = line.index + 1 if line is not None else index
        return _("the position after move {number}").format(number=done) if done else _("the starting position")

    def result_text(self, short: bool = False) -> str:
        """How the game ended: a four, a full board, a resignation when one was handed over, or
        neither (a game saved unfinished: the words claim no more than the board shows). The
        winner or the side that resigned is named by the player's name when known."""
        pos = self.state.final()
        winner = pos.winner()
        if winner is not None:
            return _("{side} won").format(side=self.side(winner))
        if pos.is_draw():
            return pgettext("outcome", "draw") if short else _("draw: the board is full")
        if self.resigned is not None:
            return _("{side} resigned").format(side=self.side(self.resigned))
        return _("undecided") if short else _("undecided on the board")

    def side(self, player: int) -> str:
        """``player`` (1 red, 2 yellow) by name when known, else as the theme draws the side."""
        return (self.players or self.names)[player - 1]

    def summary_lines(self, brief: bool = False) -> list[str]:
        """Each side's summary, the errors a player can learn from first; ``brief`` (a narrow window)
        keeps those errors alone."""
        return [choices[1 if brief else 0] for choices in self.summaries()]

    def summaries(self) -> list[tuple[str, str, str]]:
        """Each side's summary in three lengths, longest first: the whole, the errors and the
        accuracy, the errors' move numbers and the accuracy (a window too narrow for the others)."""
        review = self.state.review
        if review is None:
            return []
        out = []
        for player in (1, 2):
            summary, name = review.summary(player), self.names[player - 1]
            # TRANSLATORS: a side's summary in the review: "Red: errors to learn from: ..."
            said = _("{side}: {summary}")
            out.append(tuple(said.format(side=name, summary=text) for text in
                             (summary_text(summary), brief_summary(summary), numbers_summary(summary))))
        return out


    def advice_lines(self) -> list[str]:
        """What each coached side should practise next, from its errors ("Red, next: 2 wins in one
        missed: before each move, look for a four of your own"); none for a side without errors."""
        review = self.state.review
        if review is None:
            return []
        out = []
        for player in self.coached:
            habit = advice_text(review.summary(player).verdicts())
            if habit:
                out.append(_("{side}, next: {habit}").format(side=self.side(player), habit=habit))
        return out


def brief_summary(summary: Summary) -> str:
    """The errors a player can learn from, then the accuracy: the summary for a narrow window."""
    accuracy = summary.accuracy
    lead = summary_lead(summary)
    return lead if accuracy is None else "; ".join((lead, _("accuracy {percent} %").format(percent=f"{accuracy:.0f}")))


def numbers_summary(summary: Summary) -> str:
    """The errors' move numbers, then the accuracy: "errors to learn from: moves 9, 12; accuracy 71 %"."""
    errors = summary.errors
    numbers = ", ".join(str(r.number) for r in errors)
    words = (ngettext("errors to learn from: move {numbers}", "errors to learn from: moves {numbers}",
                      len(errors)).format(numbers=numbers) if errors else _("errors to learn from: none"))
    accuracy = summary.accuracy
    return words if accuracy is None else "; ".join((words, _("accuracy {percent} %").format(percent=f"{accuracy:.0f}")))


def named_words(bounds: Bounds, moves: int, names: tuple[str, str]) -> str:
    """``engine.review.value_words`` with the sides named as the theme draws them."""
    return distance_text(bounds.lower, moves, names) if bounds.is_exact else value_text(bounds, moves)


def best_words(move: MoveReview, names: tuple[str, str]) -> str:
    """``MoveReview.best_words`` with the sides named as the theme draws them."""
    if not has_best(move):
        return best_text(move)
    return _("column {column} — {value}").format(column=move.best_column + 1,
                                                 value=named_words(move.before, move.discs_before, names))


def has_best(move: MoveReview) -> bool:
    """The review proved a best move here (the board frames it)."""
    return move.best_known


def verdict_words(move: MoveReview) -> str:
    """What the move did wrong, as a player could see it: "missed block", "much longer win", or
    "deep: decided far ahead"; "" for a move without a verdict. The grade says how much it matters."""
    verdict = move.verdict
    if verdict is None:
        return ""
    if verdict.value == verdict.severity.value:
        return _("deep: decided far ahead")
    return verdict_word(verdict)


def row_words(move: MoveReview | None, col: int) -> tuple[str, ...]:
    """A move's words in the list, longest first: "col 4 mistake, missed block", down to "col 4 ?"
    and the grade alone ("?" unproved) for the narrowest list."""
    word = grade_word(move) if move else "…"
    brief = "?" if move is not None and move.grade is None else word
    short = col_words(col, brief)
    if move is None or move.verdict is None:
        return col_words(col, word), short, brief
    short_word = _SHORT_VERDICT.get(move.verdict.value)
    lesson = _(short_word) if short_word else verdict_word(move.verdict)
    # TRANSLATORS: a move in the review's list: "col 4 mistake, missed block" (col: column, as short as you can)
    with_lesson = _("col {column} {grade}, {verdict}")
    return (with_lesson.format(column=col, grade=word, verdict=lesson),
            with_lesson.format(column=col, grade=brief, verdict=lesson), short, brief)


def col_words(col: int, grade: str) -> str:
    """A move in the list without its verdict: "col 4 best"."""
    # TRANSLATORS: a move in the review's list: "col 4 best" (col: column, as short as you can)
    return _("col {column} {grade}").format(column=col, grade=grade)


#: The verdicts in the move list, where the room is a few words.
_SHORT_VERDICT = {"under a winning cell": N_("under a four"), "allows two threats": N_("two threats"),
                  "allows a short loss": N_("short loss"), "threw away a short win": N_("win let go"),
                  "loses much faster": N_("faster loss"), "much longer win": N_("longer win")}

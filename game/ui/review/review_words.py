"""The review's words: the shown move and its verdict, the best move, why, the line's step, the
game's result and each side's summary, with the sides named as the theme draws them. No pygame.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.game_review import Bounds, Grade, MoveReview, Summary
from game.words.judgements import advice_text
from game.words.outcomes import distance_text
from game.words.review_text import best_text, summary_lead, summary_text, value_text
from game.words.explanations import cell_text as cell_name
from game.words.explanations import explanation_text, kind_title
from game.ui.review.review_line import LineView, Stage
from game.ui.review.review_state import ReviewState

__all__ = ["ReviewWords", "grade_word", "best_words", "brief_summary", "named_words", "verdict_words"]



def grade_word(move: MoveReview) -> str:
    """The move's one grade ("best", "good", "inaccuracy", "mistake", "blunder"), or "not proved"."""
    return "not proved" if move.grade is None else move.grade.value


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
            return [(f"After move {n}: " if n else "No moves: ") + self.result_text()]
        col = state.moves[state.index]
        head = f"Move {state.index + 1}: {self.names[state.index % 2]} played column {col + 1}"
        move = state.current()
        if move is None:
            return [head, "analysing…" if not self.failed else "the analysis failed"]
        verdict = "" if move.verdict is None else f" · {verdict_words(move)}"
        return [f"{head} — {grade_word(move)}{verdict}",
                f"Best: {best_words(move, self.names)} · Played: "
                f"{named_words(move.played, move.discs_before, self.names)}"]

    def why_text(self) -> str | None:
        """The shown move's explanation ("Why (two threats): ..."), or that it is being worked out;
        with a line open, the explanation of the line's move."""
        state = self.state
        if state.line is not None:
            why = state.explanation(state.line.index)
            return None if why is None else f"Why: {explanation_text(why, self.names)}"
        why = None if state.at_end else state.explanation()
        if why is not None:
            return f"Why ({kind_title(why.kind)}): {explanation_text(why, self.names)}"
        return "Why: working it out…" if state.explaining() else None

    def line_text(self) -> str:
        """Where the line stands: "Line after move 29, step 1 of 1: Yellow column 7 (four in a row)";
        for a missed win or block the point first ("Line for move 7, step 0 of 14: before the move,
        Red could win at once in column 6 (ringed)")."""
        line = self.state.line
        assert line is not None
        if line.point is not None:
            return f"Line for move {line.index + 1}, step {line.step} of {line.steps}: {self._point_words(line)}"
        head = f"Line after move {line.index + 1}, step {line.step} of {line.steps}"
        if not line.step:
            return head + ": the position after the move"
        return f"{head}: {self._line_move(line)}"

    def _line_move(self, line: LineView) -> str:
        """The line's last move shown: "Yellow column 7 (four in a row)"."""
        shown = line.after_start()   # after the move played, or (with a point) from the move played on
        col = shown[-1]
        player = self.names[(line.index + len(shown) - (line.point is not None)) % 2]
        end = " (four in a row)" if line.position().winner() is not None else ""
        return f"{player} column {col + 1}{end}"

    def _point_words(self, line: LineView) -> str:
        point, stage = line.point, line.stage()
        assert point is not None
        mover, other = self.names[line.index % 2], self.names[1 - line.index % 2]
        where = cell_name(point.cell)
        if stage is Stage.BEFORE:
            if point.win:
                return f"before the move, {mover} could win at once at {where} (ringed)"
            return f"before the move, {other} threatens to win at {where} (ringed): {mover} must block there"
        if stage is Stage.POINT:
            if point.win:
                return f"{mover} column {point.cell.col + 1} wins (four in a row)"
            return f"{mover} column {point.cell.col + 1} blocks {other}'s four"
        if stage is Stage.PLAYED:
            return f"what was played instead: {mover} column {line.played + 1}"  # type: ignore[operator]
        return self._line_move(line)

    def shown_text(self) -> str:
        """The position on the board in words: "the position after move 12", "step 2 of the line
        after move 29", "the starting position"."""
        line, index = self.state.line, self.state.index
        if line is not None and line.point is not None:
            return (f"step {line.step} of the line for move {line.index + 1}" if line.step
                    else f"the position before move {line.index + 1}")
        if line is not None and line.step:
            return f"step {line.step} of the line after move {line.index + 1}"
        done = line.index + 1 if line is not None else index
        return f"the position after move {done}" if done else "the starting position"

    def result_text(self, short: bool = False) -> str:
        """How the game ended: a four, a full board, a resignation when one was handed over, or
        neither (a game saved unfinished: the words claim no more than the board shows). The
        winner or the side that resigned is named by the player's name when known."""
        pos = self.state.final()
        winner = pos.winner()
        if winner is not None:
            return f"{self.side(winner)} won"
        if pos.is_draw():
            return "draw" if short else "draw: the board is full"
        if self.resigned is not None:
            return f"{self.side(self.resigned)} resigned"
        return "undecided" if short else "undecided on the board"

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
            summary, name = review.summary(player), f"{self.names[player - 1]}: "
            out.append((name + summary_text(summary), name + brief_summary(summary), name + numbers_summary(summary)))
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
                out.append(f"{self.side(player)}, next: {habit}")
        return out


def brief_summary(summary: Summary) -> str:
    """The errors a player can learn from, then the accuracy: the summary for a narrow window."""
    accuracy = summary.accuracy
    return summary_lead(summary) + ("" if accuracy is None else f"; accuracy {accuracy:.0f} %")


def numbers_summary(summary: Summary) -> str:
    """The errors' move numbers, then the accuracy: "errors to learn from: moves 9, 12; accuracy 71 %"."""
    errors = summary.errors
    numbers = ", ".join(str(r.number) for r in errors)
    words = (f"errors to learn from: move{'s' if len(errors) > 1 else ''} {numbers}" if errors
             else "errors to learn from: none")
    accuracy = summary.accuracy
    return words + ("" if accuracy is None else f"; accuracy {accuracy:.0f} %")


def named_words(bounds: Bounds, moves: int, names: tuple[str, str]) -> str:
    """``engine.review.value_words`` with the sides named as the theme draws them."""
    return distance_text(bounds.lower, moves, names) if bounds.is_exact else value_text(bounds, moves)


def best_words(move: MoveReview, names: tuple[str, str]) -> str:
    """``MoveReview.best_words`` with the sides named as the theme draws them."""
    if not has_best(move):
        return best_text(move)
    return f"column {move.best_column + 1} — {named_words(move.before, move.discs_before, names)}"


def has_best(move: MoveReview) -> bool:
    """The review proved a best move here (the board frames it)."""
    return move.best_known


def verdict_words(move: MoveReview) -> str:
    """What the move did wrong, as a player could see it: "missed block", "much longer win", or
    "deep: decided far ahead"; "" for a move without a verdict. The grade says how much it matters."""
    verdict = move.verdict
    if verdict is None:
        return ""
    return "deep: decided far ahead" if verdict.value == verdict.severity.value else verdict.value


def row_words(move: MoveReview | None, col: int) -> tuple[str, ...]:
    """A move's words in the list, longest first: "col 4   mistake, missed block", down to "col 4 ?"."""
    word = grade_word(move) if move else "…"
    brief = "?" if move is not None and move.grade is None else word
    lesson = "" if move is None or move.verdict is None else f", {_SHORT_VERDICT.get(move.verdict.value, move.verdict.value)}"
    return (f"col {col}   {word}{lesson}", f"col {col} {word}{lesson}", f"col {col} {brief}{lesson}",
            f"col {col} {brief}")


#: The verdicts in the move list, where the room is a few words.
_SHORT_VERDICT = {"under a winning cell": "under a four", "allows two threats": "two threats",
                  "allows a short loss": "short loss", "threw away a short win": "win let go",
                  "loses much faster": "faster loss", "much longer win": "longer win"}

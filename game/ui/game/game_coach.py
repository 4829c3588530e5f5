"""The game scene's help with the position: H's hint, W's "why this column?", A's analysis row.
Each is the player's own turn's and counts against a rated game (it turns casual). The scene has
already asked its seats whether they allow it; these functions take the turn as values and
return what should happen (``game_replies`` effects). No pygame here."""

from __future__ import annotations

from dataclasses import dataclass

from game.domain.rated import Casual
from game.engine.board import Position
from game.i18n import _
from game.service.requests import Analysis
from game.ui.game.analysis_view import hint_words
from game.ui.game.game_replies import AnalysisRow, Effects, Reject, Want
from game.ui.game.game_thinking import Thinking

__all__ = ["Turn", "analysis_row", "hint", "why"]


@dataclass(frozen=True, slots=True)
class Turn:
    """The position as the coach reads it."""

    position: Position
    can_move: bool                  # the player at the window may drop a disc now
    cursor: int                     # 0-based
    analysis: Analysis | None       # every column's value, once it came
    hint: int | None                # the hinted column, once asked for and known
    explained: frozenset[int]       # the columns whose explanation has come

    @classmethod
    def of(cls, thinking: Thinking, position: Position, cursor: int, can_move: bool) -> Turn:
        return cls(position, can_move, cursor, thinking.analysis, thinking.hint() if can_move else None,
                   frozenset(thinking.explained))


def hint(turn: Turn) -> Effects:
    """H: the best column, said at once when the analysis is known, else once it comes."""
    if not turn.can_move:
        return (Reject(_("A hint is for your own turn")),)
    words = hint_words(turn.analysis, turn.position.moves) if turn.analysis is not None else None
    said = ((_("Looking for the best move…"),) if turn.analysis is None else
            (_("Hint: {hint}").format(hint=words[1]),) if words else ())
    return (Want(hint=True), Casual.HINT, *said)


def why(turn: Turn) -> Effects:
    """W: why the cursor's column is what it is, in words the worker checks (it counts as a hint)."""
    if not turn.can_move:
        return (Reject(_("Why? is for your own turn: it explains the column under the cursor")),)
    col = turn.cursor
    if not turn.position.can_play(col):
        return (Reject(_("Column {column} is full").format(column=col + 1), col),)
    known = {col, turn.hint} & turn.explained       # something to show under the board at once
    return (Want(why=col), Casual.HINT, *(() if known else (_("Why column {column}? Working it out…").format(column=col + 1),)))


def analysis_row(on: bool) -> Effects:
    """A: the analysis row switched to ``on`` (switching it on counts against a rated game)."""
    return (AnalysisRow(on), _("Analysis row on") if on else _("Analysis row off"), *((Casual.ANALYSIS,) if on else ()))

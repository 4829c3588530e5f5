"""What a listener hears of Practice: the exercise's board, its task, the verdict and why."""

from __future__ import annotations

from game.i18n import _
from game.speech import BoardFacts, Heard, spoken
from game.ui.practice.practice_round import Attempt, Phase
from game.ui.theme import Theme


def heard(attempt: Attempt | None, loaded: bool, theme: Theme, *, shown: int, cursor: int, covered: bool,
          verdict: str, why: str | None) -> Heard:
    """The board as far as it is drawn (``shown`` moves, a falling disc's too; the cursor walks it while a move is asked
    and nothing ``covered`` it), and the lines said when they change: the task, the verdict of the
    last move and the explanation."""
    if attempt is None:
        return Heard(lines=(_("Loading your drills…") if not loaded
                            else _("Nothing left to practise: every puzzle is tried."),))
    names = (theme.colour_name(1), theme.colour_name(2))
    asking = attempt.phase is Phase.ASK and not covered
    board = BoardFacts(tuple(attempt.moves[:shown]), names, cursor, walk=asking)
    task = attempt.exercise.task(theme.colour_name(attempt.exercise.player))
    lines = (spoken(task), spoken(verdict), spoken(why or ""))
    return Heard(board, tuple(line for line in lines if line))

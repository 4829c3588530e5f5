"""What a listener hears of the game scene: the board as facts and the words shown around it."""

from __future__ import annotations

from game.model import GameModel
from game.i18n import _
from game.speech import BoardFacts, Heard, spoken
from game.ui.game.analysis_view import Kind, column_views
from game.ui.game.game_text import GameView, result_text, shown_why
from game.words.coach_says import advice_words
from game.ui.overlays import Confirm


def heard(view: GameView, overlay: object | None) -> Heard:
    """The board (the cursor walks it while a person plays and nothing covers it), and the lines
    said when they change: the result once the last disc landed, a flash (a hint, a refused
    column), the coach's why, an engine error and a question asked over the board."""
    model, theme = view.model, view.ctx.theme
    board = BoardFacts(tuple(model.moves), (theme.colour_name(1), theme.colour_name(2)), view.cursor,
                       _analysis(view), spoken(view.tally or ""), walk=overlay is None and not view.seats.watching)
    why = shown_why(view)
    lines = (
        spoken(result_text(view)) if model.is_over and view.over_handled else "",
        view.flash.text if view.flash is not None else "",
        advice_words(why, theme.names) if why is not None else "",
        _("Engine error: {error}").format(error=view.engine_error) if view.engine_error else "",
        overlay.spoken() if isinstance(overlay, Confirm) else "",
    )
    return Heard(board, tuple(line for line in lines if line))


def _analysis(view: GameView) -> tuple[str, ...]:
    """What the analysis row says of each column, in words ("" with the row off)."""
    if not view.analysis_on or view.analysis is None:
        return ()
    return tuple(_("estimate, ranked {rank}").format(rank=c.rank) if c.kind is Kind.ESTIMATE else c.words
                 for c in column_views(view.analysis, len(view.model.moves)))


def result_sound(model: GameModel, winner: int | None) -> str:
    """The sound of a finished game: a draw, a loss when the computer beat a person, else a win."""
    if winner is None:
        return "draw"
    person_lost = model.player(winner).is_ai and not model.player(3 - winner).is_ai
    return "loss" if person_lost else "win"

"""What a listener hears of the game scene: the board as facts and the words shown around it."""

from __future__ import annotations

from game.i18n import _
from game.speech import BoardFacts, Heard, spoken
from game.ui.game.analysis_view import Kind, column_views
from game.ui.game.game_text import GameView, result_text, shown_why
from game.ui.overlays import Confirm
from game.words.coach_says import advice_words


def heard(view: GameView, overlay: object | None) -> Heard:
    """The board (the cursor walks it while a person plays and nothing covers it), and the lines
    said when they change: the result once the last disc landed, a flash (a hint, a refused
    column), the coach's why, an engine error and a question asked over the board."""
    model, theme = view.model, view.ctx.theme
    board = BoardFacts(tuple(model.moves), (theme.colour_name(1), theme.colour_name(2)), view.cursor,
                       _analysis(view), spoken(view.tally or ""), walk=overlay is None and not view.sitting.watching)
    why = shown_why(view)
    lines = (
        spoken(result_text(view)) if view.sitting.over and not view.anims else "",
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



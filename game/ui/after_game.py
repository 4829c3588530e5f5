"""What happens to a game against the computer once it ends: it joins the player's record, and
the tally of this sitting grows. The game scene calls ``update`` every frame and ``draw_tally``.

A game counts only when this scene saw it end, i.e. the last frame showed the same game one move
short of its end: a finished game loaded from a file, or shown again after its review, is not
counted twice. Two-player and computer-vs-computer games are never recorded.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.record import GameRecord, RecordResult, add_game
from game.ui.resources import draw_text, fit_text

if TYPE_CHECKING:
    from game.model import GameModel
    from game.ui.scene import Context


class AfterGame:
    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.tally = {RecordResult.WIN: 0, RecordResult.DRAW: 0, RecordResult.LOSS: 0}
        self._open: str | None = None  # the moves of the unfinished game the last frame showed

    def update(self, model: GameModel) -> None:
        moves = model.moves_string()
        if not model.is_over:
            self._open = moves
            return
        if self._open is not None and len(moves) == len(self._open) + 1 and moves.startswith(self._open):
            self._record(model)
        self._open = None

    def _record(self, model: GameModel) -> None:
        humans = [n for n in (1, 2) if not model.player(n).is_ai]
        if len(humans) != 1:
            return  # two players, or a computer match: not rated
        colour = humans[0]
        computer = model.player(3 - colour)
        winner = model.winner
        result = (RecordResult.DRAW if winner is None else
                  RecordResult.WIN if winner == colour else RecordResult.LOSS)
        elo = None
        if computer.level:
            try:
                elo = self.ctx.settings.level(computer.level).elo
            except KeyError:
                elo = None
        name = computer.level or computer.spec()
        self.tally[result] += 1
        _, notice = add_game(GameRecord.now(name, elo, colour, result, model.moves_string()))
        if notice:
            self.ctx.notices.add(notice, "error", seconds=10.0)

    def tally_text(self) -> str:
        w, d, l = (self.tally[r] for r in RecordResult)
        return f"This sitting: {w} won · {d} drawn · {l} lost"

    def draw_tally(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The sitting's tally in ``rect`` (the row the analysis uses when it is on)."""
        if not any(self.tally.values()):
            return
        theme = self.ctx.theme
        size = max(14, rect.height * 6 // 10)
        draw_text(surface, fit_text(self.tally_text(), size, surface.get_width() - 24), size, theme.dim_text,
                  center=rect.center)

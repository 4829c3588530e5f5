"""What happens to a game against the computer once it ends: it joins the player's record, and
the tally of this sitting grows; and what a finished game offers: R opens its review.

``connect`` wires this into the game scene (its change hooks, end keys and the row above the
board) and the menu (the rating and record lines). A game counts only when the scene saw it end:
the change before showed the same game one move short of its end. A finished game loaded from a
file, or shown again after its review, is not counted, nor is the same finished game twice in one
sitting (undo and redo). Two-player and computer-vs-computer games are never recorded. Each game
is recorded rated or casual as the game scene's ``RatingGuard`` says; a rated game the player
left unfinished is recorded as a loss.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.domain.rated import RatedGame, level_elo
from game.domain.record import GameRecord, RecordResult
from game.record_keeper import RecordKeeper
from game.ui.record_view import RecordView
from game.ui.resources import draw_text, fit_text
from game.ui.review_scene import ReviewStart
from game.ui.scene import SceneName, Transition

if TYPE_CHECKING:
    from game.model import GameModel
    from game.ui.game_scene import GameScene
    from game.ui.menu import MenuScene
    from game.ui.scene import Context


class AfterGame:
    def __init__(self, ctx: Context, keeper: RecordKeeper | None = None,
                 rating: Callable[[], RatedGame] | None = None) -> None:
        self.ctx = ctx
        self.keeper = keeper if keeper is not None else RecordKeeper()
        self.rating = rating or (lambda: RatedGame(None))  # the rated-or-casual state of the game
        self.tally = {RecordResult.WIN: 0, RecordResult.DRAW: 0, RecordResult.LOSS: 0}
        self._open: str | None = None  # the moves of the unfinished game the last change showed
        self._counted: set[tuple[str, str, str]] = set()  # (moves, red, yellow) recorded this sitting
        self.on_record: list[Callable[[], None]] = []  # told after each recorded game

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
        key = (model.moves_string(), model.player(1).spec(), model.player(2).spec())
        if key in self._counted:
            return
        self._counted.add(key)
        winner = model.winner
        result = (RecordResult.DRAW if winner is None else
                  RecordResult.WIN if winner == colour else RecordResult.LOSS)
        self.tally[result] += 1
        self._add(model, colour, result, self.rating().rated)

    def forfeit(self, model: GameModel, game: RatedGame) -> None:
        """A rated game the player left unfinished: a loss in the record (and in this sitting)."""
        if game.human is None:
            return
        self.tally[RecordResult.LOSS] += 1
        self._add(model, game.human, RecordResult.LOSS, rated=True)

    def _add(self, model: GameModel, colour: int, result: RecordResult, rated: bool) -> None:
        computer = model.player(3 - colour)
        elo = level_elo(computer, self.ctx.settings.levels)
        name = computer.level or computer.spec()
        self.keeper.add(GameRecord.now(name, elo, colour, result, model.moves_string(), rated=rated))
        for listener in self.on_record:
            listener()

    def tally_text(self) -> str:
        w, d, l = (self.tally[r] for r in RecordResult)
        return f"This sitting: {w} won · {d} drawn · {l} lost"

    def draw_tally(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The sitting's tally in ``rect`` (the row the analysis uses when it is on)."""
        if not any(self.tally.values()):
            return
        theme = self.ctx.theme
        size = self.ctx.layout.small_size      # the size of the analysis row it stands in for
        draw_text(surface, fit_text(self.tally_text(), size, surface.get_width() - 24), size, theme.dim_text,
                  center=rect.center)


def connect(ctx: Context, game: GameScene, menu: MenuScene) -> AfterGame:
    """Wire the record, the sitting's tally, the rating lines and the review into the scenes."""
    keeper = RecordKeeper()
    keeper.load()
    after = AfterGame(ctx, keeper, lambda: game.rating.game)
    game.rating.forfeit_hooks.append(after.forfeit)
    menu.leave_note = game.rating.suspended_note
    menu.leave_unfinished = game.rating.set_aside     # whatever comes next (a network game too)
    menu.offer_rated = game.rating.resumes_rated
    view = RecordView(ctx, keeper)
    after.on_record.append(view.refresh)
    game.change_hooks.append(after.update)
    def top_row(surface: pygame.Surface, rect: pygame.Rect) -> None:
        view.refresh()  # the writer's notices reach the player during the next game too
        after.draw_tally(surface, rect)

    game.top_row_extra = top_row

    def review_this_game() -> None:
        model = game.model
        pair = game.pair
        names = (pair.name(model, 1), pair.name(model, 2)) if pair is not None and pair.named else None
        game.next = Transition(SceneName.REVIEW, ReviewStart(model.moves_string(), model.red, model.yellow,
                                                             back="game", names=names))

    game.end_keys[pygame.K_r] = ("R review", review_this_game)
    menu.info_lines += [lambda: view.line(0), lambda: view.line(1)]
    menu.extra_rows.append(("Review a saved game", lambda: setattr(menu, "next", Transition(SceneName.REVIEW))))
    return after

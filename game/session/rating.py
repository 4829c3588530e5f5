"""The game scene's part in an honest rating: whether the game on the board is rated, what makes
it casual, and what leaving an unfinished rated game costs (the rule itself is ``game.domain.rated``).

A rated game left for the menu with Esc is *suspended*: resuming it from the menu keeps it rated;
starting another game over it (or quitting) counts it as a loss once the player has made
``FORFEIT_MOVES`` moves, after a question. The autosave of an earlier run that the menu offers is
suspended the same way (:meth:`RatingGuard.adopt`): a rated game cut short by a kill, a crash or a
logout comes back rated, and starting another game over it counts it as a loss once due. Every
other way into a game that does not begin on the empty board (a save, a review's "play on", an
autosave that was not rated) is casual.

A game counted as a loss is told to the guard's owner (``forfeited``, given at construction):
the session rewrites the autosave casual and adds the loss to the record, so that no later start
brings the game back rated and counts it twice. No pygame here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.i18n import _, ngettext
from game.model import GameModel
from game.domain.rated import Casual, RatedGame
from game.domain.players import parse_saved_player

if TYPE_CHECKING:
    from game.config.values import Settings
    from game.domain.saved import SavedGame

__all__ = ["RatingGuard"]

Forfeited = Callable[[GameModel, RatedGame], None]


class RatingGuard:
    def __init__(self, settings: Settings, forfeited: Forfeited | None = None) -> None:
        self.settings = settings
        self.game = RatedGame(None, Casual.TWO_HUMANS_OR_NONE)
        self._suspended: tuple[GameModel, RatedGame] | None = None
        self._resume_notice: str | None = None  # said when the adopted autosave is resumed casual
        #: Told of a rated game the player left unfinished: it counts as a loss.
        self._forfeited = forfeited

    # -- a game begins -----------------------------------------------------------------------

    def begin(self, model: GameModel, *, from_start: bool) -> None:
        """A game begins on ``model``: a new one (``from_start``) or one continued from a position."""
        self.game = RatedGame.start(model.red, model.yellow, self.settings.levels, from_start=from_start)

    def adopt(self, saved: SavedGame) -> None:
        """The autosave of an earlier run, which the menu offers: held as suspended, so that resuming
        it, starting another game over it and quitting treat it as a game left for the menu in this
        run. It is rated if it was saved rated and its players are still a rated pairing
        (``RatedGame.resumed``: not a built-in level the settings no longer list). A save whose
        players cannot be read at all is not held: the menu says it cannot be resumed, and it can
        no longer count."""
        try:
            red, yellow = (parse_saved_player(spec, self.settings) for spec in (saved.red, saved.yellow))
            model = GameModel(red, yellow, saved.columns(), ladder=self.settings)
        except ValueError:  # an unknown player, or moves a hand-edited file got wrong (MoveError)
            return
        game = RatedGame.resumed(red, yellow, self.settings.levels, rated=saved.rated)
        self._suspended = (model, game)
        self._resume_notice = game.notice() if saved.rated and not game.rated else None

    def enter(self, model: GameModel, moves: str, continued: bool) -> str | None:
        """The scene starts ``model`` from ``moves``. The suspended game, if these are its players
        and moves, goes on as it was (rated or not); otherwise it was left, and counts as a loss if
        far enough. Returns what the window should say: a rated autosave resumed casual, and why."""
        suspended, self._suspended = self._suspended, None
        notice, self._resume_notice = self._resume_notice, None
        if suspended is not None and not continued and _same_game(suspended[0], model, moves):
            self.game = suspended[1]
            return notice
        if suspended is not None:
            self._forfeit_if_due(*suspended)
        self.begin(model, from_start=not moves and not continued)
        return None

    # -- during the game ---------------------------------------------------------------------

    def make_casual(self, reason: Casual) -> str | None:
        """The game turns casual; the words for the window if it was rated until now."""
        return self.game.notice() if self.game.make_casual(reason) else None

    def suspend(self, model: GameModel) -> None:
        """The player goes to the menu: keep a rated unfinished game for a resume."""
        if self.game.rated and model.moves and not model.is_over:
            self._suspended = (model, self.game)

    # -- leaving -----------------------------------------------------------------------------

    def forfeits(self, model: GameModel) -> bool:
        """Would leaving the game on the board now count as a loss?"""
        return self.game.forfeits(len(model.moves), model.is_over)

    def leave(self, model: GameModel) -> None:
        """The player leaves the game on the board (after being asked): a loss if it was due."""
        self._forfeit_if_due(model, self.game)
        self.game = RatedGame(None, Casual.TWO_HUMANS_OR_NONE)

    def at_stake(self, board: GameModel | None) -> GameModel | None:
        """The rated game quitting now would lose: the one on the ``board`` (None: the game scene
        is not showing it) or the suspended one; None if neither counts yet."""
        if board is not None and self.forfeits(board):
            return board
        if self._suspended is not None and self._suspended[1].forfeits(len(self._suspended[0].moves),
                                                                       self._suspended[0].is_over):
            return self._suspended[0]
        return None

    def quit(self, board: GameModel | None) -> None:
        """The program ends now (the player confirmed): the game at stake counts as a loss."""
        at_stake = self.at_stake(board)
        if at_stake is None:
            return
        if at_stake is board:
            self.leave(board)
        else:
            suspended, self._suspended = self._suspended, None
            assert suspended is not None
            self._forfeit_if_due(*suspended)

    def resumes_rated(self, saved: SavedGame) -> bool:
        """Whether resuming ``saved`` (the menu's offer) goes on with the suspended game, rated."""
        suspended = self._suspended
        return (suspended is not None and suspended[1].rated and saved.seat is None
                and suspended[0].moves_string() == saved.moves)

    def set_aside(self) -> bool:
        """The suspended game is left now, whatever starts next: the player said yes to the menu's
        question (a network game, too, replaces it), or a game started from the command line over
        the autosave that held it. A loss if it was due; True if it was counted."""
        suspended, self._suspended = self._suspended, None
        self._resume_notice = None
        return suspended is not None and self._forfeit_if_due(*suspended)

    def suspended_note(self) -> str:
        """For the menu's question before a new game: what starting over the suspended game costs."""
        suspended = self._suspended
        if suspended is None or not suspended[1].forfeits(len(suspended[0].moves), suspended[0].is_over):
            return ""
        return _("It is a rated game: it will count as a loss in your record.")

    @staticmethod
    def warning(model: GameModel) -> str:
        n = len(model.moves)
        return ngettext("This rated game ({n} move) will count as a loss in your record. Esc keeps playing it.",
                        "This rated game ({n} moves) will count as a loss in your record. Esc keeps playing it.",
                        n).format(n=n)

    def _forfeit_if_due(self, model: GameModel, game: RatedGame) -> bool:
        """Count ``game`` as a loss if leaving it now forfeits it; True if it was counted."""
        if not game.forfeits(len(model.moves), model.is_over):
            return False
        if self._forfeited is not None:
            self._forfeited(model, game)
        return True


def _same_game(old: GameModel, new: GameModel, moves: str) -> bool:
    return (old.moves_string() == moves and old.red.spec() == new.red.spec()
            and old.yellow.spec() == new.yellow.spec())

"""The session: everything that outlives a scene, handed to every scene (``Context.session``).

It holds the rating guard, the autosave writer, the record and this sitting's results, practice
(drills and puzzle results), and the unfinished game on offer (the menu's "Resume"). Scenes share these values instead of wiring
callbacks into each other. :meth:`Session.leaving` is the one question every way out of a game
asks (a new game, a loaded or pasted one, the review's "play on", quitting): what would be lost,
in words for the player; :meth:`Session.leave` does what the player then agreed to.
No pygame here."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.i18n import ngettext
from game.session.autosaver import Autosaver, autosaved
from game.training.keeper import PracticeKeeper
from game.session.rating import RatingGuard
from game.session.record_keeper import RecordKeeper
from game.session.results import Results

if TYPE_CHECKING:
    from game.model import GameModel
    from game.store.autosave import Autosaves
    from game.domain.players import PlayerSpec
    from game.domain.rated import RatedGame
    from game.config.values import Settings
    from game.domain.saved import SavedGame

__all__ = ["Departure", "Leaving", "Session"]


class Departure(enum.Enum):
    """Why a game is left."""

    REPLACE = "replace"  # another game takes the place of the one on the board, or of the one on offer
    QUIT = "quit"        # the program ends: an unfinished game stays in the autosave, only a rated one is lost


@dataclass(frozen=True, slots=True)
class Leaving:
    """What leaving costs: ``detail`` says it to the player; ``board`` is the game on the board that
    is left (a rated one counts as a loss), ``offer`` whether the game on offer is given up."""

    detail: str
    departure: Departure
    board: GameModel | None = None
    offer: bool = False


class Session:
    def __init__(self, settings: Settings, autosaves: Autosaves, keeper: RecordKeeper | None = None) -> None:
        self.settings = settings
        self.keeper = keeper if keeper is not None else RecordKeeper()
        self.keeper.load()
        #: This run's autosave (made at start-up, which read the game on offer from it).
        self.autosaves = autosaves
        self.autosaver = Autosaver(autosaves)
        self.results = Results(settings, self.keeper)
        self.rating = RatingGuard(settings, self._forfeited)
        #: The unfinished game the menu offers to go on with (an earlier run's, or one left with Esc).
        self.unfinished: SavedGame | None = None
        #: Drills and puzzle results; finished games are judged for drills on its threads.
        self.practice = PracticeKeeper(settings.review_time)
        self.practice.load()

    def _forfeited(self, model: GameModel, game: RatedGame) -> None:
        # The autosave says casual first, then the record counts the loss: a kill in between never
        # brings the game back rated to be counted twice.
        self.autosaver.forfeited(model)
        self.results.forfeit(model, game)

    # -- the game on the board ---------------------------------------------------------------

    def changed(self, model: GameModel, *, rated: bool, analysis: bool = False) -> None:
        """The game on the board changed: it is autosaved (``rated`` or casual, with the analysis
        row as shown) and, once it ends against the computer, joins the record."""
        self.autosaver.changed(model, rated=rated, analysis=analysis)
        self.results.update(model, rated)

    # -- leaving -----------------------------------------------------------------------------

    def leaving(self, departure: Departure, board: GameModel | None = None, *, humans: int = 0,
                after: tuple[PlayerSpec, PlayerSpec] | None = None) -> Leaving | None:
        """What leaving costs now, or None if nothing is lost. ``board``: the game on the board
        (None when the menu or the review is shown), with ``humans`` people in it. ``after``: who
        plays the game that comes next (red, yellow), when it is known; a game without a person
        in it is not autosaved, so the unfinished game on offer stays in the autosave and is not
        lost (None: the next game is autosaved, as a network game is)."""
        rating = self.rating
        if departure is Departure.QUIT:
            at_stake = rating.at_stake(board)
            return Leaving(rating.warning(at_stake), departure, board=board) if at_stake is not None else None
        if board is not None:
            if rating.forfeits(board):
                return Leaving(rating.warning(board), departure, board=board)
            if board.moves and not board.is_over and humans > 0:
                n = len(board.moves)
                return Leaving(ngettext("The game in progress ({n} move) will be lost.",
                                        "The game in progress ({n} moves) will be lost.", n).format(n=n), departure)
            return None
        offered = self.unfinished
        if offered is None or not offered.moves or offered.position().is_over():
            return None
        if after is not None and not autosaved(*after):
            return None
        n = len(offered.moves)
        if offered.seat is not None:
            lost = ngettext("The unfinished network game with {player} ({n} move) will be lost.",
                            "The unfinished network game with {player} ({n} moves) will be lost.",
                            n).format(player=offered.seat.opponent, n=n)
        else:
            lost = ngettext("The unfinished game ({n} move) will be lost.",
                            "The unfinished game ({n} moves) will be lost.", n).format(n=n)
        detail = " ".join(part for part in (lost, rating.suspended_note()) if part)
        return Leaving(detail, departure, offer=True)

    def leave(self, leaving: Leaving) -> None:
        """The player agreed to ``leaving``: a rated game left counts as a loss once due."""
        if leaving.departure is Departure.QUIT:
            self.rating.quit(leaving.board)
        elif leaving.board is not None:
            self.rating.leave(leaving.board)
        if leaving.offer:
            self.rating.set_aside()
            self.unfinished = None

    # -- news for the window -----------------------------------------------------------------

    def poll(self) -> list[str]:
        """Notices for the player from the record, the autosave and practice since the last call."""
        return self.results.poll() + self.autosaver.poll() + self.practice.poll()

    def flush(self, timeout: float = 5.0) -> bool:
        """Wait until the autosave and the record are written (closing the window; tests)."""
        return self.autosaver.flush(timeout) and self.keeper.flush(timeout)

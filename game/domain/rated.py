"""Which games count for the rating: the rule, in one place.

A game is **rated** when one human plays it against a rated level (a level with an Elo figure),
from the empty board, without taking a move back, asking for a hint or showing the analysis row.
Anything else is **casual**: it is still kept in the record, marked casual, but the rating
ignores it. A game becomes casual the moment one of those things happens, and stays casual.

Leaving an unfinished rated game after at least ``FORFEIT_MOVES`` of one's own moves (a new game,
loading another game, the menu's Start over it, quitting) counts as a loss: otherwise a player
could drop every game that goes wrong. A rated game that ends without being left (the program
killed, the machine switched off, a logout) is not counted: its autosave says it is rated, and
the next start offers it again as a rated game (:meth:`RatedGame.resumed`), to be finished or left.

No pygame here: the UI tells a :class:`RatedGame` what happened and asks it what the game is.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass

from game.i18n import N_, _

from .levels import Level, find_level
from .players import PlayerSpec

__all__ = ["Casual", "FORFEIT_MOVES", "RatedGame", "level_elo"]

#: Own moves after which leaving an unfinished rated game counts as a loss: fewer is a game
#: hardly begun (a misclick on the wrong level, a change of mind).
FORFEIT_MOVES = 3


class Casual(enum.Enum):
    """Why a game is not rated; the value (English, translated where shown) completes "casual game:
    not rated — ..."."""

    TWO_HUMANS_OR_NONE = N_("not a game between you and the computer")
    UNRATED_LEVEL = N_("the computer's level has no Elo figure")
    LEVEL_NOT_LISTED = N_("the computer's level is no longer in your settings")
    NOT_FROM_START = N_("the game did not start from the empty board")
    UNDO = N_("a move was taken back")
    HINT = N_("a hint was asked for")
    ANALYSIS = N_("the analysis row was shown")


@dataclass
class RatedGame:
    """The rated-or-casual state of the game on the board (mutable: it only ever becomes casual)."""

    human: int | None  # the human's colour (1 red, 2 yellow) in a game against the computer, else None
    reason: Casual | None = None  # None: rated

    @classmethod
    def start(cls, red: PlayerSpec, yellow: PlayerSpec, levels: Sequence[Level], *, from_start: bool) -> RatedGame:
        """The state of a game that begins now: ``from_start`` False for a game continued from a
        position (a save, a review's "play on", an autosave that was not rated); ``levels``: the
        ladder in use (the settings' levels)."""
        humans = [n for n, spec in ((1, red), (2, yellow)) if not spec.is_ai]
        if len(humans) != 1:
            return cls(None, Casual.TWO_HUMANS_OR_NONE)
        computer = yellow if humans[0] == 1 else red
        game = cls(humans[0])
        if level_elo(computer, levels) is None:
            game.reason = Casual.UNRATED_LEVEL if _listed(computer, levels) else Casual.LEVEL_NOT_LISTED
        elif not from_start:
            game.reason = Casual.NOT_FROM_START
        return game

    @classmethod
    def resumed(cls, red: PlayerSpec, yellow: PlayerSpec, levels: Sequence[Level], *, rated: bool) -> RatedGame:
        """The state of a game resumed from an autosave of an earlier run that says whether it was
        ``rated``: rated again only if it was, and its players are still a rated pairing under the
        current ``levels`` (a level may have lost its Elo figure since); else casual."""
        return cls.start(red, yellow, levels, from_start=rated)

    @property
    def rated(self) -> bool:
        return self.human is not None and self.reason is None

    @property
    def against_computer(self) -> bool:
        return self.human is not None

    def make_casual(self, reason: Casual) -> bool:
        """Mark the game casual for ``reason``; True if it was rated until now (tell the player)."""
        if not self.rated:
            return False
        self.reason = reason
        return True

    def own_moves(self, moves: int) -> int:
        """How many of ``moves`` discs (from the empty board) the human played."""
        if self.human is None:
            return 0
        return (moves + (1 if self.human == 1 else 0)) // 2

    def forfeits(self, moves: int, over: bool) -> bool:
        """Would leaving the game now count as a loss? (``moves``: discs on the board)"""
        return self.rated and not over and self.own_moves(moves) >= FORFEIT_MOVES

    def notice(self) -> str:
        """What the window says when the game turns casual."""
        if self.reason is None:
            return _("Rated game")
        return _("Casual game: not rated — {reason}").format(reason=_(self.reason.value))


def _listed(spec: PlayerSpec, levels: Sequence[Level]) -> bool:
    """Whether a computer player is a custom depth or one of ``levels`` (a saved game may name a
    built-in level that a settings file's own ladder has replaced)."""
    if spec.level:
        try:
            find_level(levels, spec.level)
        except KeyError:
            return False
    return True


def level_elo(spec: PlayerSpec, levels: Sequence[Level]) -> int | None:
    """The Elo figure of a computer player's level among ``levels``, or None (a custom depth, an
    unrated level, a level not listed)."""
    if not spec.is_ai or not spec.level:
        return None
    try:
        level = find_level(levels, spec.level)
    except KeyError:
        return None
    # a level played with another heuristic ("Hard:window") is not the level that was measured
    return level.elo if spec.heuristic == level.heuristic else None

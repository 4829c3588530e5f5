"""Levels of the computer player: a name, a search depth and the overrides that make it a level.

The built-in ladder is the ``[[levels]]`` of the shipped config.toml (a test checks the two are
equal); the config may replace it. Level names follow :mod:`game.domain.names`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.engine.board import CELLS

from .names import name_key
from game.echo import shown
from game.i18n import _

__all__ = ["CUSTOM_DEPTH", "DEFAULT_DEPTH", "DEFAULT_LEVELS", "MAX_DEPTH", "Level", "find_level"]

#: A level may ask for any depth the search accepts: a search deeper than the board has cells
#: sees nothing more.
MAX_DEPTH = CELLS
#: The depths a player may choose by number, from the menu or as ``ai:DEPTH``.
CUSTOM_DEPTH = (1, 20)
#: The computer player's depth when no level and no depth is asked for (``ai``).
DEFAULT_DEPTH = 6


@dataclass(frozen=True)
class Level:
    """A named difficulty: a search depth plus optional overrides."""

    name: str
    depth: int
    heuristic: str | None = None  # None: the settings' default heuristic
    time_limit: float | None = None  # seconds per move; None: the settings' time_limit
    perfect_play: bool = False  # try the exact solver first
    # softmax temperature of the choice among the searched moves (weaker levels; 0: always the best)
    temperature: float = 0.0
    elo: int | None = None  # measured strength on the ladder's Elo scale (Easy = 1798); None: unrated
    exact: bool = False  # only proved moves: the exact solver as long as it takes (depth, time unused)


#: The built-in ladder, equal to the [[levels]] tables of the shipped config.toml (a test checks
#: it). Each level's Elo adds the measured difference to its lower neighbour (docs/strength.md); Easy
#: is the anchor at 1798, where earlier versions of the ladder put it, so games in older records
#: keep their meaning.
DEFAULT_LEVELS: tuple[Level, ...] = (
    Level("Beginner", 1, temperature=0.5, elo=1169),
    Level("Novice", 2, temperature=0.13, elo=1381),
    Level("Apprentice", 3, temperature=0.08, elo=1609),
    Level("Easy", 4, elo=1798),
    Level("Medium", 6, elo=1947),
    Level("Hard", 8, elo=2062),
    Level("Expert", 12, elo=2253),
    Level("Master", 14, heuristic="threats", time_limit=1.0, perfect_play=True, elo=2404),
    Level("Perfect", MAX_DEPTH, exact=True, elo=2677),
)


def find_level(levels: Sequence[Level], name: str) -> Level:
    """The level called ``name`` (case and accents' composition ignored); KeyError lists the names."""
    wanted = name_key(name)
    for level in levels:
        if name_key(level.name) == wanted:
            return level
    raise KeyError(_("no level named '{name}'; levels: {levels}").format(
        name=shown(name), levels=", ".join(l.name for l in levels)))

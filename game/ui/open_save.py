"""A save as the scenes open it: read, checked and its players known before anything on the board
changes, in one place for the menu, the game scene and the review; the words that offer to go
back into an unfinished one. Also the game scene's Ctrl+S."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from game.config.values import Settings
from game.domain.players import parse_saved_player, PlayerSpec
from game.domain.saved import SavedGame
from game.i18n import N_, _, ngettext
from game.model import GameModel
from game.store.savefile import load_game, save_game, SaveFileError
from game.store.saves import new_save_path

__all__ = ["OPEN_ERRORS", "RESUME", "Opened", "open_save", "players_of", "resume_label", "save_new"]

#: The menu's row that goes back into the unfinished game (English, translated where shown).
RESUME = N_("Resume unfinished game")
#: What opening a save may raise: the file, its format, or a player the settings do not know.
OPEN_ERRORS = (SaveFileError, ValueError, OSError)


@dataclass(frozen=True, slots=True)
class Opened:
    """A save read from a file, with its two players parsed."""

    saved: SavedGame
    red: PlayerSpec
    yellow: PlayerSpec


def players_of(saved: SavedGame, settings: Settings) -> tuple[PlayerSpec, PlayerSpec]:
    """(red, yellow) as the settings know them; ValueError for a player they do not."""
    return parse_saved_player(saved.red, settings), parse_saved_player(saved.yellow, settings)


def open_save(path: Path, settings: Settings) -> Opened:
    """The save at ``path`` and its players; raises one of ``OPEN_ERRORS``."""
    saved = load_game(path)
    return Opened(saved, *players_of(saved, settings))


def save_new(model: GameModel) -> str:
    """Write ``model``'s game to a new save; the words that say so. Raises OSError or SaveFileError."""
    save_game(new_save_path(), model.saved_game())
    n = len(model.moves)
    return ngettext("Saved ({n} move) — Ctrl+O lists your saves", "Saved ({n} moves) — Ctrl+O lists your saves",
                    n).format(n=n)


def resume_label(saved: SavedGame) -> str:
    """The resume row's words: a network game is gone back into over the network, with its player."""
    seat = saved.seat
    return _(RESUME) if seat is None else _("Resume network game with {player}").format(player=seat.opponent)

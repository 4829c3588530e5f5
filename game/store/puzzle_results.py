"""Where the players' puzzle results live: ``puzzles.jsonl``, one puzzle tried a line.

A result names the puzzle (its start position's move string), whether it was solved, when, and who
tried it (a name as ``game.store.drill_file`` keeps it; a line written before results had a player is
:data:`~game.store.drill_file.LOCAL_PLAYER`'s, and gets the name when the file is next written). Each
player's puzzle rating is computed from their results (``game.training.puzzle_set.rating_of``), as the
game rating is from the record. The file is kept by ``game.store.lines``: atomic, locked, damaged
lines set aside by themselves, a file that cannot be read never written.

No pygame here.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from game.echo import shown
from game.i18n import N_, ngettext
from game.engine.board import CELLS, MoveError, parse_moves
from game.store.drill_file import LOCAL_PLAYER, owner_name, same_player
from game.store.folders import user_data_dir
from game.words.move_errors import move_error_text

from . import fields
from .lines import LineFile, LineWords

__all__ = ["RESULTS_NAME", "PuzzleResult", "add_result", "load_results", "results_path"]

RESULTS_NAME = "puzzles.jsonl"


@dataclass(frozen=True, slots=True)
class PuzzleResult:
    """One puzzle tried by ``player``: ``puzzle`` is its id (the start's move string), ``date``
    ISO 8601 with a zone, within ``game.store.fields``' range."""

    puzzle: str
    solved: bool
    date: str
    player: str = LOCAL_PLAYER

    def __post_init__(self) -> None:
        if not isinstance(self.puzzle, str) or not 0 < len(self.puzzle) <= CELLS:
            raise ValueError("puzzle: not a position")
        try:
            parse_moves(self.puzzle)
        except MoveError as exc:
            raise ValueError(f"puzzle: {move_error_text(exc)}") from None
        if not isinstance(self.solved, bool):
            raise ValueError(f"solved: {shown(self.solved)} is not true or false")
        fields.stamp(self.date, "date")
        owner_name(self.player)

    def belongs_to(self, player: str) -> bool:
        return same_player(self.player, player)

    def to_json(self) -> dict:
        return {"player": self.player, "puzzle": self.puzzle, "solved": self.solved, "date": self.date}

    @classmethod
    def from_json(cls, data: object) -> PuzzleResult:
        if not isinstance(data, dict):
            raise ValueError("not a JSON object")
        return cls(data.get("puzzle"), data.get("solved"), data.get("date"),  # type: ignore[arg-type]
                   data["player"] if "player" in data else LOCAL_PLAYER)


RESULT_WORDS = LineWords(
    lambda n: ngettext("{count} damaged puzzle result was set aside in {file} ({problem}); your other {kept} puzzle "
                       "results "
                       "are kept",
                       "{count} damaged puzzle results were set aside in {file} ({problem}); your other {kept} "
                       "puzzle results "
                       "are kept", n),
    N_("Cannot read your puzzle results in {file} ({reason}); the file is left as it is"),
    N_("Your puzzle results are read from {file}, but its folder cannot be written ({reason}): nothing new will be "
       "kept"),
    lambda n: ngettext("Your puzzle results are read from {file}, but its folder cannot be written ({reason}): "
                       "nothing new "
                       "will be kept; {count} damaged line is left in it",
                       "Your puzzle results are read from {file}, but its folder cannot be written ({reason}): "
                       "nothing new "
                       "will be kept; {count} damaged lines are left in it", n))
RESULT_LINES = LineFile(RESULT_WORDS, PuzzleResult.from_json, PuzzleResult.to_json)


def results_path() -> Path:
    return user_data_dir() / RESULTS_NAME


def load_results(path: Path | None = None) -> tuple[list[PuzzleResult], str | None]:
    """Every result, oldest first, and a notice for the player (None when all is well)."""
    return RESULT_LINES.load(results_path() if path is None else Path(path))


def add_result(result: PuzzleResult, path: Path | None = None) -> tuple[list[PuzzleResult], str | None]:
    """Keep ``result`` after the others; every result and the notice. OSError when the file
    cannot be read or written (nothing is written then)."""
    return RESULT_LINES.update(lambda results: results + [result], results_path() if path is None else Path(path))

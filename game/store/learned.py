"""Where each player's progress through the course Learn teaches is kept: ``lessons.jsonl``.

One line per player and lesson: whose progress it is (the player's name as practice names players,
``game.store.drill_file.owner_name``; names compared by ``game.domain.names.name_key``), the lesson's
slug and the positions of it solved (their indices). The file is kept as ``drills.jsonl`` is
(``game.store.lines``): each change rewrites it whole, atomically, under its lock; a line that is not
valid progress (bad JSON, a slug that is no slug, an index out of range) is set aside in
``lessons.jsonl.bad`` while the others stay; a file that cannot be read is never written.

No pygame here, and nothing about what the lessons teach: a slug this version does not ship (a
newer version's lesson) is kept as it is.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from game.domain.names import name_key
from game.echo import shown
from game.i18n import N_, ngettext
from game.store.drill_file import owner_name
from game.store.folders import user_data_dir

from . import fields
from .lines import LineFile, LineWords

__all__ = ["LESSONS_NAME", "MAX_POSITIONS", "LessonProgress", "load_progress", "progress_path", "update_progress"]

LESSONS_NAME = "lessons.jsonl"
#: No lesson holds more positions (the course holds 3 to 8; a newer one may hold a few more).
MAX_POSITIONS = 32
_SLUG = re.compile(r"[a-z][a-z-]{0,31}")


@dataclass(frozen=True, slots=True)
class LessonProgress:
    """The positions of lesson ``lesson`` (its slug) that ``player`` has solved (indices from 0)."""

    player: str
    lesson: str
    solved: frozenset[int]

    @property
    def ident(self) -> tuple[str, str]:
        return name_key(self.player), self.lesson


def _slug(value: object) -> str:
    if not isinstance(value, str) or not _SLUG.fullmatch(value):
        raise ValueError(f"lesson: {shown(value, 40)} is not a lesson's name")
    return value


def _decode(doc: object) -> LessonProgress:
    if not isinstance(doc, dict):
        raise ValueError("not a JSON object")
    solved = doc.get("solved")
    if not isinstance(solved, list) or len(solved) > MAX_POSITIONS:
        raise ValueError(f"solved: not a list of at most {MAX_POSITIONS} positions")
    indices = frozenset(fields.whole(i, "solved", 0, MAX_POSITIONS - 1) for i in solved)
    return LessonProgress(owner_name(doc.get("player")), _slug(doc.get("lesson")), indices)


def _encode(progress: LessonProgress) -> dict:
    return {"player": owner_name(progress.player), "lesson": _slug(progress.lesson),
            "solved": sorted(fields.whole(i, "solved", 0, MAX_POSITIONS - 1) for i in progress.solved)}


#: One line per player and lesson (the first one read stands).
PROGRESS_WORDS = LineWords(
    lambda n: ngettext("{count} damaged line of your lesson progress was set aside in {file} ({problem}); your "
                       "other {kept} are kept",
                       "{count} damaged lines of your lesson progress were set aside in {file} ({problem}); your "
                       "other {kept} are kept", n),
    N_("Cannot read your lesson progress in {file} ({reason}); the file is left as it is"),
    N_("Your lesson progress is read from {file}, but its folder cannot be written ({reason}): nothing new will be "
       "kept"),
    lambda n: ngettext("Your lesson progress is read from {file}, but its folder cannot be written ({reason}): "
                       "nothing new will be kept; {count} damaged line is left in it",
                       "Your lesson progress is read from {file}, but its folder cannot be written ({reason}): "
                       "nothing new will be kept; {count} damaged lines are left in it", n))
PROGRESS_LINES = LineFile(PROGRESS_WORDS, _decode, _encode, key=lambda p: p.ident, max_bytes=1024 * 1024)


def progress_path() -> Path:
    return user_data_dir() / LESSONS_NAME


def load_progress(path: Path | None = None) -> tuple[list[LessonProgress], str | None]:
    """Every player's progress, and a notice for the player (None when all is well); see ``LineFile.load``."""
    return PROGRESS_LINES.load(progress_path() if path is None else Path(path))


def update_progress(change: Callable[[list[LessonProgress]], list[LessonProgress]],
                    path: Path | None = None) -> tuple[list[LessonProgress], str | None]:
    """Apply ``change`` to every player's progress under the file's lock; see ``LineFile.update``."""
    return PROGRESS_LINES.update(change, progress_path() if path is None else Path(path))

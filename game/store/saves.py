"""The saves folder: saving a game under a fresh name, reading one back, the load list.

Saves never overwrite one another: :func:`new_save_path` reserves a fresh name with an exclusive
create, so two games saving in the same second get two files. A save is read by the save format
(:mod:`game.store.savefile`): only a regular file of bounded size, parsed, never evaluated.
"""

from __future__ import annotations

import os
import stat
import time
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from game.echo import shown
from game.domain.saved import SavedGame
from game.store.savefile import MAX_SHOWN_NAME, SAVE_SUFFIX, SaveFileError, format_save, load_game

from . import files
from .folders import user_data_dir

__all__ = ["SAVES_NAME", "SaveInfo", "delete_save", "list_saves", "new_save_path", "save_infos", "save_new_game",
           "saves_dir"]

SAVES_NAME = "saves"


def saves_dir() -> Path:
    return user_data_dir() / SAVES_NAME


def list_saves() -> list[Path]:
    """Save files in :func:`saves_dir`, newest first (the autosave is not among them, nor a name
    :func:`new_save_path` reserved that is still empty)."""

    def info(p: Path) -> os.stat_result | None:
        try:
            return p.stat()
        except OSError:
            return None

    try:
        found = [(p, info(p)) for p in saves_dir().glob("*" + SAVE_SUFFIX)]
    except OSError:
        return []
    files = [(p, st) for p, st in found if st is not None and stat.S_ISREG(st.st_mode) and st.st_size > 0]
    return [p for p, _ in sorted(files, key=lambda item: (item[1].st_mtime, item[0].name), reverse=True)]


def new_save_path() -> Path:
    """A fresh file name in :func:`saves_dir` for Ctrl+S: game-YYYYmmdd-HHMMSS[-N].c4save.

    The name is reserved by creating the file empty and exclusively (O_EXCL), so two saves in
    the same second, in one window or in two, always get two names and never overwrite each
    other; :func:`save_game` then replaces the empty file. An empty file whose save failed is
    removed by :func:`clean_stale_files`. OSError if the folder cannot be written.
    """
    stem = "game-" + time.strftime("%Y%m%d-%H%M%S")
    folder = saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    n = 1
    while True:
        path = folder / (f"{stem}{SAVE_SUFFIX}" if n == 1 else f"{stem}-{n}{SAVE_SUFFIX}")
        try:
            files.create_new(path)
        except FileExistsError:
            n += 1
            continue
        return path


def save_new_game(game: SavedGame) -> Path:
    """Save ``game`` under a fresh name (:func:`new_save_path`) and return it; on failure the
    reserved name is given back. SaveFileError for an invalid game, OSError for disk problems."""
    text = format_save(game)
    path = new_save_path()
    try:
        files.atomic_write_text(path, text)
    except BaseException:
        try:
            if path.stat().st_size == 0:
                path.unlink()
        except OSError:
            pass
        raise
    return path




@dataclass(frozen=True)
class SaveInfo:
    """One save file as the load list shows it: who played, how far, how it ended.

    ``game`` is None when the file cannot be used; ``problem`` then says why."""

    path: Path
    game: SavedGame | None
    problem: str = ""

    @property
    def moves(self) -> int:
        return len(self.game.moves) if self.game is not None else 0

    @property
    def result(self) -> str:
        """"Red won", "Yellow won", "draw" or "unfinished" (the engine decides; "" for a bad file)."""
        if self.game is None:
            return ""
        position = self.game.position()
        winner = position.winner()
        if winner is not None:
            return ("Red", "Yellow")[winner - 1] + " won"
        return "draw" if position.is_draw() else "unfinished"

    @property
    def saved_at(self) -> datetime | None:
        if self.game is None:
            return None
        try:
            return datetime.fromisoformat(self.game.saved_at)
        except ValueError:
            return None


def save_infos() -> list[SaveInfo]:
    """Every save file in :func:`saves_dir` with its content, newest first (by the date inside the
    file, then by the file's modification time); files that cannot be read come last."""
    infos = []
    for path in list_saves():
        try:
            infos.append(SaveInfo(path, load_game(path)))
        except SaveFileError as e:
            infos.append(SaveInfo(path, None, str(e)))

    def newest_first(info: SaveInfo) -> tuple[int, float]:
        when = info.saved_at
        return (0, -when.timestamp()) if when is not None else (1, 0.0)

    return sorted(infos, key=newest_first)   # stable: list_saves' mtime order breaks ties


def delete_save(path: Path) -> None:
    """Remove one save file; only ``.c4save`` files in :func:`saves_dir` are ever removed.

    ValueError for any other path, OSError when the file cannot be removed."""
    path = Path(path)
    if path.suffix != SAVE_SUFFIX or path.resolve().parent != saves_dir().resolve():
        raise ValueError(f"{shown(path.name, MAX_SHOWN_NAME)} is not a saved game")
    path.unlink()

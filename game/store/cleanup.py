"""Cleaning what an interrupted write of this game leaves behind, at each start."""

from __future__ import annotations

import os
from pathlib import Path

from game.store.savefile import SAVE_SUFFIX

from . import files
from .book_memo import BOOK_MEMO_NAME
from .folders import user_cache_dir, user_config_dir, user_data_dir
from .prefs import PREFS_NAME
from .saves import saves_dir

__all__ = ["clean_stale_files"]

RECORD_FILES = "record."  # the game record's files (game.store.record_file) start so


def clean_stale_files(now: float | None = None) -> list[Path]:
    """Remove what an interrupted write of this game can leave behind, and return the paths removed:
    temporary files of the file layer for a save, the autosave, the preferences or the record, and
    empty save files reserved by :func:`new_save_path` but never written. Only files older than
    :data:`files.STALE_AFTER` seconds are touched, so a write running in another window right now is
    never disturbed; only regular files are removed, never what a symlink points to.
    """
    saves = saves_dir()
    removed = []
    for folder in dict.fromkeys((user_data_dir(), saves, user_config_dir(), user_cache_dir())):
        def ours(name: str, target: str, info: os.stat_result, reserved: bool = folder == saves) -> bool:
            if target:
                return (target.endswith(SAVE_SUFFIX) or target in (PREFS_NAME, BOOK_MEMO_NAME)
                        or target.startswith(RECORD_FILES))
            return reserved and name.endswith(SAVE_SUFFIX) and info.st_size == 0

        removed += files.clean_stale_temporaries([folder], ours, now)
    return removed


# ---------------------------------------------------------------------------
# Saved games

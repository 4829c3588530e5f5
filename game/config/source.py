"""Which config file is read, how deep its document may nest, and the one setting an exact solve
reads from it without the settings' schema.

An exact solve (``python -m game.analyze`` without options) uses a single setting, the size of the
solver's table (``[ai] table_mb``). Checking the whole file (:func:`game.config.load.load_settings`:
the schema, the levels, the depth search's values) is about a fifth of such a run, so
:func:`exact_table_mb` reads that one key and leaves every file it does not read plainly to the
full reader, which says what is wrong in the same words as everywhere else.
"""

from __future__ import annotations

import os
import tomllib
from pathlib import Path

from game.engine.tables import DEFAULT_TABLE_MB, MAX_TABLE_MB
from game.paths import CONFIG_NAME, shipped_config
from game.store.files import read_regular_file
from game.store.folders import user_config_dir

__all__ = ["MAX_CONFIG_BYTES", "MAX_NESTING", "default_config_path", "exact_table_mb", "nesting",
           "repo_config_path"]

MAX_CONFIG_BYTES = 1_000_000
#: How deep a config document may nest (and a value is shown in a message); a valid config nests
#: 4 deep at most ([ai] > window_weights > own > a number).
MAX_NESTING = 6


def repo_config_path() -> Path | None:
    """The config.toml shipped with the program (see ``game.paths.shipped_config``)."""
    return shipped_config()


def default_config_path() -> Path | None:
    """The config file used without --config: the user's, else the shipped one, else None.

    Anything named like the user's file counts as it (a folder, a named pipe, a link to nothing):
    loading it then names the problem, instead of the shipped file being used without a word."""
    user = user_config_dir() / CONFIG_NAME
    if os.path.lexists(user):
        return user
    return repo_config_path()


def nesting(data: object) -> int:
    """How deep tables and arrays nest in ``data`` (iterative: any depth is safe to measure)."""
    deepest, stack = 0, [(data, 0)]
    while stack:
        item, depth = stack.pop()
        deepest = max(deepest, depth)
        if isinstance(item, dict):
            stack.extend((v, depth + 1) for v in item.values())
        elif isinstance(item, list):
            stack.extend((v, depth + 1) for v in item)
    return deepest


def exact_table_mb(path: str | None = None) -> int | None:
    """``[ai] table_mb`` of the config file :func:`~game.config.load.load_settings` would read
    (``path``, else the default one): the built-in default where there is no file or it does not
    set the key. None where only the full reader can tell: a file that cannot be read, is empty,
    is not TOML or nests too deep, an ``[ai]`` that is not a table, a value that is not a whole
    number in range. Problems elsewhere in the file are not looked for: nothing else changes an
    exact solve (``connect4 --check-config`` lists them all)."""
    if path is not None and not path.strip():
        return None
    found = Path(path) if path is not None else default_config_path()
    if found is None:
        return DEFAULT_TABLE_MB
    try:
        data = read_regular_file(found, MAX_CONFIG_BYTES)
        text = data.decode("utf-8-sig") if len(data) <= MAX_CONFIG_BYTES else ""
        document = tomllib.loads(text) if text.strip() else None
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError, RecursionError):
        return None
    if document is None or nesting(document) > MAX_NESTING:
        return None
    ai = document.get("ai", {})
    value = ai.get("table_mb", DEFAULT_TABLE_MB) if isinstance(ai, dict) else None
    return value if type(value) is int and 1 <= value <= MAX_TABLE_MB else None

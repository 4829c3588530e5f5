"""Reading the config file: which file, its text, and its settings.

``load_settings`` never raises for bad content: every key that is unknown, of the wrong type or
out of range is reported as a :class:`~game.config.values.ConfigProblem` (naming the key, the
value and what is allowed) and that setting keeps its built-in default, so the game always
starts. A file that cannot be used at all is one problem, and the built-in defaults are used.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

from game.echo import shown_path
from game.i18n import N_, Words
from game.store.files import NotRegularFileError, describe_os_error, read_regular_file

from .schema import apply
from .source import MAX_CONFIG_BYTES, MAX_NESTING, default_config_path, nesting, repo_config_path
from .values import DEFAULTS, ConfigProblem, Settings

__all__ = ["MAX_CONFIG_BYTES", "default_config_path", "load_settings", "parse_settings", "repo_config_path"]

def load_settings(path: str | Path | None = None) -> tuple[Settings, list[ConfigProblem]]:
    """Settings from ``path`` (or the default lookup) plus every problem found.

    Never raises for bad content: an unreadable, non-UTF-8, empty, huge or invalid file
    gives the built-in defaults and one problem; bad keys keep their defaults.
    """
    if isinstance(path, str) and not path.strip():
        return DEFAULTS, [_file_problem(Words(N_("no file name given ({given})"), given=repr(path)),
                                        Words(N_("the path of a TOML file")))]
    if path is None:
        found = default_config_path()
        if found is None:
            return DEFAULTS, []
        path = found
    path = Path(path)
    text, problem = _read_text(path)
    if problem is not None:
        return DEFAULTS, [problem]
    return parse_settings(text)


def parse_settings(text: str) -> tuple[Settings, list[ConfigProblem]]:
    """Settings from the text of a config file (see :func:`load_settings`)."""
    if not text.strip():
        return DEFAULTS, [_file_problem(Words(N_("the file is empty")), Words(N_("a TOML file with settings")))]
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        # TRANSLATORS: {reason} is the TOML reader's own words (English).
        return DEFAULTS, [_file_problem(Words(N_("not valid TOML: {reason}"), reason=str(e)),
                                        Words(N_("a valid TOML document")))]
    except RecursionError:  # absurdly deep nesting of arrays or inline tables
        return DEFAULTS, [_file_problem(Words(N_("not valid TOML: nested too deeply")), _nested_at_most())]
    if nesting(data) > MAX_NESTING:
        return DEFAULTS, [_file_problem(Words(N_("tables or arrays nested {depth} deep"), depth=nesting(data)),
                                        _nested_at_most())]
    return apply(data)


def _nested_at_most() -> Words:
    return Words(N_("tables and arrays nested at most {depth} deep"), depth=MAX_NESTING)


def _file_problem(what: Words, allowed: Words) -> ConfigProblem:
    return ConfigProblem("file", what, allowed, Words(N_("using the built-in defaults")))


def _read_text(path: Path) -> tuple[str, ConfigProblem | None]:
    shown = shown_path(path)
    try:
        data = read_regular_file(path, MAX_CONFIG_BYTES)
    except FileNotFoundError:
        return "", _file_problem(Words(N_("{path} does not exist"), path=shown), Words(N_("an existing TOML file")))
    except (IsADirectoryError, NotRegularFileError) as e:
        # TRANSLATORS: {what} says what the path is instead: "a folder", "a named pipe"...
        return "", _file_problem(Words(N_("{path} is {what}"), path=shown, what=describe_os_error(e)),
                                 Words(N_("a regular TOML file")))
    except OSError as e:
        return "", _file_problem(Words(N_("{path} cannot be read ({reason})"), path=shown, reason=describe_os_error(e)),
                                 Words(N_("a readable TOML file")))
    if len(data) > MAX_CONFIG_BYTES:
        return "", _file_problem(Words(N_("{path} is larger than {size} bytes"), path=shown, size=f"{MAX_CONFIG_BYTES:,}"),
                                 Words(N_("a file of at most {size} bytes"), size=f"{MAX_CONFIG_BYTES:,}"))
    try:
        return data.decode("utf-8-sig"), None
    except UnicodeDecodeError as e:
        return "", _file_problem(Words(N_("{path}: byte {byte} at offset {offset} is not UTF-8"), path=shown,
                                       byte=f"0x{data[e.start]:02x}", offset=e.start), Words(N_("UTF-8 text")))

"""The user's folders: where the game keeps its config, its data and what it can compute again.

Everything lives in the platform's user folders (platformdirs); the environment variable
``CONNECT4_HOME`` points every folder at one directory instead (tests and portable installs use
it). :func:`home_problem` says at once when that directory can never work. No folder is created
here: the first write creates it.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Literal

from game.echo import shown
from game.i18n import _
from game.store.files import describe_os_error

__all__ = ["APP_NAME", "HOME_ENV", "home_problem", "report_bad_home", "user_cache_dir", "user_config_dir",
           "user_data_dir"]

APP_NAME = "connect4"
HOME_ENV = "CONNECT4_HOME"


def _home() -> Path | None:
    """``CONNECT4_HOME`` with a leading ``~`` expanded ("~/c4" set where no shell expands it, as
    in a .desktop file); None when it is not set. A ``~user`` that names nobody stays as it is
    (:func:`home_problem` reports it)."""
    home = os.environ.get(HOME_ENV)
    if not home:
        return None
    try:
        return Path(home).expanduser()
    except RuntimeError:  # ~nosuchuser
        return Path(home)


def home_problem() -> str | None:
    """One line saying why ``CONNECT4_HOME`` cannot be used, or None when it can (or is not set).

    Checked before anything else runs, so a folder that can never work is one clear message and
    an exit status instead of a traceback from the first file touched: a ``~user`` that names no
    user, a folder name longer than the system allows, a path the system cannot
    follow (too long, a loop of links, a folder without search permission on the way)."""
    home = _home()
    if home is None:
        return None
    raw = os.environ.get(HOME_ENV, "")
    where = f"{HOME_ENV}={shown(raw)}"
    if str(home).startswith("~"):
        return _("{setting}: no user {user} to find the folder of").format(
            setting=where, user=repr(shown(str(home).partition('/')[0][1:])))
    try:
        longest = max(len(os.fsencode(part)) for part in home.parts)
        limit = os.pathconf("/", "PC_NAME_MAX") if hasattr(os, "pathconf") else 255
    except (OSError, ValueError):
        longest, limit = 0, 255
    if longest > limit:
        return _("{setting}: a folder name in it has {size} bytes; the system allows {most}").format(
            setting=where, size=longest, most=limit)
    try:
        os.stat(home)
    except FileNotFoundError:
        pass  # created at the first write
    except NotADirectoryError:
        pass  # a file on the way: each write reports it, the game still runs
    except OSError as e:
        return _("{setting}: the folder cannot be reached ({reason})").format(setting=where, reason=describe_os_error(e))
    return None


def report_bad_home(prog: str) -> bool:
    """Print :func:`home_problem`'s line as ``PROG: ...`` on stderr; True when there was one (the
    caller then exits with status 2, as for a bad argument)."""
    problem = home_problem()
    if problem is None:
        return False
    import sys  # here: only this message needs it

    if sys.stderr is not None:
        print(f"{prog}: {problem}", file=sys.stderr)
    return True


def _platform_dir(kind: Literal["user_config_dir", "user_data_dir", "user_cache_dir"]) -> Path:
    """The platform's folder ``kind`` ("user_config_dir", ...) for the game, from platformdirs,
    imported here: with ``CONNECT4_HOME`` set no start needs it (it brings ``tempfile`` along)."""
    import platformdirs

    return Path(getattr(platformdirs, kind)(APP_NAME, appauthor=False))


def user_config_dir() -> Path:
    """Where config.toml and prefs.json live (not created until something is written)."""
    home = _home()
    if home is not None:
        return home
    return _platform_dir("user_config_dir")


def user_data_dir() -> Path:
    """Where saved games and the autosave live (not created until something is written)."""
    home = _home()
    if home is not None:
        return home
    return _platform_dir("user_data_dir")


def user_cache_dir() -> Path:
    """Where what can be computed again is kept (the opening book's digest)."""
    home = _home()
    if home is not None:
        return home
    return _platform_dir("user_cache_dir")

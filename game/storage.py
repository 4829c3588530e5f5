"""Files the game keeps between runs: preferences, saved games and the autosave.

Everything lives in the platform's user folders (platformdirs); the environment
variable ``CONNECT4_HOME`` points both the config and the data folder at one
directory instead (tests and portable installs use it).

Every write is atomic: the text goes to a temporary file in the same folder, is
flushed to disk, then renamed over the target, so a crash mid-write leaves the old
file intact. Save files are plain text (a small header and the move string); they
are parsed by hand and validated move by move, never unpickled or evaluated.

No pygame here.
"""

from __future__ import annotations

import json
import logging
import os
import re
import tempfile
import time
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

import platformdirs

from .engine.board import HEIGHT, WIDTH, MoveError, Position

log = logging.getLogger(__name__)

APP_NAME = "connect4"
HOME_ENV = "CONNECT4_HOME"
PREFS_NAME = "prefs.json"
SAVES_NAME = "saves"
SAVE_SUFFIX = ".c4save"
AUTOSAVE_NAME = "autosave" + SAVE_SUFFIX
SAVE_MAGIC = "Connect Four saved game"
SAVE_FORMAT = "1"
SAVE_END = "end"  # last line: a file cut short (copied half, disk full) is recognised
MAX_SAVE_BYTES = 64 * 1024
MAX_PREFS_BYTES = 256 * 1024
MAX_PLAYER_CHARS = 40
_PLAYER_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9 _:.\-]*")


# ---------------------------------------------------------------------------
# Folders and atomic writes


def user_config_dir() -> Path:
    """Where config.toml and prefs.json live (not created until something is written)."""
    home = os.environ.get(HOME_ENV)
    if home:
        return Path(home)
    return Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))


def user_data_dir() -> Path:
    """Where saved games and the autosave live (not created until something is written)."""
    home = os.environ.get(HOME_ENV)
    if home:
        return Path(home)
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def atomic_write_text(path: Path, text: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` so that readers see the old or the new file, never half.

    Temporary file in the same folder + fsync + os.replace; the temporary file is removed
    if anything fails. Raises OSError when the folder cannot be written.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    _fsync_dir(path.parent)


def _fsync_dir(folder: Path) -> None:
    """Make the rename itself durable (POSIX; a no-op where folders cannot be opened)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


# ---------------------------------------------------------------------------
# Preferences: last menu choices, volume, theme, muted


def prefs_path() -> Path:
    return user_config_dir() / PREFS_NAME


def load_prefs() -> dict:
    """The saved preferences; a missing, unreadable or corrupt file gives ``{}``."""
    path = prefs_path()
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_PREFS_BYTES + 1)
    except FileNotFoundError:
        return {}
    except OSError as e:
        log.warning("cannot read preferences %s: %s", path, e)
        return {}
    if len(data) > MAX_PREFS_BYTES:
        log.warning("preferences %s are larger than %d bytes; ignored", path, MAX_PREFS_BYTES)
        return {}
    try:
        prefs = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError) as e:
        log.warning("preferences %s are corrupt (%s); ignored", path, e)
        return {}
    if not isinstance(prefs, dict):
        log.warning("preferences %s are not a JSON object; ignored", path)
        return {}
    return prefs


def save_prefs(prefs: dict) -> None:
    """Store the preferences (JSON, atomic). A folder that cannot be written is logged, not raised:
    losing a menu choice must never stop the game. Values must be JSON types (TypeError otherwise).
    """
    text = json.dumps(prefs, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
    try:
        atomic_write_text(prefs_path(), text)
    except OSError as e:
        log.warning("cannot write preferences %s: %s", prefs_path(), e)


# ---------------------------------------------------------------------------
# Saved games


class SaveFileError(ValueError):
    """A save file cannot be used; the message names the problem (line, move index, ...)."""


@dataclass(frozen=True)
class SavedGame:
    """A game on disk: the move string ("4453", 1-based columns) and who played."""

    moves: str
    red: str  # player spec strings: "human", "ai:8:window", a level name
    yellow: str
    saved_at: str  # ISO 8601 date and time

    @classmethod
    def now(cls, moves: str, red: str, yellow: str) -> "SavedGame":
        """A SavedGame stamped with the current local time."""
        stamp = datetime.now(timezone.utc).astimezone().isoformat(timespec="seconds")
        return cls(moves, red, yellow, stamp)

    def position(self) -> Position:
        """The position after the moves (they are validated when the game is parsed/saved)."""
        return Position.from_moves(self.moves)


def _check_game(game: SavedGame) -> Position:
    """Validate every field; SaveFileError naming the field and the problem."""
    for name in ("red", "yellow"):
        spec = getattr(game, name)
        if not isinstance(spec, str) or not spec:
            raise SaveFileError(f"{name}: the player is missing")
        if len(spec) > MAX_PLAYER_CHARS or not _PLAYER_RE.fullmatch(spec):
            raise SaveFileError(
                f"{name}: {spec[:MAX_PLAYER_CHARS]!r} is not a player "
                f"(expected human, ai:DEPTH[:HEURISTIC] or a level name)"
            )
    try:
        datetime.fromisoformat(game.saved_at)
    except (TypeError, ValueError):
        raise SaveFileError(f"saved: {str(game.saved_at)[:40]!r} is not a date and time "
                            f"(expected ISO 8601, like 2026-01-31T18:05:00+01:00)") from None
    if not isinstance(game.moves, str):
        raise SaveFileError("moves: the move string is missing")
    if len(game.moves) > WIDTH * HEIGHT:
        raise SaveFileError(f"moves: {len(game.moves)} moves, but a game has at most {WIDTH * HEIGHT}")
    try:
        return Position.from_moves(game.moves)
    except MoveError as e:
        raise SaveFileError(f"moves: {e}") from None


def format_save(game: SavedGame) -> str:
    """The text of a save file. SaveFileError if the game itself is not valid."""
    _check_game(game)
    return (
        f"{SAVE_MAGIC}\n"
        f"format: {SAVE_FORMAT}\n"
        f"red: {game.red}\n"
        f"yellow: {game.yellow}\n"
        f"saved: {game.saved_at}\n"
        f"moves: {game.moves}\n"
        f"{SAVE_END}\n"
    )


_FIELDS = {"format": "format", "red": "red", "yellow": "yellow", "saved": "saved_at", "moves": "moves"}


def parse_save(text: str) -> SavedGame:
    """Read a save file's text; SaveFileError naming the line or move that is wrong.

    Blank lines and lines starting with '#' are ignored; every field must appear once, and
    the last line must be ``end`` (so a truncated file is refused, not read as a shorter game).
    """
    lines = text.removeprefix("\ufeff").splitlines()
    first = next((i for i, line in enumerate(lines) if line.strip()), None)
    if first is None:
        raise SaveFileError("the file is empty")
    if lines[first].strip() != SAVE_MAGIC:
        raise SaveFileError(
            f"line {first + 1}: not a Connect Four save file "
            f"(expected {SAVE_MAGIC!r}, found {lines[first].strip()[:40]!r})"
        )
    found: dict[str, str] = {}
    where: dict[str, int] = {}
    ended = False
    for number, line in enumerate(lines[first + 1:], start=first + 2):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        if ended:
            raise SaveFileError(f"line {number}: nothing may follow the {SAVE_END!r} line, found {line[:40]!r}")
        if line == SAVE_END:
            ended = True
            continue
        key, sep, value = line.partition(":")
        key = key.strip().lower()
        if not sep or key not in _FIELDS:
            cut = " (file truncated?)" if number == len(lines) and not text.endswith("\n") else ""
            raise SaveFileError(
                f"line {number}: expected 'NAME: VALUE' with NAME one of "
                f"{', '.join(_FIELDS)}, found {line[:40]!r}{cut}"
            )
        if key in found:
            raise SaveFileError(f"line {number}: {key!r} appears twice (first on line {where[key]})")
        found[key], where[key] = value.strip(), number
    missing = [k for k in _FIELDS if k not in found]
    if missing:
        raise SaveFileError(f"incomplete: {', '.join(missing)} missing (file truncated?)")
    if not ended:
        raise SaveFileError(f"the file ends early: no {SAVE_END!r} line after the moves (file truncated?)")
    if found["format"] != SAVE_FORMAT:
        raise SaveFileError(
            f"line {where['format']}: save format {found['format'][:20]!r} is not supported "
            f"(this version reads format {SAVE_FORMAT})"
        )
    game = SavedGame(**{_FIELDS[k]: v for k, v in found.items() if k != "format"})
    try:
        _check_game(game)
    except SaveFileError as e:
        key = str(e).partition(":")[0]
        line_no = where.get(key)
        raise SaveFileError(f"line {line_no}: {e}" if line_no else str(e)) from None
    return game


def save_game(path: Path, game: SavedGame) -> None:
    """Write a save file atomically. SaveFileError for an invalid game, OSError for disk problems."""
    atomic_write_text(Path(path), format_save(game))


def load_game(path: Path) -> SavedGame:
    """Read and validate a save file; every problem (missing, too big, binary, bad content)
    is a SaveFileError whose message starts with the file name."""
    path = Path(path)
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_SAVE_BYTES + 1)
    except FileNotFoundError:
        raise SaveFileError(f"{path.name}: no such file") from None
    except IsADirectoryError:
        raise SaveFileError(f"{path.name}: is a folder, not a save file") from None
    except OSError as e:
        raise SaveFileError(f"{path.name}: cannot be read ({e.strerror or e})") from None
    if len(data) > MAX_SAVE_BYTES:
        raise SaveFileError(f"{path.name}: too large for a save file (limit {MAX_SAVE_BYTES // 1024} KiB)")
    if b"\0" in data:
        raise SaveFileError(f"{path.name}: binary data, not a save file (NUL byte at offset {data.index(0)})")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise SaveFileError(f"{path.name}: not UTF-8 text (bad byte at offset {e.start})") from None
    try:
        return parse_save(text)
    except SaveFileError as e:
        raise SaveFileError(f"{path.name}: {e}") from None


def saves_dir() -> Path:
    return user_data_dir() / SAVES_NAME


def list_saves() -> list[Path]:
    """Save files in :func:`saves_dir`, newest first (the autosave is not among them)."""
    try:
        files = [p for p in saves_dir().glob("*" + SAVE_SUFFIX) if p.is_file()]
    except OSError:
        return []

    def mtime(p: Path) -> float:
        try:
            return p.stat().st_mtime
        except OSError:
            return 0.0

    return sorted(files, key=lambda p: (mtime(p), p.name), reverse=True)


def new_save_path() -> Path:
    """A fresh file name in :func:`saves_dir` for Ctrl+S: game-YYYYmmdd-HHMMSS[-N].c4save."""
    stem = "game-" + time.strftime("%Y%m%d-%H%M%S")
    folder = saves_dir()
    path, n = folder / (stem + SAVE_SUFFIX), 1
    while path.exists():
        n += 1
        path = folder / f"{stem}-{n}{SAVE_SUFFIX}"
    return path


# ---------------------------------------------------------------------------
# Autosave: the game in progress, rewritten after every move


def autosave_path() -> Path:
    return user_data_dir() / AUTOSAVE_NAME


def write_autosave(game: SavedGame) -> None:
    """Atomically replace the autosave. Disk problems are logged, never raised into the game loop."""
    try:
        save_game(autosave_path(), game)
    except OSError as e:
        log.warning("cannot write the autosave %s: %s", autosave_path(), e)


def read_autosave() -> SavedGame | None:
    """The autosaved game, or None when there is none. A corrupt autosave is moved aside
    (``autosave.c4save.bad``, kept for inspection) and None returned."""
    path = autosave_path()
    if not path.exists():
        return None
    try:
        return load_game(path)
    except SaveFileError as e:
        log.warning("ignoring the autosave: %s", e)
        try:
            os.replace(path, path.with_name(path.name + ".bad"))
        except OSError:
            pass
        return None


def clear_autosave() -> None:
    """Remove the autosave (the game ended or was abandoned); no error if there is none."""
    try:
        autosave_path().unlink()
    except FileNotFoundError:
        pass
    except OSError as e:
        log.warning("cannot remove the autosave %s: %s", autosave_path(), e)


__all__ = [
    "SaveFileError", "SavedGame", "atomic_write_text", "autosave_path", "clear_autosave",
    "format_save", "list_saves", "load_game", "load_prefs", "new_save_path", "parse_save",
    "read_autosave", "save_game", "save_prefs", "saves_dir", "user_config_dir", "user_data_dir",
    "write_autosave",
]


# ---------------------------------------------------------------------------
# The load list: what each save file holds, and deleting one


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
        raise ValueError(f"{path.name} is not a saved game")
    path.unlink()

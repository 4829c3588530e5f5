"""Files the game keeps between runs: preferences, saved games and the autosave.

Everything lives in the platform's user folders (platformdirs); the environment
variable ``CONNECT4_HOME`` points both the config and the data folder at one
directory instead (tests and portable installs use it).

Every file goes through the file layer (:mod:`game.files`): writes are atomic (a crash
mid-write leaves the old file intact; a temporary file left behind by a killed process is
removed at the next start, see :func:`clean_stale_files`), only regular files are read, and a
damaged file is set aside without overwriting an earlier one. Save files are plain text (a
small header and the move string); they are parsed by hand and validated move by move, never
unpickled or evaluated.

Saves never overwrite one another: :func:`new_save_path` reserves a fresh name with an
exclusive create, so two games saving in the same second get two files. Each running game
has an autosave of its own (see :func:`autosave_path`): two windows open at once never
replace each other's game in progress, and a new start offers the newest autosave that no
running game holds.

No pygame here.
"""

from __future__ import annotations

import enum
import itertools
import json
import logging
import os
import re
import stat
import time
from collections.abc import Callable
from dataclasses import MISSING, dataclass, field, fields
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import platformdirs

from . import files
from .echo import shown
from .engine import book
from .engine.board import HEIGHT, WIDTH, MoveError, Position
from .engine.book import FileIdentity
from .names import MAX_NAME_CHARS, level_name_problem
from .net.address import MAX_PORT, MIN_PORT, parse_address, show_address
from .net.protocol import COLOURS, GAME_ID
from .net.secret import SECRET_TEXT

log = logging.getLogger(__name__)

APP_NAME = "connect4"
HOME_ENV = "CONNECT4_HOME"
PREFS_NAME = "prefs.json"
SAVES_NAME = "saves"
SAVE_SUFFIX = ".c4save"
AUTOSAVE_NAME = "autosave" + SAVE_SUFFIX
SAVE_MAGIC = "Connect Four saved game"
SAVE_FORMAT = "1"  # the five fields every save has
SAVE_FORMAT_EXTRAS = "2"  # written only when a save carries an optional field (see _OPTIONAL)
SAVE_END = "end"  # last line: a file cut short (copied half, disk full) is recognised
MAX_SAVE_BYTES = 64 * 1024
MAX_PREFS_BYTES = 256 * 1024
MAX_SHOWN_NAME = 80  # characters of a file name in a message
MAX_PLAYER_CHARS = MAX_NAME_CHARS + 1 + 10  # a level name, ':' and a heuristic
STALE_AFTER = files.STALE_AFTER
RECORD_FILES = "record."  # the game record's files (game.record) start so
BOOK_MEMO_NAME = "book-digest.json"
MAX_BOOK_MEMO_BYTES = 16 * 1024
BOOK_MEMO_ENTRIES = 4  # books of this many installations (virtual environments) are remembered


# ---------------------------------------------------------------------------
# Folders and atomic writes


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
        return f"{where}: no user {shown(str(home).partition('/')[0][1:])!r} to find the folder of"
    try:
        longest = max(len(os.fsencode(part)) for part in home.parts)
        limit = os.pathconf("/", "PC_NAME_MAX") if hasattr(os, "pathconf") else 255
    except (OSError, ValueError):
        longest, limit = 0, 255
    if longest > limit:
        return f"{where}: a folder name in it has {longest} bytes; the system allows {limit}"
    try:
        os.stat(home)
    except FileNotFoundError:
        pass  # created at the first write
    except NotADirectoryError:
        pass  # a file on the way: each write reports it, the game still runs
    except OSError as e:
        return f"{where}: the folder cannot be reached ({describe_os_error(e)})"
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


def user_config_dir() -> Path:
    """Where config.toml and prefs.json live (not created until something is written)."""
    home = _home()
    if home is not None:
        return home
    return Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))


def user_data_dir() -> Path:
    """Where saved games and the autosave live (not created until something is written)."""
    home = _home()
    if home is not None:
        return home
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def user_cache_dir() -> Path:
    """Where what can be computed again is kept (the opening book's digest)."""
    home = _home()
    if home is not None:
        return home
    return Path(platformdirs.user_cache_dir(APP_NAME, appauthor=False))


# The file-safety layer (game.files) re-exported: callers of storage keep their names.
read_regular_file = files.read_regular_file
atomic_write_text = files.atomic_write_text
describe_os_error = files.describe_os_error
NotRegularFileError = files.NotRegularFileError
_set_aside = files.set_aside


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
# The opening book's digest, remembered between runs (see game.engine.book)

_BOOK_MEMO_FIELDS = ("path", "size", "mtime_ns", "ctime_ns", "inode")
_DIGEST_RE = re.compile(r"[0-9a-f]{64}")


class BookDigestMemo:
    """A :class:`game.engine.book.DigestMemo` kept in a small JSON file in the user's cache folder.

    A digest is recalled only for a file whose whole identity matches an entry, and the book
    still checks it against the published digests; a missing, damaged or foreign memo file is
    treated as empty (the book is hashed again and the file rewritten), never as an error."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path if path is not None else user_cache_dir() / BOOK_MEMO_NAME

    def recall(self, identity: FileIdentity) -> str | None:
        wanted = [getattr(identity, name) for name in _BOOK_MEMO_FIELDS]
        for entry in self._entries():
            if [entry[name] for name in _BOOK_MEMO_FIELDS] == wanted:
                return entry["sha256"]
        return None

    def remember(self, identity: FileIdentity, digest: str) -> None:
        entry = {name: getattr(identity, name) for name in _BOOK_MEMO_FIELDS} | {"sha256": digest}
        others = [e for e in self._entries() if e["path"] != identity.path]
        text = json.dumps({"books": [entry, *others][:BOOK_MEMO_ENTRIES]}, indent=1) + "\n"
        try:
            files.atomic_write_text(self.path, text)
        except OSError as e:  # the next start hashes the book again; nothing else is lost
            log.info("cannot remember the opening book's digest in %s: %s", self.path, describe_os_error(e))

    def _entries(self) -> list[dict[str, Any]]:
        try:
            data = files.read_regular_file(self.path, MAX_BOOK_MEMO_BYTES)
            doc = json.loads(data.decode("utf-8")) if len(data) <= MAX_BOOK_MEMO_BYTES else None
        except (OSError, UnicodeDecodeError, ValueError, RecursionError):
            return []
        books = doc.get("books") if isinstance(doc, dict) else None
        if not isinstance(books, list):
            return []
        return [entry for entry in books[:BOOK_MEMO_ENTRIES] if _memo_entry_ok(entry)]


def _memo_entry_ok(entry: object) -> bool:
    if not isinstance(entry, dict) or set(entry) != {*_BOOK_MEMO_FIELDS, "sha256"}:
        return False
    numbers = [entry[name] for name in _BOOK_MEMO_FIELDS[1:]]
    return (isinstance(entry["path"], str) and all(type(n) is int for n in numbers)
            and isinstance(entry["sha256"], str) and _DIGEST_RE.fullmatch(entry["sha256"]) is not None)


def remember_book_digests() -> None:
    """Let the opening book's digest be computed once, then recalled (game.engine.book)."""
    book.use_digest_memo(BookDigestMemo())


# ---------------------------------------------------------------------------
# Preferences: last menu choices, volume, theme, muted


def prefs_path() -> Path:
    return user_config_dir() / PREFS_NAME


def load_prefs(report: Callable[[str], None] | None = None) -> dict:
    """The saved preferences; ``{}`` when there are none or they cannot be used.

    What is wrong with the file is logged and passed to ``report`` (one line, as for the
    autosave): a file too large, not JSON or not a JSON object is moved aside
    (``prefs.json.bad``, never overwriting an earlier one) so the next save starts afresh; a file
    that cannot be read (permission denied, a folder or a named pipe in its place) is left as it is.
    """
    path = prefs_path()

    def problem(what: str, aside: bool) -> dict:
        kept = _set_aside(path) if aside else None
        line = f"preferences ignored: {shown(path.name)} {what}" + (f"; kept as {shown(kept.name)}" if kept else "")
        log.warning("%s", line)
        if report is not None:
            report(line)
        return {}

    try:
        data = read_regular_file(path, MAX_PREFS_BYTES)
    except FileNotFoundError:
        return {}
    except OSError as e:
        return problem(f"cannot be read ({describe_os_error(e)})", aside=False)
    if len(data) > MAX_PREFS_BYTES:
        return problem(f"is larger than {MAX_PREFS_BYTES // 1024} KiB", aside=True)
    try:
        prefs = json.loads(data.decode("utf-8"))
    except UnicodeDecodeError as e:
        return problem(f"is not UTF-8 text (byte 0x{data[e.start]:02x} at offset {e.start})", aside=True)
    except json.JSONDecodeError as e:
        return problem(f"is not JSON (line {e.lineno}, column {e.colno})", aside=True)
    except RecursionError:
        return problem("is not JSON (nested too deeply)", aside=True)
    if not isinstance(prefs, dict):
        return problem("is not a JSON object", aside=True)
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


class UnreadableSaveError(SaveFileError):
    """The file is there but cannot be read (permission denied, an I/O error, a named pipe or a
    folder in its place). Its content may be fine, so it is reported and left where it is, never
    set aside as corrupt."""


class AutosaveError(SaveFileError, OSError):
    """The autosave could not be written; the message is the reason (one line, with the path).

    Raised by :func:`write_autosave` for every failure, whether the disk refused (full,
    read-only, gone) or the game could not be written down. It is both a SaveFileError and an
    OSError, so either ``except`` catches it. The game itself is unharmed and goes on; the
    previous autosave, if any, is intact.
    """


class NetRole(enum.StrEnum):
    """This side's part in a network game: it hosted the game, or joined it."""

    HOST = "host"
    GUEST = "guest"


@dataclass(frozen=True)
class NetworkSeat:
    """This side of a network game, as its save keeps it: enough to go back into the same game
    (the host listens again on ``port``; the guest joins ``address`` again) with the same id."""

    role: NetRole
    game_id: str          # the protocol's game id (16 hex digits), the same on both sides
    colour: int           # this side's player: 1 red, 2 yellow
    opponent: str         # the other player's name (checked by the name rule when read)
    address: str = ""     # a guest's: the host it joined, as ``address:port`` (``[v6]:port``)
    port: int = 0         # a host's: the port it listened on
    #: The game's secret (game.net.secret), never shown; "" in a save of a version without one,
    #: which can then not be gone back into over the network (docs/network.md).
    secret: str = field(default="", repr=False)

    def save_fields(self) -> dict[str, Any]:
        """The SavedGame fields that carry this seat."""
        return {"network": self.role, "game_id": self.game_id, "network_colour": self.colour,
                "opponent": self.opponent, "address": self.address, "port": self.port, "secret": self.secret}


@dataclass(frozen=True)
class SavedGame:
    """A game on disk: the move string ("4453", 1-based columns) and who played."""

    moves: str
    red: str  # player spec strings: "human", "ai:8:window", a level name
    yellow: str
    saved_at: str  # ISO 8601 date and time
    #: The game counts in the rating (only an autosave says so: a game resumed from it stays rated).
    rated: bool = False
    #: A game against a player on another computer: this side's part in it (see NetworkSeat).
    network: NetRole | None = None
    game_id: str = ""
    network_colour: int = 0
    opponent: str = ""
    address: str = ""
    port: int = 0
    secret: str = field(default="", repr=False)

    @classmethod
    def now(cls, moves: str, red: str, yellow: str, *, rated: bool = False,
            seat: NetworkSeat | None = None) -> "SavedGame":
        """A SavedGame stamped with the current local time."""
        stamp = datetime.now(timezone.utc).astimezone().isoformat(timespec="seconds")
        return cls(moves, red, yellow, stamp, rated=rated, **(seat.save_fields() if seat else {}))

    def position(self) -> Position:
        """The position after the moves (they are validated when the game is parsed/saved)."""
        return Position.from_moves(self.moves)

    @property
    def seat(self) -> NetworkSeat | None:
        """This side of the network game the save holds; None for a game played on this computer."""
        if self.network is None:
            return None
        return NetworkSeat(self.network, self.game_id, self.network_colour, self.opponent, self.address, self.port,
                           self.secret)


def _check_game(game: SavedGame) -> Position:
    """Validate every field; SaveFileError naming the field and the problem."""
    for name in ("red", "yellow"):
        spec = getattr(game, name)
        if not isinstance(spec, str) or not spec:
            raise SaveFileError(f"{name}: the player is missing")
        if len(spec) > MAX_PLAYER_CHARS or not is_player_spec(spec):
            raise SaveFileError(
                f"{name}: {spec[:MAX_PLAYER_CHARS]!r} is not a player "
                f"(expected human, ai:DEPTH[:HEURISTIC] or a level name)"
            )
    try:
        datetime.fromisoformat(game.saved_at)
    except (TypeError, ValueError):
        raise SaveFileError(f"saved: {str(game.saved_at)[:40]!r} is not a date and time "
                            f"(expected ISO 8601, like 2026-01-31T18:05:00+01:00)") from None
    _check_network(game)
    if not isinstance(game.moves, str):
        raise SaveFileError("moves: the move string is missing")
    if len(game.moves) > WIDTH * HEIGHT:
        raise SaveFileError(f"moves: {len(game.moves)} moves, but a game has at most {WIDTH * HEIGHT}")
    try:
        return Position.from_moves(game.moves)
    except MoveError as e:
        raise SaveFileError(f"moves: {e}") from None


def _check_network(game: SavedGame) -> None:
    """The network fields go together: all of a host's or a guest's, or none. SaveFileError
    naming the field (by its name in the file) otherwise; a name from the file is shown escaped
    and cut."""
    seat = game.seat
    if seat is None:
        extra = next((key for key, field in _OPTIONAL.items() if key in _NETWORK_KEYS
                      and getattr(game, field.attribute) != _DEFAULTS[field.attribute]), None)
        if extra is not None:
            raise SaveFileError(f"{extra}: only a network game has one (no 'network: host' or 'network: guest')")
        return
    if (game.red, game.yellow) != ("human", "human"):
        raise SaveFileError("network: a network game is two people's (red and yellow: human)")
    if not isinstance(seat.game_id, str) or not GAME_ID.fullmatch(seat.game_id):
        raise SaveFileError(f"game id: '{shown(seat.game_id, 40)}' is not a game id (16 hex digits)")
    if seat.colour not in (1, 2):
        raise SaveFileError("you play: missing (red or yellow)")
    if seat.secret and not (isinstance(seat.secret, str) and SECRET_TEXT.fullmatch(seat.secret)):
        raise SaveFileError("secret: not a game's secret (32 hex digits; the value is not shown)")
    problem = level_name_problem(seat.opponent)
    if problem is not None:
        raise SaveFileError(f"opponent: '{shown(seat.opponent, 40)}' is not a player's name ({shown(problem, 60)})")
    if seat.role is NetRole.GUEST:
        if seat.port:
            raise SaveFileError("port: a joining side keeps the host's address, not a port")
        _read_address(seat.address)
    elif seat.address:
        raise SaveFileError("address: a hosting side keeps its port, not an address")
    elif not MIN_PORT <= seat.port <= MAX_PORT:
        raise SaveFileError(f"port: missing (a number from {MIN_PORT} to {MAX_PORT})")


def _read_address(text: str) -> str:
    try:
        host, port = parse_address(text, 0)
    except ValueError as e:
        raise SaveFileError(f"address: '{shown(text, 60)}': {e}") from None
    if not port:
        raise SaveFileError(f"address: '{shown(text, 60)}' has no port")
    return show_address(host, port)


_AI_SPEC_RE = re.compile(r"ai(:[0-9]{1,2}(:[a-z]{1,10})?)?", re.IGNORECASE)
_HEURISTIC_RE = re.compile(r"[a-z]{1,10}", re.IGNORECASE)


def is_player_spec(spec: str) -> bool:
    """The shape of a player spec as the player-spec parser writes it: human, ai[:DEPTH[:HEURISTIC]],
    or a level name (game.names, the same rule as the config's) with an optional ':HEURISTIC'.
    Whether the level exists is decided when the game is resumed, against the config of that day."""
    if spec.casefold() == "human" or _AI_SPEC_RE.fullmatch(spec):
        return True
    name, colon, heuristic = spec.partition(":")
    if colon and not _HEURISTIC_RE.fullmatch(heuristic):
        return False
    return name == name.strip() and level_name_problem(name) is None


@dataclass(frozen=True)
class _Optional:
    """A save field that may be left out: written only when it differs from its default."""

    attribute: str
    write: Callable[[Any], str]
    read: Callable[[str], Any]  # ValueError for a value that is not one


def _yes(value: str) -> bool:
    if value not in ("yes", "no"):
        raise ValueError(f"expected yes or no, found {value[:20]!r}")
    return value == "yes"


def _role(value: str) -> NetRole:
    try:
        return NetRole(value)
    except ValueError:
        raise ValueError(f"expected host or guest, found '{shown(value, 20)}'") from None


def _colour(value: str) -> int:
    if value not in COLOURS:
        raise ValueError(f"expected red or yellow, found '{shown(value, 20)}'")
    return COLOURS.index(value) + 1  # type: ignore[arg-type]


def _port(value: str) -> int:
    if not (value.isascii() and value.isdigit()) or not MIN_PORT <= int(value[:6]) <= MAX_PORT:
        raise ValueError(f"expected a port from {MIN_PORT} to {MAX_PORT}, found '{shown(value, 20)}'")
    return int(value)


#: Optional fields by their name in the file. A save that uses one is written as format 2, so an
#: older version refuses it by its format line rather than misreading it. The network fields are
#: checked together by _check_network; the opponent's name came from the other computer.
_OPTIONAL = {
    "rated": _Optional("rated", lambda rated: "yes" if rated else "no", _yes),
    "network": _Optional("network", str, _role),
    "game id": _Optional("game_id", str, str),
    "you play": _Optional("network_colour", lambda colour: COLOURS[colour - 1], _colour),
    "opponent": _Optional("opponent", str, str),
    "address": _Optional("address", str, str),
    "port": _Optional("port", str, _port),
    "secret": _Optional("secret", str, str),
}
_NETWORK_KEYS = ("game id", "you play", "opponent", "address", "port", "secret")


def format_save(game: SavedGame) -> str:
    """The text of a save file. SaveFileError if the game itself is not valid."""
    _check_game(game)
    extras = [f"{key}: {field.write(getattr(game, field.attribute))}\n" for key, field in _OPTIONAL.items()
              if getattr(game, field.attribute) != _DEFAULTS[field.attribute]]
    return (
        f"{SAVE_MAGIC}\n"
        f"format: {SAVE_FORMAT_EXTRAS if extras else SAVE_FORMAT}\n"
        f"red: {game.red}\n"
        f"yellow: {game.yellow}\n"
        f"saved: {game.saved_at}\n"
        f"moves: {game.moves}\n"
        + "".join(extras)
        + f"{SAVE_END}\n"
    )


_FIELDS = {"format": "format", "red": "red", "yellow": "yellow", "saved": "saved_at", "moves": "moves"}
_DEFAULTS = {field.name: field.default for field in fields(SavedGame) if field.default is not MISSING}


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
        if not sep or (key not in _FIELDS and key not in _OPTIONAL):
            cut = " (file truncated?)" if number == len(lines) and not text.endswith("\n") else ""
            raise SaveFileError(
                f"line {number}: expected 'NAME: VALUE' with NAME one of "
                f"{', '.join([*_FIELDS, *_OPTIONAL])}, found {line[:40]!r}{cut}"
            )
        if key in found:
            raise SaveFileError(f"line {number}: {key!r} appears twice (first on line {where[key]})")
        found[key], where[key] = value.strip(), number
    missing = [k for k in _FIELDS if k not in found]
    if missing:
        raise SaveFileError(f"incomplete: {', '.join(missing)} missing (file truncated?)")
    if not ended:
        raise SaveFileError(f"the file ends early: no {SAVE_END!r} line after the moves (file truncated?)")
    if found["format"] not in (SAVE_FORMAT, SAVE_FORMAT_EXTRAS):
        raise SaveFileError(
            f"line {where['format']}: save format {found['format'][:20]!r} is not supported "
            f"(this version reads formats {SAVE_FORMAT} and {SAVE_FORMAT_EXTRAS})"
        )
    optional = {}
    for key, field in _OPTIONAL.items():
        if key in found:
            try:
                optional[field.attribute] = field.read(found[key])
            except ValueError as e:
                raise SaveFileError(f"line {where[key]}: {key}: {e}") from None
    game = SavedGame(**{_FIELDS[k]: v for k, v in found.items() if k in _FIELDS and k != "format"}, **optional)
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
    is a SaveFileError whose message starts with the file name. A file that exists but cannot
    be read raises the subclass UnreadableSaveError."""
    path = Path(path)
    name = shown(path.name, MAX_SHOWN_NAME)  # a name from the disk: escaped (bytes that are not UTF-8 too)
    try:
        data = read_regular_file(path, MAX_SAVE_BYTES)
    except FileNotFoundError:
        raise SaveFileError(f"{name}: no such file") from None
    except IsADirectoryError:
        raise UnreadableSaveError(f"{name}: is a folder, not a save file") from None
    except NotRegularFileError as e:
        raise UnreadableSaveError(f"{name}: is {describe_os_error(e)}, not a save file") from None
    except OSError as e:
        raise UnreadableSaveError(f"{name}: cannot be read ({describe_os_error(e)})") from None
    if len(data) > MAX_SAVE_BYTES:
        raise SaveFileError(f"{name}: too large for a save file (limit {MAX_SAVE_BYTES // 1024} KiB)")
    if b"\0" in data:
        raise SaveFileError(f"{name}: binary data, not a save file (NUL byte at offset {data.index(0)})")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise SaveFileError(f"{name}: not UTF-8 text (bad byte at offset {e.start})") from None
    try:
        return parse_save(text)
    except SaveFileError as e:
        raise SaveFileError(f"{name}: {e}") from None


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
        atomic_write_text(path, text)
    except BaseException:
        try:
            if path.stat().st_size == 0:
                path.unlink()
        except OSError:
            pass
        raise
    return path


# ---------------------------------------------------------------------------
# Autosave: the game in progress, rewritten after every move.
#
# Each running game owns an autosave "slot": autosave.c4save, or autosave-N.c4save when other
# games hold the lower numbers. It owns it by holding an exclusive lock (flock / msvcrt.locking)
# on the slot's lock file .autosave[-N].c4save.lock for as long as it runs; the system drops the
# lock when the process ends, even on kill -9, so a slot whose lock can be taken belongs to no
# running game. At its first use a game takes, of the free slots, the one with the newest
# autosave (that is the game offered for resuming), else the lowest free number. Lock files are
# never deleted: removing one while a game holds it would let a second game lock a new file of
# the same name and share the slot.


@dataclass
class _Slot:
    folder: Path
    number: int
    fd: int | None  # the held lock; None when no slot could be locked (then ``off`` says why)
    notes: list[str]  # autosaves found unreadable while choosing, reported by read_autosave
    off: str | None = None  # why this run has no autosave: it never writes a slot it has not locked

    @property
    def path(self) -> Path:
        return _slot_path(self.folder, self.number)


@dataclass(frozen=True)
class AutosaveStatus:
    """What the last autosave of this run did: written after ``moves``, or failed with ``error``."""

    path: Path
    moves: str | None
    error: str | None


_SLOT_RE = re.compile(r"\.?autosave(?:-([0-9]{1,4}))?" + re.escape(SAVE_SUFFIX) + r"(?:\.lock)?")
_slot: _Slot | None = None
_status: AutosaveStatus | None = None


def _slot_path(folder: Path, number: int) -> Path:
    return folder / (AUTOSAVE_NAME if number == 1 else f"autosave-{number}{SAVE_SUFFIX}")


def _lock_path(folder: Path, number: int) -> Path:
    return folder / f".{_slot_path(folder, number).name}.lock"


def _release(slot: _Slot) -> None:
    if slot.fd is not None:
        files.unlock(slot.fd)
        slot.fd = None


MAX_SLOT_TRIES = 32  # lock files that cannot be opened are skipped, up to this many numbers


def _choose_slot(folder: Path, exclude: frozenset[int] = frozenset(), *, empty: bool = False) -> _Slot:
    """Lock a free slot: of the free slots, the one with the newest readable autosave (the game to
    offer), else the lowest free number; with ``empty``, only a slot without an autosave file (a
    game that must not take another's place). A slot whose lock file cannot be opened is skipped
    with a note, never used unlocked; when no slot can be locked at all, the slot returned has no
    lock and ``off`` says why: autosave is then off for this run (never a shared slot).

    Choosing is serialised by a folder-wide lock, so windows starting at the same moment choose
    one after another and each sees the others' choices: none locks every free slot while another
    looks, and each unfinished game is offered to exactly one of them."""
    notes: list[str] = []
    try:
        folder.mkdir(parents=True, exist_ok=True)
        guard = files.FileLock(folder / "autosave-choice")  # .autosave-choice.lock
        try:
            guard.__enter__()
        except OSError as e:  # unopenable or held for long: choose unserialised (each slot is still locked)
            log.debug("choosing an autosave slot without %s: %s", guard.path.name, e)
            return _choose_locked(folder, exclude, empty, notes)
        try:
            return _choose_locked(folder, exclude, empty, notes)
        finally:
            guard.__exit__(None, None, None)
    except OSError as e:
        reason = f"no autosave slot in {folder} can be locked ({describe_os_error(e)})"
        return _Slot(folder, 1, None, notes, off=reason)


def _choose_locked(folder: Path, exclude: frozenset[int], empty: bool, notes: list[str]) -> _Slot:
    numbers = {1} | {int(m[1] or 1) for name in os.listdir(folder) if (m := _SLOT_RE.fullmatch(name))}
    candidates: list[tuple[float, int, int]] = []
    tried = 0
    for number in itertools.chain(sorted(numbers), itertools.count(max(numbers) + 1)):
        if candidates and number > max(numbers) or tried >= MAX_SLOT_TRIES + len(numbers):
            break
        tried += 1
        if number in exclude:
            continue
        lock = _lock_path(folder, number)
        try:
            fd = files.try_lock(lock)
        except OSError as e:
            notes.append(f"the autosave lock {lock} cannot be opened ({describe_os_error(e)}); "
                         f"that slot is not used")
            continue
        if fd is None:
            continue
        path = _slot_path(folder, number)
        try:
            mtime = os.stat(path).st_mtime
            read_regular_file(path, 0)
        except FileNotFoundError:
            candidates.append((float("-inf"), -number, fd))
            continue
        except OSError as e:
            notes.append(f"the autosave {path} cannot be read ({describe_os_error(e)}); it is left as it is")
            files.unlock(fd)
            continue
        if empty:
            files.unlock(fd)
            continue
        candidates.append((mtime, -number, fd))
    if not candidates:
        raise OSError(f"{tried} lock files tried")
    chosen = max(candidates)
    for candidate in candidates:
        if candidate is not chosen:
            files.unlock(candidate[2])
    return _Slot(folder, -chosen[1], chosen[2], notes)


def _own_slot(exclude: frozenset[int] = frozenset(), *, empty: bool = False) -> _Slot:
    global _slot
    folder = user_data_dir()
    if _slot is not None and _slot.folder == folder and _slot.number not in exclude and not empty:
        return _slot
    if _slot is not None:
        _release(_slot)
    _slot = _choose_slot(folder, exclude, empty=empty)
    if _slot.fd is None:  # autosave off: try again next time, the folder may become usable
        slot, _slot = _slot, None
        return slot
    return _slot


def autosave_path() -> Path:
    """This running game's autosave: ``autosave.c4save`` in the data folder, or
    ``autosave-N.c4save`` while other running games hold the lower numbers (see above)."""
    return _own_slot().path


def keep_autosave_for_later() -> None:
    """Leave the autosave this run would use to a later start and take another slot.

    A game started straight from the command line must not overwrite an unfinished game that
    was autosaved before: that game stays where it is, unlocked, and the next start that opens
    the menu offers it (the newest free autosave). The new slot holds no autosave at all, so no
    other unfinished game is ever replaced either."""
    _own_slot(exclude=frozenset({_own_slot().number}), empty=True)


def write_autosave(game: SavedGame) -> None:
    """Atomically replace this game's autosave. Raises :class:`AutosaveError` (the reason and the
    path in one line) when it cannot be written; the previous autosave is then intact."""
    global _status
    slot = _own_slot()
    path = slot.path
    if slot.off is not None:
        _status = AutosaveStatus(path, None, f"autosave is off: {slot.off}")
        raise AutosaveError(_status.error)
    try:
        save_game(path, game)
    except SaveFileError as e:
        _status = AutosaveStatus(path, None, str(e))
        raise AutosaveError(str(e)) from e
    except OSError as e:
        _status = AutosaveStatus(path, None, f"{describe_os_error(e)} ({path})")
        raise AutosaveError(_status.error) from e
    _status = AutosaveStatus(path, game.moves, None)


def last_autosave() -> AutosaveStatus | None:
    """What the last :func:`write_autosave` of this run did (None: nothing written, or cleared since)."""
    return _status


def read_autosave(report: Callable[[str], None] = log.warning) -> SavedGame | None:
    """The autosaved game this run may offer to resume, or None when there is none.

    A corrupt autosave is moved aside (``autosave.c4save.bad``, or ``.bad.1``, ``.bad.2``, ... if
    that name is taken; an earlier one is never overwritten) and None returned. An autosave that
    cannot be read at all (permission denied, a named pipe in its place) is not corrupt: it is
    reported and left as it is, and this game autosaves under another name. ``report`` receives
    each of those messages (one line each).
    """
    slot = _own_slot()
    for note in slot.notes:
        report(note)
    slot.notes.clear()
    if slot.off is not None:
        report(f"this game runs without autosave: {slot.off}")
        return None
    path = slot.path
    if not os.path.lexists(path):
        return None
    try:
        return load_game(path)
    except UnreadableSaveError as e:
        report(f"the autosave cannot be read ({e}); it is left as it is")
        _own_slot(exclude=frozenset({slot.number}))
        return None
    except SaveFileError as e:
        aside = _set_aside(path)
        report(f"ignoring the autosave: {e}" + (f"; kept as {shown(aside.name)}" if aside else ""))
        return None


def clear_autosave() -> None:
    """Remove this game's autosave (the game ended or was abandoned); no error if there is none."""
    global _status
    slot = _own_slot()
    if slot.off is not None:
        return
    path = slot.path
    try:
        path.unlink()
    except FileNotFoundError:
        pass
    except OSError as e:
        log.warning("cannot remove the autosave %s: %s", path, e)
        return
    _status = None


__all__ = [
    "AutosaveError", "AutosaveStatus", "BookDigestMemo", "NetRole", "NetworkSeat", "NotRegularFileError", "SaveFileError", "SavedGame",
    "UnreadableSaveError", "atomic_write_text", "autosave_path", "clean_stale_files", "clear_autosave",
    "format_save", "keep_autosave_for_later", "last_autosave", "list_saves", "load_game", "load_prefs",
    "new_save_path", "parse_save",
    "read_autosave", "read_regular_file", "remember_book_digests", "save_game", "save_new_game", "save_prefs",
    "saves_dir", "user_cache_dir", "user_config_dir", "user_data_dir", "write_autosave",
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
        raise ValueError(f"{shown(path.name, MAX_SHOWN_NAME)} is not a saved game")
    path.unlink()

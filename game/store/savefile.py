"""The save format: a saved game as text, checked field by field, and its file.

A save file is plain text: a small header, the move string and, for a rated game, an autosave
with the analysis row on, or a network seat, a few optional lines, then ``end`` (a file cut
short is recognised). It is parsed by hand and validated move by move, never unpickled or
evaluated; every file goes through the file layer (:mod:`game.store.files`): written
atomically, read only as a regular file of bounded size. No pygame and no network here: a
network seat is a value (:mod:`game.domain.saved`).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import MISSING, dataclass, fields
from datetime import datetime
from pathlib import Path
from typing import Any

from game.echo import shown
from game.i18n import _
from game.engine.board import HEIGHT, WIDTH, MoveError, Position
from game.words.move_errors import move_error_text
from game.domain.names import level_name_problem
from game.domain.players import MAX_PLAYER_CHARS, is_player_spec
from game.domain.address import MAX_PORT, MIN_PORT, parse_address, show_address
from game.domain.saved import COLOURS, GAME_ID, SECRET_TEXT, NetRole, SavedGame

from . import files

log = logging.getLogger(__name__)

SAVE_SUFFIX = ".c4save"
SAVE_MAGIC = "Connect Four saved game"
SAVE_FORMAT = "1"  # the five fields every save has
SAVE_FORMAT_EXTRAS = "2"  # written only when a save carries an optional field (see _OPTIONAL)
SAVE_END = "end"  # last line: a file cut short (copied half, disk full) is recognised
MAX_SAVE_BYTES = 64 * 1024
MAX_SHOWN_NAME = 80  # characters of a file name in a message





class SaveFileError(ValueError):
    """A save file cannot be used; the message names the problem (line, move index, ...)."""


class UnreadableSaveError(SaveFileError):
    """The file is there but cannot be read (permission denied, an I/O error, a named pipe or a
    folder in its place). Its content may be fine, so it is reported and left where it is, never
    set aside as corrupt."""


def _check_game(game: SavedGame) -> Position:
    """Validate every field; SaveFileError naming the field and the problem."""
    for name in ("red", "yellow"):
        spec = getattr(game, name)
        if not isinstance(spec, str) or not spec:
            raise SaveFileError(f"{name}: " + _("the player is missing"))
        if len(spec) > MAX_PLAYER_CHARS or not is_player_spec(spec):
            # TRANSLATORS: human and ai:DEPTH[:HEURISTIC] are written in the file as they are.
            raise SaveFileError(f"{name}: " + _("{value} is not a player (expected human, ai:DEPTH[:HEURISTIC] or a level "
                                                "name)").format(value=repr(spec[:MAX_PLAYER_CHARS])))
    try:
        datetime.fromisoformat(game.saved_at)
    except (TypeError, ValueError):
        raise SaveFileError("saved: " + _("{value} is not a date and time (expected ISO 8601, like {example})").format(
            value=repr(str(game.saved_at)[:40]), example="2026-01-31T18:05:00+01:00")) from None
    _check_network(game)
    if not isinstance(game.moves, str):
        raise SaveFileError("moves: " + _("the move string is missing"))
    if len(game.moves) > WIDTH * HEIGHT:
        raise SaveFileError("moves: " + _("{count} moves, but a game has at most {most}").format(count=len(game.moves),
                                                                                              most=WIDTH * HEIGHT))
    try:
        position = Position.from_moves(game.moves)
    except MoveError as e:
        raise SaveFileError(f"moves: {move_error_text(e)}") from None
    if game.resigned is not None and position.is_over():
        raise SaveFileError("resigned: " + _("the game had already ended on the board"))
    return position


def _check_network(game: SavedGame) -> None:
    """The network fields go together: all of a host's or a guest's, or none. SaveFileError
    naming the field (by its name in the file) otherwise; a name from the file is shown escaped
    and cut."""
    if game.network is not None:      # the seat is made of checked sides only
        if game.network_colour not in (1, 2):
            raise SaveFileError("you play: " + _("missing (red or yellow)"))
        if game.resigned not in (None, 1, 2):
            raise SaveFileError("resigned: " + _("not a player (red or yellow)"))
    seat = game.seat
    if seat is None:
        extra = next((key for key, field in _OPTIONAL.items() if key in _NETWORK_KEYS
                      and getattr(game, field.attribute) != _DEFAULTS[field.attribute]), None)
        if extra is not None:
            raise SaveFileError(f"{extra}: " + _("only a network game has one (no 'network: host' or 'network: guest')"))
        return
    if (game.red, game.yellow) != ("human", "human"):
        raise SaveFileError("network: " + _("a network game is two people's (red and yellow: human)"))
    if not isinstance(seat.game_id, str) or not GAME_ID.fullmatch(seat.game_id):
        raise SaveFileError("game id: " + _("'{value}' is not a game id (16 hex digits)").format(
            value=shown(seat.game_id, 40)))
    if seat.secret and not (isinstance(seat.secret, str) and SECRET_TEXT.fullmatch(seat.secret)):
        raise SaveFileError("secret: " + _("not a game's secret (32 hex digits; the value is not shown)"))
    problem = level_name_problem(seat.opponent)
    if problem is not None:
        raise SaveFileError("opponent: " + _("'{value}' is not a player's name ({problem})").format(
            value=shown(seat.opponent, 40), problem=shown(problem, 60)))
    if seat.role is NetRole.GUEST:
        if seat.port:
            raise SaveFileError("port: " + _("a joining side keeps the host's address, not a port"))
        _read_address(seat.address)
    elif seat.address:
        raise SaveFileError("address: " + _("a hosting side keeps its port, not an address"))
    elif not MIN_PORT <= seat.port <= MAX_PORT:
        raise SaveFileError("port: " + _("missing (a number from {low} to {high})").format(low=MIN_PORT, high=MAX_PORT))


def _read_address(text: str) -> str:
    try:
        host, port = parse_address(text, 0)
    except ValueError as e:
        raise SaveFileError(f"address: '{shown(text, 60)}': {e}") from None      # the address rule's own words
    if not port:
        raise SaveFileError("address: " + _("'{value}' has no port").format(value=shown(text, 60)))
    return show_address(host, port)


@dataclass(frozen=True)
class _Optional:
    """A save field that may be left out: written only when it differs from its default."""

    attribute: str
    write: Callable[[Any], str]
    read: Callable[[str], Any]  # ValueError for a value that is not one


def _yes(value: str) -> bool:
    if value not in ("yes", "no"):
        raise ValueError(_("expected yes or no, found {value}").format(value=repr(value[:20])))
    return value == "yes"


def _on(value: str) -> bool:
    if value not in ("on", "off"):
        raise ValueError(_("expected on or off, found {value}").format(value=f"'{shown(value, 20)}'"))
    return value == "on"


def _role(value: str) -> NetRole:
    try:
        return NetRole(value)
    except ValueError:
        raise ValueError(_("expected host or guest, found {value}").format(value=f"'{shown(value, 20)}'")) from None


def _colour(value: str) -> int:
    if value not in COLOURS:
        raise ValueError(_("expected red or yellow, found {value}").format(value=f"'{shown(value, 20)}'"))
    return COLOURS.index(value) + 1  # type: ignore[arg-type]


def _port(value: str) -> int:
    if not (value.isascii() and value.isdigit()) or not MIN_PORT <= int(value[:6]) <= MAX_PORT:
        raise ValueError(_("expected a port from {low} to {high}, found {value}").format(
            low=MIN_PORT, high=MAX_PORT, value=f"'{shown(value, 20)}'"))
    return int(value)


#: Optional fields by their name in the file. A save that uses one is written as format 2, so an
#: older version refuses it by its format line rather than misreading it. The network fields are
#: checked together by _check_network; the opponent's name came from the other computer.
_OPTIONAL = {
    "rated": _Optional("rated", lambda rated: "yes" if rated else "no", _yes),
    "analysis": _Optional("analysis", lambda shown: "on" if shown else "off", lambda value: _on(value)),
    "network": _Optional("network", str, _role),
    "game id": _Optional("game_id", str, str),
    "you play": _Optional("network_colour", lambda colour: COLOURS[colour - 1], _colour),
    "opponent": _Optional("opponent", str, str),
    "address": _Optional("address", str, str),
    "port": _Optional("port", str, _port),
    "secret": _Optional("secret", str, str),
    "resigned": _Optional("resigned", lambda player: COLOURS[player - 1], _colour),
}
_NETWORK_KEYS = ("game id", "you play", "opponent", "address", "port", "secret", "resigned")


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
        raise SaveFileError(_("the file is empty"))
    if lines[first].strip() != SAVE_MAGIC:
        raise SaveFileError(_("line {number}: not a Connect Four save file (expected {expected}, found {found})").format(
            number=first + 1, expected=repr(SAVE_MAGIC), found=repr(lines[first].strip()[:40])))
    found: dict[str, str] = {}
    where: dict[str, int] = {}
    ended = False
    for number, line in enumerate(lines[first + 1:], start=first + 2):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        if ended:
            raise SaveFileError(_("line {number}: nothing may follow the {end} line, found {found}").format(
                number=number, end=repr(SAVE_END), found=repr(line[:40])))
        if line == SAVE_END:
            ended = True
            continue
        key, sep, value = line.partition(":")
        key = key.strip().lower()
        if not sep or (key not in _FIELDS and key not in _OPTIONAL):
            said = (_("line {number}: expected 'NAME: VALUE' with NAME one of {names}, found {found} (file truncated?)")
                    if number == len(lines) and not text.endswith("\n")
                    else _("line {number}: expected 'NAME: VALUE' with NAME one of {names}, found {found}"))
            raise SaveFileError(said.format(number=number, names=", ".join([*_FIELDS, *_OPTIONAL]), found=repr(line[:40])))
        if key in found:
            raise SaveFileError(_("line {number}: {key} appears twice (first on line {first})").format(
                number=number, key=repr(key), first=where[key]))
        found[key], where[key] = value.strip(), number
    missing = [k for k in _FIELDS if k not in found]
    if missing:
        raise SaveFileError(_("incomplete: {keys} missing (file truncated?)").format(keys=", ".join(missing)))
    if not ended:
        raise SaveFileError(_("the file ends early: no {end} line after the moves (file truncated?)").format(
            end=repr(SAVE_END)))
    if found["format"] not in (SAVE_FORMAT, SAVE_FORMAT_EXTRAS):
        raise SaveFileError(_("line {number}: save format {found} is not supported (this version reads formats {one} "
                              "and {two})").format(number=where["format"], found=repr(found["format"][:20]),
                                                   one=SAVE_FORMAT, two=SAVE_FORMAT_EXTRAS))
    optional = {}
    for key, field in _OPTIONAL.items():
        if key in found:
            try:
                optional[field.attribute] = field.read(found[key])
            except ValueError as e:
                raise SaveFileError(_("line {number}: {problem}").format(number=where[key], problem=f"{key}: {e}")) from None
    game = SavedGame(**{_FIELDS[k]: v for k, v in found.items() if k in _FIELDS and k != "format"}, **optional)
    try:
        _check_game(game)
    except SaveFileError as e:
        key = str(e).partition(":")[0]
        line_no = where.get(key)
        raise SaveFileError(_("line {number}: {problem}").format(number=line_no, problem=e) if line_no else str(e)) from None
    return game


def save_game(path: Path, game: SavedGame) -> None:
    """Write a save file atomically. SaveFileError for an invalid game, OSError for disk problems."""
    files.atomic_write_text(Path(path), format_save(game))


def load_game(path: Path) -> SavedGame:
    """Read and validate a save file; every problem (missing, too big, binary, bad content)
    is a SaveFileError whose message starts with the file name. A file that exists but cannot
    be read raises the subclass UnreadableSaveError."""
    path = Path(path)
    name = shown(path.name, MAX_SHOWN_NAME)  # a name from the disk: escaped (bytes that are not UTF-8 too)
    try:
        data = files.read_regular_file(path, MAX_SAVE_BYTES)
    except FileNotFoundError:
        raise SaveFileError(_("{file}: no such file").format(file=name)) from None
    except IsADirectoryError:
        raise UnreadableSaveError(_("{file}: is a folder, not a save file").format(file=name)) from None
    except files.NotRegularFileError as e:
        raise UnreadableSaveError(_("{file}: is {what}, not a save file").format(
            file=name, what=files.describe_os_error(e))) from None
    except OSError as e:
        raise UnreadableSaveError(_("{file}: cannot be read ({reason})").format(
            file=name, reason=files.describe_os_error(e))) from None
    if len(data) > MAX_SAVE_BYTES:
        raise SaveFileError(_("{file}: too large for a save file (limit {size} KiB)").format(
            file=name, size=MAX_SAVE_BYTES // 1024))
    if b"\0" in data:
        raise SaveFileError(_("{file}: binary data, not a save file (NUL byte at offset {offset})").format(
            file=name, offset=data.index(0)))
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise SaveFileError(_("{file}: not UTF-8 text (bad byte at offset {offset})").format(
            file=name, offset=e.start)) from None
    try:
        return parse_save(text)
    except SaveFileError as e:
        raise SaveFileError(f"{name}: {e}") from None       # the file's name, then what is wrong in it


__all__ = ["MAX_SAVE_BYTES", "SAVE_SUFFIX", "SaveFileError", "UnreadableSaveError", "format_save", "load_game",
           "parse_save", "save_game"]

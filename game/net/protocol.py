"""The network protocol's messages: one JSON object per line, checked field by field.

Everything here treats the other side as untrusted: :func:`decode` turns one received line into
one typed message or raises :class:`ProtocolError` with a short reason; it never evaluates
anything, and a message whose type, keys or values are not exactly those documented in
docs/network.md (a key given twice included) is refused. :func:`encode` is the only way a message leaves this side.

No pygame and no sockets here.
"""

from __future__ import annotations

import json
import re
from dataclasses import asdict, dataclass, field, fields, replace
from typing import Any, ClassVar, TypeAlias, get_args

from game.echo import plain_text
from game.domain.saved import COLOURS, GAME_ID, Colour
from game.engine.board import CELLS, WIDTH, format_moves, parse_moves
from game.engine.sides import Column
from game.domain.names import level_name_problem
from game.net.events import Columns
from game.net.secret import NONCE_TEXT, PROOF_TEXT, SECRET_TEXT

#: Bumped whenever a message changes; two sides with different versions do not play.
PROTOCOL_VERSION = 3
#: The longest line either side accepts, newline included; a longer one closes the connection.
MAX_LINE_BYTES = 4096
MAX_CHAT_CHARS = 80
MAX_REASON_CHARS = 160
MAX_VERSION_CHARS = 32
VERSION_TEXT = re.compile(rf"[0-9A-Za-z.+_-]{{1,{MAX_VERSION_CHARS}}}")
MOVES_TEXT = re.compile(rf"[1-{WIDTH}]{{0,{CELLS}}}")



class ProtocolError(ValueError):
    """A line that is not a valid message; the text says why, in a few words."""


def a_kind(kind: str) -> str:
    """A message kind with its article, as the reasons say it: "a move", "an accept"."""
    return f"{'an' if kind[:1] in 'aeiou' else 'a'} {kind}"


@dataclass(frozen=True, slots=True)
class Hello:
    """The first message of each side; ``nonce``: fresh random hex for this connection. ``game``,
    ``moves``, ``colour`` (the sender's) and ``proof`` (of the game's secret, see game.net.secret):
    the game a joining side goes back into (all four, or none; a host sends none), and
    ``resigned``: the colour that resigned it, if the sender knows one did. ``moves`` are
    column indexes here and a string of the digits 1-7 on the wire (as :class:`Move`)."""

    kind: ClassVar[str] = "hello"
    protocol: int
    version: str
    name: str
    nonce: str
    game: str | None = None
    moves: Columns = ()
    colour: Colour | None = None
    proof: str | None = None
    resigned: Colour | None = None


@dataclass(frozen=True, slots=True)
class Offer:
    """The host's game: its id, the colour the joining side plays, the moves so far, and either
    the new game's ``secret`` or, for a game gone back into, the host's ``proof`` of it and
    ``resigned``, the colour that resigned it (a finished game, offered for review or a rematch
    only). ``moves``: column indexes, as in :class:`Hello`."""

    kind: ClassVar[str] = "offer"
    game: str
    colour: Colour
    moves: Columns = ()
    secret: str | None = field(default=None, repr=False)
    proof: str | None = None
    resigned: Colour | None = None


@dataclass(frozen=True, slots=True)
class Accept:
    kind: ClassVar[str] = "accept"
    game: str


@dataclass(frozen=True, slots=True)
class Move:
    """A disc in ``column`` as move ``number`` of the game (1 for the first disc). On the wire the
    column is its number, 1-7: :func:`encode` and :func:`decode` convert it, the one place a move
    changes its form."""

    kind: ClassVar[str] = "move"
    column: Column
    number: int


@dataclass(frozen=True, slots=True)
class Undo:
    """Asks to take the game back to its first ``back_to`` moves (the asker's last move and any
    reply to it)."""

    kind: ClassVar[str] = "undo"
    back_to: int


@dataclass(frozen=True, slots=True)
class UndoAnswer:
    kind: ClassVar[str] = "undo_answer"
    accept: bool


@dataclass(frozen=True, slots=True)
class Rematch:
    """Another game with colours swapped; it starts once both sides have sent one."""

    kind: ClassVar[str] = "rematch"


@dataclass(frozen=True, slots=True)
class Chat:
    kind: ClassVar[str] = "chat"
    text: str


@dataclass(frozen=True, slots=True)
class Resign:
    kind: ClassVar[str] = "resign"


@dataclass(frozen=True, slots=True)
class Bye:
    """The sender closes the connection; ``reason`` says why (shown to the other player)."""

    kind: ClassVar[str] = "bye"
    reason: str = ""


@dataclass(frozen=True, slots=True)
class Ping:
    """Keep-alive: sent when nothing else was for a while, so a silent dead link is noticed."""

    kind: ClassVar[str] = "ping"


Message: TypeAlias = Hello | Offer | Accept | Move | Undo | UndoAnswer | Rematch | Chat | Resign | Bye | Ping
KINDS: dict[str, type] = {cls.kind: cls for cls in get_args(Message)}


def encode(message: Message) -> bytes:
    """One line of compact ASCII JSON (non-ASCII escaped), newline included."""
    data = {"type": message.kind, **asdict(message)}
    if isinstance(message, Move):
        data["column"] = Column(message.column).number     # the wire's 1-7
    elif isinstance(message, (Hello, Offer)):
        data["moves"] = format_moves(message.moves)     # the wire's digits, as the test sets write games
    line = json.dumps(data, separators=(",", ":"), ensure_ascii=True, allow_nan=False).encode() + b"\n"
    if len(line) > MAX_LINE_BYTES:
        raise ValueError(f"a {message.kind} message of {len(line)} bytes is longer than {MAX_LINE_BYTES}")
    return line


def _no_constants(name: str) -> Any:
    raise ProtocolError(f"{name} is not a JSON number")


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object whose keys are all different (json's default keeps the last of two)."""
    data = dict(pairs)
    if len(data) != len(pairs):
        seen: set[str] = set()
        twice = next(key for key, _ in pairs if key in seen or seen.add(key))  # type: ignore[func-returns-value]
        raise ProtocolError(f"an object with the key {plain_text(repr(twice), 40)} twice")
    return data


def decode(line: bytes) -> Message:
    """The message in one received line (with or without its newline); ProtocolError if it is not one."""
    if len(line) > MAX_LINE_BYTES:
        raise ProtocolError(f"a line longer than {MAX_LINE_BYTES} bytes")
    try:
        text = line.decode("utf-8")
    except UnicodeDecodeError:
        raise ProtocolError("bytes that are not UTF-8 text") from None
    try:
        data = json.loads(text, parse_constant=_no_constants, object_pairs_hook=_unique_keys)
    except (ValueError, RecursionError) as exc:
        raise ProtocolError("a line that is not JSON" if not isinstance(exc, ProtocolError) else str(exc)) from None
    if not isinstance(data, dict):
        raise ProtocolError(f"JSON {type(data).__name__}, not an object")
    kind = data.pop("type", None)
    if kind == "hello" and _other_protocol(data.get("protocol")):
        # Read for its version alone, whatever its other fields: the two sides must be able to
        # say to each other that they run different versions.
        data = {"protocol": data["protocol"], "version": data.get("version"), "name": data.get("name"), "nonce": ""}
    cls = KINDS.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise ProtocolError(f"an unknown message type {plain_text(repr(kind), 40)}")
    names = {f.name for f in fields(cls)}
    extra = sorted(set(data) - names)
    if extra:
        raise ProtocolError(f"{kind} with unknown field {plain_text(repr(extra[0]), 40)}")
    if cls in (Hello, Offer):
        data.setdefault("moves", "")    # the wire's default, read as no moves
    try:
        message = cls(**data)
    except TypeError:
        raise ProtocolError(f"{kind} without its fields {', '.join(sorted(names))}") from None
    _CHECKS[kind](message)
    return _from_wire(message)


def _from_wire(message: Message) -> Message:
    """A checked message with its moves as the program counts them: a ``Column``, a game as the
    tuple of its columns (a hello of another protocol version has none)."""
    if isinstance(message, Move):
        return Move(Column.from_number(message.column), message.number)
    if isinstance(message, (Hello, Offer)) and isinstance(message.moves, str):
        return replace(message, moves=tuple(parse_moves(message.moves)))
    return message


def _other_protocol(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value != PROTOCOL_VERSION


def _int(value: object, lo: int, hi: int, what: str) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise ProtocolError(f"{what} that is not a whole number from {lo} to {hi}")


def _text(value: object, pattern: re.Pattern[str], what: str) -> None:
    if not isinstance(value, str) or not pattern.fullmatch(value):
        raise ProtocolError(f"a malformed {what}")


def _check_hello(m: Hello) -> None:
    _int(m.protocol, 0, 1_000_000, "a protocol version")
    _text(m.version, VERSION_TEXT, "game version")
    problem = level_name_problem(m.name)
    if problem is not None:
        raise ProtocolError(f"a player name that breaks the name rule ({plain_text(problem, 60)})")
    if m.protocol != PROTOCOL_VERSION:
        return
    _text(m.nonce, NONCE_TEXT, "nonce")
    if m.game is not None:
        _text(m.game, GAME_ID, "game id")
    _text(m.moves, MOVES_TEXT, "move list")
    if m.proof is not None:
        _text(m.proof, PROOF_TEXT, "proof of the game's secret")
    resuming = {m.game is None, m.colour is None, m.proof is None}
    if len(resuming) != 1 or (m.colour is not None and m.colour not in COLOURS):
        raise ProtocolError("a hello whose game, colour and proof do not go together")
    if m.resigned is not None and (m.game is None or m.resigned not in COLOURS):
        raise ProtocolError("a hello with a resignation but no game gone back into, or no colour")


def _check_offer(m: Offer) -> None:
    _text(m.game, GAME_ID, "game id")
    if m.colour not in COLOURS:
        raise ProtocolError("a colour that is neither red nor yellow")
    _text(m.moves, MOVES_TEXT, "move list")
    if (m.secret is None) == (m.proof is None):
        raise ProtocolError("an offer with neither or both of a new game's secret and a proof of it")
    if m.secret is not None:
        _text(m.secret, SECRET_TEXT, "game secret")
    if m.proof is not None:
        _text(m.proof, PROOF_TEXT, "proof of the game's secret")
    if m.resigned is not None and (m.proof is None or m.resigned not in COLOURS):
        raise ProtocolError("an offer with a resignation but no game gone back into, or no colour")


def _check_answer(m: UndoAnswer) -> None:
    if not isinstance(m.accept, bool):
        raise ProtocolError("an undo answer that is neither true nor false")


def _check_text(value: object, limit: int, what: str) -> None:
    if not isinstance(value, str) or len(value) > limit:
        raise ProtocolError(f"{what} that is not text of at most {limit} characters")


_CHECKS = {
    "hello": _check_hello,
    "offer": _check_offer,
    "accept": lambda m: _text(m.game, GAME_ID, "game id"),
    "move": lambda m: (_int(m.column, 1, WIDTH, "a column"), _int(m.number, 1, CELLS, "a move number")),
    "undo": lambda m: _int(m.back_to, 0, CELLS - 1, "an undo point"),
    "undo_answer": _check_answer,
    "rematch": lambda m: None,
    "chat": lambda m: _check_text(m.text, MAX_CHAT_CHARS, "a chat line"),
    "resign": lambda m: None,
    "bye": lambda m: _check_text(m.reason, MAX_REASON_CHARS, "a reason"),
    "ping": lambda m: None,
}

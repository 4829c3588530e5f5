"""What the command-line filters share: reading move strings from standard input safely.

``read_lines`` reads bytes in bounded chunks (a move string is ASCII, whatever the locale says):
a line longer than :data:`MAX_LINE_BYTES` is refused without being echoed or kept in memory, and
binary input (a NUL byte) stops the run. ``shown`` bounds and escapes input echoed in a message.
How a filter ends when its reader goes away is the tools' shared tail (``game.tools.tail``).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import BinaryIO

from game import echo
from game.engine.board import CELLS
from game.i18n import _

#: The longest line read as a position: a full game's CELLS moves plus ample room for trailing
#: fields (a benchmark score, a comment). Anything longer cannot be a position and is refused unread.
MAX_LINE_BYTES = 256
CHUNK_BYTES = 64 * 1024


class InputFailed(Exception):
    """The input cannot be read on (binary data, a read error); the message is one line."""


def shown(text: str, limit: int = 50) -> str:
    """Input as it may be echoed in a message: escaped (game.echo), length bounded."""
    return echo.shown(text, limit)


def read_lines(source: BinaryIO) -> Iterator[tuple[int, str | None, str | None]]:
    """``(line number, text, problem)`` for each input line: the text (ASCII, without the line
    break) or, for a line that cannot be a position, None and what is wrong with it.

    Reads ``source`` in chunks of at most :data:`CHUNK_BYTES` (``read1``: a line typed at a
    terminal is answered at once) and never holds more than one chunk plus one line of at most
    :data:`MAX_LINE_BYTES`, whatever the input. InputFailed on a NUL byte or a read error.
    """
    read = getattr(source, "read1", None) or source.read
    pending = bytearray()
    number, too_long = 1, False
    while True:
        try:
            chunk = read(CHUNK_BYTES)
        except OSError as e:
            raise InputFailed(_("cannot read the input: {reason}").format(reason=e.strerror or e)) from None
        if not chunk:
            if pending and not too_long:
                yield _decoded(number, bytes(pending))
            return
        binary = b"\0" in chunk
        if binary:  # the lines before the NUL byte are answered, then the run stops
            chunk = chunk[: chunk.index(0)]
        start = 0
        while (end := chunk.find(b"\n", start)) != -1:
            if too_long:
                too_long = False
            else:
                pending += chunk[start:end]
                if len(pending) > MAX_LINE_BYTES:
                    yield number, None, _too_long()
                else:
                    yield _decoded(number, bytes(pending))
            pending.clear()
            number += 1
            start = end + 1
        if binary:
            raise InputFailed(_("line {number}: binary data (a NUL byte), not move strings; stopping").format(
                number=number))
        if not too_long:
            pending += chunk[start:]
            if len(pending) > MAX_LINE_BYTES:  # reported now; the rest of the line is skipped unread
                yield number, None, _too_long()
                pending.clear()
                too_long = True


def _too_long() -> str:
    return _("longer than {limit} bytes, so not a position (a game has at most {moves} moves)").format(
        limit=MAX_LINE_BYTES, moves=CELLS)


def _decoded(number: int, raw: bytes) -> tuple[int, str | None, str | None]:
    if number == 1 and raw.startswith(b"\xef\xbb\xbf"):  # a UTF-8 byte order mark
        raw = raw[3:]
    try:
        return number, raw.decode("ascii"), None
    except UnicodeDecodeError as e:
        return number, None, _("byte {byte} at column {column} is not a move (moves are the digits 1-7)").format(
            byte=f"0x{raw[e.start]:02x}", column=e.start + 1)

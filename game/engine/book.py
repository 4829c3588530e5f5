"""The opening book: exact scores of every position with 12 discs, read from disk as needed.

The data is the "12-ply with distances" book of the ``bitbully-databases`` package (MIT licence,
Markus Thill): ``assets/book_12ply_distances.dat``, found through the package's resources. Nothing
is loaded: a look-up is a binary search over the file's fixed-size records, so opening costs a
few spot checks. The file is read, not memory-mapped: the kernel maps up to 16 cached pages
around every page a mapping touches (fault-around, whatever ``madvise`` says), so a few hundred
look-ups in a mapping made the whole 21 MB file part of the game's resident memory. Read with
``pread``, the book's pages stay in the operating system's page cache, shared and reclaimable,
and the game holds only the records of the binary search's top :data:`TREE_LEVELS` levels, which
every look-up passes through (kept as they are first read: at most 64 KB), and one run of at
most a few hundred records per look-up, read at once.

File format (one record = 5 bytes, records sorted ascending by their first 4):

* a signed big-endian 32-bit position key: the board column by column from the left, each
  column bottom to top, ``10`` for a disc of the player who moved first, ``11`` for the other
  player's, a ``0`` after each column (a full one too) and one more ``0`` at the end -- exactly
  32 bits with 12 discs;
* a signed byte: the value for the side to move (the first player, with 12 discs on the board),
  ``0`` a draw, ``v > 0`` a win and ``v < 0`` a loss whose distance ``score_of_value`` turns into
  this engine's score scale (``scores``).

A position is stored either as itself or as its mirror image, so a look-up tries both.

The file used is found by :mod:`.book_location` and must be a published one (:mod:`.book_trust`).
A book that is missing, of another size or digest, out of order or holding an impossible value is
not used: the engine then searches as it would without one, and ``book_status`` says once why.
The earliest positions have a table of their own (:mod:`.early_table`).
"""

from __future__ import annotations

import os
import threading
from array import array
from collections.abc import Mapping
from pathlib import Path
from time import perf_counter
from typing import NamedTuple, Self

from .board import H1, WIDTH, Bitboard, Position
from .book_location import book_path
from .book_trust import BookError, DigestMemo, Release, check_published
from .scores import score_range

__all__ = ["BOOK_DISCS", "Book", "BookStatus", "book_status", "default_book", "key_of", "reset_default_book",
           "score_of_value", "use_digest_memo"]

#: Every position in the book has this many discs; the first player is to move.
BOOK_DISCS = 12
RECORD = 5
KEY_BYTES = 4
#: Levels of the binary search whose records are kept once read (``2 ** TREE_LEVELS - 1`` of
#: them): below them the 4.2 million records leave a run of at most 513, read in one go.
TREE_LEVELS = 13
#: The longest run of records a look-up reads in one go (longer runs are halved record by record).
RUN_RECORDS = 1024
#: A node of the kept levels not read yet (a record is at most 40 bits).
UNREAD = -1
#: Records compared at opening to catch a file that is not sorted (a damaged or shuffled one).
SPOT_CHECKS = 257
#: The book's value for a win with the last possible disc; a win one disc sooner is 2 more.
LAST_WIN_VALUE = 69
#: The same for losses: a loss to the opponent's last possible disc is -68, one sooner -70.
LAST_LOSS_VALUE = -68
_SCORE_LOW, _SCORE_HIGH = score_range(BOOK_DISCS)


def score_of_value(value: int) -> int:
    """The engine's score (``scores``) of a book value, for the first player to move.

    The book counts distances in plies from the end of the board; every two plies are one of
    the mover's discs, which is what the engine's score counts.
    """
    if value > 0:
        return (value - LAST_WIN_VALUE) // 2
    if value < 0:
        return (value - LAST_LOSS_VALUE) // 2
    return 0


def _column_codes() -> tuple[tuple[int, int], ...]:
    """(code, bit length) of a column's part of the key, indexed by ``mover + mask`` of that
    column (Pons' key restricted to one column: unique for each column state)."""
    codes: list[tuple[int, int]] = [(0, 0)] * (1 << H1)
    for height in range(H1):
        filled = (1 << height) - 1
        for mover in range(1 << height):
            code, length = 0, 0
            for row in range(height):
                code = (code << 2) | 0b10 | ((mover >> row & 1) ^ 1)  # 10 the mover's, 11 the other's
                length += 2
            codes[mover + filled] = (code << 1, length + 1)  # the column's closing 0
    return tuple(codes)


COLUMN_CODES = _column_codes()
_COLUMN = (1 << H1) - 1


def key_of(current: Bitboard, mask: Bitboard) -> tuple[int, int]:
    """(key, key of the mirror image) of a 12-disc position, as the book stores them.

    ``current`` holds the discs of the player to move, the first player with 12 discs.
    """
    key = mirrored = 0
    shift = 0
    for c in range(WIDTH):
        code, length = COLUMN_CODES[(current >> c * H1 & _COLUMN) + (mask >> c * H1 & _COLUMN)]
        key = (key << length) | code
        mirrored |= code << shift
        shift += length
    # the closing 0, then the two's complement of the 32-bit key
    key <<= 1
    mirrored <<= 1
    return _signed(key), _signed(mirrored)


def _signed(key: int) -> int:
    return key - (1 << 32) if key >> 31 else key


def _signed_byte(b: int) -> int:
    return b - 256 if b > 127 else b


#: ``os.pread`` where there is one (not on Windows, where a lock guards the file's position).
_pread = getattr(os, "pread", None)


class BookStatus(NamedTuple):
    """Whether the book is in use, and if not, one sentence saying why."""

    available: bool
    reason: str
    path: str | None = None
    open_seconds: float = 0.0


class Book:
    """A read-only book file, read with ``pread``. Use ``score`` or ``lookup``; close when done.

    The file must be one of ``published`` (size, then digest; see :mod:`.book_trust`),
    else ``BookError`` says why; ``memo`` remembers digests between runs."""

    def __init__(self, path: Path | str, *, published: Mapping[str, Release] | None = None,
                 memo: DigestMemo | None = None) -> None:
        self.path = Path(path)
        self._file = None
        self._lock = threading.Lock()
        try:
            self._file = open(self.path, "rb", buffering=0)
            self._fd = self._file.fileno()
            self.records = check_published(self._file, self.path, record=RECORD, published=published,
                                           memo=memo) // RECORD
            #: the records of the binary search's top levels (an implicit tree: node i's halves are
            #: 2i + 1 below and 2i + 2 above), UNREAD until a look-up first passes them
            self.tree = array("q", [UNREAD]) * min(2 ** TREE_LEVELS - 1, self.records)
            self._spot_check()
        except OSError as exc:
            self.close()
            raise BookError(f"the opening book cannot be read ({exc.strerror or exc})") from None
        except BookError:
            self.close()
            raise
        self.lookups = 0

    def _read(self, at: int, size: int) -> bytes:
        """``size`` bytes of the file from offset ``at`` (fewer at its end); ValueError once closed
        (the descriptor's number may then be another file's)."""
        if self._file is None:
            raise ValueError("the opening book is closed")
        if _pread is not None:
            return _pread(self._fd, size, at)
        with self._lock:  # no pread (Windows): the file's one position is shared
            self._file.seek(at)
            return self._file.read(size)

    def fileno(self) -> int:
        """The open file, for a search that reads the records itself (``os.dup`` it to keep it)."""
        if self._file is None:
            raise ValueError("the opening book is closed")
        return self._fd

    def _record(self, i: int) -> int:
        """Record ``i`` as a 40-bit number: its key in the upper 32 bits, its value in the lowest 8."""
        data = self._read(i * RECORD, RECORD)
        if len(data) != RECORD:
            raise OSError(f"record {i} is cut short")
        return int.from_bytes(data, "big")

    def _spot_check(self) -> None:
        """Evenly spaced records must be in ascending order and hold possible values."""
        n = self.records
        picks = sorted({n - 1, *(n * k // SPOT_CHECKS for k in range(SPOT_CHECKS))})
        previous = None
        for i in picks:
            record = self._record(i)
            key = _signed(record >> 8)
            if previous is not None and key <= previous:
                raise BookError("the opening book is damaged (its positions are out of order)")
            if not _SCORE_LOW <= score_of_value(_signed_byte(record & 0xFF)) <= _SCORE_HIGH:
                raise BookError("the opening book is damaged (it holds an impossible value)")
            previous = key

    def _find(self, key: int) -> int | None:
        """The value stored for ``key`` (binary search), or None.

        The probes of the top levels are the same for every key: their records are kept in
        ``tree`` once read. Below them, the run of records left is read in one go and searched
        in memory. The probes are those of a plain binary search over the file.
        """
        tree, node = self.tree, 0
        lo, hi = 0, self.records - 1
        while lo <= hi and node < len(tree):
            mid = (lo + hi) >> 1
            record = tree[node]
            if record == UNREAD:
                record = tree[node] = self._record(mid)
            k = _signed(record >> 8)
            if k < key:
                lo, node = mid + 1, 2 * node + 2
            elif k > key:
                hi, node = mid - 1, 2 * node + 1
            else:
                return _signed_byte(record & 0xFF)
        while hi - lo >= RUN_RECORDS:  # a run too long to read at once (not met in the published book)
            mid = (lo + hi) >> 1
            record = self._record(mid)
            k = _signed(record >> 8)
            if k == key:
                return _signed_byte(record & 0xFF)
            lo, hi = (mid + 1, hi) if k < key else (lo, mid - 1)
        if lo > hi:
            return None
        data = self._read(lo * RECORD, (hi - lo + 1) * RECORD)
        if len(data) != (hi - lo + 1) * RECORD:
            raise OSError("the opening book is cut short")
        lo, hi = 0, hi - lo
        while lo <= hi:
            mid = (lo + hi) >> 1
            at = mid * RECORD
            k = int.from_bytes(data[at:at + KEY_BYTES], "big", signed=True)
            if k < key:
                lo = mid + 1
            elif k > key:
                hi = mid - 1
            else:
                return _signed_byte(data[at + KEY_BYTES])
        return None

    def lookup(self, current: Bitboard, mask: Bitboard) -> int | None:
        """Exact score of a 12-disc position for the side to move, or None if the book lacks it.

        The caller guarantees 12 discs (the first player to move); the book stores a position
        or its mirror image, so both are tried.
        """
        self.lookups += 1
        key, mirrored = key_of(current, mask)
        value = self._find(key)
        if value is None and mirrored != key:
            value = self._find(mirrored)
        return None if value is None else score_of_value(value)

    def score(self, pos: Position) -> int | None:
        """``lookup`` of a ``Position``; None also for a position that is not a book position."""
        if pos.moves != BOOK_DISCS or pos.is_over():
            return None
        return self.lookup(pos.current, pos.mask)

    def close(self) -> None:
        """Close the file (a compiled solver reads its own duplicate of it, which it closes)."""
        if self._file is not None:
            self._file.close()
            self._file = None

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


_default: Book | None = None
_status: BookStatus | None = None
_memo: DigestMemo | None = None


def use_digest_memo(memo: DigestMemo | None) -> None:
    """Remember the default book's digest with ``memo`` from now on (the program gives one kept
    in the user's cache folder; without one the file is hashed once per process)."""
    global _memo
    _memo = memo


def default_book() -> Book | None:
    """The installed book, opened once per process; None if it cannot be used (see ``book_status``)."""
    global _default, _status
    if _status is None:
        start = perf_counter()
        try:
            path = book_path()
            _default = Book(path, memo=_memo)
            _status = BookStatus(True, "the opening book is in use", str(path), perf_counter() - start)
        except BookError as exc:
            _status = BookStatus(False, f"{exc}: early positions are searched instead, which is slower")
            # here: only a failure is logged; a start that logs nothing (python -m game.analyze)
            # does without logging
            import logging

            logging.getLogger(__name__).warning("%s", _status.reason)
    return _default


def book_status() -> BookStatus:
    """Whether the default book is in use and why not (opens it if not yet tried)."""
    default_book()
    assert _status is not None
    return _status


def reset_default_book() -> None:
    """Forget the opened book, so the next ``default_book`` looks again (for tests and tools)."""
    global _default, _status
    if _default is not None:
        _default.close()
    _default, _status = None, None


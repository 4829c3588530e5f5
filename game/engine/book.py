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

Only the published file is used: its size and its SHA-256 digest must be those of a known
release (:data:`PUBLISHED`), so a book with changed values, a cut-short copy or another file of
the right size is refused. Hashing the whole file costs a read of it (about 0.07 s with the file
in the page cache); a :class:`DigestMemo` given by the program remembers the digest by the
file's identity (path, size, modification and change times, inode), so later starts only stat
the file. A book that is missing, of another size or digest, out of order or holding an
impossible value is not used: the engine then searches as it would without one, and
``book_status`` says once why.

The earliest positions are the costliest to search down to 12 discs, so the exact scores of
every position with at most ``EARLY_DISCS`` discs ship with the game as a small table
(``game/data/early_positions.txt``, one ``<moves> <score>`` line per position up to mirror
images), derived from the book by ``python -m game.tools.early_book``.
"""

from __future__ import annotations

import logging
import os
import threading
from array import array
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import util
from importlib.machinery import ModuleSpec
from pathlib import Path
from time import perf_counter
from typing import Protocol, Self

from game.data import read_testset

from .board import BOTTOM_CELLS, H1, WIDTH, Bitboard, Position, mirror_bits
from .scores import score_range

__all__ = ["BOOK_DISCS", "EARLY_DISCS", "PUBLISHED", "Book", "BookError", "BookStatus", "DigestMemo",
           "FileIdentity", "Release", "book_status", "default_book", "early_keys", "early_scores", "key_of",
           "reset_default_book", "score_of_value", "use_digest_memo"]

log = logging.getLogger(__name__)

#: The package that ships the book, and the file inside it.
BOOK_PACKAGE = "bitbully_databases"
BOOK_RESOURCE = ("assets", "book_12ply_distances.dat")
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
#: Positions with at most this many discs are in the shipped table of early positions.
EARLY_DISCS = 4
EARLY_FILE = "early_positions.txt"


class BookError(Exception):
    """The book file cannot be used; the message says why in words for a player."""


@dataclass(frozen=True, slots=True)
class Release:
    """A published book file: its size in bytes and the releases that ship it."""

    size: int
    name: str


#: SHA-256 of every published ``book_12ply_distances.dat`` (the same file in both releases).
PUBLISHED: Mapping[str, Release] = {
    "1e01874dbb9b296a96baa2f5483ae69333ac7009377b34b222f112d9d8e89704":
        Release(21_004_495, "bitbully-databases 0.0.1 and 0.0.2"),
}
DIGEST, DIGEST_NAME = "sha256", "SHA-256"


@dataclass(frozen=True, slots=True)
class FileIdentity:
    """What says a file is unchanged since its digest was taken: a change of its contents
    changes its size, its modification time or (even when that is set back) its change time."""

    path: str
    size: int
    mtime_ns: int
    ctime_ns: int
    inode: int

    @classmethod
    def of(cls, path: Path, info: os.stat_result) -> FileIdentity:
        return cls(str(path), info.st_size, info.st_mtime_ns, info.st_ctime_ns, info.st_ino)


class DigestMemo(Protocol):
    """Remembers the digest of a file by its identity, so it is computed once.

    ``recall`` returns None for a file it does not know (or when its memory is unreadable);
    ``remember`` never raises. The digest recalled is still checked against :data:`PUBLISHED`."""

    def recall(self, identity: FileIdentity) -> str | None: ...

    def remember(self, identity: FileIdentity, digest: str) -> None: ...


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


@dataclass(frozen=True, slots=True)
class BookStatus:
    """Whether the book is in use, and if not, one sentence saying why."""

    available: bool
    reason: str
    path: str | None = None
    open_seconds: float = 0.0


class Book:
    """A read-only book file, read with ``pread``. Use ``score`` or ``lookup``; close when done.

    The file must be one of ``published`` (size, then digest; see the module's docstring),
    else ``BookError`` says why; ``memo`` remembers digests between runs."""

    def __init__(self, path: Path | str, *, published: Mapping[str, Release] | None = None,
                 memo: DigestMemo | None = None) -> None:
        published = PUBLISHED if published is None else published
        self.path = Path(path)
        self._file = None
        self._lock = threading.Lock()
        try:
            self._file = open(self.path, "rb", buffering=0)
            self._fd = self._file.fileno()
            self.records = self._check(published, memo) // RECORD
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

    def _check(self, published: Mapping[str, Release], memo: DigestMemo | None) -> int:
        """The file's size, once its size and digest are found to be a published book's."""
        info = os.fstat(self._fd)
        size = info.st_size
        _check_size(size, published)
        identity = FileIdentity.of(self.path, info)
        digest = memo.recall(identity) if memo is not None else None
        if digest is None:
            import hashlib  # here: a remembered digest (the usual start) needs no hashing

            digest = hashlib.file_digest(self._file, DIGEST).hexdigest()
            if memo is not None:
                memo.remember(identity, digest)
        if published.get(digest, Release(-1, "")).size != size:
            raise BookError(f"the opening book differs from the published file (its {DIGEST_NAME} "
                            f"digest is not that of the book in {_releases(published)})")
        return size

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


def _releases(published: Mapping[str, Release]) -> str:
    return " or ".join(release.name for release in published.values()) or "any known release"


def _check_size(size: int, published: Mapping[str, Release]) -> None:
    """BookError unless ``size`` is that of a published book; a copy cut short says so."""
    sizes = {release.size for release in published.values()}
    if size in sizes:
        return
    if size == 0 or size % RECORD:
        raise BookError(f"the opening book has a wrong size ({size:,} bytes, not whole records)")
    full = min((s for s in sizes if s > size), default=None)
    if full is not None:
        raise BookError(f"the opening book is cut short ({size:,} of {full:,} bytes)")
    raise BookError(f"the opening book has a wrong size ({size:,} bytes; the published one has "
                    f"{', '.join(f'{s:,}' for s in sorted(sizes))})")


def book_path() -> Path:
    """Where the installed package keeps the book; ``BookError`` if it is not installed.

    The package is located without running it (its own reader is not needed). In an ordinary
    installation the file sits in the package's folder and is found there directly; otherwise (a
    frozen bundle, a zipped package) it is reached through the package's resource reader.
    """
    try:
        spec = util.find_spec(BOOK_PACKAGE)
    except (ImportError, ValueError):
        spec = None
    if spec is None or spec.loader is None:
        raise BookError("the opening book is not installed (package bitbully-databases)")
    for folder in spec.submodule_search_locations or ():
        path = Path(folder).joinpath(*BOOK_RESOURCE)
        if path.is_file():
            return path
    return _resource_path(spec)


def _resource_path(spec: ModuleSpec) -> Path:
    """The book through the package's resource reader (as a real file)."""
    from importlib import resources  # here: it loads zip and temporary-file support few runs need

    reader = getattr(spec.loader, "get_resource_reader", None)
    files = reader(spec.name).files() if reader is not None else None
    if files is None:
        raise BookError("the opening book's package has no data files")
    resource = files.joinpath(*BOOK_RESOURCE)
    if not resource.is_file():
        raise BookError("the opening book file is missing from package bitbully-databases")
    with resources.as_file(resource) as path:  # a real file already: as_file returns it as is
        return Path(path)


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
            log.warning("%s", _status.reason)
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


_early: dict[int, int] | None = None


def early_keys(moves: str) -> tuple[int, int]:
    """``Position.key()`` of the position after ``moves`` (at most ``EARLY_DISCS`` of them) and
    of its mirror image, without building the positions: the table is read at every start.

    With so few discs no column fills and no game ends, so a move needs no check beyond its
    column, and adding a column's bottom cell to the mask only carries inside that column.
    ValueError for anything else."""
    if len(moves) > EARLY_DISCS:
        raise ValueError(f"{moves!r} has more than {EARLY_DISCS} moves")
    current = mask = 0
    for ch in moves:
        column = ord(ch) - ord("1")
        if not 0 <= column < WIDTH:
            raise ValueError(f"{moves!r} is not a move string")
        current ^= mask                       # inlined: Position.play (no full column, no win)
        mask |= mask + BOTTOM_CELLS[column]
    return current + mask, mirror_bits(current) + mirror_bits(mask)


def early_scores() -> dict[int, int]:
    """Exact scores of every position with 1 to ``EARLY_DISCS`` discs, keyed by ``Position.key``
    (mirror images included), read once from the table that ships with the game."""
    global _early
    if _early is None:
        table = {}
        try:
            for moves, score in read_testset(EARLY_FILE, folder=""):
                key, mirrored = early_keys(moves)
                table[key] = table[mirrored] = score
        except (OSError, ValueError) as exc:  # a broken installation: search these positions too
            log.warning("the table of early positions cannot be read (%s)", exc)
            table = {}
        _early = table
    return _early

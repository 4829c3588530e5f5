"""Which opening-book files are used: only a published one, known by its size and SHA-256 digest.

A file is accepted only when its size and its digest are those of a known release
(:data:`PUBLISHED`), so a book with changed values, a cut-short copy or another file of the right
size is refused with a :class:`BookError` saying why. Hashing the whole file costs a read of it
(about 0.07 s with the file in the page cache); a :class:`DigestMemo` given by the program
remembers the digest by the file's identity (path, size, modification and change times, inode),
so later starts only stat the file.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import BinaryIO, NamedTuple, Protocol

__all__ = ["DIGEST", "DIGEST_NAME", "PUBLISHED", "BookError", "DigestMemo", "FileIdentity", "Release",
           "check_published"]


class BookError(Exception):
    """The book file cannot be used; the message says why in words for a player."""


class Release(NamedTuple):
    """A published book file: its size in bytes and the releases that ship it."""

    size: int
    name: str


#: SHA-256 of every published ``book_12ply_distances.dat`` (the same file in both releases).
PUBLISHED: Mapping[str, Release] = {
    "1e01874dbb9b296a96baa2f5483ae69333ac7009377b34b222f112d9d8e89704":
        Release(21_004_495, "bitbully-databases 0.0.1 and 0.0.2"),
}
DIGEST, DIGEST_NAME = "sha256", "SHA-256"


class FileIdentity(NamedTuple):
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



def check_published(file: BinaryIO, path: Path, *, record: int, published: Mapping[str, Release] | None = None,
                    memo: DigestMemo | None = None) -> int:
    """The size of the open ``file`` (at ``path``), once its size (whole records of ``record``
    bytes) and digest are found to be those of a book in ``published`` (:data:`PUBLISHED` when
    None); BookError otherwise. ``memo`` recalls and remembers the digest by the file's identity."""
    published = PUBLISHED if published is None else published
    info = os.fstat(file.fileno())
    size = info.st_size
    _check_size(size, published, record)
    identity = FileIdentity.of(path, info)
    digest = memo.recall(identity) if memo is not None else None
    if digest is None:
        import hashlib  # here: a remembered digest (the usual start) needs no hashing

        digest = hashlib.file_digest(file, DIGEST).hexdigest()
        if memo is not None:
            memo.remember(identity, digest)
    if published.get(digest, Release(-1, "")).size != size:
        raise BookError(f"the opening book differs from the published file (its {DIGEST_NAME} "
                        f"digest is not that of the book in {_releases(published)})")
    return size


def _releases(published: Mapping[str, Release]) -> str:
    return " or ".join(release.name for release in published.values()) or "any known release"


def _check_size(size: int, published: Mapping[str, Release], record: int) -> None:
    """BookError unless ``size`` is that of a published book; a copy cut short says so."""
    sizes = {release.size for release in published.values()}
    if size in sizes:
        return
    if size == 0 or size % record:
        raise BookError(f"the opening book has a wrong size ({size:,} bytes, not whole records)")
    full = min((s for s in sizes if s > size), default=None)
    if full is not None:
        raise BookError(f"the opening book is cut short ({size:,} of {full:,} bytes)")
    raise BookError(f"the opening book has a wrong size ({size:,} bytes; the published one has "
                    f"{', '.join(f'{s:,}' for s in sorted(sizes))})")

"""The opening book's digest, remembered between runs in the user's cache folder.

Hashing the whole book (:mod:`game.engine.book`) costs a read of its 21 MB at every start; this
memo keeps the digest by the file's identity, so a later start only stats the file.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from game.engine import book
from game.engine.book_trust import FileIdentity

from . import files
from .folders import user_cache_dir

__all__ = ["BOOK_MEMO_ENTRIES", "BOOK_MEMO_NAME", "MAX_BOOK_MEMO_BYTES", "BookDigestMemo", "remember_book_digests"]

BOOK_MEMO_NAME = "book-digest.json"
MAX_BOOK_MEMO_BYTES = 16 * 1024
BOOK_MEMO_ENTRIES = 4  # books of this many installations (virtual environments) are remembered

_BOOK_MEMO_FIELDS = ("path", "size", "mtime_ns", "ctime_ns", "inode")
_DIGEST_RE = re.compile(r"[0-9a-f]{64}")


class BookDigestMemo:
    """A :class:`game.engine.book_trust.DigestMemo` kept in a small JSON file in the user's cache folder.

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
            import logging  # here: only a failure is logged (see game.engine.book.default_book)

            logging.getLogger(__name__).info("cannot remember the opening book's digest in %s: %s", self.path,
                                             files.describe_os_error(e))

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

"""The opening book's digest remembered in the user's cache folder: computed once, recalled by
the file's identity, and a damaged memo file never crashes nor is trusted blindly."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.engine import book_trust
from game.engine.book import Book
from game.engine.book_location import book_path
from game.engine.book_trust import BookError, FileIdentity, Release
from game.store import book_memo
from game.store.book_memo import BOOK_MEMO_NAME, BookDigestMemo

ROOT = Path(__file__).resolve().parents[2]
DIGEST = "ab" * 32
IDENTITY = FileIdentity("/somewhere/book.dat", 100, 1_700_000_000_000_000_000, 1_700_000_000_000_000_001, 42)


def test_a_remembered_digest_is_recalled_for_the_same_file_only(connect4_home):
    memo = BookDigestMemo()
    assert memo.path == connect4_home / BOOK_MEMO_NAME
    assert memo.recall(IDENTITY) is None
    memo.remember(IDENTITY, DIGEST)
    assert BookDigestMemo().recall(IDENTITY) == DIGEST
    for changed in ({"size": 101}, {"mtime_ns": IDENTITY.mtime_ns + 1}, {"ctime_ns": 5}, {"inode": 43},
                    {"path": "/elsewhere/book.dat"}):
        assert memo.recall(IDENTITY._replace(**changed)) is None, changed


def test_a_few_installations_are_remembered_the_newest_first(connect4_home):
    memo = BookDigestMemo()
    for n in range(book_memo.BOOK_MEMO_ENTRIES + 2):
        memo.remember(FileIdentity(f"/venv{n}/book.dat", 100, 1, 2, 3), f"{n:064x}")
    books = json.loads(memo.path.read_text())["books"]
    assert len(books) == book_memo.BOOK_MEMO_ENTRIES
    assert books[0]["path"] == f"/venv{book_memo.BOOK_MEMO_ENTRIES + 1}/book.dat"


DAMAGED = [
    b"",
    b"not json",
    b"\xff\xfe",
    b"[1, 2]",
    b'{"books": {"path": 1}}',
    b"[" * 100_000,
    json.dumps({"books": [{"path": IDENTITY.path, "size": "100", "mtime_ns": IDENTITY.mtime_ns,
                           "ctime_ns": IDENTITY.ctime_ns, "inode": 42, "sha256": DIGEST}]}).encode(),
    json.dumps({"books": [{"path": IDENTITY.path, "size": 100, "mtime_ns": IDENTITY.mtime_ns,
                           "ctime_ns": IDENTITY.ctime_ns, "inode": True, "sha256": DIGEST}]}).encode(),
    json.dumps({"books": [{"path": IDENTITY.path, "size": 100, "mtime_ns": IDENTITY.mtime_ns,
                           "ctime_ns": IDENTITY.ctime_ns, "inode": 42, "sha256": "../../etc"}]}).encode(),
    json.dumps({"books": [{"path": IDENTITY.path, "size": 100, "mtime_ns": IDENTITY.mtime_ns, "extra": 1,
                           "ctime_ns": IDENTITY.ctime_ns, "inode": 42, "sha256": DIGEST}]}).encode(),
    b" " * (book_memo.MAX_BOOK_MEMO_BYTES + 10),
]


@pytest.mark.parametrize("content", DAMAGED)
def test_a_damaged_memo_is_empty_and_is_written_again(connect4_home, content):
    path = connect4_home / BOOK_MEMO_NAME
    path.write_bytes(content)
    memo = BookDigestMemo()
    assert memo.recall(IDENTITY) is None
    memo.remember(IDENTITY, DIGEST)
    assert memo.recall(IDENTITY) == DIGEST


def test_a_memo_that_is_a_folder_or_unwritable_costs_only_time(connect4_home):
    (connect4_home / BOOK_MEMO_NAME).mkdir()
    memo = BookDigestMemo()
    assert memo.recall(IDENTITY) is None
    memo.remember(IDENTITY, DIGEST)  # cannot be written: logged, not raised
    assert memo.recall(IDENTITY) is None


def test_a_forged_memo_cannot_make_a_changed_book_published(connect4_home, tmp_path):
    """The memo says which digest the file had; the published digests decide."""
    path = tmp_path / "book.dat"
    path.write_bytes(bytes(100))
    published = {"cd" * 32: Release(100, "test release")}
    with pytest.raises(BookError, match="differs from the published file"):
        Book(path, published=published, memo=BookDigestMemo())
    info = os.stat(path)
    BookDigestMemo().remember(FileIdentity.of(path, info), "ef" * 32)
    with pytest.raises(BookError, match="differs from the published file"):
        Book(path, published=published, memo=BookDigestMemo())


def test_the_game_remembers_the_shipped_books_digest(connect4_home):
    """The first run hashes the real book and keeps its digest; the next one recalls it."""
    env = {**os.environ, "CONNECT4_HOME": str(connect4_home)}
    for _ in range(2):
        done = subprocess.run([sys.executable, "-m", "game.analyze", "--columns"], input=b"44534441234\n",
                              capture_output=True, cwd=ROOT, env=env, timeout=120)
        assert done.stdout.decode().split() == ["44534441234", "1", "15", "15", "x", "2", "12", "2"]
    entry, = json.loads((connect4_home / BOOK_MEMO_NAME).read_text())["books"]
    assert entry["sha256"] in book_trust.PUBLISHED
    assert entry["path"] == str(book_path()) and entry["size"] == os.path.getsize(book_path())


def test_a_memo_that_cannot_be_written_is_logged_and_nothing_else(tmp_path, caplog):
    (tmp_path / "a-file").write_text("not a folder", encoding="utf-8")
    memo = BookDigestMemo(tmp_path / "a-file" / BOOK_MEMO_NAME)
    with caplog.at_level("INFO", logger="game.store.book_memo"):
        memo.remember(IDENTITY, DIGEST)
    assert memo.recall(IDENTITY) is None
    assert [r.levelname for r in caplog.records if "cannot remember the opening book's digest" in r.getMessage()] \
        == ["INFO"]

"""The opening book: its key and value encoding, mirrored look-ups, the early table, and the
fallback when the book file is missing or damaged."""

from __future__ import annotations

import hashlib
import logging
import random
import shutil
from pathlib import Path
from time import perf_counter

import pytest

from game.data import read_testset
from game.engine import book as book_module
from game.engine import book_location, book_trust, early_table
from game.engine.board import H1, Position
from game.engine.book import BOOK_DISCS, RECORD, Book, key_of, score_of_value
from game.engine.book_location import book_path
from game.engine.book_trust import BookError, Release
from game.engine.early_table import EARLY_DISCS, EARLY_FILE
from game.engine.solver import SearchCancelled, Solver
from game.tools.early_book import check_table, early_positions

# 12-disc positions that the solver settles without the book within a fraction of a second,
# with the scores it finds (half of them are stored as the mirror image).
QUICK_TWELVE = {
    "436563241346": -13, "746752516524": -12, "364771117652": 8, "615257145465": -14,
    "151264142751": -12, "661543233446": 12, "251355213767": 12, "646243571337": 11,
    "214331632616": 14, "563376137436": -13, "733465347775": -12, "722727313517": 7,
    "454634367474": -6, "724165317763": 13, "231452631221": -13, "446374733547": 5,
}


@pytest.fixture(scope="module")
def book():
    with Book(book_path()) as opened:
        yield opened


def _from_columns(columns: list[str]) -> Position:
    """A 12-disc position from its columns, bottom first: "x" a first-player disc, "o" the other's."""
    current = mask = 0
    for c, column in enumerate(columns):
        for row, disc in enumerate(column):
            bit = 1 << (c * H1 + row)
            mask |= bit
            if disc == "x":
                current |= bit
    assert mask.bit_count() == BOOK_DISCS
    return Position(current, mask, BOOK_DISCS)


def test_the_key_is_the_columns_codes_from_the_left():
    # The package's own example: player 1 wins with its last disc (value 71).
    pos = _from_columns(["", "oxox", "", "xoxox", "", "oxo", ""])
    by_hand = "0" + "11101110" "0" + "0" + "1011101110" "0" + "0" + "111011" "0" + "0" + "0"
    assert len(by_hand) == 32
    key, mirrored = key_of(pos.current, pos.mask)
    assert key == int(by_hand, 2)
    image = pos.mirror()
    assert key_of(image.current, image.mask) == (mirrored, key)


def test_a_key_with_a_disc_in_the_first_column_is_negative():
    pos = _from_columns(["x", "oxox", "", "xoxo", "", "oxo", ""])
    key, _ = key_of(pos.current, pos.mask)
    assert key < 0 and key + (1 << 32) >> 31 == 1


@pytest.mark.parametrize(("value", "score"), [(0, 0), (71, 1), (99, 15), (-88, -10), (-70, -1), (-98, -15)])
def test_values_become_scores(value, score):
    # plies to the end: 100 - v for a win, 100 + v for a loss; every two plies one own disc
    assert score_of_value(value) == score


def test_the_package_example_reads_a_win_with_the_last_disc(book):
    pos = _from_columns(["", "oxox", "", "xoxox", "", "oxo", ""])
    assert book.score(pos) == 1


def test_book_scores_agree_with_the_solver_on_quick_positions(book):
    stored_as_mirror = 0
    for moves, score in QUICK_TWELVE.items():
        pos = Position.from_moves(moves)
        assert book.score(pos) == score, moves
        assert book.score(pos.mirror()) == score, moves  # either image finds the record
        key, _ = key_of(pos.current, pos.mask)
        stored_as_mirror += book._find(key) is None
    assert 0 < stored_as_mirror < len(QUICK_TWELVE)  # both look-ups were needed


def test_book_scores_agree_with_a_bookless_solve_on_random_quick_positions(book):
    # positions drawn here, solved without the book; only the ones that solve fast are compared
    rng = random.Random(2024)
    solver = Solver(table_mb=16, book=None, early=False)
    compared = 0
    for _ in range(60):
        if compared == 6:
            break
        pos = Position()
        while pos.moves < BOOK_DISCS:
            col = rng.randrange(7)
            if pos.can_play(col) and not pos.is_winning_move(col):
                pos = pos.play(col)
        if any(pos.is_winning_move(c) for c in range(7)):
            assert book.score(pos) is None or book.score(pos) > 0
            continue
        try:
            expected = solver.solve(pos, deadline=perf_counter() + 0.3)
        except SearchCancelled:
            continue
        assert book.score(pos) == expected
        compared += 1
    assert compared == 6


def test_the_solver_reads_the_book_on_the_begin_sets():
    # positions with at most 12 discs from the Begin sets: searched down to the book
    sample = [(m, s) for name in ("Test_L1_R1", "Test_L1_R2") for m, s in read_testset(name) if len(m) <= 12]
    sample = random.Random(7).sample(sample, 200)
    solver = Solver(table_mb=32)
    for moves, score in sample:
        assert solver.solve(Position.from_moves(moves)) == score, moves


@pytest.mark.skipif(not Path("/proc/self/maps").exists(), reason="/proc (Linux) tells what a process maps")
def test_the_book_is_read_not_mapped_so_its_pages_are_not_the_games_memory(book):
    for moves in QUICK_TWELVE:
        assert book.score(Position.from_moves(moves)) == QUICK_TWELVE[moves]
    solver = Solver(table_mb=1)
    assert solver.book is not None and solver.solve(Position.from_moves("44534441234")) == 15  # 12-disc reads
    maps = Path("/proc/self/maps").read_text()
    assert book_path().name not in maps
    assert 0 < sum(record != book_module.UNREAD for record in book.tree) < len(book.tree)  # kept as read


def test_a_solver_reads_its_book_after_the_book_is_closed():
    opened = Book(book_path())
    solver = Solver(table_mb=1, book=opened)
    opened.close()
    with pytest.raises(ValueError, match="closed"):
        opened.score(Position.from_moves("436563241346"))
    if solver.compiled:  # its search reads 12-disc positions from its own duplicate of the file
        assert solver.solve(Position.from_moves("44534441234")) == 15


def test_a_book_that_fails_under_a_running_solver_is_searched_instead(search_path, caplog):
    """Closed (or cut short, unreadable) after its checks: each path treats a position it cannot
    read as one the book lacks and solves it, with the same exact score, and says so once."""
    opened = Book(book_path())
    solver = Solver(table_mb=1, book=opened)
    opened.close()
    assert solver.solve(Position.from_moves("44534441234")) == 15
    said = [r for r in caplog.records if "could not be read" in r.getMessage()]
    assert len(said) == (0 if solver.compiled else 1)


def test_an_early_table_that_cannot_be_read_is_logged_and_those_positions_searched(monkeypatch, caplog):
    def unreadable(*_args, **_kwargs):
        raise OSError("no such file")

    monkeypatch.setattr(early_table, "read_testset", unreadable)
    monkeypatch.setattr(early_table, "_early", None)
    assert early_table.early_scores() == {}
    assert [r.levelname for r in caplog.records if "early positions cannot be read" in r.getMessage()] == ["WARNING"]


def test_the_early_table_agrees_with_the_begin_sets():
    table = early_table.early_scores()
    known = [(m, s) for name in ("Test_L1_R1", "Test_L1_R2") for m, s in read_testset(name) if len(m) <= EARLY_DISCS]
    assert len(known) >= 40
    for moves, score in known:
        assert table[Position.from_moves(moves).key()] == score, moves


def test_the_early_table_holds_every_early_position_once():
    listed = [m for m, _ in read_testset(EARLY_FILE, folder="")]
    assert listed == [moves for moves, _ in early_positions()]  # the tool's order and choice
    table = early_table.early_scores()
    for moves in ("4", "44", "4453", "1111", "7654"):
        pos = Position.from_moves(moves)
        assert pos.key() in table and pos.mirror().key() in table


def test_the_early_table_is_regenerated_from_the_book():
    assert check_table(4, seed=5) == []


def test_the_empty_board_reads_exactly():
    assert Solver().column_scores(Position()) == [-2, -1, 0, 1, 0, -1, -2]


def test_a_solver_reads_the_early_table_when_it_first_meets_an_early_position(monkeypatch):
    from game.engine import solver as solver_module  # here: the test patches the name the solver reads

    reads = []
    monkeypatch.setattr(solver_module, "early_scores", lambda: reads.append(1) or early_table.early_scores())
    solver = Solver(table_mb=1)
    assert solver.solve(Position.from_moves("44534441234")) == 15
    assert reads == []  # a search from 11 discs never meets a position of at most 4
    assert solver.solve(Position.from_moves("44")) == 1
    assert solver.solve(Position.from_moves("4")) == -1
    assert reads == [1]  # read once, then kept
    assert Solver(table_mb=1, early=False).solve(Position.from_moves("44")) == 1  # searched down to the book
    assert reads == [1]


# ----------------------------------------------------------------- a book that cannot be used
@pytest.fixture
def book_at(monkeypatch, tmp_path):
    """Point the default book at a file made by the test; the real one is opened again after.

    ``published`` stands in for the digests of the known releases, so a small book made by the
    test can play the published one."""
    def use(make, published=None):
        path = tmp_path / "book.dat"
        make(path)
        monkeypatch.setattr(book_module, "book_path", lambda: path)
        if published is not None:
            monkeypatch.setattr(book_trust, "PUBLISHED", published)
        book_module.reset_default_book()
        return path
    yield use
    book_module.reset_default_book()


SMALL_RECORDS = 20000


def _small_book() -> bytes:
    """The first records of the real book: sorted, possible values, a book in miniature."""
    with open(book_path(), "rb") as f:
        return f.read(RECORD * SMALL_RECORDS)


def _published(data: bytes) -> dict[str, Release]:
    return {hashlib.sha256(data).hexdigest(): Release(len(data), "test release 1.0")}


SMALL = _published(_small_book())


def _missing(path):
    pass


def _not_whole_records(path):
    path.write_bytes(_small_book()[:RECORD * 1000 + 3])


def _cut_at_a_record(path):
    path.write_bytes(_small_book()[:RECORD * 600])


def _values_zeroed(path):
    data = bytearray(_small_book())
    data[RECORD - 1::RECORD] = bytes(SMALL_RECORDS)  # keys intact: every position a draw
    path.write_bytes(bytes(data))


def _values_negated(path):
    data = bytearray(_small_book())
    data[RECORD - 1::RECORD] = bytes((256 - b) % 256 for b in data[RECORD - 1::RECORD])
    path.write_bytes(bytes(data))


def _one_record_swapped(path):
    data = bytearray(_small_book())
    data[0:RECORD], data[RECORD:2 * RECORD] = data[RECORD:2 * RECORD], data[0:RECORD]
    path.write_bytes(bytes(data))


def _shuffled(path):
    data = _small_book()
    records = [data[i:i + RECORD] for i in range(0, len(data), RECORD)]
    random.Random(3).shuffle(records)
    path.write_bytes(b"".join(records))


def _impossible_values(path):
    data = bytearray(_small_book())
    data[RECORD - 1::RECORD] = bytes([120]) * SMALL_RECORDS  # a win sooner than any 12-disc position can
    path.write_bytes(bytes(data))


BAD_BOOKS = [
    (_missing, "cannot be read"),
    (_not_whole_records, "wrong size (5,003 bytes, not whole records)"),
    (_cut_at_a_record, "cut short (3,000 of 100,000 bytes)"),
    (_values_zeroed, "differs from the published file"),
    (_values_negated, "differs from the published file"),
    (_one_record_swapped, "differs from the published file"),
]


@pytest.mark.parametrize(("make", "words"), BAD_BOOKS)
def test_a_bad_book_falls_back_to_search_with_one_notice(book_at, caplog, make, words):
    book_at(make, SMALL)
    with caplog.at_level(logging.WARNING, logger="game.engine.book"):
        solvers = [Solver(table_mb=8) for _ in range(3)]
        status = book_module.book_status()
    assert not status.available and words in status.reason
    assert "searched instead" in status.reason
    assert [r.getMessage() for r in caplog.records] == [status.reason]  # said once, not per solver
    assert all(s.book is None for s in solvers)
    # the game goes on: a 10-disc position is solved by search down to the end
    moves, score = next((m, s) for m, s in read_testset("Test_L1_R1") if len(m) == 10)
    assert solvers[0].solve(Position.from_moves(moves)) == score


def test_the_small_book_itself_is_used(book_at):
    """The check that refuses the books above accepts the book they were made from."""
    book_at(lambda path: path.write_bytes(_small_book()), SMALL)
    assert book_module.book_status().available
    assert book_module.default_book().records == SMALL_RECORDS


@pytest.mark.parametrize(("make", "words"), [(_shuffled, "out of order"), (_impossible_values, "impossible")])
def test_a_published_file_that_is_no_book_is_refused_by_the_spot_checks(tmp_path, make, words):
    path = tmp_path / "book.dat"
    make(path)
    with pytest.raises(BookError, match=words):
        Book(path, published=_published(path.read_bytes()))


def test_the_digest_is_the_whole_files_not_its_size(tmp_path):
    """A file of the published size whose bytes differ anywhere is refused."""
    path = tmp_path / "book.dat"
    data = bytearray(_small_book())
    data[-1] ^= 1
    path.write_bytes(bytes(data))
    with pytest.raises(BookError, match="differs from the published file"):
        Book(path, published=SMALL)


def test_the_shipped_book_passes_the_real_check():
    """No memo, the real digests: the installed file is hashed whole and is the published one."""
    with open(book_path(), "rb") as f:
        assert hashlib.file_digest(f, "sha256").hexdigest() in book_trust.PUBLISHED
    with Book(book_path(), memo=None) as real:
        assert real.records * RECORD == next(iter(book_trust.PUBLISHED.values())).size


class _Memo:
    def __init__(self, digest=None):
        self.digest, self.recalled, self.remembered = digest, [], []

    def recall(self, identity):
        self.recalled.append(identity)
        return self.digest

    def remember(self, identity, digest):
        self.remembered.append((identity, digest))


def test_the_digest_is_computed_once_and_then_recalled(tmp_path):
    path = tmp_path / "book.dat"
    path.write_bytes(_small_book())
    memo = _Memo()
    Book(path, published=SMALL, memo=memo).close()
    (identity, digest), = memo.remembered
    assert identity.path == str(path) and identity.size == RECORD * SMALL_RECORDS
    assert digest in SMALL
    recalled = _Memo(digest)
    Book(path, published=SMALL, memo=recalled).close()
    assert recalled.recalled == [identity] and recalled.remembered == []  # not hashed again


def test_a_recalled_digest_is_still_checked(tmp_path):
    path = tmp_path / "book.dat"
    path.write_bytes(_small_book())
    with pytest.raises(BookError, match="differs from the published file"):
        Book(path, published=SMALL, memo=_Memo("0" * 64))


def test_the_real_book_opens_quickly_and_reports_its_path():
    book_module.reset_default_book()
    status = book_module.book_status()
    assert status.available and status.path is not None and status.path.endswith("book_12ply_distances.dat")


def test_a_copy_of_the_real_book_works(book_at):
    book_at(lambda path: shutil.copyfile(book_path(), path))
    assert book_module.book_status().available
    assert Solver().solve(Position.from_moves("436563241346")) == -13


def test_positions_one_disc_past_the_book_start_from_their_parents_bound():
    # the bound read from the book must never exceed the exact score (the search would then
    # return a wrong one): 13-disc positions of Begin-Easy against their known scores
    solver = Solver(table_mb=32)
    for moves, score in [(m, s) for m, s in read_testset("Test_L1_R1") if len(m) == BOOK_DISCS + 1][:6]:
        pos = Position.from_moves(moves)
        bound = solver._parents_bound(pos.current, pos.mask)
        assert bound <= score, moves
        assert solver.solve(pos) == score, moves
    # a position whose parent is a book position has a bound better than the trivial one
    pos = Position.from_moves("4365632413461")
    assert solver._parents_bound(pos.current, pos.mask) > -20


def test_the_resource_reader_finds_the_same_book_as_the_package_folder():
    """A frozen bundle or a zipped package has no folder to look in: its resource reader is used."""
    from importlib import util

    assert book_location._resource_path(util.find_spec(book_location.BOOK_PACKAGE)) == book_path()


def test_early_keys_are_the_positions_keys():
    """The table's keys are computed without building positions; pinned to Position on every
    line of the table and on random short games."""
    lines = read_testset(EARLY_FILE, folder="")
    rng = random.Random(11)
    games = [m for m, _ in lines] + ["".join(rng.choice("1234567") for _ in range(rng.randint(0, EARLY_DISCS)))
                                     for _ in range(500)]
    for moves in games:
        pos = Position.from_moves(moves)
        assert early_table.early_keys(moves) == (pos.key(), pos.mirror().key()), moves
    for bad in ("12345", "8", "0", "4a"):
        with pytest.raises(ValueError):
            early_table.early_keys(bad)

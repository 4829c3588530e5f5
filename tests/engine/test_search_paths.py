"""The solver's two search paths: compiled from ``game/engine/negamax.py`` and the plain file.

(Every test of test_solver.py runs on both paths too, through the ``search_path`` fixture.)
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import NOT_BUILT, search_module

import game.engine.solver as solver_module
from game.data import read_testset
from game.engine import negamax
from game.engine.board import CELLS, WIDTH, Position, winning_cells_mask
from game.engine.solver import Solver

ROOT = Path(__file__).resolve().parents[2]


def test_both_paths_visit_the_same_nodes(monkeypatch):
    # Compiled and plain search store the same entries in the same slots: the same node
    # count for every position, also in a table so small that slots are overwritten all the time.
    rows = read_testset("Test_L2_R1")[:15] + read_testset("Test_L3_R1")[:15]
    counts: dict[tuple[str, float], list[int]] = {}
    for path in ("plain", "compiled"):
        monkeypatch.setattr(solver_module, "search_module", search_module(path))
        for table_mb in (0.05, 16):
            s = Solver(table_mb=table_mb)
            for moves, score in rows:
                s.nodes = 0
                assert s.solve(Position.from_moves(moves)) == score
                counts.setdefault((moves, table_mb), []).append(s.nodes)
    assert all(plain == compiled for plain, compiled in counts.values()), counts
    small = sum(c[0] for (_, mb), c in counts.items() if mb == 0.05)
    large = sum(c[0] for (_, mb), c in counts.items() if mb == 16)
    assert small > large, "the small table never lost an entry: the test proves nothing"


def test_both_paths_read_the_opening_book_alike(monkeypatch):
    # The compiled search reads the book's records itself (the key, its mirror image, the binary
    # search, the value) and asks Python only for the early table: the same scores after the
    # same nodes as the plain path's look-ups, on early positions.
    rows = read_testset("Test_L1_R3")[:60]
    counts: dict[str, list[int]] = {}
    for path in ("plain", "compiled"):
        monkeypatch.setattr(solver_module, "search_module", search_module(path))
        s = Solver(table_mb=16)
        assert s.book is not None, "the opening book is not installed: nothing to compare"
        for moves, score in rows:
            s.reset()
            assert s.solve(Position.from_moves(moves)) == score, (path, moves)
            counts.setdefault(path, []).append(s.nodes)
    assert counts["compiled"] == counts["plain"]
    assert sum(counts["plain"]) > 10 * len(rows)  # searched, not all read at the root


def test_plain_path_runs_without_cython():
    # The plain file needs no Cython at run time: with ``cython`` not importable it falls back
    # to the package's shim and solves.
    code = f"""
import sys, importlib.util
sys.modules["cython"] = None  # import cython -> ImportError
import game.engine.solver as solver_module
spec = importlib.util.spec_from_file_location("game.engine._plain_negamax", {str(ROOT / "game/engine/negamax.py")!r})
module = importlib.util.module_from_spec(spec)
spec.loader.exec_module(module)
assert module.cython.__name__ == "game.engine._cython_shim" and not module.COMPILED
solver_module.search_module = module
from game.engine.board import CELLS, WIDTH, Position, winning_cells_mask
solver = solver_module.Solver(table_mb=1)
print(solver.solve(Position.from_moves("2252576253462244111563365343671351441")), solver.compiled)
"""
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert r.returncode == 0, r.stderr
    assert r.stdout.split() == ["-1", "False"]


def test_compiled_module_reports_itself():
    # ``COMPILED`` is what ``--version`` and the benchmark report: true exactly when the
    # module was loaded from a built extension.
    built = not negamax.__file__.endswith(".py")
    assert negamax.COMPILED is built, (negamax.__file__, NOT_BUILT)
    assert Solver(table_mb=1).compiled is built


def test_continuous_integration_builds_the_compiled_search():
    # CI installs as the README says, on a machine with a C compiler: the compiled path must
    # be there, or every compiled case above would be skipped unnoticed.
    if os.environ.get("CI") != "true":
        pytest.skip("only in continuous integration (CI=true)")
    assert negamax.COMPILED, NOT_BUILT


class _NoStop:
    """The limits a search is given: ``check``, which may raise to stop it, and (the compiled
    search) the node limit, stop request and deadline it checks itself."""

    node_limit = stop = deadline = None

    def check(self, nodes: int) -> None:
        pass


@pytest.mark.parametrize("path", ["compiled", "plain"])
def test_book_hook_answers_early_nodes_on_both_paths(path):
    # A node with at most ``book_discs`` discs asks the book first: an int ends the node with
    # that score, None lets the search go on. Here the "book" is an exact solver, so every
    # score stays right, and nodes past the book's depth are never visited.
    module = search_module(path)
    reference = Solver(table_mb=1)
    for moves, score in read_testset("Test_L2_R1")[:10]:
        pos = Position.from_moves(moves)
        asked = []

        def book_score(current, mask, discs, asked=asked):
            asked.append(discs)
            child = Position(current, mask, discs)
            return reference.solve(child) if discs == pos.moves + 1 else None

        opp_win = winning_cells_mask(pos.current ^ pos.mask, pos.mask)
        for book_discs in (pos.moves + 1, -1):
            negamax, nodes, _ = module.build_search(_NoStop(), module.new_table(4093), {}, 256,
                                                 book_discs, book_score if book_discs >= 0 else None)
            assert negamax(pos.current, pos.mask, pos.moves, opp_win, -CELLS, CELLS) == score, moves
            if book_discs >= 0:
                assert set(asked) <= {pos.moves, pos.moves + 1} and asked, asked
                assert nodes() <= 1 + WIDTH  # the root and its children, all read from the book

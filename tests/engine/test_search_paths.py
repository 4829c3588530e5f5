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
from game.engine.board import Position
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
from game.engine.board import Position
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

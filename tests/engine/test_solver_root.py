"""The exact solver's root: compiled (``negamax._Core.solve_root``) and in Python (``Solver``), and
the solver's memory: a dropped solver's table is freed at once, without the cycle collector."""

from __future__ import annotations

import gc
import weakref

import pytest
from conftest import NOT_BUILT, search_module

import game.engine.solver as solver_module
from game.data import read_testset
from game.engine import negamax
from game.engine.board import Position
from game.engine.solver import Partial, SearchCancelled, Solver


class _StopAfter:
    """A stop object that turns on at the search's n-th look at it (every 2048 nodes)."""

    def __init__(self, looks: int) -> None:
        self.left = looks

    def is_set(self) -> bool:
        self.left -= 1
        return self.left < 0


def _python_root(solver: Solver) -> Solver:
    solver._root = None  # the compiled nodes under the Python root
    return solver


def _run(solver: Solver, pos: Position, score: int, how: str, looks: int | None):
    """What a call leaves behind: its answer (or the exception), the nodes and ``partial``."""
    stop = None if looks is None else _StopAfter(looks)
    solver.reset()
    try:
        if how == "solve":
            answer = solver.solve(pos, stop=stop)
        elif how == "climb":
            answer = solver.best_move(pos, stop=stop, first=pos.moves % 7)
        else:
            answer = solver.best_move(pos, stop=stop, climb=False, known=Partial(score - 1, score + 2, None))
    except (SearchCancelled, ValueError) as exc:
        answer = type(exc).__name__
    return answer, solver.nodes, solver.partial


@pytest.mark.parametrize("how", ["solve", "climb", "known"])
def test_the_compiled_root_takes_the_python_roots_steps(how):
    # The same tests of the same medians in the same order, with the same node shares: the same
    # answer, nodes and proved bounds, finished or stopped part-way, with the book's positions
    # past its hooks and without a book.
    if not negamax.COMPILED:
        pytest.skip(NOT_BUILT)
    rows = read_testset("Test_L2_R2")[:6] + read_testset("Test_L2_R1")[:12] + read_testset("Test_L3_R1")[:12]
    rows += [("4453", -2), ("4", -1), ("26354", -2)]  # hooks at the root: the Python root for both
    compared = cut = 0
    for book in ("default", None):
        compiled, plain = Solver(table_mb=8, book=book), _python_root(Solver(table_mb=8, book=book))
        assert compiled._root is not None  # the compiled root is there to take the positions past the hooks
        for moves, score in rows:
            pos = Position.from_moves(moves)
            for looks in (None, 0, 3):
                got, expected = _run(compiled, pos, score, how, looks), _run(plain, pos, score, how, looks)
                assert got == expected, (moves, how, looks)
                compared += 1
                cut += got[0] == "SearchCancelled"
    assert compared == 2 * 3 * len(rows) and cut >= 12  # some searches were stopped part-way


def test_the_compiled_root_shows_its_bounds_while_it_runs():
    # A stop object asked during the search (the analyser's progress line) reads the bounds
    # proved so far from ``partial``, on the compiled root as on the Python one.
    if not negamax.COMPILED:
        pytest.skip(NOT_BUILT)
    pos = Position.from_moves("175156173267761")  # Middle-Medium, exact score 2 (column 2)
    seen: dict[str, list[Partial]] = {}
    for name, solver in (("compiled", Solver()), ("python", _python_root(Solver()))):
        assert name == "python" or solver._root is not None
        watched = seen[name] = []

        class Watch:
            def is_set(self, solver=solver, watched=watched) -> bool:
                if not watched or watched[-1] != solver.partial:
                    watched.append(solver.partial)
                return False

        assert solver.best_move(pos, stop=Watch()) == (1, 2)
    assert seen["compiled"] == seen["python"] and len(seen["python"]) > 1, seen


@pytest.mark.parametrize("path", ["compiled", "plain"])
def test_a_dropped_solver_is_freed_without_the_collector(monkeypatch, path):
    # The search holds the solver's limits, not the solver: nothing points back, so dropping the
    # last reference frees the solver and its table at once, with the cycle collector off.
    monkeypatch.setattr(solver_module, "search_module", search_module(path))
    gc.collect()
    gc.disable()
    try:
        solver = Solver(table_mb=1)
        assert solver.solve(Position.from_moves(read_testset("Test_L2_R1")[0][0])) is not None
        alive = weakref.ref(solver)
        del solver
        assert alive() is None
    finally:
        gc.enable()

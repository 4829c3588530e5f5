"""The practice wing's solvers come from the engine service: one per thread, never shared."""

from __future__ import annotations

import ast
import threading
from pathlib import Path

from game.engine.board import Position, parse_moves
from game.service.proving import Provers

TRAINING = Path(__file__).resolve().parents[2] / "game" / "training"


def test_each_thread_name_has_its_own_solver_kept_for_its_next_job():
    provers = Provers(1)
    files, refuter = provers.solver("files"), provers.solver("refuter")
    assert files is not refuter and provers.solver("files") is files
    pos = Position()
    for col in parse_moves("4453"):
        pos = pos.play(col)
    assert files.solve(pos) == refuter.solve(pos)


def test_threads_asking_at_once_for_one_name_get_one_solver():
    provers = Provers(1)
    got = []
    threads = [threading.Thread(target=lambda: got.append(provers.solver("files"))) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(10)
    assert len(got) == 8 and len({id(solver) for solver in got}) == 1


def test_the_practice_wing_makes_no_solver_of_its_own():
    made = [f"{path.name}:{node.lineno}" for path in sorted(TRAINING.glob("*.py"))
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "Solver"]
    assert not made

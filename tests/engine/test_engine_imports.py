"""The engine imports and runs without pygame: no pygame import anywhere in it.

Each check runs in a fresh interpreter whose import system refuses ``pygame`` outright, so
it fails whether or not pygame-ce is installed on the machine.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

BLOCKER = """
import sys
class _NoPygame:
    def find_spec(self, name, path=None, target=None):
        if name == "pygame" or name.startswith("pygame.") or name == "pygame_ce":
            raise ImportError(f"blocked import of {name!r}: the engine must not need pygame")
        return None
sys.meta_path.insert(0, _NoPygame())
"""


def run_blocked(code: str, stdin: str = "") -> subprocess.CompletedProcess:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    return subprocess.run(
        [sys.executable, "-c", BLOCKER + code],
        input=stdin, capture_output=True, text=True, cwd=ROOT, env=env, timeout=120,
    )


def test_blocker_really_blocks_pygame():
    # Guard against a blocker that silently lets pygame through.
    r = run_blocked("import pygame")
    assert r.returncode != 0 and "blocked import" in r.stderr


ENGINE = ["game.engine.board", "game.engine.heuristics", "game.engine.search", "game.engine.solver", "game.tools.analyze", "game.tools.bench",
          "game.engine.explain", "game.engine.principal", "game.engine.verdicts", "game.engine.threats", "game.tools.review",
          # the contract's other pygame-free modules
          "game.config.load", "game.store.savefile", "game.store.autosave", "game.model", "game.service.worker", "game.tools.arena",
          "game.engine.drills", "game.engine.only_moves", "game.training.schedule", "game.training.puzzle_set",
          "game.tools.practice", "game.tools.puzzles"]


@pytest.mark.parametrize("module", ENGINE)
def test_engine_module_imports_without_pygame(module):
    r = run_blocked(
        f"import {module}\n"
        "bad = [m for m in sys.modules if m == 'pygame' or m.startswith('pygame.')]\n"
        "assert not bad, bad\n"
        "print('ok')\n"
    )
    assert r.returncode == 0 and r.stdout.strip() == "ok", r.stderr


def test_all_engine_modules_together_and_a_search_runs():
    r = run_blocked(
        "import game.engine.board, game.engine.heuristics, game.engine.search, game.engine.solver, game.tools.analyze\n"
        "from game.engine.board import Position\n"
        "from game.engine.search import Searcher, SearchConfig\n"
        "from game.engine.solver import Solver\n"
        "p = Position.from_moves('2252576253462244111563365343671351441')\n"
        "assert Solver().solve(p) == -1\n"
        "print(Searcher(SearchConfig(depth=4, heuristic='window')).search(Position()).move)\n"
    )
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() in {str(c) for c in range(7)}


def test_analyze_tool_runs_without_pygame():
    r = run_blocked(
        "import runpy\n"
        "sys.argv = ['game.tools.analyze']\n"
        "runpy.run_module('game.tools.analyze', run_name='__main__')\n",
        stdin="2252576253462244111563365343671351441\n",
    )
    assert r.returncode == 0, r.stderr
    assert r.stdout.split()[:2] == ["2252576253462244111563365343671351441", "-1"]

"""``python -m game.bench``: which paths it measures, and the Begin-Hard set it ships with."""

from __future__ import annotations

import pytest

import game.engine.search as search_module
import game.engine.solver as solver_module
from game.engine import alphabeta, negamax
from game.tools import bench


def test_the_begin_hard_set_is_solved_by_default_and_the_paths_are_named(capfd):
    assert ("Test_L1_R3", "Begin-Hard", 100) in bench.TEST_SETS
    assert bench.main(["--exact-only", "--sets", "Test_L1_R3", "--limit", "3"]) == 0
    out = capfd.readouterr().out
    compiled = {True: "compiled", False: "plain Python"}
    assert (f"exact solver: {compiled[negamax.COMPILED]}; depth search: {compiled[alphabeta.COMPILED]}"
            in out.splitlines()[0])
    assert "| Begin-Hard (Test_L1_R3) | 3 | 0 |" in out


def test_plain_makes_both_searches_plain(monkeypatch, capfd):
    monkeypatch.setattr(solver_module, "search_module", solver_module.search_module)
    monkeypatch.setattr(search_module, "core_module", search_module.core_module)
    assert bench.main(["--search-only", "--plain", "--heuristics", "window", "--depths", "2",
                       "--baseline-max-depth", "1"]) == 0
    out = capfd.readouterr().out
    assert "exact solver: plain Python; depth search: plain Python" in out.splitlines()[0]
    assert "Heuristic search, plain Python," in out
    assert not solver_module.search_module.COMPILED and not search_module.core_module.COMPILED


@pytest.mark.parametrize("name", ["Test_L1_R3"])
def test_the_shipped_set_is_the_public_one(name):
    rows = bench.read_set(bench.data_dir() / name, 10_000)
    assert len(rows) == 1000 and all(1 <= len(moves) <= 13 for moves, _ in rows)  # early positions


def test_kept_solves_a_set_with_one_table(capfd):
    # The table kept from position to position (as in a game) gets every score right too, and
    # the table says which way it was measured.
    for option in ([], ["--kept"]):
        assert bench.main(["--exact-only", "--sets", "Test_L2_R1", "--limit", "40", *option]) == 0
        out = capfd.readouterr().out
        assert ("one new table per set, kept between its positions" in out) == bool(option)
        assert ("fresh table per position" in out) != bool(option)
        assert "| Middle-Easy (Test_L2_R1) | 40 | 0 |" in out

"""``python -m game.bench --ui`` starts the window's benchmark from the entry, not from the tools."""

from __future__ import annotations

import pytest

import game.bench
from game.tools import bench as tools_bench


def test_the_entry_starts_the_ui_benchmark_with_the_other_arguments(monkeypatch):
    from game.ui import bench_ui  # here: the test replaces the benchmark's body

    seen = []
    monkeypatch.setattr(bench_ui, "main", lambda argv: seen.append(argv) or 0)
    assert game.bench.main(["--depth", "4", "--ui", "--seconds", "1"]) == 0
    assert seen == [["--depth", "4", "--seconds", "1"]]


def test_the_tools_bench_leaves_the_ui_benchmark_to_the_entry(capsys):
    with pytest.raises(SystemExit) as exc:
        tools_bench.main(["--ui"])
    assert exc.value.code == 2 and "python -m game.bench --ui" in capsys.readouterr().err

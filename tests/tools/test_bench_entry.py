"""``python -m game.bench --ui`` starts the window's benchmark from the entry, not from the tools."""

from __future__ import annotations

import subprocess
import sys
import time

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


@pytest.mark.parametrize("worker", ["thread", "process"])
def test_the_ui_benchmark_measures_frames_memory_and_the_first_answer_on_either_worker(connect4_home, worker):
    from game.ui import bench_ui

    stats = bench_ui.measure(2, seconds=0.3, player="ai:3:window", worker=worker)
    assert stats.frames >= 2 and stats.seconds >= 0.3
    assert stats.in_process is (worker == "process")
    assert stats.first_answer is not None and stats.first_answer > 0
    assert stats.rss_mb is not None and stats.rss_mb > 0
    assert "resident memory" in stats.report("t") and "first request answered" in stats.report("t")


def test_resident_memory_counts_the_children_too():
    from game.ui.bench_ui import resident_mb

    alone = resident_mb()
    child = subprocess.Popen([sys.executable, "-c", "import sys; x = bytearray(64 << 20); sys.stdin.read()"],
                             stdin=subprocess.PIPE)
    try:
        give_up = time.monotonic() + 60  # only stops a broken test from hanging
        while resident_mb(child.pid) < 64 and time.monotonic() < give_up:
            time.sleep(0.05)
        assert resident_mb() > alone + 60  # the child's 64 MB are in the total
    finally:
        child.communicate(b"")


def test_a_thread_that_ends_while_memory_is_read_is_skipped_not_a_failure(monkeypatch):
    """The search thread may end between the listing of this process's threads and the reading of
    its children: that thread is skipped, and the memory is still measured."""
    import os

    from game.ui import bench_ui

    real = os.listdir

    def listing(path):
        names = real(path)
        return [*names, "999999999"] if str(path).endswith("/task") else names   # a thread gone meanwhile

    monkeypatch.setattr(bench_ui.os, "listdir", listing)
    measured = bench_ui.resident_mb()
    assert measured is not None and measured > 0

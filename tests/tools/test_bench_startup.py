"""``python -m game.bench --startup`` times whole processes: each command of each interpreter,
alternating, and a reference solver fed the same position."""

from __future__ import annotations

import io
import sys

import game.bench
from game.tools import bench_startup


def test_the_entry_starts_the_startup_benchmark_with_the_other_arguments(monkeypatch):
    seen = []
    monkeypatch.setattr(bench_startup, "main", lambda argv: seen.append(argv) or 0)
    assert game.bench.main(["--runs", "2", "--startup"]) == 0
    assert seen == [["--runs", "2"]]


def test_every_command_runs_and_is_reported(connect4_home):
    reference = [sys.executable, "-c", "import sys; assert sys.stdin.read().split() == [sys.argv[1]]",
                 bench_startup.position()]
    out = io.StringIO()
    bench_startup.measure([sys.executable], reference, runs=1, out=out)
    rows = [line for line in out.getvalue().splitlines() if line.startswith(f"| {sys.executable} |")]
    assert [row.split(" | ")[1] for row in rows] == ["python -c pass", "analyze", "--version", "first window"]
    assert "| reference |" in out.getvalue()


def test_a_command_that_fails_is_one_line_and_status_1(connect4_home, capsys):
    failing = f"{sys.executable} -c 'import sys; sys.exit(\"first\\nlast\\x1b[2J\")'"
    assert bench_startup.main(["--runs", "1", "--reference", failing]) == 1
    err = capsys.readouterr().err
    assert err.startswith("python -m game.bench --startup: ") and "failed (1): " in err
    assert err.count("\n") == 1 and "\x1b" not in err and "last" in err  # its last line, escaped


def test_a_reference_that_cannot_start_is_one_line_and_status_1(connect4_home, capsys, tmp_path):
    missing = tmp_path / "no\x1bsolver"
    assert bench_startup.main(["--runs", "1", "--reference", str(missing)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("python -m game.bench --startup: ") and err.count("\n") == 1 and "\x1b" not in err

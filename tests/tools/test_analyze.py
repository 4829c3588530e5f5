"""`python -m game.analyze` as a user runs it (subprocess, stdin -> stdout/stderr, exit code).

The contract: default exact solve printing `<moves> <score> <best column 1-7> <nodes>
<microseconds>`; `--depth N`, `--heuristic window|scoremap`; `--columns` printing
`<moves> s1..s7` with `x` for a full column; a bad line -> a clear message on stderr naming
the line, the line skipped, exit status 1; an empty line is the empty board; and the habits
of a Unix filter (bounded reading, quiet on a closed pipe, one line per failure).
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from game.engine.board import Position
from game.data import ANALYSIS_DIR, read_testset
from game.engine.solver import Solver
from game.tools.move_input import MAX_LINE_BYTES

ROOT = Path(__file__).resolve().parents[2]


_HOME = tempfile.mkdtemp(prefix="connect4-analyze-test-")  # no user config can leak in


def analyze(*args: str, stdin: str, timeout: float = 300) -> subprocess.CompletedProcess:
    """Run the tool; ``timeout`` only ends a run that hangs (it is no measure of speed)."""
    env = dict(os.environ)
    env["CONNECT4_HOME"] = _HOME
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    return subprocess.run([sys.executable, "-m", "game.analyze", *args], input=stdin,
                          capture_output=True, text=True, cwd=ROOT, env=env, timeout=timeout)


def first_lines(name: str, n: int) -> list[tuple[str, int]]:
    return read_testset(name)[:n]


def no_traceback(r: subprocess.CompletedProcess) -> None:
    assert "Traceback" not in r.stderr, r.stderr


def test_default_is_exact_with_five_fields():
    rows = first_lines("Test_L3_R1", 6) + first_lines("Test_L2_R1", 4)
    # plain move strings, and benchmark lines with the score after the moves
    stdin = "".join(f"{m}\n" if i % 2 else f"{m} {s}\n" for i, (m, s) in enumerate(rows))
    r = analyze(stdin=stdin)
    no_traceback(r)
    assert r.returncode == 0, r.stderr
    out = r.stdout.splitlines()
    assert len(out) == len(rows)
    solver = Solver()
    for (moves, score), line in zip(rows, out):
        fields = line.split()
        assert len(fields) == 5, line
        assert fields[0] == moves
        assert int(fields[1]) == score, line
        col = int(fields[2])
        assert 1 <= col <= 7
        pos = Position.from_moves(moves)
        # the printed best column really achieves the score
        assert solver.column_scores(pos)[col - 1] == score, line
        assert int(fields[3]) >= 0 and int(fields[4]) >= 0


def test_depth_search_output():
    # "717263": the side to move must block column 4; "443454": columns 2 and 6 win at once.
    r = analyze("--depth", "4", stdin="717263\n443454\n4453\n")
    no_traceback(r)
    assert r.returncode == 0, r.stderr
    block, win, opening = (line.split() for line in r.stdout.splitlines())
    assert len(block) == len(win) == len(opening) == 5
    assert block[0] == "717263" and block[2] == "4"
    assert win[0] == "443454" and win[2] in {"2", "6"} and float(win[1]) == 22 - 4
    assert -1 < float(opening[1]) < 1 and 1 <= int(opening[2]) <= 7


def test_heuristic_option_changes_the_evaluation():
    outs = {}
    for h in ("window", "scoremap"):
        r = analyze("--depth", "3", "--heuristic", h, stdin="4453\n4\n")
        no_traceback(r)
        assert r.returncode == 0, r.stderr
        outs[h] = [line.split() for line in r.stdout.splitlines()]
        assert all(len(f) == 5 and -1 < float(f[1]) < 1 for f in outs[h])
    assert [f[1] for f in outs["window"]] != [f[1] for f in outs["scoremap"]]


def test_depth_changes_the_search():
    shallow = analyze("--depth", "2", stdin="4453\n").stdout.split()
    deep = analyze("--depth", "6", stdin="4453\n").stdout.split()
    assert int(deep[3]) > int(shallow[3])  # more nodes at depth 6 than at depth 2


def test_columns_match_reference_analysis():
    # Early positions (with full columns among them) whose every column the solver proves in
    # seconds; most early positions take minutes in Python.
    sample = ("737534232264", "76325166734314", "22523567532", "27164442432572", "6165621512444",
              "7556555542416", "621151271121")
    analysed = {line.split()[0]: line for name in ("begin_easy_100.txt", "begin_medium_100.txt")
                for line in (ANALYSIS_DIR / name).read_text().splitlines()}
    lines = [analysed[moves] for moves in sample]
    r = analyze("--columns", stdin="".join(moves + "\n" for moves in sample), timeout=600)
    no_traceback(r)
    assert r.returncode == 0, r.stderr
    got = r.stdout.splitlines()
    assert [g.split() for g in got] == [line.split() for line in lines]
    assert any(" x" in g for g in got)  # full columns are printed as x


def test_columns_on_end_position_with_full_columns_and_a_win_at_once():
    # "443454": columns 2 and 6 win at once -> the win score 22 - 4 = 18 in those columns.
    r = analyze("--columns", stdin="443454\n2252576253462244111563365343671351441\n")
    no_traceback(r)
    first, second = (line.split() for line in r.stdout.splitlines())
    assert first[0] == "443454" and first[2] == first[6] == "18" and len(first) == 8
    pos = Position.from_moves(second[0])
    expected = ["x" if s is None else str(s) for s in Solver().column_scores(pos)]
    assert second[1:] == expected and "x" in expected


def test_bad_lines_are_reported_skipped_and_fail_the_run():
    good1, good2 = first_lines("Test_L3_R1", 2)
    stdin = "\n".join([
        good1[0],          # line 1 ok
        "12a4",            # line 2: bad character
        "1111111",         # line 3: seventh disc in a full column
        "12121212",        # line 4: move after Red's four
        "1212121",         # line 5: game already over
        "4459",            # line 6: 9 is not a column
        good2[0],          # line 7 ok
    ]) + "\n"
    r = analyze(stdin=stdin)
    no_traceback(r)
    assert r.returncode == 1
    out = r.stdout.splitlines()
    assert [line.split()[0] for line in out] == [good1[0], good2[0]]
    assert [int(line.split()[1]) for line in out] == [good1[1], good2[1]]
    err = [line for line in r.stderr.splitlines() if line.strip() and not line.startswith("config:")]
    assert len(err) == 5, r.stderr
    for number, text, word in ((2, "12a4", "a"), (3, "1111111", "full"), (4, "12121212", "over"),
                               (5, "1212121", "over"), (6, "4459", "9")):
        matching = [e for e in err if f"line {number}" in e.lower()]
        assert len(matching) == 1, (number, r.stderr)
        assert text in matching[0] and word in matching[0].lower(), matching[0]


def test_bad_line_in_columns_and_depth_modes():
    for args in (["--columns"], ["--depth", "3"]):
        r = analyze(*args, stdin="2252576253462244111563365343671351441\nxyz\n")
        no_traceback(r)
        assert r.returncode == 1
        assert len(r.stdout.splitlines()) == 1
        assert "line 2" in r.stderr.lower() and "xyz" in r.stderr


@pytest.mark.parametrize("args", [["--depth", "0"], ["--depth", "abc"], ["--depth", "43"],
                                  ["--heuristic", "nonsense", "--depth", "3"], ["--time", "-1"]])
def test_bad_options_give_a_usage_error(args):
    r = analyze(*args, stdin="4453\n")
    no_traceback(r)
    assert r.returncode == 2 and r.stdout == ""
    assert "usage" in r.stderr.lower() and "error" in r.stderr.lower()


def test_time_budget_options():
    # Depth search with a budget: iterative deepening stops, the line is still answered.
    r = analyze("--depth", "30", "--time", "0.3", stdin="4\n")
    no_traceback(r)
    assert r.returncode == 0 and r.stdout.split()[:1] == ["4"], r.stderr
    # Exact solve of a 13-disc position (past the opening book, seconds of search) with a tiny
    # budget: it gives up on that line, says so on stderr naming the line, and the run fails;
    # the next line is still analysed.
    r = analyze("--time", "0.05", stdin="2541266355551\n2252576253462244111563365343671351441\n")
    no_traceback(r)
    assert r.returncode == 1
    assert "line 1" in r.stderr.lower()
    assert r.stdout.split()[:2] == ["2252576253462244111563365343671351441", "-1"]


def test_columns_with_depth_search():
    # "717263": only column 4 (1-based) stops Yellow's bottom-row four; every other column
    # loses at once to Yellow's 4th disc: -(22 - 4) = -18.
    # "443454": columns 2 and 6 win at once (18); column 4 blocks Yellow's column-4 stack and
    # keeps Red's double threat, so Red wins with its 5th disc (22 - 5 = 17); any other move
    # lets Yellow complete the stack with its 4th disc (-18).
    r = analyze("--columns", "--depth", "4", stdin="717263\n443454\n")
    no_traceback(r)
    assert r.returncode == 0, r.stderr
    block, win = (line.split() for line in r.stdout.splitlines())
    assert block[0] == "717263" and len(block) == 8
    assert [block[i] for i in (1, 2, 3, 5, 6, 7)] == ["-18"] * 6
    assert -1 < float(block[4]) < 1
    assert win == ["443454", "-18", "18", "-18", "17", "-18", "18", "-18"]


def test_level_option():
    # Level names are case-insensitive; "Master" plays perfectly when the solver can finish.
    r = analyze("--level", "MASTER", stdin="2252576253462244111563365343671351441\n717263\n")
    no_traceback(r)
    assert r.returncode == 0, r.stderr
    solved, block = (line.split() for line in r.stdout.splitlines())
    assert solved[:2] == ["2252576253462244111563365343671351441", "-1"]
    assert block[0] == "717263" and block[2] == "4"
    r = analyze("--level", "nosuch", stdin="4453\n")
    no_traceback(r)
    assert r.returncode == 2 and "nosuch" in r.stderr and "Master" in r.stderr


def test_columns_with_depth_do_not_invent_losses_next_to_an_immediate_win():
    # "273746": Red (1,0),(2,0),(3,0) wins at once in column 1 or 5 (1-based): 22 - 4 = 18.
    # Any other Red move keeps both ends open, so Yellow can block only one: Red still wins
    # with its 5th disc (17, per the exact solver). A depth search may estimate those columns
    # (|s| < 1) or prove 17, but must not print them as proven losses.
    r = analyze("--columns", "--depth", "4", stdin="273746\n")
    no_traceback(r)
    fields = r.stdout.split()
    assert fields[0] == "273746" and fields[1] == fields[5] == "18"
    exact = analyze("--columns", stdin="273746\n").stdout.split()
    assert exact == ["273746", "18", "17", "17", "17", "18", "17", "17"]
    for col in (2, 3, 4, 6, 7):
        s = float(fields[col])
        assert -1 < s < 1 or s == 17, (col, fields)


# --- a well-kept Unix filter ------------------------------------------------------------------


def run_in_process(data: bytes, *, columns: bool = False, clock=None, depth: int | None = None):
    import io

    from game.engine.search import SearchConfig
    from game.tools import analyze as tool

    out, err = io.StringIO(), io.StringIO()
    config = SearchConfig(depth=depth, heuristic="window") if depth else SearchConfig(depth=None)
    kwargs = {"clock": clock} if clock else {}
    status = tool.run(io.BytesIO(data), out, err, config, columns, **kwargs)
    return status, out.getvalue(), err.getvalue()


def test_an_empty_line_is_the_empty_board():
    status, out, err = run_in_process(b"\n   \n", depth=2)
    assert status == 0, err
    lines = out.splitlines()
    assert len(lines) == 2 and all(line.startswith(" ") and len(line.split()) == 4 for line in lines)
    assert all(line.split()[1] == "4" for line in lines)  # the depth-2 search opens in the centre
    r = analyze("--time", "0.05", stdin="\n")  # exact: the opening book answers at once
    no_traceback(r)
    assert r.returncode == 0 and r.stdout.startswith(" ") and r.stdout.split()[:2] == ["1", "4"], r.stderr
    r = analyze("--columns", "--time", "0.05", stdin="\n")
    assert r.stdout == " -2 -1 0 1 0 -1 -2\n", r.stderr


def test_a_long_exact_solve_reports_progress_with_the_proved_interval():
    ticks = iter(range(10**9))
    moves = "6614446666373154"  # about 40,000 positions: the solver looks at its stop flag ~20 times
    status, out, err = run_in_process(f"{moves}\n".encode(), clock=lambda: float(next(ticks)))
    assert status == 0 and out.split()[:2] == [moves, "-4"]
    reports = err.splitlines()
    assert reports, "no progress report"
    for report in reports:
        assert report.startswith(f"line 1: {moves}: still solving, ") and "positions in" in report
        lower, upper = map(int, report.split("score proved between ")[1].split(" (")[0].split(" and "))
        assert lower <= -4 <= upper  # every interval reported contains the true score
    status, out, err = run_in_process(f"{moves}\n".encode(), clock=lambda: 0.0)
    assert status == 0 and err == ""  # a quick solve says nothing


def test_progress_in_columns_mode_reports_positions_only():
    ticks = iter(range(10**9))
    status, out, err = run_in_process(b"6614446666373154\n", columns=True, clock=lambda: float(next(ticks)))
    assert status == 0 and err and all("still solving" in e and "score" not in e for e in err.splitlines())


def test_long_lines_are_refused_unread_and_not_echoed():
    good = "4453"
    data = ("7" * (MAX_LINE_BYTES + 1) + "\n" + good + "\n" + "1" * 3_000_000 + "\n" + good).encode()
    status, out, err = run_in_process(data, depth=2)
    assert status == 1
    assert [line.split()[0] for line in out.splitlines()] == [good, good]
    assert [e.split(":")[0] for e in err.splitlines()] == ["line 1", "line 3"]
    assert len(err) < 400 and "777" not in err and "111" not in err


def test_a_line_of_exactly_the_limit_is_read(monkeypatch):
    from game.tools import move_input as lines

    monkeypatch.setattr(lines, "CHUNK_BYTES", 7)  # lines cut across many chunks
    line = "4453" + " " * (MAX_LINE_BYTES - 4)
    status, out, err = run_in_process((line + "\n" + line).encode(), depth=2)
    assert status == 0 and len(out.splitlines()) == 2, err


def test_reading_is_bounded_whatever_the_input():
    from game.tools import move_input as tool

    class Endless:
        """An input that never ends and has no line break (like /dev/zero without the NULs)."""

        def __init__(self):
            self.handed = 0
            self.largest = 0

        def read1(self, n):
            self.largest = max(self.largest, n)
            self.handed += n
            if self.handed > 50 * tool.CHUNK_BYTES:
                return b""
            return b"4" * n

    source = Endless()
    for number, text, problem in tool.read_lines(source):
        assert text is None and "longer than" in problem
    assert source.largest <= tool.CHUNK_BYTES


def test_binary_input_stops_the_run():
    status, out, err = run_in_process(b"4453\n44\x0053\n4\n", depth=2)
    assert status == 1 and out.split()[:1] == ["4453"]
    assert err.splitlines() == ["python -m game.analyze: line 2: binary data (a NUL byte), not move strings; stopping"]


def run_shell(command: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, CONNECT4_HOME=_HOME, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""),
               PY=sys.executable)
    return subprocess.run(["bash", "-c", command], capture_output=True, text=True, cwd=ROOT, env=env, timeout=300)


def test_a_closed_pipe_ends_quietly():
    r = run_shell('set -o pipefail; yes 4 | head -2000 | "$PY" -m game.analyze --depth 1 | head -1; '
                  'echo "status ${PIPESTATUS[2]}"')
    assert r.stdout.splitlines()[0].split()[0] == "4"
    assert r.stdout.splitlines()[-1] == "status 141"
    assert r.stderr == ""


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full here")
def test_a_full_disk_is_one_line_and_status_1():
    r = run_shell('echo 4453 | "$PY" -m game.analyze --depth 1 > /dev/full')
    assert r.returncode == 1
    assert r.stderr.splitlines() == ["python -m game.analyze: cannot write the results: no space left on device"]


def test_non_utf8_input_under_a_strict_locale():
    r = run_shell('printf "44\\xff53\\n4453\\n" | PYTHONIOENCODING=utf-8:strict "$PY" -m game.analyze --depth 1')
    no_traceback(r)
    assert r.returncode == 1 and r.stdout.split()[:1] == ["4453"]
    assert r.stderr.splitlines() == ["line 1: byte 0xff at column 3 is not a move (moves are the digits 1-7); skipped"]


@pytest.mark.parametrize("redirect,which", [("<&-", "input"), (">&-", "output")])
def test_a_closed_standard_stream(redirect, which):
    r = run_shell(f'echo 4453 | "$PY" -m game.analyze --depth 1 {redirect}')
    assert r.returncode == 1
    assert r.stderr.splitlines() == [f"python -m game.analyze: standard {which} is closed; nothing to analyse"]


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero here")
def test_dev_zero_is_refused_at_once():
    r = run_shell('"$PY" -m game.analyze --depth 1 < /dev/zero')
    assert r.returncode == 1 and "binary data" in r.stderr and len(r.stderr.splitlines()) == 1


def test_analyze_with_a_deep_config_is_one_problem(tmp_path):
    config = tmp_path / "deep.toml"
    config.write_text("[" + ".".join(["a"] * 400) + "]\n")
    r = analyze("--config", str(config), "--depth", "2", stdin="4453\n")
    no_traceback(r)
    assert r.returncode == 0 and r.stdout.split()[:1] == ["4453"]
    assert len(r.stderr.splitlines()) == 1 and "nested 400 deep" in r.stderr

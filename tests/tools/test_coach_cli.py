"""``python -m game.coach``: one JSON object of what H (or W on a column) says, from the same code
the window asks; bad input is one escaped, bounded line on stderr and exit status 2."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from game.words.coach_says import advice_json
from game.engine.board import Position
from game.engine.coaching import advise
from game.engine.solver import Solver
from game.tools import coach


def run_main(argv, capsys):
    status = coach.main(argv)
    out, err = capsys.readouterr()
    return status, out, err


def test_the_hint_after_4444_is_one_object_with_the_window_s_words(capsys):
    status, out, err = run_main(["4444"], capsys)
    assert status == 0 and out.count("\n") == 1
    got = json.loads(out)
    assert set(got) == {"column", "value", "text", "cells"}
    assert got == advice_json(advise(Position.from_moves("4444"), Solver(table_mb=8)))
    assert got["text"].startswith("Column 4: ") and "move 21" not in got["text"]


def test_why_on_a_column_names_it_and_rings_the_threat_it_leaves_open(capsys):
    status, out, _ = run_main(["4137524", "--column", "4"], capsys)
    got = json.loads(out)
    assert status == 0 and got["column"] == 4 and got["cells"] == [[6, 1]]
    assert got["value"] == "a loss for Yellow: Red wins at once"


@pytest.mark.parametrize("argv, words", [
    (["1212121"], "the game is already over"),
    (["4444444"], "column 4 is full"),
    (["444444", "--column", "4"], "column 4 is full"),
    (["12x"], "'x' is not a column"),
    (["1\x1b[2J"], "\\x1b"),
    (["1" * 5000], "too long"),
])
def test_bad_moves_exit_2_with_one_escaped_bounded_line(argv, words, capsys):
    status, out, err = run_main(argv, capsys)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and words in err and err.isprintable() is False  # only the newline
    assert err.rstrip("\n").isprintable() and len(err) < 400


@pytest.mark.parametrize("column", ["0", "8", "x", "1e9"])
def test_a_column_out_of_range_exits_2(column, capsys):
    with pytest.raises(SystemExit) as exit_:
        coach.main(["44", "--column", column])
    assert exit_.value.code == 2


def test_the_module_runs_as_python_dash_m_game_coach():
    done = subprocess.run([sys.executable, "-m", "game.coach", "4137524", "--column", "6"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["text"] == ("Column 6: a loss for Yellow: Red wins in 6 moves. It blocks Red's four "
                                               "at column 6, bottom row.")

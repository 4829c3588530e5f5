"""A bad move string on a tool's input is said in the user's language: the engine's facts worded
by ``game.words``, the move string itself echoed as it was typed."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run(module: str, *args: str, language: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "LANGUAGE": language,
           "CONNECT4_HOME": tempfile.mkdtemp(prefix="c4-move-errors-")}
    return subprocess.run([sys.executable, "-m", module, *args], input=stdin, capture_output=True, text=True,
                          env=env, cwd=tempfile.mkdtemp(prefix="c4-move-errors-"), timeout=120)


def test_analyze_says_an_illegal_line_in_german():
    result = run("game.analyze", "--depth", "2", language="de", stdin="44x\n4444444\n4453\n")
    assert result.returncode == 1 and result.stdout.split()[0] == "4453"
    assert result.stderr.splitlines() == [
        "Zeile 1: 44x: Zug 3: 'x' ist keine Spalte; eine Zugfolge besteht nur aus den Ziffern 1-7",
        "Zeile 2: 4444444: Zug 7: Spalte 4 ist voll"]


def test_analyze_says_an_illegal_line_in_french():
    result = run("game.analyze", "--depth", "2", language="fr", stdin="4444444\n")
    assert result.returncode == 1
    assert "coup 7 : la colonne 4 est pleine" in result.stderr and "is full" not in result.stderr


def test_coach_says_a_full_column_in_german():
    result = run("game.coach", "444444", "--column", "4", language="de")
    assert result.returncode == 2 and "Spalte 4 ist voll" in result.stderr and "is full" not in result.stderr

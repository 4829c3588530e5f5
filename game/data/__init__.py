"""Reference data shipped with the game (installed as ``game.data``).

- ``testsets/``: the public Connect Four benchmark sets, ``<moves> <exact score>`` per line
  (Test_L3_R1 End-Easy, Test_L2_R1 Middle-Easy, Test_L2_R2 Middle-Medium, Test_L1_R1 Begin-Easy,
  Test_L1_R2 Begin-Medium, Test_L1_R3 Begin-Hard).
- ``early_positions.txt``: every position with 1 to 4 discs (mirror images once) and its exact
  score, in the test sets' format; the solver reads it instead of searching.
- ``analysis/``: early positions with every column's exact score, ``<moves> s1 ... s7``
  (``x`` = full column).

Score convention: positive = the side to move wins; a win with the k-th own disc scores
22 - k; 0 = draw. The benchmark, the arena's accuracy check and the tests all read this one
copy. See README.md in this folder for where each file comes from.
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["ANALYSIS_DIR", "DATA_DIR", "TESTSETS_DIR", "read_analysis", "read_testset"]

DATA_DIR = Path(__file__).resolve().parent
TESTSETS_DIR = DATA_DIR / "testsets"
ANALYSIS_DIR = DATA_DIR / "analysis"


def _lines(path: Path) -> list[str]:
    return [line for line in path.read_text(encoding="ascii").splitlines() if line.strip()]


def read_testset(name: str, folder: str = "testsets") -> list[tuple[str, int]]:
    """The benchmark set ``name`` (e.g. "Test_L3_R1") as (moves, exact score) pairs; ``folder``
    inside the data folder ("" for a file at its top, like ``early_positions.txt``)."""
    out = []
    for line in _lines(DATA_DIR / folder / name):
        moves, score = line.split()
        out.append((moves, int(score)))
    return out


def read_analysis(name: str) -> list[tuple[str, tuple[int | None, ...]]]:
    """The analysis file ``name`` (e.g. "begin_easy_100.txt") as (moves, column scores) pairs;
    a full column's score is None."""
    out = []
    for line in _lines(ANALYSIS_DIR / name):
        moves, *scores = line.split()
        out.append((moves, tuple(None if s == "x" else int(s) for s in scores)))
    return out

"""``python -m game.analyze`` starts light: it loads the exact solver, the one setting it reads and
the files it reads, and nothing of the window, the network, the saved games or the depth search;
with the opening book's digest remembered from an earlier run, it does not hash the book. Without
options it builds no argument parser, reads the config file without the settings' schema and makes
no dataclass."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import runpy, sys
sys.argv = ["game.analyze", "--columns"]
try:
    runpy.run_module("game.analyze", run_name="__main__")
except SystemExit:
    pass
print(" ".join(sorted(sys.modules)), file=sys.stderr)
"""


def loaded_by_analyze(*args: str) -> list[str]:
    """The modules one run of ``python -m game.analyze ARGS`` on a position of 11 discs loaded."""
    probe = PROBE.replace('"--columns"', ", ".join(repr(arg) for arg in args))
    done = subprocess.run([sys.executable, "-c", probe], input=b"44534441234\n", capture_output=True, cwd=ROOT,
                          timeout=120)
    return done.stdout.decode().split() + ["|"] + done.stderr.decode().split()


def test_analyze_loads_no_window_network_or_saves(connect4_home):
    output, loaded = _split(loaded_by_analyze("--columns"))
    assert output == ["44534441234", "1", "15", "15", "x", "2", "12", "2"]
    banned = [m for m in loaded if m.split(".")[0] in ("pygame", "zeroconf", "ifaddr", "asyncio")
              or m.startswith(("game.ui", "game.net", "game.store.savefile", "game.store.autosave",
                               "game.service", "game.session", "game.worker"))]
    assert not banned, banned
    assert "game.engine.solver" in loaded and "game.config.source" in loaded  # the probe saw the run


def _split(words: list[str]) -> tuple[list[str], list[str]]:
    at = words.index("|")
    return words[:at], words[at + 1:]


def test_an_exact_solve_loads_no_depth_search_and_hashes_no_remembered_book(connect4_home):
    first_output, first = _split(loaded_by_analyze())
    output, loaded = _split(loaded_by_analyze())
    assert first_output[:3] == output[:3] == ["44534441234", "15", "2"]  # score 15, column 2
    assert "hashlib" in first  # the first run hashed the book and remembered its digest
    depth_search = ["game.engine.search", "game.engine.alphabeta", "game.engine.deepening", "game.engine.perfect"]
    assert not [m for m in loaded if m in depth_search or m == "hashlib"], loaded
    assert "game.engine.negamax" in loaded and "game.engine.book" in loaded  # the probe saw the solve
    _, searched = _split(loaded_by_analyze("--depth", "4"))
    assert set(depth_search) <= set(searched)  # the probe would see the depth search


def test_with_its_own_folder_an_exact_solve_loads_no_platform_folders_or_player_specs(connect4_home):
    # CONNECT4_HOME names every folder, so the platform's folders (platformdirs, which brings
    # tempfile) are never asked for; the settings name player specs only in annotations. The first
    # run writes the book's digest (a file written through tempfile); the second only reads.
    loaded_by_analyze()
    output, loaded = _split(loaded_by_analyze())
    assert output[:3] == ["44534441234", "15", "2"]
    unneeded = [m for m in loaded if m.split(".")[0] in ("platformdirs", "tempfile")
                or m == "game.domain.players"]
    assert not unneeded, unneeded
    assert "game.config.source" in loaded and "game.store.folders" in loaded  # the probe saw the settings read


#: What an exact solve without options does without: the argument parser (argparse brings shutil
#: for its help's width), the settings' schema and values, the depth search's values and the
#: heuristics, dataclasses (which bring inspect, ast and dis), and logging (nothing failed).
LEAN_PATH_UNNEEDED = ("argparse", "game.tools.tool_parser", "game.config.load", "game.config.schema",
                      "game.config.values", "game.engine.search_values", "game.engine.heuristics", "dataclasses",
                      "inspect", "logging")


def test_an_exact_solve_without_options_loads_no_parser_schema_dataclasses_or_logging(connect4_home):
    loaded_by_analyze()  # the book's digest remembered
    output, loaded = _split(loaded_by_analyze())
    assert output[:3] == ["44534441234", "15", "2"]
    assert not [m for m in LEAN_PATH_UNNEEDED if m in loaded], loaded
    assert "game.config.source" in loaded and "game.engine.negamax" in loaded  # the probe saw the run
    # with an option the parser and the whole settings are read: the probe would see them
    output, parsed = _split(loaded_by_analyze("--time", "60"))
    assert output[:3] == ["44534441234", "15", "2"]
    assert {"argparse", "game.tools.tool_parser"} <= set(parsed)
    _, searched = _split(loaded_by_analyze("--depth", "4"))
    assert set(LEAN_PATH_UNNEEDED) - {"logging"} <= set(searched)


def test_a_config_file_the_exact_solve_cannot_read_plainly_is_reported_as_before(connect4_home):
    (connect4_home / "config.toml").write_text("[ai]\ntable_mb = 0\n", encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "game.analyze"], input=b"44534441234\n", capture_output=True,
                          cwd=ROOT, timeout=120)
    assert done.returncode == 0 and done.stdout.decode().split()[:3] == ["44534441234", "15", "2"]
    problems = done.stderr.decode().splitlines()
    assert len(problems) == 1 and problems[0].startswith("config: ai.table_mb = 0"), problems

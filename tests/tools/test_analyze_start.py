"""``python -m game.analyze`` starts light: it loads the engine, the settings and the files it
reads, and nothing of the window, the network or the saved games."""

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


def test_analyze_loads_no_window_network_or_saves(connect4_home):
    done = subprocess.run([sys.executable, "-c", PROBE], input=b"44534441234\n", capture_output=True, cwd=ROOT,
                          timeout=120)
    assert done.stdout.decode().split() == ["44534441234", "1", "15", "15", "x", "2", "12", "2"]
    loaded = done.stderr.decode().split()
    banned = [m for m in loaded if m.split(".")[0] in ("pygame", "zeroconf", "ifaddr", "asyncio")
              or m.startswith(("game.ui", "game.net", "game.store.savefile", "game.store.autosave",
                               "game.service", "game.session", "game.worker"))]
    assert not banned, banned
    assert "game.engine.solver" in loaded and "game.config.load" in loaded  # the probe saw the run

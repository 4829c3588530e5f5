"""The window opens without the network's modules: the lobby loads the link, the protocol and
asyncio when it first hosts or joins, and a worker that searches on a thread never loads
multiprocessing. Checked in a fresh interpreter that lists its modules at the first frame."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import os, sys
import pygame

def first_frame_shown():
    print(" ".join(sorted(sys.modules)), flush=True)
    os._exit(0)

pygame.display.flip = first_frame_shown
from game.app import main
sys.exit(main(sys.argv[1:]))
"""


def loaded_at_first_frame(home: Path, *args: str) -> list[str]:
    env = dict(os.environ, CONNECT4_HOME=str(home), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    done = subprocess.run([sys.executable, "-c", PROBE, *args], capture_output=True, text=True, cwd=ROOT, env=env,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout.split()


def test_the_menu_opens_without_the_network_multiprocessing_or_the_other_scenes(connect4_home):
    config = connect4_home / "thread.toml"
    config.write_text('[ai]\nworker = "thread"\n', encoding="utf-8")
    loaded = loaded_at_first_frame(connect4_home, "--config", str(config))
    assert "game.ui.menu.menu_scene" in loaded                      # the probe saw the menu
    rooms = ("game.ui.game", "game.ui.netplay", "game.ui.review", "game.ui.practice", "game.ui.learn")
    assert not [m for m in loaded if m.startswith(rooms)]           # each loads when first entered
    unneeded = [m for m in loaded if m.split(".")[0] in ("asyncio", "ssl", "multiprocessing", "zeroconf", "ifaddr")
                or m in ("game.net.link", "game.net.connection", "game.net.protocol", "game.net.events",
                         "game.net.match", "game.service.process")]
    assert not unneeded, unneeded


def test_a_game_against_the_computer_opens_without_the_network(connect4_home):
    loaded = loaded_at_first_frame(connect4_home, "--red", "human", "--yellow", "easy")
    assert "game.ui.game.game_scene" in loaded
    assert not [m for m in loaded if m.startswith(("game.net.link", "asyncio"))]

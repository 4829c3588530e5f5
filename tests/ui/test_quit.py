"""Closing the window or Ctrl+Q while the computer searches deep exits within 0.5 s."""

from __future__ import annotations

import multiprocessing
import threading
import time

import pygame
import pytest

from game.config.values import DEFAULTS
from game.ui import run
from game.ui.controller import Controller
from game.ui.game.game_scene import GameScene

QUIT_BOUND = 0.5   # seconds: closing the window must feel immediate, even mid-search


@pytest.mark.parametrize("how", ["close", "ctrl+q"])
def test_quit_during_a_deep_search(connect4_home, monkeypatch, how):
    """The real run() loop with the real (process) worker: quit once a depth-12 search is well under way."""
    posted: dict[str, float] = {}
    original = Controller.frame

    def frame(self, dt, events=None):
        scene = self.scene
        if ("t" not in posted and isinstance(scene, GameScene) and scene.engine.progress is not None
                and scene.engine.progress.depth >= 7):
            event = (pygame.event.Event(pygame.QUIT) if how == "close" else
                     pygame.event.Event(pygame.KEYDOWN, key=pygame.K_q, mod=pygame.KMOD_LCTRL, unicode=""))
            pygame.event.post(event)
            posted["t"] = time.monotonic()
            posted["depth"] = scene.engine.progress.depth
        return original(self, dt, events)

    monkeypatch.setattr(Controller, "frame", frame)
    started = time.monotonic()
    code = run(DEFAULTS, red="ai:12", yellow="ai:12")
    ended = time.monotonic()
    assert code == 0
    assert "t" in posted, "the search never got going"
    elapsed = ended - posted["t"]
    print(f"quit ({how}) at depth {posted['depth']} after {posted['t'] - started:.2f} s: exited in {elapsed * 1000:.0f} ms")
    assert elapsed < QUIT_BOUND
    assert not multiprocessing.active_children()
    assert not [t for t in threading.enumerate() if t.name == "AIWorker" and t.is_alive()]

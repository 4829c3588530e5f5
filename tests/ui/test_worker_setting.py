"""``[ai] worker`` in config.toml chooses where the computer player's search runs."""

from __future__ import annotations

import dataclasses
import multiprocessing
import threading

import pygame
import pytest

from conftest import UIDriver
from game.config.load import parse_settings
from game.config.values import DEFAULTS
from game.domain.players import parse_player_spec
from game.service import backends
from game.ui.controller import Controller


def test_the_default_is_auto_and_each_backend_can_be_forced():
    assert DEFAULTS.worker == "auto"
    for worker in ("auto", "process", "thread"):
        settings, problems = parse_settings(f'[ai]\nworker = "{worker}"\n')
        assert problems == [] and settings.worker == worker
    settings, problems = parse_settings('[ai]\nworker = "fork"\n')
    assert settings.worker == "auto" and len(problems) == 1 and "worker" in str(problems[0])


@pytest.mark.parametrize(("worker", "compiled"), [("process", True), ("thread", False), ("auto", True),
                                                  ("auto", False)])
def test_the_computer_moves_through_the_chosen_worker(connect4_home, monkeypatch, worker, compiled):
    monkeypatch.setattr(backends, "compiled", lambda: compiled)  # "auto" decides by the install
    in_process = worker == "process" or (worker == "auto" and not compiled)
    pygame.display.init()
    pygame.font.init()
    settings = dataclasses.replace(DEFAULTS, worker=worker)
    controller = Controller(settings)  # the game's own worker factory, no test double
    try:
        controller.start(parse_player_spec("ai:2", settings), parse_player_spec("human", settings))
        d = UIDriver(controller)
        d.run_until(lambda: len(d.scene.model.moves) == 1, timeout=30, what="the computer's first move")
        ai = controller.ctx.engine.worker
        assert ai.use_process is in_process
        processes = [p.name for p in multiprocessing.active_children()]
        assert ("connect4-search" in processes) is in_process, processes
    finally:
        controller.shutdown()
        pygame.quit()
    for thread in [t for t in threading.enumerate() if t.name == "AIWorker"]:
        thread.join(3.0)  # the close is bounded; its thread may need a moment on a busy machine
    assert not [t for t in threading.enumerate() if t.name == "AIWorker" and t.is_alive()]

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
from game.store.autosave import Autosaves
from game.store.prefs import load_prefs
from game.ui.controller import Controller
from game.ui.menu import menu_words as menu
from game.ui.menu.menu_words import PLAIN_SEARCH_NOTICE
from game.ui.scene import MenuData, SceneName, Transition


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
    autosaves = Autosaves(connect4_home)
    controller = Controller(settings, autosaves=autosaves)  # the game's own worker factory, no test double
    try:
        controller.start(parse_player_spec("ai:2", settings), parse_player_spec("human", settings))
        d = UIDriver(controller)
        d.run_until(lambda: len(d.scene.model.moves) == 1, timeout=120, what="the computer's first move")
        ai = controller.ctx.engine.worker
        assert ai.use_process is in_process
        processes = [p.name for p in multiprocessing.active_children()]
        assert ("connect4-search" in processes) is in_process, processes
    finally:
        controller.shutdown()
        autosaves.close()
        pygame.quit()
    for thread in [t for t in threading.enumerate() if t.name == "AIWorker"]:
        thread.join(30.0)  # only a hang guard: the close is bounded, its thread may wait for a core
    assert not [t for t in threading.enumerate() if t.name == "AIWorker" and t.is_alive()]
    # The search process was ended; on a loaded machine it may take a moment to be gone, and a
    # later case must not find it among its own children.
    for child in multiprocessing.active_children():
        child.join(30.0)   # only a hang guard
    assert "connect4-search" not in [p.name for p in multiprocessing.active_children()]


def test_an_install_without_compiled_searches_is_told_once_ever(ui, monkeypatch):
    monkeypatch.setattr(backends, "compiled", lambda: False)
    d = ui()
    assert d.c.ctx.notices.texts().count(PLAIN_SEARCH_NOTICE) == 1
    assert "C compiler" in PLAIN_SEARCH_NOTICE and "headers" in PLAIN_SEARCH_NOTICE
    assert load_prefs().told_plain_search == menu.install()
    d.c.switch(Transition(SceneName.MENU, MenuData(None)))  # back to the menu: not again
    assert d.c.ctx.notices.texts().count(PLAIN_SEARCH_NOTICE) == 1
    assert PLAIN_SEARCH_NOTICE not in ui().c.ctx.notices.texts()  # the next run: never again
    monkeypatch.setattr(menu, "install", lambda: "0.2.0 /elsewhere")
    assert PLAIN_SEARCH_NOTICE in ui().c.ctx.notices.texts()  # another install is told once too


def test_a_compiled_install_is_never_told(ui, monkeypatch):
    monkeypatch.setattr(backends, "compiled", lambda: True)
    d = ui()
    assert PLAIN_SEARCH_NOTICE not in d.c.ctx.notices.texts()
    assert load_prefs().told_plain_search is None


def test_the_notice_fits_its_box_uncut():
    from game.ui.notices import MAX_LINES
    from game.ui.resources import wrap_at_most

    pygame.font.init()
    try:
        width, height = DEFAULTS.window_width, DEFAULTS.window_height
        size, box = max(16, height // 36), min(width - 20, max(320, width * 3 // 4))
        lines = wrap_at_most(PLAIN_SEARCH_NOTICE, size, box - 24, MAX_LINES)
        assert " ".join(lines) == PLAIN_SEARCH_NOTICE
    finally:
        pygame.font.quit()

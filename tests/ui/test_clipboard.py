"""Ctrl+C / Ctrl+V of move strings in a game, and ``connect4 --position``."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame

from game.ui import clipboard
from game.ui.overlays import Confirm

CTRL = pygame.KMOD_CTRL
ROOT = Path(__file__).resolve().parents[2]


def test_ctrl_c_copies_the_move_string(ui):
    d = ui("human", "human")
    for key in (pygame.K_4, pygame.K_4, pygame.K_5, pygame.K_3):
        d.key(key)
    d.key(pygame.K_c, mod=CTRL)
    assert pygame.scrap.get_text() == "4453"
    assert d.scene.model.moves_string() == "4453"  # copying changes nothing


def test_ctrl_v_opens_the_position_as_a_two_player_game_with_the_analysis_row(ui):
    d = ui("human", "Easy")
    pygame.scrap.put_text(" 4453\n")
    d.key(pygame.K_v, mod=CTRL)   # nothing played yet: no game is lost, no question
    d.frame()
    scene = d.scene
    assert scene.model.moves_string() == "4453"
    assert not scene.model.red.is_ai and not scene.model.yellow.is_ai
    assert scene.analysis_on
    # four discs: proved from the book within the first budget, or (on a busy machine) by a
    # longer analysis asked for while the row shows estimates
    d.run_until(lambda: scene.thinking.analysis is not None and scene.thinking.analysis.exact, timeout=60,
                what="the proved analysis of the pasted position")
    assert scene.thinking.analysis.scores == (-5.0, -5.0, -2.0, -3.0, -4.0, -2.0, -2.0)


def test_pasting_over_an_unfinished_game_asks_first(ui):
    d = ui("human", "human")
    d.key(pygame.K_1)
    pygame.scrap.put_text("77")
    d.key(pygame.K_v, mod=CTRL)
    assert isinstance(d.scene.overlay, Confirm)
    assert d.scene.overlay.detail == ("The game in progress (1 move) will be lost. The moves 77 open as a "
                                      "two-player game with the analysis row.")
    assert d.scene.model.moves_string() == "1"
    d.key(pygame.K_y)
    d.frame()
    assert d.scene.model.moves_string() == "77"


def test_a_bad_pasted_string_gets_one_clear_message_and_the_game_goes_on(ui):
    d = ui("human", "human")
    d.key(pygame.K_2)
    for text, words in (("44x3", "'x' is not a column"), ("1111111", "column 1 is full"),
                        ("", "no move string"), ("9" * 500, "500 characters"),
                        ("12\x1b[31m", "\\x1b")):
        pygame.scrap.put_text(text)
        d.key(pygame.K_v, mod=CTRL)
        assert d.scene.overlay is None
        flash = d.scene.flash
        assert flash is not None and flash.warning and words in flash.text, (text, flash.text)
        assert flash.text.isprintable() and len(flash.text) < 160
        assert d.scene.model.moves_string() == "2"


def test_check_moves_accepts_the_empty_board_only_as_an_explicit_position():
    assert clipboard.check_moves("4453") == ("4453", None)
    assert clipboard.check_moves("  ")[1] is not None


def _connect4(*args: str, home: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "CONNECT4_HOME": str(home), "PYTHONPATH": str(ROOT), "SDL_VIDEODRIVER": "dummy"}
    return subprocess.run([sys.executable, "-m", "game", *args], capture_output=True, text=True, env=env,
                          timeout=60, cwd=ROOT)


def test_a_bad_position_on_the_command_line_is_a_usage_error(tmp_path):
    for moves, words in (("44x3", "'x' is not a column"), ("1111111", "column 1 is full")):
        r = _connect4("--position", moves, home=tmp_path)
        assert r.returncode == 2 and r.stdout == ""
        assert "argument --position: move" in r.stderr and words in r.stderr
        assert "Traceback" not in r.stderr


def test_the_position_option_opens_a_two_player_game_with_the_analysis_row(ui):
    from game.domain.players import HUMAN

    d = ui()
    d.c.start(None, None, None, position="4453")
    d.frame()
    scene = d.scene
    assert type(scene).__name__ == "GameScene"
    assert scene.model.moves_string() == "4453" and scene.analysis_on
    assert scene.model.red == HUMAN and scene.model.yellow == HUMAN

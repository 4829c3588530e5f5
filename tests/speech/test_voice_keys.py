"""game.ui.voice in a window: F2 from the first screen, the query keys, walking the cells, the
reason said once when nothing can be spoken, the remembered choice and the caption."""

from __future__ import annotations

import json
import sys

import pygame

from conftest import TextRecorder
from game.speech.outputs import LogBackend
from game.ui.game.game_scene import GameScene


def lines(d, path):
    assert d.c.ctx.voice.speaker.flush(10)
    return path.read_text(encoding="utf-8").splitlines()


def test_speech_is_off_by_default_and_f2_turns_it_on_from_the_first_screen(ui, connect4_home, monkeypatch, tmp_path):
    log = tmp_path / "heard.txt"
    monkeypatch.setattr("game.ui.voice.open_backend", lambda choice: LogBackend(log))   # the screen reader's stand-in
    d = ui()
    assert not d.c.ctx.voice.on
    d.key(pygame.K_F3)                          # a query key with speech off is nobody's: nothing happens
    assert not d.c.ctx.voice.on and not log.exists()
    d.key(pygame.K_F2)
    d.frame()
    assert d.c.ctx.voice.on
    assert lines(d, log) == ["Speech on. F1 lists the keys; F3 to F8 ask about the board.", "Mode: You vs Computer."]
    prefs = json.loads((connect4_home / "prefs.json").read_text(encoding="utf-8"))
    assert prefs["speech"] is True
    d.key(pygame.K_F9)
    assert json.loads((connect4_home / "prefs.json").read_text(encoding="utf-8"))["verbosity"] == "short"
    d.key(pygame.K_F3)
    assert lines(d, log)[-2:] == ["Moves in short: who and column.", "There is no board here to ask about."]
    d.key(pygame.K_F2)
    assert not d.c.ctx.voice.on and log.read_text(encoding="utf-8").splitlines()[-1] == "Speech off."
    assert json.loads((connect4_home / "prefs.json").read_text(encoding="utf-8"))["speech"] is False


def test_the_remembered_choice_turns_speech_on_at_the_next_start(ui, connect4_home, tmp_path):
    (connect4_home / "prefs.json").write_text('{"course_offered": true, "speech": true, "verbosity": "short"}')
    d = ui()
    voice = d.c.ctx.voice
    assert voice.on and not voice.listener.full
    voice.close()


def test_without_prismatoid_the_game_plays_and_says_once_why(ui, monkeypatch):
    monkeypatch.setitem(sys.modules, "prism", None)         # importing it raises ImportError
    d = ui(speech=True)
    d.c.ctx.voice.speaker.flush(10)
    d.frame()
    d.frame()
    why = [t for t in d.c.ctx.notices.texts() if t.startswith("Speech is off")]
    assert why == ['Speech is off: the prismatoid library is not installed '
                   '(pip install "connect4-desktop[speech]" adds it).']
    d.key(pygame.K_RETURN)                                  # the game starts and plays as without speech
    assert isinstance(d.scene, GameScene)
    d.key(pygame.K_4)
    assert list(d.scene.model.moves[:1]) == [3]
    d.settle(5)
    assert [t for t in d.c.ctx.notices.texts() if t.startswith("Speech is off")] == why   # said once


def test_up_and_down_walk_the_cells_and_enter_drops_in_the_cursor_column(ui, tmp_path):
    log = tmp_path / "heard.txt"
    d = ui("human", "human", speech=f"log:{log}")
    d.key(pygame.K_4)
    d.key(pygame.K_4)
    d.settle(10)
    d.key(pygame.K_UP)
    d.key(pygame.K_UP)
    d.key(pygame.K_DOWN)                     # with speech on Down walks; it does not drop
    assert list(d.scene.model.moves) == [3, 3]
    d.key(pygame.K_RIGHT)
    d.frame()
    d.key(pygame.K_F5)
    d.key(pygame.K_RETURN)                   # Enter drops in the cursor's column
    d.frame()
    assert list(d.scene.model.moves) == [3, 3, 4]
    heard = lines(d, log)
    assert heard[-6:] == ["column 4, row 2: yellow.", "column 4, row 3: empty, playable.", "column 4, row 2: yellow.",
                          "column 5, row 2: empty, floating.",
                          "Row 2, left to right: empty, floating; empty, floating; empty, floating; yellow; "
                          "empty, floating; empty, floating; empty, floating.",
                          "Red, column 5, row 1."]


def test_the_caption_shows_the_last_message(ui, tmp_path):
    log = tmp_path / "heard.txt"
    d = ui("human", "human", speech=f"log:{log}", caption=True)
    d.key(pygame.K_3)
    with TextRecorder() as drawn:
        d.frame()
    assert "Red, column 3, row 1." in drawn.texts
    d.c.ctx.voice.caption = False
    with TextRecorder() as drawn:
        d.frame()
    assert "Red, column 3, row 1." not in drawn.texts


def test_a_question_over_the_window_is_said_with_its_keys(ui, tmp_path):
    log = tmp_path / "heard.txt"
    d = ui("human", "human", speech=f"log:{log}")
    d.key(pygame.K_4)
    d.key(pygame.K_n)                        # a new game over one begun: asked first
    d.frame()
    question = d.scene.overlay
    assert lines(d, log)[-1] == f"{question.question} {question.detail} Enter: Yes. Escape: No.".replace("  ", " ")


def test_the_hint_and_why_are_said_as_the_window_shows_them(ui, tmp_path):
    log = tmp_path / "heard.txt"
    d = ui("human", "human", speech=f"log:{log}")
    for key in (pygame.K_4, pygame.K_4, pygame.K_5, pygame.K_5, pygame.K_6, pygame.K_6):
        d.key(key)
    d.settle(10)
    d.key(pygame.K_h)
    d.run_until(lambda: "Hint: column 3 — wins in 1" in lines(d, log), timeout=60, what="the hint said")
    d.run_until(lambda: lines(d, log)[-1].startswith("Column 3: a win for Red at once."), timeout=60,
                what="the hint's why said")
    d.key(pygame.K_w)                        # why? of the cursor's column, 6
    d.run_until(lambda: lines(d, log)[-1].startswith("Column 6: a win for Red in 2 moves."), timeout=60,
                what="why? said")

"""Every text fits at every window size from the minimum up: nothing leaves the window, nothing
overlaps another text, and a tall window leaves no large gap under the board."""

from __future__ import annotations

import itertools

import pygame
import pytest

from game.engine.board import parse_moves
from game.domain.saved import SavedGame
from game.store.savefile import save_game
from game.store.saves import saves_dir
from conftest import TextRecorder
from game.service.requests import Analysis
from game.ui.layout import MIN_SIZE, compute_layout

SIZES = [MIN_SIZE, (420, 700), (1200, 420), (1920, 1080), (700, 1400)]


def resize(d, size):
    pygame.display.set_mode(size, pygame.RESIZABLE)
    d.frame(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))


def texts_drawn(d) -> list[tuple[str, pygame.Rect]]:
    with TextRecorder() as recorder:
        d.scene.draw(d.c.surface)
    return recorder.rects


def assert_fits(rects, size):
    window = pygame.Rect((0, 0), size)
    assert rects, "nothing drawn"
    for text, rect in rects:
        assert window.contains(rect), f"{text!r} {rect} leaves the {size} window"
    for (a, ra), (b, rb) in itertools.combinations(rects, 2):
        assert not ra.colliderect(rb), f"{a!r} {ra} overlaps {b!r} {rb} at {size}"


class Silent:
    def submit(self, request):
        pass

    def cancel(self):
        pass

    def notices(self):
        return []               # a stand-in's search never fails: nothing to tell

    def poll(self, generation=None):
        return []

    def close(self, timeout=0.5):
        pass


@pytest.mark.parametrize("size", SIZES)
def test_game_with_analysis_row_hint_and_help_line(ui, size):
    d = ui("human", "Expert", worker_factory=Silent)
    d.scene.model.load_moves(parse_moves("4453"))
    d.scene.analysis_on = True
    d.c.ctx.sound.muted = True
    resize(d, size)
    d.scene.thinking.analysis = Analysis((-2.0, -11.0, 0.0, 13.0, 0.0, -13.0, None), True)
    d.scene.thinking.hint_wanted = True
    d.scene.flash = None
    rects = texts_drawn(d)
    texts = [t for t, _ in rects]
    assert "in 7" in texts and any("hint: column 4" in t for t in texts) and "7" in texts
    assert_fits(rects, size)


@pytest.mark.parametrize("size", SIZES)
def test_estimates_finished_game_and_spectator_fit(ui, size):
    d = ui("human", "human", worker_factory=Silent)
    resize(d, size)
    d.scene.analysis_on = True
    d.scene.thinking.analysis = Analysis((0.1, -0.25, 0.3, 0.2, 0.0, -0.1, 0.05), False)
    assert_fits(texts_drawn(d), size)
    d.scene.model.load_moves(parse_moves("1212121"))
    d.settle(2)
    assert d.scene.model.is_over
    assert_fits(texts_drawn(d), size)
    s = ui("Hard", "Hard", worker_factory=Silent)
    resize(s, size)
    assert_fits(texts_drawn(s), size)


@pytest.mark.parametrize("size", [MIN_SIZE, (420, 700), (1200, 420)])
def test_help_and_load_list_fit(ui, size):
    saves_dir().mkdir(parents=True, exist_ok=True)
    for i in range(8):
        save_game(saves_dir() / f"g{i}.c4save", SavedGame.now("4453" * (i % 3 + 1), "human", "Master"))
    d = ui("human", "human", worker_factory=Silent)
    resize(d, size)
    d.key(pygame.K_F1)
    for turn in range(24):                              # the pages, each scrolled to its end
        with TextRecorder() as recorder:
            d.scene.overlay.draw(d.c.surface, d.c.ctx.theme)
        assert_fits(recorder.rects, size)
        if any("Elo" in t for t, _ in recorder.rects):
            break
        d.key(pygame.K_PAGEDOWN if turn % 2 == 0 else pygame.K_RIGHT)
    assert any("Elo" in t for t, _ in recorder.rects)
    d.key(pygame.K_ESCAPE)
    d.key(pygame.K_o, pygame.KMOD_LCTRL)
    with TextRecorder() as recorder:
        d.scene.overlay.draw(d.c.surface, d.c.ctx.theme)
    assert any("You vs Master" in t for t, _ in recorder.rects)
    assert_fits(recorder.rects, size)


def test_menu_fits_at_the_minimum(ui):
    d = ui()
    resize(d, MIN_SIZE)
    rects = texts_drawn(d)
    assert_fits(rects, MIN_SIZE)
    assert not [t for t, _ in rects if t.endswith("…")]     # the key help is shorter, not cut
    assert any("Ctrl+Q quit" in t for t, _ in rects)


def test_no_large_gap_under_the_board_in_a_tall_window():
    """Room a narrow window cannot use is shared above and below the board, not all left under it."""
    assert 700 - compute_layout((420, 700)).status.bottom < 170
    for size in [(420, 700), (700, 1400), (500, 1000), MIN_SIZE, (1920, 1080)]:
        layout = compute_layout(size)
        below = size[1] - layout.status.bottom
        above = layout.analysis.top - layout.header.bottom
        assert abs(below - above) <= max(16, layout.cell // 4), size


def test_the_window_does_not_stay_smaller_than_the_minimum(ui):
    d = ui("human", "human")
    resize(d, (300, 200))
    assert d.c.surface.get_size() == MIN_SIZE and d.c.ctx.layout.size == MIN_SIZE
    d.key(pygame.K_4)                                    # and the game goes on
    assert d.scene.model.moves_string() == "4"

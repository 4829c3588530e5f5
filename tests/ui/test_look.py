"""Look and sound: layout scaling, the colour-blind theme's marks, silent play without an audio
device, and a missing font that must not stop the game."""

from __future__ import annotations

import pygame

from game.ui.layout import compute_layout
from game.ui.render import BoardRenderer, BoardScene
from game.ui.sound import SoundPlayer
from game.ui.theme import CLASSIC, COLORBLIND


def test_layout_scales_and_maps_clicks_to_columns():
    small, big = compute_layout((640, 480)), compute_layout((1920, 1080))
    assert big.cell > small.cell
    for layout in (small, big):
        assert layout.board.width == 7 * layout.cell and layout.board.height == 6 * layout.cell
        assert 0 <= layout.board.left and layout.board.right <= layout.size[0]
        assert layout.status.bottom <= layout.size[1] + layout.cell // 4
        for col in range(7):
            assert layout.column_at(layout.cell_center(col, 0)) == col
            assert layout.column_at((layout.cell_center(col, 0)[0], layout.ghost_y)) == col  # above the board
        assert layout.column_at((layout.board.left - 1, layout.board.centery)) is None
        assert layout.cell_center(0, 6)[1] == layout.ghost_y


def test_colorblind_discs_differ_by_a_mark_not_only_by_colour():
    pygame.display.init()
    try:
        renderer = BoardRenderer()

        def mark_pixels(theme, player):
            disc = renderer.disc(theme, player, 40)
            return sum(1 for x in range(disc.get_width()) for y in range(disc.get_height())
                       if disc.get_at((x, y))[:3] == theme.mark_colour)

        def cross_centre_marked(theme, player):
            disc = renderer.disc(theme, player, 40)
            c = disc.get_width() // 2
            return disc.get_at((c, c))[:3] == theme.mark_colour

        assert mark_pixels(CLASSIC, 1) == mark_pixels(CLASSIC, 2) == 0
        assert mark_pixels(COLORBLIND, 1) > 50 and mark_pixels(COLORBLIND, 2) > 50
        assert not cross_centre_marked(COLORBLIND, 1)       # ring: hollow centre
        assert cross_centre_marked(COLORBLIND, 2)           # cross: arms meet in the centre
        # and the two colours differ in lightness as well as hue
        lum = [sum(c * w for c, w in zip(COLORBLIND.disc(p), (0.2126, 0.7152, 0.0722))) for p in (1, 2)]
        assert abs(lum[0] - lum[1]) > 60
    finally:
        pygame.quit()


def test_no_audio_device_means_silence(monkeypatch):
    def no_device(*args, **kwargs):
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    player = SoundPlayer()
    assert not player.available
    assert player.play("drop") is False and player.play("win") is False


def test_sounds_load_from_assets_with_the_dummy_driver():
    pygame.mixer.quit()
    player = SoundPlayer(volume=0.5)
    try:
        assert player.available, "the shipped drop/win/draw/invalid sounds should load"
        assert player.play("drop") is True
        player.toggle_mute()
        assert player.play("drop") is False
    finally:
        pygame.mixer.quit()


def test_missing_font_does_not_stop_the_game(ui, monkeypatch):
    from game.ui import resources

    def broken_font(*args, **kwargs):
        raise FileNotFoundError("freesansbold.ttf")

    monkeypatch.setattr(pygame.freetype, "Font", broken_font)  # the font resources draws with
    resources.reset_fonts()
    d = ui("human", "human")
    d.key(pygame.K_4)
    d.settle(5)
    assert d.scene.model.moves_string() == "4"
    d.key(pygame.K_ESCAPE)
    d.frame()
    from game.ui.menu.menu_scene import MenuScene
    from game.ui.savelist import SaveList

    assert isinstance(d.scene, MenuScene) and d.scene.rows()[0].label == "Resume unfinished game"
    d.key(pygame.K_RETURN)                              # the menu works without text: resume
    assert d.scene.model.moves_string() == "4"
    d.key(pygame.K_o, pygame.KMOD_LCTRL)
    d.frame()                                           # the load list draws without a font
    assert isinstance(d.scene.overlay, SaveList)
    d.key(pygame.K_ESCAPE)
    d.key(pygame.K_F1)
    d.frame()                                           # and so does the help
    d.key(pygame.K_ESCAPE)
    assert d.scene.overlay is None
    d.key(pygame.K_5)
    assert d.scene.model.moves_string() == "45"


def test_f11_toggles_fullscreen_and_back(ui):
    d = ui("human", "human", window_width=800, window_height=600)
    assert not d.c.fullscreen and d.c.surface.get_size() == (800, 600)
    d.key(pygame.K_F11)
    assert d.c.fullscreen
    assert d.c.ctx.layout.size == d.c.surface.get_size()
    d.key(pygame.K_F11)
    assert not d.c.fullscreen and d.c.surface.get_size() == (800, 600)
    assert d.c.ctx.layout.size == (800, 600)
    d.click_column(2)                                   # the board still maps clicks correctly
    assert d.scene.model.moves_string() == "3"


def test_no_display_is_a_clear_message_not_an_invisible_window(connect4_home, monkeypatch, capsys):
    from game.config.values import DEFAULTS
    from game.ui import run

    monkeypatch.setattr(pygame.display, "get_driver", lambda: "offscreen")   # SDL's silent fallback
    assert run(DEFAULTS, red="human", yellow="human") == 1
    err = capsys.readouterr().err
    assert "no display found" in err and "Traceback" not in err


def test_wrapped_text_is_measured_once_not_every_frame(ui):
    from game.ui import resources
    from game.ui.overlays import Confirm

    d = ui("human", "human")
    resources.reset_fonts()
    assert resources.wrap.cache_info().currsize == 0
    confirm = Confirm("Start a new game?", "The unfinished game (12 moves) will be lost. " * 4, lambda: None)
    confirm.draw(d.c.surface, d.c.ctx.theme)
    measured = resources.wrap.cache_info().misses
    assert measured >= 2                                  # the question and the detail
    confirm.draw(d.c.surface, d.c.ctx.theme)                 # the next frame measures nothing again
    assert resources.wrap.cache_info().misses == measured
    lines = resources.wrap_at_most("word " * 200, 16, 200, 2)
    assert len(lines) == 2 and lines[-1].endswith("…")


def test_the_last_move_dot_keeps_clear_of_the_colorblind_marks():
    """A dot in the centre of a crossed disc reads as a star: where a theme marks a disc, the
    last-move dot sits near the disc's top edge, and the mark stays as it is."""
    pygame.display.init()
    try:
        layout = compute_layout((700, 700))
        renderer = BoardRenderer()
        col, row = 3, 0

        def drawn(theme, player, last):
            surface = pygame.Surface(layout.size)
            scene = BoardScene(cell=lambda c, r: player if (c, r) == (col, row) else 0,
                               last_move=(col, row) if last else None)
            renderer.draw(surface, layout, theme, scene)
            return surface

        x, y = layout.cell_center(col, row)
        for player in (1, 2):
            plain, marked = drawn(COLORBLIND, player, False), drawn(COLORBLIND, player, True)
            centre = [(x + dx, y + dy) for dx in range(-4, 5) for dy in range(-4, 5)]
            assert all(plain.get_at(p) == marked.get_at(p) for p in centre)
            top = (x, y - int(layout.radius * 0.72))
            assert marked.get_at(top)[:3] == COLORBLIND.highlight
        # the classic discs carry no mark: the dot stays in the centre
        assert drawn(CLASSIC, 2, True).get_at((x, y))[:3] == CLASSIC.highlight
    finally:
        pygame.quit()

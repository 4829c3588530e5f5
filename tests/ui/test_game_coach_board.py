"""H and W in a game point at the board: the words sit above the board (never over it), name the
column, and the cells they talk about are ringed; after the game ends the footer offers only the
keys that work."""

from __future__ import annotations

import pygame

from conftest import TextRecorder

from game.words.coach_says import advice_words
from game.ui.game import game_text
from game.ui.game.game_input import KEY_HELP_PLAYER


def play(d, moves: str) -> None:
    for ch in moves:
        d.key(getattr(pygame, f"K_{ch}"))
        d.settle()


def test_why_on_a_column_that_leaves_a_threat_rings_it_and_stays_clear_of_the_board(ui):
    d = ui("human", "human")
    play(d, "4137524")                       # Yellow to move; Red threatens column 6, bottom row
    while d.scene.cursor != 3:
        d.key(pygame.K_LEFT if d.scene.cursor > 3 else pygame.K_RIGHT)
    d.key(pygame.K_w)
    d.run_until(lambda: d.scene.view().why is not None, what="the coach's words")
    why = d.scene.view().why
    assert why.column == 3 and advice_words(why).startswith("Column 4: a loss for Yellow: Red wins at once. It leaves Red's threat at column 6")
    assert "move 1" not in advice_words(why) and "of the line" not in advice_words(why)
    assert game_text.board_scene(d.scene.view()).rings == ((5, 0, 1),)
    layout = d.c.ctx.layout
    drawn = []
    real = game_text.draw_panel

    def record(surface, rect, *args, **kwargs):
        drawn.append(pygame.Rect(rect))
        return real(surface, rect, *args, **kwargs)

    import game.ui.game.game_text as module
    module.draw_panel = record
    try:
        game_text.draw(d.scene.view(), pygame.display.get_surface() or pygame.Surface((960, 840)))
    finally:
        module.draw_panel = real
    assert drawn and not any(box.colliderect(layout.board) for box in drawn)
    assert all(box.bottom <= layout.board.top for box in drawn)
    d.key(pygame.K_h)                        # the hint's words replace W's: column 6 blocks
    d.run_until(lambda: d.scene.view().why is not None and d.scene.view().why.column == 5, what="the hint's words")
    assert advice_words(d.scene.view().why).startswith("Column 6: a loss for Yellow: Red wins in 6 moves. It blocks Red's four")
    assert game_text.board_scene(d.scene.view()).rings == ((5, 0, 1),)


def test_after_the_game_ends_the_footer_offers_no_drop_undo_or_hint(ui):
    d = ui("human", "human")
    play(d, "1212121")
    assert d.scene.model.is_over
    drawn = []
    with TextRecorder(lambda text, rect: drawn.append(text)):
        d.frame()
    shown = " ".join(drawn)
    for gone in ("1–7", "drop", "H hint", "W why", "A analysis"):
        assert gone not in shown, shown
    assert "R review" in shown and "Esc menu" in shown
    d.key(pygame.K_z, pygame.KMOD_LCTRL)             # undo still works after the end: it is offered
    assert not d.scene.model.is_over and game_text.footer_keys(d.scene.view()) == KEY_HELP_PLAYER

"""A bad pasted move string in the game scene, in the pseudo-locale at the smallest window: what is
wrong with it (the engine's facts, worded by ``game.words``) went through gettext, reaches the
status line whole and is drawn there, and the game in progress goes on. (How the status line lays
out a message longer than the window is the game scene's layout, tested with the scene.)"""

from __future__ import annotations

import pygame
from pseudo import CODE, pseudo, pseudo_translations

from game import i18n
from game.ui.layout import MIN_SIZE

CTRL = pygame.KMOD_CTRL


def resize(d, size):
    pygame.display.set_mode(size, pygame.RESIZABLE)
    d.frame(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))


def test_a_bad_pasted_string_shows_a_bracketed_message_whole(ui, pseudo_locale):
    d = ui("human", "human")
    i18n.use_translations(CODE, pseudo_translations())     # the controller chose the system's language
    resize(d, MIN_SIZE)
    d.key(pygame.K_2)
    for text, problem in (
            ("44x3", pseudo("move {number}: {problem}").format(number=3, problem=pseudo(
                "{character} is not a column; a move string uses only the digits 1-7").format(character="'x'"))),
            ("1111111", pseudo("move {number}: {problem}").format(number=7, problem=pseudo(
                "column {column} is full").format(column=1)))):
        pygame.scrap.put_text(text)
        d.key(pygame.K_v, mod=CTRL)
        pseudo_locale.clear()
        d.frame()
        flash = d.scene.flash
        assert flash is not None and flash.warning and problem in flash.text, flash.text
        assert any(problem[:12] in drawn for drawn in pseudo_locale.texts), pseudo_locale.texts
        assert not pseudo_locale.outside(pygame.Rect((0, 0), MIN_SIZE))
        assert d.scene.model.moves_string() == "2"       # the game in progress is untouched

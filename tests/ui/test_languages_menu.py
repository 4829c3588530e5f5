"""The menu in the pseudo-locale at the smallest window: every word translated, none cut, none
outside its box or over another. This is the model for every scene's language test: draw the
scene with the ``pseudo_locale`` fixture and assert that its four lists of faults are empty."""

from __future__ import annotations

import pygame
import pytest

from game.ui.layout import MIN_SIZE


def resize(d, size):
    pygame.display.set_mode(size, pygame.RESIZABLE)
    d.frame(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))


def allowed(d) -> set[str]:
    """What the menu may draw untranslated: the level names of the settings (config.toml's) and
    the heuristics' and themes' names, which are config.toml's words."""
    settings = d.c.ctx.settings
    return {level.name for level in settings.levels} | {settings.heuristic, settings.theme}


def menu_drawn(ui, pseudo_locale, mode: str = "vs_computer"):
    from pseudo import CODE, pseudo_translations

    from game import i18n

    d = ui()
    i18n.use_translations(CODE, pseudo_translations())     # the window set the configured language
    d.scene.choices.mode = mode
    resize(d, MIN_SIZE)
    pseudo_locale.clear()
    d.frame()
    assert pseudo_locale.texts, "nothing drawn"
    assert any("⟦" in text for text in pseudo_locale.texts), "the window drew in English, not the pseudo-locale"
    return d


@pytest.mark.parametrize("mode", ["vs_computer", "two_players", "spectator"])
def test_the_menu_in_the_pseudo_locale_fits_the_smallest_window(ui, pseudo_locale, mode):
    menu_drawn(ui, pseudo_locale, mode)
    assert not pseudo_locale.cut()
    assert not pseudo_locale.outside(pygame.Rect((0, 0), MIN_SIZE))
    assert not pseudo_locale.overlapping()


@pytest.mark.parametrize("mode", ["vs_computer", "two_players", "spectator"])
def test_every_word_the_menu_draws_went_through_gettext(ui, pseudo_locale, mode):
    d = menu_drawn(ui, pseudo_locale, mode)
    assert not pseudo_locale.untranslated(allowed(d))


def test_choosing_german_in_the_menu_redraws_it_in_german_with_the_language_row_still_selected(ui, pseudo_locale):
    from game import i18n

    d = ui()
    for _ in range(len(d.scene.rows())):
        if d.scene.selected_label == "Language":
            break
        d.key(pygame.K_DOWN)
    d.key(pygame.K_RIGHT)
    d.key(pygame.K_RIGHT)                    # the system's, English, then German
    assert i18n.language() == "de"
    pseudo_locale.clear()
    d.frame()
    assert "Vier gewinnt" in pseudo_locale.texts and "Sprache" in pseudo_locale.texts
    assert "Partie beginnen" in pseudo_locale.texts
    assert d.scene.selected_label == "Language"         # the row is the same row in every language
    labels = [row.label for row in d.scene.rows()]
    d.key(pygame.K_DOWN)                                # the next row, named in German
    row = d.scene.rows()[d.scene.selected]
    assert row.label == labels[labels.index("Language") + 1] and row.shown_label != row.label

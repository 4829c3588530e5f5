"""A config file's problem lines in the player's language: every word of a line went through
gettext (the keys and the file's values are the file's own), the language is the one in use when
the line is shown (the problems are found before the file's own language is applied), and the
menu's list of them fits the smallest window in the pseudo-locale."""

from __future__ import annotations

import pygame
import pytest

from game import i18n
from game.config.load import load_settings, parse_settings
from game.config.values import ConfigProblem

BROKEN = """
[window]
fps = 1000
size = 3
[display]
fullscreen = "yes please"
theme = "dark"
[network]
port = 80
[ai.window_weights]
own = [1, 2]
[[levels]]
name = "Easy"
[[levels]]
depth = 3
"""


def broken() -> list[ConfigProblem]:
    problems = parse_settings(BROKEN)[1]
    assert len(problems) >= 7
    return problems


def words_of(problems: list[ConfigProblem], text: str) -> set[str]:
    """What a line may show untranslated: the file's keys and values as the file has them."""
    from game.config.values import shown_value

    keys = {p.key for p in problems} | {"levels", "Easy", "dark", "window", "display", "network", "ai.window_weights"}
    return keys | {shown_value(p.value) for p in problems if p.key != "file"}


def test_every_word_of_a_problem_line_went_through_gettext(pseudo_locale):
    from pseudo import DrawnTexts

    problems = broken()
    lines = DrawnTexts()
    for problem in problems:
        lines(str(problem), None, None)
    assert not lines.untranslated(words_of(problems, ""))


@pytest.mark.parametrize("text", ["", "fps = 1000\n", "[window\n"])
def test_a_problem_found_in_english_is_shown_in_the_language_chosen_after(text, pseudo_locale):
    from pseudo import CODE, pseudo_translations

    i18n.set_language("en")
    problems = parse_settings(text)[1] if text else load_settings("")[1]
    english = [str(p) for p in problems]
    assert problems and all("—" in line for line in english)
    i18n.use_translations(CODE, pseudo_translations())
    shown = [str(p) for p in problems]
    assert all(line.startswith(("⟦", "window.fps")) and "⟦" in line for line in shown), shown
    assert problems[0] == ConfigProblem(problems[0].key, problems[0].value, str(problems[0].allowed),
                                        str(problems[0].fallback))           # the values compare as English


def test_the_menus_list_of_problems_fits_the_smallest_window(pseudo_locale):
    from game.ui.layout import MIN_SIZE
    from game.ui.overlays import problems_overlay
    from game.ui.theme import THEMES

    from pseudo import DrawnTexts

    from game.ui.overlays import help_size

    pygame.display.init()
    surface = pygame.Surface(MIN_SIZE)
    theme = THEMES["classic"]
    overlay = problems_overlay([str(p) for p in broken()], None)
    pseudo_locale.clear()
    overlay.draw(surface, theme)                # the first screenful: a long list scrolls
    assert pseudo_locale.texts
    assert not pseudo_locale.outside(surface.get_rect())
    assert not pseudo_locale.overlapping()
    # Every line of the list, wrapped as the overlay wraps it at this size: none cut.
    wrapped = DrawnTexts()
    for text, _colour, _bold in overlay.lines(help_size(MIN_SIZE[1]), min(MIN_SIZE[0] - 16, 1000) - 40, theme):
        wrapped(text, None, None)
    assert len(wrapped.texts) > len(pseudo_locale.texts) // 2
    assert not wrapped.cut()

"""The game scene, its question, the help and the save list in the pseudo-locale at the smallest
window: every word drawn went through gettext, none is cut, none is outside its box or over
another (the model: tests/ui/test_languages_menu.py)."""

from __future__ import annotations

import pygame
import pytest

from conftest import FakeWorker

from game.domain.players import HUMAN, parse_player_spec
from game.domain.saved import SavedGame
from game.engine.board import parse_moves
from game.service.requests import AIUpdate, Analysis
from game.store.savefile import save_game
from game.store.saves import saves_dir
from game.ui.game import game_text
from game.ui.layout import MIN_SIZE
from game.ui.scene import GameStart, SceneName, Transition

WINDOW = pygame.Rect((0, 0), MIN_SIZE)
RED_WINS = "1122334"     # red's four along the bottom row


def in_pseudo_locale(d):
    """The pseudo-locale again: a window that opens sets the language it was configured with."""
    from pseudo import CODE, pseudo_translations

    from game import i18n

    i18n.use_translations(CODE, pseudo_translations())
    return d


def resize(d, size):
    pygame.display.set_mode(size, pygame.RESIZABLE)
    d.frame(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))


def names(d) -> set[str]:
    """What the game may draw untranslated: the level names of the settings (config.toml's)."""
    return {level.name for level in d.c.ctx.settings.levels}


def faults(drawn, allowed: set[str]) -> dict[str, list[str]]:
    return {name: found for name, found in (
        ("untranslated", drawn.untranslated(allowed)), ("cut", drawn.cut()), ("outside", drawn.outside(WINDOW)),
        ("overlapping", drawn.overlapping())) if found}


def drawn_frame(d, drawn, *events):
    drawn.clear()
    d.frame(*events)
    assert drawn.texts, "nothing drawn"
    return faults(drawn, names(d))


def overlay_only(overlay, drawn):
    """Record only what ``overlay`` draws (the scene under it is shaded over, and tested alone)."""
    draw = overlay.draw

    def cleared_first(surface, theme):
        drawn.clear()
        draw(surface, theme)

    overlay.draw = cleared_first
    return overlay


def against_computer(ui, fake, moves=""):
    d = in_pseudo_locale(ui(worker_factory=lambda: fake))
    resize(d, MIN_SIZE)
    settings = d.c.ctx.settings
    d.c.switch(Transition(SceneName.GAME, GameStart(HUMAN, parse_player_spec("Hard", settings),
                                                    tuple(parse_moves(moves)))))
    d.frame()
    return d


def answer_analysis(d, fake, scores, exact):
    asked = next(r for r in reversed(fake.requests) if r.kind == "analysis")
    fake.outbox.append(AIUpdate(asked.generation, "analysis", result=Analysis(tuple(scores), exact)))
    d.frame()


def test_a_game_against_the_computer_with_a_hint_and_the_analysis_row(ui, pseudo_locale):
    fake = FakeWorker()
    d = against_computer(ui, fake, "44")
    d.key(pygame.K_a)                   # the analysis row: proven values, a full column's word
    answer_analysis(d, fake, (-2.0, -1.0, 0.0, 3.0, 0.0, -1.0, -2.0), True)
    d.key(pygame.K_h)                   # the hint from the row
    d.settle(frames=60)                 # the hint's flash over, the status line says it
    assert "⟧" in d.scene.status_text()
    assert not drawn_frame(d, pseudo_locale)


def test_estimates_in_the_analysis_row_and_the_computer_thinking(ui, pseudo_locale):
    fake = FakeWorker()
    d = against_computer(ui, fake, "44")
    d.key(pygame.K_a)
    answer_analysis(d, fake, (0.1, 0.2, 0.3, 0.25, 0.0, 0.1, 0.0), False)
    assert not drawn_frame(d, pseudo_locale)
    d.key(pygame.K_4)                   # the computer's turn: thinking…
    d.settle(frames=10)
    assert not drawn_frame(d, pseudo_locale)


def test_a_question_over_the_game(ui, pseudo_locale):
    d = against_computer(ui, FakeWorker(), "4453")
    d.key(pygame.K_n)                   # "Start a new game?" over a game in progress
    overlay_only(d.scene.overlay, pseudo_locale)
    assert not drawn_frame(d, pseudo_locale)


def test_game_over(ui, pseudo_locale):
    d = against_computer(ui, FakeWorker(), RED_WINS[:-1])
    d.key(pygame.K_4)
    d.settle()
    assert d.scene.model.winner == 1
    # the new drills' notice is the practice keeper's words, tested with practice: waited for and dismissed
    assert d.c.ctx.session.practice.flush(30.0)
    d.frame()
    d.c.ctx.notices.items.clear()
    assert not drawn_frame(d, pseudo_locale)
    d.key(pygame.K_5)                   # a drop refused: the game is over
    assert not drawn_frame(d, pseudo_locale)


def test_two_people_and_a_match_between_computers(ui, pseudo_locale):
    d = in_pseudo_locale(ui("human", "human"))
    resize(d, MIN_SIZE)
    d.key(pygame.K_4)
    d.settle()
    assert not drawn_frame(d, pseudo_locale)
    d = in_pseudo_locale(ui("Easy", "Easy", worker_factory=FakeWorker))
    resize(d, MIN_SIZE)
    assert not drawn_frame(d, pseudo_locale)


def test_every_page_of_the_help(ui, pseudo_locale):
    """Each page, and each line of a page too long for the window (read by scrolling it): a
    message that runs on past the window's edge goes on at the next scroll, so the page's lines
    are put together over its scroll positions before its messages are checked whole."""
    from pseudo import DrawnTexts

    d = against_computer(ui, FakeWorker())
    d.key(pygame.K_F1)
    help_overlay = overlay_only(d.scene.overlay, pseudo_locale)
    d.frame()
    pages = len(help_overlay._pages)
    assert pages > 1
    for _ in range(pages):
        pseudo_locale.clear()
        d.frame()
        header, *lines, footer = pseudo_locale.drawn
        page = [header, *lines]
        while help_overlay.scroll < help_overlay._max_scroll:
            assert not pseudo_locale.outside(WINDOW) and not pseudo_locale.overlapping()
            pseudo_locale.clear()
            d.key(pygame.K_DOWN)
            page.append(pseudo_locale.drawn[-2])        # the line that came into view at the bottom
        assert not pseudo_locale.outside(WINDOW) and not pseudo_locale.overlapping()
        whole = DrawnTexts()
        whole.drawn = [*page, footer]
        assert not whole.untranslated(names(d)), f"page {help_overlay.page + 1}"
        assert not whole.cut(), f"page {help_overlay.page + 1}"
        d.key(pygame.K_RIGHT)


@pytest.fixture
def saves(connect4_home):
    """Three saves: a game against the computer, two people's finished game and a broken file."""
    folder = saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    save_game(folder / "against.c4save", SavedGame("4453", "human", "Hard", "2026-11-27T21:40:00"))
    save_game(folder / "two.c4save", SavedGame(RED_WINS, "human", "human", "2026-11-28T08:05:00"))
    (folder / "broken.c4save").write_text("{not json", encoding="utf-8")
    return folder


def test_the_save_list(ui, pseudo_locale, saves):
    d = against_computer(ui, FakeWorker())
    d.key(pygame.K_o, mod=pygame.KMOD_LCTRL)
    overlay_only(d.scene.overlay, pseudo_locale)
    files = {path.name for path in saves.iterdir()}
    for _ in range(3):          # each entry selected in turn: the broken one says why below
        pseudo_locale.clear()
        d.frame()
        assert not faults(pseudo_locale, names(d) | files)
        d.key(pygame.K_DOWN)
    d.key(pygame.K_DELETE)      # "Delete this saved game?"
    overlay_only(d.scene.overlay.confirm, pseudo_locale)
    d.frame()
    assert not faults(pseudo_locale, names(d) | files)


def test_the_coachs_words_under_a_hint(ui, pseudo_locale):
    """H on the player's turn: the hinted column framed, and the coach's words above the board
    (the engine's facts, worded by game.words) with the status line's hint."""
    d = in_pseudo_locale(ui())
    resize(d, MIN_SIZE)
    settings = d.c.ctx.settings
    d.c.switch(Transition(SceneName.GAME, GameStart(HUMAN, parse_player_spec("Hard", settings),
                                                    tuple(parse_moves("4435")))))
    d.frame()
    d.key(pygame.K_h)
    d.run_until(lambda: d.scene.thinking.why() is not None, what="the hint's explanation")
    d.settle(frames=60)
    assert game_text.shown_why(d.scene.view()) is not None
    assert not drawn_frame(d, pseudo_locale)

"""An honest rating in the window: a game is rated only from the empty board against a rated level
with no undo, hint or analysis row; anything else is casual (said at once, kept marked in the
record); leaving an unfinished rated game asks first and counts as a loss."""

from __future__ import annotations

import pygame
import pytest

from game.record import RecordResult
from game.record_store import load_record
from game.settings import Level
from game.storage import SavedGame, save_game, saves_dir
from game.ui.game_scene import GameScene
from game.ui.game_text import header_right
from game.ui.menu import GameStart, MenuScene
from game.ui.overlays import Confirm
from game.ui.scene import SceneName, Transition

QUICK = (Level("Quick", 1, elo=1500), Level("Mine", 1))  # a rated level and an unrated one
CTRL = pygame.KMOD_LCTRL


@pytest.fixture
def rated(ui):
    def make(yellow="Quick", red="human"):
        return ui(red, yellow, levels=QUICK)
    return make


def human_move(d, col: int) -> None:
    """Drop in ``col`` (0-based), then let the computer answer."""
    d.key(getattr(pygame, f"K_{col + 1}"))
    d.run_until(lambda: d.scene.model.is_over or not d.scene.model.is_ai_turn(), what="the reply")
    d.settle(12)


def play_to_the_end(d) -> None:
    """The human stacks the leftmost free column until the game ends (the computer wins or it is full)."""
    while not d.scene.model.is_over:
        col = next(c for c in range(7) if d.scene.model.position.can_play(c))
        human_move(d, col)


def header(d) -> str:
    """The header's right-hand words ("Move 3 · rated"), after drawing a frame with them."""
    d.scene.draw(pygame.Surface((800, 700)))
    return header_right(d.scene)


def games(d) -> tuple:
    """The record's games once every game the window has recorded is written."""
    assert d.c.after_game.keeper.flush()
    return load_record()[0].games


def notices(d) -> list[str]:
    return d.c.ctx.notices.texts()


def test_a_game_from_the_start_without_help_is_rated(rated, connect4_home):
    d = rated()
    assert d.scene.rating.game.rated and header(d) == "Move 1 · rated"
    play_to_the_end(d)
    (game,) = games(d)
    assert game.rated and game.level == "Quick" and game.elo == 1500


@pytest.mark.parametrize("action, reason", [
    (lambda d: (human_move(d, 3), d.key(pygame.K_z, CTRL)), "a move was taken back"),
    (lambda d: d.key(pygame.K_h), "a hint was asked for"),
    (lambda d: d.key(pygame.K_a), "the analysis row was shown"),
])
def test_undo_hint_or_analysis_make_the_game_casual_and_say_so(rated, connect4_home, action, reason):
    d = rated()
    action(d)
    assert notices(d) == [f"Casual game: not rated — {reason}"]
    assert not d.scene.rating.game.rated and header(d).endswith(" · casual")
    if d.scene.analysis_on:
        d.key(pygame.K_a)                       # switching it off again does not make it rated
    d.scene.hint_wanted = False
    play_to_the_end(d)
    (game,) = games(d)
    assert not game.rated                       # kept in the record, marked
    record = load_record()[0]
    assert record.rating().games == 0 and record.per_level() == {} and record.casual_games() == 1


def test_games_that_are_casual_from_the_start(rated, ui, connect4_home):
    assert not rated(yellow="Mine").scene.rating.game.rated          # an unrated level
    assert not rated(yellow="Quick:window").scene.rating.game.rated  # a measured level, changed
    assert not rated(yellow="ai:3").scene.rating.game.rated            # a custom depth
    two = ui("human", "human")
    assert not two.scene.rating.game.against_computer and header(two) == "Move 1"
    d = ui(resume=SavedGame.now("4453", "human", "Easy"))             # an autosave from an earlier run
    d.key(pygame.K_RETURN)
    assert isinstance(d.scene, GameScene) and not d.scene.rating.game.rated
    d = rated()                                                       # a loaded save
    path = saves_dir() / "g.c4save"
    save_game(path, SavedGame.now("44", "human", "Quick"))
    assert d.scene.load(path) and not d.scene.rating.game.rated


def test_play_on_from_a_review_is_casual_even_from_the_empty_board(rated, connect4_home):
    d = rated()
    model = d.scene.model
    d.c.switch(Transition(SceneName.GAME, GameStart(model.red, model.yellow, "", continued=True)))
    assert not d.scene.rating.game.rated


def test_the_analysis_row_starts_off_in_a_new_game_against_the_computer(rated, connect4_home):
    d = rated()
    d.key(pygame.K_a)
    assert d.scene.analysis_on
    d.key(pygame.K_n)                                   # nothing played yet: no question
    assert not d.scene.analysis_on and d.scene.rating.game.rated


def test_leaving_a_rated_game_with_n_asks_and_counts_a_loss(rated, connect4_home):
    d = rated()
    for col in (0, 6):
        human_move(d, col)
    d.key(pygame.K_n)                                   # two own moves: a plain question, no loss
    assert isinstance(d.scene.overlay, Confirm) and "loss" not in d.scene.overlay.detail
    d.key(pygame.K_ESCAPE)
    human_move(d, 0)
    d.key(pygame.K_n)
    assert "will count as a loss in your record" in d.scene.overlay.detail
    d.key(pygame.K_ESCAPE)                              # kept: nothing recorded
    assert d.scene.overlay is None and games(d) == ()
    d.key(pygame.K_n)
    d.key(pygame.K_y)
    (game,) = games(d)
    assert game.rated and game.result is RecordResult.LOSS and len(game.moves) >= 5
    assert d.scene.model.moves == () and d.scene.rating.game.rated   # the new game is rated again


def test_esc_then_resume_keeps_the_game_rated_and_esc_then_start_counts_a_loss(rated, connect4_home):
    d = rated()
    for col in (0, 6, 0):
        human_move(d, col)
    d.key(pygame.K_ESCAPE)
    assert isinstance(d.scene, MenuScene)
    d.key(pygame.K_RETURN)                               # "Resume unfinished game"
    assert isinstance(d.scene, GameScene) and d.scene.rating.game.rated
    d.key(pygame.K_ESCAPE)
    labels = [row.label for row in d.scene.rows()]
    while labels[d.scene.selected] != "Start game":
        d.key(pygame.K_DOWN)
    d.key(pygame.K_RETURN)
    assert "it will count as a loss in your record" in d.scene.overlay.detail
    assert games(d) == ()
    d.key(pygame.K_y)
    assert isinstance(d.scene, GameScene) and d.scene.model.moves == ()
    (game,) = games(d)
    assert game.rated and game.result is RecordResult.LOSS


@pytest.mark.parametrize("quit_event", [
    pygame.event.Event(pygame.QUIT),
    pygame.event.Event(pygame.KEYDOWN, key=pygame.K_q, mod=pygame.KMOD_LCTRL, unicode=""),
])
def test_quitting_a_rated_game_asks_and_counts_a_loss(rated, connect4_home, quit_event):
    d = rated()
    for col in (0, 6, 0):
        human_move(d, col)
    d.frame(quit_event)
    assert d.c.running and isinstance(d.c.quit_question, Confirm)
    assert "will count as a loss" in d.c.quit_question.detail
    d.key(pygame.K_5)                                    # the board takes no move while asking
    assert len(d.scene.model.moves) == 6
    d.key(pygame.K_ESCAPE)                               # keep playing
    assert d.c.running and d.c.quit_question is None and games(d) == ()
    d.frame(quit_event)
    d.frame(quit_event)                                  # asking to quit again is the answer yes
    assert not d.c.running
    (game,) = games(d)
    assert game.rated and game.result is RecordResult.LOSS


def test_quitting_with_few_moves_or_a_casual_game_does_not_ask(rated, connect4_home):
    d = rated()
    human_move(d, 0)
    d.key(pygame.K_q, CTRL)
    assert not d.c.running and games(d) == ()
    d = rated()
    for col in (0, 6, 0):
        human_move(d, col)
    d.key(pygame.K_z, CTRL)                              # casual now
    d.key(pygame.K_q, CTRL)
    assert not d.c.running and games(d) == ()


def test_quitting_from_the_menu_over_a_left_rated_game_asks_too(rated, connect4_home):
    d = rated()
    for col in (0, 6, 0):
        human_move(d, col)
    d.key(pygame.K_ESCAPE)
    labels = [row.label for row in d.scene.rows()]
    while labels[d.scene.selected] != "Quit":
        d.key(pygame.K_DOWN)
    d.key(pygame.K_RETURN)
    assert d.c.running and d.c.quit_question is not None
    d.key(pygame.K_y)
    assert not d.c.running
    (game,) = games(d)
    assert game.result is RecordResult.LOSS

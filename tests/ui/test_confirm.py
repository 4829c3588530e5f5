"""Nothing a player built is thrown away by one key: N, loading a save and starting from the menu ask
first while an unfinished game with moves is on the board; a finished or empty game needs no question."""

from __future__ import annotations

import pygame

from conftest import FakeWorker

from game.domain.saved import SavedGame
from game.engine.search import SearchResult
from game.store.savefile import save_game
from game.store.saves import saves_dir
from game.ui.game.game_scene import GameScene
from game.ui.menu.menu_scene import MenuScene
from game.ui.overlays import Confirm

CTRL = pygame.KMOD_LCTRL


def result(move: int) -> SearchResult:
    return SearchResult(move=move, score=0.0, depth=1, nodes=1, elapsed=0.0, exact=False)


def play(d, moves: str) -> None:
    for ch in moves:
        d.key(getattr(pygame, f"K_{ch}"))
    d.settle()


def test_new_game_asks_and_esc_or_n_keeps_the_game(autosaves, ui):
    d = ui("human", "human")
    play(d, "4453")
    for keep in (pygame.K_ESCAPE, pygame.K_n):
        d.key(pygame.K_n)
        assert isinstance(d.scene.overlay, Confirm)
        d.key(pygame.K_5)                                  # the board takes no move while asking
        d.key(keep)
        assert d.scene.overlay is None
        assert d.scene.model.moves_string() == "4453"
        assert autosaves.read().moves == "4453"


def test_new_game_after_yes_keeps_the_autosave_until_the_first_move(autosaves, ui):
    d = ui("human", "human")
    play(d, "4453")
    d.key(pygame.K_n)
    d.key(pygame.K_RETURN)
    assert d.scene.model.moves_string() == ""
    assert autosaves.read().moves == "4453"
    play(d, "1")
    assert autosaves.read().moves == "1"


def test_a_finished_or_empty_game_needs_no_question(ui):
    d = ui("human", "human")
    d.key(pygame.K_n)
    assert d.scene.overlay is None
    play(d, "1212121")
    assert d.scene.model.is_over
    d.key(pygame.K_n)
    assert d.scene.overlay is None and d.scene.model.moves_string() == ""


def test_loading_a_save_over_an_unfinished_game_asks(autosaves, ui):
    saves_dir().mkdir(parents=True, exist_ok=True)
    save_game(saves_dir() / "one.c4save", SavedGame.now("1122", "human", "human"))
    d = ui("human", "human")
    play(d, "4453")
    d.key(pygame.K_o, CTRL)
    d.key(pygame.K_RETURN)                                 # pick the save
    assert isinstance(d.scene.overlay, Confirm)
    d.key(pygame.K_n)                                      # no: the game stays
    assert d.scene.model.moves_string() == "4453" and autosaves.read().moves == "4453"
    d.key(pygame.K_o, CTRL)
    d.key(pygame.K_RETURN)
    d.key(pygame.K_y)
    assert d.scene.model.moves_string() == "1122"


def test_starting_from_the_menu_asks_while_a_game_is_on_offer(autosaves, ui):
    d = ui("human", "Easy")
    play(d, "4")
    d.run_until(lambda: len(d.scene.model.moves) == 2, what="the computer's reply")
    moves = d.scene.model.moves_string()
    d.key(pygame.K_ESCAPE)
    assert isinstance(d.scene, MenuScene)
    labels = [row.label for row in d.scene.rows()]
    while labels[d.scene.selected] != "Start game":
        d.key(pygame.K_DOWN)
    d.key(pygame.K_RETURN)
    assert isinstance(d.scene, MenuScene) and isinstance(d.scene.overlay, Confirm)
    d.key(pygame.K_ESCAPE)                                 # keep: the offer is still there
    assert d.scene.overlay is None and d.scene.rows()[0].label == "Resume unfinished game"
    assert autosaves.read().moves == moves
    d.key(pygame.K_RETURN)                                 # Start game again, and yes
    d.key(pygame.K_y)
    assert isinstance(d.scene, GameScene) and d.scene.model.moves_string() == ""
    assert autosaves.read().moves == moves                  # until the new game's first move


def test_start_without_an_unfinished_game_asks_nothing(ui):
    d = ui()
    labels = [row.label for row in d.scene.rows()]
    while labels[d.scene.selected] != "Start game":
        d.key(pygame.K_DOWN)
    d.key(pygame.K_RETURN)
    assert isinstance(d.scene, GameScene)


def test_undo_against_the_computer_goes_back_two_plies_and_rewrites_the_autosave(autosaves, ui):
    from game.service.requests import AIUpdate

    fake = FakeWorker()
    d = ui("human", "ai:8", worker_factory=lambda: fake)
    for mine, reply in ((3, 2), (4, 4)):
        d.key(getattr(pygame, f"K_{mine + 1}"))
        d.settle()
        fake.outbox.append(AIUpdate(fake.requests[-1].generation, "move", result=result(reply)))
        d.settle()
    assert d.scene.model.moves_string() == "4355" and autosaves.read().moves == "4355"
    d.key(pygame.K_z, CTRL)
    assert d.scene.model.moves_string() == "43"
    assert autosaves.read().moves == "43"


def test_an_autosave_failure_never_ends_the_game(ui, autosaves, monkeypatch):
    from game.store import savefile

    def broken(game):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(autosaves, "write", broken)
    d = ui("human", "human")
    play(d, "4453")
    assert d.scene.model.moves_string() == "4453"
    stopped = [t for t in d.c.ctx.notices.texts() if t.startswith("Autosave stopped:")]
    assert len(stopped) == 1 and "No space left" in stopped[0]      # said once, not per move

    def refused(game):
        raise savefile.SaveFileError("red: 'x' is not a player")

    monkeypatch.setattr(autosaves, "write", refused)
    again = ui("human", "human")
    play(again, "12")
    assert again.scene.model.moves_string() == "12"
    assert sum(t.startswith("Autosave stopped:") for t in again.c.ctx.notices.texts()) == 1

"""The menu scene: choices by keyboard and mouse, the players they produce, remembered between runs."""

from __future__ import annotations

import pygame

from game.storage import SavedGame, load_prefs
from game.ui.game_scene import GameScene
from game.ui.menu import CUSTOM, MenuScene


def row_labels(d) -> list[str]:
    return [row.label for row in d.scene.rows()]


def select(d, label: str) -> None:
    labels = row_labels(d)
    while labels[d.scene.selected] != label:
        d.key(pygame.K_DOWN)


def test_menu_opens_without_players(ui):
    d = ui()
    assert isinstance(d.scene, MenuScene)
    assert row_labels(d)[:2] == ["Mode", "You play"]
    assert "Start game" in row_labels(d) and "Quit" in row_labels(d)


def test_vs_computer_as_yellow_with_a_level(ui):
    d = ui()
    select(d, "You play")
    d.key(pygame.K_RIGHT)                                # Yellow: the computer moves first
    select(d, "Computer level")
    while d.scene.choices.computer.level != "Expert":
        d.key(pygame.K_RIGHT)
    assert "Computer heuristic" not in row_labels(d)     # a level brings its own heuristic
    select(d, "Start game")
    d.key(pygame.K_RETURN)
    assert isinstance(d.scene, GameScene)
    red, yellow = d.scene.model.red, d.scene.model.yellow
    assert yellow.kind == "human"
    assert red.kind == "ai" and red.level == "Expert"
    assert red.depth == d.c.ctx.settings.level("Expert").depth


def test_every_menu_level_plays_as_the_same_level_on_the_command_line(ui):
    """Depth, heuristic, time, perfect play and temperature: the menu's level is the command line's level,
    and saves record the level by its name alone."""
    from game.settings import parse_player_spec
    from game.storage import read_autosave

    d = ui()
    settings = d.c.ctx.settings
    # A remembered heuristic from the custom depth must not leak into a level.
    d.scene.choices.computer.heuristic = "window"
    for level in settings.levels:
        if not isinstance(d.scene, MenuScene):
            d.key(pygame.K_ESCAPE)
        select(d, "Computer level")
        while d.scene.choices.computer.level != level.name:
            d.key(pygame.K_RIGHT)
        select(d, "Start game")
        d.key(pygame.K_RETURN)
        if not isinstance(d.scene, GameScene):           # an unfinished game was on offer: replace it
            d.key(pygame.K_y)
        assert isinstance(d.scene, GameScene)
        computer = d.scene.model.yellow
        expected = parse_player_spec(level.name, settings)
        assert computer.search_config(settings) == expected.search_config(settings), level.name
        assert d.scene.model.player_text(computer) == level.name
        d.key(pygame.K_4)                                 # one move: the autosave records the player
        assert read_autosave().yellow == level.name


def test_heuristic_row_only_for_a_custom_depth(ui):
    d = ui()
    select(d, "Computer level")
    while d.scene.choices.computer.level != CUSTOM:
        d.key(pygame.K_RIGHT)
    assert "Computer heuristic" in row_labels(d)
    select(d, "Computer heuristic")
    while d.scene.choices.computer.heuristic != "window":
        d.key(pygame.K_RIGHT)
    _, computer = d.scene.choices.players(d.c.ctx.settings)
    assert computer.heuristic == "window" and computer.level is None


def test_custom_depth_and_spectator_rows(ui):
    d = ui()
    d.key(pygame.K_LEFT)                                 # Mode wraps round to Computer vs Computer
    assert d.scene.choices.mode == "spectator"
    assert "Red computer level" in row_labels(d) and "Yellow computer heuristic" not in row_labels(d)
    select(d, "Yellow computer level")
    while d.scene.choices.yellow_ai.level != CUSTOM:
        d.key(pygame.K_RIGHT)
    assert "Yellow computer heuristic" in row_labels(d)
    select(d, "Yellow computer depth")
    start = d.scene.choices.yellow_ai.depth
    d.key(pygame.K_RIGHT)
    d.key(pygame.K_RIGHT)
    assert d.scene.choices.yellow_ai.depth == start + 2
    red, yellow = d.scene.choices.players(d.c.ctx.settings)
    assert red.kind == yellow.kind == "ai" and yellow.depth == start + 2 and yellow.level is None


def test_two_players_by_mouse(ui):
    d = ui()
    mode = d.scene.rows()[0]
    d.click((mode.rect.right - 20, mode.rect.centery))    # forwards: Two players
    assert d.scene.choices.mode == "two_players"
    start = next(row for row in d.scene.rows() if row.label == "Start game")
    d.click(start.rect.center)
    assert isinstance(d.scene, GameScene)
    assert d.scene.model.red.kind == d.scene.model.yellow.kind == "human"


def test_choices_are_remembered_between_runs(ui):
    d = ui()
    d.key(pygame.K_RIGHT)                                # Two players
    select(d, "Theme")
    d.key(pygame.K_RIGHT)
    theme = d.c.ctx.theme_name
    select(d, "Start game")
    d.key(pygame.K_RETURN)
    assert load_prefs()["menu"]["mode"] == "two_players"
    again = ui()
    assert again.scene.choices.mode == "two_players"
    assert again.c.ctx.theme_name == theme


def test_volume_is_remembered(ui):
    d = ui()
    select(d, "Volume")
    start = d.c.ctx.sound.volume
    d.key(pygame.K_LEFT)
    assert abs(d.c.ctx.sound.volume - (round(start * 10) - 1) / 10) < 1e-9
    assert load_prefs()["volume"] == d.c.ctx.sound.volume
    assert abs(ui().c.ctx.sound.volume - d.c.ctx.sound.volume) < 1e-9


def test_explicit_config_wins_over_remembered_theme(ui, tmp_path):
    d = ui()
    select(d, "Theme")
    d.key(pygame.K_RIGHT)
    assert d.c.ctx.theme_name == "colorblind"
    again = ui(config_path=tmp_path / "config.toml", theme="classic")
    assert again.c.ctx.theme_name == "classic"


def test_corrupt_prefs_fall_back_to_defaults(ui, connect4_home):
    from game.storage import prefs_path

    prefs_path().parent.mkdir(parents=True, exist_ok=True)
    prefs_path().write_text('{"menu": {"mode": 7, "computer": {"level": "Nope", "depth": 99}}, "theme": 3}')
    d = ui()
    assert d.scene.choices.mode == "vs_computer"
    assert d.scene.choices.computer.level in [lvl.name for lvl in d.c.ctx.settings.levels]
    assert d.c.ctx.theme_name == "classic"


def test_resume_offer(ui):
    d = ui(resume=SavedGame.now("4453", "human", "Easy"))
    assert row_labels(d)[0] == "Resume unfinished game"
    d.key(pygame.K_RETURN)
    assert isinstance(d.scene, GameScene)
    assert d.scene.model.moves_string() == "4453"
    assert d.scene.model.yellow.level == "Easy"


def test_quit_button(ui):
    d = ui()
    select(d, "Quit")
    d.key(pygame.K_RETURN)
    assert not d.c.running


def test_many_start_problems_are_counted_not_stacked_over_the_board(ui):
    problems = [f"Settings: key{i} = 1 — unknown key" for i in range(5)]
    d = ui(notices=problems)
    assert d.c.ctx.notices.texts() == [problems[0], "4 more problems: connect4 --check-config FILE lists them all"]


def test_config_problems_are_shown_in_the_window_and_can_be_dismissed(ui):
    problem = "window.fps = 5: allowed 15..240 (using the default 60)"
    d = ui(notices=[problem])
    assert d.c.ctx.notices.texts() == [problem]
    d.frame()                                            # drawn: now it has a place on screen
    (rect, _), = d.c.ctx.notices._rects
    d.click(rect.center)
    assert d.c.ctx.notices.texts() == []
    assert isinstance(d.scene, MenuScene)                # the click went to the notice, not the menu


def test_a_first_start_offers_the_newcomers_level_not_a_hard_one(ui):
    d = ui()
    settings = d.c.ctx.settings
    assert d.scene.choices.computer.level == settings.newcomer_level().name == "Beginner"
    beginner = settings.level("Beginner")
    assert beginner.elo == min(level.elo for level in settings.levels if level.elo is not None)
    # a computer match keeps two mid-ladder computers to watch
    assert d.scene.choices.red_ai.level == settings.levels[len(settings.levels) // 2].name
    select(d, "Start game")
    d.key(pygame.K_RETURN)
    assert isinstance(d.scene, GameScene) and d.scene.model.yellow.level == "Beginner"

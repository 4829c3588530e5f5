"""The menu scene: choices by keyboard and mouse, the players they produce, remembered between runs."""

from __future__ import annotations

import pygame

from game.domain.saved import SavedGame
from game.store.prefs import load_prefs
from game.ui.game.game_scene import GameScene
from game.ui.menu.menu_choices import CUSTOM
from game.ui.menu.menu_scene import MenuScene


def row_labels(d) -> list[str]:
    return [row.label for row in d.scene.rows()]


def enabled_labels(d) -> list[str]:
    return [row.label for row in d.scene.rows() if row.enabled]


def select(d, label: str) -> None:
    """Select the row ``label`` by keyboard: up to the top (the list does not wrap), then down."""
    for _ in range(len(row_labels(d))):
        d.key(pygame.K_UP)
    for _ in range(len(row_labels(d))):
        if row_labels(d)[d.scene.selected] == label:
            return
        d.key(pygame.K_DOWN)
    raise AssertionError(f"no selectable row {label!r} in {row_labels(d)}")


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
    assert "Computer heuristic" not in enabled_labels(d)  # a level brings its own heuristic
    select(d, "Start game")
    d.key(pygame.K_RETURN)
    assert isinstance(d.scene, GameScene)
    red, yellow = d.scene.model.red, d.scene.model.yellow
    assert yellow.kind == "human"
    assert red.kind == "ai" and red.level == "Expert"
    assert red.depth == d.c.ctx.settings.level("Expert").depth


def test_every_menu_level_plays_as_the_same_level_on_the_command_line(autosaves, ui):
    """Depth, heuristic, time, perfect play and temperature: the menu's level is the command line's level,
    and saves record the level by its name alone."""
    from game.domain.players import parse_player_spec

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
        assert settings.player_search(computer) == settings.player_search(expected), level.name
        assert d.scene.model.player_text(computer) == level.name
        d.key(pygame.K_4)                                 # one move: the autosave records the player
        assert autosaves.read().yellow == level.name


def test_heuristic_row_only_for_a_custom_depth(ui):
    d = ui()
    select(d, "Computer level")
    while d.scene.choices.computer.level != CUSTOM:
        d.key(pygame.K_RIGHT)
    assert "Computer heuristic" in enabled_labels(d)
    select(d, "Computer heuristic")
    while d.scene.choices.computer.heuristic != "window":
        d.key(pygame.K_RIGHT)
    _, computer = d.scene.choices.players(d.c.ctx.settings)
    assert computer.heuristic == "window" and computer.level is None


def test_custom_depth_and_spectator_rows(ui):
    d = ui()
    d.key(pygame.K_LEFT)                                 # Mode wraps round to Computer vs Computer
    assert d.scene.choices.mode == "spectator"
    assert "Red computer level" in row_labels(d) and "Yellow computer heuristic" not in enabled_labels(d)
    select(d, "Yellow computer level")
    while d.scene.choices.yellow_ai.level != CUSTOM:
        d.key(pygame.K_RIGHT)
    assert "Yellow computer heuristic" in enabled_labels(d)
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
    assert load_prefs().menu["mode"] == "two_players"
    again = ui()
    assert again.scene.choices.mode == "two_players"
    assert again.c.ctx.theme_name == theme


def test_volume_is_remembered(ui):
    d = ui()
    select(d, "Volume")
    start = d.c.ctx.sound.volume
    d.key(pygame.K_LEFT)
    assert abs(d.c.ctx.sound.volume - (round(start * 10) - 1) / 10) < 1e-9
    assert load_prefs().volume == d.c.ctx.sound.volume
    assert abs(ui().c.ctx.sound.volume - d.c.ctx.sound.volume) < 1e-9


def test_explicit_config_wins_over_remembered_theme(ui, tmp_path):
    d = ui()
    select(d, "Theme")
    d.key(pygame.K_RIGHT)
    assert d.c.ctx.theme_name == "colorblind"
    again = ui(config_path=tmp_path / "config.toml", theme="classic")
    assert again.c.ctx.theme_name == "classic"


def test_corrupt_prefs_fall_back_to_defaults(ui, connect4_home):
    from game.store.prefs import prefs_path

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


def test_many_start_notices_are_counted_not_stacked_over_the_rows(ui):
    notices = [f"notice {i}" for i in range(5)]
    d = ui(notices=notices)
    assert d.c.ctx.notices.texts() == [notices[0], "and 4 more notices (the log has them all)"]
    d.frame()
    first_row = min(row.rect.top for row in d.scene.rows())
    assert all(rect.bottom <= first_row for rect, _ in d.c.ctx.notices._rects)   # over the title only


def problems(n: int):
    from game.config.values import ConfigProblem

    return [ConfigProblem(f"window.key{i}", i, "nothing: unknown key", "ignored") for i in range(n)] + [
        ConfigProblem("display.fullscreen", "yes please", "true or false", "using the default false")]


def test_every_settings_problem_is_listed_in_full_and_covers_no_row(ui):
    from game.ui.overlays import TextOverlay

    found = problems(4)
    d = ui(problems=found)
    assert d.c.ctx.notices.texts() == []                     # no box over the rows
    overlay = d.scene.overlay
    assert isinstance(overlay, TextOverlay)                  # shown at once, all of them, in full
    (title, lines), = overlay.sections
    assert title == "Settings problems" and lines[:5] == [str(p) for p in found]
    assert "yes please" in lines[4] and "using the default false" in lines[4]
    d.key(pygame.K_ESCAPE)
    assert d.scene.overlay is None
    assert "Settings problems (5)" in row_labels(d)          # and at hand later
    select(d, "Settings problems (5)")
    d.key(pygame.K_RETURN)
    assert isinstance(d.scene.overlay, TextOverlay)


def test_settings_problems_in_a_game_started_from_the_command_line_are_one_line(ui):
    d = ui("human", "Easy", problems=problems(2))
    assert d.c.ctx.notices.texts() == ['3 problems in the settings: Esc, then "Settings problems" in the menu, '
                                       'lists them']


def test_a_broken_config_value_keeps_the_remembered_theme_and_volume(ui, tmp_path):
    from game.config.values import ConfigProblem
    from game.store.prefs import Prefs, save_prefs

    save_prefs(Prefs(theme="colorblind", volume=0.3, muted=True))
    broken = [ConfigProblem("display.theme", "dark", "classic or colorblind", "using the default classic"),
              ConfigProblem("sound.volume", 7, "0 to 1", "using the default 0.7")]
    d = ui(config_path=tmp_path / "config.toml", problems=broken)
    assert d.c.ctx.theme_name == "colorblind" and abs(d.c.ctx.sound.volume - 0.3) < 1e-9
    assert d.c.ctx.sound.muted is False                      # sound.enabled was fine: the file's value wins
    assert load_prefs().theme == "colorblind" and load_prefs().volume == 0.3


def test_rows_stay_under_the_pointer(ui):
    d = ui()
    before = {row.label: row.rect.copy() for row in d.scene.rows()}
    select(d, "Computer level")
    while d.scene.choices.computer.level != CUSTOM:         # the custom rows are there already, greyed
        d.key(pygame.K_RIGHT)
    assert {row.label: row.rect for row in d.scene.rows()} == before
    mode = before["Mode"]
    for expected in ("two_players", "spectator", "vs_computer"):
        d.click((mode.right - 20, mode.centery))             # the same place, again and again: Mode
        assert d.scene.choices.mode == expected
        rows = d.scene.rows()
        assert rows[0].label == "Mode" and rows[0].rect == mode
        assert [r.rect.top for r in rows] == sorted(r.rect.top for r in rows)
        assert rows[1].rect.top - rows[0].rect.top == mode.height + 3     # the height never changes


def test_greyed_rows_take_no_selection_and_no_click(ui):
    d = ui()
    assert d.scene.choices.computer.level != CUSTOM
    select(d, "Computer level")
    d.key(pygame.K_DOWN)
    assert row_labels(d)[d.scene.selected] == "Theme"          # past the greyed depth and heuristic
    depth = next(row for row in d.scene.rows() if row.label == "Computer depth")
    assert not depth.enabled
    before = d.scene.choices.computer.depth
    d.click(depth.rect.center)
    assert d.scene.choices.computer.depth == before and row_labels(d)[d.scene.selected] == "Theme"


def test_up_from_the_top_does_not_wrap_onto_quit(ui):
    d = ui()
    assert row_labels(d)[d.scene.selected] == "Mode"
    d.key(pygame.K_UP)
    d.key(pygame.K_RETURN)                                   # Enter on Mode starts a game, never quits
    assert d.c.running and isinstance(d.scene, GameScene)
    d = ui()
    select(d, "Quit")
    d.key(pygame.K_DOWN)
    assert row_labels(d)[d.scene.selected] == "Quit"


def test_mode_colour_and_level_are_remembered_at_once(ui):
    d = ui()
    select(d, "You play")
    d.key(pygame.K_RIGHT)
    select(d, "Computer level")
    d.key(pygame.K_RIGHT)
    level = d.scene.choices.computer.level
    select(d, "Mode")
    d.key(pygame.K_LEFT)                                     # Computer vs Computer
    saved = load_prefs().menu                             # no game started: saved all the same
    assert (saved["mode"], saved["human_colour"], saved["computer"]["level"]) == ("spectator", 2, level)
    select(d, "Quit")
    d.key(pygame.K_RETURN)
    again = ui()
    assert again.scene.choices.mode == "spectator" and again.scene.choices.human_colour == 2


def test_the_selection_stays_on_its_row_after_a_game(ui):
    d = ui()
    d.key(pygame.K_RIGHT)                                    # Two players
    select(d, "Start game")
    d.key(pygame.K_RETURN)
    for key in (pygame.K_1, pygame.K_2) * 3 + (pygame.K_1,):
        d.key(key)
    d.settle()
    d.key(pygame.K_ESCAPE)                                   # back in the menu: rows differ in number now
    assert isinstance(d.scene, MenuScene) and row_labels(d)[d.scene.selected] == "Start game"
    d.scene.choices.mode = "vs_computer"
    assert row_labels(d)[d.scene.selected] == "Start game"   # another layout: the same row
    d.key(pygame.K_RETURN)
    assert isinstance(d.scene, GameScene)


def test_open_a_saved_game_plays_it(ui):
    from game.store.savefile import save_game
    from game.store.saves import saves_dir
    from game.ui.savelist import SaveList

    saves_dir().mkdir(parents=True, exist_ok=True)
    save_game(saves_dir() / "a.c4save", SavedGame.now("4453", "human", "Easy"))
    d = ui()
    select(d, "Open a saved game")
    d.key(pygame.K_RETURN)
    assert isinstance(d.scene.overlay, SaveList) and d.scene.overlay.title == "Open a saved game"
    d.key(pygame.K_RETURN)
    assert isinstance(d.scene, GameScene)
    assert d.scene.model.moves_string() == "4453" and d.scene.model.yellow.level == "Easy"
    assert d.scene.human_can_move()


def type_name(d, text: str) -> None:
    for ch in text:
        d.frame(pygame.event.Event(pygame.TEXTINPUT, text=ch))


def naming(d, label: str):
    """``d`` in the two-player mode, typing the name of the row ``label``: ``d``."""
    if d.scene.choices.mode != "two_players":
        d.key(pygame.K_RIGHT)                                # Two players
    select(d, label)
    d.key(pygame.K_RETURN)
    return d


def test_two_players_names_score_and_turns_to_start(ui):
    d = naming(ui(), "Red player")
    type_name(d, "Ann\x1b[2J")
    d.key(pygame.K_m)                                        # a letter of a name, not "mute"
    assert not d.c.ctx.sound.muted
    d.key(pygame.K_RETURN)
    assert d.scene.choices.names[0] == "Ann2J"                # the escape sequence's controls are dropped
    select(d, "Yellow player")
    d.key(pygame.K_RETURN)
    type_name(d, "Bob")
    d.key(pygame.K_BACKSPACE)
    type_name(d, "b")
    d.key(pygame.K_RETURN)
    select(d, "Who starts")
    d.key(pygame.K_RIGHT)
    assert load_prefs().menu["names"][1] == "Bob" and load_prefs().menu["alternate"] is True
    ann = d.scene.choices.names[0]
    select(d, "Start game")
    d.key(pygame.K_RETURN)
    scene = d.scene
    assert scene.status_text() == f"{ann} (Red) to move"
    for key in (pygame.K_1, pygame.K_2) * 3 + (pygame.K_1,):
        d.key(key)
    d.settle()
    assert scene.seats.pair.score_line()[0] == f"Game 1 · {ann} 1 – 0 Bob · 0 drawn"
    d.key(pygame.K_n)
    assert scene.status_text() == "Bob (Red) to move"       # the other player starts game 2
    assert scene.seats.pair.score_line()[0] == f"Game 2 · {ann} 1 – 0 Bob · 0 drawn"
    assert scene.seats.pair.name(scene.model, 2) == ann
    again = ui()
    assert again.scene.choices.names == [ann, "Bob"] and again.scene.choices.alternate


def name_row(d, label: str):
    return next(row for row in d.scene.rows() if row.label == label)


def test_esc_keeps_the_name_there_was_and_tab_or_a_click_keeps_the_typed_one(ui):
    d = naming(ui(), "Red player")
    type_name(d, "Ann")
    d.key(pygame.K_RETURN)
    d.key(pygame.K_RETURN)                                   # again: the caret after the name
    assert name_row(d, "Red player").value == "Ann|" and d.scene.wants_text
    d.key(pygame.K_LEFT)
    type_name(d, "i")
    assert name_row(d, "Red player").value == "Ani|n"
    d.key(pygame.K_ESCAPE)
    assert d.scene.choices.names[0] == "Ann" and name_row(d, "Red player").value == "Ann"
    assert not d.scene.wants_text and isinstance(d.scene, MenuScene)    # Esc leaves the typing, not the menu
    d.key(pygame.K_RETURN)
    type_name(d, "e")
    d.key(pygame.K_TAB)                                      # Tab keeps the name and stays on its row
    assert d.scene.choices.names[0] == "Anne" and row_labels(d)[d.scene.selected] == "Red player"
    assert load_prefs().menu["names"][0] == "Anne"
    select(d, "Yellow player")
    d.key(pygame.K_RETURN)
    type_name(d, "Bob")
    theme = name_row(d, "Theme")
    before = d.c.ctx.theme_name
    d.click((theme.rect.right - 30, theme.rect.centery))     # a click keeps the name and acts
    assert d.scene.choices.names[1] == "Bob" and not d.scene.wants_text and d.c.ctx.theme_name != before


def test_a_long_name_stops_at_its_limit(ui):
    from game.domain.names import MAX_PLAYER_NAME_CHARS

    d = naming(ui(), "Yellow player")
    type_name(d, "x" * (MAX_PLAYER_NAME_CHARS + 5))
    d.key(pygame.K_RETURN)
    assert d.scene.choices.names[1] == "x" * MAX_PLAYER_NAME_CHARS


def test_the_window_turns_text_input_on_only_while_a_name_is_typed(ui, monkeypatch):
    calls = []
    monkeypatch.setattr(pygame.key, "start_text_input", lambda: calls.append("on"))
    monkeypatch.setattr(pygame.key, "stop_text_input", lambda: calls.append("off"))
    d = ui()
    d.frame()
    d.key(pygame.K_RIGHT)
    select(d, "Red player")
    assert calls == ["off"]                                  # off from the first frame, switched once
    d.key(pygame.K_RETURN)
    type_name(d, "Ann")
    assert calls == ["off", "on"]
    d.key(pygame.K_RETURN)
    assert calls == ["off", "on", "off"]


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


def test_resuming_an_unfinished_game_brings_the_analysis_row_back_as_it_was(ui):
    d = ui(resume=SavedGame.now("4453", "human", "human"))
    d.key(pygame.K_RETURN)                       # resume: a two-player game, the row off
    assert isinstance(d.scene, GameScene) and not d.scene.analysis_on
    d.key(pygame.K_a)
    assert d.scene.analysis_on
    d.key(pygame.K_ESCAPE)                       # to the menu: the game is on offer
    assert row_labels(d)[0] == "Resume unfinished game"
    d.key(pygame.K_RETURN)
    assert isinstance(d.scene, GameScene) and d.scene.model.moves_string() == "4453"
    assert d.scene.analysis_on                   # it comes back on
    d.key(pygame.K_a)                            # and off stays off
    d.key(pygame.K_ESCAPE)
    d.key(pygame.K_RETURN)
    assert isinstance(d.scene, GameScene) and not d.scene.analysis_on


def test_a_game_of_two_computers_keeps_the_unfinished_game_on_offer_without_asking(ui, autosaves):
    saved = SavedGame.now("4453", "human", "Easy")
    autosaves.write(saved)
    d = ui(resume=saved)
    d.scene.choices.mode = "spectator"                   # Computer vs Computer
    select(d, "Start game")
    d.key(pygame.K_RETURN)
    assert isinstance(d.scene, GameScene), "asked about a game that is not lost"
    assert d.scene.model.red.is_ai and d.scene.model.yellow.is_ai
    assert d.c.ctx.session.unfinished == saved and d.c.ctx.session.flush()
    assert autosaves.read().moves == "4453"
    assert d.scene.model.moves and not d.scene.model.is_over      # a match starts from an opening
    d.key(pygame.K_ESCAPE)                               # their game is left unfinished: not offered
    assert isinstance(d.scene, MenuScene) and d.c.ctx.session.unfinished == saved
    assert row_labels(d)[0] == "Resume unfinished game"


def test_the_language_row_changes_the_language_at_once_and_remembers_it(ui):
    from game import i18n

    d = ui()

    def value() -> str:       # the selected row's, whatever its label says in the language in use
        return d.scene.rows()[d.scene.selected].value

    try:
        select(d, "Language")
        assert value().startswith("auto (")      # no choice yet: the system's
        d.key(pygame.K_RIGHT)
        d.key(pygame.K_RIGHT)                    # auto, English, then German
        assert i18n.language() == "de" and load_prefs().language == "de" and value() == "Deutsch"
        d.key(pygame.K_LEFT)
        d.key(pygame.K_LEFT)
        assert load_prefs().language == "auto" and value().startswith("auto (")
    finally:
        i18n.set_language(None)

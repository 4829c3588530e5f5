"""The game scene driven headless with synthetic events: mouse and keyboard play, a full column,
undo while the computer thinks, hint, analysis, save/load and engine errors."""

from __future__ import annotations

import pygame

from game.engine.board import Position
from game.engine.search import SearchResult
from game.domain.saved import SavedGame
from game.store.savefile import save_game
from game.store.saves import list_saves, saves_dir
from game.ui.savelist import SaveList
from conftest import FakeWorker, TextRecorder
from game.ui.game import game_text
from game.service.requests import AIUpdate, Analysis

CTRL = pygame.KMOD_LCTRL


def column_scores(scores, exact):
    """An analysis answer as the worker sends it."""
    return Analysis(tuple(scores), exact)


def result(move: int) -> SearchResult:
    return SearchResult(move=move, score=0.0, depth=1, nodes=1, elapsed=0.0, exact=False, cancelled=False)


def sounds(driver) -> list[str]:
    played: list[str] = []
    driver.c.ctx.sound.play = lambda name: played.append(name) or True
    return played


def test_mouse_play_alternates_and_animates(ui):
    d = ui("human", "human")
    d.click_column(3)
    assert d.scene.model.moves_string() == "4"
    assert d.scene.anims and d.scene.anims[0].col == 3          # the disc is falling
    d.settle()
    assert not d.scene.anims
    d.click_column(3)
    d.settle()
    assert d.scene.model.moves_string() == "44"
    assert d.scene.model.position.cell(3, 1) == 2
    assert d.scene.model.last_move == (3, 1)


def test_drop_lasts_longer_from_higher_up_and_bounces():
    from game.ui.anim import DropAnimation

    def frames_to_land(row):
        anim, frames = DropAnimation(0, row, 1, start=6.0), 0
        while not anim.landed:
            anim.update(1 / 60)
            frames += 1
        while not anim.done:
            anim.update(1 / 60)
            assert anim.y >= row                      # the bounce goes up, never through the floor
        return frames

    assert frames_to_land(0) > frames_to_land(4)


def test_full_column_click_gives_feedback_and_loses_no_turn(ui):
    d = ui("human", "human")
    for _ in range(6):
        d.click_column(0)
        d.settle()
    played = sounds(d)
    before = d.scene.model.moves_string()
    turn = d.scene.model.turn
    d.click_column(0)
    assert d.scene.model.moves_string() == before == "111111"
    assert d.scene.model.turn == turn
    assert d.scene.shake is not None and d.scene.shake.col == 0
    assert played == ["invalid"]
    assert "full" in d.scene.flash.text and d.scene.flash.warning   # a warning, not a success
    d.settle()
    assert d.scene.shake is None
    d.click_column(1)                                  # the same player simply plays elsewhere
    assert d.scene.model.moves_string() == "1111112"


def test_keyboard_play_numbers_arrows_and_drop_keys(ui):
    d = ui("human", "human")
    d.key(pygame.K_1)
    d.key(pygame.K_7)
    assert d.scene.model.moves_string() == "17"
    start = d.scene.cursor
    d.key(pygame.K_LEFT)
    d.key(pygame.K_LEFT)
    assert d.scene.cursor == (start - 2) % 7
    d.key(pygame.K_RETURN)
    d.key(pygame.K_RIGHT)
    d.key(pygame.K_SPACE)
    d.key(pygame.K_DOWN)
    c = start - 2
    assert d.scene.model.moves_string() == f"17{c + 1}{c + 2}{c + 2}"


def test_win_is_highlighted_and_announced(ui):
    d = ui("human", "human")
    played = sounds(d)
    for key in (pygame.K_1, pygame.K_2) * 3 + (pygame.K_1,):
        d.key(key)
    d.settle()
    assert d.scene.model.winner == 1
    assert game_text.board_scene(d.scene.view()).winning == frozenset({(0, 0), (0, 1), (0, 2), (0, 3)})
    assert "Red wins" in d.scene.status_text()
    assert played[-1] == "win"
    d.key(pygame.K_3)                                   # no move after the end
    assert d.scene.model.moves_string() == "1212121"
    d.key(pygame.K_n)
    assert d.scene.model.moves_string() == ""


def test_draw_is_announced(ui):
    drawn = "441365675334466335442232661515577771217122"     # a full board without four in a row
    d = ui("human", "human")
    played = sounds(d)
    for ch in drawn[:-1]:
        d.key(getattr(pygame, f"K_{ch}"))
    d.settle()
    assert not d.scene.model.is_over
    d.click_column(int(drawn[-1]) - 1)
    d.settle()
    assert d.scene.model.is_draw
    assert "Draw" in d.scene.status_text()
    assert played[-1] == "draw"


def test_computer_replies_and_thinking_indicator(ui):
    d = ui("human", "ai:4")
    d.key(pygame.K_4)
    assert d.scene.model.is_ai_turn()
    d.run_until(lambda: len(d.scene.model.moves) == 2, what="the computer's reply")
    assert not d.scene.model.is_ai_turn()


def test_status_line_follows_the_falling_disc_then_the_thinking(ui):
    fake = FakeWorker()
    d = ui("human", "ai:8", worker_factory=lambda: fake)
    d.key(pygame.K_4)
    d.frame()
    assert d.scene.status_text() == "Red (you) drops in column 4"     # the disc in the air, not the next turn
    d.settle()
    assert "Yellow (computer) is thinking" in d.scene.status_text()
    fake.outbox.append(AIUpdate(fake.requests[-1].generation, "move", result=result(2)))
    d.frame()
    d.frame()
    assert d.scene.status_text() == "Yellow (computer) drops in column 3"
    d.settle()
    assert d.scene.status_text() == "Red (you) to move"


def test_input_during_computer_turn_is_refused(ui):
    fake = FakeWorker()
    d = ui("human", "ai:8", worker_factory=lambda: fake)
    d.key(pygame.K_4)
    d.frame()
    d.key(pygame.K_5)
    d.click_column(2)
    assert d.scene.model.moves_string() == "4"
    assert fake.requests[-1].kind == "move"


def test_undo_while_computer_thinks_drops_the_stale_result(ui):
    fake = FakeWorker()
    d = ui("human", "ai:12", worker_factory=lambda: fake)
    d.key(pygame.K_4)
    d.frame()
    thinking = fake.requests[-1]
    assert thinking.kind == "move" and thinking.position == Position.from_moves("4")
    d.key(pygame.K_z, CTRL)
    assert d.scene.model.moves_string() == ""
    d.frame()
    assert fake.cancels >= 1                           # nothing is wanted any more: search cancelled
    # The answer to the old request arrives late: it must be ignored.
    fake.outbox.append(AIUpdate(thinking.generation, "move", result=result(0)))
    d.settle()
    assert d.scene.model.moves_string() == ""
    assert not d.scene.model.is_ai_turn()
    # Redo, then a fresh request gets answered and applied.
    d.key(pygame.K_y, CTRL)
    assert d.scene.model.moves_string() == "4"
    d.frame()
    fresh = fake.requests[-1]
    assert fresh.generation != thinking.generation
    fake.outbox.append(AIUpdate(fresh.generation, "move", result=result(2)))
    d.settle()
    assert d.scene.model.moves_string() == "43"


def test_undo_with_the_real_worker_mid_search(ui):
    d = ui("human", "ai:12")
    d.key(pygame.K_4)
    d.run_until(lambda: d.scene.engine.progress is not None, what="search progress")
    d.key(pygame.K_z, CTRL)
    assert d.scene.model.moves_string() == ""
    d.settle(30)
    assert d.scene.model.moves_string() == ""
    assert d.scene.engine.request is None


def test_hint_highlights_the_engines_column(ui):
    d = ui("human", "human")
    for key in (pygame.K_1, pygame.K_1, pygame.K_2, pygame.K_2, pygame.K_3, pygame.K_3):
        d.key(key)
    d.settle()
    d.key(pygame.K_h)
    d.run_until(lambda: d.scene.view().hint is not None, what="the hint")
    assert d.scene.view().hint == 3                           # column 4 wins at once
    d.settle(10)
    assert game_text.board_scene(d.scene.view()).hint == 3
    d.key(pygame.K_5)                                  # any move clears the hint
    assert d.scene.view().hint is None


def test_analysis_row_scores_every_column(ui):
    d = ui("human", "human")
    for key in (pygame.K_1,) * 6:
        d.key(key)
    d.settle()
    d.key(pygame.K_a)
    d.run_until(lambda: d.scene.thinking.analysis is not None, what="the analysis")
    scores = d.scene.thinking.analysis.scores
    assert len(scores) == 7 and scores[0] is None and all(s is not None for s in scores[1:])
    d.key(pygame.K_a)
    assert not d.scene.analysis_on


def test_save_and_load_round_trip(ui):
    d = ui("human", "human")
    for key in (pygame.K_4, pygame.K_4, pygame.K_3, pygame.K_5):
        d.key(key)
    d.key(pygame.K_s, CTRL)
    saves = list_saves()
    assert len(saves) == 1 and saves[0].parent == saves_dir()
    assert d.scene.flash.text.startswith("Saved")           # said in the status line, not over the board
    d.key(pygame.K_n)
    d.key(pygame.K_y)                                       # yes, drop the unfinished game
    assert d.scene.model.moves_string() == ""
    d.key(pygame.K_o, CTRL)
    assert isinstance(d.scene.overlay, SaveList) and d.scene.overlay.paths == saves
    d.key(pygame.K_RETURN)
    assert d.scene.overlay is None
    assert d.scene.model.moves_string() == "4435"
    assert d.scene.model.red.kind == d.scene.model.yellow.kind == "human"


def test_loading_a_broken_save_keeps_the_game(ui):
    d = ui("human", "human")
    d.key(pygame.K_4)
    folder = saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "broken.c4save").write_bytes(b"\x00\x01garbage")
    d.key(pygame.K_o, CTRL)
    d.key(pygame.K_RETURN)                             # refused at once: no "the game will be lost?" first
    assert isinstance(d.scene.overlay, SaveList) and d.scene.model.moves_string() == "4"
    # the file is named once, though the reason the storage gives starts with its name too
    assert d.c.ctx.notices.texts()[-1] == ("Could not load broken.c4save: binary data, not a save file "
                                           "(NUL byte at offset 0)")


def test_engine_error_is_shown_and_game_stays_usable(ui):
    fake = FakeWorker()
    d = ui("human", "ai:8", worker_factory=lambda: fake)
    d.key(pygame.K_4)
    d.frame()
    request = fake.requests[-1]
    fake.outbox.append(AIUpdate(request.generation, "move", error="RuntimeError: boom"))
    d.settle()
    assert "Engine error" in d.scene.status_text() and "boom" in d.scene.status_text()
    assert any("boom" in t for t in d.c.ctx.notices.texts())
    count = len(fake.requests)
    d.settle(10)
    assert len(fake.requests) == count                 # no endless retry loop
    d.key(pygame.K_r)                                  # retry
    d.frame()
    assert len(fake.requests) == count + 1
    d.key(pygame.K_z, CTRL)                            # or undo: still a working game
    assert d.scene.model.moves_string() == ""
    d.key(pygame.K_3)
    assert d.scene.model.moves_string() == "3"


def test_escape_to_the_menu_offers_the_game_back(ui):
    d = ui("human", "Easy")
    d.key(pygame.K_4)
    d.run_until(lambda: len(d.scene.model.moves) == 2, what="the computer's reply")
    moves = d.scene.model.moves_string()
    d.key(pygame.K_ESCAPE)
    from game.ui.menu.menu_scene import MenuScene

    assert isinstance(d.scene, MenuScene)
    assert d.scene.rows()[0].label == "Resume unfinished game"
    d.key(pygame.K_RETURN)
    assert d.scene.model.moves_string() == moves
    assert d.scene.model.yellow.level == "Easy" and d.scene.model.red.kind == "human"


def test_no_move_slips_in_between_escape_and_the_menu(autosaves, ui):
    d = ui("human", "human")
    d.key(pygame.K_4)
    esc = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")
    late = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_5, mod=0, unicode="")
    d.frame(esc, late)                                 # same frame: the key after Esc is not played
    assert autosaves.read().moves == "4"
    d.key(pygame.K_RETURN)                             # resume
    assert d.scene.model.moves_string() == "4"


def test_escape_returns_to_menu_and_cancels(ui):
    fake = FakeWorker()
    d = ui("human", "ai:8", worker_factory=lambda: fake)
    d.key(pygame.K_4)
    d.frame()
    d.key(pygame.K_ESCAPE)
    from game.ui.menu.menu_scene import MenuScene

    assert isinstance(d.scene, MenuScene)
    assert fake.cancels >= 1


def test_resize_rescales_the_board(ui):
    d = ui("human", "human")
    small = d.c.ctx.layout.cell
    pygame.display.set_mode((1600, 1200), pygame.RESIZABLE)
    d.frame(pygame.event.Event(pygame.VIDEORESIZE, size=(1600, 1200), w=1600, h=1200))
    assert d.c.ctx.layout.cell > small
    d.click_column(6)
    assert d.scene.model.moves_string() == "7"


def test_mute_is_remembered(ui):
    from game.store.prefs import load_prefs

    d = ui("human", "human")
    muted = d.c.ctx.sound.muted
    d.key(pygame.K_m)
    assert d.c.ctx.sound.muted is not muted
    assert load_prefs().muted is (not muted)


def test_quit_keys(ui):
    d = ui("human", "human")
    d.key(pygame.K_q, CTRL)
    assert not d.c.running


def test_every_move_is_autosaved_and_a_finished_game_clears_it(autosaves, ui):
    d = ui("human", "human")
    for key in (pygame.K_1, pygame.K_2, pygame.K_1):
        d.key(key)
    saved = autosaves.read()
    assert saved is not None and saved.moves == "121"
    d.key(pygame.K_n)
    assert autosaves.read().moves == "121"               # not before the player said yes
    d.key(pygame.K_y)                                  # a new game without a move keeps it
    assert d.scene.model.moves_string() == ""
    assert autosaves.read().moves == "121"
    d.key(pygame.K_z, CTRL)                            # (nothing to undo on the empty board)
    for key in (pygame.K_1, pygame.K_2, pygame.K_1):
        d.key(key)
    for key in (pygame.K_2, pygame.K_1, pygame.K_2, pygame.K_1):
        d.key(key)
    assert d.scene.model.winner == 1
    assert autosaves.read() is None


def test_hint_is_the_analysis_rows_best_column_from_the_same_search(ui):

    fake = FakeWorker()
    d = ui("human", "human", worker_factory=lambda: fake)
    d.key(pygame.K_a)
    d.frame()
    asked = fake.requests[-1]
    assert asked.kind == "analysis"
    fake.outbox.append(AIUpdate(asked.generation, "analysis", result=column_scores((-2.0, -1.0, 0.0, 1.0, 0.0, -1.0, -2.0), True)))
    d.frame()
    d.key(pygame.K_h)
    d.frame()
    # no second analysis: the hint reads the row; the worker is asked only why its column is best
    assert [(r.kind, r.column) for r in fake.requests[fake.requests.index(asked) + 1:]] == [("explain", 3)]
    assert d.scene.view().hint == 3 and d.scene.thinking.analysis == Analysis((-2.0, -1.0, 0.0, 1.0, 0.0, -1.0, -2.0), True)
    assert d.scene.flash.text == "Hint: column 4 — wins in 21"
    d.settle()
    assert d.scene.status_text() == "Red to move · hint: column 4 — wins in 21"


def test_a_hint_alone_asks_for_the_rows_search(ui):
    fake = FakeWorker()
    d = ui("human", "human", worker_factory=lambda: fake)
    d.key(pygame.K_4)
    d.settle()
    d.key(pygame.K_h)
    d.frame()
    asked = fake.requests[-1]
    assert asked.kind == "analysis" and asked.position == Position.from_moves("4")
    fake.outbox.append(AIUpdate(asked.generation, "analysis", result=column_scores((0.1, 0.2, 0.3, 0.25, 0.0, 0.1, 0.0), False)))
    d.settle()
    assert d.scene.view().hint == 2 and "column 3 — best estimate" in d.scene.status_text()


def test_column_numbers_over_the_board(ui):

    d = ui("human", "human")
    with TextRecorder() as recorder:
        d.frame()
    drawn = recorder.rects
    layout = d.c.ctx.layout
    for col in range(7):
        rect = next(r for t, r in drawn if t == str(col + 1))
        assert rect.centerx == layout.cell_center(col, 0)[0] and rect.bottom <= layout.board.top


def test_game_end_is_handled_once_and_offers_the_review_and_the_tally_and_record_lines_are_shown(ui, monkeypatch):
    from game.domain.record import RecordResult
    from game.domain.players import PlayerSpec
    from game.ui.game.game_scene import GameScene
    from game.ui.menu.menu_scene import MenuScene
    from game.ui.review.review_scene import ReviewScene
    from game.ui.scene import SceneName
    from game.ui.game.seats import AgainstComputer

    def texts_drawn():
        with TextRecorder() as recorder:
            d.frame()
        return recorder.rects

    d = ui("human", "human")
    played = sounds(d)
    d.key(pygame.K_r)                                   # not over yet: R is not the review key
    assert isinstance(d.scene, GameScene) and d.scene.next is None
    for key in (pygame.K_1, pygame.K_2) * 3 + (pygame.K_1,):
        d.key(key)
    d.settle()
    d.settle()
    assert played.count("win") == 1                     # once, after the last disc landed
    assert "R review" in d.scene.status_text()
    results = d.c.ctx.session.results
    results.tally[RecordResult.WIN] = 3                 # games against the computer earlier
    assert not [t for t, _ in texts_drawn() if t.startswith("This sitting")]   # two players: their score
    d.scene.model.red = PlayerSpec("ai", depth=1)        # the same board, now against the computer
    d.scene.seats = AgainstComputer()
    tally = [(t, r) for t, r in texts_drawn() if t.startswith("This sitting")]
    assert [t for t, _ in tally] == ["This sitting: 3 won · 0 drawn · 0 lost"]
    assert tally[0][1].center == d.c.ctx.layout.analysis.center     # the free row above the board
    d.key(pygame.K_r)
    assert isinstance(d.scene, ReviewScene) and d.scene.start.moves == "1212121" and d.scene.start.back == "game"
    d.key(pygame.K_ESCAPE)
    d.key(pygame.K_ESCAPE)
    menu = d.c.scenes[SceneName.MENU]
    assert d.scene is menu and isinstance(menu, MenuScene)
    # the record's lines, worded by the session when drawn
    monkeypatch.setattr(type(results), "lines", property(lambda self: ["Your record: 3 wins, 1 draw"]))
    assert "Your record: 3 wins, 1 draw" in [t for t, _ in texts_drawn()]
    row = next(r for r in d.scene.rows() if r.label == "Review a saved game")
    d.click(row.rect.center)
    assert isinstance(d.scene, ReviewScene) and d.scene.start.moves is None


def test_no_ghost_disc_over_a_full_column(ui):
    d = ui("human", "human")
    for _ in range(6):
        d.key(pygame.K_1)
    d.settle()
    d.frame(pygame.event.Event(pygame.MOUSEMOTION, pos=d.c.ctx.layout.cell_center(0, 5), rel=(0, 0), buttons=(0, 0, 0)))
    assert d.scene.cursor == 0 and d.scene.human_can_move()
    assert game_text.board_scene(d.scene.view()).ghost is None
    d.key(pygame.K_RIGHT)
    assert game_text.board_scene(d.scene.view()).ghost == (1, d.scene.model.turn)


def test_the_colorblind_theme_names_the_discs_by_their_colours(ui):
    import re

    from game.ui.overlays import help_sections

    d = ui("human", "Easy", theme="colorblind")
    d.c.ctx.theme_name = "colorblind"
    assert d.scene.status_text() == "Orange (you) to move"
    text = " ".join(" ".join(lines) for _, lines in help_sections(d.c.ctx.settings, d.c.ctx.theme.names))
    assert "Orange wins" in text and not re.search(r"\bred\b", text, re.IGNORECASE)


def test_two_player_games_show_no_tally_against_the_computer(ui):
    d = ui("human", "human")
    d.c.ctx.session.results.tally[next(iter(d.c.ctx.session.results.tally))] = 3     # games against the computer earlier
    with TextRecorder() as recorder:
        d.frame()
    assert not [t for t in recorder.texts if t.startswith("This sitting")]


def test_two_players_without_names_are_scored_by_colour(ui):
    d = ui("human", "human")
    for key in (pygame.K_1, pygame.K_2) * 3 + (pygame.K_1,):
        d.key(key)
    d.settle()
    assert d.scene.seats.pair.score_line()[0] == "Game 1 · Red 1 – 0 Yellow · 0 drawn"
    assert d.scene.status_text().startswith("Red wins!")

    with TextRecorder() as recorder:
        d.frame()
    texts = recorder.texts
    assert "Red" in texts and "Yellow" in texts             # the header names them by colour alone
    assert not [t for t in texts if "Human" in t]
    d.key(pygame.K_r)
    assert d.scene.title() == "Game review — two players"


def test_a_game_saved_against_a_built_in_level_loads_after_the_settings_replaced_the_ladder(ui):
    from game.domain.levels import Level

    folder = saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    save_game(folder / "novice.c4save", SavedGame.now("4453", "human", "Novice"))
    d = ui("human", "human", levels=(Level("Club", 3),))
    assert d.scene.load(folder / "novice.c4save")
    assert d.scene.model.moves_string() == "4453" and d.scene.model.yellow.level == "Novice"


def test_moves_that_cannot_be_restored_are_named_escaped_and_short(ui):
    from game.domain.players import HUMAN
    from game.ui.scene import GameStart
    from game.ui.scene import SceneName, Transition

    d = ui("human", "human")
    d.c.switch(Transition(SceneName.GAME, GameStart(HUMAN, HUMAN, (3,) * 300)))
    text = d.c.ctx.notices.texts()[-1]
    assert text.startswith("Could not restore the moves 4444") and "column 4 is full" in text
    assert len(text) < 200 and d.scene.model.moves_string() == ""


def test_the_search_config_is_built_once_per_request_not_every_frame(ui):
    fake = FakeWorker()
    d = ui("human", "ai:8", worker_factory=lambda: fake)
    built = []
    real = d.scene.thinking._config
    d.scene.thinking._config = lambda *args: built.append(args[0]) or real(*args)
    d.key(pygame.K_4)
    d.settle(40)                                        # the computer thinks for 2 s of frames
    assert len(fake.requests) == 1 and fake.requests[-1].kind == "move"
    assert len(built) == 1

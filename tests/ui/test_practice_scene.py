"""The Practice scene headless: grades from what happened (right at once Good, after a retry Hard,
missed Again with its refutation played out), the menu's count of due drills, drills from a game
lost to the computer and from the review's key, and a damaged drill file."""

from __future__ import annotations

import re
import threading
from datetime import datetime

import pygame
import pytest

from conftest import TextRecorder

from game.words.review_text import source_text
from game.domain.players import HUMAN
from game.domain.saved import SavedGame
from game.engine.board import Position, parse_moves
from game.engine.drills import Drill, DrillKind, DrillSource
from game.engine.only_moves import keeping_columns
from game.engine.scores import outcome
from game.engine.solver import Solver
from game.model import GameModel
from game.training.schedule import Grade, add_drills, graded
from game.store.drill_file import DRILLS_NAME, LOCAL_PLAYER, PlayerChoice, load_choices, load_drills
from game.store.puzzle_results import load_results
from game.store.savefile import save_game
from game.store.saves import saves_dir
from game.ui.game.seats import seats_for
from game.ui.overlays import PRACTICE_HELP
from game.ui.practice import practice_scene
from game.ui.practice.practice_round import Phase
from game.ui.menu.menu_words import practice_row_text as menu_row_text
from game.ui.resources import draw_text
from game.ui.scene import GameStart, ReviewStart, SceneName, Transition

# Red to move with 1-2-3 in the bottom row and yellow's three in column 5: column 4 wins at once.
THREAT = "152535"
# Column 1 full, yellow to move.
FULL = "1111112"
WAIT = 60.0     # a bound on background work, never a measure of it


def drill_at(moves: str, played: int | None = None) -> Drill:
    """The drill at ``moves`` with the columns the solver proves keep the best outcome (``played``:
    the column played there, else the first one that does not keep it)."""
    pos = Position.from_moves(parse_moves(moves))
    scores = Solver(table_mb=8).column_scores(pos)
    accepted = keeping_columns(scores)
    if played is None:
        played = next(c for c in range(7) if scores[c] is not None and c not in accepted)
    return Drill(tuple(parse_moves(moves)), played, accepted, outcome(max(s for s in scores if s is not None)))


def keep(*drills: Drill):
    now = datetime.now().astimezone()
    _added, entries, notice = add_drills(drills, now)
    assert notice is None
    return entries


def practice(ui):
    driver = ui()
    driver.c.switch(Transition(SceneName.PRACTICE))
    driver.run_until(lambda: driver.scene.attempt is not None, timeout=WAIT, what="the first exercise")
    return driver


def wrong_column(attempt) -> int:
    return next(c for c in range(7) if attempt.legal(c) and c not in attempt.right_columns())


def key_column(driver, col):
    driver.key(pygame.K_1 + col)


def finish(driver):
    """Frames until the exercise is over and every disc has landed (the refutation waited for)."""
    scene = driver.scene
    driver.run_until(lambda: scene.attempt.phase is Phase.DONE and scene._settled(), timeout=WAIT,
                     what="the end of the exercise")
    assert driver.c.ctx.session.practice.flush(WAIT)


def stored_card(key):
    entries, notice = load_drills()
    assert notice is None
    return next(e for e in entries if e.key == key)


def assert_graded(entry, grade):
    """The stored card is FSRS' card for ``grade`` at the review's own time, and no other grade's."""
    card = stored_card(entry.key).card
    assert card.last_review is not None
    expected = graded(entry, grade, card.last_review).card
    assert card.to_dict() == expected.to_dict()
    for other in Grade:
        if other is not grade:
            assert graded(entry, other, card.last_review).card.to_dict() != card.to_dict()


def test_a_right_answer_at_once_is_graded_good(ui):
    (entry,) = keep(drill_at(THREAT, 6))
    driver = practice(ui)
    attempt = driver.scene.attempt
    assert attempt.exercise.entry == entry and attempt.exercise.player == 1
    with TextRecorder() as seen:
        driver.frame()
    assert any("You are Red" in text for text in seen.texts)
    assert any("find a move that keeps the win" in text for text in seen.texts)
    key_column(driver, attempt.right_columns()[0])
    finish(driver)
    assert attempt.solved and driver.scene.verdict.startswith("Right: column")
    assert_graded(entry, Grade.FIRST_TRY)
    assert driver.c.ctx.session.practice.streak == 1


@pytest.mark.parametrize("chosen", [False, True])
def test_a_right_answer_is_explained_and_the_drill_names_its_game(ui, chosen):
    source = DrillSource(datetime.now().astimezone().date(), 7, "" if chosen else "Apprentice", chosen)
    drill = drill_at(THREAT, 6)
    (entry,) = keep(Drill(drill.moves, 6, (3,), drill.kept, DrillKind.MISSED_WIN, source))
    driver = practice(ui)
    scene, attempt = driver.scene, driver.scene.attempt
    with TextRecorder() as seen:
        driver.frame()
    assert any("Red to play: win at once" in text for text in seen.texts)
    assert any(f"from {source_text(source)}" in text for text in seen.texts)
    key_column(driver, 3)
    finish(driver)
    assert attempt.solved and scene.verdict == "Right: column 4 wins at once"
    driver.run_until(lambda: scene.why is not None, timeout=WAIT, what="the explanation")
    where = "Here" if chosen else "In the game"      # a position chosen in a review was no move of a game
    assert scene.why.startswith(f"{where}, column 7: Red could win at once at column 4")
    with TextRecorder() as seen:
        driver.frame()
    assert any(text in scene.why for text in seen.texts if len(text) > 20)


def test_a_retry_is_graded_hard_after_the_refutation(ui):
    (entry,) = keep(drill_at(THREAT, 6))
    driver = practice(ui)
    scene, attempt = driver.scene, driver.scene.attempt
    start = list(attempt.moves)
    miss = wrong_column(attempt)
    key_column(driver, miss)
    assert attempt.phase is Phase.REFUTE and scene.verdict.startswith(f"Column {miss + 1}")
    driver.run_until(lambda: attempt.phase is Phase.ASK, timeout=WAIT, what="the retry")
    assert attempt.moves == start and "One more try" in scene.verdict
    assert scene.why is None          # the explanation could give the retry away: it comes at the end
    scene.cursor = attempt.right_columns()[0]      # Left/Right then Enter drops at the cursor
    driver.key(pygame.K_RETURN)
    finish(driver)
    assert attempt.solved and "second try" in scene.verdict
    driver.run_until(lambda: scene.why is not None, timeout=WAIT, what="the explanation")
    assert scene.why.startswith("In the game, column 7: Red could win at once")   # the review's, checked
    assert_graded(entry, Grade.AFTER_RETRY)
    assert driver.c.ctx.session.practice.streak == 0


def test_a_miss_is_graded_again_and_plays_out_the_refutation(ui):
    (entry,) = keep(drill_at(THREAT, 6))
    driver = practice(ui)
    scene, attempt = driver.scene, driver.scene.attempt
    start = len(attempt.moves)
    longest = [0]
    for _ in range(2):
        driver.run_until(lambda: attempt.phase is Phase.ASK and scene._settled(), timeout=WAIT, what="a try")
        key_column(driver, wrong_column(attempt))
        while attempt.phase is Phase.REFUTE:
            longest[0] = max(longest[0], scene.shown - start)
            driver.frame(dt=0.05)
    finish(driver)
    assert longest[0] >= 2          # the miss and at least the reply that refutes it, dropped one by one
    assert attempt.solved is False and attempt.moves == list(entry.drill.moves)
    assert "The right move: column" in scene.verdict
    assert scene.why.startswith("Red could win at once")      # the explanation, its claims checked
    assert scene.board_scene().hint in entry.drill.accepted
    assert_graded(entry, Grade.WRONG)


def test_a_full_column_changes_nothing(ui):
    keep(drill_at(FULL))    # column 1 is full: a drop there is refused, the drill goes on
    driver = practice(ui)
    attempt = driver.scene.attempt
    key_column(driver, 0)
    assert attempt.phase is Phase.ASK and attempt.tries == [] and "full" in driver.scene.verdict


def test_puzzles_follow_the_drills_and_move_the_rating(ui):
    driver = practice(ui)       # no drills: the puzzle nearest the starting rating
    scene = driver.scene
    puzzle = scene.attempt.exercise.puzzle
    assert puzzle is not None
    for _ in range(40):
        attempt = scene.attempt
        driver.run_until(lambda: attempt.phase in (Phase.ASK, Phase.DONE) and scene._settled(), timeout=WAIT,
                         what="the player's turn")
        if attempt.phase is Phase.DONE:
            break
        key_column(driver, attempt.right_columns()[0])
    assert scene.attempt.solved and scene.verdict.startswith("Solved")
    assert scene.verdict.endswith(f" · {puzzle.theme.value}") and puzzle.theme.is_tactic   # tactics first at 1500
    assert driver.c.ctx.session.practice.flush(WAIT)
    results, _notice = load_results()
    assert [(r.puzzle, r.solved) for r in results] == [(puzzle.id, True)]
    scene.cursor = 0
    driver.key(pygame.K_RETURN)
    assert scene.attempt.exercise.puzzle.id != puzzle.id
    assert scene.cursor == 3                   # each exercise starts with the cursor in the middle
    assert scene.rating_text() != "puzzle rating 1500"


def test_the_menu_row_counts_the_drills_due(ui):
    keep(drill_at(THREAT, 6), drill_at(FULL))
    driver = ui()
    driver.run_until(lambda: driver.c.ctx.session.practice.loaded, timeout=WAIT, what="the drills")
    with TextRecorder() as seen:
        driver.frame()
    assert "Practice — 2 drills due · puzzles" in seen.texts
    scene = driver.scene
    scene.selected_label = "Practice"
    driver.key(pygame.K_RETURN)
    assert driver.scene.__class__.__name__ == "PracticeScene"
    driver.key(pygame.K_ESCAPE)
    assert driver.scene is scene


def test_a_game_lost_to_the_computer_makes_drills(ui, monkeypatch):
    from game.training import proofs as practice_proofs

    threads = []
    real_mine = practice_proofs.mine_drills

    def mine(*args, **kwargs):
        threads.append(threading.current_thread().name)
        return real_mine(*args, **kwargs)

    monkeypatch.setattr(practice_proofs, "mine_drills", mine)
    driver = ui(red="human", yellow="Easy", review_time=0.2)
    path = saves_dir() / "threat.c4save"
    save_game(path, SavedGame.now(THREAT, "human", "Easy"))
    assert driver.scene.load(path)
    key_column(driver, 6)               # red lets the win go: yellow completes column 5
    driver.run_until(lambda: driver.scene.model.is_over and driver.scene.over_handled, timeout=WAIT,
                     what="the computer's winning reply")
    assert driver.scene.model.winner == 2
    assert driver.c.ctx.session.practice.flush(WAIT)      # judged on the practice thread
    entries, _notice = load_drills()
    slip = next(e.drill for e in entries if e.drill.moves == tuple(parse_moves(THREAT)))
    # a missed win at once: only the column that wins at once is accepted, and the drill names its game
    assert slip.played == 6 and slip.accepted == (3,) and Position.from_moves(slip.moves).is_winning_move(3)
    assert slip.kind is DrillKind.MISSED_WIN and slip.source is not None
    assert source_text(slip.source).startswith("your game against Easy, ") and source_text(slip.source).endswith(", move 7")
    assert all(e.drill.player == 1 for e in entries)        # the computer's slips are not the player's
    assert threads == ["practice-files"]                     # judged once, never on the window's thread


def test_the_reviews_key_adds_the_shown_position(ui):
    driver = ui()
    driver.c.switch(Transition(SceneName.REVIEW, ReviewStart(THREAT + "75", *_players(driver))))
    scene = driver.scene
    practice_keeper = driver.c.ctx.session.practice
    scene.select(6)
    for words in ("added to your drills", "already one of your drills"):
        driver.key(pygame.K_d)
        assert practice_keeper.flush(WAIT)
        driver.run_until(lambda: not scene.asked, timeout=WAIT, what="the answer")
        assert any(words in text for text in driver.c.ctx.notices.texts())
    entries, _notice = load_drills()
    assert any(e.drill.moves == tuple(parse_moves(THREAT)) for e in entries)
    scene.select(8)                      # the end of a finished game: nothing to keep
    driver.key(pygame.K_d)
    assert practice_keeper.flush(WAIT)
    driver.run_until(lambda: not scene.asked, timeout=WAIT, what="the answer")
    assert any("cannot be a drill: the game is over here" in text for text in driver.c.ctx.notices.texts())


def _players(driver):
    from game.domain.players import parse_player_spec

    settings = driver.c.ctx.settings
    return parse_player_spec("human", settings), parse_player_spec("Easy", settings)


def test_a_damaged_drill_file_is_said_and_the_scene_still_works(ui, connect4_home):
    (entry,) = keep(drill_at(THREAT, 6))
    path = connect4_home / DRILLS_NAME
    path.write_bytes(path.read_bytes() + b'{"drill": "not a drill"}\n')
    driver = practice(ui)
    driver.run_until(lambda: any("drills" in t for t in driver.c.ctx.notices.texts()), timeout=WAIT,
                     what="the notice")
    assert driver.scene.attempt.exercise.entry == entry
    key_column(driver, entry.drill.accepted[0])
    finish(driver)
    assert_graded(entry, Grade.FIRST_TRY)


@pytest.mark.parametrize("size", [(420, 400), (1600, 1000)])
@pytest.mark.parametrize("theme", ["classic", "colorblind"])
def test_every_text_fits_the_window(ui, size, theme):
    keep(drill_at(THREAT, 6))
    driver = ui(window_width=size[0], window_height=size[1], theme=theme)
    driver.c.ctx.theme_name = theme
    driver.c.switch(Transition(SceneName.PRACTICE))
    driver.run_until(lambda: driver.scene.attempt is not None, timeout=WAIT, what="the drill")
    key_column(driver, wrong_column(driver.scene.attempt))
    for _ in range(5):
        with TextRecorder() as seen:
            driver.frame(dt=0.2)
        width, height = driver.c.surface.get_size()
        assert seen.rects
        for text, rect in seen.rects:
            assert 0 <= rect.left and rect.right <= width and 0 <= rect.top and rect.bottom <= height, text


def test_two_named_players_at_one_screen_each_get_their_own_drills(ui):
    driver = ui(review_time=0.2)
    driver.c.switch(Transition(SceneName.GAME, GameStart(HUMAN, HUMAN, tuple(parse_moves(THREAT)), names=("Ann", "Bob"))))
    for col in (6, 4):                   # Ann (red) lets the win go, Bob (yellow) completes column 5
        key_column(driver, col)
        driver.settle(10)
    driver.run_until(lambda: driver.scene.model.is_over and driver.scene.over_handled, timeout=WAIT,
                     what="the end of the game")
    assert driver.c.ctx.session.practice.flush(WAIT)
    entries, _notice = load_drills()
    owners = {(e.player, e.drill.moves) for e in entries}
    assert ("Ann", tuple(parse_moves(THREAT))) in owners
    assert {p for p, moves in owners if len(moves) % 2 == 0} == {"Ann"}     # red's slips are Ann's
    assert {p for p, moves in owners if len(moves) % 2 == 1} <= {"Bob"}
    assert not any(e.belongs_to(LOCAL_PLAYER) for e in entries)
    ann = next(e.drill for e in entries if e.player == "Ann" and e.drill.moves == tuple(parse_moves(THREAT)))
    assert ann.source is not None and source_text(ann.source).startswith("your game against Bob, ")   # each names the other


def test_a_seat_nobody_named_makes_no_drills_and_the_names_follow_the_turns():
    model = GameModel(HUMAN, HUMAN)
    seats = seats_for(model, names=("Ann", ""), alternate=True)
    sides = seats.sitting(model, ("Red", "Yellow")).drill_sides
    assert [(s, s.player, s.chosen) for s in sides] == [(1, "Ann", True), (2, "Player 2", False)]
    seats.new_game(model)                # the other player starts: Ann plays yellow now
    assert [(s, s.player, s.chosen) for s in seats.sitting(model, ("Red", "Yellow")).drill_sides] == [(1, "Player 2", False), (2, "Ann", True)]
    fresh = GameModel(HUMAN, HUMAN)
    unnamed = seats_for(fresh)
    assert [(s.player, s.chosen) for s in unnamed.sitting(fresh, ("Red", "Yellow")).drill_sides] == [("Red", False), ("Yellow", False)]


def test_practice_shows_one_players_drills_and_tab_shows_the_next(ui):
    now = datetime.now().astimezone()
    add_drills([drill_at(THREAT, 6)], now)
    add_drills([drill_at(FULL)], now, player="Ann")
    driver = practice(ui)
    scene, keeper = driver.scene, driver.c.ctx.session.practice
    assert keeper.player == LOCAL_PLAYER and scene.attempt.exercise.entry.player == LOCAL_PLAYER
    with TextRecorder() as seen:
        driver.frame()
    assert "Practice · You are Red" in seen.texts
    assert any(text.startswith("Tab: Ann's drills") for text in seen.texts)
    driver.key(pygame.K_TAB)
    assert keeper.player == "Ann" and scene.attempt.exercise.entry.player == "Ann"
    assert scene.verdict == "Ann's drills"
    with TextRecorder() as seen:
        driver.frame()
    assert "Ann's practice · Yellow" in seen.texts
    assert menu_row_text(keeper, datetime.now().astimezone()) == "Ann: 1 drill due · puzzles"   # the menu follows
    key_column(driver, scene.attempt.right_columns()[0])
    finish(driver)
    graded = {e.player: e.card.last_review for e in load_drills()[0]}
    assert graded[LOCAL_PLAYER] is None and graded["Ann"] is not None    # only Ann's drill was graded
    driver.key(pygame.K_ESCAPE)
    with TextRecorder() as seen:
        driver.frame()
    row = next(text for text in seen.texts if text.startswith("Practice — "))
    assert row == "Practice — You: 1 drill due · puzzles"     # Ann has none due: the count Practice opens on
    driver.c.switch(Transition(SceneName.PRACTICE))
    driver.run_until(lambda: driver.scene.attempt is not None, timeout=WAIT, what="the next exercise")
    assert keeper.player == LOCAL_PLAYER            # Ann has nothing due: the one who has comes first
    driver.key(pygame.K_TAB)
    assert keeper.player == "Ann" and driver.scene.attempt.exercise.puzzle is not None


def test_a_drill_just_missed_is_not_counted_due_but_coming_back(ui):
    keep(drill_at(THREAT, 6))
    driver = practice(ui)
    scene, attempt = driver.scene, driver.scene.attempt
    for _ in range(2):
        driver.run_until(lambda: attempt.phase is Phase.ASK and scene._settled(), timeout=WAIT, what="a try")
        key_column(driver, wrong_column(attempt))
    finish(driver)
    due = load_drills()[0][0].card.due
    now = datetime.now().astimezone()
    assert due > now                                                      # FSRS: back within minutes
    driver.key(pygame.K_ESCAPE)
    with TextRecorder() as seen:
        driver.frame()
    row = next(text for text in seen.texts if text.startswith("Practice — "))
    if due.astimezone(now.tzinfo).date() == now.date():
        assert re.fullmatch(r"Practice — 0 drills due · 1 more in \d+ min · puzzles", row), row
    else:   # minutes before midnight: it comes back tomorrow, which today's count does not name
        assert row == "Practice — 0 drills due · puzzles", row


def test_o_turns_the_shown_players_drills_off_and_on(ui, connect4_home):
    keep(drill_at(THREAT, 6))
    driver = practice(ui)
    keeper = driver.c.ctx.session.practice
    driver.key(pygame.K_o)
    assert not keeper.wants(LOCAL_PLAYER) and driver.scene.verdict.startswith("Drills from your games: off")
    with TextRecorder() as seen:
        driver.frame()
    assert "the last drill due today · new drills from your games: off (O turns them on)" in seen.texts
    assert keeper.flush(WAIT)
    assert load_choices()[0] == [PlayerChoice(LOCAL_PLAYER, False)]
    driver.key(pygame.K_o)
    assert keeper.wants(LOCAL_PLAYER) and driver.scene.verdict.startswith("Drills from your games: on")


@pytest.mark.parametrize("size", [(420, 400), (1600, 1000)])
def test_f1_opens_the_help_at_the_practice_page(ui, size):
    driver = ui(window_width=size[0], window_height=size[1])
    driver.c.switch(Transition(SceneName.PRACTICE))
    driver.key(pygame.K_F1)
    with TextRecorder() as seen:
        driver.frame()
    overlay = driver.scene.overlay
    assert PRACTICE_HELP in [overlay.sections[i][0] for i in overlay._pages[overlay.page]]
    assert overlay.page > 0 and PRACTICE_HELP in seen.texts
    driver.key(pygame.K_LEFT)               # the other pages are still there
    driver.frame()
    assert PRACTICE_HELP not in [overlay.sections[i][0] for i in overlay._pages[overlay.page]]


@pytest.mark.parametrize("size", [(420, 400), (1600, 1000)])
def test_tab_is_said_at_every_size_once_another_player_has_drills(ui, size):
    now = datetime.now().astimezone()
    add_drills([drill_at(THREAT, 6)], now)
    add_drills([drill_at(FULL)], now, player="Ann")
    driver = ui(window_width=size[0], window_height=size[1])
    driver.c.switch(Transition(SceneName.PRACTICE))
    driver.run_until(lambda: driver.scene.attempt is not None, timeout=WAIT, what="the drill")
    with TextRecorder() as seen:
        driver.frame()
    width, _height = driver.c.surface.get_size()
    tab = [(text, rect) for text, rect in seen.rects if text.startswith("Tab: Ann")]
    assert tab and all(0 <= rect.left and rect.right <= width for _text, rect in tab)


def test_a_puzzle_counts_for_the_player_shown(ui):
    driver = ui()
    keeper = driver.c.ctx.session.practice
    driver.run_until(lambda: keeper.loaded, timeout=WAIT, what="the drills")
    keeper.player = "Ann"
    driver.c.switch(Transition(SceneName.PRACTICE))
    driver.run_until(lambda: driver.scene.attempt is not None, timeout=WAIT, what="the first puzzle")
    scene = driver.scene
    attempt = scene.attempt
    key_column(driver, wrong_column(attempt))            # failed at once
    finish(driver)
    results, _notice = load_results()
    assert [(r.player, r.puzzle, r.solved) for r in results] == [("Ann", attempt.exercise.puzzle.id, False)]
    assert scene.rating_text() != "puzzle rating 1500"
    keeper.player = LOCAL_PLAYER
    assert scene.rating_text() == "puzzle rating 1500"          # the person at this computer's is untouched
    scene.start_next()
    assert scene.attempt.exercise.puzzle.id == attempt.exercise.puzzle.id   # not tried by this player yet


@pytest.mark.parametrize(("size", "at_small_size"), [((420, 400), False), ((520, 700), True), ((960, 840), True)])
def test_the_explanation_of_a_miss_is_said_whole_in_lines_large_enough_to_read(ui, monkeypatch, size, at_small_size):
    """Too long for one line, the explanation wraps rather than shrinking to a size nobody reads;
    in the smallest window, with room for one small line, it is still whole."""
    keep(drill_at(THREAT, 6))
    driver = ui(window_width=size[0], window_height=size[1])
    driver.c.switch(Transition(SceneName.PRACTICE))
    scene = driver.scene
    driver.run_until(lambda: scene.attempt is not None, timeout=WAIT, what="the drill")
    attempt = scene.attempt
    for _ in range(2):                                  # a miss, a retry missed too: the explanation
        driver.run_until(lambda: attempt.phase is Phase.ASK and scene._settled(), timeout=WAIT, what="a try")
        key_column(driver, wrong_column(attempt))
    finish(driver)
    drawn = []                                          # (text, size) of each text the scene draws
    monkeypatch.setattr(practice_scene, "draw_text",
                        lambda surface, text, size, *a, **k: drawn.append((text, size)) or draw_text(surface, text, size, *a, **k))
    driver.frame(dt=0.2)
    lines = [(text, size) for text, size in drawn if (" " in text or len(text) > 3) and text in scene.why]
    assert " ".join(text for text, _ in lines) == scene.why
    readable = scene.ctx.layout.small_size if at_small_size else 11
    assert all(size >= readable for _, size in lines), lines

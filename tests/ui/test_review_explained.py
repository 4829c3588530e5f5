"""The review window teaches: verdict words beside the classes, the summary led by the errors, each
error explained by the worker (through the service), and the line that proves it stepped through on
the board with its threats marked."""

from __future__ import annotations

import pygame

from conftest import TextRecorder
from test_review_edges import open_review

from game.words.coach_says import advice_json, advice_words, value_words
from game.domain.players import parse_player_spec
from game.engine.board import Position, parse_moves
from game.engine.explain import Kind as ExplanationKind
from game.engine.threats import threats_mask

# A casual player losing to Easy: move 29 (column 7) fills the cell under Yellow's winning cell.
PLAY_TEST = "445354556734435313346576667777"


def test_the_play_test_game_names_move_29_an_error_explains_it_and_steps_through_its_line(ui):
    driver, scene = open_review(ui, PLAY_TEST)
    red = scene.words.summary_lines()[0]
    assert red.startswith("Red: errors to learn from: move 29 (column 7, under a winning cell)")
    assert "deep: move" in red and " 3" in red.split("deep:")[1]
    assert scene.state.index == 28                        # the window opens at the first error
    assert scene.words.describe_current()[0] == "Move 29: Red played column 7 — mistake · under a winning cell"
    assert "loses to Yellow's next move" in scene.words.describe_current()[1]
    driver.run_until(lambda: scene.state.explanation() is not None, timeout=60, what="the explanation")
    why = scene.state.explanation()
    assert why.kind is ExplanationKind.AT_ONCE and why.line == (6,)
    assert scene.words.why_text().startswith("Why (at once): Red's disc fills the cell under Yellow's winning cell")
    assert "Enter step through the line" in scene.keys_text()
    driver.key(pygame.K_RETURN)                     # the line, from the position after move 29
    line = scene.state.line
    assert line is not None and line.step == 0
    assert "Left/Right step through it" in scene.keys_text()
    after = Position.from_moves(parse_moves(PLAY_TEST)[:29])
    assert line.position() == after
    yellow_threats = {cell.bit for cell in line.threats()[2]}
    assert sum(yellow_threats) == threats_mask(after, mine=True)  # yellow is to move: its threats ringed
    driver.key(pygame.K_RIGHT)
    assert line.step == 1 and line.position().winner() == 2
    assert scene.words.line_text() == "Line after move 29, step 1 of 1: Yellow column 7 (four in a row)"
    driver.key(pygame.K_RIGHT)                      # the end of the line holds
    assert line.step == 1
    driver.key(pygame.K_ESCAPE)                     # Esc leaves the line, not the review
    assert scene.state.line is None and type(driver.scene).__name__ == "ReviewScene"
    assert scene.state.index == 28
    driver.key(pygame.K_HOME)                       # move 3 is named deep
    driver.key(pygame.K_RIGHT)
    driver.key(pygame.K_RIGHT)
    assert scene.words.describe_current()[0] == "Move 3: Red played column 5 — mistake · deep: decided far ahead"
    assert "long one" in scene.words.describe_current()[1]


def test_every_error_of_the_game_gets_its_explanation_and_a_legal_line(ui):
    driver, scene = open_review(ui, PLAY_TEST)
    explanations = scene.state.explanations
    driver.run_until(lambda: explanations.done, timeout=120, what="every explanation")
    assert not explanations.failed
    assert 28 in explanations.found and set(explanations.found) == set(explanations.wanted)
    moves = parse_moves(PLAY_TEST)
    for index, why in explanations.found.items():
        pos = Position.from_moves(moves[:index + 1])
        for col in why.line:
            pos = pos.play(col)                     # raises for an illegal move
        assert pos.is_over()


def test_a_move_without_an_error_has_no_line_to_step_through(ui):
    driver, scene = open_review(ui, PLAY_TEST)
    driver.key(pygame.K_HOME)
    assert scene.words.why_text() is None
    assert "Enter" not in scene.keys_text()
    driver.key(pygame.K_RETURN)
    assert scene.state.line is None
    driver.key(pygame.K_RIGHT)
    assert scene.state.index == 1


def test_the_axis_numbers_the_first_and_last_moves_and_spaces_the_rest_by_the_room():
    from game.ui.review.review_graph import axis_numbers

    assert axis_numbers(0, 800, 20) == []
    assert axis_numbers(7, 800, 20) == [1, 2, 3, 4, 5, 6, 7]          # room for every number
    assert axis_numbers(30, 800, 20) == [1, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30]  # 2 touches 1
    assert axis_numbers(42, 340, 20) == [1, 5, 10, 15, 20, 25, 30, 35, 40]   # 42 would touch 40: left out
    for moves, width in ((42, 340), (42, 600), (30, 800), (9, 200)):
        numbers = axis_numbers(moves, width, 20)
        step = width / (moves + 1)
        assert all((b - a) * step >= 26 for a, b in zip(numbers, numbers[1:]))   # never touching


def test_the_explanation_and_the_distances_name_the_sides_as_the_theme_draws_them(ui):
    driver, scene = open_review(ui, PLAY_TEST, theme="colorblind")
    assert scene.words.describe_current()[0].startswith("Move 29: Orange played column 7")
    driver.run_until(lambda: scene.state.explanation() is not None, timeout=60, what="the explanation")
    assert scene.words.why_text().startswith("Why (at once): Orange's disc fills the cell under Yellow's winning cell")
    driver.key(pygame.K_HOME)
    driver.key(pygame.K_RIGHT)
    words = scene.words.describe_current()[1]
    assert "Red" not in words and "Red" not in " ".join(scene.words.summary_lines())


def test_an_error_a_player_could_see_is_graded_and_coloured_below_good_whatever_its_class(ui):
    from game.engine.grades import Grade
    from game.ui.review.review_graph import GRADE_COLOURS
    from game.ui.review.review_panel import row_colour

    driver, scene = open_review(ui, PLAY_TEST)
    move_29 = scene.state.review_of(28)
    # the exact class keeps the outcome ("good"), but a disc under the opponent's winning cell is
    # an error a player could see: one grade, a mistake, in the words and in the list's colour
    assert move_29.move_class.value == "good" and move_29.grade is Grade.MISTAKE
    assert row_colour(move_29) == GRADE_COLOURS[Grade.MISTAKE] != GRADE_COLOURS[Grade.GOOD]
    assert row_colour(scene.state.review_of(27)) == GRADE_COLOURS[scene.state.review_of(27).grade]


def test_w_explains_the_cursors_column_and_h_the_hinted_one_through_the_worker(ui):
    from game.service.requests import Kind

    driver = ui("human", "human")
    scene = driver.scene
    scene.model.load_moves(parse_moves("4453545567344353133465766677"))   # the play-test game before move 29
    scene.changed()
    scene.cursor = 6
    driver.key(pygame.K_w)
    assert scene.thinking.why_wanted == 6 and scene.flash.text == "Why column 7? Working it out…"
    assert scene.thinking.wanted(scene.model, scene.analysis_on) is Kind.EXPLAIN
    driver.run_until(lambda: scene.view().why is not None, timeout=60, what="why column 7")
    assert advice_words(scene.view().why).startswith("Column 7: a loss for Red: Yellow wins at once. It puts a disc right "
                                            "under Yellow's winning cell at column 7, top row")
    assert advice_json(scene.view().why)["cells"] == [[7, 6]]
    drawn = []
    with TextRecorder(lambda text, rect: drawn.append(text)):
        driver.frame()
    assert any(text.startswith("Column 7: a loss for Red") for text in drawn)     # the panel above the board
    driver.key(pygame.K_h)                                    # the hint: column 2, and why
    driver.run_until(lambda: scene.thinking.hint() is not None, timeout=60, what="the hint")
    assert scene.thinking.hint() == 1
    scene.thinking.why_wanted = None                          # the hint's explanation shows on its own
    driver.run_until(lambda: scene.view().why is not None, timeout=60, what="why the hint")
    assert advice_words(scene.view().why).startswith("Column 2: a loss for Red: Yellow wins in 5 moves. Yellow has a threat at "
                                            "column 2, fourth row from the bottom")
    assert value_words(scene.view().why.score, scene.view().why.moves) == "a loss for Red: Yellow wins in 5 moves"
    driver.key(pygame.K_2)                                    # a move: the explanation was for the old position
    assert scene.view().why is None


def test_w_is_refused_on_a_full_column_and_when_it_is_not_the_players_turn(ui):
    driver = ui("human", "human")
    scene = driver.scene
    scene.model.load_moves(parse_moves("444444"))
    scene.changed()
    scene.cursor = 3
    driver.key(pygame.K_w)
    assert scene.thinking.why_wanted is None and scene.flash.text == "Column 4 is full"
    watching = ui("ai:2", "ai:2", spectator_delay=5.0)
    watching.key(pygame.K_w)
    assert watching.scene.thinking.why_wanted is None
    assert watching.scene.flash.text == "A hint is for your own turn"     # the watching seats refuse it


def test_the_legend_takes_two_rows_at_most_from_the_smallest_window_up():
    from game.ui.layout import MIN_SIZE
    from game.ui.review.review_graph import legend_height
    from game.ui.theme import THEMES

    pygame.font.init()
    for theme in THEMES.values():
        for width in (MIN_SIZE[0] - 80, 880, 1840):
            assert legend_height(width, 12, theme) <= 2 * 16
        assert legend_height(1840, 12, theme) == 16           # a wide window: one row, the full words


def test_the_review_window_tells_the_person_what_to_practise_and_not_the_computer(ui):
    """The summary's advice is drawn under the summaries for the side a person played; the
    computer's errors teach nobody at this screen."""
    driver, scene = open_review(ui, PLAY_TEST, size=(960, 840))
    advice = scene.words.advice_lines()
    assert advice == ["Red, next: 1 disc under the opponent's winning cell: before you drop, look at the "
                      "cell above your disc"]
    with TextRecorder() as recorder:
        driver.frame()
    drawn = " ".join(recorder.texts)
    assert "Red, next: 1 disc under the opponent's winning cell" in drawn
    both = open_review(ui, PLAY_TEST, red=parse_player_spec("Easy"), yellow=parse_player_spec("Hard"))[1]
    assert [line.split(",")[0] for line in both.words.advice_lines()] == ["Red"]   # Yellow made no error


def test_the_line_of_a_missed_win_makes_the_point_first_on_the_board(ui):
    driver, scene = open_review(ui, "41375246343352556")
    scene.state.select(6)                           # move 7: Red plays column 4 while column 6 wins at once
    driver.run_until(lambda: scene.state.explanation() is not None, timeout=60, what="the explanation")
    assert "gave up" not in scene.words.why_text() and "a long win" not in scene.words.why_text().replace(
        "a long win for", "")
    driver.key(pygame.K_RETURN)
    line = scene.state.line
    before = Position.from_moves("413752")
    assert line.position() == before and line.rings() == ((5, 0),)
    assert "Red could win at once at column 6, bottom row (ringed)" in scene.words.line_text()
    driver.key(pygame.K_RIGHT)                      # the winning disc, with the four marked
    assert line.position().winner() == 1 and line.last_move() == (5, 0)
    assert scene.words.line_text().endswith("Red column 6 wins (four in a row)")
    driver.key(pygame.K_RIGHT)                      # then what column 4 allowed
    assert line.position() == Position.from_moves("4137524")
    assert scene.words.line_text().endswith("what was played instead: Red column 4")

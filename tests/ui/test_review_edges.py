"""The review at its edges: the first and the last move, a drawn or undecided game, a network game,
a failed analysis, the smallest window; the footer offers only keys that work."""

from __future__ import annotations

import pygame
import pytest

from conftest import TextRecorder

from game.domain.players import HUMAN, parse_player_spec
from game.engine.board import parse_moves
from game.ui.layout import MIN_SIZE
from game.ui.scene import NetworkSide, ReviewStart, SceneName, Transition

LOST = "445354556734435313346576667777"      # a casual player (Red) losing to Easy
WON = "1525354"                             # Red wins in column 4
DRAW = "441365675334466335442232661515577771217122"   # a full board without four in a row
UNDECIDED = "152535"                        # saved before the end (or ended by a resignation)


def open_review(ui, moves, *, size=None, theme="classic", **start):
    """The review of ``moves`` (Red a person, Yellow Easy unless ``start`` says otherwise), its
    analysis done; in a window of ``size`` if given."""
    driver = ui(review_time=0.2)
    driver.c.ctx.theme_name = theme
    if size is not None:
        pygame.display.set_mode(size, pygame.RESIZABLE)
        driver.frame(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    start = {"red": HUMAN, "yellow": parse_player_spec("Easy"), **start}
    driver.c.switch(Transition(SceneName.REVIEW, ReviewStart(moves, **start)))
    driver.frame()
    scene = driver.scene
    driver.run_until(lambda: scene.review is not None or scene.error is not None, timeout=120, what="the review")
    assert scene.error is None
    return driver, scene


def drawn(driver):
    with TextRecorder() as recorder:
        driver.frame()
    return recorder.rects


def words_cut_or_over_the_graph(driver, scene):
    """Texts cut with "…" (not the "working it out…" wait) or reaching into the graph."""
    graph = scene.hits.graph
    bad = []
    for text, rect in drawn(driver):
        if text.endswith("…") and "working it out" not in text:
            bad.append(text)
        if rect.top < graph.top < rect.bottom - 2:
            bad.append(f"over the graph: {text}")
    return bad


@pytest.mark.parametrize("size", [MIN_SIZE, (MIN_SIZE[0], 900)])
def test_every_move_of_a_lost_game_is_said_in_whole_words_in_a_narrow_window(ui, size):
    driver, scene = open_review(ui, LOST, size=size, theme="colorblind")
    driver.run_until(lambda: scene.state.explanations.done, timeout=120, what="every explanation")
    for index in range(len(scene.moves) + 1):
        scene.select(index)
        assert words_cut_or_over_the_graph(driver, scene) == [], index
        if scene.state.open_line():
            assert words_cut_or_over_the_graph(driver, scene) == [], (index, "line")


def test_a_drawn_game_with_many_errors_keeps_each_sides_summary_whole_in_the_smallest_window(ui):
    driver, scene = open_review(ui, DRAW, size=MIN_SIZE)
    scene.select(len(DRAW))
    assert scene.words.describe_current() == ["After move 42: draw: the board is full"]
    texts = [text for text, _ in drawn(driver)]
    assert words_cut_or_over_the_graph(driver, scene) == []
    assert "end: draw: the board is full" in texts or "end: draw" in texts
    red = [t for t in texts if t.startswith("Red: ")]
    assert red and red[0] in scene.words.summaries()[0] and "errors to learn from: " in red[0]


def test_a_network_game_does_not_offer_play_on_and_p_says_why(ui):
    driver, scene = open_review(ui, LOST, red=HUMAN, yellow=HUMAN, back="game", names=("You", "Bob"),
                                network=NetworkSide(1, "Bob"))
    scene.select(3)
    assert "P " not in scene.keys_text() and "D practise this position" in scene.keys_text()
    assert all("P play on" not in text for text in scene.keys_texts())
    driver.key(pygame.K_p)
    assert driver.scene is scene and scene.next is None
    assert any(t.startswith("Playing on from here is for games on this computer") for t in driver.c.ctx.notices.texts())


def test_the_end_of_a_finished_game_offers_neither_play_on_nor_practice(ui):
    driver, scene = open_review(ui, WON)
    scene.select(len(WON))
    assert all("P play on" not in t and "D practise" not in t for t in scene.keys_texts()), scene.keys_texts()
    driver.key(pygame.K_p)                       # refused, and said why
    assert driver.scene is scene and scene.next is None
    assert "The game is over at this move: step back to play on from an earlier one" in driver.c.ctx.notices.texts()
    driver.key(pygame.K_LEFT)                    # the winning move itself can be played on and practised
    assert "P play on from here" in scene.keys_text() and "D practise this position" in scene.keys_text()


def test_the_end_of_an_undecided_game_offers_play_on_and_says_no_more_than_the_board_does(ui):
    driver, scene = open_review(ui, UNDECIDED)
    scene.select(len(UNDECIDED))
    assert scene.words.describe_current() == ["After move 6: undecided on the board"]
    assert scene.words.result_text(short=True) == "undecided"
    assert "P play on from here" in scene.keys_text() and "D practise this position" in scene.keys_text()


def test_practising_the_first_position_names_the_starting_position(ui):
    driver, scene = open_review(ui, WON)
    driver.key(pygame.K_HOME)
    driver.key(pygame.K_d)
    assert len(scene.asked) == 1
    assert "Checking the starting position for your drills…" in driver.c.ctx.notices.texts()
    driver.key(pygame.K_RIGHT)
    driver.key(pygame.K_d)
    assert "Checking the position after move 1 for your drills…" in driver.c.ctx.notices.texts()


def test_a_failed_analysis_keeps_r_and_esc_in_the_smallest_window_and_r_asks_again(ui):
    driver, scene = open_review(ui, WON, size=MIN_SIZE)
    scene.state.review = None                      # as if the worker had failed before its answer
    scene.error = "the worker stopped: " + "a long engine message " * 12
    footer = [text for text, rect in drawn(driver) if rect.bottom > MIN_SIZE[1] - 30]
    assert footer and footer[-1].endswith("R retry · Esc back"), footer
    driver.key(pygame.K_r)
    assert scene.error is None and scene.engine.request is not None and scene.engine.request[1] == scene.tag


def test_a_game_of_one_move_and_a_game_of_none(ui):
    from game.ui.review.review_state import ReviewState
    from game.ui.review.review_words import ReviewWords

    driver, scene = open_review(ui, "4", size=MIN_SIZE)
    assert scene.state.at_end and scene.words.describe_current() == ["After move 1: undecided on the board"]
    driver.key(pygame.K_HOME)
    assert scene.words.describe_current()[0] == "Move 1: Red played column 4 — best"
    assert words_cut_or_over_the_graph(driver, scene) == []
    driver.key(pygame.K_LEFT)
    assert scene.state.index == 0
    empty = ReviewWords(ReviewState.opening([]), ("Red", "Yellow"))
    assert empty.describe_current() == ["No moves: undecided on the board"] and empty.why_text() is None


def test_the_wheel_steps_through_the_open_line_as_the_arrow_keys_do(ui):
    driver, scene = open_review(ui, LOST)
    driver.run_until(lambda: scene.state.explanation() is not None, timeout=60, what="the explanation")
    driver.key(pygame.K_RETURN)
    line = scene.state.line
    assert line is not None and line.step == 0 and scene.state.index == 28
    driver.frame(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1))          # towards the player: on
    assert scene.state.line is line and line.step == 1 and scene.state.index == 28
    driver.frame(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1))
    assert line.step == 0
    driver.key(pygame.K_ESCAPE)
    driver.frame(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2))           # the line closed: the game
    assert scene.state.line is None and scene.state.index == 26


def test_a_click_in_a_moves_box_of_the_graph_selects_that_move_and_the_last_box_the_end(ui):
    driver, scene = open_review(ui, LOST, size=(1600, 1000))
    graph, n = scene.hits.graph, len(LOST)
    step = graph.width / (n + 1)
    for number in (1, 20, n):
        driver.click((int(graph.left + (number - 0.5) * step), graph.centery))
        assert scene.state.index == number - 1
    driver.click((graph.right - 2, graph.centery))
    assert scene.state.at_end


def test_the_least_recently_opened_review_is_the_one_dropped(ui):
    from game.ui.review.review_scene import MAX_CACHED

    driver = ui(review_time=0.2)
    games = [str(c) for c in range(1, 8)] + ["11", "12", "13"][:MAX_CACHED + 1 - 7]

    def review(moves):
        driver.c.switch(Transition(SceneName.REVIEW, ReviewStart(moves, HUMAN, HUMAN)))
        cached = driver.scene.review is not None
        driver.run_until(lambda: driver.scene.review is not None, timeout=60, what=f"the review of {moves}")
        return cached

    assert not any(review(moves) for moves in games[:MAX_CACHED])
    assert review(games[0])                      # opened again: now the most recent
    assert not review(games[MAX_CACHED])         # one more: the least recently opened (the second) goes
    assert review(games[0]) and not review(games[1])


def test_d_asks_for_the_shown_position_with_the_move_played_there(ui, monkeypatch):
    driver, scene = open_review(ui, WON)
    practice = driver.c.ctx.session.practice
    asked = []
    monkeypatch.setattr(practice, "add_position", lambda moves, played=None: asked.append((list(moves), played)) or 0)
    scene.select(2)
    driver.key(pygame.K_d)
    scene.select(len(UNDECIDED))
    driver.key(pygame.K_d)
    assert asked == [([0, 4], 1), ([0, 4, 1, 4, 2, 4], 3)]


def test_the_winning_move_shows_faint_above_its_column_then_its_four_is_marked(ui, monkeypatch):
    driver, scene = open_review(ui, WON)
    renderer = driver.c.ctx.renderer
    drawn_scenes = []
    real = renderer.draw
    monkeypatch.setattr(renderer, "draw", lambda surface, layout, theme, board: drawn_scenes.append(board)
                        or real(surface, layout, theme, board))
    scene.select(len(WON) - 1)
    driver.frame()
    scene.select(len(WON))
    driver.frame()
    before, after = drawn_scenes[-2], drawn_scenes[-1]
    assert not before.winning and len(after.winning) == 4
    assert before.ghost == (3, 1) and after.ghost is None        # the winning move, faint above column 4


def test_a_click_on_the_graphs_legend_selects_nothing(ui):
    driver, scene = open_review(ui, LOST, size=(1600, 1000))
    scene.select(5)
    legend = [rect for text, rect in drawn(driver) if text == "mistake" and rect.bottom <= scene.hits.boxes.top]
    assert legend
    driver.click(legend[0].center)
    assert scene.state.index == 5


def test_p_and_d_in_an_open_line_take_the_lines_position_on_the_board(ui, monkeypatch):
    driver, scene = open_review(ui, LOST)
    asked = []
    monkeypatch.setattr(driver.c.ctx.session.practice, "add_position",
                        lambda moves, played=None: asked.append((list(moves), played)) or 0)
    driver.run_until(lambda: scene.state.explanation() is not None, timeout=60, what="the explanation")
    driver.key(pygame.K_RETURN)                     # the line after move 29: Yellow's four, one step
    driver.key(pygame.K_RIGHT)
    assert all("P play on" not in t and "D practise" not in t for t in scene.keys_texts())   # Yellow has won
    driver.key(pygame.K_HOME)                       # the position after move 29
    assert "P play on from here" in scene.keys_text() and "D practise this position" in scene.keys_text()
    driver.key(pygame.K_d)
    assert asked == [(parse_moves(LOST[:29]), None)]
    assert "Checking the position after move 29 for your drills…" in driver.c.ctx.notices.texts()
    driver.key(pygame.K_p)
    driver.frame()
    assert type(driver.scene).__name__ == "GameScene" and driver.scene.model.moves_string() == LOST[:29]


def test_an_answer_to_d_for_a_review_since_left_is_taken_and_not_said_in_the_next_one(ui, monkeypatch):
    from game.training.proofs import Added

    driver, scene = open_review(ui, WON)
    practice, answers = driver.c.ctx.session.practice, {}
    tickets = iter(range(1, 10))
    monkeypatch.setattr(practice, "add_position", lambda moves, played=None: next(tickets))
    monkeypatch.setattr(practice, "answer", lambda ticket: answers.pop(ticket, None))
    added = "Position added to your drills: Practice in the menu brings it back"
    scene.select(2)
    driver.key(pygame.K_d)                       # ticket 1, answered while this review is shown: said
    answers[1] = Added.ADDED
    driver.frame()
    assert driver.c.ctx.notices.texts().count(added) == 1
    driver.key(pygame.K_d)                       # ticket 2, still unanswered when the player leaves
    driver.c.switch(Transition(SceneName.MENU))
    answers[2] = Added.ADDED
    driver.c.switch(Transition(SceneName.REVIEW, ReviewStart(UNDECIDED, HUMAN, parse_player_spec("Easy"))))
    driver.frame()
    assert answers == {} and scene.asked == [] and scene.dropped == []
    assert driver.c.ctx.notices.texts().count(added) == 1


def test_a_search_process_replaced_during_the_review_is_said_in_a_notice(ui):
    from game.service.worker import Recovery
    from game.ui.notices import recovery_text

    driver = ui(review_time=0.2)
    driver.c.switch(Transition(SceneName.REVIEW, ReviewStart(LOST, red=HUMAN, yellow=parse_player_spec("Easy"))))
    driver.frame()
    worker, told = driver.c.ctx.engine.worker, [Recovery.NEW_PROCESS]
    worker.notices = lambda: [told.pop()] if told else []      # the worker replaced its process once
    scene = driver.scene
    driver.run_until(lambda: scene.review is not None, timeout=120, what="the review")
    assert not told and recovery_text(Recovery.NEW_PROCESS) in driver.c.ctx.notices.texts()

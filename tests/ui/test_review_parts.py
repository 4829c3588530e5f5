"""The review's parts without a window: which explanation is asked for next, what is accepted, and
the line's positions and threats."""

from __future__ import annotations

from game.engine.board import Position, parse_moves
from game.engine.claims import KeepsDraw
from game.engine.explain import Explanation, Kind as ExplanationKind
from game.engine.game_review import review_game
from game.engine.search import SearchConfig
from game.engine.threats import threats_mask
from game.service.requests import AIUpdate, Explained, Kind
from game.ui.review.review_explain import Explanations
from game.ui.review.review_line import LineView

THROWN_WIN = parse_moves("15253575")   # yellow misses a block (move 6), red a win at once (move 7)


def explanations() -> Explanations:
    review = review_game(THROWN_WIN, time_per_position=0.2)
    return Explanations(THROWN_WIN, review, base_tag=1 << 32, names=("Orange", "Yellow"))


def test_the_shown_move_is_asked_first_then_the_others_in_order_and_a_failure_is_not_asked_again():
    found = explanations()
    assert 5 in found.wanted and 6 in found.wanted and found.wanted == sorted(found.wanted)
    assert found.next_index(shown=6) == 6
    outside = len(THROWN_WIN)                                  # the end of the game: nothing to explain
    assert found.next_index(shown=outside) == found.wanted[0]
    found.give_up(found.wanted[0])
    assert found.next_index(shown=outside) == found.wanted[1]
    request = found.request(6, SearchConfig(depth=4, time_limit=0.5))
    assert (request.kind, request.column, request.names, request.generation) == (Kind.EXPLAIN, 6, ("Orange", "Yellow"),
                                                                                 found.tag(6))
    assert request.position == Position.from_moves(THROWN_WIN[:6]) and request.config.time_limit is None
    tags = {found.tag(i) for i in range(len(THROWN_WIN))}
    assert len(tags) == len(THROWN_WIN) and (1 << 32) not in tags     # a tag per move, none the review's


def test_an_answer_is_kept_only_for_the_column_of_its_move():
    found = explanations()
    why = Explanation(ExplanationKind.PLAIN, (KeepsDraw(2),), (3,))
    found.accept(6, AIUpdate(found.tag(6), Kind.EXPLAIN, result=Explained(2, why)))   # another column
    assert 6 not in found.found
    found.accept(6, AIUpdate(found.tag(6), Kind.EXPLAIN, result=Explained(6, why)))
    assert found.found[6] is why
    for index in found.wanted:
        if index not in found.found:
            found.give_up(index)
    assert found.done


def test_the_line_steps_from_the_position_after_the_move_and_rings_each_sides_threats():
    start = Position.from_moves(THROWN_WIN[:7])               # red has just missed its win in column 4
    line = LineView(6, start, (4,))                           # yellow completes column 5
    assert line.position() == start and line.last_move() is None
    assert {c.col for c in line.threats()[1]} == {3}          # red's threat: column 4, bottom row
    line.go(5)
    assert line.step == 1 and line.position().winner() == 2 and line.last_move() == (4, 3)
    assert threats_mask(line.position(), mine=True) and line.threats() == {1: (), 2: ()}   # over: no threat ringed
    line.go(-3)
    assert line.step == 0


def test_the_reviews_state_words_explanations_and_line_import_no_pygame():
    import subprocess
    import sys

    code = ("import sys, game.ui.review.review_state, game.ui.review.review_words, game.ui.review.review_explain, game.ui.review.review_line; "
            "print('pygame' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_the_position_on_the_board_is_the_selections_or_the_open_lines():
    from game.ui.review.review_state import ReviewState
    from game.ui.review.review_words import ReviewWords

    state = ReviewState.opening(list(THROWN_WIN))
    words = ReviewWords(state, ("Red", "Yellow"))
    state.select(0)
    assert (state.shown_moves(), state.played_here(), words.shown_text()) == ([], 0, "the starting position")
    state.select(6)
    assert (state.shown_moves(), state.played_here(), words.shown_text()) == (THROWN_WIN[:6], 6,
                                                                               "the position after move 6")
    state.line = LineView(6, state.position(7), (4,))
    assert (state.shown_moves(), state.played_here(), words.shown_text()) == (THROWN_WIN[:7], None,
                                                                               "the position after move 7")
    state.step(1)
    assert state.shown_moves() == [*THROWN_WIN[:7], 4] and state.shown().winner() == 2
    assert words.shown_text() == "step 1 of the line after move 7"
    state.select(len(THROWN_WIN))
    assert state.line is None and state.played_here() is None and state.shown() == state.final()


def _state_with_line(index: int):
    """The review state of THROWN_WIN with move ``index`` (0-based) explained and its line open."""
    from game.engine.solver import Solver
    from game.engine.explain import explain_move
    from game.ui.review.review_state import ReviewState

    state = ReviewState.opening(list(THROWN_WIN))
    found = explanations()
    state.explanations = found
    state.select(index)
    found.found[index] = explain_move(state.position(index), THROWN_WIN[index], Solver(table_mb=8))
    assert state.open_line()
    return state


def test_a_missed_win_s_line_shows_the_winning_disc_first_then_what_the_move_allowed():
    from game.ui.review.review_words import ReviewWords

    state = _state_with_line(6)                  # red plays column 7 where column 4 completes four
    words = ReviewWords(state, ("Red", "Yellow"))
    line = state.line
    before = Position.from_moves(THROWN_WIN[:6])
    assert line.position() == before and state.shown_moves() == THROWN_WIN[:6]
    assert line.rings() == (line.point.cell,) and line.point.cell == (3, 0)
    assert words.line_text() == ("Line for move 7, step 0 of %d: before the move, Red could win at once at column 4, "
                                 "bottom row (ringed)" % line.steps)
    assert words.shown_text() == "the position before move 7"
    state.step(1)                                # the winning disc
    assert line.position().winner() == 1 and line.last_move() == (3, 0) and line.rings() == ()
    assert words.line_text().endswith("step 1 of %d: Red column 4 wins (four in a row)" % line.steps)
    state.step(1)                                # what was played instead
    assert line.position() == Position.from_moves(THROWN_WIN[:7]) and line.last_move() == (6, 0)
    assert words.line_text().endswith("what was played instead: Red column 7")
    state.step(1)                                # the line after it: yellow completes column 5
    assert line.position().winner() == 2 and words.line_text().endswith("Yellow column 5 (four in a row)")
    assert state.shown_moves() == [*THROWN_WIN[:7], 4]
    state.to_end()
    assert line.step == line.steps
    state.to_start()
    assert line.position() == before


def test_a_missed_block_s_line_shows_the_block_first():
    from game.ui.review.review_words import ReviewWords

    state = _state_with_line(5)                  # yellow plays column 5 and leaves red's column 4 open
    words = ReviewWords(state, ("Red", "Yellow"))
    line = state.line
    assert line.point is not None and not line.point.win and line.point.player == 1
    assert "Red threatens to win at column 4, bottom row (ringed): Yellow must block there" in words.line_text()
    state.step(1)
    assert words.line_text().endswith("Yellow column 4 blocks Red's four") and line.position().winner() is None
    state.step(1)
    assert words.line_text().endswith("what was played instead: Yellow column 5")


def test_the_why_heading_speaks_a_newcomers_words():
    from game.ui.review.review_words import ReviewWords

    state = _state_with_line(6)
    state.close_line()
    assert ReviewWords(state, ("Red", "Yellow")).why_text().startswith("Why (a better move): ")
    assert "gave up" not in ReviewWords(state, ("Red", "Yellow")).why_text()

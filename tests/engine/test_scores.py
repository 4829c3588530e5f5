"""game.engine.scores: the score scale in numbers and in words."""

from __future__ import annotations

import pytest

from game.data import read_testset
from game.engine.board import CELLS, Position
from game.engine.scores import (MAX_SCORE, MIN_SCORE, SHORT_DISTANCE, Outcome, loss_next_score, moves_to_end,
                                outcome, win_next_score)
from game.words.outcomes import describe, distance_text
from game.engine.solver import Solver


def test_scale_bounds():
    assert (MAX_SCORE, MIN_SCORE) == (18, -18)
    assert win_next_score(6) == MAX_SCORE  # the first player's 4th disc
    assert loss_next_score(6) == MIN_SCORE  # the second player's 4th disc, after the mover's move


@pytest.mark.parametrize("moves", range(CELLS))
def test_next_disc_results_are_one_move_away(moves):
    assert describe(win_next_score(moves), moves) == "wins in 1"
    if moves < CELLS - 1:
        assert describe(loss_next_score(moves), moves) == "loses in 1"


def test_words_on_known_positions():
    assert describe(1, 0) == "wins in 21"  # the empty board: the first player wins with the last disc
    assert describe(0, 0) == "draw"
    assert describe(-1, 1) == "loses in 20"
    assert [outcome(s) for s in (3, 0, -2)] == [Outcome.WIN, Outcome.DRAW, Outcome.LOSS]
    with pytest.raises(ValueError):
        moves_to_end(0, 5)


def test_distances_in_words_name_whose_moves_they_count():
    assert distance_text(win_next_score(0), 0) == "wins at once"
    assert distance_text(loss_next_score(1), 1) == "loses to Red's next move"  # yellow to move
    assert distance_text(win_next_score(1) - 2, 1) == "wins in 3 of Yellow's moves"
    assert distance_text(loss_next_score(4) + 1, 4) == "loses in 2 of Yellow's moves"
    assert distance_text(0, 10) == "draw"
    assert distance_text(win_next_score(0) - 5, 0) == "wins in 6 of Red's moves"  # the longest counted
    assert distance_text(win_next_score(0) - 6, 0) == "win, a long one"
    # the opening's "wins in 21" and "loses in 20" are plain outcomes
    assert (distance_text(1, 0), distance_text(-1, 1)) == ("win, a long one", "loss, a long one")
    assert distance_text(2, 0, names=("Ann", "Bo")) == "win, a long one"
    assert distance_text(win_next_score(2), 2, names=("Ann", "Bo")) == "wins at once"


@pytest.mark.parametrize("moves", [0, 1, 17, 30])
def test_short_and_long_distances_meet_at_the_threshold(moves):
    for n in range(1, 8):
        score = win_next_score(moves) - (n - 1)
        if score <= 0:
            break
        assert moves_to_end(score, moves) == n
        assert ("long" in distance_text(score, moves)) == (n > SHORT_DISTANCE)
        assert ("long" in distance_text(score, moves, short=n)) is False


def test_a_best_move_brings_the_end_one_disc_closer():
    # Exact scores from the End-Easy set: after the mover's best move, the side to move is the
    # opponent, whose score is the negation; the winner's count drops by one for a win and
    # stays for a loss (the loser moves first next).
    solver = Solver()
    for moves, score in read_testset("Test_L3_R1")[:40]:
        if score == 0:
            continue
        pos = Position.from_moves(moves)
        col, best = solver.best_move(pos)
        assert best == score
        child = pos.play(col)
        if child.winner() is not None:
            assert describe(score, pos.moves) == "wins in 1"
            continue
        after = -score
        assert solver.solve(child) == after
        expected = moves_to_end(score, pos.moves) - (1 if score > 0 else 0)
        assert moves_to_end(after, child.moves) == expected

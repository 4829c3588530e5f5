"""One grade per move: the exact class and what a player could see, joined so they never disagree."""

from __future__ import annotations

import pytest

from game.engine.board import parse_moves
from game.engine.grades import Grade, grade
from game.words.judgements import advice_text as advice
from game.words.judgements import grade_count
from game.engine.game_review import MoveClass, review_game
from game.engine.verdicts import Severity, Verdict

ERRORS = [v for v in Verdict if v.severity is Severity.ERROR]


@pytest.mark.parametrize("verdict", ERRORS)
def test_an_error_a_player_could_see_is_never_best_or_good(verdict):
    assert grade("good", verdict) is Grade.MISTAKE
    assert grade("mistake", verdict) is Grade.BLUNDER
    assert grade("blunder", verdict) is Grade.BLUNDER
    assert grade("unproved", verdict) is Grade.MISTAKE     # proved worse, outcome not yet proved


def test_the_grade_table():
    assert grade("best", None) is Grade.BEST
    assert grade("good", None) is Grade.GOOD
    assert grade("mistake", None) is Grade.MISTAKE
    assert grade("blunder", None) is Grade.BLUNDER
    assert grade("unproved", None) is None
    assert grade("good", Verdict.LONGER_WIN) is Grade.INACCURACY
    # an outcome changed only by play too far ahead to see: one step milder than its class
    assert grade("mistake", Verdict.DEEP) is Grade.INACCURACY
    assert grade("blunder", Verdict.DEEP) is Grade.MISTAKE
    assert [grade_count(g, n) for g, n in zip(Grade, (3, 1, 2, 1, 0))] == \
        ["3 best", "1 good", "2 inaccuracies", "1 mistake", "0 blunders"]


def test_the_game_whose_missed_wins_read_good_grades_them_below_good_and_says_what_to_practise():
    """Red plays column 4 at move 7 where column 6 wins at once; Yellow's column 7 at move 4 lets
    Red make two threats: both keep the outcome ("good" by the exact class), and both are errors a
    player could see."""
    review = review_game(parse_moves("41375246343352556"), time_per_position=1.0, estimates=False)
    move_4, move_7 = review.reviews[3], review.reviews[6]
    assert (move_7.move_class, move_7.verdict, move_7.grade) == (MoveClass.GOOD, Verdict.MISSED_WIN, Grade.MISTAKE)
    assert (move_4.move_class, move_4.verdict, move_4.grade) == (MoveClass.GOOD, Verdict.DOUBLE_THREAT, Grade.MISTAKE)
    for move in review.reviews:
        if move.severity is Severity.ERROR:
            assert move.grade not in (Grade.BEST, Grade.GOOD)
    red, yellow = review.summary(1), review.summary(2)
    assert red.grades[Grade.MISTAKE] == 2 and red.grades[Grade.GOOD] == 2
    assert advice(red.verdicts()) == "2 wins in one missed: before each move, look for a four of your own"
    assert advice(yellow.verdicts()).startswith("2 double threats allowed: ")


def test_advice_names_the_most_frequent_error_and_says_when_nothing_was_there_to_see():
    assert advice([Verdict.UNDER_THREAT, Verdict.MISSED_BLOCK, Verdict.MISSED_BLOCK]).startswith(
        "2 threats not blocked: ")
    assert advice([Verdict.UNDER_THREAT, Verdict.MISSED_WIN]).startswith("1 win in one missed: ")  # a tie: wins first
    assert advice([Verdict.DEEP, Verdict.DEEP]).startswith("no error you could have seen")
    assert advice([]) == ""

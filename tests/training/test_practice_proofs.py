"""The searches behind practice (game.training.proofs): what a chosen position becomes,
told apart before and after the search, and a search the stop event ends passed on as such."""

from __future__ import annotations

import threading

import pytest

from game.engine.board import Position, parse_moves
from game.engine.drills import Drill
from game.engine.scores import Outcome
from game.engine.solver import SearchCancelled, Solver
from game.training.proofs import Added, Refutation, drill_problem, position_drill, refutation, wrong_drills

THREAT = tuple(parse_moves("152535"))      # red to move: columns 4 and 5 keep the win (4 wins at once, 5 blocks)


class Scores:
    """A solver that answers ``column_scores`` with fixed scores, or raises ``SearchCancelled``."""

    def __init__(self, scores: list[int | None] | None) -> None:
        self.scores, self.asked = scores, 0

    def column_scores(self, pos: Position, *, stop: threading.Event, deadline: float) -> list[int | None]:
        self.asked += 1
        if self.scores is None:
            raise SearchCancelled
        return list(self.scores)


@pytest.fixture(scope="module")
def solver() -> Solver:
    return Solver(table_mb=8)


@pytest.mark.parametrize("played, drilled", [(6, 6), (3, 0), (None, 0)])
def test_the_drill_keeps_the_column_played_when_it_is_refused_else_the_first_refused(solver, played, drilled):
    drill = position_drill(THREAT, played, set(), solver, threading.Event())
    assert drill == Drill(THREAT, drilled, (3, 4), Outcome.WIN)


def test_an_ended_or_impossible_or_known_position_is_told_without_a_search():
    fake = Scores([1] * 7)
    assert position_drill((3, 3, 3, 3, 3, 3, 3), None, set(), fake, threading.Event()) is Added.OVER   # column full
    assert position_drill(tuple(parse_moves("1212121")), None, set(), fake, threading.Event()) is Added.OVER
    known = {Position.from_moves(THREAT).key()}
    assert position_drill(THREAT, 6, known, fake, threading.Event()) is Added.ALREADY
    assert fake.asked == 0


@pytest.mark.parametrize("scores, told", [([-2, -1, -3, -1, -2, -5, None], Added.LOST),
                                          ([0, 0, 0, 0, 0, 0, None], Added.FREE),
                                          ([2, 1, 3, 1, 2, 5, None], Added.FREE)])
def test_a_position_with_nothing_to_find_is_no_drill(scores, told):
    assert position_drill(THREAT, 6, set(), Scores(scores), threading.Event()) is told


def test_a_column_that_keeps_a_draw_where_others_lose_is_found():
    drill = position_drill(THREAT, 6, set(), Scores([0, -1, None, 0, -4, -1, -1]), threading.Event())
    assert drill == Drill(THREAT, 6, (0, 3), Outcome.DRAW)


def test_out_of_time_is_unproved_but_a_stop_is_passed_on():
    assert position_drill(THREAT, 6, set(), Scores(None), threading.Event()) is Added.UNPROVED
    stop = threading.Event()
    stop.set()
    with pytest.raises(SearchCancelled):
        position_drill(THREAT, 6, set(), Scores(None), stop)


def test_a_refutation_plays_out_the_best_line_and_a_column_that_ends_the_game_has_none(solver):
    answer = refutation(THREAT, 6, ("Red", "Yellow"), solver, threading.Event())
    assert answer.score is not None and answer.score < 0          # yellow wins after red's slip
    assert answer.line == (4,)                                   # yellow's four in column 5 ends the line
    drawn = parse_moves("146772453756523224216647657133454267111533")    # the 42nd disc fills the board
    assert refutation(tuple(drawn[:-1]), drawn[-1], ("Red", "Yellow"), solver, threading.Event()) == Refutation(0, ())


# -- a kept drill proved again ----------------------------------------------------------------------

OPENING = tuple(parse_moves("44"))   # red to move: only column 4 wins; column 1 loses


def test_a_right_drill_is_proved_and_a_wrong_one_says_why(solver):
    stop = threading.Event()
    assert drill_problem(Drill(OPENING, 0, (3,), Outcome.WIN), solver, stop) is None
    assert drill_problem(Drill(OPENING, 2, (0,), Outcome.WIN), solver, stop) == \
        "at 44 column 1 should keep the win, but only column 4 keeps the win"
    assert drill_problem(Drill(OPENING, 0, (3,), Outcome.DRAW), solver, stop) is not None   # the wrong outcome
    assert drill_problem(Drill(THREAT, 0, (3,), Outcome.WIN), solver, stop) is not None     # one right column left out
    assert drill_problem(Drill(tuple(parse_moves("4453")), 0, (3,), Outcome.WIN), solver, stop) == \
        "at 4453 every column loses"


def test_a_drill_not_proved_in_time_is_neither_kept_as_proved_nor_condemned():
    proved: set = set()
    drill = Drill(OPENING, 0, (3,), Outcome.WIN)
    assert wrong_drills([("a", drill)], proved, Scores(None), threading.Event()) == {} and proved == set()
    right = Scores([-3, -3, -2, 1, -2, -3, -3])
    assert wrong_drills([("a", drill)], proved, right, threading.Event()) == {} and proved == {("a", drill)}
    assert wrong_drills([("a", drill)], proved, right, threading.Event()) == {} and right.asked == 1   # once
    with pytest.raises(SearchCancelled):
        stopped = threading.Event()
        stopped.set()
        wrong_drills([("b", drill)], set(), Scores(None), stopped)

"""Principal lines: legal, optimal for both sides, and as long as the exact score says."""

from __future__ import annotations

import pytest

from game.engine.board import Position, parse_moves
from game.engine.principal import principal_line, principal_scores
from game.engine.scores import plies_to_end
from game.engine.solver import Solver


def check_line(pos: Position, line: tuple[int, ...], solver: Solver) -> None:
    """The guarantee of ``principal_line``, checked move by move with ``solver``."""
    score = solver.solve(pos)
    p = pos
    for col in line:
        assert not p.is_over()
        expected = solver.solve(p)
        child = p.play(col)  # raises on an illegal move
        played = expected if child.winner() is not None else 0 if child.is_over() else -solver.solve(child)
        assert played == expected, f"column {col + 1} at {p.moves} discs is not optimal"
        p = child
    assert p.is_over()
    if score == 0:
        assert p.is_draw()
    else:
        assert len(line) == plies_to_end(score, pos.moves)
        assert p.winner() == (pos.turn if score > 0 else 3 - pos.turn)


@pytest.mark.parametrize("moves", [
    "4455",                          # red wins in 2: a double threat on the bottom row
    "7422341735647741166133573473242566",  # test set End-Easy (Test_L3_R1): a win
    "36477245374472",                # a golden 14-disc position
    "445354556734435313346576667777"[:28],  # the play-test game before its last two moves
    "52677675164321472411331752454",  # test set End-Easy: a draw (the board fills)
])
def test_the_line_is_legal_optimal_and_ends_as_the_score_says(moves: str) -> None:
    solver = Solver(table_mb=16)
    pos = Position.from_moves(moves)
    line = principal_line(pos, solver)
    check_line(pos, line, Solver(table_mb=16))


def test_scores_alternate_between_the_sides() -> None:
    solver = Solver(table_mb=16)
    pos = Position.from_moves("36477245374472")
    steps = principal_scores(pos, solver)
    assert steps[0][1] == solver.solve(pos)
    assert [score for _, score in steps[1:]] == [-score for _, score in steps[:-1]]


def test_a_finished_game_has_an_empty_line() -> None:
    assert principal_line(Position.from_moves(parse_moves("1212121")), Solver(table_mb=1)) == ()


class Contradicting:
    """A solver whose second answer contradicts the first: after a move that left the opponent
    ``-score``, it scores the next position ``-score + 1``."""

    def __init__(self) -> None:
        self.answers = [(3, 1), (3, 0)]

    def best_move(self, pos: Position, **_kwargs) -> tuple[int, int]:
        return self.answers.pop(0)


def test_a_score_that_contradicts_the_step_before_raises() -> None:
    with pytest.raises(AssertionError, match="scored 0 after a move that left -1"):
        principal_scores(Position(), Contradicting())  # type: ignore[arg-type]

"""Only-move lines (game.engine.only_moves) and the shipped puzzle set: every puzzle is proved again."""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest

from game.engine.board import Position
from game.engine.only_moves import LineError, OnlyMoveLine, PuzzleKind, check_line, find_line, is_obvious
from game.engine.scores import moves_to_end
from game.engine.solver import Solver
from game.training.puzzle_set import load_puzzles

PUZZLES = load_puzzles()


@pytest.fixture(scope="module")
def solver() -> Solver:
    return Solver(table_mb=64)  # with the opening book (the default)


def test_every_shipped_puzzle_passes_its_own_check(solver):
    """Only moves at every solver's turn, longest resistance, stops where the rules stop it, no
    obvious first move, and N the exact value."""
    for puzzle in PUZZLES:
        check_line(solver, puzzle.line)  # raises LineError naming the move
        start = Position.from_moves(puzzle.line.start)
        score = solver.solve(start)
        assert puzzle.line.score == score
        if puzzle.kind is PuzzleKind.WIN:
            assert puzzle.line.n == moves_to_end(score, start.moves) >= puzzle.line.solver_moves
        else:
            assert score == 0 and puzzle.line.n is None


def test_the_set_spans_kinds_lengths_and_difficulties():
    assert len(PUZZLES) >= 300
    wins = Counter(p.line.n for p in PUZZLES if p.kind is PuzzleKind.WIN)
    assert set(range(2, 11)) <= set(wins) and any(n > 10 for n in wins)
    assert sum(p.kind is PuzzleKind.DRAW for p in PUZZLES) >= 30
    assert any(p.line.solver_moves >= 4 for p in PUZZLES)
    difficulties = [p.difficulty for p in PUZZLES]
    assert min(difficulties) < 1400 and max(difficulties) > 2200
    keys = [min(Position.from_moves(p.line.start).key(), Position.from_moves(p.line.start).mirror().key())
            for p in PUZZLES]
    assert len(set(keys)) == len(keys)  # one puzzle per position, mirror images included


def test_the_builder_finds_the_same_lines_again(solver):
    for puzzle in PUZZLES[::25]:
        assert find_line(solver, puzzle.line.start) == puzzle.line


def longest(kind: PuzzleKind) -> OnlyMoveLine:
    return max((p.line for p in PUZZLES if p.kind is kind), key=lambda line: (len(line.line), line.start))


@pytest.mark.parametrize("kind", list(PuzzleKind))
def test_a_line_that_breaks_a_rule_is_caught(solver, kind):
    line = longest(kind)
    assert len(line.line) >= 5
    pos = Position.from_moves(line.start)
    wrong_first = next(c for c in pos.legal_moves() if c != line.line[0])
    cases = {
        "only move": line.line[:0] + (wrong_first,) + line.line[1:],
        "stops early": line.line[:3],
    }
    for rule, moves in cases.items():
        with pytest.raises(LineError, match=rule):
            check_line(solver, dataclasses.replace(line, line=moves))
    after = pos.play(line.line[0])
    scores = solver.column_scores(after)
    weaker = [c for c, s in enumerate(scores) if s is not None and s < max(x for x in scores if x is not None)]
    assert weaker  # the defender has a reply that resists less
    moves = (line.line[0], weaker[0]) + line.line[2:]
    with pytest.raises(LineError, match="longest resistance"):
        check_line(solver, dataclasses.replace(line, line=moves))
    with pytest.raises(LineError, match="exact score"):
        check_line(solver, dataclasses.replace(line, score=line.score + 1))


def test_an_immediate_win_or_block_is_no_puzzle(solver):
    win = Position.from_moves("112233")  # red wins at once in column 4
    assert is_obvious(win, 3) and find_line(solver, [0, 0, 1, 1, 2, 2]) is None
    threat = Position.from_moves("12131")  # red threatens column 1; yellow to move blocks there
    assert is_obvious(threat, 0) and not is_obvious(threat, 3)


def test_a_lost_position_or_one_with_several_keeping_moves_is_no_puzzle(solver):
    assert find_line(solver, [3]) is None  # yellow to move loses
    # five columns win here (the shipped golden analysis, begin_easy_100.txt)
    assert find_line(solver, [int(c) - 1 for c in "1562527227511"]) is None

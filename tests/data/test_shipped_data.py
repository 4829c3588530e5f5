"""The reference data the package ships (``game.data``): every set reads whole, every position in
it is a legal game not yet over, and every score is one the position can have."""

from __future__ import annotations

import pytest

from game.data import ANALYSIS_DIR, TESTSETS_DIR, read_analysis, read_testset
from game.data.openings import OPENINGS
from game.engine.board import Position, parse_moves

CELLS = 42


def position(moves: str) -> Position:
    pos = Position()
    for col in parse_moves(moves):
        pos = pos.play(col)
    assert not pos.is_over(), moves
    return pos


def most(pos: Position) -> int:
    """The largest score a side can reach from ``pos``: a win with its earliest possible disc."""
    return (CELLS + 1 - pos.moves) // 2


@pytest.mark.parametrize("name", sorted(p.name for p in TESTSETS_DIR.iterdir() if p.name.startswith("Test_")))
def test_every_test_set_holds_1000_open_positions_with_possible_scores(name):
    rows = read_testset(name)
    assert len(rows) == 1000 and len({moves for moves, _ in rows}) == 1000
    for moves, score in rows:
        assert abs(score) <= most(position(moves)), moves


def test_the_early_positions_cover_1_to_4_discs_once_each_with_possible_scores():
    rows = read_testset("early_positions.txt", folder="")
    assert {len(moves) for moves, _ in rows} == {1, 2, 3, 4}
    assert len({moves for moves, _ in rows}) == len(rows)
    for moves, score in rows:
        assert abs(score) <= most(position(moves)), moves


@pytest.mark.parametrize("name", sorted(p.name for p in ANALYSIS_DIR.iterdir() if p.suffix == ".txt"))
def test_every_analysis_gives_each_column_a_score_and_none_for_a_full_one(name):
    rows = read_analysis(name)
    assert len(rows) == 100
    for moves, scores in rows:
        pos = position(moves)
        assert len(scores) == 7
        for col, score in enumerate(scores):
            assert (score is None) == (not pos.can_play(col)), (moves, col)
            assert score is None or abs(score) <= most(pos), (moves, col)


def test_the_openings_are_distinct_open_positions():
    assert len(set(OPENINGS)) == len(OPENINGS) > 0
    for moves in OPENINGS:
        position(moves)

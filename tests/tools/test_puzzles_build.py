"""The puzzle builder's parts: the difficulty formula and the choice of puzzles (the run itself
takes minutes; its output is proved whole by tests/engine/test_puzzles.py)."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from game.engine.board import Position
from game.engine.only_moves import OnlyMoveLine, check_line
from game.engine.solver import Solver
from game.tools.arena.arena_match import make_tasks
from game.tools.arena.entrants import parse_arena_player
from game.tools.puzzles_build import Found, bucket, choose, difficulty, mine_game

# A win puzzle whose line asks for two only moves (from the shipped set's form).
LINE = OnlyMoveLine((3, 3, 3), (2, 0, 4), 5)


@dataclass(frozen=True)
class Stub:
    """A ladder player that finds the only move at the turns listed in ``finds`` (0-based)."""

    finds: frozenset[int]

    def make(self, seed):
        finds, turns = self.finds, iter(range(100))

        class Mover:
            def choose(self, pos: Position) -> int:
                k = next(turns)
                return LINE.line[2 * k] if k in finds else 6

        return Mover()


def ladder(*found: set[int]) -> tuple:
    elos = (1000, 1200, 1500, 1900)
    return tuple((Stub(frozenset(f)), elo) for f, elo in zip(found, elos))


@pytest.mark.parametrize("found, expected", [
    (({0, 1},), 1000),                      # the weakest finds everything
    (({0}, {0, 1}), 1200 - 200 * 0.5),      # the one below found half the moves
    ((set(), {0, 1}), 1200),                # ... or none
    ((set(), {1}, {0, 1}), 1500 - 300 * 0.5),
    ((set(), set(), {0}, {1}), 1900 + 400 * 0.5),  # no level finds both: above the strongest
    ((set(), set(), set(), set()), 1900 + 400),
])
def test_difficulty_is_the_weakest_solving_levels_elo_lowered_by_what_the_level_below_found(found, expected):
    assert difficulty(LINE, ladder(*found)) == round(expected)


def test_one_puzzle_per_position_mirror_images_included_and_at_most_a_bucket_each():
    mirror = OnlyMoveLine((3, 3, 3), (4, 6, 2), 5)  # the same position as LINE, mirrored line
    other = OnlyMoveLine((3, 3, 2), (2, 0, 4), 5)
    longer = OnlyMoveLine((3, 3, 1), (2, 0, 4, 1, 1), 5)
    found = [Found(LINE, 10), Found(mirror, 20), Found(other, 30), Found(longer, 5)]
    assert bucket(LINE) == bucket(other) == bucket(longer)
    assert choose(found, 2) == [longer, other]  # the longer line first, then the dearer check
    assert len(choose(found, 10)) == 3
    assert choose(found + [Found(OnlyMoveLine((3, 3, 4), (2, 0, 4), 5), 99)], 10) == choose(found, 10)  # mirror of other


def test_a_mined_game_gives_puzzles_that_pass_their_check():
    task = make_tasks(parse_arena_player("Beginner"), parse_arena_player("Novice"), 2, 5)[0]
    found = mine_game(task)
    assert found
    solver = Solver(table_mb=16)
    for item in found:
        check_line(solver, item.puzzle)

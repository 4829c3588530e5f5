"""Drills (game.engine.drills): every slip of the player's side, with every column that keeps
the best outcome -- checked against the shipped golden column scores and against the solver."""

from __future__ import annotations

import threading

import pytest

from game.data import read_analysis
from game.engine.board import Position, parse_moves
from game.engine.drills import Drill, DrillError, drills_from_review, mine_drills
from game.engine.game_review import review_game
from game.engine.scores import Outcome, outcome
from game.engine.solver import SearchCancelled, Solver

# The first 30 moves of a game between Easy and Medium (game.tools.review's bench game).
GAME = "445367453675455344737735372666"


@pytest.fixture(scope="module")
def solver() -> Solver:
    return Solver(table_mb=32)


def golden_slips(limit: int) -> list[tuple[list[int], int, tuple[int, ...], Outcome]]:
    """(position, a column that loses the best outcome, every column that keeps it, the outcome)
    from the shipped analysis file (every column's exact score, computed apart from the solver)."""
    cases = []
    for moves, scores in read_analysis("begin_easy_100.txt"):
        best = outcome(max(s for s in scores if s is not None))
        kept = tuple(c for c, s in enumerate(scores) if s is not None and outcome(s) is best)
        slips = [c for c, s in enumerate(scores) if s is not None and c not in kept]
        if best is not Outcome.LOSS and slips:
            cases.append((parse_moves(moves), slips[-1], kept, best))
        if len(cases) == limit:
            break
    return cases


@pytest.mark.parametrize("moves, slip, kept, best", golden_slips(6))
def test_a_known_slip_makes_a_drill_with_exactly_the_golden_columns(moves, slip, kept, best, solver):
    side = Position.from_moves(moves).turn
    drills = mine_drills(moves + [slip], [side], solver=solver, time_per_position=5)
    last = [d for d in drills if d.moves == tuple(moves)]
    assert len(last) == 1
    assert last[0].accepted == kept and last[0].played == slip and last[0].kept is best
    assert all(d.player == side for d in drills)


def test_every_drill_of_a_game_accepts_exactly_the_columns_the_solver_keeps(solver):
    moves = parse_moves(GAME)
    review = review_game(moves, time_per_position=2, solver=solver, estimates=False)
    drills = drills_from_review(review, (1, 2), solver, seconds=30)
    slips = [r for r in review.reviews if r.move_class.value in ("mistake", "blunder")]
    assert drills and len(drills) == len(slips)
    fresh = Solver(table_mb=32)  # each column solved on its own, no table shared with the miner
    for drill in drills:
        pos = drill.position
        scores = {c: (18 if pos.is_winning_move(c) else -fresh.solve(pos.play(c))) for c in pos.legal_moves()}
        best = outcome(max(scores.values()))
        assert drill.kept is best
        assert drill.accepted == tuple(c for c in sorted(scores) if outcome(scores[c]) is best)
        assert drill.played not in drill.accepted


def test_only_the_chosen_sides_slips_become_drills(solver):
    moves = parse_moves(GAME)
    both = mine_drills(moves, (1, 2), solver=solver, time_per_position=2)
    red = mine_drills(moves, (1,), solver=solver, time_per_position=2)
    assert {d.player for d in both} == {1, 2}
    assert red == [d for d in both if d.player == 1]
    assert mine_drills(moves, (), solver=solver, time_per_position=2) == []


def test_a_position_not_settled_in_time_makes_no_drill():
    moves, slip, _kept, _best = golden_slips(1)[0]
    solver = Solver(table_mb=32, book=None, early=False)  # without the book 13 discs take long
    review = review_game(moves + [slip], time_per_position=5, solver=Solver(table_mb=32), estimates=False)
    assert any(r.move_class.value in ("mistake", "blunder") for r in review.reviews)
    assert drills_from_review(review, (1, 2), solver, seconds=-1) == []  # a deadline already passed


def test_a_stopped_review_raises_instead_of_dropping_drills(solver):
    moves, slip, _kept, _best = golden_slips(1)[0]
    review = review_game(moves + [slip], time_per_position=5, solver=solver, estimates=False)
    stop = threading.Event()
    stop.set()
    with pytest.raises(SearchCancelled):
        drills_from_review(review, (1, 2), Solver(table_mb=8, book=None, early=False), stop=stop)


def test_a_drill_round_trips_through_json():
    drill = Drill((3, 3), 4, (3,), Outcome.WIN)
    assert drill.to_json() == {"position": "44", "played": 5, "accepted": [4], "kept": "win"}
    assert Drill.from_json(drill.to_json()) == drill


@pytest.mark.parametrize("data", [
    None, [], {"position": "44", "played": 5, "accepted": [4], "kept": "lost"},
    {"position": "44", "played": 5, "accepted": [4], "kept": "loss", "kind": "opening knowledge"},
    {"position": "48", "played": 5, "accepted": [4], "kept": "win"},
    {"position": "44", "played": 5, "accepted": [5], "kept": "win"},   # the played column accepted
    {"position": "44", "played": 5, "accepted": [4, 3], "kept": "win"},  # not ascending
    {"position": "44", "played": 5, "accepted": [], "kept": "win"},
    {"position": "44", "played": 8, "accepted": [4], "kept": "win"},
    {"position": "44", "played": True, "accepted": [4], "kept": "win"},
    {"position": "44", "played": 5.0, "accepted": [4], "kept": "win"},
    {"position": "1111111", "played": 1, "accepted": [2], "kept": "win"},  # column 1 is full
    {"position": "1212121", "played": 3, "accepted": [2], "kept": "win"},  # the game is over
    {"position": "4" * 100, "played": 3, "accepted": [2], "kept": "win"},
])
def test_a_bad_drill_is_refused_with_a_reason(data):
    with pytest.raises(DrillError):
        Drill.from_json(data)

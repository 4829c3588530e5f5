"""Puzzles that say their task: the moves to find (``find``, the solver's moves in the solution
line), a theme decided from the board along the line, and tactics served before parity at low
puzzle ratings. Checked over every shipped puzzle, the board facts by the reference board."""

from __future__ import annotations

from collections import Counter

import pytest

from game.domain.record import Rating
from game.engine.board import parse_moves
from game.engine.only_moves import OnlyMoveLine, Theme, theme
from game.training.puzzle_set import PARITY_FROM, load_puzzles, puzzle_task, serve
from reference_board import RefBoard

PUZZLES = load_puzzles()


def test_a_long_win_puzzle_asks_for_its_two_moves():
    puzzle = next(p for p in PUZZLES if p.id == "11754132444555336634")
    assert puzzle.find == 2 and puzzle.to_json()["solution"] == "176"
    assert puzzle_task(puzzle, "Red") == ("Find the 2 moves that keep Red's win (the win comes with Red's 10th "
                                          "disc from now)")


def test_held_out_every_puzzles_find_matches_its_solution_and_its_task_says_it():
    for puzzle in PUZZLES:
        doc = puzzle.to_json()
        solution = parse_moves(doc["solution"])
        assert doc["find"] == len(solution[::2]) == (len(solution) + 1) // 2
        task = doc["task"]
        assert task.startswith("Find the move that " if doc["find"] == 1 else f"Find the {doc['find']} moves that ")
        assert doc["to_play"].capitalize() in task and doc["theme"] in {t.value for t in Theme}
        board = RefBoard.from_cols(parse_moves(doc["position"]) + solution)
        makes_four = board.winner() is not None
        assert ("makes four" in task) == makes_four         # said only when the line ends with four
        if doc["kind"] == "win" and not makes_four:
            assert f"with {doc['to_play'].capitalize()}'s {doc['n']}" in task and "disc from now" in task


def _two_threats_after(board: RefBoard, col: int) -> bool:
    """Reference: after ``col`` the mover has two winning cells the opponent cannot both fill (two
    playable ones, or one playable with another right above it) and the opponent no win at once."""
    board.play(col)
    try:
        if any(board.is_winning_move(c) for c in board.legal_moves()):
            return False
        me = 1 if board.moves % 2 == 1 else 2
        cells = set()
        for c in range(7):
            for r in range(board.height(c), 6):
                board.grid[c][r] = me
                if any(all(board.grid[x][y] == me for x, y in w) for w in _windows_through(c, r)):
                    cells.add((c, r))
                board.grid[c][r] = 0
        playable = {(c, r) for c, r in cells if r == board.height(c)}
        return len(playable) >= 2 or any((c, r + 1) in cells for c, r in playable)
    finally:
        board.undo()


def _windows_through(c: int, r: int):
    for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
        for k in range(4):
            cells = [(c + (i - k) * dc, r + (i - k) * dr) for i in range(4)]
            if all(0 <= x < 7 and 0 <= y < 6 for x, y in cells):
                yield cells


def test_held_out_every_theme_holds_on_the_reference_board():
    seen = Counter()
    for puzzle in PUZZLES:
        start, line = parse_moves(puzzle.id), list(puzzle.line.line)
        got = puzzle.theme
        seen[got] += 1
        board = RefBoard.from_cols(start)
        if got is Theme.TWO_THREATS:
            found = False
            for i, col in enumerate(line):
                if i % 2 == 0 and _two_threats_after(board, col):
                    found = True
                board.play(col)
            assert found, puzzle.id
        elif got is Theme.UNDER_WINNING_CELL:
            before = RefBoard.from_cols(start + line[:-1])
            assert line[-1] == line[-2] and before.is_winning_move(line[-1]), puzzle.id
        elif got is Theme.ODD_EVEN:
            end = RefBoard.from_cols(start + line)
            solver = 1 + len(start) % 2
            assert not end.is_over()
            rows = [r for c in range(7) for r in range(end.height(c) + 1, 6)
                    if _completes(end, c, r, solver)]
            assert any((r % 2 == 0) == (solver == 1) for r in rows), puzzle.id
    assert len(seen) >= 5, seen


def _completes(board: RefBoard, c: int, r: int, player: int) -> bool:
    return any(all(board.grid[x][y] == player or (x, y) == (c, r) for x, y in w) for w in _windows_through(c, r))


def test_themes_from_small_lines():
    assert theme(OnlyMoveLine(tuple(parse_moves("152535")), (3,), 18)) is Theme.WIN_AT_ONCE
    # yellow has three in column 5: red fills the cell yellow would complete four on
    assert theme(OnlyMoveLine(tuple(parse_moves("151575")), (4,), 0)) is Theme.BLOCK


@pytest.mark.parametrize("rating", [1000.0, 1200.0, 1500.0, PARITY_FROM - 1])
def test_tactics_come_before_parity_at_low_ratings(rating):
    served = serve(PUZZLES, Rating(rating, 100, 0), count=len(PUZZLES))
    tactics = [p.theme.is_tactic for p in served]
    assert tactics == sorted(tactics, reverse=True) and tactics[0]


def test_from_the_parity_rating_on_puzzles_are_served_by_difficulty_alone():
    served = serve(PUZZLES, Rating(2000.0, 100, 0), count=20)
    gaps = [abs(p.difficulty - 2000) for p in served]
    assert gaps == sorted(gaps) and any(not p.theme.is_tactic for p in served)

"""The coach's words for H and W: each names its column, cites no move number of a line, and rings
only real cells, checked on a plain 2-D list board over many positions of shipped level games."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.engine.board import Position, parse_moves
from game.engine.coaching import Advice, Ring, advise
from game.words.coach_says import advice_json, advice_words
from game.words.coach_says import value_words
from game.engine.scores import win_next_score
from game.engine.solver import Solver

try:
    from reference_board import WINDOWS, RefBoard
except ImportError:  # pragma: no cover - tests run as a package
    from tests.reference_board import WINDOWS, RefBoard

SOLVER = Solver(table_mb=16)
GAMES = [line.split("#")[0].strip() for line in
         (Path(__file__).parent / "data" / "level_games.txt").read_text().splitlines() if line.strip()]
MOVE_NUMBER = re.compile(r"\bmoves? (?:number )?\d|\bply \d|\bmove #?\d", re.IGNORECASE)


def ref_completes_four(board: RefBoard, col: int, row: int, player: int) -> bool:
    """Whether a disc of ``player`` at the empty (col, row) makes four, by scanning every window."""
    return board.grid[col][row] == 0 and any(
        (col, row) in w and all((c, r) == (col, row) or board.grid[c][r] == player for c, r in w) for w in WINDOWS)


def ref_ring_real(moves: list[int], ring: Ring) -> bool:
    board = RefBoard.from_cols(moves)
    for col in ring.after:
        board.play(col)
    return ref_completes_four(board, ring.cell.col, ring.cell.row, ring.player)


def sample_positions(step: int = 4) -> list[list[int]]:
    """Every ``step``-th position of each shipped level game (not over), from the 6th disc on."""
    found = []
    for game in GAMES:
        moves = parse_moves(game)
        for n in range(6, len(moves), step):
            found.append(moves[:n])
    return found


def check(moves: list[int], advice: Advice) -> None:
    pos = Position.from_moves(moves)
    assert advice_words(advice).startswith(f"Column {advice.column + 1}: {value_words(advice.score, advice.moves)}. "), advice_words(advice)
    assert not MOVE_NUMBER.search(advice_words(advice)), advice_words(advice)
    assert "win" in value_words(advice.score, advice.moves) or value_words(advice.score, advice.moves) == "a draw"
    for ring in advice.rings:
        assert ref_ring_real(moves, ring), (moves, ring, advice_words(advice))
        if not ring.after and ring.player == pos.turn and pos.can_play(ring.cell.col) \
                and pos.height(ring.cell.col) == ring.cell.row:
            assert pos.is_winning_move(ring.cell.col)   # a winning disc's cell wins


@pytest.mark.parametrize("moves", sample_positions(), ids=lambda m: "".join(str(c + 1) for c in m))
def test_hint_and_why_name_their_column_and_ring_only_real_cells(moves):
    pos = Position.from_moves(moves)
    hint = advise(pos, SOLVER)
    assert value_words(hint.score, hint.moves) == value_words(SOLVER.solve(pos), pos.moves)   # a best column
    check(moves, hint)
    for col in pos.legal_moves()[::3]:
        check(moves, advise(pos, SOLVER, col))


def test_after_4444_the_hint_says_there_is_no_short_reason_and_points_to_the_lesson():
    advice = advise(Position.from_moves("4444"), SOLVER)
    assert advice_json(advice) == {
        "column": 4, "value": "a win for Red in 19 moves", "cells": [],
        "text": "Column 4: a win for Red in 19 moves. No short reason: the computer sees the win 19 moves away; "
                "see Learn: odd and even threats."}


def test_why_on_a_column_that_misses_a_win_rings_the_winning_cell():
    moves = parse_moves("4137524")   # Yellow to move; Red threatens column 6, bottom row
    advice = advise(Position.from_moves(moves), SOLVER, 3)
    assert value_words(advice.score, advice.moves) == "a loss for Yellow: Red wins at once"
    assert advice_words(advice).startswith("Column 4: a loss for Yellow: Red wins at once. It leaves Red's threat at column 6, "
                                  "bottom row open")
    assert advice_json(advice)["cells"] == [[6, 1]]


def test_a_missed_win_at_once_is_named_and_its_cell_ringed():
    moves = parse_moves("413752")   # Red to move: column 6 completes four (game 41375246..., move 7)
    advice = advise(Position.from_moves(moves), SOLVER, 3)
    assert "could win at once at column 6" in advice_words(advice) and [6, 1] in advice_json(advice)["cells"]
    assert advice_json(advise(Position.from_moves(moves), SOLVER))["cells"] == [[6, 1]]


def test_two_threats_are_both_ringed_after_the_column():
    # Red to move: column 3 gives Red two playable threats on the bottom row (columns 2 and 5 ... )
    pos = Position.from_moves("4455")
    advice = advise(pos, SOLVER, 2)
    assert advice_words(advice).startswith("Column 3: a win for Red in 2 moves. It makes two threats")
    assert sorted(advice_json(advice)["cells"]) == [[2, 1], [6, 1]]
    assert all(r.after == (2,) for r in advice.rings)


def test_value_words_name_the_side_of_every_win():
    assert value_words(win_next_score(4), 4) == "a win for Red at once"
    assert value_words(-win_next_score(5), 4) == "a loss for Red: Yellow wins at once"
    assert value_words(0, 4) == "a draw"


def test_a_full_column_or_a_finished_game_is_refused_before_any_search():
    from game.engine.board import ColumnFullError, GameOverError
    with pytest.raises(ColumnFullError):
        advise(Position.from_moves("444444"), SOLVER, 3)
    with pytest.raises(GameOverError):
        advise(Position.from_moves("1212121"), SOLVER)


def random_positions(count: int, seed: int) -> list[list[int]]:
    """Positions of seeded random games (8 to 30 discs, not over): threats, blocks and misses abound."""
    import random

    rng = random.Random(seed)
    found: list[list[int]] = []
    while len(found) < count:
        board, moves = RefBoard(), []
        for _ in range(rng.randint(8, 30)):
            if board.is_over():
                break
            col = rng.choice(board.legal_moves())
            board.play(col)
            moves.append(col)
        if not board.is_over():
            found.append(moves)
    return found


@pytest.mark.parametrize("seed", range(4))
def test_every_column_of_random_positions_is_named_and_ringed_truly(seed):
    for moves in random_positions(10, seed):
        pos = Position.from_moves(moves)
        check(moves, advise(pos, SOLVER))
        for col in pos.legal_moves():
            check(moves, advise(pos, SOLVER, col))


@pytest.mark.parametrize("seed", range(4))
def test_a_missed_point_is_a_real_win_or_the_one_block(seed):
    from game.engine.explain import missed_point

    for moves in random_positions(25, 100 + seed):
        pos = Position.from_moves(moves)
        board = RefBoard.from_cols(moves)
        me = board.turn
        wins = [c for c in board.legal_moves() if board.completes_four(c)]
        for col in pos.legal_moves():
            point = missed_point(pos, col)
            if col in wins or (not wins and not _ref_open_threats(board, 3 - me)):
                assert point is None
            elif wins:
                assert point.win and point.moves[0] in wins and point.player == me
                assert ref_completes_four(board, point.cell.col, point.cell.row, me)
            elif point is not None:
                assert not point.win and point.player == 3 - me and point.moves[0] != col
                assert _ref_open_threats(board, 3 - me) == [(point.cell.col, point.cell.row)]


def _ref_open_threats(board: RefBoard, player: int) -> list[tuple[int, int]]:
    """The cells ``player`` could complete four on with the next disc, on the plain board."""
    return [(c, board.height(c)) for c in board.legal_moves()
            if ref_completes_four(board, c, board.height(c), player)]


def test_two_open_threats_are_never_told_to_be_blocked():
    """After 41375 Red threatens both ends of its three on the bottom row: no single disc holds, so
    no advice may say "block it"; it says there are two threats and one disc stops only one."""
    pos = Position.from_moves(parse_moves("41375"))
    for col in (None, 0, 3, 6):
        text = advice_words(advise(pos, SOLVER, col))
        assert "Block it" not in text
        if col != 0 and col != 6:
            assert "two threats, at column 2, bottom row and column 6, bottom row" in text
    assert "also threatens column 6, bottom row" in advice_words(advise(pos, SOLVER, 1))

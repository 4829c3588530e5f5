"""The plain nodes assert their contract (the preconditions their docstrings state)."""

from __future__ import annotations

import pytest

from game.engine import plain_alphabeta, plain_negamax
from game.engine.board import Position, winning_cells_mask
from game.engine.heuristics import DEFAULT_WEIGHTS
from game.engine.limits import SearchLimits
from game.engine.negamax import new_table

QUIET = Position.from_moves("2252576253462244111563365343671351441")  # 37 discs, no win at once; score -1
THREE_IN_A_ROW = Position.from_moves("445566")  # Red to move completes four in column 7 or 3


def opp_win(pos: Position) -> int:
    return winning_cells_mask(pos.current ^ pos.mask, pos.mask)


def depth_negamax():
    core = plain_alphabeta.PlainCore("scoremap", DEFAULT_WEIGHTS, 0.25, 1000, 1000, 1000)
    negamax, _, _ = core.iteration(QUIET.moves, 4, 0, None, None)
    return negamax


def solver_negamax():
    negamax, _ = plain_negamax.plain_search(SearchLimits(), new_table(4093), {}, 256, -1, None)
    return negamax


def test_the_contract_holds_for_a_quiet_position_and_a_real_window():
    pos = QUIET
    assert depth_negamax()(pos.current, pos.mask, pos.moves, opp_win(pos), 4, -1e9, 1e9, 0.0) == -1  # proved
    assert solver_negamax()(pos.current, pos.mask, pos.moves, opp_win(pos), -2, 0) == -1


@pytest.mark.parametrize("alpha,beta", [(0.5, 0.5), (0.5, -0.5)])
def test_the_depth_search_node_refuses_an_empty_window(alpha, beta):
    pos = QUIET
    with pytest.raises(AssertionError, match="empty window"):
        depth_negamax()(pos.current, pos.mask, pos.moves, opp_win(pos), 4, alpha, beta, 0.0)


def test_the_depth_search_node_refuses_no_depth():
    pos = QUIET
    with pytest.raises(AssertionError, match="no depth left"):
        depth_negamax()(pos.current, pos.mask, pos.moves, opp_win(pos), 0, -1e9, 1e9, 0.0)


def test_the_nodes_refuse_a_position_the_side_to_move_wins_at_once():
    pos = THREE_IN_A_ROW
    assert pos.is_winning_move(2) and not any(QUIET.is_winning_move(c) for c in QUIET.legal_moves())
    with pytest.raises(AssertionError, match="can win at once"):
        depth_negamax()(pos.current, pos.mask, pos.moves, opp_win(pos), 4, -1e9, 1e9, 0.0)
    with pytest.raises(AssertionError, match="can win at once"):
        solver_negamax()(pos.current, pos.mask, pos.moves, opp_win(pos), -1, 0)


def test_the_solver_node_refuses_an_empty_window():
    pos = QUIET
    with pytest.raises(AssertionError, match="empty window"):
        solver_negamax()(pos.current, pos.mask, pos.moves, opp_win(pos), 0, 0)

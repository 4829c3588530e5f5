"""Every copy of a rule that a hot loop inlines for speed gives the same results as the rule.

The searches' node bodies carry copies of ``board.non_losing_moves``,
``board.winning_cells_mask``, ``ordering.order_by_threats`` and the ``scores`` formulas, each
marked ``# inlined: NAME`` (a block ends at ``# end inlined``). The tests below cut each marked
block out of the source, run it with the constants its closure really holds, and compare it with
the original on positions from random games.
"""

from __future__ import annotations

import inspect
import random
import re
import textwrap

import pytest

from game.engine import alphabeta, negamax, plain_alphabeta, plain_negamax, scores
from game.engine.board import BOARD, CELLS, Position, non_losing_moves, winning_cells_mask
from game.engine.heuristics import DEFAULT_WEIGHTS
from game.engine.heuristics.threat_parity import _above
from game.engine.ordering import order_by_threats


def random_positions(n: int, seed: int, max_moves: int = CELLS - 3) -> list[Position]:
    """Positions from random games that are not over (at most ``max_moves`` discs)."""
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        pos = Position()
        for _ in range(rng.randrange(0, max_moves + 1)):
            col = rng.choice(pos.legal_moves())
            if pos.is_winning_move(col):
                break
            pos = pos.play(col)
        out.append(pos)
    return out


POSITIONS = random_positions(3000, seed=11)


def closure_values(func) -> dict[str, object]:
    """The free variables of a closure with their current values."""
    return {name: cell.cell_contents for name, cell in zip(func.__code__.co_freevars, func.__closure__ or ())}


def source(modules) -> str:
    """The source of a search: its plain module's, then its compiled module's (run plain)."""
    return "\n".join(inspect.getsource(module) for module in modules)


def inlined_blocks(modules, name: str) -> list[str]:
    """The source blocks marked ``# inlined: <name>`` ... ``# end inlined`` in ``modules``, dedented."""
    lines = source(modules).splitlines()
    blocks = []
    for i, line in enumerate(lines):
        if line.strip().startswith(f"# inlined: {name}"):
            end = next(j for j in range(i + 1, len(lines)) if lines[j].strip() == "# end inlined")
            blocks.append(textwrap.dedent("\n".join(lines[i:end])))
    return blocks


def compile_block(block: str, args: str, result: str, namespace: dict, prologue: str = ""):
    """``def f(<args>): <prologue> <block> return <result>`` in ``namespace``."""
    source = f"def f({args}):\n" + textwrap.indent(f"{prologue}\n{block}\nreturn {result}\n", "    ")
    ns = dict(namespace)
    exec(source, ns)  # noqa: S102 -- the engine's own source, cut out above
    return ns["f"]


#: The two searches as plain Python (their source; the compiled modules have none to read).
SOLVER_SEARCH = negamax.plain_module()
DEPTH_SEARCH = alphabeta.plain_module()


def negamax_closures() -> dict[str, dict[str, object]]:
    core = DEPTH_SEARCH.new_core("scoremap", DEFAULT_WEIGHTS, 0.25, 1000, 1000, 1000)
    search_negamax, _, _ = core.iteration(0, 4, 0, None, None)
    solver_negamax, _, _ = SOLVER_SEARCH.build_search(None, SOLVER_SEARCH.new_table(4093), {}, 256)
    return {"search": closure_values(search_negamax), "solver": closure_values(solver_negamax)}


CLOSURES = negamax_closures()
MODULES = {"search": (plain_alphabeta, DEPTH_SEARCH), "solver": (plain_negamax, SOLVER_SEARCH)}
UNCACHED = {"threat_cache": {}, "new_threats": lambda discs: winning_cells_mask(discs, 0), "bounds": {}}


def test_the_marked_copies_are_where_the_hot_loops_are():
    found = {(m, name): len(inlined_blocks(MODULES[m], name)) for m in MODULES
             for name in ("board.non_losing_moves", "board.winning_cells_mask", "ordering.order_by_threats")}
    assert found == {
        ("search", "board.non_losing_moves"): 2,  # a node, and the depth-1 node's children
        ("search", "board.winning_cells_mask"): 2,  # the plain path's depth-1 loop, the compiled helper
        ("search", "ordering.order_by_threats"): 1,
        ("solver", "board.non_losing_moves"): 1,
        ("solver", "board.winning_cells_mask"): 1,  # the compiled path's threat function
        ("solver", "ordering.order_by_threats"): 1,
    }


@pytest.mark.parametrize("where", ["search", "solver"])
def test_a_nodes_non_losing_moves_are_board_non_losing_moves(where):
    # The node's copy returns the loss score at once when two threats are open; otherwise its
    # candidates. Both must agree with non_losing_moves (0 = every move loses at once).
    block = inlined_blocks(MODULES[where], "board.non_losing_moves")[0]
    copy = compile_block(block, "mask, opp_win, moves", "candidates", {**CLOSURES[where], "CELLS": CELLS})
    for pos in POSITIONS:
        opp_win = winning_cells_mask(pos.current ^ pos.mask, pos.mask)
        got, expected = copy(pos.mask, opp_win, pos.moves), non_losing_moves(pos.mask, opp_win)
        if got < 0:  # returned early: lost whatever is played
            assert expected == 0 and got == scores.loss_next_score(pos.moves), str(pos)
        else:
            assert got == expected, str(pos)


def test_the_depth_1_childrens_non_losing_moves_are_board_non_losing_moves():
    # There the opponent's winning cells come straight from the threat cache: occupied cells
    # included, which must not matter.
    block = inlined_blocks(MODULES["search"], "board.non_losing_moves")[1]
    copy = compile_block(block, "cmask, r", "ccand", CLOSURES["search"])
    for pos in POSITIONS:
        opp = pos.current ^ pos.mask
        expected = non_losing_moves(pos.mask, winning_cells_mask(opp, pos.mask))
        assert copy(pos.mask, winning_cells_mask(opp, 0)) == expected, str(pos)
        assert copy(pos.mask, winning_cells_mask(opp, pos.mask)) == expected, str(pos)


def test_the_searchs_threat_cells_are_board_winning_cells_mask():
    block = inlined_blocks(MODULES["search"], "board.winning_cells_mask")[0]
    copy = compile_block(block, "pos", "r", CLOSURES["search"])
    for pos in POSITIONS:
        for discs in (pos.current, pos.current ^ pos.mask):
            assert copy(discs) == winning_cells_mask(discs, 0) == winning_cells_mask(discs, 0) & BOARD, str(pos)


def test_the_compiled_solvers_helpers_are_the_rules():
    # The compiled search's own copies, run here as the plain functions they are in the file.
    for pos in POSITIONS:
        for discs in (pos.current, pos.current ^ pos.mask):
            assert SOLVER_SEARCH._threats(discs, BOARD) == winning_cells_mask(discs, 0), str(pos)
            assert SOLVER_SEARCH._bit_count(discs) == discs.bit_count(), str(pos)


def test_the_compiled_depth_searchs_helpers_are_the_rules():
    # Its own copies (the same line shifts, from board.LINE_SHIFTS), run as the plain functions
    # they are in the file.
    for pos in POSITIONS:
        for discs in (pos.current, pos.current ^ pos.mask, pos.mask):
            assert DEPTH_SEARCH._threat_cells(discs) == winning_cells_mask(discs, 0), str(pos)
            assert DEPTH_SEARCH._bit_count(discs) == discs.bit_count(), str(pos)
            assert DEPTH_SEARCH._above(discs) == _above(discs), str(pos)


def test_the_solvers_move_order_is_order_by_threats():
    block = inlined_blocks(MODULES["solver"], "ordering.order_by_threats")[0]
    copy = compile_block(block, "current, mask, candidates", "[(move, r) for _, move, r in ranked]",
                         {**CLOSURES["solver"], **UNCACHED})
    for pos in POSITIONS:
        candidates = non_losing_moves(pos.mask, winning_cells_mask(pos.current ^ pos.mask, pos.mask))
        expected = [(move, threats) for _, move, threats in order_by_threats(pos.current, pos.mask, candidates)]
        assert copy(pos.current, pos.mask, candidates) == expected, str(pos)


def test_the_searchs_move_order_is_order_by_threats():
    # With an empty table the enhanced transposition cutoff never fires: only the order is left.
    block = inlined_blocks(MODULES["search"], "ordering.order_by_threats")[0]
    copy = compile_block(block, "current, mask, rest", "[(col, move, r) for _, col, move, r in ranked]",
                         {**CLOSURES["search"], **UNCACHED},
                         prologue="new_current = current ^ mask\nalpha, beta, cd = 0.0, 1.0, 1")
    for pos in POSITIONS:
        candidates = non_losing_moves(pos.mask, winning_cells_mask(pos.current ^ pos.mask, pos.mask))
        assert copy(pos.current, pos.mask, candidates) == order_by_threats(pos.current, pos.mask, candidates), str(pos)


INLINED_FORMULA = re.compile(r"^\s*(?:return |\w+ = )(?P<code>.+?)\s*# inlined: (?P<rule>-?scores\.\w+\(.+\))\s*$")


@pytest.mark.parametrize("where", ["search", "solver"])
def test_inlined_score_formulas_are_the_scores_functions(where):
    checked = 0
    for line in source(MODULES[where]).splitlines():
        found = INLINED_FORMULA.match(line)
        if found is None:
            continue
        for moves in range(CELLS - 1):
            env = {"CELLS": CELLS, "moves": moves, "m1": moves, "scores": scores}
            assert eval(found["code"], env) == eval(found["rule"], env), (line, moves)  # noqa: S307
        checked += 1
    assert checked >= 3  # every node body holds several

"""The worker's request kinds are typed names, and each kind has one result type."""

import pytest

from game.engine.board import Position
from game.engine.search import SearchConfig, SearchResult
from game.engine.solver import Solver
from game.service.requests import KINDS, RESULT_TYPES, AIRequest, AIUpdate, Analysis, Kind
from game.service.worker import AIWorker

from test_worker import collect


def test_kinds_are_an_enum_equal_to_their_names():
    assert KINDS == (Kind.MOVE, Kind.ANALYSIS, Kind.REVIEW) and set(RESULT_TYPES) == set(Kind)
    request = AIRequest(1, Position(), SearchConfig(depth=2), "analysis")
    assert request.kind is Kind.ANALYSIS and request.kind == "analysis"
    assert AIUpdate(1, "move", error="x").kind is Kind.MOVE
    with pytest.raises(ValueError, match="kind must be one of move, analysis, review"):
        AIUpdate(1, "perft", error="x")


def test_a_result_must_have_its_kinds_type():
    move = SearchResult(3, 0.0, 2, 10, 0.01, False)
    assert AIUpdate(1, Kind.MOVE, result=move).result is move
    with pytest.raises(TypeError, match="analysis result is a Analysis, not SearchResult"):
        AIUpdate(1, Kind.ANALYSIS, result=move)
    with pytest.raises(TypeError, match="move result is a SearchResult, not tuple"):
        AIUpdate(1, Kind.MOVE, result=((0.0,) * 7, True))


@pytest.mark.parametrize("use_process", [True, False], ids=["process", "thread"])
def test_an_analysis_comes_back_as_exact_column_scores(use_process):
    pos = Position.from_moves("2252576253462244111563365343671351441")  # End-Easy: solved at once
    with AIWorker(use_process=use_process) as worker:
        worker.submit(AIRequest(1, pos, SearchConfig(depth=4, time_limit=5.0), Kind.ANALYSIS))
        final = collect(worker)[-1]
    assert isinstance(final.result, Analysis) and final.result.exact
    assert final.result.scores == tuple(None if s is None else float(s) for s in Solver().column_scores(pos))

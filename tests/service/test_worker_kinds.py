"""The worker's request kinds are typed names, and each kind has one result type."""

import pytest

from game.words.explanations import explanation_text
from game.engine.board import Position
from game.engine.search import SearchConfig, SearchResult
from game.engine.solver import Solver
from game.engine.explain import Kind as ExplanationKind
from game.service.requests import (KINDS, REQUEST_TYPES, RESULT_TYPES, AIUpdate, Analysis, AnalysisRequest, Explained,
                                   ExplainRequest, Kind)
from game.service.worker import AIWorker

from test_worker import collect


def test_kinds_are_an_enum_equal_to_their_names():
    assert KINDS == (Kind.MOVE, Kind.ANALYSIS, Kind.REVIEW, Kind.EXPLAIN) and set(RESULT_TYPES) == set(Kind)
    request = AnalysisRequest(1, Position(), SearchConfig(depth=2))
    assert request.kind is Kind.ANALYSIS and request.kind == "analysis"
    assert set(REQUEST_TYPES) == set(Kind) and all(REQUEST_TYPES[kind].kind is kind for kind in Kind)
    assert AIUpdate(1, "move", error="x").kind is Kind.MOVE
    with pytest.raises(ValueError, match="kind must be one of move, analysis, review, explain"):
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
        worker.submit(AnalysisRequest(1, pos, SearchConfig(depth=4, time_limit=5.0)))
        final = collect(worker)[-1]
    assert isinstance(final.result, Analysis) and final.result.exact
    assert final.result.scores == tuple(None if s is None else float(s) for s in Solver().column_scores(pos))


def test_an_explain_request_names_a_playable_column_before_it_is_sent():
    full = Position.from_moves("444444")
    with pytest.raises(ValueError, match="column 4 cannot be played"):
        ExplainRequest(1, full, SearchConfig(depth=2), 3)
    with pytest.raises(ValueError, match="not a valid Column"):
        ExplainRequest(1, Position(), SearchConfig(depth=2), 7)


@pytest.mark.parametrize("use_process", [True, False], ids=["process", "thread"])
def test_an_explanation_comes_back_typed_with_its_line(use_process):
    # the play-test game before move 29: column 7 fills the cell under yellow's winning cell
    pos = Position.from_moves("4453545567344353133465766677")
    with AIWorker(use_process=use_process) as worker:
        worker.submit(ExplainRequest(1, pos, SearchConfig(depth=4), 6))
        final = collect(worker)[-1]
        assert isinstance(final.result, Explained) and final.result.column == 6
        assert final.result.explanation.kind is ExplanationKind.AT_ONCE and final.result.explanation.line == (6,)
        worker.submit(ExplainRequest(2, pos, SearchConfig(depth=4), 1))  # the best defence
        best = collect(worker)[-1].result
    assert explanation_text(best.explanation).startswith("Every column loses; column 2 holds out longest against Yellow.")
    line_end = pos.play(1)
    for col in best.explanation.line:
        line_end = line_end.play(col)
    assert line_end.winner() == 2


def test_each_request_crosses_to_the_search_process_as_it_is():
    import pickle

    from game.service.backends import Job, Report
    from game.service.searchers import Outcome
    from game.service.requests import MoveRequest, ReviewRequest

    config = SearchConfig(depth=2)
    for request in (MoveRequest(1, Position(), config), AnalysisRequest(2, Position(), config),
                    ReviewRequest(3, (3, 3), config), ExplainRequest(4, Position(), config, 3, ("Ann", "Bob"))):
        job = Job(7, request)
        assert pickle.loads(pickle.dumps(job)) == job and REQUEST_TYPES[request.kind] is type(request)
    assert pickle.loads(pickle.dumps(Report(7, Outcome.ALIVE))) == Report(7, Outcome.ALIVE)

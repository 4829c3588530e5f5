"""The Perfect level: only proved best moves, from the book and the solver."""

from __future__ import annotations

from game.data import read_analysis
from game.engine.board import Position
from game.engine.search import Searcher
from game.config.values import DEFAULTS


def _perfect() -> Searcher:
    return Searcher(DEFAULTS.search_config(level=DEFAULTS.level("Perfect")))


def test_perfect_never_lowers_the_exact_score_on_the_early_sets():
    perfect = _perfect()
    checked = 0
    for name in ("begin_easy_100.txt", "begin_medium_100.txt"):
        for moves, scores in read_analysis(name):
            if len(moves) > 11:
                continue  # its moves lead past the book: seconds each in Python, see the next test
            result = perfect.search(Position.from_moves(moves))
            best = max(s for s in scores if s is not None)
            assert scores[result.move] == best, (moves, result.move)
            assert result.exact and result.score == best
            checked += 1
    assert checked >= 90


def test_perfect_plays_the_fastest_win_and_the_slowest_loss_past_the_book():
    perfect = _perfect()
    analysis = dict(read_analysis("begin_easy_100.txt"))
    # 14-disc positions the solver settles in well under a second each
    for moves in ("76325166734314", "36477245374472", "42123365632536"):
        scores = analysis[moves]
        result = perfect.search(Position.from_moves(moves))
        assert scores[result.move] == max(s for s in scores if s is not None), moves


def test_perfect_does_not_stop_at_a_time_limit():
    config = DEFAULTS.search_config(level=DEFAULTS.level("Perfect"))
    assert config.depth is None and config.time_limit is None

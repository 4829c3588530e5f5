"""Tempered play: the weaker levels choose among their searched moves by a softmax, never at random,
never past a win in one, never past a block of an immediate threat."""

from __future__ import annotations

import math
from collections import Counter

import pytest

from game.engine.analysis import column_values
from game.engine.board import Position
from game.engine.search import SearchConfig, Searcher
from game.engine.tempered import MAX_TEMPERATURE, candidate_columns, move_weights, utility


def moves_for_seeds(moves: str, seeds: range, **config) -> Counter:
    pos = Position.from_moves(moves)
    return Counter(Searcher(SearchConfig(seed=s, **config)).search(pos).move for s in seeds)


def test_utility_puts_proved_results_at_the_ends_and_keeps_estimates():
    assert utility(18.0) == 1.0 and utility(1.0) == 1.0
    assert utility(-3.0) == -1.0
    assert utility(0.25) == 0.25 and utility(-0.999) == -0.999 and utility(0.0) == 0.0


def test_weights_are_the_softmax_of_the_values():
    weights = move_weights({0: 0.2, 3: 0.1, 6: -5.0}, 0.1)
    assert sum(weights.values()) == pytest.approx(1.0)
    # a move 0.1 worse is e^-1 times as likely; a proved loss (utility -1) e^-12 times
    assert weights[3] / weights[0] == pytest.approx(math.exp(-1))
    assert weights[6] / weights[0] == pytest.approx(math.exp(-12))
    with pytest.raises(ValueError):
        move_weights({0: 0.0}, 0.0)


def test_a_win_in_one_is_never_missed_even_at_the_highest_temperature():
    # red to move wins in column 4 (index 3) on the bottom row
    counts = moves_for_seeds("112233", range(40), depth=2, temperature=MAX_TEMPERATURE)
    assert counts == Counter({3: 40})


def test_an_immediate_threat_is_always_blocked():
    # yellow to move: red threatens column 4 on the bottom row (red 1, 2, 3; yellow stacked on 1, 2)
    pos = Position.from_moves("11223")
    assert candidate_columns(pos) == [3]
    counts = moves_for_seeds("11223", range(40), depth=1, temperature=MAX_TEMPERATURE)
    assert counts == Counter({3: 40})


def test_without_a_threat_every_legal_column_is_a_candidate():
    assert candidate_columns(Position.from_moves("44")) == list(range(7))


def test_low_temperature_plays_the_best_move_and_high_temperature_spreads():
    moves = "4455"  # an open position: several moves of different value
    pos = Position.from_moves(moves)
    values = column_values(Searcher(SearchConfig(depth=2)), pos, 2)
    top = max(values)
    best = {c for c in range(7) if values[c] == top}  # equal values share the choice
    assert len(best) < 7
    cold = moves_for_seeds(moves, range(30), depth=2, temperature=0.001)
    assert set(cold) <= best
    warm = moves_for_seeds(moves, range(200), depth=2, temperature=1.0)
    assert len(warm) >= 5  # most columns are played sometimes


def test_a_worse_move_is_played_less_often_than_a_better_one():
    moves = "4455"
    pos = Position.from_moves(moves)
    values = column_values(Searcher(SearchConfig(depth=2)), pos, 2)
    expected = move_weights({c: v for c, v in enumerate(values)}, 0.1)
    counts = moves_for_seeds(moves, range(400), depth=2, temperature=0.1)
    for col, p in expected.items():  # within five standard deviations of the softmax
        sd = math.sqrt(400 * p * (1 - p))
        assert abs(counts[col] - 400 * p) <= 5 * sd + 1, (col, counts, expected)


def test_tempered_choices_are_reproducible_for_a_seed_and_never_random_discs():
    first = moves_for_seeds("4455", range(30), depth=2, temperature=0.5)
    assert moves_for_seeds("4455", range(30), depth=2, temperature=0.5) == first
    result = Searcher(SearchConfig(depth=2, seed=1, temperature=0.5)).search(Position.from_moves("4455"))
    assert result.depth == 2  # a searched move, not a slip of depth 0


def test_temperature_is_validated():
    for bad in (-0.1, MAX_TEMPERATURE + 0.01, True, "1"):
        with pytest.raises(ValueError, match="temperature"):
            SearchConfig(temperature=bad)
    assert SearchConfig(temperature=MAX_TEMPERATURE).temperature == MAX_TEMPERATURE

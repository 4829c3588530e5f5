"""Game review: classes against exact column scores (golden data) and hand-built games."""

from __future__ import annotations

import threading

import pytest

from game.data import read_analysis
from game.engine.board import MoveError, parse_moves
from game.engine.game_review import Bounds, GameReview, MoveClass, MoveReview, classify, review_game
from game.words.review_text import best_text, summary_text, value_text
from game.engine.scores import Outcome
from game.engine.solver import SearchCancelled, Solver

# Golden positions (14 discs) whose children the solver proves in well under a second each;
# between them they hold best, good, mistake and blunder moves.
GOLDEN = ("76325166734314", "27164442432572", "64317175324747", "34471146735533", "42123365632536",
          "23564374115674", "75262212725116", "56134544742566", "36477245374472", "61635636463167",
          "34336261113357", "54133145613322")
GENEROUS = 30.0  # seconds per position: never reached by these positions, so every class is proved


def _expected(scores: tuple[int | None, ...], col: int) -> MoveClass:
    best = max(s for s in scores if s is not None)
    played = scores[col]
    assert played is not None
    if played == best:
        return MoveClass.BEST
    drop = {Outcome.WIN: 2, Outcome.DRAW: 1, Outcome.LOSS: 0}
    steps = drop[Bounds.exact(best).outcome] - drop[Bounds.exact(played).outcome]
    return {0: MoveClass.GOOD, 1: MoveClass.MISTAKE, 2: MoveClass.BLUNDER}[steps]


def test_classes_match_the_golden_column_scores() -> None:
    analysis = dict(read_analysis("begin_easy_100.txt"))
    seen = set()
    for moves in GOLDEN:
        scores = analysis[moves]
        prefix = parse_moves(moves)
        solver = Solver()
        best = max(s for s in scores if s is not None)
        for col, score in enumerate(scores):
            if score is None:
                continue
            review = review_game(prefix + [col], time_per_position=GENEROUS, solver=solver,
                                 estimates=False, first=len(prefix))
            (last,) = review.reviews
            assert last.move_class is _expected(scores, col), (moves, col)
            assert last.played == Bounds.exact(score), (moves, col)
            assert last.before == Bounds.exact(best), (moves, col)
            assert scores[last.best_column] == best
            seen.add(last.move_class)
    assert seen == {MoveClass.BEST, MoveClass.GOOD, MoveClass.MISTAKE, MoveClass.BLUNDER}


def test_losing_a_won_endgame_is_a_blunder_and_the_best_move_is_named() -> None:
    # Red has three in the bottom row (columns 1-3) and column 4 wins at once; red plays 7.
    game = parse_moves("152535")     # red 1,2,3 in row 0; yellow 5,5,5 in column 5
    review = review_game(game + [6], time_per_position=GENEROUS, estimates=False, first=len(game))
    (last,) = review.reviews
    assert last.before == Bounds.exact(18)            # winning with the 4th disc
    assert last.best_column == 3
    assert best_text(last) == "column 4 — wins in 1"
    # yellow then wins with 5 (four in column 5): red's move threw the win away
    assert last.played.outcome is Outcome.LOSS
    assert last.move_class is MoveClass.BLUNDER


def test_winning_moves_are_best_and_a_slower_win_is_good() -> None:
    game = parse_moves("152535")
    best = review_game(game + [3], time_per_position=GENEROUS, estimates=False, first=len(game))
    assert best.reviews[0].move_class is MoveClass.BEST
    assert best.reviews[0].played == Bounds.exact(18)


def test_a_game_is_reviewed_backwards_and_summarised() -> None:
    # From a 14-disc golden position red plays column 2, a blunder (its golden score is a loss
    # where column 5 wins); then both sides play perfectly to the end of the game.
    prefix = parse_moves("36477245374472")
    game = prefix + parse_moves("23155443233552526111117766")
    calls = []
    review = review_game(game, time_per_position=GENEROUS, estimates=False, first=len(prefix),
                         on_progress=lambda done, total, review: calls.append((done, total)))
    judged = len(game) - len(prefix)
    assert calls == [(n, judged) for n in range(1, judged + 1)]
    assert [r.column for r in review.reviews] == game[len(prefix):]
    assert [r.number for r in review.reviews] == list(range(len(prefix) + 1, len(game) + 1))
    assert [r.player for r in review.reviews] == [1, 2] * (judged // 2)
    assert review.proved == judged
    assert review.reviews[0].move_class is MoveClass.BLUNDER
    red = review.summary(1)
    assert red.first_turn is review.reviews[0]
    assert red.counts[MoveClass.BLUNDER] >= 1
    assert sum(red.counts.values()) == judged // 2
    assert "first outcome-changing move: 15 (column 2, blunder)" in summary_text(red)


def test_a_tiny_budget_says_not_proved_instead_of_guessing() -> None:
    game = parse_moves("4453")
    # without the book and the early table, the opening is far beyond a microsecond's search
    review = review_game(game, time_per_position=1e-6, estimates=True, solver=Solver(book=None, early=False))
    assert {r.move_class for r in review.reviews} == {MoveClass.UNPROVED}
    for r in review.reviews:
        assert not r.before.is_exact
        assert best_text(r) == "best move not proved"
        assert r.estimate is None or -1 < r.estimate < 1


@pytest.mark.usefixtures("bookless")
def test_cancelling_raises_and_illegal_moves_are_refused_before_searching() -> None:
    stop = threading.Event()
    stop.set()
    with pytest.raises(SearchCancelled):
        review_game(parse_moves("4453"), stop=stop, time_per_position=GENEROUS)
    with pytest.raises(MoveError):
        review_game([0] * 7)
    with pytest.raises(ValueError):
        review_game([3], time_per_position=0)


@pytest.mark.parametrize(("best", "played", "expected"), [
    (Bounds(5, 5), Bounds(5, 5), MoveClass.BEST),
    (Bounds(3, 9), Bounds(9, 12), MoveClass.BEST),          # played at least the best's upper bound
    (Bounds(5, 5), Bounds(2, 2), MoveClass.GOOD),
    (Bounds(5, 5), Bounds(0, 0), MoveClass.MISTAKE),
    (Bounds(0, 0), Bounds(-3, -3), MoveClass.MISTAKE),
    (Bounds(1, 18), Bounds(-18, -1), MoveClass.BLUNDER),    # bounds prove a win thrown into a loss
    (Bounds(1, 18), Bounds(1, 4), MoveClass.UNPROVED),      # both win: is the move the fastest? unknown
    (Bounds(-3, 3), Bounds(-5, -5), MoveClass.UNPROVED),
    (Bounds(2, 2), Bounds(-5, 5), MoveClass.UNPROVED),
])
def test_classify_uses_only_what_the_bounds_prove(best: Bounds, played: Bounds, expected: MoveClass) -> None:
    assert classify(best, played) is expected


def test_values_in_words() -> None:
    assert value_text(Bounds(0, 0), 10) == "draw"
    assert value_text(Bounds(1, 9), 10) == "wins (not proved how fast)"
    assert value_text(Bounds(0, 9), 10) == "at least a draw (not proved)"
    assert value_text(Bounds(-9, 9), 10) == "not proved"


def test_a_short_game_has_every_move_classified_and_the_book_moves_come_first() -> None:
    game = parse_moves("44534467467535")  # yellow wins with its 7th disc
    arrived = []
    review = review_game(game, time_per_position=0.05, estimates=False,
                         on_progress=lambda done, total, r: arrived.append(r.number))
    assert all(r.move_class is not MoveClass.UNPROVED for r in review.reviews)
    assert review.proved == len(game)
    # the moves whose position and reply the book settles are reported first, in order
    assert arrived[:12] == list(range(1, 13)) and sorted(arrived) == list(range(1, len(game) + 1))


def _move(number: int, cls: MoveClass) -> MoveReview:
    exact = cls is not MoveClass.UNPROVED
    return MoveReview(number, 1 + (number - 1) % 2, 3, cls, Bounds(1, 1) if exact else Bounds(-3, 3),
                      Bounds(1, 1) if exact else Bounds(-3, 3), 3 if exact else None)


def test_the_first_outcome_change_is_named_only_when_every_earlier_move_is_proved() -> None:
    moves = [MoveClass.BEST, MoveClass.BEST, MoveClass.UNPROVED, MoveClass.BEST, MoveClass.BLUNDER,
             MoveClass.BEST, MoveClass.MISTAKE]
    review = GameReview(tuple(range(len(moves))), tuple(_move(n, c) for n, c in enumerate(moves, start=1)))
    red = review.summary(1)  # red: best, unproved, blunder, mistake
    assert red.first_turn is None and red.first_proved_turn is review.reviews[4]
    assert "outcome changed at move 5 (column 4, blunder) or at an earlier move not proved" in summary_text(red)
    yellow = review.summary(2)  # yellow: best, best, best
    assert yellow.first_turn is None and "no outcome-changing move," in summary_text(yellow)
    proved_first = GameReview((0, 1, 2), tuple(_move(n, c) for n, c in
                                               enumerate([MoveClass.MISTAKE, MoveClass.BEST, MoveClass.UNPROVED], 1)))
    assert proved_first.summary(1).first_turn is proved_first.reviews[0]


def test_accuracy_counts_best_moves_fully_and_slower_wins_half() -> None:
    moves = [MoveClass.BEST, MoveClass.BEST, MoveClass.GOOD, MoveClass.BEST, MoveClass.BLUNDER,
             MoveClass.GOOD, MoveClass.BEST, MoveClass.UNPROVED]
    review = GameReview(tuple(range(len(moves))), tuple(_move(n, c) for n, c in enumerate(moves, start=1)))
    red = review.summary(1)       # best, good, blunder, best: (1 + 0.5 + 0 + 1) / 4
    yellow = review.summary(2)    # best, best, good, unproved (left out): (1 + 1 + 0.5) / 3
    assert red.accuracy == pytest.approx(62.5) and "accuracy 62 %" in summary_text(red)
    assert yellow.accuracy == pytest.approx(250 / 3)
    only_unproved = GameReview((0,), (_move(1, MoveClass.UNPROVED),))
    assert only_unproved.summary(1).accuracy is None and "accuracy" not in summary_text(only_unproved.summary(1))

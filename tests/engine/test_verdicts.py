"""Verdicts a player can use: each one on a real position, their order, severity and thresholds,
and the play-test game that used to call its worst move "good"."""

from __future__ import annotations

import pytest

from game.engine.board import Position, parse_moves
from game.engine.game_review import MoveClass, review_game
from game.engine.solver import Solver
from game.engine.threats import Cell, cell_name, double_threat, right_parity
from game.engine.scores import MAX_SCORE, MIN_SCORE, moves_to_end
from game.words.judgements import verdict_sentence
from game.words.review_text import best_words, played_words, summary_text
from game.engine.verdicts import (
    Severity,
    Verdict,
    judge,
    much_faster_loss,
    much_longer_win,
)

PLAY_TEST = "445354556734435313346576667777"  # a casual player losing to Easy


def last_move(moves: str):
    """The review of the last move of ``moves``."""
    cols = parse_moves(moves)
    return review_game(cols, time_per_position=30, solver=Solver(table_mb=16), estimates=False,
                       first=len(cols) - 1).reviews[-1]


@pytest.mark.parametrize(("moves", "verdict", "move_class"), [
    ("152535" + "7", Verdict.MISSED_WIN, MoveClass.BLUNDER),
    ("7555747" + "5", Verdict.MISSED_BLOCK, MoveClass.BLUNDER),
    ("4746646734665214437" + "5", Verdict.UNDER_THREAT, MoveClass.GOOD),
    ("514" + "4", Verdict.DOUBLE_THREAT, MoveClass.GOOD),
    ("777674776464453" + "4", Verdict.SHORT_LOSS, MoveClass.MISTAKE),
    ("25266" + "7", Verdict.THREW_AWAY_WIN, MoveClass.BLUNDER),
    ("1442435" + "3", Verdict.FASTER_LOSS, MoveClass.GOOD),
    ("333351" + "5", Verdict.LONGER_WIN, MoveClass.GOOD),
    ("44" + "5", Verdict.DEEP, MoveClass.BLUNDER),
])
def test_each_verdict_on_a_real_position(moves: str, verdict: Verdict, move_class: MoveClass) -> None:
    review = last_move(moves)
    assert (review.verdict, review.move_class) == (verdict, move_class)


def test_best_moves_get_no_verdict() -> None:
    review = last_move("4455" + "3")  # a double threat: as good as column 6
    assert review.move_class is MoveClass.BEST and review.verdict is None and review.severity is None


def test_severities() -> None:
    assert Verdict.LONGER_WIN.severity is Severity.INACCURACY
    assert Verdict.DEEP.severity is Severity.DEEP
    errors = {v for v in Verdict if v.severity is Severity.ERROR}
    assert errors == set(Verdict) - {Verdict.LONGER_WIN, Verdict.DEEP}
    assert verdict_sentence(Verdict.UNDER_THREAT, "Yellow") == "played right under Yellow's winning cell"


def test_board_verdicts_need_no_exact_values_but_a_worse_move() -> None:
    pos = Position.from_moves("152535")  # red has three in the bottom row; column 4 wins
    assert judge(pos, 6, best=None, played=None, worse=True, outcome_changed=False) is Verdict.MISSED_WIN
    assert judge(pos, 6, best=None, played=None, worse=False, outcome_changed=False) is None
    # only bounds proved and no board fact: deep when the outcome changed, else nothing
    quiet = Position.from_moves("44")
    assert judge(quiet, 4, best=None, played=None, worse=True, outcome_changed=True) is Verdict.DEEP
    assert judge(quiet, 4, best=None, played=None, worse=True, outcome_changed=False) is None


@pytest.mark.parametrize(("best", "played", "faster"), [(5, 1, True), (3, 1, True), (2, 1, False), (4, 2, True),
                                                         (5, 3, False), (20, 10, True), (20, 11, False)])
def test_much_faster_loss(best: int, played: int, faster: bool) -> None:
    assert much_faster_loss(best, played) is faster


@pytest.mark.parametrize(("best", "played", "longer"), [(1, 3, True), (1, 2, False), (2, 4, True), (3, 5, False),
                                                         (10, 20, True), (10, 19, False)])
def test_much_longer_win(best: int, played: int, longer: bool) -> None:
    assert much_longer_win(best, played) is longer


def test_the_play_test_game_names_move_29_an_error_and_move_3_deep() -> None:
    review = review_game(parse_moves(PLAY_TEST), time_per_position=30, solver=Solver(table_mb=16), estimates=False)
    move_29, move_3 = review.reviews[28], review.reviews[2]
    assert (move_29.column, move_29.move_class, move_29.verdict) == (6, MoveClass.GOOD, Verdict.UNDER_THREAT)
    assert move_29.severity is Severity.ERROR
    assert played_words(move_29) == "loses to Yellow's next move"
    assert best_words(move_29) == "column 2 — loses in 5 of Yellow's moves"
    assert (move_3.move_class, move_3.verdict) == (MoveClass.BLUNDER, Verdict.DEEP)
    red = review.summary(1)
    assert red.errors == (move_29,) and red.deep == (move_3,)
    # one grade a move: the disc under the winning cell kept the outcome ("good" by class) but is an
    # error a player could see, so it is counted a mistake, never good
    assert summary_text(red).startswith("errors to learn from: move 29 (column 7, under a winning cell); deep: move 3; 10 best, 3 good, "
                                 "0 inaccuracies, 2 mistakes")
    assert summary_text(red).endswith("; next: 1 disc under the opponent's winning cell: before you drop, look at the "
                               "cell above your disc")
    assert summary_text(red, brief=True).startswith("10 best, 3 good")  # a narrow window: the move list marks them
    assert [r.number for r in review.reviews if r.verdict is not None] == [3, 29]
    assert summary_text(review.summary(2)).startswith("errors to learn from: none; 12 best")


def test_cells_and_parity() -> None:
    assert cell_name(Cell(2, 2)) == "column 3, third row from the bottom"
    assert cell_name(Cell(0, 0)) == "column 1, bottom row"
    assert cell_name(Cell(6, 5)) == "column 7, top row"
    assert right_parity(Cell(0, 0), 1) and right_parity(Cell(0, 1), 2)
    assert not right_parity(Cell(0, 1), 1) and not right_parity(Cell(3, 4), 2)


def test_double_threat_played_out() -> None:
    found = double_threat(Position.from_moves("4455"), 2)
    assert found is not None and not found.stacked and found.cells == (Cell(1, 0), Cell(5, 0))
    assert double_threat(Position.from_moves("4455"), 0) is None       # column 1 makes no threat
    assert double_threat(Position.from_moves("475717"), 2) is None     # yellow wins at once first


def test_two_open_threats_are_no_missed_block() -> None:
    pos = Position.from_moves("44553")  # red threatens columns 2 and 6: no block can save yellow
    assert judge(pos, 0, best=None, played=None, worse=True, outcome_changed=False) is None
    one = Position.from_moves("4455321")  # yellow blocked column 2: column 6 is the one threat left
    assert judge(one, 0, best=None, played=None, worse=True, outcome_changed=False) is Verdict.MISSED_BLOCK


def test_a_double_threat_is_one_every_reply_leaves_a_win_at_once() -> None:
    import random

    rng = random.Random(3)
    checked = 0
    for _ in range(300):
        pos = Position()
        for _ in range(rng.randint(6, 30)):
            moves = [c for c in pos.legal_moves() if not pos.play(c).is_over()]
            if not moves:
                break
            pos = pos.play(rng.choice(moves))
        for col in pos.legal_moves():
            found = double_threat(pos, col)
            if found is None:
                continue
            after = pos.play(col)
            for reply in after.legal_moves():
                answer = after.play(reply)
                assert not answer.is_over() and any(answer.is_winning_move(c) for c in answer.legal_moves())
            checked += 1
    assert checked >= 20


def _score(pos: Position, won: bool, own_moves: int) -> int:
    """The exact score (for the side to move in ``pos``) of a win or a loss in ``own_moves`` of its discs."""
    return next(s for s in range(MIN_SCORE, MAX_SCORE + 1)
                if s and (s > 0) == won and moves_to_end(s, pos.moves) == own_moves)


@pytest.mark.parametrize("own_moves, verdict", [(4, Verdict.SHORT_LOSS), (5, None)])
def test_a_short_loss_is_one_within_four_own_moves(own_moves: int, verdict: Verdict | None) -> None:
    pos = Position.from_moves(parse_moves("44"))   # no threat anywhere: only the distance speaks
    played = _score(pos, False, own_moves)
    assert judge(pos, 0, best=0, played=played, worse=True, outcome_changed=False) is verdict


@pytest.mark.parametrize("own_moves, verdict", [(4, Verdict.THREW_AWAY_WIN), (5, None)])
def test_a_short_win_thrown_away_is_one_within_four_own_moves(own_moves: int, verdict: Verdict | None) -> None:
    pos = Position.from_moves(parse_moves("44"))
    best = _score(pos, True, own_moves)
    assert judge(pos, 0, best=best, played=0, worse=True, outcome_changed=False) is verdict


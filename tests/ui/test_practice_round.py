"""One exercise's rules without a window (practice_round), and the session's practice part: a game
judged once, positions refused with their reason, refutations proved on its own thread."""

from __future__ import annotations

from datetime import datetime

import pytest
from fsrs import Card

from game.engine.board import Position, parse_moves
from game.engine.drills import Drill
from game.engine.scores import Outcome
from game.training.puzzle_set import load_puzzles
from game.training.schedule import Grade
from game.training.keeper import PracticeKeeper
from game.training.proofs import Added, Refutation
from game.store.drill_file import DrillEntry, load_drills
from game.ui.practice.practice_round import Attempt, Exercise, Phase, Played, columns_words, verdict_words

THREAT = "152535"           # red to move: column 4 wins at once
TWO_THREATS = "727364"      # red to move, yellow's _YYY_ on the bottom row: every move loses
WAIT = 60.0


def drill_exercise(accepted=(3,), played=6) -> Exercise:
    drill = Drill(tuple(parse_moves(THREAT)), played, accepted, Outcome.WIN)
    return Exercise(entry=DrillEntry(drill, Card(card_id=drill.key, due=datetime.now().astimezone())))


def test_an_exercise_is_a_drill_or_a_puzzle():
    with pytest.raises(ValueError):
        Exercise()


@pytest.mark.parametrize("tries, grade", [([3], Grade.FIRST_TRY), ([0, 3], Grade.AFTER_RETRY),
                                          ([0, 1], Grade.WRONG)])
def test_a_drills_grade_comes_from_its_tries(tries, grade):
    attempt = Attempt(drill_exercise())
    results = []
    for col in tries:
        results.append(attempt.drop(col))
        if attempt.phase is Phase.REFUTE:
            attempt.moves.extend([4, 4])         # a refutation played out, then taken back
            attempt.refuted()
    assert attempt.phase is Phase.DONE and attempt.grade is grade
    assert results[-1] is (Played.SOLVED if grade is not Grade.WRONG else Played.FAILED)
    assert attempt.moves == list(parse_moves(THREAT)) + ([tries[-1]] if grade is not Grade.WRONG else [])


def test_a_column_that_cannot_be_played_changes_nothing():
    attempt = Attempt(drill_exercise())
    attempt.moves = list(parse_moves("1111112"))
    with pytest.raises(ValueError):
        attempt.drop(0)
    assert attempt.tries == [] and attempt.phase is Phase.ASK
    assert not attempt.legal(7) and not attempt.legal(-1)


def test_a_puzzle_answers_each_only_move_and_fails_on_any_other():
    puzzle = next(p for p in load_puzzles() if len(p.line.line) >= 3)
    attempt = Attempt(Exercise(puzzle=puzzle))
    line = puzzle.line.line
    assert attempt.drop(line[0]) is Played.RIGHT and attempt.phase is Phase.REPLY
    assert attempt.reply() == line[1] and attempt.right_columns() == (line[2],)
    wrong = next(c for c in range(7) if c != line[2] and attempt.legal(c))
    assert attempt.drop(wrong) is Played.FAILED and attempt.solved is False
    attempt.refuted()
    assert attempt.moves == list(puzzle.line.start) + list(line[:2]) and attempt.phase is Phase.DONE


def test_the_verdict_says_the_exact_value():
    attempt = Attempt(drill_exercise())
    assert verdict_words(attempt, 6, -18) == "Column 7 loses in 1: it does not keep the win"
    assert verdict_words(attempt, 6, 0) == "Column 7 leads to a draw: it does not keep the win"
    assert verdict_words(attempt, 6, None) == "Column 7 does not keep the win"
    assert columns_words((3,)) == "column 4" and columns_words((1, 2, 4)) == "columns 2, 3 or 5"


def test_a_game_is_judged_once_and_positions_are_refused_with_their_reason(tmp_path):
    keeper = PracticeKeeper(0.2, drills_path=tmp_path / "drills.jsonl", results_path=tmp_path / "p.jsonl")
    game = parse_moves(THREAT + "75")
    assert keeper.judge(game, (1,)) and not keeper.judge(game, (1,)) and not keeper.judge(game, ())
    tickets = {keeper.add_position(parse_moves(THREAT), 6): Added.ALREADY,      # judged from the game
               keeper.add_position(parse_moves(TWO_THREATS)): Added.LOST,
               keeper.add_position(game): Added.OVER,
               keeper.add_position(parse_moves("44")): Added.ADDED}
    assert keeper.flush(WAIT)
    assert {t: keeper.answer(t) for t in tickets} == tickets
    entries, notice = load_drills(tmp_path / "drills.jsonl")
    assert notice is None
    assert {e.drill.moves for e in entries} >= {tuple(parse_moves(THREAT)), tuple(parse_moves("44"))}
    assert keeper.answer(next(iter(tickets))) is None       # handed out once


def test_a_refutation_is_the_best_play_after_the_miss(tmp_path):
    keeper = PracticeKeeper(0.2, drills_path=tmp_path / "drills.jsonl", results_path=tmp_path / "p.jsonl")
    ticket = keeper.refute(parse_moves(THREAT), 6)
    assert keeper.flush(WAIT)
    refutation = keeper.answer(ticket)
    assert isinstance(refutation, Refutation)
    assert refutation.score is not None and refutation.score < 0 and refutation.line == (4,)   # yellow's column 5 wins
    assert Position.from_moves(parse_moves(THREAT) + [6, *refutation.line]).winner() == 2
    assert refutation.why is not None and refutation.why.startswith("Red could win at once")


def test_the_task_names_what_to_find():
    puzzles = load_puzzles()
    one = next(p for p in puzzles if p.line.n is None and p.line.solver_moves == 1)
    more = next(p for p in puzzles if p.line.n is None and p.line.solver_moves > 1)
    win = next(p for p in puzzles if p.line.n is not None)
    assert Exercise(puzzle=one).task("Red") == "Puzzle: Find the move that holds the draw for Red"
    assert Exercise(puzzle=more).task("Red") == f"Puzzle: Find the {more.find} moves that hold the draw for Red"
    assert Exercise(puzzle=win).task("Yellow").startswith(f"Puzzle: Find the {win.find} moves that ")
    assert drill_exercise().task("Orange") == "Drill: Orange to play: find a move that keeps the win"


def test_a_drill_in_a_lost_position_asks_to_hold_out_longest():
    from game.engine.drills import DrillKind

    drill = Drill(tuple(parse_moves("36435115427324")), 3, (2,), Outcome.LOSS, DrillKind.MISSED_BLOCK)
    exercise = Exercise(entry=DrillEntry(drill, Card(card_id=drill.key, due=datetime.now().astimezone())))
    assert exercise.task("Red") == "Drill: Red to play: every move loses; find the one that holds out longest"
    assert verdict_words(Attempt(exercise), 3, None) == "Column 4 does not hold out longest"

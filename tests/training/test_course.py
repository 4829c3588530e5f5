"""The course Learn teaches (game.training.course, game.data.lessons): every shipped position's
accepted columns are exactly the solving ones, proved by the solver (and, for a win at once, by
the plain reference board), and each lesson's idea is what decides its positions."""

from __future__ import annotations

import pytest

from game.data import lessons as lesson_data
from game.engine.board import CENTRE, HEIGHT, Position
from game.engine.explain import Kind, how_it_wins
from game.engine.principal import principal_line
from game.engine.only_moves import keeping_columns
from game.engine.scores import Outcome, outcome
from game.engine.solver import Solver
from game.engine.threats import Cell, cells_of, double_threat, playable_mask, threats_mask
from game.training.course import Exercise, Goal, check_answer, load_course
from tests.reference_board import DIRECTIONS, RefBoard, opponent_threat_cells, ref_column_scores

COURSE = load_course()
BY_SLUG = {lesson.slug: lesson for lesson in COURSE}
EVERY = [(lesson.slug, i, e) for lesson in COURSE for i, e in enumerate(lesson.exercises)]


def ids(case):
    return f"{case[0]}-{case[1]}" if isinstance(case, tuple) else None


@pytest.fixture(scope="module")
def solver():
    return Solver()


def test_the_course_has_the_eight_lessons_and_forty_positions():
    assert list(BY_SLUG) == ["rules", "centre", "win", "block", "two-threats", "under", "odd-even", "zugzwang"]
    assert len(EVERY) >= 40
    assert all(3 <= len(lesson.exercises) <= 8 for lesson in COURSE)
    assert "Allis" in BY_SLUG["odd-even"].text and "1988" in BY_SLUG["odd-even"].text
    keys = [e.position.key() for _, _, e in EVERY]
    assert len(set(keys)) == len(keys), "a position is taught twice"


@pytest.mark.parametrize("case", EVERY, ids=ids)
def test_every_accepted_column_is_exact(case, solver):
    _, _, exercise = case
    pos = exercise.position
    if exercise.goal is Goal.WIN_AT_ONCE:
        ref = RefBoard.from_cols(exercise.moves)
        assert exercise.accepted == tuple(c for c in ref.legal_moves() if ref.completes_four(c))
        return
    scores = solver.column_scores(pos)
    assert exercise.accepted == keeping_columns(scores)
    assert exercise.kept is outcome(max(s for s in scores if s is not None))
    assert exercise.kept is not Outcome.LOSS
    assert len(exercise.accepted) < len(pos.legal_moves()), "every column solves it: nothing to find"
    mirrored = solver.column_scores(pos.mirror())  # the mirror image, proved apart, agrees
    assert keeping_columns(mirrored) == tuple(sorted(6 - c for c in exercise.accepted))


@pytest.mark.parametrize("index", range(len(BY_SLUG["zugzwang"].exercises)))
def test_the_endgame_positions_agree_with_the_plain_reference_search(index):
    # The plain negamax of the reference board shares no code with the engine; the endgames are
    # small enough for it (the other lessons' positions are proved by the solver and their mirror).
    exercise = BY_SLUG["zugzwang"].exercises[index]
    scores = ref_column_scores(RefBoard.from_cols(exercise.moves))
    best = max(s for s in scores if s is not None)
    sign = (best > 0) - (best < 0)
    assert exercise.accepted == tuple(c for c, s in enumerate(scores) if s is not None and (s > 0) - (s < 0) == sign)


def _direction(exercise: Exercise) -> tuple[int, int]:
    ref = RefBoard.from_cols(exercise.moves)
    col, = exercise.accepted
    row, me = ref.height(col), ref.turn
    ref.play(col)
    found = []
    for dc, dr in DIRECTIONS:
        run = 1 + sum(next((k - 1 for k in range(1, 5) if not (0 <= col + s * k * dc < 7 and 0 <= row + s * k * dr < HEIGHT
                                                           and ref.grid[col + s * k * dc][row + s * k * dr] == me)), 4)
                      for s in (1, -1))
        if run >= 4:
            found.append((dc, dr))
    assert len(found) == 1, found
    return found[0]


def test_the_rules_lesson_shows_each_direction_once():
    assert sorted(_direction(e) for e in BY_SLUG["rules"].exercises) == sorted(DIRECTIONS)


def test_the_centre_lesson_is_decided_by_the_centre():
    assert all(e.accepted == (CENTRE,) for e in BY_SLUG["centre"].exercises)


def _opponent_now(pos: Position) -> tuple[Cell, ...]:
    return cells_of(threats_mask(pos, mine=False) & playable_mask(pos))


def test_a_win_at_once_is_there_while_the_opponent_threatens_too():
    for e in BY_SLUG["win"].exercises:
        assert e.accepted and _opponent_now(e.position), e.moves


def test_a_block_position_has_exactly_one_threat_to_block_and_no_win():
    for e in BY_SLUG["block"].exercises:
        pos = e.position
        threats = _opponent_now(pos)
        assert not any(pos.is_winning_move(c) for c in pos.legal_moves())
        assert len(threats) == 1 and e.accepted == (threats[0].col,), e.moves
        ref = RefBoard.from_cols(e.moves)   # the reference board sees the same one playable threat
        assert {c for c in opponent_threat_cells(ref) if ref.height(c[0]) == c[1]} == {tuple(threats[0])}


def test_every_two_threats_answer_makes_two_threats_where_nothing_is_at_once():
    for e in BY_SLUG["two-threats"].exercises:
        pos = e.position
        assert not _opponent_now(pos) and not any(pos.is_winning_move(c) for c in pos.legal_moves())
        assert all(double_threat(pos, c) is not None for c in e.accepted), e.moves


def test_under_positions_refuse_only_the_cell_under_the_opponents_threat():
    for e in BY_SLUG["under"].exercises:
        pos = e.position
        under = cells_of(playable_mask(pos) & (threats_mask(pos, mine=False) >> 1))
        assert len(under) == 1 and not _opponent_now(pos)
        assert set(e.accepted) == set(pos.legal_moves()) - {under[0].col}, e.moves


@pytest.mark.parametrize("slug", ["odd-even", "zugzwang"])
def test_parity_lessons_are_won_by_a_threat_of_the_right_parity(slug, solver):
    for e in BY_SLUG[slug].exercises:
        pos = e.position
        scores = solver.column_scores(pos)
        col = max(e.accepted, key=lambda c: scores[c])
        kind, _ = how_it_wins(pos, scores[col], (col, *principal_line(pos.play(col), solver)))
        assert kind is Kind.ZUGZWANG, e.moves
        if slug == "zugzwang":
            assert pos.moves >= 26 and all(double_threat(pos, c) is None for c in e.accepted)


@pytest.mark.parametrize("case", EVERY, ids=ids)
def test_every_column_is_checked_by_the_solver_and_explained(case, solver):
    _, _, exercise = case
    for col in exercise.position.legal_moves():
        checked = check_answer(exercise, col, solver)
        assert checked.right == (col in exercise.accepted) and checked.column == col
        assert checked.why
        if checked.right:
            assert checked.why.startswith(f"Column {col + 1}")


def test_a_right_block_says_what_it_blocks(solver):
    for e in BY_SLUG["block"].exercises:
        assert " blocks " in check_answer(e, e.accepted[0], solver).why


def test_a_damaged_table_is_refused(monkeypatch):
    good = lesson_data.LESSONS
    broken = [("rules", "R", "win at once", "t", (("4444444", "4", "win"),) * 3),   # an impossible position
              ("rules", "R", "win at once", "t", (("", "8", "win"),) * 3),          # no column 8
              ("rules", "R", "win at once", "t", (("", "4", "win"),) * 2),          # too few positions
              ("Rules", "R", "win at once", "t", good[0][4])]                       # not a slug
    for lesson in broken:
        monkeypatch.setattr("game.training.course.LESSONS", (lesson,))
        load_course.cache_clear()
        with pytest.raises(ValueError):
            load_course()
    monkeypatch.undo()
    load_course.cache_clear()
    assert load_course() == COURSE


def test_a_right_answer_speaks_of_odd_and_even_threats_only_once_its_lesson_has_taught_them(solver):
    """The centre lesson's empty board is won by parity far ahead: its right answer says the win is
    kept, not a parity argument two lessons early; the odd-and-even lesson's answers may say it."""
    lessons = {lesson.slug: lesson for lesson in load_course()}
    centre = lessons["centre"].exercises[0]
    assert centre.moves == () and not centre.parity
    assert check_answer(centre, 3, solver).why == "Column 4 keeps Red's win."
    assert all(e.parity for slug in ("odd-even", "zugzwang") for e in lessons[slug].exercises)
    assert not any(e.parity for slug, lesson in lessons.items() if slug not in ("odd-even", "zugzwang")
                   for e in lesson.exercises)

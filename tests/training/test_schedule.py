"""The drill schedule (game.training.schedule): FSRS' own intervals, graded from what happened."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest
from fsrs import Card, Rating, Scheduler, State

from game.engine.drills import Drill
from game.engine.scores import Outcome
from game.training.schedule import Grade, due_entries, end_of_day, graded, new_entry

NOW = datetime(2026, 11, 26, 9, 0, tzinfo=timezone.utc)
DRILL = Drill((3, 3), 4, (3,), Outcome.WIN)
LIBRARY = Scheduler(enable_fuzzing=False)  # FSRS as its authors ship it, fuzzing off as ours


@pytest.mark.parametrize("tries, grade", [
    ([3], Grade.FIRST_TRY), ([0, 3], Grade.AFTER_RETRY), ([0, 1, 2, 3], Grade.AFTER_RETRY),
    ([0], Grade.WRONG), ([], Grade.WRONG), ([4, 5], Grade.WRONG),
])
def test_the_grade_comes_from_what_happened(tries, grade):
    assert Grade.of_tries(tries, DRILL.accepted) is grade


def test_grades_are_fsrs_ratings():
    assert [g.rating for g in Grade] == [Rating.Good, Rating.Hard, Rating.Again]


def replay(grades: list[Grade]) -> list[timedelta]:
    """Review the drill at each due date with ``grades``; check every step against the library
    itself and return the intervals (due date minus review time)."""
    entry = new_entry(DRILL, NOW)
    card = Card(card_id=DRILL.key, due=NOW)
    assert entry.card == card
    intervals = []
    for grade in grades:
        when = entry.card.due
        entry = graded(entry, grade, when)
        card, _log = LIBRARY.review_card(card, grade.rating, when)
        assert entry.card == card  # the library's own next card, field by field
        intervals.append(entry.card.due - when)
    return intervals


def test_right_answers_come_back_after_growing_intervals():
    intervals = replay([Grade.FIRST_TRY] * 6)
    assert all(a < b for a, b in zip(intervals, intervals[1:]))
    assert intervals[-1] > timedelta(days=20)


def test_a_miss_brings_the_drill_back_soon_and_shrinks_the_next_interval():
    grades = [Grade.FIRST_TRY] * 4
    before = replay(grades)
    after = replay(grades + [Grade.WRONG, Grade.FIRST_TRY])
    assert after[-2] <= timedelta(minutes=10)  # relearning: back within minutes
    assert after[-1] < before[-1]  # stability fell: the next interval is shorter than before the miss


def test_a_retry_grows_the_interval_less_than_a_first_try():
    grades = [Grade.FIRST_TRY] * 3
    assert replay(grades + [Grade.AFTER_RETRY])[-1] < replay(grades + [Grade.FIRST_TRY])[-1]


def test_a_new_drill_is_due_at_once_and_a_graded_one_is_in_review():
    entry = new_entry(DRILL, NOW)
    assert due_entries([entry], NOW) == [entry]
    for _ in range(2):
        entry = graded(entry, Grade.FIRST_TRY, entry.card.due)
    assert entry.card.state is State.Review


def test_due_today_means_until_the_end_of_the_players_day():
    local = timezone(timedelta(hours=-5))
    evening = datetime(2026, 11, 26, 20, 0, tzinfo=local)
    end = end_of_day(evening)
    assert end.tzinfo is local and (end.date(), end.hour, end.minute) == (evening.date(), 23, 59)
    tonight = new_entry(DRILL, evening + timedelta(hours=3))
    tomorrow = new_entry(Drill((3,), 0, (2, 3, 4), Outcome.DRAW), evening + timedelta(hours=5))
    overdue = new_entry(Drill((3, 3, 3), 2, (3,), Outcome.DRAW), evening - timedelta(days=2))
    assert due_entries([tonight, tomorrow, overdue], end) == [overdue, tonight]


def test_a_time_without_a_zone_is_refused():
    with pytest.raises(ValueError):
        new_entry(DRILL, datetime(2026, 11, 26, 9, 0))

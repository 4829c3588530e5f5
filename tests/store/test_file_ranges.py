"""Every field of every line file is checked for a usable range where the line is read: a value
that parses but cannot be used (a date at the end of time, a stability FSRS never gives) is a
damaged line, set aside like any other, and every value that loads can be used by what reads it."""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.domain.record import rate
from game.engine.drills import Drill
from game.engine.scores import Outcome
from game.training.puzzle_set import load_puzzles, rating_of
from game.training.schedule import Grade, add_drills, due_entries, end_of_day, graded
from game.store import fields
from game.store.drill_file import DRILLS_NAME, load_choices, load_drills
from game.store.puzzle_results import RESULTS_NAME, load_results
from game.store.record_file import RECORD_NAME, load_record

NOW = datetime(2026, 11, 27, 21, 0, tzinfo=timezone.utc)
DRILL = Drill((3, 3), 4, (3,), Outcome.WIN)
OTHER = Drill((3,), 0, (2, 3, 4), Outcome.DRAW)
FUZZ = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


def drill_line(drill: Drill, **card: object) -> bytes:
    doc = {"player": "You", "drill": drill.to_json(),
           "card": {"card_id": drill.key, "state": 1, "step": 0, "stability": None, "difficulty": None,
                    "due": NOW.isoformat(), "last_review": None, **card}}
    return json.dumps(doc).encode() + b"\n"


# -- dates at the ends of time ------------------------------------------------------------------

@pytest.mark.parametrize("due", ["0001-01-01T00:00:00+01:00", "9999-12-31T23:00:00-05:00"])
def test_a_drill_due_at_the_end_of_time_is_set_aside_and_the_others_are_kept(tmp_path: Path, due: str) -> None:
    path = tmp_path / DRILLS_NAME
    path.write_bytes(drill_line(DRILL) + drill_line(OTHER, due=due))
    entries, notice = load_drills(path)
    assert [e.drill for e in entries] == [DRILL]
    assert notice is not None and "1 damaged drill was" in notice and "out of range" in notice
    assert path.with_name(DRILLS_NAME + ".bad").read_bytes() == drill_line(OTHER, due=due)
    # drills from new games are kept again
    added, entries, notice = add_drills([OTHER], NOW, path)
    assert added == 1 and notice is None and [e.drill for e in entries] == [DRILL, OTHER]


def test_a_puzzle_result_dated_at_the_start_of_time_is_set_aside(tmp_path: Path) -> None:
    path = tmp_path / RESULTS_NAME
    good = {"player": "You", "puzzle": "44", "solved": True, "date": "2026-11-27T10:00:00+01:00"}
    bad = {**good, "date": "0001-01-01T00:00:00+14:00"}
    path.write_text(json.dumps(good) + "\n" + json.dumps(bad) + "\n")
    results, notice = load_results(path)
    assert [r.date for r in results] == [good["date"]] and notice is not None and "out of range" in notice
    assert [datetime.fromisoformat(r.date).astimezone().date() for r in results]  # the day Practice shows


@pytest.mark.parametrize("date", ["0001-01-01T00:00:00+14:00", "9999-12-31T23:59:59-12:00", "0001-01-01T00:00:00"])
def test_a_game_dated_out_of_range_is_set_aside_from_the_record(tmp_path: Path, date: str) -> None:
    path = tmp_path / RECORD_NAME
    game = {"level": "Easy", "elo": 800, "colour": 1, "result": "win", "moves": "4444", "date": "2026-11-27T10:00:00"}
    path.write_text(json.dumps(game) + "\n" + json.dumps({**game, "date": date}) + "\n")
    record, notice = load_record(path)
    assert len(record.games) == 1 and notice is not None


@pytest.mark.parametrize("text, ok", [
    ("1970-01-01T00:00:00+00:00", True), ("1969-12-31T23:59:59+00:00", False),
    ("1970-01-01T00:30:00+01:00", False), ("8999-12-31T23:59:59+00:00", True),
    ("9000-01-01T00:00:00+00:00", False), ("8999-12-31T23:00:00-01:00", False),
])
def test_the_date_range_ends_where_it_says(text: str, ok: bool) -> None:
    if ok:
        assert fields.stamp(text, "date") == datetime.fromisoformat(text)
    else:
        with pytest.raises(ValueError, match="out of range"):
            fields.stamp(text, "date")


@pytest.mark.parametrize("card", [
    {"state": 2, "step": None, "stability": 1e7, "difficulty": 5.0},     # a stability FSRS never gives
    {"state": 2, "step": None, "stability": 0.0005, "difficulty": 5.0},
    {"state": 2, "step": None, "stability": 3.0, "difficulty": 10.5},
    {"state": 2, "step": None, "stability": 3.0, "difficulty": 0.5},
    {"state": 2, "step": 1, "stability": 3.0, "difficulty": 5.0},        # a review card has no step
    {"state": 1, "step": None},                                          # a learning card has one
    {"state": 3, "step": 0, "stability": None, "difficulty": 5.0},       # relearning: past its first steps
    {"state": 1, "step": 0, "last_review": "0001-01-01T00:00:00+00:00"},
])
def test_a_card_fsrs_cannot_review_is_set_aside(tmp_path: Path, card: dict) -> None:
    path = tmp_path / DRILLS_NAME
    path.write_bytes(drill_line(DRILL) + drill_line(OTHER, **card))
    entries, notice = load_drills(path)
    assert [e.drill for e in entries] == [DRILL] and notice is not None


# -- fuzzing: extreme but well-formed values ----------------------------------------------------

OFFSETS = st.integers(-23 * 60 - 59, 23 * 60 + 59).map(lambda m: timezone(timedelta(minutes=m)))
DATES = st.one_of(
    st.datetimes(timezones=OFFSETS),
    st.datetimes(min_value=datetime(1, 1, 1), max_value=datetime(1, 1, 3), timezones=OFFSETS),
    st.datetimes(min_value=datetime(9999, 12, 29), timezones=OFFSETS),
    st.datetimes(min_value=datetime(1969, 12, 30), max_value=datetime(1970, 1, 2), timezones=OFFSETS),
    st.datetimes(min_value=datetime(8999, 12, 30), max_value=datetime(9000, 1, 2), timezones=OFFSETS),
).map(lambda d: d.isoformat())
NUMBERS = st.one_of(st.floats(allow_nan=False, allow_infinity=False), st.integers(-10**30, 10**30),
                    st.sampled_from([0.001, 1e6, 1.0, 10.0, 5e-324, 1.7976931348623157e308, -0.0]))


@st.composite
def cards(draw) -> dict:
    state = draw(st.sampled_from([1, 2, 3]))
    return {"card_id": draw(st.integers(-2**70, 2**70)), "state": state,
            "step": draw(st.one_of(st.none(), st.integers(-5, 200))),
            "stability": draw(st.one_of(st.none(), NUMBERS)), "difficulty": draw(st.one_of(st.none(), NUMBERS)),
            "due": draw(DATES), "last_review": draw(st.one_of(st.none(), DATES))}


@FUZZ
@given(card=cards())
def test_fuzzed_cards_load_only_when_every_use_of_them_works(tmp_path: Path, card: dict) -> None:
    path = tmp_path / DRILLS_NAME
    path.write_bytes(drill_line(DRILL) + json.dumps({"player": "You", "drill": OTHER.to_json(), "card": card}).encode()
                     + b"\n")
    entries, notice = load_drills(path)
    assert entries[0].drill == DRILL and len(entries) + (notice is not None) == 2
    for now in (NOW, NOW.astimezone(timezone(timedelta(hours=14))), NOW.astimezone(timezone(timedelta(hours=-12)))):
        due = due_entries(entries, end_of_day(now))
        for entry in entries:
            if entry.card.last_review is not None:
                entry.card.last_review.astimezone(now.tzinfo).date()   # the day Practice counts it on
            for grade in Grade:
                after = graded(entry, grade, now)
                assert after.card.due > now.astimezone(timezone.utc) - timedelta(days=1)
        assert all(e in entries for e in due)
    add_drills([Drill((2,), 0, (3,), Outcome.DRAW)], NOW, path)   # the file takes new drills
    assert len(load_drills(path)[0]) == len(entries) + 1


@FUZZ
@given(date=DATES, solved=st.booleans(), puzzle=st.sampled_from(["44", "4455", "1234567"]))
def test_fuzzed_puzzle_results_load_only_when_every_use_of_them_works(tmp_path: Path, date: str, solved: bool,
                                                                      puzzle: str) -> None:
    path = tmp_path / RESULTS_NAME
    path.write_text(json.dumps({"player": "Ann", "puzzle": puzzle, "solved": solved, "date": date}) + "\n")
    results, notice = load_results(path)
    assert len(results) + (notice is not None) == 1
    for result in results:
        datetime.fromisoformat(result.date).astimezone().date()
        datetime.fromisoformat(result.date).astimezone(timezone(timedelta(hours=-12))).date()
    rating_of(results, load_puzzles())


@FUZZ
@given(date=st.one_of(DATES, DATES.map(lambda d: d[:19])), elo=st.one_of(st.none(), st.integers(-10**20, 10**20)),
       colour=st.integers(-3, 5))
def test_fuzzed_games_load_only_when_every_use_of_them_works(tmp_path: Path, date: str, elo, colour: int) -> None:
    path = tmp_path / RECORD_NAME
    path.write_text(json.dumps({"level": "Easy", "elo": elo, "colour": colour, "result": "loss", "moves": "4",
                                "date": date}) + "\n")
    record, notice = load_record(path)
    assert len(record.games) + (notice is not None) == 1
    for game in record.games:
        datetime.fromisoformat(game.date).astimezone().date()
    rate(record.games)


@FUZZ
@given(player=st.text(max_size=40), wants=st.one_of(st.booleans(), st.integers(), st.none()))
def test_fuzzed_drill_choices_load_only_when_well_formed(tmp_path: Path, player: str, wants) -> None:
    path = tmp_path / "drill_players.jsonl"
    path.write_text(json.dumps({"player": player, "drills": wants}) + "\n")
    choices, notice = load_choices(path)
    assert len(choices) + (notice is not None) == 1
    assert all(isinstance(c.wants, bool) and 0 < len(c.player) <= 32 for c in choices)


"""The puzzle rating (Glicko-1, as the game rating) and serving puzzles near it."""

from __future__ import annotations

import json

import pytest

from game.engine.only_moves import OnlyMoveLine, PuzzleKind
from game.training.puzzle_set import PUZZLE_RD, Puzzle, load_puzzles, parse_puzzle, puzzle_rating, rating_of, serve
from game.domain.record import Rating, START_RATING, START_RD, rate_one
from game.store.drill_file import LOCAL_PLAYER
from game.store.puzzle_results import RESULTS_NAME, PuzzleResult, add_result, load_results


def puzzle(start: str, difficulty: int, score: int = 5) -> Puzzle:
    return Puzzle(OnlyMoveLine(tuple(int(c) - 1 for c in start), (3,), score), difficulty)


def test_the_rating_is_glicko_with_each_puzzle_an_opponent_at_its_difficulty():
    results = [(1800, True), (1500, False), (2100, True)]
    expected = Rating(START_RATING, START_RD, 0)
    for difficulty, solved in results:
        expected = rate_one(expected, difficulty, float(solved), PUZZLE_RD)
    assert puzzle_rating(results) == expected
    assert puzzle_rating([]) == Rating(START_RATING, START_RD, 0)


def test_solving_raises_failing_lowers_and_both_make_it_surer():
    solved, failed = puzzle_rating([(1500, True)]), puzzle_rating([(1500, False)])
    assert failed.value < START_RATING < solved.value
    assert solved.rd < START_RD and failed.rd < START_RD
    # a hard puzzle solved counts more than an easy one
    assert puzzle_rating([(2000, True)]).value > puzzle_rating([(1000, True)]).value


def test_puzzles_are_served_nearest_the_rating_and_never_twice():
    pool = [puzzle("11", 1200), puzzle("22", 1550), puzzle("33", 1480), puzzle("55", 1900), puzzle("66", 1510, 0)]
    rating = Rating(1500, 80, 10)
    assert [p.id for p in serve(pool, rating, count=3)] == ["66", "33", "22"]
    assert [p.id for p in serve(pool, rating, done={"66", "33"}, count=2)] == ["22", "11"]
    assert [p.id for p in serve(pool, rating, kind=PuzzleKind.DRAW)] == ["66"]


def test_the_shipped_set_is_served_around_any_rating():
    puzzles = load_puzzles()
    for value in (1200, 1700, 2300):
        near = serve(puzzles, Rating(value, 100, 5), count=10)
        assert len(near) == 10 and all(abs(p.difficulty - value) < 300 for p in near)


@pytest.mark.parametrize("text", ["", "44 4 3", "44 4 3 1500 x", "48 4 3 1500", "44 9 3 1500", "44 45 3 1500",
                                  "44 4 -3 1500", "44 4 40 1500", "44 4 3 99999", "1212121 4 0 1500"])
def test_a_bad_puzzle_line_is_refused(text):
    with pytest.raises(ValueError):
        parse_puzzle(text)


def test_a_puzzle_line_reads_back():
    p = parse_puzzle("445 3 7 1600")
    assert (p.id, p.line.line, p.line.score, p.difficulty, p.kind) == ("445", (2,), 7, 1600, PuzzleKind.WIN)
    assert p.to_json()["to_play"] == "yellow"


def test_results_are_kept_and_rate_the_player(tmp_path):
    path = tmp_path / RESULTS_NAME
    pool = [puzzle("11", 1800), puzzle("22", 1500)]
    add_result(PuzzleResult("11", True, "2026-11-26T09:00:00+00:00"), path)
    results, notice = add_result(PuzzleResult("22", False, "2026-11-26T09:05:00+00:00"), path)
    assert notice is None and load_results(path) == (results, None)
    assert rating_of(results, pool) == puzzle_rating([(1800, True), (1500, False)])
    gone = PuzzleResult("33", True, "2026-11-26T09:06:00+00:00")  # a puzzle no longer shipped
    assert rating_of(results + [gone], pool) == rating_of(results, pool)


@pytest.mark.parametrize("data", [{"puzzle": "48", "solved": True, "date": "2026-11-26T09:00:00+00:00"},
                                  {"puzzle": "44", "solved": 1, "date": "2026-11-26T09:00:00+00:00"},
                                  {"puzzle": "44", "solved": True, "date": "2026-11-26T09:00:00"},
                                  {"puzzle": "", "solved": True, "date": "2026-11-26T09:00:00+00:00"}, [],
                                  {"puzzle": "44", "solved": True, "date": "2026-11-26T09:00:00+00:00", "player": ""},
                                  {"puzzle": "44", "solved": True, "date": "2026-11-26T09:00:00+00:00", "player": 7}])
def test_a_damaged_result_is_set_aside_and_the_others_count(tmp_path, data):
    path = tmp_path / RESULTS_NAME
    add_result(PuzzleResult("11", True, "2026-11-26T09:00:00+00:00"), path)
    path.write_bytes(path.read_bytes() + json.dumps(data).encode() + b"\n")
    results, notice = load_results(path)
    assert [r.puzzle for r in results] == ["11"] and notice is not None and "1 damaged puzzle result was" in notice


def test_each_player_has_their_own_results_and_an_old_line_is_the_local_players(tmp_path):
    path = tmp_path / RESULTS_NAME
    old = {"puzzle": "11", "solved": True, "date": "2026-11-26T09:00:00+00:00"}     # before results had a player
    path.write_bytes(json.dumps(old).encode() + b"\n")
    results, notice = add_result(PuzzleResult("22", False, "2026-11-26T09:05:00+00:00", "Ann"), path)
    assert notice is None and [(r.player, r.puzzle) for r in results] == [(LOCAL_PLAYER, "11"), ("Ann", "22")]
    assert [json.loads(line)["player"] for line in path.read_bytes().splitlines()] == [LOCAL_PLAYER, "Ann"]
    pool = [puzzle("11", 1800), puzzle("22", 1500)]
    ann = [r for r in results if r.belongs_to("ann")]
    assert rating_of(ann, pool) == puzzle_rating([(1500, False)])

"""Drills that teach: every error a player could have seen is a drill, a missed win at once accepts
exactly the winning columns, opening knowledge comes last, and every drill is sourced and explained.

The held-out check reviews games from the shipped test sets (positions of played-out games, each
read as the game that led to it) and checks the winning columns against the reference board,
which shares no code with the game."""

from __future__ import annotations

import json
import threading
from datetime import date, datetime, timedelta, timezone
from pathlib import Path

import pytest
from fsrs import Card

from game.words.review_text import source_text
from game.data import DATA_DIR
from game.engine.board import Position, parse_moves
from game.engine.drills import Drill, DrillError, DrillKind, DrillSource, drills_from_review
from game.engine.game_review import review_game
from game.engine.scores import Outcome, outcome
from game.engine.solver import Solver
from game.engine.verdicts import Verdict
from game.domain.players import HUMAN, PlayerSpec
from game.training.schedule import due_entries
from game.training.owners import against_name, opponent_names
from game.training.proofs import drill_problem, explanation
from game.store.drill_file import DrillEntry, load_drills, update_drills
from reference_board import RefBoard

DAY = date(2026, 11, 27)
NAMES = ("Red", "Yellow")


@pytest.fixture(scope="module")
def solver() -> Solver:
    return Solver(table_mb=32)


def winning_columns(moves: list[int]) -> tuple[int, ...]:
    """The columns completing four at once, by the reference board."""
    board = RefBoard.from_cols(moves)
    return tuple(c for c in range(7) if board.is_winning_move(c))


def held_out_games(count: int) -> list[list[int]]:
    games = []
    for name in ("Test_L3_R1", "Test_L2_R1", "Test_L2_R2"):
        lines = (DATA_DIR / "testsets" / name).read_text().split("\n")
        games += [parse_moves(line.split()[0]) for line in lines[:count] if line.strip()]
    return games


def test_held_out_missed_wins_drilled_with_exactly_the_winning_columns_every_drill_sourced_and_explained(solver):
    missed = drilled = 0
    for moves in held_out_games(4):
        review = review_game(moves, time_per_position=2, solver=solver, estimates=False)
        drills = {d.moves: d for d in drills_from_review(review, (1, 2), solver, day=DAY, against="Apprentice")}
        for move in review.reviews:
            if move.verdict is Verdict.MISSED_WIN:
                missed += 1
                drill = drills[tuple(moves[:move.discs_before])]
                assert drill.kind is DrillKind.MISSED_WIN and drill.kept is Outcome.WIN
                assert drill.accepted == winning_columns(moves[:move.discs_before]) and drill.played == move.column
        for drill in drills.values():
            drilled += 1
            assert drill.source is not None and drill.kind is not None
            assert source_text(drill.source) == f"your game against Apprentice, 27 Nov, move {len(drill.moves) + 1}"
            why = explanation(drill.moves, drill.played, NAMES, solver, threading.Event())
            assert why, f"no explanation for {drill}"
            assert drill_problem(drill, solver, threading.Event()) is None     # proved again as it is read
    assert missed >= 10 and drilled >= 30


def test_a_missed_win_that_still_wins_is_a_drill_of_the_winning_columns_only(solver):
    """A side misses a win at once and still wins, more than once in the game: before, none made a drill."""
    moves = parse_moves("7422341735647741166133573473242566")   # Test_L3_R1, line 2
    review = review_game(moves, time_per_position=2, solver=solver, estimates=False)
    kept_win = [m for m in review.reviews if m.verdict is Verdict.MISSED_WIN and m.move_class.value in ("good", "best")]
    assert len(kept_win) >= 2
    drills = {d.moves: d for d in drills_from_review(review, (1, 2), solver, day=DAY)}
    for move in kept_win:
        before = moves[:move.discs_before]
        drill = drills[tuple(before)]
        assert drill.accepted == winning_columns(before) and drill.kind is DrillKind.MISSED_WIN


@pytest.mark.parametrize("before", ["", "3324", "4444", "4444355421"])
def test_positions_nobody_could_see_through_are_opening_knowledge(before, solver):
    pos = Position.from_moves(parse_moves(before))
    scores = solver.column_scores(pos)
    best = max(s for s in scores if s is not None)
    slip = next(c for c, s in enumerate(scores) if s is not None and outcome(s) is not outcome(best))
    moves = parse_moves(before) + [slip]
    review = review_game(moves, time_per_position=2, solver=solver, estimates=False)
    drills = drills_from_review(review, (1 + len(before) % 2,), solver, day=DAY)
    assert [(d.moves, d.kind) for d in drills][-1] == (tuple(parse_moves(before)), DrillKind.OPENING)
    assert drills[-1].served_late


def test_a_missed_drill_of_a_lost_win_is_explained(solver):
    """``44443554216131``: column 6 loses; the miss gets the review's explanation, not only a value."""
    why = explanation(parse_moves("44443554216131"), 5, NAMES, solver, threading.Event())
    assert why and "column 1" in why.lower()


def test_opening_knowledge_is_served_after_the_errors_one_could_see():
    now = datetime(2026, 11, 27, 12, tzinfo=timezone.utc)
    opening = Drill((), 0, (3,), Outcome.WIN, DrillKind.OPENING, DrillSource(DAY, 1, "Apprentice"))
    error = Drill(tuple(parse_moves("44443554216131")), 5, (0,), Outcome.WIN, DrillKind.MISSED_BLOCK)
    old = Drill(tuple(parse_moves("4444")), 0, (3,), Outcome.WIN)
    entries = [DrillEntry(opening, Card(card_id=1, due=now - timedelta(days=3))),
               DrillEntry(error, Card(card_id=2, due=now - timedelta(days=1))),
               DrillEntry(old, Card(card_id=3, due=now - timedelta(days=2)))]
    assert [e.drill for e in due_entries(entries, now)] == [old, error, opening]


def test_a_drill_line_without_kind_or_source_loads_and_is_written_back_without_them(tmp_path: Path):
    path = tmp_path / "drills.jsonl"
    old = {"player": "You", "drill": {"position": "4444", "played": 1, "accepted": [4], "kept": "win"},
           "card": Card(card_id=7, due=datetime(2026, 11, 27, tzinfo=timezone.utc)).to_dict()}
    path.write_text(json.dumps(old) + "\n")
    entries, notice = load_drills(path)
    assert notice is None and entries[0].drill.kind is None and entries[0].drill.source is None
    update_drills(lambda es: es + [DrillEntry(Drill((), 0, (3,), Outcome.WIN, DrillKind.OPENING,
                                                    DrillSource(DAY, 1, "Apprentice")), Card(card_id=8))], path)
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    assert lines[0]["drill"] == old["drill"]
    assert lines[1]["drill"]["kind"] == "opening knowledge"
    assert lines[1]["drill"]["source"] == {"day": "2026-11-27", "move": 1, "against": "Apprentice"}
    assert source_text(load_drills(path)[0][1].drill.source) == "your game against Apprentice, 27 Nov, move 1"


@pytest.mark.parametrize("change", [
    {"kind": "best"}, {"kind": 3}, {"source": "your game"}, {"source": {"day": "2026-11-27", "move": 0}},
    {"source": {"day": "2026-11-27", "move": 43}}, {"source": {"day": "2026-11-27", "move": 4}},
    {"source": {"day": "2026-11-27", "move": True}}, {"source": {"day": "1969-12-31", "move": 5}},
    {"source": {"day": "9999-12-31", "move": 5}}, {"source": {"day": "27 Nov", "move": 5}},
    {"source": {"day": "2026-11-27", "move": 5, "against": "x" * 41}},
    {"source": {"day": "2026-11-27", "move": 5, "against": "a\x1b[31mb"}},
    {"source": {"day": "2026-11-27", "move": 5, "chosen": "yes"}},
    {"kind": "missed win", "accepted": [4]},       # column 4 does not win at once here
])
def test_a_drill_line_whose_kind_or_source_is_out_of_range_is_set_aside(tmp_path: Path, change):
    path = tmp_path / "drills.jsonl"
    good = {"position": "4444", "played": 1, "accepted": [4], "kept": "win"}
    card = Card(card_id=7, due=datetime(2026, 11, 27, tzinfo=timezone.utc)).to_dict()
    lines = [{"player": "You", "drill": {**good, **change}, "card": card},
             {"player": "You", "drill": {**good, "position": "4443"}, "card": card}]
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    entries, notice = load_drills(path)
    assert [e.drill.moves for e in entries] == [tuple(parse_moves("4443"))]
    assert notice and "set aside" in notice and (tmp_path / "drills.jsonl.bad").exists()


def test_a_missed_win_drill_must_accept_only_winning_columns():
    moves = tuple(parse_moves("152535"))       # red wins at once in column 4 only
    Drill(moves, 6, (3,), Outcome.WIN, DrillKind.MISSED_WIN)
    with pytest.raises(DrillError):
        Drill(moves, 6, (3, 4), Outcome.WIN, DrillKind.MISSED_WIN)
    with pytest.raises(DrillError):
        Drill(moves, 6, (3,), Outcome.WIN, DrillKind.MISSED_WIN, DrillSource(DAY, 5))


@pytest.mark.parametrize("name", ["Grandmaster of the northern seas and the long winter nights", "a\x1b[31mb\x07c",
                                  "  spaced  ", ""])
def test_any_opponents_name_makes_a_source_the_drill_file_keeps(name):
    against = against_name(name)
    source = DrillSource(DAY, 5, against)                     # never refused: cut, cleaned and trimmed
    assert len(against) <= 40 and against.isprintable() and against == against.strip()
    assert DrillSource.from_json(source.to_json()) == source
    assert opponent_names([HUMAN, PlayerSpec("ai", level=name or None)]) == {2: against_name(name or "Computer")}


def test_a_block_missed_in_a_lost_position_is_a_drill_to_hold_out_longest(solver):
    """Red is lost already, Yellow has one threat to block, in column 3, and Red plays column 4:
    an error a player could see. Every column loses, so the drill asks for the longest resistance,
    which is the block: exactly column 3, kept a loss. The re-proof takes it, and refuses a drill
    that names another column."""
    game = parse_moves("364351154273244")
    review = review_game(game, time_per_position=0.5, solver=solver, estimates=False)
    move = review.reviews[14]
    assert (move.verdict, move.before.outcome) == (Verdict.MISSED_BLOCK, Outcome.LOSS)
    (drill,) = [d for d in drills_from_review(review, (move.player,), solver) if len(d.moves) == 14]
    assert (drill.accepted, drill.kept, drill.kind, drill.played) == ((2,), Outcome.LOSS, DrillKind.MISSED_BLOCK, 3)
    assert Drill.from_json(drill.to_json()) == drill
    stop = threading.Event()
    assert drill_problem(drill, solver, stop) is None
    wrong = Drill(drill.moves, drill.played, (0,), Outcome.LOSS, DrillKind.MISSED_BLOCK)
    assert "should hold out longest, but only column 3 does" in drill_problem(wrong, solver, stop)
    with pytest.raises(DrillError):
        Drill(drill.moves, drill.played, drill.accepted, Outcome.LOSS, DrillKind.OPENING)

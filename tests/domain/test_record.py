"""The record of games against the computer: the games and the rating (the file: test_record_store)."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from game.domain import record as rec
from game.domain.record import GameRecord, Rating, Record, RecordResult, rate, rate_one, rate_period
from game.domain.levels import DEFAULT_LEVELS

ROOT = Path(__file__).resolve().parents[2]
LEVELS = [(level.name, level.elo) for level in DEFAULT_LEVELS if level.elo is not None]  # as the app rates
WIN, DRAW, LOSS = RecordResult.WIN, RecordResult.DRAW, RecordResult.LOSS


def game(level: str, result: RecordResult, elo: int | None = None, moves: str = "4453") -> GameRecord:
    if elo is None:
        elo = dict(LEVELS).get(level)
    return GameRecord(level, elo, 1, result, moves, "2026-11-23T22:00:00+00:00")


def test_glickmans_published_example() -> None:
    # Glickman, "Example of the Glicko system": 1500/200 against 1400/30 (win), 1550/100 (loss)
    # and 1700/300 (loss) gives 1464 and RD 151.4.
    after = rate_period(Rating(1500, 200, 0), [(1400, 30, 1), (1550, 100, 0), (1700, 300, 0)])
    assert round(after.value) == 1464
    assert after.rd == pytest.approx(151.4, abs=0.05)
    assert after.games == 3


def test_one_game_against_an_equal_opponent() -> None:
    # E = 1/2, g = 1: d^2 = 1/(q^2/4), r' = r + q/(1/350^2 + q^2/4) * 1/2
    q = rec._Q
    precision = 1 / 350**2 + q * q / 4
    won = rate_one(Rating(1500, 350, 0), 1500, 1.0)
    assert won.value == pytest.approx(1500 + q / precision / 2)
    assert won.rd == pytest.approx(precision ** -0.5)
    drawn = rate_one(Rating(1500, 350, 0), 1500, 0.5)
    assert drawn.value == pytest.approx(1500) and drawn.rd == pytest.approx(won.rd)
    lost = rate_one(Rating(1500, 350, 0), 1500, 0.0)
    assert lost.value == pytest.approx(1500 - (won.value - 1500))


def test_a_known_sequence_and_its_bracket() -> None:
    games = [game("Hard", WIN)] * 6 + [game("Expert", LOSS)] * 6 + [game("Expert", DRAW)] * 2
    rating = rate(games)
    assert rating.games == 14
    levels = dict(LEVELS)
    assert levels["Hard"] <= rating.value < levels["Expert"]
    assert rating.rd < 200
    assert rating.text(LEVELS).startswith(f"about {round(rating.value)} ± {round(rating.rd)} — ")
    assert rating.text(LEVELS).endswith("between Hard and Expert")
    assert rating.even_level(LEVELS) in ("Hard", "Expert")
    # each step moves the right way and the uncertainty only shrinks
    previous = Rating(rec.START_RATING, rec.START_RD, 0)
    for g in games:
        now = rate_one(previous, g.elo, g.result.points)
        assert now.rd < previous.rd
        if g.result is WIN:
            assert now.value > previous.value
        elif g.result is LOSS:
            assert now.value < previous.value
        previous = now
    assert previous == rating


def test_unrated_games_are_recorded_but_do_not_move_the_rating() -> None:
    record = Record((game("ai:8", WIN, elo=None), game("Easy", LOSS), game("ai:8", LOSS, elo=None)))
    assert record.per_level() == {"ai:8": (1, 0, 1), "Easy": (0, 0, 1)}
    assert record.rating() == rate_one(Rating(1500, 350, 0), 1798, 0.0)


def test_brackets_at_the_ends_and_the_even_game() -> None:
    assert Rating(900, 100, 3).bracket(LEVELS) == "below Beginner"
    assert Rating(2600, 100, 3).bracket(LEVELS) == "between Master and Perfect"
    assert Rating(2900, 100, 3).bracket(LEVELS) == "above Perfect"
    assert Rating(1400, 100, 3).even_level([]) is None


def test_even_game_is_the_expected_score_nearest_one_half_within_35_to_65_percent() -> None:
    ladder = [("Low", 1000), ("High", 1300)]
    assert Rating(1000, 100, 3).expected_score(1000) == pytest.approx(0.5)
    assert Rating(1400, 100, 3).expected_score(1000) == pytest.approx(1 / (1 + 10 ** -1))  # 400 above: 91 %
    assert Rating(1040, 100, 3).even_level(ladder) == "Low"
    assert Rating(1200, 100, 3).even_level(ladder) == "High"   # 100 below High: 36 %, 200 above Low: 76 %
    # 150 from both: 70 % against Low, 30 % against High: no level gives an even game
    assert Rating(1150, 100, 3).even_level(ladder) is None
    # the edges: 35 % and 65 % are about 108 Elo from the estimate
    edge = 400 * math.log10(0.65 / 0.35)
    assert Rating(1000 - edge + 0.5, 100, 3).even_level([("Low", 1000)]) == "Low"
    assert Rating(1000 - edge - 0.5, 100, 3).even_level([("Low", 1000)]) is None
    assert Rating(1000 + edge + 0.5, 100, 3).even_level([("Low", 1000)]) is None
    assert Rating(700, 100, 3).even_level(LEVELS) is None          # far below the ladder
    assert Rating(1800, 100, 3).even_level(LEVELS) == "Easy"
    for name, elo in LEVELS:  # a player rated at a level's figure is sent to that level
        if elo is not None:
            assert Rating(elo, 100, 3).even_level(LEVELS) == name


def test_casual_games_are_kept_marked_and_ignored_by_the_rating(tmp_path: Path) -> None:
    import json

    from game.store.record_file import add_game, load_record

    path = tmp_path / "record.jsonl"
    rated_loss = GameRecord.now("Easy", 1798, 1, RecordResult.LOSS, "4453")
    casual_win = GameRecord.now("Hard", 2062, 1, RecordResult.WIN, "4453", rated=False)
    assert add_game(rated_loss, path) is None and add_game(casual_win, path) is None
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    assert [line["rated"] for line in lines] == [True, False]
    loaded, notice = load_record(path)
    assert notice is None and loaded.games == (rated_loss, casual_win) and loaded.casual_games() == 1
    assert loaded.rating() == rate_one(Rating(1500, 350, 0), 1798, 0.0)   # the casual win is not counted
    assert loaded.per_level() == {"Easy": (0, 0, 1)}
    # a game written before casual games existed counts, as it did; a bad flag is a bad entry
    del lines[1]["rated"]
    assert GameRecord.from_json(lines[1]).rated
    lines[1]["rated"] = "yes"
    with pytest.raises(ValueError, match="rated"):
        GameRecord.from_json(lines[1])

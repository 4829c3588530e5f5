"""Arena: Elo maths, openings, determinism, colour swap, the rule player, accuracy scoring."""

from __future__ import annotations

import json
import math
import signal

import pytest

from game.tools import arena
from game.tools.arena import (
    OPENINGS,
    AccuracyRecord,
    ArenaPlayer,
    GameRecord,
    MatchResult,
    RefPosition,
    Sample,
    elo_estimate,
    elo_to_score,
    score_to_elo,
    wdl_elo,
)
from game.engine.board import Position
from game.tools.rules_player import RulePlayer, threatened_columns, winning_columns

RULES = ArenaPlayer(spec="rules", kind="rules")
RANDOM = ArenaPlayer(spec="random", kind="random")


# ----------------------------------------------------------------- Elo maths


def test_score_to_elo_known_values():
    assert score_to_elo(0.5) == 0.0
    assert score_to_elo(0.75) == pytest.approx(400 * math.log10(3))  # 190.85
    assert score_to_elo(0.75) == pytest.approx(190.85, abs=0.01)
    assert score_to_elo(0.25) == pytest.approx(-190.85, abs=0.01)
    assert score_to_elo(0.9) == pytest.approx(381.7, abs=0.1)  # 400 log10 9
    assert score_to_elo(1.0) == math.inf and score_to_elo(0.0) == -math.inf
    for elo in (-300, -35, 0, 100, 400):
        assert score_to_elo(elo_to_score(elo)) == pytest.approx(elo)
    # 65 % -- the calibration threshold -- is about +108 Elo.
    assert score_to_elo(0.65) == pytest.approx(107.5, abs=0.1)


def test_wdl_interval_by_hand():
    # 60 wins, 20 draws, 20 losses: mean 0.7; variance (60*.09 + 20*.04 + 20*.49)/100 = .16,
    # standard error .4/10 = .04; interval 0.7 -+ 1.96*.04 = [0.6216, 0.7784].
    est = wdl_elo(60, 20, 20)
    assert est.score == pytest.approx(0.7)
    assert est.stderr == pytest.approx(0.04)
    assert est.elo == pytest.approx(147.19, abs=0.01)
    assert est.low == pytest.approx(-400 * math.log10(1 / (0.7 - 1.959964 * 0.04) - 1), abs=0.01)
    assert est.high == pytest.approx(-400 * math.log10(1 / (0.7 + 1.959964 * 0.04) - 1), abs=0.01)
    assert est.low == pytest.approx(86.2, abs=0.1) and est.high == pytest.approx(218.2, abs=0.1)
    assert est.text() == "+147 [+86, +218]"


def test_elo_edges():
    even = wdl_elo(10, 0, 10)
    assert even.elo == 0 and even.low == pytest.approx(-even.high)
    assert even.text().startswith("0 [") and "-0" not in even.text()
    perfect = wdl_elo(10, 0, 0)
    assert perfect.elo == math.inf and perfect.stderr == 0
    assert perfect.sample is Sample.ONE_SIDED
    assert perfect.text() == "not measurable: A scored every point (a one-sided sample)"
    with pytest.raises(ValueError):
        elo_estimate([])


@pytest.mark.parametrize("wins, draws, losses, expected", [
    (2, 0, 2, "not measurable: the sample is too small (4 observations; at least 10 needed)"),
    (0, 0, 10, "not measurable: B scored every point (a one-sided sample)"),
    (0, 30, 0, "0 (no interval: every one of the observations scored the same)"),
    (29, 0, 1, None),  # an interval reaching a score of 1 has no upper bound
])
def test_elo_text_never_shows_an_infinity_or_a_signed_zero(wins, draws, losses, expected):
    text = wdl_elo(wins, draws, losses).text()
    assert "inf" not in text and "-0" not in text and "+0" not in text
    if expected is not None:
        assert text == expected
    else:
        assert text.endswith(", no upper bound]") and text.startswith("+")


def test_match_text_says_why_a_tiny_match_has_no_elo():
    # 2 wins and 2 losses in two colour-swapped pairs: the "-0 [-0, -0]"
    result = MatchResult("A", "B", "A", "B", 1, 2, tuple(_record(i, s) for i, s in enumerate([1, 0, 1, 0])))
    line = next(l for l in result.text().splitlines() if l.startswith("Elo difference"))
    assert line == ("Elo difference A - B: not measurable: the sample is too small "
                    "(2 colour-swapped pairs of games; at least 10 needed)")
    assert result.to_json()["elo_sample"] == "too small"
    sweep = MatchResult("A", "B", "A", "B", 1, 2, tuple(_record(i, 0.0) for i in range(10)))
    line = next(l for l in sweep.text().splitlines() if l.startswith("Elo difference"))
    assert line == "Elo difference A - B: not measurable: B scored every point (a one-sided sample)"
    assert sweep.to_json()["elo_sample"] == "one-sided"


def _record(index: int, a_score: float) -> GameRecord:
    return GameRecord(index, "44", index % 2 == 0, "44", 0, a_score, 10, 1.0, 10, 3.0)


def test_match_elo_uses_colour_swapped_pairs():
    # Pairs (1, 0), (1, 0), (1, 1), (0.5, 0.5): pair means .5 .5 1 .5 -> mean .625.
    scores = [1, 0, 1, 0, 1, 1, 0.5, 0.5]
    result = MatchResult("A", "B", "A", "B", 1, 2, tuple(_record(i, s) for i, s in enumerate(scores)))
    assert (result.wins, result.draws, result.losses) == (4, 2, 2)
    assert result.score == pytest.approx(0.625)
    est = result.elo()
    var = (3 * 0.125**2 + 0.375**2) / 4
    assert est.stderr == pytest.approx(math.sqrt(var / 4))
    assert result.mean_time("a") == pytest.approx(0.1) and result.mean_time("b") == pytest.approx(0.3)
    data = result.to_json()
    assert data["wins"] == 4 and data["elo"] == pytest.approx(88.7, abs=0.1)
    json.dumps(data, allow_nan=False)  # raises on an infinity or a NaN
    # A whitewash has an infinite Elo difference: JSON gets null, not Infinity.
    sweep = MatchResult("A", "B", "A", "B", 1, 2, tuple(_record(i, 1.0) for i in range(4)))
    assert sweep.elo().elo == math.inf
    data = json.loads(json.dumps(sweep.to_json(), allow_nan=False))
    assert data["elo"] is None and data["elo_low"] is None and data["elo_high"] is None


# ----------------------------------------------------------------- openings


def test_openings_are_legal_distinct_and_open():
    assert len(OPENINGS) == 176
    seen = set()
    for moves in OPENINGS:
        pos = Position.from_moves(moves)
        assert 4 <= pos.moves <= 8 and not pos.is_over()
        assert not any(pos.is_winning_move(c) for c in pos.legal_moves()), moves
        keys = {pos.key(), pos.mirror().key()}
        assert not keys & seen, f"{moves} repeats an earlier opening"
        seen |= keys


# ----------------------------------------------------------------- rule player


def test_rule_player_completes_its_three():
    # Red has 1-2-3 on the bottom row, yellow 1-2-3 on the row above; red to move wins at 4.
    pos = Position.from_moves("112233")
    assert winning_columns(pos) == [3]
    assert RulePlayer().choose(pos) == 3
    assert RulePlayer(seed=5).choose(pos) == 3


def test_rule_player_blocks_the_opponents_three():
    # Red has three in column 1; yellow (to move) must block there.
    pos = Position.from_moves("12131")
    assert threatened_columns(pos) == [0]
    for seed in (None, 1, 2, 3):
        assert RulePlayer(seed).choose(pos) == 0
    # Horizontal: red 3-4-5 on the bottom (open both ends), yellow to move blocks a side.
    pos = Position.from_moves("31415")
    assert set(threatened_columns(pos)) == {1, 5}
    assert RulePlayer().choose(pos) in (1, 5)


def test_rule_player_prefers_winning_to_blocking():
    # Both have three in a column; the side to move (red) wins instead of blocking.
    pos = Position.from_moves("121212")
    assert winning_columns(pos) == [0] and threatened_columns(pos) == [1]
    assert RulePlayer().choose(pos) == 0


def test_rule_player_otherwise_prefers_the_centre():
    assert RulePlayer().choose(Position()) == 3
    picks = [RulePlayer(seed).choose(Position()) for seed in range(200)]
    assert picks.count(3) > picks.count(0) and set(picks) <= set(range(7))
    assert [RulePlayer(7).choose(Position()) for _ in range(3)] == [RulePlayer(7).choose(Position())] * 3


# ----------------------------------------------------------------- matches (no search needed)


def test_tasks_swap_colours_per_opening():
    tasks = arena.make_tasks(RULES, RANDOM, 10, seed=4)
    for k in range(5):
        first, second = tasks[2 * k], tasks[2 * k + 1]
        assert first.opening == second.opening
        assert first.a_is_red and not second.a_is_red
    assert len({t.opening for t in tasks}) == 5
    assert [t.opening for t in arena.make_tasks(RULES, RANDOM, 10, seed=5)] != [t.opening for t in tasks]


def test_match_is_deterministic_for_a_seed_and_records_colours():
    one = arena.run_match(RULES, RANDOM, games=8, seed=11, workers=1)
    two = arena.run_match(RULES, RANDOM, games=8, seed=11, workers=1)
    assert [(r.moves, r.a_score) for r in one.records] == [(r.moves, r.a_score) for r in two.records]
    other = arena.run_match(RULES, RANDOM, games=8, seed=12, workers=1)
    assert [r.moves for r in other.records] != [r.moves for r in one.records]
    assert "8 games (4 openings x 2 colours), seed 11, 1 worker\n" in one.text() + "\n"
    for r in one.records:
        pos = Position.from_moves(r.moves)
        assert r.moves.startswith(r.opening) and pos.is_over()
        assert r.winner == (pos.winner() or 0)
        expected = 0.5 if r.winner == 0 else float((r.winner == 1) == r.a_is_red)
        assert r.a_score == expected
        assert r.a_moves + r.b_moves == len(r.moves) - len(r.opening)
    assert one.score > 0.75  # the rule player beats random play


# ----------------------------------------------------------------- accuracy


def test_accuracy_record_classification():
    def rec(best: int, got: int | None) -> AccuracyRecord:
        return AccuracyRecord("x", "4", 3, best, got, 0.0)

    assert rec(5, 5).optimal and not rec(5, 5).outcome_changing
    assert not rec(5, 2).optimal and not rec(5, 2).outcome_changing  # slower win: same outcome
    assert rec(5, 0).outcome_changing and rec(5, -3).outcome_changing  # win -> draw / loss
    assert rec(0, -1).outcome_changing and not rec(0, 0).outcome_changing  # draw -> loss
    assert not rec(-4, -9).outcome_changing and not rec(-4, -9).optimal  # faster loss: same outcome
    assert not rec(3, None).judged and not rec(3, None).outcome_changing


def test_exact_move_score_hand_checked():
    # Immediate win with red's 4th disc: 22 - 4 = 18.
    assert arena.exact_move_score(Position.from_moves("112233"), 3) == 18
    # Not blocking red's column-1 three loses at once: red wins with its 4th disc -> -18.
    assert arena.exact_move_score(Position.from_moves("12131"), 6) == -18
    # End-Easy lines: the best move reaches the set's score, and exact_move_score agrees with
    # the solver's column scores.
    from game.engine.solver import Solver

    for line in ("2252576253462244111563365343671351441 -1", "7422341735647741166133573473242566 1"):
        moves, score = line.split()
        pos = Position.from_moves(moves)
        cols = Solver().column_scores(pos)
        assert max(s for s in cols if s is not None) == int(score)
        for c in pos.legal_moves():
            assert arena.exact_move_score(pos, c) == cols[c]


def test_judge_position_against_analysis_scores():
    # A hand-checked analysis line: column 4 (index 3) keeps the win 13; others lose or draw.
    ref = arena.parse_reference_line("1562527227511 3 2 -4 13 -4 3 3", "early-easy", "analysis")
    assert ref.best == 13 and ref.column_scores[3] == 13
    picks_centre = arena.judge_position(arena.AccuracyTask(ref, RULES, None))
    assert picks_centre.move == 3 and picks_centre.optimal  # rules: no three, so the centre
    bad = RefPosition("t", ref.moves, 13, (3, 2, -4, 13, -4, 3, 3))
    record = AccuracyRecord("t", bad.moves, 0, 13, bad.column_scores[0], 0.0)
    assert not record.optimal and not record.outcome_changing  # 3: still a win, just slower
    record = AccuracyRecord("t", bad.moves, 2, 13, bad.column_scores[2], 0.0)
    assert record.outcome_changing


def test_references_load_and_sample_deterministically():
    refs = arena.load_references(["end", "early-medium"], per_set=5, seed=3)
    assert len(refs) == 10
    assert refs == arena.load_references(["end", "early-medium"], per_set=5, seed=3)
    assert refs != arena.load_references(["end", "early-medium"], per_set=5, seed=4)
    assert all(r.column_scores is None for r in refs[:5])
    assert all(r.best == max(s for s in r.column_scores if s is not None) for r in refs[5:])
    with pytest.raises(ValueError, match="unknown reference set"):
        arena.load_references(["nope"])


def test_accuracy_cache_is_used_and_filled():
    refs = arena.load_references(["end"], per_set=3, seed=1)
    cache: dict = {}
    first = arena.run_accuracy(RULES, refs, workers=1, cache=cache)
    assert set(cache) == {r.moves for r in refs}
    assert all(cache[r.moves][str(r.move)] == r.move_score for r in first.records)
    # A planted (impossible) score proves the cache is read instead of solving again.
    planted = {moves: {col: 99 for col in cols} for moves, cols in cache.items()}
    second = arena.run_accuracy(RULES, refs, workers=1, cache=planted)
    assert all(r.move_score == 99 for r in second.records)


def test_cli_accuracy_json_and_errors(capsys):
    assert arena.main(["--accuracy", "rules", "--sets", "end", "--per-set", "4", "--workers", "1", "--json", "--no-progress"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["sets"][0]["positions"] == 4 and 0 <= data["sets"][0]["optimal_pct"] <= 100
    assert arena.main(["rules"]) == 2
    assert "two players" in capsys.readouterr().err
    assert arena.main(["rules", "random", "--games", "0"]) == 2
    assert "--games" in capsys.readouterr().err
    assert arena.main(["rules,discount=0", "random"]) == 2
    assert "options" in capsys.readouterr().err


# ----------------------------------------------------------------- with the search engine


def test_player_specs_resolve():
    player = arena.parse_arena_player("ai:3:window,discount=0,time=none")
    assert player.kind == "search"
    assert (player.config.depth, player.config.heuristic, player.config.discount) == (3, "window", 0.0)
    assert player.config.time_limit is None
    with pytest.raises(arena.SpecError, match="unknown option"):
        arena.parse_arena_player("ai:3,depth=4")
    with pytest.raises(arena.SpecError, match="human"):
        arena.parse_arena_player("human")
    with pytest.raises(arena.SpecError):
        arena.parse_arena_player("ai:3,discount=2")
    weak = arena.parse_arena_player("ai:1,blunder=0.5")
    assert weak.blunder == 0.5 and "50 % random moves" in weak.describe()
    with pytest.raises(arena.SpecError, match="probability"):
        arena.parse_arena_player("ai:1,blunder=2")
    warm = arena.parse_arena_player("ai:2,temp=0.25")
    assert warm.config.temperature == 0.25 and "temperature 0.25" in warm.describe()
    beginner = arena.parse_arena_player("beginner")
    assert beginner.config.temperature > 0 and beginner.blunder == 0  # no level plays random discs
    steady = arena.parse_arena_player("beginner,temp=0")  # the option wins over the level's own
    assert steady.config.temperature == 0 and "temperature" not in steady.describe()
    with pytest.raises(arena.SpecError, match="temperature"):
        arena.parse_arena_player("ai:1,temp=11")
    for option in ("time=1_0", "table=1_0", "temp=nan", "blunder=\u0660.5", "discount=inf"):
        with pytest.raises(arena.SpecError, match="is not a (whole )?number; use"):
            arena.parse_arena_player(f"ai:1,{option}")
    assert arena.parse_arena_player("ai:1,time=0.5,table=16").config.table_mb == 16
    hooked = arena.parse_arena_player("ai:2,eval=threats")
    assert hooked.make(1).choose(Position.from_moves("112233")) == 3  # it still takes a win


def test_blunder_plays_random_legal_moves_with_its_probability():
    # The arena's model of the old Beginner: with probability p the move is any legal column,
    # chosen by a stream seeded with the player's seed.
    pos = Position.from_moves("443454")  # columns 2 and 6 win at once; a searcher never misses them
    steady = arena.parse_arena_player("ai:4")
    assert {steady.make(s).choose(pos) for s in range(10)} <= {1, 5}
    always = arena.parse_arena_player("ai:4,blunder=1")
    slips = [always.make(s).choose(pos) for s in range(40)]
    assert set(slips) == set(pos.legal_moves())
    assert [always.make(s).choose(pos) for s in range(40)] == slips  # reproducible for a seed
    half = arena.parse_arena_player("ai:4,blunder=0.5")
    missed = sum(half.make(s).choose(pos) not in (1, 5) for s in range(200))
    assert 40 < missed < 110  # about 0.5 * 5/7 of 200 = 71 random non-winning picks


def test_threats_heuristic_really_uses_the_threat_evaluation():
    import random

    from game.engine.heuristics.threat_parity import evaluate_threats

    player = arena.parse_arena_player("ai:1,eval=threats")
    assert player.config.heuristic == "threats"
    rng = random.Random(3)
    checked = 0
    while checked < 15:
        pos = Position()
        for _ in range(rng.randrange(4, 20)):
            pos = pos.play(rng.choice(pos.legal_moves())) if not pos.is_over() else pos
        if pos.is_over() or any(pos.is_winning_move(c) for c in pos.legal_moves()):
            continue
        values = {}
        for c in pos.legal_moves():
            child = pos.play(c)
            values[c] = -evaluate_threats(child.current, child.mask, child.moves)
        move = player.make(None).choose(pos)
        assert values[move] == max(values.values()), pos  # depth 1: the best child by the threat eval
        checked += 1


def test_tiny_real_arena_run_two_workers():
    a = arena.parse_arena_player("ai:2")
    b = arena.parse_arena_player("ai:1")
    result = arena.run_match(a, b, games=4, seed=2, workers=2)
    assert result.games == 4 and result.workers == 2
    assert result.wins + result.draws + result.losses == 4
    again = arena.run_match(a, b, games=4, seed=2, workers=1)
    assert [r.moves for r in result.records] == [r.moves for r in again.records]
    assert result.mean_time("a") > 0 and result.mean_time("b") > 0


# ----------------------------------------------------------------- threat-parity evaluation (research)


def test_threat_parity_terms():
    from game.engine.board import bit
    from game.engine.heuristics import threat_parity as et

    def board(cells):
        out = 0
        for c, r in cells:
            out |= bit(c, r)
        return out

    # Red three on row index 2 (Allis' row 3, odd) with the cell (3, 2) floating: a good,
    # active threat for the first player and the odd/even rule's predicted winner.
    red = board([(1, 0), (0, 1), (2, 1), (0, 2), (1, 2), (2, 2)])
    yellow = board([(0, 0), (2, 0), (1, 1)])
    v1, v2 = et.threat_terms(red, yellow, red | yellow)
    assert (v1, v2) == (et.GOOD + et.ZUGZWANG, 0.0)
    # The same three for the second player is on his bad parity: no zugzwang bonus.
    v1, v2 = et.threat_terms(yellow, red, red | yellow)
    assert (v1, v2) == (0.0, et.BAD)
    # From the side to move's view: red (first player, even disc count) gains, yellow loses it.
    from game.engine.heuristics import scoremap

    mask = red | yellow
    assert et.evaluate_threats(red, mask, 8) == scoremap(red, mask, 8) + et.GOOD + et.ZUGZWANG
    assert et.evaluate_threats(yellow, mask, 9) == scoremap(yellow, mask, 9) - et.GOOD - et.ZUGZWANG


def test_a_worker_whose_pipe_is_reset_as_the_arena_stops_ends_quietly():
    """The arena may close its end of a worker's pipe with an answer unread: on Linux the duplex
    pipe is a socket pair, and the worker's next read is a reset, not an end of file. The worker
    ends there without a traceback on the arena's standard error."""
    from game.tools.arena.pool import _serve

    class Reset:
        sent: list = []

        def recv(self):
            raise ConnectionResetError(104, "Connection reset by peer")

        def send(self, value):
            self.sent.append(value)

    handler = signal.getsignal(signal.SIGINT)       # a worker ignores Ctrl+C: not this test process
    try:
        assert _serve(len, Reset()) is None and Reset.sent == []
    finally:
        signal.signal(signal.SIGINT, handler)

"""Every error of 36 games against the built-in levels is explained, with a line the solver proves.

The games (tests/engine/data/level_games.txt, made by scripts/level_games.py) pit a human-like weak
side (a depth-1 search with 30 % random moves, or the rule player) against the levels from
Beginner to Hard, after two random opening moves.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.words.explanations import explanation_text as said
from game.engine.board import Position, parse_moves
from game.engine.explain import Kind, explain_game
from game.engine.game_review import MoveClass, review_game
from game.engine.game_review import to_explain
from game.engine.scores import plies_to_end
from game.engine.solver import Solver
from game.engine.threats import Cell, playable_mask, threats_mask
from game.engine.verdicts import Severity

GAMES = [line.split()[0] for line in (Path(__file__).parent / "data" / "level_games.txt").read_text().splitlines()
         if line.strip() and not line.startswith("#")]


def test_the_games_are_many_and_varied() -> None:
    assert len(GAMES) >= 30 and len(set(GAMES)) == len(GAMES)
    assert len({game[:2] for game in GAMES}) >= 20  # varied openings


@pytest.fixture(scope="module")
def explained() -> list[tuple[str, object, dict, Solver]]:
    out = []
    for game in GAMES:
        solver = Solver(table_mb=16)
        moves = parse_moves(game)
        review = review_game(moves, time_per_position=30, solver=solver, estimates=False)
        out.append((game, review, dict(explain_game(moves, to_explain(review), solver)), solver))
    return out


def test_every_error_has_an_explanation_and_a_line(explained) -> None:
    kinds = set()
    for game, review, why, _ in explained:
        for r in review.reviews:
            needs = r.move_class in (MoveClass.MISTAKE, MoveClass.BLUNDER) or r.severity is Severity.ERROR
            assert not needs or r.number in why, f"{game} move {r.number}"
            if r.number in why:
                assert said(why[r.number]) and why[r.number].line, f"{game} move {r.number}"
                kinds.add(why[r.number].kind)
    assert kinds == set(Kind)  # every kind of explanation occurs in real games


@pytest.mark.parametrize("fresh", [False, True], ids=["same table", "fresh table"])
def test_each_line_is_legal_optimal_and_as_long_as_the_value_says(explained, fresh: bool) -> None:
    """Checked with the solver that made the lines (its table holds exact bounds only), and for a
    third of the games with a fresh solver that never saw them."""
    fresh_checker = Solver(table_mb=32)
    for k, (game, review, why, solver) in enumerate(explained):
        if fresh and k % 3:
            continue
        checker = fresh_checker if fresh else solver
        moves = parse_moves(game)
        for number, explanation in why.items():
            after = Position.from_moves(moves[:number])
            value = -review.reviews[number - 1].played.lower  # exact: only proved moves are explained
            assert checker.solve(after) == value
            p = after
            for col in explanation.line:
                child = p.play(col)
                assert child.winner() is not None or child.is_over() or -checker.solve(child) == checker.solve(p), \
                    f"{game} move {number}: column {col + 1} at {p.moves} discs is not optimal"
                p = child
            if value == 0:
                assert p.is_draw()
            else:
                assert len(explanation.line) == plies_to_end(value, after.moves), f"{game} move {number}"
                assert p.winner() == (after.turn if value > 0 else 3 - after.turn)


SEQUENCE = re.compile(r"(\w+) wins by force in \d+ moves, each a threat (\w+) must block: (.*) \(four in a row\)\.")
ITEM = re.compile(r"(Red|Yellow) column (\d)( \(threatening [^)]*: (?:Red|Yellow) can stop only one\))?")


def test_every_move_a_forced_sequence_calls_a_block_blocks_on_the_board(explained) -> None:
    """Checked on the board, apart from the explainer: each defender move the sentence lists fills a
    cell where the winner would complete four next, except a last one after two threats the
    sentence names as unstoppable (and that are two on the board)."""
    checked = 0
    for game, _review, why, _ in explained:
        moves = parse_moves(game)
        for number, explanation in why.items():
            found = SEQUENCE.search(said(explanation))
            if explanation.kind is not Kind.FORCED_SEQUENCE or found is None:
                continue
            items = ITEM.findall(found[3])
            assert [int(col) - 1 for _, col, _ in items] == list(explanation.line), f"{game} move {number}"
            p = Position.from_moves(moves[:number])
            for i, (_name, col, note) in enumerate(items):
                c = int(col) - 1
                if i % 2:   # the defender's move
                    open_cells = threats_mask(p, mine=False) & playable_mask(p)
                    if items[i - 1][2]:
                        assert i == len(items) - 2 and not open_cells & Cell(c, p.height(c)).bit
                        threats = threats_mask(p, mine=False)
                        assert bin(open_cells | threats & (open_cells << 1)).count("1") >= 2
                    else:
                        assert open_cells & Cell(c, p.height(c)).bit, f"{game} move {number}: {said(explanation)}"
                p = p.play(c)
            assert p.winner() is not None
            checked += 1
    assert checked >= 5

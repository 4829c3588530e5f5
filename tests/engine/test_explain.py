"""Explanations: each kind where its claim holds, and where it looks true but the solver (or the
board played out) disagrees, so another kind or the plain sentence is shown."""

from __future__ import annotations

import pytest

from game.engine.board import Position, parse_moves
from game.engine.explain import (
    Kind,
    at_once,
    explain_hint,
    explain_move,
    forced_sequence,
    how_it_wins,
    two_threats,
    unstoppable,
    zugzwang,
)
from game.engine.principal import principal_line
from game.engine.scores import win_next_score
from game.engine.solver import Solver
from game.engine.threats import Cell
from game.words.explanations import explanation_text as said
from game.words.outcomes import win_phrase

# Positions from the games in data/level_games.txt: (moves before, column played 1-7).
UNDER = ("33335154642215312535526626", 4)
MISSED_BLOCK = ("7555747", 5)
TWO_STACKED = ("534337373346666671252", 4)
TWO_APART = ("7476435212414456556733", 4)
FORCED = ("153317421135", 5)
ZUGZWANG_STANDING = ("6462661214722211144", 4)
ZUGZWANG_BUILT = ("233334444312242562565554", 5)
GAVE_UP = ("47466467346652", 1)
PLAIN = ("54445575332551434647133111322", 7)
# Red has three discs in the bottom row with a gap (columns 1, 4, 5) and Yellow three in column 7:
# Red's column 3 looks like two threats (columns 2 and 6), but Yellow wins at once first.
FALSE_DOUBLE = ("475717", 3)
# Red to move has a floating threat on an odd row (its right parity) ...
PARITY_BUT_DRAW = "72143271177231145546133453"  # ... and the game is a draw
PARITY_NOT_KEPT = "372372316543155731277115"    # ... and wins, but not by that threat


@pytest.fixture(scope="module")
def solver() -> Solver:
    return Solver(table_mb=16)


def explain(case: tuple[str, int], solver: Solver):
    moves, col = case
    explanation = explain_move(Position.from_moves(moves), col - 1, solver)
    assert explanation is not None
    return explanation


def test_at_once_names_the_cell_and_why(solver: Solver) -> None:
    under = explain(UNDER, solver)
    assert under.kind is Kind.AT_ONCE and under.line == (3,)
    assert said(under) == ("Red's disc fills the cell under Yellow's winning cell: Yellow plays column 4, "
                          "fourth row from the bottom and wins.")
    block = explain(MISSED_BLOCK, solver)
    assert block.kind is Kind.AT_ONCE and block.line == (6,)
    assert said(block).startswith("Red threatened column 7, fourth row from the bottom, and this move does not block it")
    assert said(block).endswith("Column 7 instead kept Yellow's win.")


def test_at_once_is_claimed_only_for_a_line_of_the_winning_disc_alone() -> None:
    pos = Position.from_moves("152535")   # red to move: column 4 completes the bottom row
    score = win_next_score(pos.moves)
    assert at_once(pos, score, (3,)) == Cell(3, 0)
    assert at_once(pos, score, (3, 0, 1)) is None   # a longer line is no win with the next disc


def test_at_once_is_not_claimed_for_a_threat_that_cannot_be_played_yet(solver: Solver) -> None:
    pos = Position.from_moves(PARITY_NOT_KEPT)
    score = solver.solve(pos)
    assert score != win_next_score(pos.moves)
    assert at_once(pos, score, principal_line(pos, solver)) is None
    # the floating threat (column 4, third row) cannot be played: even the claimed score is refused
    assert at_once(pos, win_next_score(pos.moves), (3,)) is None
    assert how_it_wins(pos, score, principal_line(pos, solver))[0] is Kind.TWO_THREATS  # what does hold


def test_two_threats_apart_and_stacked(solver: Solver) -> None:
    apart = explain(TWO_APART, solver)
    assert apart.kind is Kind.TWO_THREATS
    assert said(apart).startswith("Yellow plays column 2 and threatens column 2, fourth row from the bottom and "
                                 "column 3, fourth row from the bottom; Red can block only one.")
    stacked = explain(TWO_STACKED, solver)
    assert stacked.kind is Kind.TWO_THREATS and "the cell right above it" in said(stacked)
    pos = Position.from_moves(TWO_STACKED[0]).play(TWO_STACKED[1] - 1)
    found = two_threats(pos, solver.solve(pos), stacked.line)
    assert found is not None and found.stacked and found.cells == (Cell(4, 2), Cell(4, 3))


def test_two_threats_that_the_opponent_outruns_are_not_claimed(solver: Solver) -> None:
    moves, col = FALSE_DOUBLE
    pos = Position.from_moves(moves)
    # played out, the "double threat" fails: Yellow wins at once after it
    assert two_threats(pos, win_next_score(pos.moves) - 1, (col - 1,)) is None
    explanation = explain(FALSE_DOUBLE, solver)
    assert explanation.kind is Kind.AT_ONCE and "Yellow threatened column 7" in said(explanation)


def test_forced_sequence_shows_the_series(solver: Solver) -> None:
    explanation = explain(FORCED, solver)
    assert explanation.kind is Kind.FORCED_SEQUENCE
    assert said(explanation) == (
        "Yellow wins by force in 5 moves, each a threat Red must block: Yellow column 2, Red column 4, Yellow "
        "column 4, Red column 5, Yellow column 3, Red column 6, Yellow column 2 (threatening column 2, fourth "
        "row from the bottom and the cell right above it: Red can stop only one), Red column 4, Yellow column 2 "
        "(four in a row).")
    assert explanation.line_text == "244536242"


def test_a_last_reply_that_blocks_nothing_is_never_called_a_block(solver: Solver) -> None:
    """Yellow's stacked threats in column 5 leave Red nothing to block: the sentence says so."""
    explanation = explain(("7436742217513366", 7), solver)
    assert explanation.kind is Kind.FORCED_SEQUENCE and explanation.line_text == "44345"
    assert said(explanation) == (
        "Yellow wins by force in 3 moves, each a threat Red must block: Yellow column 4, Red column 4, Yellow "
        "column 3 (threatening column 5, second row from the bottom and the cell right above it: Red can stop "
        "only one), Red column 4, Yellow column 5 (four in a row).")
    pos = Position.from_moves("74367422175133667443")
    assert unstoppable(pos) == (Cell(4, 1), Cell(4, 2))


def test_forced_sequence_is_refused_when_a_move_is_quiet_or_a_reply_blocks_nothing(solver: Solver) -> None:
    moves, col = FORCED
    pos = Position.from_moves(moves).play(col - 1)
    score = solver.solve(pos)
    line = principal_line(pos, solver)
    assert forced_sequence(pos, score, line) == line
    assert forced_sequence(pos, score - 1, line) is None  # the value says the win takes longer
    not_blocking = (*line[:1], 0, *line[2:])  # Red answers the first threat in column 1
    assert forced_sequence(pos, score, not_blocking) is None
    zug = Position.from_moves(ZUGZWANG_STANDING[0]).play(ZUGZWANG_STANDING[1] - 1)
    assert forced_sequence(zug, solver.solve(zug), principal_line(zug, solver)) is None
    # Red's first reply (column 1) blocks nothing, and Yellow's threats still run to four
    assert forced_sequence(Position.from_moves("747643521241"), 13, (3, 0, 5, 3, 4)) is None
    # a win with the second disc is two threats, never a forced sequence
    two = Position.from_moves(TWO_APART[0]).play(TWO_APART[1] - 1)
    assert forced_sequence(two, solver.solve(two), principal_line(two, solver)) is None


def test_zugzwang_standing_and_built(solver: Solver) -> None:
    standing = explain(ZUGZWANG_STANDING, solver)
    assert standing.kind is Kind.ZUGZWANG
    assert said(standing).startswith("Red has a threat at column 5, third row from the bottom, on an odd row: the right "
                                    "parity for Red, who moved first. As the other columns fill up, Yellow must in "
                                    "the end play under it (a long win for Red).")
    built = explain(ZUGZWANG_BUILT, solver)
    assert built.kind is Kind.ZUGZWANG
    assert said(built).startswith("Yellow makes a threat at column 7, second row from the bottom with move 1 of the "
                                 "line, on an even row")


def test_zugzwang_needs_the_solver_and_the_end_of_the_line(solver: Solver) -> None:
    draw = Position.from_moves(PARITY_BUT_DRAW)
    assert solver.solve(draw) == 0
    assert zugzwang(draw, 0, principal_line(draw, solver)) is None
    assert zugzwang(draw, 5, principal_line(draw, solver)) is None  # a claimed win the line does not end in
    kept = Position.from_moves(PARITY_NOT_KEPT)
    score, line = solver.solve(kept), principal_line(kept, solver)
    assert score > 0 and zugzwang(kept, score, line) is None
    assert how_it_wins(kept, score, line)[0] is Kind.TWO_THREATS
    # Red's winning cell (column 5, third row) is a threat of the right parity for the last moves
    # of this line, but Yellow's last move was not under it: a plain threat, not a zugzwang
    late = Position.from_moves("2334336342")
    assert zugzwang(late, 11, (3, 5, 3, 3, 1, 3, 1, 4, 4, 2, 4)) is None
    # two threats of the right parity last to the end: the one the line wins on is named
    two = Position.from_moves("14424353443222")
    assert zugzwang(two, 12, (2, 3, 4, 2, 4)) == (Cell(4, 2), 0)


def test_gave_up_says_what_the_better_move_threatened(solver: Solver) -> None:
    explanation = explain(GAVE_UP, solver)
    assert explanation.kind is Kind.GAVE_UP
    assert said(explanation) == ("Column 5 would have won: Red plays column 5 and threatens column 3, second row from "
                                "the bottom and column 5, third row from the bottom; Yellow can block only one. "
                                "This move still wins, but only a long win for Red.")


def test_plain_when_no_claim_holds(solver: Solver) -> None:
    explanation = explain(PLAIN, solver)
    assert explanation.kind is Kind.PLAIN
    assert said(explanation) == "Column 1 kept a win in 4 of Yellow's moves for Yellow; this move lets Red hold a draw."


def test_a_move_as_good_as_the_best_needs_no_explanation(solver: Solver) -> None:
    pos = Position.from_moves("4455")
    assert explain_move(pos, 2, solver) is None  # column 3: a double threat, as good as column 6
    assert explain_move(Position.from_moves("444555"), 3, solver) is None  # a win at once ends the game


def test_win_phrases() -> None:
    assert win_phrase(win_next_score(0), 0) == "a win at once for Red"
    assert win_phrase(win_next_score(1) - 2, 1) == "a win in 3 of Yellow's moves"
    assert win_phrase(1, 0) == "a long win for Red"
    assert win_phrase(1, 1) == "a long win for Yellow"      # every win names its side
    assert win_phrase(1, 1, ("Ann", "Bo")) == "a long win for Bo"


def test_a_hint_says_why_the_best_move_is_best(solver: Solver) -> None:
    double = explain_hint(Position.from_moves("4455"), solver)
    assert double.kind is Kind.TWO_THREATS and said(double).startswith("Column ")
    assert "Yellow can block only one." in said(double) and len(double.line) == 2
    win = explain_hint(Position.from_moves("152535"), solver)
    assert (win.kind, said(win), win.line) == (Kind.AT_ONCE, "Column 4: Red wins at once at column 4, bottom row.", ())
    draw = explain_hint(Position.from_moves("52677675164321472411331752454"), solver)  # End-Easy: a draw
    assert draw.kind is Kind.PLAIN and said(draw).endswith("keeps the draw.")
    assert len(draw.line) == 42 - 29 - 1  # after the hinted move, to the full board
    lost = explain_hint(Position.from_moves("4"), solver)
    assert lost.kind is Kind.PLAIN
    assert said(lost) == "Every column loses for Yellow; column 4 holds out longest (loss, a long one)."


def test_where_no_line_is_shown_no_move_of_one_is_cited(solver: Solver) -> None:
    """Practice and the lessons show no line: their explanations name cells, never "move N of the
    line"; and the better move's line is never shown, even in the review, so its words cite none."""
    first = explain_move(Position(), 0, solver)                       # column 1 on the empty board
    assert first.kind is Kind.ZUGZWANG and "of the line" in said(first)      # the review steps through it
    bare = explain_move(Position(), 0, solver, line_shown=False)
    assert bare.kind is Kind.ZUGZWANG and "of the line" not in said(bare) and "can make a threat at" in said(bare)
    for moves, col in (("4", 0), ("44", 6), ("4444", 0), ("445", 0), ("3324", 6)):
        pos = Position.from_moves(parse_moves(moves))
        for shown in (True, False):
            found = explain_move(pos, col, solver, line_shown=shown)
            if found is not None and found.kind is Kind.GAVE_UP:
                assert "of the line" not in said(found)
            if found is not None and not shown:
                assert "of the line" not in said(found) and "the line shows" not in said(found)

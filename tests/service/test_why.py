"""Why a column: a worse column gets the engine's checked explanation, a best one what it does."""

from game.engine.board import Position, parse_moves
from game.engine.explain import Kind
from game.engine.solver import Solver
from game.service.why import explain_column
from game.words.explanations import explanation_text as said

SOLVER = Solver(table_mb=16)


def test_a_column_that_wins_at_once_says_so():
    pos = Position.from_moves("152535")            # red has columns 1-3 on the bottom row
    why = explain_column(pos, 3, SOLVER)
    assert (why.kind, said(why), why.line) == (Kind.AT_ONCE, "Column 4 completes four: Red wins.", ())


def test_a_worse_column_gets_the_explanation_of_its_error():
    pos = Position.from_moves("152535")
    why = explain_column(pos, 6, SOLVER)
    assert why.kind is Kind.GAVE_UP and said(why).startswith("Red could win at once at column 4, bottom row.")


def test_the_best_column_of_a_drawn_position_keeps_the_draw_and_its_line_fills_the_board():
    pos = Position.from_moves("635636475161336435632444554777")   # drawn with best play; column 5 keeps it
    assert SOLVER.best_move(pos) == (4, 0)
    why = explain_column(pos, 4, SOLVER)
    assert said(why).startswith("Column 5 keeps the draw")
    end = pos.play(4)
    for col in why.line:
        end = end.play(col)
    assert end.is_draw()


def test_the_best_column_of_a_lost_position_resists_longest():
    pos = Position.from_moves(parse_moves("4453545567344353133465766677"))
    why = explain_column(pos, 1, SOLVER)
    assert said(why).startswith("Every column loses; column 2 holds out longest against Yellow.")

"""game.speech.listen and sayings: what a change of the board says, the query keys, the cell walk."""

from __future__ import annotations

import pytest

from game.engine.board import parse_moves
from game.speech import BoardFacts, Heard, Listener, Query


def board(moves: str, cursor: int | None = 3, **kw) -> Heard:
    return Heard(BoardFacts(tuple(parse_moves(moves)), cursor=cursor, walk=True, **kw))


def test_each_move_says_who_column_and_row_with_row_1_at_the_bottom():
    listener = Listener(full=True)
    assert listener.follow(board("")) == []
    assert listener.follow(board("4")) == ["Red, column 4, row 1."]
    assert listener.follow(board("44")) == ["Yellow, column 4, row 2."]
    # two moves in one frame (a reply that came at once) are both said, in order
    assert listener.follow(board("4455")) == ["Red, column 5, row 1.", "Yellow, column 5, row 2."]


def test_full_adds_threats_and_a_win_is_said_in_either_verbosity():
    full, short = Listener(full=True), Listener(full=False)
    for listener in (full, short):
        listener.follow(board("445"))
    assert short.follow(board("4455")) == ["Yellow, column 5."]
    assert full.follow(board("4455")) == ["Yellow, column 5, row 2."]
    assert full.follow(board("44556")) == ["Red, column 6, row 1. Red threatens column 3, row 1 and column 7, row 1."]
    assert short.follow(board("44556")) == ["Red, column 6."]
    assert full.follow(board("445566")) == ["Yellow, column 6, row 2. Yellow threatens column 3, row 2 and "
                                            "column 7, row 2."]
    assert full.follow(board("4455667")) == ["Red, column 7, row 1. Red wins: four in a row."]
    short.follow(board("445566"))
    assert short.follow(board("4455667")) == ["Red, column 7. Red wins: four in a row."]


def test_a_full_board_without_four_is_said_a_draw():
    draw = "547125662261271266215743771576315353334444"  # a drawn game (checked below)
    from game.engine.board import Position
    moves = parse_moves(draw)
    assert Position.from_moves(moves).is_draw()
    listener = Listener()
    listener.follow(board(draw[:-1]))
    assert listener.follow(board(draw))[0].endswith("The board is full: a draw.")


def test_undo_a_new_game_and_a_loaded_position_are_said():
    listener = Listener()
    listener.follow(board("4455"))
    assert listener.follow(board("44")) == ["Taken back: 2 moves on the board. Last move: Yellow, column 4, row 2."]
    assert listener.follow(board("")) == ["The board is empty."]
    listener.follow(board("44"))
    assert listener.follow(board("1")) == ["A new position of 1 move. Last move: Red, column 1, row 1."]


def test_new_lines_are_said_once_and_unchanged_lines_not_again():
    listener = Listener()
    assert listener.follow(Heard(lines=("Start game", "Hint: column 4 wins"))) == ["Start game", "Hint: column 4 wins"]
    assert listener.follow(Heard(lines=("Start game", "Hint: column 4 wins"))) == []
    assert listener.follow(Heard(lines=("Settings", ""))) == ["Settings"]


def test_walking_the_cells_names_each_cell_as_yellow_playable_or_floating():
    listener = Listener()
    listener.follow(board("44", cursor=3))
    assert listener.answer(Query.CELL_UP) == "column 4, row 2: yellow."
    assert listener.answer(Query.CELL_UP) == "column 4, row 3: empty, playable."
    assert listener.answer(Query.CELL_UP) == "column 4, row 4: empty, floating."
    for _ in range(9):
        listener.answer(Query.CELL_UP)
    assert listener.answer(Query.CELL_UP) == "column 4, row 6: empty, floating."    # the top stops it
    for _ in range(9):
        listener.answer(Query.CELL_DOWN)
    assert listener.answer(Query.CELL_DOWN) == "column 4, row 1: red."
    # the scene's cursor moving (Left/Right) says the cell at the same row in the new column
    assert listener.follow(board("44", cursor=4)) == ["column 5, row 1: empty, playable."]
    assert listener.follow(board("44", cursor=4, analysis=())) == []


def test_the_query_keys_answer_about_the_board_shown():
    listener = Listener()
    assert listener.answer(Query.LAST_MOVE) is None                  # no board shown: nothing to say
    listener.follow(board("4455", cursor=3, analysis=("", "", "", "wins in 5", "", "", ""), score="You 1, computer 0."))
    assert listener.answer(Query.LAST_MOVE) == "Last move: Yellow, column 5, row 2."
    assert listener.answer(Query.COLUMN) == "Column 4, bottom up: red, yellow. Row 3 is next."
    assert listener.answer(Query.ROW) == ("Row 1, left to right: empty, playable; empty, playable; empty, playable; "
                                          "red; red; empty, playable; empty, playable.")
    assert listener.answer(Query.TURN) == "Red to move, move 5. You 1, computer 0."
    assert listener.answer(Query.ANALYSIS) == "Column 4: wins in 5."
    assert listener.answer(Query.THREATS) == "Red has no threats. Yellow has no threats."
    listener.follow(board("44556", cursor=0))
    assert listener.answer(Query.ANALYSIS) == "Column 1: no analysis. A turns the analysis row on."
    assert listener.answer(Query.THREATS) == "Red threatens column 3, row 1 and column 7, row 1. Yellow has no threats."
    assert listener.answer(Query.COLUMN) == "Column 1 is empty."


def test_a_full_column_and_a_won_game_are_said_so():
    listener = Listener()
    listener.follow(board("444444", cursor=3))
    assert listener.answer(Query.COLUMN) == ("Column 4, bottom up: red, yellow, red, yellow, red, yellow. "
                                             "It is full.")
    listener.follow(board("4455667"))
    assert listener.answer(Query.TURN) == "Red has won."


def test_a_board_the_rules_refuse_is_not_said():
    listener = Listener()
    assert listener.follow(Heard(BoardFacts((3,) * 7))) == []       # a seventh disc in one column
    assert listener.answer(Query.COLUMN) is None


@pytest.mark.parametrize("names", [("Red", "Yellow"), ("Circle", "Cross")])
def test_the_colours_are_the_names_given(names):
    listener = Listener()
    listener.follow(board("", names=names))
    assert listener.follow(board("4", names=names)) == [f"{names[0]}, column 4, row 1."]

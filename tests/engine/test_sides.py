"""Side and Column: ints the engine computes with, checked when made, read as people count them."""

from __future__ import annotations

import json
import pickle

import pytest

from game.engine.board import Position
from game.engine.sides import Column, Side


def test_a_side_is_the_engines_player_number_and_knows_the_other():
    assert (Side.RED, Side.YELLOW) == (1, 2) and Side.RED.other is Side.YELLOW and Side.YELLOW.other is Side.RED
    assert Position().turn is Side.RED and Position().play(3).turn is Side.YELLOW
    with pytest.raises(ValueError):
        Side(0)
    with pytest.raises(ValueError):
        Side(3)


def test_a_column_is_the_engines_index_and_a_person_reads_its_number():
    assert [c.number for c in Column] == [1, 2, 3, 4, 5, 6, 7] and list(Column) == list(range(7))
    assert Column.from_number(4) is Column.FOUR == 3 and Column(6) is Column.SEVEN
    for bad in (0, 8, -1):
        with pytest.raises(ValueError, match="a column is 1 to 7"):
            Column.from_number(bad)
    for bad in (7, -1):
        with pytest.raises(ValueError):
            Column(bad)


def test_both_travel_as_ints_in_json_and_pickles_and_read_as_made():
    assert json.dumps([Side.YELLOW, Column.FOUR]) == "[2, 3]"
    assert pickle.loads(pickle.dumps((Side.RED, Column.TWO))) == (Side.RED, Column.TWO)
    assert repr(Column(3)) == "Column(3)" and repr(Side.RED) == "Side.RED"
    assert Position().play(Column.FOUR) == Position().play(3)

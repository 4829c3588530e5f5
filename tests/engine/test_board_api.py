"""Out-of-range arguments to the board's query methods get clear, specific errors."""

import pytest

from game.engine.board import ColumnOutOfRangeError, Position


@pytest.mark.parametrize("col", [-1, 7, 100])
def test_column_queries_out_of_range(col: int) -> None:
    pos = Position.from_moves("44")
    with pytest.raises(ColumnOutOfRangeError, match=f"column index {col} is out of range"):
        pos.height(col)
    with pytest.raises(ColumnOutOfRangeError, match=f"column index {col} is out of range"):
        pos.cell(col, 0)


@pytest.mark.parametrize("row", [-1, 6])
def test_row_out_of_range(row: int) -> None:
    with pytest.raises(ValueError, match=f"row index {row} is out of range; rows are 0-5"):
        Position().cell(0, row)


def test_in_range_queries_still_answer() -> None:
    pos = Position.from_moves("44")
    assert (pos.height(3), pos.cell(3, 0), pos.cell(3, 1), pos.cell(3, 2)) == (2, 1, 2, 0)

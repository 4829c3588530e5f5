"""Board tests: the bitboard Position against the 2-D list reference board.

Covers parse/print of move strings, legal moves, play, winning moves,
winner, draw, game over, mirror, winning cells, and the specific exceptions (with
messages that name the problem) for every kind of illegal input.
"""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.engine.board import (
    HEIGHT,
    WIDTH,
    ColumnFullError,
    ColumnOutOfRangeError,
    GameOverError,
    MoveError,
    NotationError,
    Position,
    format_moves,
    parse_moves,
)

try:
    from reference_board import RefBoard, RefError, random_game, ref_parse
except ImportError:  # pragma: no cover - tests run as a package
    from tests.reference_board import RefBoard, RefError, random_game, ref_parse

ERROR_CLASS = {
    "range": ColumnOutOfRangeError,
    "full": ColumnFullError,
    "over": GameOverError,
    "notation": NotationError,
}


def names_number(msg: str, n: int) -> bool:
    """Does ``msg`` mention the number n on its own (not inside "1-7" or a longer number)?"""
    return re.search(rf"(?<![\d-]){n}(?![\d])", msg) is not None


def assert_same(pos: Position, ref: RefBoard) -> None:
    """Every observable of ``pos`` equals the reference board's."""
    where = f"after {ref!r}"
    fours = ref.fours()
    winner = ref.grid[fours[0][0][0]][fours[0][0][1]] if fours else None
    full = ref.is_full()
    over = full or winner is not None
    open_cols = [c for c in range(WIDTH) if ref.grid[c][HEIGHT - 1] == 0]
    assert pos.moves == ref.moves, where
    assert pos.turn == ref.turn, where
    for c in range(WIDTH):
        assert pos.height(c) == ref.height(c), where
        for r in range(HEIGHT):
            assert pos.cell(c, r) == ref.grid[c][r], f"{where}: cell {(c, r)}"
    assert pos.winner() == winner, where
    assert pos.is_draw() == (full and winner is None), where
    assert pos.is_over() == over, where
    assert list(pos.legal_moves()) == ([] if over else open_cols), where
    for c in range(-1, WIDTH + 1):
        assert pos.can_play(c) == (c in open_cols), f"{where}: can_play({c})"
    if not over:  # after the end: test_is_winning_move_false_after_game_over
        for c in range(WIDTH):
            expected = c in open_cols and ref.completes_four(c)
            assert pos.is_winning_move(c) == expected, f"{where}: is_winning_move({c})"
    assert pos.winning_cells() == frozenset(cell for w in fours for cell in w), where


def apply_both(pos: Position, ref: RefBoard, col: int) -> Position:
    """Play ``col`` on both boards; an illegal move must raise the matching error on both."""
    try:
        ref.play(col)
    except RefError as e:
        with pytest.raises(ERROR_CLASS[e.kind]) as info:
            pos.play(col)
        assert str(info.value), "error without a message"
        return pos
    return pos.play(col)


# ------------------------------------------------------------ differential
@settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.integers(min_value=-1, max_value=7), max_size=60))
def test_random_move_sequences_match_reference(cols):
    # Out-of-range columns, full columns and moves after the end are all in the mix.
    pos, ref = Position(), RefBoard()
    for col in cols:
        pos = apply_both(pos, ref, col)
    assert_same(pos, ref)
    assert Position.from_moves(ref.history) == pos
    assert Position.from_moves(format_moves(ref.history)) == pos


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from([2, 3, 3, 4]), min_size=6, max_size=40))
def test_crowded_centre_sequences_match_reference(cols):
    # Only three columns: they fill up quickly, so full-column errors and vertical /
    # diagonal wins in the middle are frequent.
    pos, ref = Position(), RefBoard()
    for col in cols:
        pos = apply_both(pos, ref, col)
        assert_same(pos, ref)


def test_thousands_of_random_games_step_by_step():
    rng = random.Random(20261121)
    outcomes = {"win1": 0, "win2": 0, "draw": 0}
    for _ in range(500):
        pos = Position()
        for ref in random_game(rng):
            if ref.history:
                pos = pos.play(ref.history[-1])
            assert_same(pos, ref)
        if ref.winner():
            outcomes[f"win{ref.winner()}"] += 1
        else:
            outcomes["draw"] += 1
        with pytest.raises(GameOverError):
            pos.play(0)
    assert outcomes["win1"] > 0 and outcomes["win2"] > 0


# Full-board draws, generated with reference_board.drawn_game (seed 7) and re-checked below.
DRAWN_GAMES = [
    "251534155311616247273454344272337757216666", "732441617556325455171346611757736426324322",
    "273262446125453274333742314117517556667651", "223171545114355444554727336271766627126633",
    "276662431721166342116457757334523443255157", "651664371732677266441173172133443242552555",
    "444121464435532313336512255211275777676676", "462345641262122525556673313461474571177733",
    "337143533662132567665441655511177442222477", "175467217156671224454144236532332753531766",
    "255656647635313365671544422213211341477727", "146772453756523224216647657133454267111533",
]


@pytest.mark.parametrize("moves", DRAWN_GAMES)
def test_drawn_games_match_reference(moves):
    ref = RefBoard.from_moves(moves)
    assert ref.is_draw()
    pos = Position()
    for i, c in enumerate(ref.history):
        pos = pos.play(c)
        assert_same(pos, RefBoard.from_cols(ref.history[: i + 1]))
    assert pos.is_draw() and pos.is_over() and pos.winner() is None
    assert pos.legal_moves() == () and pos.winning_cells() == frozenset()
    assert pos.moves == WIDTH * HEIGHT
    for c in range(WIDTH):
        with pytest.raises((GameOverError, ColumnFullError)):
            pos.play(c)
        assert not pos.can_play(c) and not pos.is_winning_move(c)


def test_win_with_the_last_cell_is_a_win_not_a_draw():
    # Yellow's 21st disc fills the board AND completes four: a win, not a draw.
    moves = "555753451726256216311116243424462433737776"
    ref = RefBoard.from_moves(moves)
    assert ref.is_full() and ref.winner() == 2
    before = Position.from_moves(moves[:-1])
    assert before.is_winning_move(5) and before.legal_moves() == (5,)
    pos = before.play(5)
    assert_same(pos, ref)
    assert pos.winner() == 2 and not pos.is_draw() and pos.is_over()
    with pytest.raises(GameOverError):
        pos.play(0)


# --------------------------------------------------------- move strings
@given(st.lists(st.integers(min_value=0, max_value=6), max_size=80))
def test_format_parse_round_trip(cols):
    text = format_moves(cols)
    assert text == "".join(str(c + 1) for c in cols)
    assert parse_moves(text) == cols
    assert format_moves(parse_moves(text)) == text


def test_parse_examples():
    assert parse_moves("4453") == [3, 3, 4, 2]
    assert parse_moves("") == []
    assert parse_moves("1234567") == list(range(7))
    assert format_moves([3, 3, 4, 2]) == "4453"
    assert format_moves(iter([0, 6])) == "17"
    assert format_moves([]) == ""


@pytest.mark.parametrize(
    "text, bad, index",
    [("44a3", "a", 3), ("x", "x", 1), ("12-3", "-", 3), ("44 53", " ", 3), ("4453é", "é", 5),
     ("1,2", ",", 2)],
)
def test_parse_bad_character_names_it_and_its_position(text, bad, index):
    with pytest.raises(NotationError) as info:
        parse_moves(text)
    msg = str(info.value)
    assert bad in msg or repr(bad) in msg, msg
    assert names_number(msg, index), msg
    assert isinstance(info.value, MoveError) and isinstance(info.value, ValueError)


@pytest.mark.parametrize("text, index", [("40", 2), ("8", 1), ("1239", 4)])
def test_parse_digit_outside_1_to_7_is_rejected(text, index):
    # "0", "8", "9" are digits but not columns: a MoveError that names them and the position.
    with pytest.raises((NotationError, ColumnOutOfRangeError)) as info:
        parse_moves(text)
    msg = str(info.value)
    assert text[index - 1] in msg and names_number(msg, index), msg


@given(st.text(max_size=12))
def test_parse_agrees_with_reference_on_any_text(text):
    text = text.strip()  # surrounding whitespace handling is not specified
    try:
        expected = ref_parse(text)
    except RefError:
        with pytest.raises(MoveError):
            parse_moves(text)
    else:
        assert parse_moves(text) == expected


def test_from_moves_full_column_names_move_index():
    with pytest.raises(ColumnFullError) as info:
        Position.from_moves("4444444")
    msg = str(info.value)
    assert names_number(msg, 7) and "full" in msg.lower(), msg


def test_from_moves_out_of_range_names_move_index():
    with pytest.raises(ColumnOutOfRangeError) as info:
        Position.from_moves([3, 2, 9])
    msg = str(info.value)
    assert names_number(msg, 3) and "range" in msg.lower(), msg


def test_from_moves_after_win_names_move_index():
    # Red wins vertically in column 1 with its 4th disc (move 7); move 8 is illegal.
    assert Position.from_moves("1212121").winner() == 1
    with pytest.raises(GameOverError) as info:
        Position.from_moves("12121212")
    msg = str(info.value)
    assert names_number(msg, 8) and "over" in msg.lower(), msg


def test_from_moves_after_draw_is_game_over():
    with pytest.raises(GameOverError) as info:
        Position.from_moves(DRAWN_GAMES[0] + "1")
    assert names_number(str(info.value), 43)


def test_from_moves_bad_character_is_notation_error():
    with pytest.raises(NotationError) as info:
        Position.from_moves("44b")
    msg = str(info.value)
    assert "b" in msg and names_number(msg, 3), msg


@pytest.mark.parametrize("col", [-1, 7, 100, -8])
def test_play_out_of_range(col):
    with pytest.raises(ColumnOutOfRangeError) as info:
        Position().play(col)
    assert "range" in str(info.value).lower()
    assert not Position().can_play(col)


def test_play_full_column_message():
    pos = Position.from_moves("333333")
    with pytest.raises(ColumnFullError) as info:
        pos.play(2)
    assert "full" in str(info.value).lower() and "3" in str(info.value)


def test_all_errors_are_value_errors():
    for cls in (ColumnOutOfRangeError, ColumnFullError, GameOverError, NotationError):
        assert issubclass(cls, MoveError) and issubclass(cls, ValueError)


# -------------------------------------------------------- the value type
def test_empty_position():
    pos = Position()
    assert pos == Position.from_moves("") == Position.from_moves([])
    assert pos.moves == 0 and pos.turn == 1
    assert pos.legal_moves() == tuple(range(7))
    assert pos.winner() is None and not pos.is_draw() and not pos.is_over()
    assert pos.winning_cells() == frozenset()
    assert all(pos.height(c) == 0 for c in range(WIDTH))


def test_position_is_immutable_and_play_returns_new_value():
    pos = Position.from_moves("44")
    with pytest.raises(AttributeError):
        pos.moves = 5  # type: ignore[misc]
    nxt = pos.play(2)
    assert pos == Position.from_moves("44") and nxt != pos
    assert nxt.cell(2, 0) == 1 and pos.cell(2, 0) == 0
    assert hash(pos) == hash(Position.from_moves("44"))


def test_transpositions_are_equal_with_equal_keys():
    a = Position.from_moves("123")
    b = Position.from_moves("321")
    assert a == b and a.key() == b.key()
    assert Position.from_moves("12") != Position.from_moves("21")


def test_keys_are_unique_over_random_positions():
    rng = random.Random(5)
    seen: dict[int, tuple] = {}
    for _ in range(300):
        pos = Position()
        for ref in random_game(rng):
            if ref.history:
                pos = pos.play(ref.history[-1])
            grid = tuple(tuple(col) for col in ref.grid)
            assert seen.setdefault(pos.key(), grid) == grid, f"key collision at {ref!r}"
    assert len(seen) > 3000


def test_mirror_matches_reference():
    rng = random.Random(11)
    for _ in range(200):
        pos = Position()
        for ref in random_game(rng):
            if ref.history:
                pos = pos.play(ref.history[-1])
        m, rm = pos.mirror(), ref.mirror()
        assert_same(m, rm)
        assert m == Position.from_moves([6 - c for c in ref.history])
        assert m.mirror() == pos
        assert m.key() == Position.from_moves(rm.history).key()


def test_mirror_of_symmetric_position_is_itself():
    pos = Position.from_moves("335544")
    assert pos.mirror() == pos
    assert Position.from_moves("1").mirror() == Position.from_moves("7")


# ----------------------------------------------------------- wins by hand
def test_winning_cells_horizontal():
    pos = Position.from_moves("1122334")
    assert pos.winner() == 1
    assert pos.winning_cells() == {(0, 0), (1, 0), (2, 0), (3, 0)}


def test_winning_cells_five_in_a_row():
    # Red has columns 1,2,4,5 on the bottom row and fills the gap at 3: five cells.
    pos = Position.from_moves("112244553")
    assert pos.winner() == 1
    assert pos.winning_cells() == {(c, 0) for c in range(5)}


def test_winning_cells_two_lines_at_once():
    # Red's last disc at (3,0) completes the bottom row (0..3, 0) and the diagonal
    # (3,0),(4,1),(5,2),(6,3) at once: 7 distinct cells. Yellow's discs prop the diagonal up.
    ref = RefBoard()
    for c in [0, 4, 1, 5, 4, 5, 5, 6, 2, 6, 0, 6, 6, 0]:
        ref.play(c)
        assert ref.winner() is None
    assert ref.is_winning_move(3)
    ref.play(3)
    assert len(ref.fours()) == 2
    pos = Position.from_moves(ref.history)
    assert pos.winner() == 1
    assert pos.winning_cells() == {(0, 0), (1, 0), (2, 0), (3, 0), (4, 1), (5, 2), (6, 3)}


def test_vertical_and_diagonal_wins_for_yellow():
    pos = Position.from_moves("1212121")  # red vertical in column 1
    assert pos.winning_cells() == {(0, r) for r in range(4)}
    pos = Position.from_moves("71212121")  # yellow vertical in column 1
    assert pos.winner() == 2
    assert pos.winning_cells() == {(0, r) for r in range(4)}
    # Yellow diagonal \ : (3,0),(2,1),(1,2),(0,3)
    ref = RefBoard()
    for c in [6, 3, 2, 2, 1, 1, 0, 1, 0, 0, 6, 0]:
        ref.play(c)
    assert ref.winner() == 2
    pos = Position.from_moves(ref.history)
    assert pos.winner() == 2
    assert pos.winning_cells() == {(3, 0), (2, 1), (1, 2), (0, 3)}


def test_is_winning_move_ignores_full_and_out_of_range_columns():
    pos = Position.from_moves("121212")
    assert pos.is_winning_move(0)
    assert not any(pos.is_winning_move(c) for c in range(1, 7))
    full = Position.from_moves("111111")
    assert not full.is_winning_move(0)


def test_is_winning_move_false_after_game_over():
    # Yellow has just won on row 1; Red "would" complete row 2 with column 3, but no move
    # can be played any more (play raises GameOverError), so no move is a winning move.
    pos = Position.from_moves("441242211133")
    assert pos.winner() == 2 and pos.is_over()
    with pytest.raises(GameOverError):
        pos.play(2)
    assert [c for c in range(WIDTH) if pos.is_winning_move(c)] == []


def test_str_is_ascii_art_of_the_board():
    # X is the first player (red), O the second, whoever is to move; row 0 at the bottom.
    assert str(Position.from_moves("4453")) == (
        ". . . . . . .\n"
        ". . . . . . .\n"
        ". . . . . . .\n"
        ". . . . . . .\n"
        ". . . O . . .\n"
        ". . O X X . .\n"
        "1 2 3 4 5 6 7"
    )
    assert str(Position()).splitlines()[:HEIGHT] == [" ".join("." * 7)] * HEIGHT




def test_non_losing_moves_match_playing_them_out():
    # A column is in non_losing_moves exactly when, after playing it, the opponent cannot win
    # at once -- checked on the reference board, in positions where the mover has no win to take.
    from game.engine.board import COLUMN_MASKS, non_losing_moves, winning_cells_mask

    rng = random.Random(7)
    seen = {"none": 0, "forced": 0, "some": 0}
    for _ in range(60):
        for ref in random_game(rng):
            if ref.is_over() or any(ref.is_winning_move(c) for c in ref.legal_moves()):
                continue
            safe = set()
            for c in ref.legal_moves():
                ref.play(c)
                if not any(ref.is_winning_move(d) for d in ref.legal_moves()):
                    safe.add(c)
                ref.undo()
            pos = Position.from_moves(format_moves(ref.history))
            bits = non_losing_moves(pos.mask, winning_cells_mask(pos.current ^ pos.mask, pos.mask))
            assert {c for c in range(7) if bits & COLUMN_MASKS[c]} == safe, ref.history
            seen["none" if not safe else "forced" if len(safe) == 1 else "some"] += 1
    assert min(seen.values()) >= 5, seen

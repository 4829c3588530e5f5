"""A peer's illegal move: the reason sent back on the wire stays English (the other program reads
it), the player here reads it in the language in use; this side's own refused move is said in it."""

from __future__ import annotations

import pytest

from game import i18n
from game.engine.sides import Column
from game.net.match import Match, Refused, Violation
from game.net.protocol import Move


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.set_language(i18n.ENGLISH)


def match_after(moves: str) -> Match:
    """This side plays yellow; the moves alternate from red's, as the other side sent them."""
    match = Match("0123456789abcdef", 2, "0" * 32)
    match.moves = [int(ch) - 1 for ch in moves]
    return match


def test_a_peers_move_into_a_full_column_is_english_on_the_wire_and_german_here():
    i18n.set_language("de")
    match = match_after("11111123")              # red (the other side) to move, column 1 full
    with pytest.raises(Violation) as caught:
        match.remote_move(Move(Column(0), 9))
    assert str(caught.value) == "column 1 is full"
    assert caught.value.words == "Spalte 1 ist voll"
    assert len(match.moves) == 8                # the game is kept as it was


def test_this_sides_move_into_a_full_column_is_refused_in_french():
    i18n.set_language("fr")
    match = match_after("1111112")               # yellow (this side) to move, column 1 full
    with pytest.raises(Refused) as caught:
        match.local_move(0)
    assert str(caught.value) == "la colonne 1 est pleine"

"""Illegal moves and bad move strings: the engine keeps the facts (the column, the bad character,
the move's number), ``str()`` is the English line for logs, and ``move_error_text`` says them in
the language in use."""

from __future__ import annotations

import pickle

import pytest

from game import i18n
from game.engine.board import (ColumnFullError, ColumnOutOfRangeError, GameOverError, MoveError, NotationError,
                               Position)
from game.words.move_errors import move_error_text


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.set_language(i18n.ENGLISH)


def refused(moves) -> MoveError:
    with pytest.raises(MoveError) as caught:
        Position.from_moves(moves)
    return caught.value


def refused_move(pos: Position, col: object) -> MoveError:
    with pytest.raises(MoveError) as caught:
        pos.play(col)  # type: ignore[arg-type]
    return caught.value


FULL = Position.from_moves("444444")
OVER = Position.from_moves("1212121")


def test_each_error_keeps_its_facts():
    full = refused("4444444")
    assert isinstance(full, ColumnFullError) and (full.column, full.move) == (3, 7)
    bad = refused("44x3")
    assert isinstance(bad, NotationError) and (bad.character, bad.move) == ("x", 3)
    over = refused_move(OVER, 2)
    assert isinstance(over, GameOverError) and (over.column, over.move) == (2, None)
    out = refused_move(Position(), 7)
    assert isinstance(out, ColumnOutOfRangeError) and (out.column, out.move) == (7, None)


@pytest.mark.parametrize("error, english, german, french", [
    (lambda: refused_move(FULL, 3), "column 4 is full", "Spalte 4 ist voll", "la colonne 4 est pleine"),
    (lambda: refused("4444444"), "move 7: column 4 is full", "Zug 7: Spalte 4 ist voll",
     "coup 7 : la colonne 4 est pleine"),
    (lambda: refused("44x3"), "move 3: 'x' is not a column; a move string uses only the digits 1-7",
     "Zug 3: 'x' ist keine Spalte; eine Zugfolge besteht nur aus den Ziffern 1-7",
     "coup 3 : 'x' n'est pas une colonne ; une suite de coups n'utilise que les chiffres 1 à 7"),
    (lambda: refused_move(OVER, 2), "column 3: the game is already over", "Spalte 3: die Partie ist schon vorbei",
     "colonne 3 : la partie est déjà terminée"),
    (lambda: GameOverError(), "the game is already over", "die Partie ist schon vorbei", "la partie est déjà terminée"),
    (lambda: refused_move(Position(), 7), "column 8 is out of range; columns are 1-7",
     "Spalte 8 gibt es nicht; die Spalten sind 1-7", "la colonne 8 n'existe pas ; les colonnes vont de 1 à 7"),
])
def test_each_error_in_english_german_and_french(error, english, german, french):
    exc = error()
    assert str(exc) == english == move_error_text(exc)
    i18n.set_language("de")
    assert move_error_text(exc) == german
    assert str(exc) == english            # the log's line stays English
    i18n.set_language("fr")
    assert move_error_text(exc) == french


def test_a_control_character_is_shown_escaped_in_every_language():
    exc = refused("4\x1b[2J")
    i18n.set_language("de")
    text = move_error_text(exc)
    assert text.startswith("Zug 2: '\\x1b' ist keine Spalte") and text.isprintable()


def test_the_facts_survive_a_copy_between_processes():
    """A search process sends an illegal move's error back pickled: its facts come with it."""
    for exc in (refused("4444444"), refused("44x3"), refused_move(OVER, 2), refused_move(Position(), -1),
                MoveError("a message")):
        back = pickle.loads(pickle.dumps(exc))
        assert type(back) is type(exc) and vars(back) == vars(exc) and str(back) == str(exc)

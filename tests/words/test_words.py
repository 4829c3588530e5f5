"""The words layer: the engine states facts (sides as indexes, cells, columns, counts), and
``game.words`` words them in the language in use when they are shown."""

from __future__ import annotations

import pytest

from game import i18n
from game.engine.board import Position
from game.engine.claims import FillsUnder, InsteadKept, LeftOpen
from game.engine.explain import Kind, explain_move
from game.engine.grades import Grade, Practice, advice
from game.engine.solver import Solver
from game.engine.threats import Cell
from game.engine.verdicts import Verdict
from game.words.explanations import cell_text, explanation_text
from game.words.judgements import advice_text, grade_count, grade_word, verdict_word
from game.words.outcomes import distance_text, or_list

UNDER = ("33335154642215312535526626", 4)      # Red fills the cell under Yellow's winning cell
MISSED_BLOCK = ("7555747", 5)                 # Red leaves Yellow's threat in column 7 open


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.set_language(i18n.ENGLISH)


@pytest.fixture(scope="module")
def solver() -> Solver:
    return Solver(table_mb=16)


def explained(case, solver):
    moves, col = case
    found = explain_move(Position.from_moves(moves), col - 1, solver)
    assert found is not None
    return found


def test_the_engine_states_facts_with_the_sides_as_indexes(solver):
    under = explained(UNDER, solver)
    assert under.kind is Kind.AT_ONCE and under.facts == (FillsUnder(0, Cell(3, 3)),)
    block = explained(MISSED_BLOCK, solver)
    assert block.facts == (LeftOpen(0, Cell(6, 3)), InsteadKept(6, 1, False))      # Yellow moved


def test_one_explanation_is_worded_in_the_language_in_use_and_with_the_names_given(solver):
    block = explained(MISSED_BLOCK, solver)
    english = explanation_text(block)
    assert english == ("Red threatened column 7, fourth row from the bottom, and this move does not block it: "
                       "Red wins there at once. Column 7 instead kept Yellow's win.")
    assert explanation_text(block, ("Ann", "Bo")) == english.replace("Red", "Ann").replace("Yellow", "Bo")
    i18n.set_language("de")
    assert explanation_text(block) == ("Rot drohte auf Spalte 7, vierte Reihe von unten, und dieser Zug blockiert das "
                                       "nicht: Rot gewinnt dort sofort. Spalte 7 hätte stattdessen den Sieg von Gelb "
                                       "gehalten.")
    i18n.set_language("pt_BR")
    assert explanation_text(block).startswith("Vermelho ameaçava em coluna 7, quarta linha de baixo para cima")


def test_counts_take_each_languages_plural_form():
    assert [grade_count(Grade.MISTAKE, n) for n in (0, 1, 2)] == ["0 mistakes", "1 mistake", "2 mistakes"]
    i18n.set_language("fr")                       # French counts 0 as singular
    assert [grade_count(Grade.MISTAKE, n) for n in (0, 1, 2)] == ["0 erreur", "1 erreur", "2 erreurs"]
    i18n.set_language("de")
    assert [grade_count(Grade.MISTAKE, n) for n in (0, 1, 2)] == ["0 Fehler", "1 Fehler", "2 Fehler"]
    assert distance_text(-18, 4) == "verliert in 2 Zügen von Gelb"


def test_grades_and_verdicts_keep_english_keys_and_are_worded_apart():
    i18n.set_language("es")
    assert Grade.BLUNDER.value == "blunder" and grade_word(Grade.BLUNDER) == "error grave"
    assert Verdict.MISSED_BLOCK.value == "missed block" and verdict_word(Verdict.MISSED_BLOCK) == "bloqueo fallado"
    assert cell_text(Cell(0, 5)) == "columna 1, fila de arriba"
    assert or_list(["3", "5"]) == "3 o 5"


def test_the_advice_is_a_fact_then_a_sentence():
    verdicts = [Verdict.UNDER_THREAT, Verdict.MISSED_BLOCK, Verdict.MISSED_BLOCK]
    assert advice(verdicts) == Practice(Verdict.MISSED_BLOCK, 2)
    assert advice([Verdict.DEEP]) == Practice(None, 1) and advice([]) is None
    i18n.set_language("fr")
    assert advice_text(verdicts).startswith("2 menaces non bloquées : ")

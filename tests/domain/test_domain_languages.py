"""What a person types wrong (a player spec, an address, a level's name) and the ranges the tools
accept are said in the language in use; the rules themselves are the same in every language."""

from __future__ import annotations

import argparse

import pytest

from game import i18n
from game.config import ranges
from game.domain.address import parse_address
from game.domain.levels import DEFAULT_LEVELS, find_level
from game.domain.names import clean_level_name, level_name_problem, level_name_problem_words
from game.domain.players import parse_player_spec
from game.tools.numbers import number


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.set_language(i18n.ENGLISH)


def problem(call, *args) -> str:
    with pytest.raises((ValueError, KeyError)) as caught:
        call(*args)
    return str(caught.value.args[0])


@pytest.mark.parametrize("language, spec, words", [
    ("en", "Hardest", "unknown player 'Hardest': use human, ai, ai:DEPTH (DEPTH 1-20)"),
    ("de", "Hardest", "unbekannter Spieler 'Hardest': verwende human, ai, ai:TIEFE (TIEFE 1-20)"),
    ("fr", "Hardest", "joueur inconnu 'Hardest' : utilise human, ai, ai:PROFONDEUR (PROFONDEUR 1-20)"),
    ("de", "ai:0", "ungültiger Spieler 'ai:0': Tiefe 0 liegt außerhalb des Bereichs; die Tiefe muss 1–20 sein"),
    ("fr", "ai:x", "joueur invalide 'ai:x' : la profondeur 'x' n'est pas un nombre entier"),
    ("de", "Hard:", "ungültiger Spieler 'Hard:': nichts nach einem ':'"),
    ("fr", "ai:3:nope", "joueur invalide 'ai:3:nope' : heuristique inconnue 'nope' ; heuristiques : "),
])
def test_a_bad_player_spec_says_what_is_accepted_in_the_language(language, spec, words):
    i18n.set_language(language)
    said = problem(parse_player_spec, spec)
    assert said.startswith(words), said
    assert "Beginner" in said or "heuristi" in said.lower() or "Tiefe" in said or "profondeur" in said


@pytest.mark.parametrize("language, text, words", [
    ("de", "", "gib die Adresse des anderen Computers ein, z. B. 192.168.1.20 oder 192.168.1.20:7444"),
    ("fr", "host:99999", "le port doit être un nombre de 1024 à 65535"),
    ("de", "[::1]x", "eine IPv6-Adresse mit Port schreibt man [Adresse]:Port"),
    ("fr", "bad_host!", "'bad_host!' n'est ni une adresse IP ni un nom d'hôte"),
])
def test_a_bad_address_is_said_in_the_language(language, text, words):
    i18n.set_language(language)
    assert problem(parse_address, text, 7444) == words


def test_an_unknown_level_is_said_in_the_language():
    i18n.set_language("de")
    assert problem(find_level, DEFAULT_LEVELS, "Hardest").startswith("keine Stufe namens 'Hardest'; Stufen: Beginner")


@pytest.mark.parametrize("language, allowed, words", [
    ("en", ranges.TABLE_MB, "1 to 4096 MB"),
    ("de", ranges.TABLE_MB, "1 bis 4096 MB"),
    ("en", ranges.SECONDS_PER_MOVE, "more than 0 and at most 3600 seconds"),
    ("de", ranges.SECONDS_PER_MOVE, "mehr als 0 und höchstens 3600 Sekunden"),
    ("fr", ranges.DISCOUNT, "de 0 à moins de 1"),
])
def test_a_range_is_said_once_in_the_language_for_the_tools(language, allowed, words, capsys):
    i18n.set_language(language)
    assert allowed.words() == words
    with pytest.raises(argparse.ArgumentTypeError) as caught:
        number(allowed)("99999")
    assert str(caught.value).endswith(words)


def test_a_bad_name_is_said_in_the_language_and_stays_english_for_the_wire():
    i18n.set_language("fr")
    assert level_name_problem("ai") == "'ai' is a kind of player"          # the network's reasons, the logs
    assert level_name_problem_words("ai") == "'ai' est un type de joueur"
    assert level_name_problem_words("a:b").startswith("il contient ':'")
    i18n.set_language("de")
    assert problem(clean_level_name, "   ") == (
        "kein Stufenname: er ist leer; ein Stufenname hat 1 bis 30 Buchstaben, Ziffern, Leerzeichen oder eines "
        "von _.-'()+&#!?, (kein ':'), nicht human oder ai")
    assert level_name_problem_words("Hard") is None and clean_level_name(" Hard ") == "Hard"

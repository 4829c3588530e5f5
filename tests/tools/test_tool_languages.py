"""The command-line tools in the user's language: help, errors, reports and progress lines in
German and French, argparse's own words included, and every word of their output through gettext
(the pseudo-locale brackets each line a person reads; data stays as it is)."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from game import i18n
from game.tools import analyze, bench, early_book, practice, puzzles, puzzles_build
from game.tools.arena import arena_cli
from game.tools.arena.accuracy import AccuracyRecord, AccuracyResult
from game.tools.arena.arena_match import GameRecord, MatchResult
from game.tools.arena.elo import wdl_elo
from game.tools.arena.pool import Progress
from game.tools.move_input import read_lines
from game.tools.rules_player import RulePlayer
from game.tools.tail import tool_entry
from game.tools.tool_parser import argparse_message
from game.engine.board import Position

ROOT = Path(__file__).resolve().parents[2]
TOOLS = {"analyze": analyze.main, "practice": practice.main, "puzzles": puzzles.main, "arena": arena_cli.main,
         "bench": bench.main, "early_book": early_book.main, "puzzles_build": puzzles_build.main}


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.set_language(i18n.ENGLISH)


def said(main, argv: list[str], capsys) -> tuple[int, str, str]:
    """(exit status, stdout, stderr) of a tool's ``main``, argparse's exits included."""
    try:
        status = main(argv)
    except SystemExit as exit_:
        status = exit_.code
    out, err = capsys.readouterr()
    return status, out, err


def run(module: str, *args: str, language: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "LANGUAGE": language,
           "CONNECT4_HOME": tempfile.mkdtemp(prefix="c4-languages-")}
    return subprocess.run([sys.executable, "-m", module, *args], input=stdin, capture_output=True, text=True,
                          env=env, cwd=tempfile.mkdtemp(prefix="c4-languages-"), timeout=120)


# -- German and French ---------------------------------------------------------------------------

def test_the_help_of_analyze_is_french_with_argparse_words_and_all(capsys):
    result = run("game.analyze", "--help", language="fr")
    assert result.returncode == 0
    assert result.stdout.startswith("utilisation : python -m game.analyze")
    for words in ("Évalue des positions de Puissance 4", "afficher cette aide et quitter", "recherche heuristique",
                  "sortie, une ligne par position", "MOVES SCORE BEST NODES MICROSECONDS"):
        assert words in result.stdout, words
    for english in ("usage:", "show this help", "Score Connect Four", "output, one line", "heuristic search to"):
        assert english not in result.stdout, english


def test_analyze_says_what_is_wrong_with_a_line_in_german():
    result = run("game.analyze", "--depth", "2", language="de", stdin="4453\n44x\n" + "4" * 300 + "\n")
    assert result.returncode == 1
    assert result.stdout.split()[0] == "4453"                       # data: the move string, the numbers
    lines = result.stderr.splitlines()
    assert lines[0].startswith("Zeile 2: 44x: ") and "Zeile 3: länger als 256 Bytes, also keine Stellung" in lines[1]
    assert lines[1].endswith("; übersprungen")
    assert not any(w in result.stderr for w in ("line ", "skipped", "longer than"))


@pytest.mark.parametrize(("language", "expected", "english"), [
    ("de", "Argument --depth: 0 liegt außerhalb des Bereichs; erlaubt: 1 bis 42", "out of range"),
    ("fr", "argument --depth : 0 est hors limites ; utilise 1 à 42", "out of range"),
])
def test_a_bad_option_is_said_in_the_language_with_argparse_prefixes(language, expected, english, capsys):
    i18n.set_language(language)
    status, _out, err = said(analyze.main, ["--depth", "0"], capsys)
    assert status == 2 and expected in err and english not in err
    assert err.startswith(i18n._("usage: ")) and "error:" not in err


@pytest.mark.parametrize("language", ["de", "fr"])
def test_argparse_own_errors_are_translated(language, capsys):
    i18n.set_language(language)
    _status, _out, err = said(puzzles.main, ["--kind", "nope"], capsys)
    assert {"de": "ungültige Wahl: 'nope'", "fr": "choix invalide : 'nope'"}[language] in err
    _status, _out, err = said(puzzles.main, ["--bogus"], capsys)
    assert {"de": "unbekannte Argumente: --bogus", "fr": "arguments non reconnus : --bogus"}[language] in err
    _status, _out, err = said(puzzles.main, ["--count"], capsys)
    assert {"de": "ein Wert erwartet", "fr": "une valeur attendue"}[language] in err
    assert not any(w in err for w in ("invalid choice", "unrecognized", "expected one"))


def test_argparse_message_keeps_an_unknown_sentence_and_translates_inside_an_argument():
    i18n.set_language("de")
    assert argparse_message("something argparse may say one day") == "something argparse may say one day"
    assert argparse_message("argument --kind: invalid choice: 'x' (choose from 'win', 'draw')") == \
        "Argument --kind: ungültige Wahl: 'x' (zur Wahl: 'win', 'draw')"
    assert argparse_message("the following arguments are required: FILE") == "diese Argumente fehlen: FILE"


@pytest.mark.parametrize(("language", "words"), [
    ("de", ["gib gespeicherte Partien an oder --due (nicht beides)", "--player geht mit --due oder --keep",
            "ist kein Spielername: 1 bis"]),
    ("fr", ["donne des parties enregistrées, ou --due (pas les deux)", "--player va avec --due ou --keep",
            "n'est pas un nom de joueur : 1 à"]),
])
def test_practice_errors_in_the_language(language, words, capsys):
    i18n.set_language(language)
    errors = [said(practice.main, argv, capsys)[2] for argv in ([], ["x.c4save", "--player", "Ann"],
                                                                 ["--due", "--player", "@@@"])]
    for word, err in zip(words, errors):
        assert word in err, (word, err)
    assert not any("saved games" in e or "goes with" in e or "player's name" in e for e in errors)


@pytest.mark.parametrize(("language", "words"), [
    ("de", ["Spieler 'human': ein Mensch kann nicht in der Arena spielen", "ein Wettkampf braucht zwei Spieler",
            "Spieler 'ai,temp=x': Option temp: 'x' ist keine Zahl"]),
    ("fr", ["joueur 'human' : un humain ne peut pas jouer dans l'arène", "un match demande deux joueurs",
            "joueur 'ai,temp=x' : option temp : 'x' n'est pas un nombre"]),
])
def test_arena_errors_in_the_language(language, words, capsys):
    i18n.set_language(language)
    errors = [said(arena_cli.main, argv, capsys)[2] for argv in (["human", "ai"], ["ai"], ["ai,temp=x", "ai"])]
    for word, err in zip(words, errors):
        assert word in err, (word, err)
    assert not any("player '" in e or "needs two players" in e for e in errors)


def _match() -> MatchResult:
    scores = [1, 0, 1, 0.5, 1, 1, 0.5, 0.5] * 3
    records = tuple(GameRecord(i, "44", i % 2 == 0, "44", 0, s, 10, 1.5, 10, 3.0) for i, s in enumerate(scores))
    return MatchResult("A", "B", "A", "B", 1, 2, records)


def test_a_match_report_in_german_counts_and_writes_numbers_as_german_does():
    i18n.set_language("de")
    text = _match().text()
    assert "24 Partien (12 Eröffnungen x 2 Farben), Seed 1, 2 Prozesse" in text
    assert "Ergebnis 68,8 %   (als Rot 87,5 %, als Gelb 50,0 %)" in text
    assert "Elo-Differenz A - B: +" in text and "(95 %)" in text
    assert "mittlere Zeit pro Zug: A 0,150 s, B 0,300 s" in text
    assert not any(w in text for w in ("games", "score", "mean time", "as red"))
    tiny = wdl_elo(2, 0, 2).text(pairs=True)
    assert tiny == ("nicht messbar: die Stichprobe ist zu klein (4 Partienpaare mit getauschten Farben; "
                    "mindestens 10 nötig)")


def test_an_accuracy_table_in_french_keeps_its_columns_lined_up():
    i18n.set_language("fr")
    records = tuple(AccuracyRecord("end", f"4{i}", 0, 1, 1 if i % 3 else 0, 0.25) for i in range(1, 7))
    lines = AccuracyResult("ai:4", "ai:4 (profondeur 4)", 1, 1, records).text().splitlines()
    assert lines[0] == "précision de ai:4 (profondeur 4), graine 1, 1 processus"
    head, row = lines[1], lines[2]
    assert head.split()[:3] == ["jeu", "positions", "optimaux"] and "temps/coup" in head
    assert len(head) == len(row) and row.startswith("end ") and "66,7 %" in row and row.endswith("0,250 s")


def test_progress_lines_and_the_tail_in_german(capsys):
    i18n.set_language("de")
    stream = io.StringIO()
    bar = Progress(2, i18n._("games"), stream=stream)
    bar.update()
    bar.update()
    bar.close()
    assert "Partien [" in stream.getvalue() and "noch 0s" in stream.getvalue()
    assert stream.getvalue().splitlines()[-1].startswith("Partien: 2/2 fertig in ")

    @tool_entry("demo")
    def interrupted(argv=None) -> int:
        raise KeyboardInterrupt

    @tool_entry("demo", "cannot write the results")
    def full(argv=None) -> int:
        raise OSError(28, "No space left on device")

    assert interrupted() == 130 and capsys.readouterr().err.strip() == "demo: unterbrochen"
    assert full() == 1
    assert capsys.readouterr().err.startswith("demo: die Ergebnisse können nicht geschrieben werden: ")


def test_input_problems_and_the_rule_player_in_french():
    i18n.set_language("fr")
    got = list(read_lines(io.BytesIO("4453\n44\xe9\n".encode("latin-1"))))
    assert got[1][2] == "l'octet 0xe9 en position 3 n'est pas un coup (les coups sont les chiffres 1-7)"
    with pytest.raises(Exception, match="ligne 2 : données binaires"):
        list(read_lines(io.BytesIO(b"4453\n4\x0044\n")))
    with pytest.raises(ValueError, match="la partie est finie"):
        RulePlayer().choose(Position.from_moves([0, 1, 0, 1, 0, 1, 0]))


def test_bench_headings_and_numbers_in_german(capsys):
    i18n.set_language("de")
    out = io.StringIO()
    bench.exact_table({"Test_L3_R1": 2}, out=out)
    lines = out.getvalue().splitlines()
    assert lines[0].startswith("Exakter Löser, ") and lines[0].endswith("(neue Tabelle pro Stellung)")
    assert lines[2] == ("| Testsatz | Stellungen | Abweichungen | Mittlere Zeit | Mittlere CPU-Zeit | "
                        "Mittlere Knoten | Knoten/s (CPU) |")
    assert re.search(r"\| \d+,\d+ ms \|", lines[4])                   # a German decimal comma
    status, _out, err = said(bench.main, ["--sets", "Nope"], capsys)
    assert status == 2 and "unbekannter Testsatz 'Nope'; zur Wahl: " in err


# -- the pseudo-locale: every word a person reads went through gettext --------------------------

#: What a tool prints that is data, not words: options, metavariables and choices, the command,
#: file names, move strings, JSON.
DATA = re.compile(r"python -m [\w.]+( --\w+)?|-{1,2}[A-Za-z][\w-]*|\b[A-Z][A-Z_0-9]*\b|\{[\w,]+\}|"
                  r"[\w./-]*(c4save|\.txt|\.toml|\.md|\.json)\b|\b(ai|rules|random|window|scoremap|threats|"
                  r"win|draw|end|Test_\w+|Master|Perfect|arena|practice|puzzles|early_book)\b|\bc4solver\b|"
                  r"\be\.g\.|'[^']*'")


def words_outside(text: str) -> list[str]:
    """The lines of ``text`` with letters outside any pseudo-locale message (nesting followed
    across lines: a message wrapped over lines, one message inside another's placeholder), data
    left out."""
    from pseudo import CLOSE, OPEN

    depth, found = 0, []
    for line in text.splitlines():
        outside = []
        for char in line:
            if char == OPEN:
                depth += 1
            elif char == CLOSE:
                depth = max(0, depth - 1)
            elif depth == 0:
                outside.append(char)
        rest = DATA.sub("", "".join(outside))
        if any(c.isalpha() for c in rest):
            found.append(line)
    return found


@pytest.fixture
def pseudo_language():
    from pseudo import CODE, pseudo_translations

    i18n.use_translations(CODE, pseudo_translations())
    yield


@pytest.mark.parametrize("tool", sorted(TOOLS))
def test_every_help_line_went_through_gettext(tool, pseudo_language, capsys):
    status, out, _err = said(TOOLS[tool], ["--help"], capsys)
    assert status == 0 and "⟦" in out
    assert words_outside(out) == []


@pytest.mark.parametrize(("tool", "argv"), [
    ("analyze", ["--depth", "0"]), ("analyze", ["--heuristic", "window"]), ("practice", []),
    ("practice", ["--due", "--side", "red"]), ("puzzles", ["--near", "x"]), ("arena", ["human", "ai"]),
    ("arena", ["ai", "ai", "--games", "0"]), ("bench", ["--depths", "99"]), ("early_book", ["--check", "0"]),
])
def test_every_error_line_went_through_gettext(tool, argv, pseudo_language, capsys):
    status, _out, err = said(TOOLS[tool], argv, capsys)
    assert status == 2 and "⟦" in err
    assert words_outside(err) == []


def test_the_reports_went_through_gettext(pseudo_language):
    records = tuple(AccuracyRecord("end", "41", 0, 1, 1, 0.25) for _ in range(3))
    text = "\n".join([_match().text(), AccuracyResult("ai:4", "ai:4", 1, 2, records).text(),
                      wdl_elo(2, 0, 2).text(), wdl_elo(0, 30, 0).text()])
    out = io.StringIO()
    # the lines refused by the tool itself (a move string the engine refuses is said in the engine's words)
    analyze.run(io.BytesIO(b"4453\n4\xff\n" + b"4" * 300 + b"\n\x00"), io.StringIO(), out, analyze.make_config(
        analyze.build_parser().parse_args(["--depth", "2"]), analyze.build_parser()), columns=False)
    assert words_outside(text + "\n" + out.getvalue()) == []
    assert out.getvalue().count("⟦") >= 3

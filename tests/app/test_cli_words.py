"""The command line in the user's language: --help, --check-config and the argument errors."""

from __future__ import annotations

import io

import pytest

from game import i18n
from game.cli import build_parser, check_config


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.set_language(i18n.ENGLISH)


def test_check_config_speaks_the_language_in_use(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text("[window]\nfps = 1000\n")
    i18n.set_language("de")
    out = io.StringIO()
    assert check_config(str(path), out) == 2
    lines = out.getvalue().splitlines()
    assert lines[0] == f"{path}: 1 Problem"
    assert lines[1] == "  window.fps = 1000 — erlaubt: eine ganze Zahl von 15 bis 240 — die Vorgabe 60 wird genommen"


def test_the_help_and_an_argument_error_speak_the_language_in_use(capsys):
    i18n.set_language("fr")
    parser = build_parser()
    assert "joueur rouge, commence" in parser.format_help()
    with pytest.raises(SystemExit):
        parser.parse_args(["--host", "99999999"])
    assert "n'est pas un numéro de port de 1024 à 65535" in capsys.readouterr().err

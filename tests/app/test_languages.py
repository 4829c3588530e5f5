"""The languages: choosing one, lookups at call time, Babel's formats, the catalogs and their
template, the pseudo-locale and the font (docs/languages.md)."""

from __future__ import annotations

import ast
import gettext
import io
import re
from datetime import date
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from game import i18n

ROOT = Path(__file__).resolve().parents[2]
POT = ROOT / "game" / "locale" / "connect4.pot"
SHIPPED = ("de", "fr", "es", "pt_BR")
PLURALS = {"de": "nplurals=2; plural=(n != 1);", "fr": "nplurals=2; plural=(n > 1);",
           "es": "nplurals=2; plural=(n != 1);", "pt_BR": "nplurals=2; plural=(n > 1);"}


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.set_language(i18n.ENGLISH)


def po_path(code: str) -> Path:
    return ROOT / "game" / "locale" / code / "LC_MESSAGES" / "connect4.po"


def read(path: Path) -> Catalog:
    with path.open("rb") as file:
        return read_po(file)


def translations_of(pairs: dict[str, str]) -> gettext.GNUTranslations:
    catalog = Catalog(locale="de")
    for english, other in pairs.items():
        catalog.add(english, other)
    out = io.BytesIO()
    write_mo(out, catalog)
    out.seek(0)
    return gettext.GNUTranslations(out)


# -- choosing the language ----------------------------------------------------------------------

@pytest.mark.parametrize(("environ", "code"), [
    ({}, "en"),
    ({"LANG": "de_DE.UTF-8"}, "de"),
    ({"LANG": "de_AT.UTF-8"}, "de"),
    ({"LC_MESSAGES": "fr_CA", "LANG": "de_DE"}, "fr"),          # gettext's order: LC_MESSAGES first
    ({"LC_ALL": "es_ES.UTF-8", "LC_MESSAGES": "fr_FR", "LANG": "de"}, "es"),
    ({"LANGUAGE": "pt_BR:de", "LC_ALL": "fr_FR.UTF-8"}, "pt_BR"),
    ({"LANGUAGE": "sv:fr:de"}, "fr"),                       # the first language spoken here wins
    ({"LANGUAGE": "", "LANG": "de_DE.UTF-8"}, "de"),         # an empty variable is not set
    ({"LANG": "pt_PT.UTF-8"}, "pt_BR"),                      # the one Portuguese the game speaks
    ({"LANG": "C.UTF-8"}, "en"),
    ({"LANG": "ja_JP.UTF-8"}, "en"),
    ({"LANG": "de_DE@euro"}, "de"),
    ({"LANG": "\x1b[31m;rm"}, "en"),
])
def test_the_system_language_follows_gettexts_order_with_english_last(environ, code):
    assert i18n.system_language(environ) == code


def test_none_and_auto_mean_the_system_language(monkeypatch):
    for variable in i18n.LANGUAGE_VARIABLES:
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    assert i18n.set_language(None) == "fr" and i18n.language() == "fr"
    assert i18n.set_language("auto") == "fr" and i18n.set_language("") == "fr"
    assert i18n.set_language("de") == "de"


def test_an_unknown_language_is_english_and_said(caplog):
    assert i18n.set_language("xx") == "en"
    assert "unknown language" in caplog.text


def test_a_lookup_reads_the_language_in_use_when_it_is_called():
    kept = i18n.N_("Start game")                       # a constant: marked, translated where shown
    assert kept == "Start game"
    i18n.use_translations("de", translations_of({"Start game": "Spiel starten"}))
    assert i18n._(kept) == "Spiel starten" and i18n.language() == "de"
    i18n.set_language("en")
    assert i18n._(kept) == "Start game"


def test_the_language_names_are_their_own():
    assert dict(i18n.LANGUAGES) == {"en": "English", "de": "Deutsch", "fr": "Français", "es": "Español",
                                    "pt_BR": "Português (Brasil)"}


def test_i18n_imports_only_the_standard_library_and_babel():
    import sys

    tree = ast.parse((ROOT / "game" / "i18n.py").read_text(encoding="utf-8"))
    names = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    names |= {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module}
    outside = {n for n in names if n.split(".")[0] not in sys.stdlib_module_names and n.split(".")[0] != "babel"
               and n != "__future__"}
    assert not outside


# -- formats ------------------------------------------------------------------------------------

@pytest.mark.parametrize(("code", "day", "whole", "decimal", "percent", "percent1"), [
    ("en", "27 Nov", "12,345", "2.5", "88%", "87.5%"),
    ("de", "27. Nov.", "12.345", "2,5", "88 %", "87,5 %"),
    ("fr", "27 nov.", "12 345", "2,5", "88 %", "87,5 %"),
    ("es", "27 nov", "12.345", "2,5", "88 %", "87,5 %"),
    ("pt_BR", "27 de nov.", "12.345", "2,5", "88%", "87,5%"),
])
def test_dates_and_numbers_are_written_as_the_language_writes_them(code, day, whole, decimal, percent, percent1):
    i18n.set_language(code)
    assert i18n.date_text(date(2026, 11, 27)) == day
    assert i18n.number_text(12345) == whole
    assert i18n.decimal_text(2.5) == decimal
    assert i18n.percent_text(0.875) == percent and i18n.percent_text(0.875, 1) == percent1
    assert i18n.rating_text(1523.4) == "1523"


# -- config and preferences ---------------------------------------------------------------------

@pytest.mark.parametrize("value", ["auto", "", "en", "de", "fr", "es", "pt_BR"])
def test_config_takes_every_language_and_auto(value):
    from game.config.load import parse_settings

    settings, problems = parse_settings(f'[display]\nlanguage = "{value}"\n')
    assert not problems and settings.language == value


@pytest.mark.parametrize("value", ['"xx"', '"DE"', '"pt"', "3", "true", '"de\\u001b[31m"'])
def test_an_unknown_language_in_config_is_one_problem_and_english(value):
    from game.config.load import parse_settings

    settings, problems = parse_settings(f"[display]\nlanguage = {value}\n")
    assert [p.key for p in problems] == ["display.language"]
    assert settings.language == "en"
    line = str(problems[0])
    assert "using English" in line and '"pt_BR"' in line and "\x1b" not in line


def test_the_shipped_config_asks_for_the_system_language():
    from game.config.load import parse_settings

    settings, problems = parse_settings((ROOT / "config.toml").read_text(encoding="utf-8"))
    assert not problems and settings.language == "auto"


def test_the_language_chosen_is_remembered_and_a_bad_one_falls_back_alone():
    from game.store.prefs import Prefs

    assert Prefs.from_json({"language": "pt_BR"}).language == "pt_BR"
    assert Prefs.from_json({"language": "auto", "volume": 0.5}).language == "auto"
    said: list[str] = []
    prefs = Prefs.from_json({"language": "../../etc", "volume": 0.5}, said.append)
    assert prefs.language is None and prefs.volume == 0.5
    assert len(said) == 1 and "language" in said[0]


# -- the catalogs -------------------------------------------------------------------------------

def extracted() -> set[tuple[object, str | None]]:
    found = set()
    for _file, _line, message, _comments, context in extract_from_dir(
            str(ROOT), method_map=[("game/**.py", "python")]):
        found.add((message, context))
    return found


def keys(catalog: Catalog) -> set[tuple[object, str | None]]:
    return {(m.id if isinstance(m.id, str) else tuple(m.id), m.context) for m in catalog if m.id}


def test_the_template_holds_every_marked_message():
    """``pybabel extract`` (docs/languages.md) was run after the last marked string changed."""
    assert keys(read(POT)) == extracted()


@pytest.mark.parametrize("code", SHIPPED)
def test_each_language_translates_every_message_of_the_template(code):
    catalog = read(po_path(code))
    assert keys(catalog) == keys(read(POT)), "run pybabel update (docs/languages.md)"
    untranslated = [m.id for m in catalog if m.id and (m.fuzzy or not all(m.string if isinstance(m.string, tuple)
                                                                        else (m.string,)))]
    assert not untranslated


@pytest.mark.parametrize("code", SHIPPED)
def test_each_catalog_has_its_languages_header_and_glossary(code):
    text = po_path(code).read_text(encoding="utf-8")
    assert f'"Plural-Forms: {PLURALS[code]}\\n"' in text and f'"Language: {code}\\n"' in text
    head = text[:text.index('msgid ""')]
    for term in ("column", "row", "threat", "odd threat", "even threat", "zugzwang", "best", "good",
                 "inaccuracy", "mistake", "blunder", "drill", "puzzle", "hint", "review", "level"):
        assert f"\n# {term}: " in head, term
    assert "# Level names" in head


PLACEHOLDERS = re.compile(r"\{[A-Za-z_][A-Za-z0-9_]*(?:[:!][^{}]*)?\}|%\([a-z_]+\)[a-z]")


@pytest.mark.parametrize("code", SHIPPED)
def test_translations_keep_every_named_placeholder(code):
    for message in read(po_path(code)):
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        wanted = set(PLACEHOLDERS.findall(ids[-1]))
        for string in strings:
            assert set(PLACEHOLDERS.findall(string)) == wanted, (message.id, string)


def test_a_checkout_without_compiled_catalogs_reads_the_po_and_a_newer_mo_wins(tmp_path, monkeypatch):
    folder = tmp_path / "de" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    po = folder / "connect4.po"
    po.write_text('msgid ""\nmsgstr "Content-Type: text/plain; charset=utf-8\\n"\n\n'
                  'msgid "Start game"\nmsgstr "Spiel starten"\n', encoding="utf-8")
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    i18n.catalog.cache_clear()
    try:
        assert i18n.catalog("de").gettext("Start game") == "Spiel starten"
        catalog = Catalog(locale="de")
        catalog.add("Start game", "Los")
        with (folder / "connect4.mo").open("wb") as file:
            write_mo(file, catalog)
        i18n.catalog.cache_clear()
        assert i18n.catalog("de").gettext("Start game") == "Los"
        po.write_bytes(b"\xff\xfe not a catalog")           # newer than the .mo, and broken
        i18n.catalog.cache_clear()
        assert i18n.catalog("de").gettext("Start game") == "Start game"     # English, logged
    finally:
        i18n.catalog.cache_clear()


def test_the_build_compiles_each_catalog_as_the_game_reads_it(tmp_path):
    import importlib.util
    import sys

    pytest.importorskip("setuptools")     # setup.py's own import; a venv of Python 3.12 on has none

    spec = importlib.util.spec_from_file_location("setup_steps", ROOT / "setup.py")
    source = (ROOT / "setup.py").read_text(encoding="utf-8")
    steps = source[:source.index("\nsetup(")]           # the build's functions, without running setup()
    module = importlib.util.module_from_spec(spec)
    sys.modules.pop("setup_steps", None)
    exec(compile(steps, str(ROOT / "setup.py"), "exec"), module.__dict__)
    for code in SHIPPED:
        mo = tmp_path / code / "connect4.mo"
        module.compile_catalog(po_path(code), mo)
        assert mo.read_bytes() == i18n.compiled_po(po_path(code))


# -- the pseudo-locale and the font -------------------------------------------------------------

def test_the_pseudo_locale_brackets_accents_and_lengthens_keeping_placeholders():
    from pseudo import CLOSE, OPEN, pseudo

    made = pseudo("Start game, {name}: %(n)d moves, 100%% sure")
    assert made.startswith(OPEN) and made.endswith(CLOSE)
    assert "{name}" in made and "%(n)d" in made and "%%" in made
    assert "Start" not in made and len(made) >= 1.4 * len("Start game, {name}: %(n)d moves, 100%% sure")


def test_the_pseudo_checks_find_what_they_look_for():
    import pygame
    from pseudo import DrawnTexts, pseudo

    drawn = DrawnTexts()
    box = pygame.Rect(0, 0, 100, 100)
    drawn(pseudo("Start game"), pygame.Rect(0, 0, 50, 10), box)
    drawn("Beginner", pygame.Rect(0, 20, 50, 10), box)               # a level's name: allowed below
    drawn("⟦Ŀéṽéļ·· " + "Ann", pygame.Rect(0, 40, 50, 10), box)     # opened, then wrapped:
    drawn("two⟧", pygame.Rect(0, 60, 50, 10), box)                  # the message ends on this line
    assert drawn.untranslated({"Beginner"}) == []
    assert drawn.untranslated(set()) == ["Beginner"]
    drawn("Quit", pygame.Rect(0, 80, 70, 10), box)
    drawn(pseudo("Help")[:-3] + "…", pygame.Rect(60, 80, 50, 10), box)       # cut, past its box, over "Quit"
    assert drawn.untranslated({"Beginner"}) == ["Quit"]
    assert len(drawn.cut()) == 2 and len(drawn.outside(pygame.Rect(0, 0, 200, 200))) == 1
    assert len(drawn.overlapping()) == 1


def test_a_message_holding_another_is_neither_cut_nor_untranslated():
    import pygame
    from pseudo import DrawnTexts, pseudo

    drawn = DrawnTexts()
    box = pygame.Rect(0, 0, 300, 100)
    held = pseudo("{number}. {title}").format(number=3, title=pseudo("Win at once"))    # "⟦3. ⟦Ŵîñ…⟧⟧"
    drawn(held, pygame.Rect(0, 0, 200, 10), box)
    drawn(pseudo("{verdict}. One more try").format(verdict=pseudo("Not this one.")), pygame.Rect(0, 20, 200, 10), box)
    assert drawn.cut() == [] and drawn.untranslated() == []
    drawn(pseudo("{verdict}. One more try")[:12], pygame.Rect(0, 40, 200, 10), box)   # its end never shown
    assert len(drawn.cut()) == 1


def used_characters() -> set[str]:
    text = []
    for code in SHIPPED:
        for message in read(po_path(code)):
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            text.extend(s for s in strings if s)
        i18n.set_language(code)
        text += [i18n.date_text(date(2026, month, 27)) for month in range(1, 13)]
        text += [i18n.number_text(1234567), i18n.decimal_text(2.5), i18n.percent_text(0.5, 1)]
    text += list(i18n.LANGUAGES.values())
    return {c for c in "".join(text) if not c.isspace() or c != " "} - {"\n"}


def test_the_bundled_font_draws_every_character_of_the_four_languages():
    import pygame.freetype

    pygame.freetype.init()
    try:
        font = pygame.freetype.Font(None, 20)              # the game's font (game.ui.resources)
        characters = sorted(used_characters() | set("äöüßÄÖÜéèêëàâçîïôûùœÉÈÀÇñ¿¡áíóúÁÍÓÚãõâêôÃÕ«»–…€"))
        missing = [c for c, metrics in zip(characters, font.get_metrics("".join(characters))) if metrics is None]
        assert not missing, f"no glyph for {[hex(ord(c)) for c in missing]}"
    finally:
        pygame.freetype.quit()


@pytest.mark.parametrize(("configured", "preferred", "config_wins", "chosen"), [
    ("auto", None, False, None),            # nothing chosen: the system's
    ("de", None, False, "de"),
    ("de", "fr", False, "fr"),              # the menu's choice is remembered over config.toml's
    ("de", "auto", False, None),            # the menu's "system language"
    ("de", "fr", True, "de"),               # --config wins, as for the theme and the sound
    ("de", "sv", False, "de"),              # a language of a newer version: not spoken here
    ("", None, False, None),
])
def test_the_language_is_decided_as_the_look_and_sound_are(configured, preferred, config_wins, chosen):
    assert i18n.chosen_language(configured, preferred, config_wins=config_wins) == chosen


def test_the_window_opens_in_the_configured_language(ui):
    ui(language="de")
    assert i18n.language() == "de"


def test_english_dates_keep_the_games_own_short_months():
    i18n.set_language("en")
    assert [i18n.date_text(date(2026, month, 3)) for month in (5, 6, 9)] == ["3 May", "3 Jun", "3 Sep"]


def test_a_lookup_needs_no_babel_only_a_format_does():
    """An exact solve from a bare install needs the standard library alone (tests/app/test_packaging.py):
    game.i18n, which the settings import, loads Babel only where a format is asked for."""
    import subprocess
    import sys

    code = ("import sys; sys.modules['babel'] = None\n"          # import babel now raises ImportError
            "from game import i18n; import game.config.schema, game.words.explanations\n"
            "i18n.set_language('en'); print(i18n._('Column {column} is best.'))")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert run.returncode == 0 and run.stdout == "Column {column} is best.\n", run.stderr


@pytest.mark.parametrize("code", SHIPPED)
def test_each_catalog_passes_the_format_checks(code):
    """Babel's checks (and msgfmt --check where gettext's tools are installed): a message that
    reads as a printf directive ("50 % random") must keep it, so such messages are avoided."""
    import shutil
    import subprocess

    problems = [(m.id, [str(e) for e in errors]) for m, errors in read(po_path(code)).check()]
    assert not problems
    if shutil.which("msgfmt"):
        run = subprocess.run(["msgfmt", "--check", "--statistics", "-o", "/dev/null", str(po_path(code))],
                             capture_output=True, text=True, timeout=60)
        assert run.returncode == 0 and "untranslated" not in run.stderr and "fuzzy" not in run.stderr, run.stderr

"""Files the game cannot use are named, never ignored without a word: a huge or damaged
prefs.json, and a config.toml that is a folder."""

from __future__ import annotations

import json

import pytest

from game import app
from game.config.load import default_config_path, load_settings
from game.store.prefs import MAX_PREFS_BYTES, Prefs, load_prefs, save_prefs


@pytest.mark.parametrize(("content", "words"), [
    (b"{" + b" " * (MAX_PREFS_BYTES + 1) + b"}", "is larger than 256 KiB"),
    (b"{bad json", "is not JSON (line 1, column 2)"),
    (b"[" * 100_000, "is not JSON (nested too deeply)"),
    (b"[1, 2]", "is not a JSON object"),
    (b"\xff\xfe\x00", "is not UTF-8 text (byte 0xff at offset 0)"),
    (b'{"volume": ' + b"1" * 5000 + b"}", "has a number too long to read"),
])
def test_damaged_prefs_are_said_and_kept_aside(connect4_home, content, words):
    (connect4_home / "prefs.json").write_bytes(content)
    said = []
    assert load_prefs(said.append) == Prefs()
    assert said == [f"preferences ignored: prefs.json {words}; kept as prefs.json.bad"]
    assert (connect4_home / "prefs.json.bad").read_bytes() == content
    save_prefs(Prefs(theme="classic"))  # the next save starts afresh; the damaged file stays aside
    assert load_prefs(said.append) == Prefs(theme="classic") and len(said) == 1
    assert (connect4_home / "prefs.json.bad").read_bytes() == content


def test_prefs_that_cannot_be_read_are_said_and_left_alone(connect4_home):
    (connect4_home / "prefs.json").mkdir()
    said = []
    assert load_prefs(said.append) == Prefs()
    assert said == ["preferences ignored: prefs.json cannot be read (a folder)"]
    assert (connect4_home / "prefs.json").is_dir()


def test_good_prefs_say_nothing(connect4_home):
    (connect4_home / "prefs.json").write_text(json.dumps({"volume": 0.5}))
    said = []
    assert load_prefs(said.append) == Prefs(volume=0.5) and said == []


def test_the_window_shows_why_the_prefs_were_ignored(connect4_home, ui):
    (connect4_home / "prefs.json").write_bytes(b" " * (MAX_PREFS_BYTES + 5))
    d = ui()
    assert d.c.ctx.notices.texts() == ["preferences ignored: prefs.json is larger than 256 KiB; "
                                       "kept as prefs.json.bad"]


def test_the_window_says_which_preference_it_ignored_and_keeps_the_others(connect4_home, ui):
    (connect4_home / "prefs.json").write_text(json.dumps({"volume": 7, "theme": "colorblind", "muted": True}))
    d = ui()
    assert d.c.ctx.notices.texts() == ["preference volume ignored: not a number from 0 to 1, got 7"]
    assert d.c.ctx.theme_name == "colorblind" and d.c.ctx.sound.muted
    assert d.c.ctx.sound.volume == d.c.ctx.settings.volume             # that one alone: the setting's
    assert json.loads((connect4_home / "prefs.json").read_text())["volume"] == 7    # the file until a change


def test_a_folder_named_config_toml_is_a_problem_not_skipped(connect4_home, capsys):
    folder = connect4_home / "config.toml"
    folder.mkdir()
    assert default_config_path() == folder
    settings, problems = load_settings()
    assert [p.key for p in problems] == ["file"] and f"{folder} is a folder" in str(problems[0])
    assert app.main(["--check-config"]) == 2
    out = capsys.readouterr().out
    assert out.startswith(f"checking {folder}\n{folder}: 1 problem\n") and "is a folder" in out
    assert "ok" not in out.split()


def test_the_window_names_a_config_folder_among_its_problems(connect4_home, ui):
    (connect4_home / "config.toml").mkdir()
    settings, problems = load_settings()
    d = ui(problems=problems)
    assert any("config.toml is a folder" in p for p in d.c.ctx.config_problems)

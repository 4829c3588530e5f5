"""game.config and game.domain.players: config.toml parsing, validation with per-key problems, player specs."""

from __future__ import annotations

import dataclasses
import math
import os
import re
import tomllib
import unicodedata
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given
from hypothesis import settings as hsettings
from hypothesis import strategies as st

from game.engine.heuristics import HEURISTICS, WindowWeights
from game.config.load import (MAX_CONFIG_BYTES, default_config_path, load_settings, parse_settings, repo_config_path)
from game.config.schema import LEVEL_SCHEMA
from game.config.values import ConfigProblem, DEFAULTS, Settings
from game.domain.levels import CUSTOM_DEPTH, DEFAULT_LEVELS, Level, MAX_DEPTH
from game.domain.players import PlayerSpec, parse_player_spec

REPO_CONFIG = Path(__file__).resolve().parents[2] / "config.toml"


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("CONNECT4_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def write(tmp_path: Path, text: str | bytes, name: str = "c.toml") -> Path:
    path = tmp_path / name
    path.write_bytes(text.encode() if isinstance(text, str) else text)
    return path


def keys(problems: list[ConfigProblem]) -> list[str]:
    return [p.key for p in problems]


# --- the shipped config.toml -------------------------------------------------------------


def test_builtin_defaults_equal_repo_config():
    settings, problems = load_settings(REPO_CONFIG)
    assert problems == []
    assert settings == Settings() == DEFAULTS


def test_repo_config_levels_block_matches_default_levels():
    data = tomllib.loads(REPO_CONFIG.read_text(encoding="utf-8"))
    assert [(l["name"], l.get("depth", MAX_DEPTH)) for l in data["levels"]] == [(l.name, l.depth) for l in DEFAULT_LEVELS]
    assert [l.name for l in DEFAULT_LEVELS] == ["Beginner", "Novice", "Apprentice", "Easy", "Medium", "Hard",
                                                "Expert", "Master", "Perfect"]
    master = DEFAULTS.level("master")
    assert master.perfect_play and master.time_limit == 1.0


def test_every_option_in_repo_config_is_commented():
    # Options outside [[levels]] carry their comment on their line; the level keys are
    # described once, in the comment block before the first [[levels]] table.
    text = REPO_CONFIG.read_text(encoding="utf-8")
    head, _, levels = text.partition("\n[[levels]]")
    for line in head.splitlines():
        stripped = line.strip()
        if "=" in stripped and not stripped.startswith("#"):
            assert "#" in stripped, f"option without a comment: {line!r}"
    keys = {line.split("=")[0].strip() for line in levels.splitlines() if "=" in line and not line.startswith("#")}
    assert keys == set(LEVEL_SCHEMA)
    for key in keys:
        assert re.search(rf"^#   {key}\s", head, re.M), f"level key {key!r} is not described"


def test_settings_are_frozen():
    with pytest.raises(dataclasses.FrozenInstanceError):
        DEFAULTS.fps = 30  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        DEFAULT_LEVELS[0].depth = 3  # type: ignore[misc]


def test_good_values_are_used(tmp_path):
    path = write(tmp_path, """
[window]
width = 800
height = 600
fps = 30
fullscreen = true
[display]
theme = "colorblind"
animation_speed = 2
[sound]
enabled = false
volume = 0.25
[ai]
heuristic = "window"
depth = 5
discount = 0.5
time_limit = 2
table_mb = 16
analysis_time = 1.5
worker = "thread"
[ai.window_weights]
own = [1, 2, 3]
block = [1.0, 2.0, 50.0]
scale = 2.5
[spectator]
delay = 0
[[levels]]
name = "Easy peasy"
depth = 1
heuristic = "window"
[[levels]]
name = "Wall"
depth = 14
time_limit = 5
perfect_play = true
""")
    s, problems = load_settings(path)
    assert problems == []
    assert (s.window_width, s.window_height, s.fps, s.fullscreen) == (800, 600, 30, True)
    assert (s.theme, s.animation_speed, s.sound, s.volume) == ("colorblind", 2.0, False, 0.25)
    assert (s.heuristic, s.depth, s.discount, s.time_limit, s.table_mb, s.analysis_time) == (
        "window", 5, 0.5, 2.0, 16, 1.5)
    assert s.worker == "thread"
    assert s.window_weights == WindowWeights((1, 2, 3), (1, 2, 50), 2.5)
    assert s.spectator_delay == 0.0
    assert s.levels == (Level("Easy peasy", 1, heuristic="window"),
                        Level("Wall", 14, time_limit=5.0, perfect_play=True))
    assert isinstance(s.animation_speed, float)


def test_partial_file_keeps_other_defaults(tmp_path):
    s, problems = load_settings(write(tmp_path, "[sound]\nvolume = 0.1\n"))
    assert problems == []
    assert s == dataclasses.replace(DEFAULTS, volume=0.1)


def test_time_limit_zero_means_no_limit(tmp_path):
    s, _ = load_settings(write(tmp_path, "[ai]\ntime_limit = 0\n"))
    assert s.time_limit is None


# --- bad values: each named, default kept --------------------------------------------------

BAD_VALUES = [
    ("window", "width", "100", "window_width"),
    ("window", "width", "true", "window_width"),
    ("window", "width", "900.5", "window_width"),
    ("window", "height", '"tall"', "window_height"),
    ("window", "fps", "1000", "fps"),
    ("window", "fps", "0", "fps"),
    ("window", "fullscreen", "1", "fullscreen"),
    ("display", "theme", '"dark"', "theme"),
    ("display", "theme", "3", "theme"),
    ("display", "animation_speed", "0", "animation_speed"),
    ("display", "animation_speed", "nan", "animation_speed"),
    ("display", "animation_speed", "inf", "animation_speed"),
    ("sound", "enabled", '"yes"', "sound"),
    ("sound", "volume", "1.5", "volume"),
    ("sound", "volume", "-0.1", "volume"),
    ("ai", "heuristic", '"magic"', "heuristic"),
    ("ai", "depth", "0", "depth"),
    ("ai", "depth", "21", "depth"),
    ("ai", "discount", "1.0", "discount"),
    ("ai", "discount", "-0.5", "discount"),
    ("ai", "time_limit", "-1", "time_limit"),
    ("ai", "time_limit", "99999", "time_limit"),
    ("ai", "time_limit", "false", "time_limit"),
    ("ai", "table_mb", "0", "table_mb"),
    ("ai", "table_mb", "5000", "table_mb"),
    ("ai", "analysis_time", "[1]", "analysis_time"),
    ("ai", "worker", '"fork"', "worker"),
    ("ai", "worker", "true", "worker"),
    ("spectator", "delay", "11", "spectator_delay"),
    ("spectator", "delay", "{a = 1}", "spectator_delay"),
]


@pytest.mark.parametrize("table,key,value,field", BAD_VALUES)
def test_bad_value_is_reported_and_default_kept(tmp_path, table, key, value, field):
    s, problems = load_settings(write(tmp_path, f"[{table}]\n{key} = {value}\n[sound]\nvolume = 0.3\n"
                                      if table != "sound" else f"[{table}]\n{key} = {value}\n"))
    assert keys(problems) == [f"{table}.{key}"]
    assert getattr(s, field) == getattr(DEFAULTS, field)
    message = str(problems[0])
    assert f"{table}.{key}" in message and "allowed" in message and "default" in message
    if table != "sound":
        assert s.volume == 0.3  # good keys next to a bad one still count


def test_problem_message_names_key_value_and_range(tmp_path):
    (problem,) = load_settings(write(tmp_path, "[window]\nfps = 1000\n"))[1]
    assert problem == ConfigProblem("window.fps", 1000, "a whole number from 15 to 240", "using the default 60")
    assert str(problem) == "window.fps = 1000 — allowed: a whole number from 15 to 240 — using the default 60"


def test_unknown_keys_and_tables(tmp_path):
    s, problems = load_settings(write(tmp_path, """
colour = "red"
[window]
widht = 800
[graphics]
x = 1
[ai.window_weights]
middle = 3
"""))
    assert keys(problems) == ["colour", "window.widht", "graphics", "ai.window_weights.middle"]
    assert all("known keys" in p.allowed for p in problems)
    assert "width" in problems[1].allowed
    assert s == DEFAULTS


def test_table_of_wrong_type(tmp_path):
    s, problems = load_settings(write(tmp_path, 'window = 5\nsound = "loud"\n'))
    assert keys(problems) == ["window", "sound"]
    assert s == DEFAULTS


def test_window_weights_errors(tmp_path):
    s, problems = load_settings(write(tmp_path, """
[ai.window_weights]
own = [1, 2]
block = [1, "x", 3]
scale = 0
"""))
    assert keys(problems) == ["ai.window_weights.own", "ai.window_weights.block", "ai.window_weights.scale"]
    assert s.window_weights == WindowWeights()
    s, problems = load_settings(write(tmp_path, "[ai]\nwindow_weights = 3\n"))
    assert keys(problems) == ["ai.window_weights"]


def test_bad_levels_are_left_out(tmp_path):
    s, problems = load_settings(write(tmp_path, """
[[levels]]
name = "Ok"
depth = 3
[[levels]]
name = "NoDepth"
[[levels]]
name = "Deep"
depth = 99
[[levels]]
name = "ok"
depth = 4
[[levels]]
name = "Odd"
depth = 5
heuristic = "nope"
colour = "blue"
[[levels]]
name = "human"
depth = 2
"""))
    assert s.levels == (Level("Ok", 3), Level("Odd", 5))
    assert keys(problems) == ["levels[2]", "levels[3].depth", "levels[4].name", "levels[5].heuristic",
                              "levels[5].colour", "levels[6].name"]


def test_no_usable_level_gives_default_levels(tmp_path):
    for text in ("levels = []\n", "levels = 3\n", "[[levels]]\nname = 1\ndepth = 2\n"):
        s, problems = load_settings(write(tmp_path, text))
        assert s.levels == DEFAULT_LEVELS
        assert problems and problems[-1].key == "levels"


def test_too_many_levels(tmp_path):
    text = "".join(f'[[levels]]\nname = "L{i}"\ndepth = 3\n' for i in range(30))
    s, problems = load_settings(write(tmp_path, text))
    assert len(s.levels) == 20 and keys(problems) == ["levels"]


# --- broken files --------------------------------------------------------------------------

@pytest.mark.parametrize("content,needle", [
    (b"", "empty"),
    (b"  \n\n\t\n", "empty"),
    (b"[window\nfps = 3\n", "not valid TOML"),
    (b"fps = = 3\n", "not valid TOML"),
    (b"[window]\nfps = 60\nfps = 61\n", "not valid TOML"),
    (b"\xff\xfe[\x00w\x00", "not UTF-8"),
    (b"[window]\nfps = 60 # caf\xe9\n", "not UTF-8"),
    (b"x = " + b"[" * 5000 + b"]" * 5000 + b"\n", "TOML"),
])
def test_broken_file_gives_defaults_and_one_problem(tmp_path, content, needle):
    s, problems = load_settings(write(tmp_path, content))
    assert s == DEFAULTS
    assert len(problems) == 1 and problems[0].key == "file"
    assert needle in str(problems[0]) and "built-in defaults" in str(problems[0])


def test_huge_file(tmp_path):
    path = write(tmp_path, b"# padding\n" * (MAX_CONFIG_BYTES // 10 + 1))
    s, problems = load_settings(path)
    assert s == DEFAULTS and keys(problems) == ["file"] and "larger than" in str(problems[0])


def test_missing_file_and_directory(tmp_path):
    s, problems = load_settings(tmp_path / "nope.toml")
    assert s == DEFAULTS and "does not exist" in str(problems[0])
    s, problems = load_settings(tmp_path)
    assert s == DEFAULTS and "is a folder" in str(problems[0])


def test_utf8_bom_is_accepted(tmp_path):
    s, problems = load_settings(write(tmp_path, b"\xef\xbb\xbf[window]\nfps = 30\n"))
    assert problems == [] and s.fps == 30


# --- where the config comes from -----------------------------------------------------------


def test_default_lookup_prefers_user_config(home):
    import game.config.load

    # The shipped config.toml is found: in a checkout the top-level one, beside the package.
    assert repo_config_path() == Path(game.config.load.__file__).resolve().parents[2] / "config.toml"
    assert repo_config_path().read_bytes() == REPO_CONFIG.read_bytes()
    assert default_config_path() == repo_config_path()
    home.mkdir(parents=True)
    (home / "config.toml").write_text("[window]\nfps = 24\n", encoding="utf-8")
    assert default_config_path() == home / "config.toml"
    s, problems = load_settings()
    assert s.fps == 24 and problems == []


def test_no_config_anywhere_gives_builtin_defaults(monkeypatch):
    monkeypatch.setattr("game.config.source.repo_config_path", lambda: None)
    assert load_settings() == (DEFAULTS, [])


# --- levels and search configs -------------------------------------------------------------


def test_level_lookup_is_case_insensitive():
    assert DEFAULTS.level("HARD").depth == 8
    assert DEFAULTS.level(" expert ").name == "Expert"
    with pytest.raises(KeyError, match="Beginner, Novice, Apprentice, Easy, Medium, Hard, Expert, Master"):
        DEFAULTS.level("Impossible")


def test_search_config_from_settings():
    import game.engine.search as search  # an import error fails the test
    s = dataclasses.replace(DEFAULTS, heuristic="window", discount=0.5, table_mb=8, time_limit=3.0,
                            window_weights=WindowWeights(scale=2.0))
    cfg = s.search_config()
    assert isinstance(cfg, search.SearchConfig)
    assert (cfg.depth, cfg.heuristic, cfg.discount, cfg.table_mb, cfg.time_limit, cfg.perfect_play) == (
        s.depth, "window", 0.5, 8, 3.0, False)
    assert cfg.window_weights == WindowWeights(scale=2.0)
    assert s.search_config(depth=3, heuristic="scoremap").depth == 3
    master = s.search_config(level=s.level("Master"))
    assert (master.depth, master.time_limit, master.perfect_play) == (14, 1.0, True)
    assert s.search_config(depth=2, level=s.level("Master")).depth == 2


# --- player specs --------------------------------------------------------------------------


@pytest.mark.parametrize("text,expected", [
    ("human", PlayerSpec("human")),
    (" Human ", PlayerSpec("human")),
    ("ai", PlayerSpec("ai", depth=DEFAULTS.depth)),
    ("ai:8", PlayerSpec("ai", depth=8)),
    ("AI:1:window", PlayerSpec("ai", depth=1, heuristic="window")),
    ("ai:20:scoremap", PlayerSpec("ai", depth=20, heuristic="scoremap")),
    ("hard", PlayerSpec("ai", depth=8, level="Hard")),
    ("MASTER", PlayerSpec("ai", depth=14, heuristic="threats", level="Master", time_limit=1.0, perfect_play=True)),
])
def test_parse_player_spec(text, expected):
    spec = parse_player_spec(text, DEFAULTS)
    assert spec == expected
    assert parse_player_spec(spec.spec(), DEFAULTS) == spec


@pytest.mark.parametrize("text,needle", [
    ("", "unknown player"),
    ("robot", "unknown player"),
    ("ai:", "nothing after a ':'"),
    ("ai:x", "not a whole number"),
    ("ai:-3", "depth -3 is out of range; depth must be 1–20"),
    ("ai:-1", "depth must be 1–20"),
    ("ai:0", "out of range"),
    (f"ai:{CUSTOM_DEPTH[1] + 1}", "out of range"),
    ("ai:99999999999999999999", "depth 99999999999999999999 is out of range"),  # as typed, not capped
    ("ai:٣", "not a whole number"),
    ("ai:4:magic", "unknown heuristic"),
    ("ai:4:window:extra", "too many"),
    ("ai:3:", "nothing after a ':'"),
    ("Hard:", "nothing after a ':'"),
    ("Hard: ", "nothing after a ':'"),
    ("Hard::window", "nothing after a ':'"),
    ("Hard:window:x", "too many"),
    ("human:", "nothing after a ':'"),
])
def test_bad_player_spec(text, needle):
    with pytest.raises(ValueError, match=needle) as info:
        parse_player_spec(text, DEFAULTS)
    assert repr(text) in str(info.value) or text == ""


def test_player_spec_uses_configured_levels():
    s = dataclasses.replace(DEFAULTS, levels=(Level("Wall", 14, heuristic="window"),))
    assert parse_player_spec("wall", s) == PlayerSpec("ai", depth=14, heuristic="window", level="Wall")
    with pytest.raises(ValueError, match=r"a level \(Wall\)"):
        parse_player_spec("Hard", s)


def test_labels():
    assert PlayerSpec("human").label() == "Human"
    assert parse_player_spec("hard").label() == "Computer (Hard)"
    assert parse_player_spec("ai:8:window").label() == "Computer (depth 8, window)"


def test_player_search_config():
    cfg = DEFAULTS.player_search(parse_player_spec("master"))
    assert (cfg.depth, cfg.time_limit, cfg.perfect_play, cfg.heuristic) == (14, 1.0, True, "threats")
    cfg = DEFAULTS.player_search(parse_player_spec("ai:3:window"))
    assert (cfg.depth, cfg.heuristic, cfg.perfect_play) == (3, "window", False)


def test_heuristic_names_come_from_the_engine():
    for name in HEURISTICS:
        s, problems = parse_settings(f'[ai]\nheuristic = "{name}"\n')
        assert problems == [] and s.heuristic == name


def test_settings_module_does_not_import_pygame():
    import subprocess
    import sys

    code = "import sys, game.config.load, game.store.savefile, game.store.autosave; assert 'pygame' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], check=True, cwd=REPO_CONFIG.parent)


def test_level_with_a_chosen_heuristic_round_trips_through_its_spec():
    # The menu can pick a heuristic on top of a level; save files must keep both.
    player = parse_player_spec("hard:WINDOW")
    assert (player.level, player.heuristic, player.depth) == ("Hard", "window", DEFAULTS.level("hard").depth)
    assert player.spec() == "Hard:window"
    assert parse_player_spec(player.spec()) == player
    with pytest.raises(ValueError, match="unknown heuristic 'nope'"):
        parse_player_spec("Hard:nope")


def test_level_temperature_reaches_the_search_config():
    settings, problems = parse_settings(
        '[[levels]]\nname = "Warm"\ndepth = 1\ntemperature = 0.5\n'
        '[[levels]]\nname = "Broken"\ndepth = 2\ntemperature = 11\n'
        '[[levels]]\nname = "Old"\ndepth = 2\nblunder = 0.5\n'
    )
    assert settings.level("warm").temperature == 0.5
    assert settings.player_search(parse_player_spec("warm", settings)).temperature == 0.5
    assert settings.level("broken").temperature == 0.0
    # random moves are no longer a level's setting: an old file's key is reported and ignored
    assert settings.level("old").temperature == 0.0
    assert not hasattr(settings.player_search(parse_player_spec("old", settings)), "blunder")
    assert [p.key for p in problems] == ["levels[2].temperature", "levels[3].blunder"]


def test_no_built_in_level_plays_random_discs():
    for level in DEFAULTS.levels:
        config = DEFAULTS.player_search(parse_player_spec(level.name))
        assert not hasattr(config, "blunder"), level.name  # the search has no random discs to play


# --- level names: one rule for the config, the player specs and save files ------------------


def toml_string(text: str) -> str:
    """``text`` as a TOML basic string (control characters and DEL escaped)."""
    out = []
    for ch in text:
        out.append(f"\\u{ord(ch):04x}" if ch in '"\\' or ord(ch) < 0x20 or ord(ch) == 0x7F else ch)
    return '"' + "".join(out) + '"'


NAME_ALPHABET = st.characters(codec="utf-8") | st.sampled_from(list(" :_.-'()+&#!?,\t\n\x1bÉéß漢ـ"))


@given(name=st.text(NAME_ALPHABET, min_size=0, max_size=34))
@hsettings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_a_level_name_the_config_accepts_can_be_chosen_saved_and_resumed(name, tmp_path):
    from game.domain.saved import SavedGame
    from game.store.savefile import format_save, parse_save

    s, problems = parse_settings(f"[[levels]]\nname = {toml_string(name)}\ndepth = 1\n")
    name_problems = [p for p in problems if p.key == "levels[1].name"]
    if not name_problems:
        (level,) = s.levels
        for typed in (name, f" {name} ", name.upper(), unicodedata.normalize("NFD", name)):
            spec = parse_player_spec(typed, s)
            assert spec.level == level.name
        for heuristic in (None, *HEURISTICS):
            spec = dataclasses.replace(parse_player_spec(name, s), heuristic=heuristic)
            saved = parse_save(format_save(SavedGame("44", spec.spec(), "human", "2026-01-31T18:05:00")))
            assert parse_player_spec(saved.red, s) == spec  # the resume path gets the same player
    else:
        (problem,) = name_problems
        message = str(problem)
        assert message.isprintable() and "\n" not in message and "allowed:" in message
        assert name.strip(" ").casefold() in ("human", "ai") or [l.name for l in s.levels] == [
            l.name for l in DEFAULT_LEVELS]
        if ":" not in name and name.strip().casefold() not in ("human", "ai", ""):
            with pytest.raises(ValueError) as info:
                parse_player_spec(name, s)
            assert "\n" not in str(info.value)


@pytest.mark.parametrize("name", ["Niveau élevé", "Stufe 3 (schwer)", "_secret", "C++ Bot", "Уровень", "难度", "A.B-c",
                                  "Ölçü's", "x" * 30])
def test_non_english_and_punctuated_level_names_work_everywhere(name, tmp_path):
    from game.domain.saved import SavedGame
    from game.store.savefile import load_game, save_game

    s, problems = load_settings(write(tmp_path, f"[[levels]]\nname = {toml_string(name)}\ndepth = 1\n"))
    assert problems == [] and s.levels[0].name == name
    spec = parse_player_spec(name, s)
    save_game(tmp_path / "g.c4save", SavedGame("4", spec.spec(), "ai:1", "2026-01-31T18:05:00"))
    assert parse_player_spec(load_game(tmp_path / "g.c4save").red, s) == spec


@pytest.mark.parametrize("name,needle", [
    ("foo:bar", "it contains ':'"),
    ("Hard:window", "it contains ':'"),
    ("Hard:", "it contains ':'"),
    ("tab\there", r"it contains '\t'"),
    ("esc\x1b[31m", r"it contains '\x1b'"),
    ("   ", "it is empty"),
    ("x" * 31, "it has 31 characters"),
    ("...", "no letter or digit"),
    ("AI", "kind of player"),
    (" human ", "kind of player"),
])
def test_bad_level_names_are_refused_with_one_clear_line(tmp_path, name, needle):
    s, problems = load_settings(write(tmp_path, f"[[levels]]\nname = {toml_string(name)}\ndepth = 1\n"
                                      f"[[levels]]\nname = \"Ok\"\ndepth = 2\n"))
    assert [l.name for l in s.levels] == ["Ok"]
    (problem,) = [p for p in problems if p.key == "levels[1].name"]
    message = str(problem)
    assert needle in message and "level left out" in message and message.isprintable()


# --- files that are not files, nesting, escaping --------------------------------------------


@pytest.mark.parametrize("kind", ["tables", "arrays", "inline tables"])
def test_deeply_nested_config_gives_one_problem_and_the_defaults(kind):
    text = {"tables": "[" + ".".join(["a"] * 400) + "]\n",
            "arrays": "x = " + "[" * 400 + "]" * 400 + "\n",
            "inline tables": "x = " + "{a = " * 400 + "1" + "}" * 400 + "\n"}[kind]
    s, problems = parse_settings(text)
    assert s == DEFAULTS and len(problems) == 1 and problems[0].key == "file"
    assert "nested" in str(problems[0])


def test_a_named_pipe_as_config_is_one_problem_not_a_hang(tmp_path):
    if not hasattr(os, "mkfifo"):
        pytest.skip("no named pipes here")
    fifo = tmp_path / "config.toml"
    os.mkfifo(fifo)
    s, problems = load_settings(fifo)  # before the fix: blocked here for ever, waiting for a writer
    assert s == DEFAULTS and len(problems) == 1 and "named pipe" in str(problems[0])


def test_a_device_as_config_is_one_problem():
    if not Path("/dev/zero").exists():
        pytest.skip("no /dev/zero here")
    s, problems = load_settings("/dev/zero")
    assert s == DEFAULTS and len(problems) == 1 and "is a device" in str(problems[0])


@pytest.mark.parametrize("path", ["", "   "])
def test_an_empty_config_path_says_so(path):
    s, problems = load_settings(path)
    assert s == DEFAULTS and len(problems) == 1
    assert "no file name given" in str(problems[0]) and "directory" not in str(problems[0])


@pytest.mark.parametrize("text", [
    '[display]\ntheme = "dark\\nok"\n',
    '[display]\ntheme = "\\u001b[31mred\\u001b[0m"\n',
    '[window]\n"fps\\nx" = 1\n',
    '[display]\nanimation_speed = ["\\r", "\\u0007"]\n',
    '[[levels]]\nname = "a\\u2028b"\ndepth = 1\n',
    '["tab\\tle"]\nx = 1\n',
])
def test_config_messages_escape_control_characters(text):
    _, problems = parse_settings(text)
    assert problems
    for problem in problems:
        message = str(problem)
        assert message.isprintable(), message  # no raw newline, ESC, BEL or line separator


# --- every numeric setting refuses the value just outside its range -------------------------


def numeric_checks():
    from game.config.schema import SCHEMA, WEIGHTS_SCHEMA

    for table, keys_ in SCHEMA.items():
        for key, (_, check) in keys_.items():
            yield f"{table}.{key}", check
    for key, check in WEIGHTS_SCHEMA.items():
        yield f"ai.window_weights.{key}", check
    for key, check in LEVEL_SCHEMA.items():
        yield f"levels.{key}", check


def test_every_numeric_setting_declares_its_range():
    from game.config.schema import SCHEMA, WEIGHTS_SCHEMA

    def numeric(value) -> bool:
        return isinstance(value, (int, float)) and not isinstance(value, bool)

    for table, keys_ in SCHEMA.items():
        for key, (name, check) in keys_.items():
            if numeric(getattr(DEFAULTS, name)) or name == "time_limit":
                assert check.bounds is not None, f"{table}.{key}"
    for key, check in WEIGHTS_SCHEMA.items():
        assert check.bounds is not None, key
    for key in ("depth", "time_limit", "temperature", "elo"):
        assert LEVEL_SCHEMA[key].bounds is not None, key


def outside(bounds) -> list:
    step = (lambda x, d: x + d) if bounds.whole else (lambda x, d: math.nextafter(x, x + d))
    below = bounds.lo if bounds.lo_open else step(bounds.lo, -1)
    above = bounds.hi if bounds.hi_open else step(bounds.hi, +1)
    return [below, above]


def inside(bounds) -> list:
    step = (lambda x, d: x + d) if bounds.whole else (lambda x, d: math.nextafter(x, x + d))
    return [step(bounds.lo, +1) if bounds.lo_open else bounds.lo, step(bounds.hi, -1) if bounds.hi_open else bounds.hi]


@pytest.mark.parametrize("where,check", [(w, c) for w, c in numeric_checks() if c.bounds is not None],
                         ids=lambda v: v if isinstance(v, str) else "")
def test_just_outside_the_range_is_refused_and_the_edges_accepted(where, check):
    from game.config.schema import Bad as _Bad

    bounds = check.bounds
    wrap = (lambda v: [v, v, v]) if where.endswith((".own", ".block")) else (lambda v: v)
    for value in outside(bounds):
        if value == 0 and where.endswith("time_limit"):
            continue  # 0 means "no limit"
        with pytest.raises(_Bad):
            check(wrap(value))
    for value in inside(bounds):
        check(wrap(value))


def test_a_flood_of_problems_is_listed_up_to_a_screenful():
    from game.config.schema import MAX_PROBLEMS

    s, problems = parse_settings("[window]\n" + "".join(f"k{i} = 1\n" for i in range(5000)) + "fps = 30\n")
    assert s.fps == 30 and len(problems) == MAX_PROBLEMS + 1
    assert str(problems[-1]) == f"config file: {5000 - MAX_PROBLEMS} more problems not listed"


def test_a_huge_key_is_shown_shortened():
    (problem,) = parse_settings(f'"{"x" * 100_000}" = 1\n')[1]
    assert len(str(problem)) < 1000


def test_the_perfect_level_plays_the_solver_alone_without_a_time_limit():
    perfect = DEFAULTS.level("Perfect")
    assert perfect.exact and perfect.elo is None or perfect.elo > DEFAULTS.level("Master").elo
    for config in (DEFAULTS.search_config(level=perfect),
                   DEFAULTS.player_search(parse_player_spec("perfect", DEFAULTS))):
        assert config.depth is None and config.time_limit is None and not config.perfect_play
    # a time limit for every move in [ai] does not cut its proofs short
    timed = dataclasses.replace(DEFAULTS, time_limit=2.0)
    assert timed.player_search(parse_player_spec("Perfect", timed)).time_limit is None
    assert DEFAULTS.search_config(level=DEFAULTS.level("Master")).time_limit == 1.0


def test_an_exact_level_needs_no_depth(tmp_path):
    path = write(tmp_path, """
[[levels]]
name = "Oracle"
exact = true

[[levels]]
name = "Shallow"
""")
    settings, problems = load_settings(path)
    assert [l.name for l in settings.levels] == ["Oracle"]
    assert settings.levels[0].exact
    assert [p.key for p in problems] == ["levels[2]"]


def test_a_bad_optional_level_key_says_what_the_level_does_without_it():
    _, problems = parse_settings(
        '[[levels]]\nname = "Warm"\ndepth = 1\ntemperature = "hot"\nheuristic = "nope"\ntime_limit = -1\n'
        'elo = 99999\nperfect_play = "yes"\n'
    )
    fallbacks = {p.key: p.fallback for p in problems}
    assert fallbacks == {"levels[1].temperature": "using the default 0.0",
                         "levels[1].heuristic": "using the [ai] heuristic",
                         "levels[1].time_limit": "using the [ai] time_limit",
                         "levels[1].elo": "leaving the level unrated",
                         "levels[1].perfect_play": "using the default false"}


def test_a_saved_games_built_in_level_still_plays_when_the_settings_replaced_the_ladder():
    from game.domain.players import parse_saved_player

    settings, problems = parse_settings('[[levels]]\nname = "Club"\ndepth = 3\n')
    assert problems == [] and [level.name for level in settings.levels] == ["Club"]
    assert parse_saved_player("Novice", settings) == parse_player_spec("Novice", DEFAULTS)
    assert parse_saved_player("club", settings).level == "Club"
    with pytest.raises(ValueError, match="unknown player 'Grandmaster'.*Club"):
        parse_saved_player("Grandmaster", settings)      # the settings' own levels are the ones named

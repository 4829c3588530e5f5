"""game.settings: config.toml parsing, validation with per-key problems, player specs."""

from __future__ import annotations

import dataclasses
import re
import tomllib
from pathlib import Path

import pytest

from game.engine.heuristics import HEURISTICS, WindowWeights
from game.settings import (
    LEVEL_SCHEMA,
    CUSTOM_DEPTH,
    DEFAULT_LEVELS,
    DEFAULTS,
    MAX_CONFIG_BYTES,
    ConfigProblem,
    Level,
    PlayerSpec,
    Settings,
    default_config_path,
    load_settings,
    parse_player_spec,
    parse_settings,
    repo_config_path,
)

REPO_CONFIG = Path(__file__).resolve().parents[2] / "game" / "config.toml"


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
    assert [(l["name"], l["depth"]) for l in data["levels"]] == [(l.name, l.depth) for l in DEFAULT_LEVELS]
    assert [l.name for l in DEFAULT_LEVELS] == ["Beginner", "Easy", "Medium", "Hard", "Expert", "Master"]
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
    assert s == DEFAULTS and "directory" in str(problems[0])


def test_utf8_bom_is_accepted(tmp_path):
    s, problems = load_settings(write(tmp_path, b"\xef\xbb\xbf[window]\nfps = 30\n"))
    assert problems == [] and s.fps == 30


# --- where the config comes from -----------------------------------------------------------


def test_default_lookup_prefers_user_config(home):
    import game.settings

    # The package's own config.toml is found, from a checkout and from an installed wheel alike.
    assert repo_config_path() == Path(game.settings.__file__).resolve().parent / "config.toml"
    assert repo_config_path().read_bytes() == REPO_CONFIG.read_bytes()
    assert default_config_path() == repo_config_path()
    home.mkdir(parents=True)
    (home / "config.toml").write_text("[window]\nfps = 24\n", encoding="utf-8")
    assert default_config_path() == home / "config.toml"
    s, problems = load_settings()
    assert s.fps == 24 and problems == []


def test_no_config_anywhere_gives_builtin_defaults(monkeypatch):
    monkeypatch.setattr("game.settings.repo_config_path", lambda: None)
    assert load_settings() == (DEFAULTS, [])


# --- levels and search configs -------------------------------------------------------------


def test_level_lookup_is_case_insensitive():
    assert DEFAULTS.level("HARD").depth == 8
    assert DEFAULTS.level(" expert ").name == "Expert"
    with pytest.raises(KeyError, match="Beginner, Easy, Medium, Hard, Expert, Master"):
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
    ("ai:", "not a whole number"),
    ("ai:x", "not a whole number"),
    ("ai:-3", "not a whole number"),
    ("ai:0", "out of range"),
    (f"ai:{CUSTOM_DEPTH[1] + 1}", "out of range"),
    ("ai:99999999999999999999", "out of range"),
    ("ai:٣", "not a whole number"),
    ("ai:4:magic", "unknown heuristic"),
    ("ai:4:window:extra", "too many"),
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
    cfg = parse_player_spec("master").search_config(DEFAULTS)
    assert (cfg.depth, cfg.time_limit, cfg.perfect_play, cfg.heuristic) == (14, 1.0, True, "threats")
    cfg = parse_player_spec("ai:3:window").search_config(DEFAULTS)
    assert (cfg.depth, cfg.heuristic, cfg.perfect_play) == (3, "window", False)


def test_heuristic_names_come_from_the_engine():
    for name in HEURISTICS:
        s, problems = parse_settings(f'[ai]\nheuristic = "{name}"\n')
        assert problems == [] and s.heuristic == name


def test_settings_module_does_not_import_pygame():
    import subprocess
    import sys

    code = "import sys, game.settings, game.storage; assert 'pygame' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], check=True, cwd=REPO_CONFIG.parent)


def test_level_with_a_chosen_heuristic_round_trips_through_its_spec():
    # The menu can pick a heuristic on top of a level; save files must keep both.
    player = parse_player_spec("hard:WINDOW")
    assert (player.level, player.heuristic, player.depth) == ("Hard", "window", DEFAULTS.level("hard").depth)
    assert player.spec() == "Hard:window"
    assert parse_player_spec(player.spec()) == player
    with pytest.raises(ValueError, match="unknown heuristic 'nope'"):
        parse_player_spec("Hard:nope")


def test_level_blunder_reaches_the_search_config():
    settings, problems = parse_settings(
        '[[levels]]\nname = "Sloppy"\ndepth = 1\nblunder = 0.5\n'
        '[[levels]]\nname = "Broken"\ndepth = 2\nblunder = 2\n'
    )
    assert settings.level("sloppy").blunder == 0.5
    assert parse_player_spec("sloppy", settings).search_config(settings).blunder == 0.5
    assert settings.level("broken").blunder == 0.0
    assert [p.key for p in problems] == ["levels[2].blunder"]

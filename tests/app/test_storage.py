"""game.storage: folders, atomic writes, preferences, save files and the autosave."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from game import storage
from game.engine.board import Position
from game.storage import (
    MAX_SAVE_BYTES,
    SaveFileError,
    SavedGame,
    atomic_write_text,
    autosave_path,
    clear_autosave,
    format_save,
    list_saves,
    load_game,
    load_prefs,
    new_save_path,
    parse_save,
    read_autosave,
    save_game,
    save_prefs,
    saves_dir,
    user_config_dir,
    user_data_dir,
    write_autosave,
)

GAME = SavedGame(moves="4453", red="human", yellow="ai:8:window", saved_at="2026-01-31T18:05:00+01:00")


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("CONNECT4_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


# --- folders -------------------------------------------------------------------------------


def test_env_overrides_both_folders(home):
    assert user_config_dir() == home and user_data_dir() == home
    assert saves_dir() == home / "saves"


def test_platform_folders_without_env(monkeypatch):
    monkeypatch.delenv("CONNECT4_HOME")
    assert user_config_dir().name == "connect4"
    assert user_data_dir().name == "connect4"


# --- atomic writes -------------------------------------------------------------------------


def test_atomic_write_creates_folders_and_replaces(tmp_path):
    path = tmp_path / "a" / "b" / "f.txt"
    atomic_write_text(path, "one")
    atomic_write_text(path, "twø\n")
    assert path.read_text(encoding="utf-8") == "twø\n"
    assert os.listdir(path.parent) == ["f.txt"]


def test_crash_mid_write_keeps_old_file(tmp_path, monkeypatch):
    path = tmp_path / "f.txt"
    atomic_write_text(path, "old")

    def crash(*args):
        raise OSError("disk on fire")

    monkeypatch.setattr(storage.os, "replace", crash)
    with pytest.raises(OSError, match="disk on fire"):
        atomic_write_text(path, "new")
    assert path.read_text() == "old"
    assert os.listdir(tmp_path) == ["f.txt"]  # temporary file cleaned up


def test_crash_while_writing_text_keeps_old_file(tmp_path, monkeypatch):
    path = tmp_path / "f.txt"
    atomic_write_text(path, "old")

    def crash(fd):
        raise KeyboardInterrupt  # killed between write and rename

    monkeypatch.setattr(storage.os, "fsync", crash)
    with pytest.raises(KeyboardInterrupt):
        atomic_write_text(path, "new")
    assert path.read_text() == "old"
    assert os.listdir(tmp_path) == ["f.txt"]


# --- preferences ---------------------------------------------------------------------------


def test_prefs_round_trip(home):
    assert load_prefs() == {}
    prefs = {"theme": "colorblind", "volume": 0.4, "muted": True, "menu": {"mode": "vs_computer", "depth": 6}}
    save_prefs(prefs)
    assert load_prefs() == prefs
    assert json.loads((home / "prefs.json").read_text()) == prefs


@pytest.mark.parametrize("content", [b"{bad json", b"[1, 2]", b"\xff\xfe\x00", b"", b'"text"',
                                     b"[" * 100_000, b" " * (300 * 1024)])
def test_corrupt_prefs_give_empty_dict(home, content):
    home.mkdir(parents=True)
    (home / "prefs.json").write_bytes(content)
    assert load_prefs() == {}


def test_unwritable_prefs_do_not_crash(home, monkeypatch):
    def fail(path, text):
        raise PermissionError("read-only")

    monkeypatch.setattr(storage, "atomic_write_text", fail)
    save_prefs({"theme": "classic"})  # logged, not raised
    assert load_prefs() == {}


# --- save format ---------------------------------------------------------------------------


def test_format_is_plain_text_with_header():
    text = format_save(GAME)
    assert text.splitlines() == [
        "Connect Four saved game",
        "format: 1",
        "red: human",
        "yellow: ai:8:window",
        "saved: 2026-01-31T18:05:00+01:00",
        "moves: 4453",
        "end",
    ]
    assert parse_save(text) == GAME


def test_round_trip_of_finished_and_empty_games():
    for moves in ("", "1212121", "4" * 6, "1234567" * 2):
        game = SavedGame(moves, "Hard", "human", "2026-01-31T18:05:00")
        assert parse_save(format_save(game)) == game


def test_parse_tolerates_comments_blank_lines_bom_and_crlf():
    text = "\ufeff\n" + format_save(GAME).replace("format: 1\n", "# hand-edited\n\nformat: 1\n")
    assert parse_save(text.replace("\n", "\r\n")) == GAME


def test_saved_game_now_has_a_valid_date():
    game = SavedGame.now("44", "human", "human")
    assert parse_save(format_save(game)) == game
    assert game.position() == Position.from_moves("44")


GOOD = format_save(GAME)


@pytest.mark.parametrize("text,needle", [
    ("", "empty"),
    ("\n\n  \n", "empty"),
    ("hello world\n", "line 1: not a Connect Four save file"),
    ("4453\n", "not a Connect Four save file"),
    (GOOD.replace("format: 1", "format: 9"), "line 2: save format '9' is not supported"),
    (GOOD.replace("red: human", "red human"), "line 3: expected 'NAME: VALUE'"),
    (GOOD.replace("red: human", "colour: human"), "line 3: expected 'NAME: VALUE'"),
    (GOOD.replace("red: human\n", ""), "red missing"),
    (GOOD.replace("red: human", "red:"), "line 3: red: the player is missing"),
    (GOOD.replace("red: human", "red: <script>"), "line 3: red: '<script>' is not a player"),
    (GOOD.replace("yellow: ai:8:window", "yellow: " + "x" * 50), "line 4: yellow"),
    (GOOD.replace("2026-01-31T18:05:00+01:00", "yesterday"), "line 5: saved: 'yesterday' is not a date"),
    (GOOD.replace("moves: 4453", "moves: 4453\nmoves: 1"), "'moves' appears twice"),
    (GOOD.replace("4453", "44x3"), "line 6: moves: move 3"),
    (GOOD.replace("4453", "4480"), "line 6: moves: move 3"),
    (GOOD.replace("4453", "1111111"), "line 6: moves: move 7"),
    (GOOD.replace("4453", "1212121" + "3"), "line 6: moves: move 8"),
    (GOOD.replace("4453", "1234567" * 6 + "1"), "at most 42"),
    (GOOD.replace("end\n", ""), "ends early"),
    (GOOD + "moves: 1\n", "nothing may follow"),
    (GOOD[: GOOD.index("moves")], "moves missing"),
    (GOOD[:30], "line 2: expected 'NAME: VALUE'"),
    (GOOD[:28], "truncated"),
])
def test_bad_save_text(text, needle):
    with pytest.raises(SaveFileError) as info:
        parse_save(text)
    assert needle in str(info.value)


def test_every_truncation_is_refused():
    # Cutting the file anywhere before the final "end" line must not yield a (shorter) game.
    for cut in range(len(GOOD) - len("end\n")):
        with pytest.raises(SaveFileError):
            parse_save(GOOD[:cut])


def test_format_refuses_invalid_game():
    with pytest.raises(SaveFileError, match="move 7"):
        format_save(SavedGame("1111111", "human", "human", GAME.saved_at))


# --- files ---------------------------------------------------------------------------------


def test_save_and_load_file(tmp_path):
    path = tmp_path / "g.c4save"
    save_game(path, GAME)
    assert load_game(path) == GAME


@pytest.mark.parametrize("content,needle", [
    (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "binary"),
    (bytes(range(256)) * 4, "binary"),
    (b"Connect Four saved game\n\xff\xfe moves", "not UTF-8"),
    (b"x" * (MAX_SAVE_BYTES + 1), "too large"),
    (GOOD.encode()[:-10], "truncated"),
    (GOOD.replace("4453", "4444444").encode(), "column 4 is full"),
])
def test_bad_save_files(tmp_path, content, needle):
    path = tmp_path / "bad.c4save"
    path.write_bytes(content)
    with pytest.raises(SaveFileError) as info:
        load_game(path)
    assert needle in str(info.value) and str(info.value).startswith("bad.c4save: ")


def test_missing_file_and_folder(tmp_path):
    with pytest.raises(SaveFileError, match="no such file"):
        load_game(tmp_path / "nope.c4save")
    with pytest.raises(SaveFileError, match="folder"):
        load_game(tmp_path)


def test_list_saves_newest_first(home):
    paths = []
    for i in range(3):
        path = new_save_path()
        assert path not in paths
        save_game(path, GAME)
        os.utime(path, (1_000_000 + i, 1_000_000 + i))
        paths.append(path)
    write_autosave(GAME)
    (saves_dir() / "notes.txt").write_text("not a save")
    assert list_saves() == paths[::-1]


def test_list_saves_without_folder():
    assert list_saves() == []


# --- autosave ------------------------------------------------------------------------------


def test_autosave_cycle(home):
    assert read_autosave() is None
    write_autosave(GAME)
    assert autosave_path().parent == home
    assert read_autosave() == GAME
    later = SavedGame("44531", GAME.red, GAME.yellow, GAME.saved_at)
    write_autosave(later)
    assert read_autosave() == later
    clear_autosave()
    assert read_autosave() is None
    clear_autosave()  # twice is fine


def test_corrupt_autosave_is_set_aside(home):
    home.mkdir(parents=True)
    autosave_path().write_bytes(b"\x00garbage")
    assert read_autosave() is None
    assert not autosave_path().exists()
    assert (home / "autosave.c4save.bad").read_bytes() == b"\x00garbage"


def test_autosave_write_failure_is_not_raised(home, monkeypatch):
    write_autosave(GAME)

    def fail(path, text):
        raise OSError("disk full")

    monkeypatch.setattr(storage, "atomic_write_text", fail)
    write_autosave(SavedGame("1", "human", "human", GAME.saved_at))  # logged only
    assert read_autosave() == GAME  # the previous autosave is intact


def test_storage_has_no_pickle_or_eval():
    source = Path(storage.__file__).read_text(encoding="utf-8")
    for word in ("import pickle", "pickle.load", "eval(", "exec(", "import marshal", "import shelve"):
        assert word not in source

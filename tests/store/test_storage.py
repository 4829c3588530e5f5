"""game.store (autosave, savefile, saves, prefs, cleanup): folders, atomic writes, preferences, save files and the autosave."""

from __future__ import annotations

import dataclasses
import json
import os
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.store import autosave as storage
from game.store import cleanup, prefs, savefile, saves
from game.store import files
from game.engine.board import Position
from game.domain.saved import SavedGame
from game.store.autosave import AutosaveError, Autosaves
from game.store.savefile import MAX_SAVE_BYTES, SaveFileError, format_save, load_game, parse_save, save_game
from game.store.saves import list_saves, new_save_path, saves_dir
from game.store.files import atomic_write_text
from game.store.prefs import Prefs, load_prefs, save_prefs
from game.store.folders import user_config_dir, user_data_dir

ROOT = Path(__file__).resolve().parents[2]
GAME = SavedGame(moves="4453", red="human", yellow="ai:8:window", saved_at="2026-01-31T18:05:00+01:00")


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("CONNECT4_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


@pytest.fixture
def autosaves(home):
    """This running game's autosave, in a data folder not made yet."""
    made = Autosaves(home)
    yield made
    made.close()


def next_start(ended: Autosaves) -> Autosaves:
    """The program ended (its slot's lock given back) and starts again: a new running game."""
    ended.close()
    return Autosaves(ended.folder)


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
    assert load_prefs() == Prefs()
    prefs = Prefs(theme="colorblind", volume=0.4, muted=True, menu={"mode": "vs_computer", "depth": 6},
                  speech=True, verbosity="short")
    save_prefs(prefs)
    assert load_prefs() == prefs
    assert json.loads((home / "prefs.json").read_text()) == {
        "theme": "colorblind", "volume": 0.4, "muted": True, "menu": {"mode": "vs_computer", "depth": 6},
        "speech": True, "verbosity": "short"}


@pytest.mark.parametrize("content", [b"{bad json", b"[1, 2]", b"\xff\xfe\x00", b"", b'"text"',
                                     b"[" * 100_000, b" " * (300 * 1024), b"1" * 5000])
def test_corrupt_prefs_give_the_defaults(home, content):
    home.mkdir(parents=True)
    (home / "prefs.json").write_bytes(content)
    assert load_prefs() == Prefs()


def test_unwritable_prefs_do_not_crash(home, monkeypatch):
    def fail(path, text):
        raise PermissionError("read-only")

    monkeypatch.setattr(storage.files, "atomic_write_text", fail)
    save_prefs(Prefs(theme="classic"))  # logged, not raised
    assert load_prefs() == Prefs()


GOOD_PREFS = {"theme": "colorblind", "muted": True, "volume": 0.4, "network_name": "Ann",
              "told_plain_search": "0.2.0 /opt/connect4/game", "menu": {"mode": "two_players"},
              "speech": True, "verbosity": "short"}


@pytest.mark.parametrize(("key", "text", "words"), [
    ("theme", "3", "not a theme name"),
    ("theme", '"Dark Mode"', "not a theme name"),
    ("theme", json.dumps("x" * 33), "not a theme name"),
    ("muted", '"yes"', "not true or false"),
    ("muted", "1", "not true or false"),
    ("volume", "1.5", "not a number from 0 to 1"),
    ("volume", "-0.1", "not a number from 0 to 1"),
    ("volume", "true", "not a number from 0 to 1"),
    ("volume", '"0.5"', "not a number from 0 to 1"),
    ("volume", "NaN", "not a number from 0 to 1"),
    ("volume", "Infinity", "not a number from 0 to 1"),
    ("network_name", '"ai"', "not a player's name"),
    ("network_name", json.dumps("A" * 31), "not a player's name"),
    ("network_name", '"Bob:Hard"', "not a player's name"),
    ("network_name", "[\"Ann\"]", "not a player's name"),
    ("told_plain_search", "7", "not text of at most 4096 characters"),
    ("told_plain_search", json.dumps("x" * 4097), "not text of at most 4096 characters"),
    ("menu", "[1, 2]", "not a JSON object"),
    ("speech", '"on"', "not true or false"),
    ("verbosity", '"loud"', 'not "short" or "full"'),
    ("verbosity", "1", 'not "short" or "full"'),
    ("menu", '"vs_computer"', "not a JSON object"),
])
def test_a_bad_preference_falls_back_alone_and_is_said(home, caplog, key, text, words):
    home.mkdir(parents=True)
    others = {k: v for k, v in GOOD_PREFS.items() if k != key}
    body = ", ".join(f"{json.dumps(k)}: {json.dumps(v)}" for k, v in others.items())
    (home / "prefs.json").write_text(f"{{{body}, {json.dumps(key)}: {text}}}")
    said: list[str] = []
    prefs = load_prefs(said.append)
    assert getattr(prefs, key) is None                               # the default, this field alone
    assert all(getattr(prefs, k) == v for k, v in others.items())    # the rest kept
    assert len(said) == 1 and said[0].startswith(f"preference {key} ignored: {words}") and ", got " in said[0]
    assert said[0].isprintable() and len(said[0]) <= 150
    assert said[0] in caplog.text
    assert (home / "prefs.json").exists() and not list(home.glob("prefs.json.bad*"))   # the file is kept


def test_a_hostile_preference_is_said_escaped_and_short(home):
    home.mkdir(parents=True)
    hostile = "\x1b]0;owned\x07\x1b[2J" + "\u202e" + "x" * 100_000
    (home / "prefs.json").write_text(json.dumps({"theme": hostile, "network_name": hostile, "volume": 0.5}))
    said: list[str] = []
    assert load_prefs(said.append) == Prefs(volume=0.5)
    assert len(said) == 2
    for line in said:
        assert line.isprintable() and "\x1b" not in line and len(line) <= 150


def test_null_is_a_preference_not_set(home):
    home.mkdir(parents=True)
    (home / "prefs.json").write_text('{"theme": null, "volume": 0.25}')
    said: list[str] = []
    assert load_prefs(said.append) == Prefs(volume=0.25) and said == []


def test_unknown_keys_are_written_back_as_they_were(home):
    home.mkdir(parents=True)
    newer = {"theme": "classic", "window_position": [40, 60], "zz_future": {"a": [1, "é", None]}}
    (home / "prefs.json").write_text(json.dumps(newer))
    prefs = load_prefs()
    assert prefs.theme == "classic" and prefs.unknown == {"window_position": [40, 60], "zz_future": {"a": [1, "é", None]}}
    save_prefs(dataclasses.replace(prefs, volume=0.5))
    assert json.loads((home / "prefs.json").read_text(encoding="utf-8")) == {**newer, "volume": 0.5}


@pytest.mark.parametrize(("key", "value"), [("volume", 2), ("volume", True), ("muted", "no"), ("theme", "a b"),
                                            ("network_name", "human"), ("menu", [1])])
def test_a_bad_preference_is_refused_before_it_is_kept(key, value):
    prefs = Prefs(volume=0.5)
    with pytest.raises(ValueError, match=f"preference {key}"):
        dataclasses.replace(prefs, **{key: value})
    assert prefs == Prefs(volume=0.5)


def test_an_unknown_key_cannot_shadow_a_field():
    with pytest.raises(ValueError, match="theme"):
        Prefs(unknown={"theme": "classic"})


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


def test_an_optional_field_is_written_only_when_set_and_raises_the_format():
    # A rated autosave says so in a line of its own; the format line changes with it, so an older
    # version refuses the file by its format rather than reading a rated game as a casual one.
    rated = SavedGame("4453", "human", "Easy", GAME.saved_at, rated=True)
    lines = format_save(rated).splitlines()
    assert lines[1] == "format: 2" and lines[-2:] == ["rated: yes", "end"]
    assert parse_save(format_save(rated)) == rated
    assert "rated" not in format_save(GAME) and parse_save(format_save(GAME)).rated is False
    assert parse_save(GOOD.replace("end", "rated: no\nend")) == GAME


def test_the_analysis_row_is_kept_only_when_on():
    shown = SavedGame("4453", "human", "human", GAME.saved_at, analysis=True)
    assert format_save(shown).splitlines()[1:2] == ["format: 2"] and "analysis: on\n" in format_save(shown)
    assert parse_save(format_save(shown)) == shown
    assert "analysis" not in format_save(GAME) and parse_save(format_save(GAME)).analysis is False


@pytest.mark.parametrize("line,needle", [
    ("analysis: yes", "line 7: analysis: expected on or off, found 'yes'"),
    ("rated: maybe", "line 7: rated: expected yes or no, found 'maybe'"),
    ("rated: " + "y" * 500, "line 7: rated: expected yes or no"),
    ("rated: yes\nrated: yes", "line 8: 'rated' appears twice"),
])
def test_a_bad_optional_field_is_named_with_its_line(line, needle):
    with pytest.raises(SaveFileError) as e:
        parse_save(GOOD.replace("end", line + "\nend"))
    assert needle in str(e.value) and len(str(e.value)) < 200


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


def test_list_saves_newest_first(autosaves, home):
    paths = []
    for i in range(3):
        path = new_save_path()
        assert path not in paths
        save_game(path, GAME)
        os.utime(path, (1_000_000 + i, 1_000_000 + i))
        paths.append(path)
    autosaves.write(GAME)
    (saves_dir() / "notes.txt").write_text("not a save")
    assert list_saves() == paths[::-1]


def test_list_saves_without_folder():
    assert list_saves() == []


# --- autosave ------------------------------------------------------------------------------


def test_autosave_cycle(autosaves, home):
    assert autosaves.read() is None
    autosaves.write(GAME)
    assert autosaves.path.parent == home
    assert autosaves.read() == GAME
    later = SavedGame("44531", GAME.red, GAME.yellow, GAME.saved_at)
    autosaves.write(later)
    assert autosaves.read() == later
    autosaves.clear()
    assert autosaves.read() is None
    autosaves.clear()  # twice is fine


def test_an_autosave_that_cannot_be_read_is_left_alone_and_the_game_autosaves_elsewhere(autosaves, home):
    autosaves.write(GAME)
    first = autosaves.path
    first.unlink()
    os.mkfifo(first)                        # reading it would block: it can be neither read nor replaced
    said: list[str] = []
    assert autosaves.read(said.append) is None
    assert len(said) == 1 and "cannot be read" in said[0] and "left as it is" in said[0]
    later = SavedGame("4455", "human", "human", GAME.saved_at)
    autosaves.write(later)
    assert autosaves.path != first and stat.S_ISFIFO(os.lstat(first).st_mode)
    assert load_game(autosaves.path) == later


def test_corrupt_autosave_is_set_aside(autosaves, home):
    home.mkdir(parents=True)
    autosaves.path.write_bytes(b"\x00garbage")
    assert autosaves.read() is None
    assert not autosaves.path.exists()
    assert (home / "autosave.c4save.bad").read_bytes() == b"\x00garbage"


@pytest.mark.parametrize("failure", [OSError(28, "No space left on device"), PermissionError(13, "Permission denied")])
def test_autosave_write_failure_raises_one_documented_type(autosaves, home, monkeypatch, failure):
    autosaves.write(GAME)

    def fail(path, text):
        raise failure

    monkeypatch.setattr(storage.files, "atomic_write_text", fail)
    with pytest.raises(AutosaveError) as info:
        autosaves.write(SavedGame("1", "human", "human", GAME.saved_at))
    assert isinstance(info.value, SaveFileError) and isinstance(info.value, OSError)
    message = str(info.value)
    assert failure.strerror.lower() in message and str(autosaves.path) in message and "\n" not in message
    assert autosaves.last.error == message
    assert autosaves.read() == GAME  # the previous autosave is intact


def test_autosave_of_an_invalid_game_raises_the_same_type(autosaves, home):
    with pytest.raises(AutosaveError, match="is not a player"):
        autosaves.write(SavedGame("1", "a\tb", "human", GAME.saved_at))
    assert not autosaves.path.exists()


def test_storage_has_no_pickle_or_eval():
    source = "".join(Path(m.__file__).read_text(encoding="utf-8") for m in (storage, savefile, saves, prefs))
    for word in ("import pickle", "pickle.load", "eval(", "exec(", "import marshal", "import shelve"):
        assert word not in source


# --- the order that makes a write durable --------------------------------------------------


def test_atomic_write_syncs_file_then_renames_then_syncs_folder(tmp_path, monkeypatch):
    path = tmp_path / "f.txt"
    calls: list[tuple[str, str]] = []
    real_fsync, real_replace = os.fsync, os.replace

    def fsync(fd):
        target = os.readlink(f"/proc/self/fd/{fd}") if os.path.exists("/proc/self/fd") else "?"
        calls.append(("fsync", "folder" if os.path.isdir(target) else "file"))
        real_fsync(fd)

    def replace(src, dst):
        calls.append(("replace", Path(dst).name))
        real_replace(src, dst)

    if not os.path.exists("/proc/self/fd"):
        pytest.skip("needs /proc to tell a folder's fsync from a file's")
    monkeypatch.setattr(storage.os, "fsync", fsync)
    monkeypatch.setattr(storage.os, "replace", replace)
    atomic_write_text(path, "new")
    assert calls == [("fsync", "file"), ("replace", "f.txt"), ("fsync", "folder")]


def _fsynced_files(monkeypatch) -> list[str]:
    """Spy on fsync: the names of the regular files synced (folders left out)."""
    if not os.path.exists("/proc/self/fd"):
        pytest.skip("needs /proc to tell a folder's fsync from a file's")
    synced: list[str] = []
    real_fsync = os.fsync

    def fsync(fd):
        target = os.readlink(f"/proc/self/fd/{fd}")
        if not os.path.isdir(target):
            synced.append(Path(target).name)
        real_fsync(fd)

    monkeypatch.setattr(files.os, "fsync", fsync)
    return synced


def test_an_appended_line_is_synced_before_the_append_returns(tmp_path, monkeypatch):
    synced = _fsynced_files(monkeypatch)
    files.append_line(tmp_path / "record.jsonl", b"{}\n")
    assert synced == ["record.jsonl"]


def test_lines_set_aside_are_synced_before_the_file_loses_them(tmp_path, monkeypatch):
    synced = _fsynced_files(monkeypatch)
    aside = files.write_aside(tmp_path / "drills.jsonl", b"{damaged\n")
    assert synced == [aside.name] and aside.read_bytes() == b"{damaged\n"


# --- saves never overwrite each other -------------------------------------------------------


def test_two_saves_in_the_same_second_get_two_files(home, monkeypatch):
    monkeypatch.setattr(saves.time, "strftime", lambda fmt, *a: "20260131-180500")
    first = new_save_path()  # reserved at once, before anything is written into it
    second = new_save_path()
    assert first != second and first.exists() and second.exists()
    save_game(first, GAME)
    other = SavedGame("1", "human", "human", GAME.saved_at)
    save_game(second, other)
    assert load_game(first) == GAME and load_game(second) == other
    assert [p.name for p in sorted(list_saves())] == ["game-20260131-180500-2.c4save", "game-20260131-180500.c4save"]


def test_a_reserved_but_unwritten_name_is_not_listed(home):
    path = new_save_path()
    assert path.exists() and list_saves() == []


def test_save_new_game_gives_the_name_back_when_the_write_fails(home, monkeypatch):
    def fail(path, text):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(storage.files, "atomic_write_text", fail)
    with pytest.raises(OSError):
        saves.save_new_game(GAME)
    assert list(saves_dir().iterdir()) == []
    monkeypatch.undo()
    monkeypatch.setenv("CONNECT4_HOME", str(home))
    path = saves.save_new_game(GAME)
    assert load_game(path) == GAME


HOLDER = """
import sys
from game.store.autosave import Autosaves
from game.store.folders import user_data_dir
from game.domain.saved import SavedGame
autosaves = Autosaves(user_data_dir())
autosaves.write(SavedGame(sys.argv[1], "human", "human", "2026-01-31T18:05:00"))
print(autosaves.path.name, flush=True)
sys.stdin.readline()  # keep running (and holding the autosave) until told to stop
"""


def start_holder(moves: str) -> tuple[subprocess.Popen, str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    proc = subprocess.Popen([sys.executable, "-c", HOLDER, moves], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            text=True, env=env, cwd=ROOT)
    return proc, proc.stdout.readline().strip()


def test_two_running_games_keep_their_own_autosaves(autosaves, home):
    other, other_name = start_holder("4444")
    try:
        assert other_name == "autosave.c4save"
        assert autosaves.read() is None  # the other window's game is not offered while it runs
        autosaves.write(GAME)
        assert autosaves.path.name == "autosave-2.c4save"
        assert load_game(home / "autosave.c4save").moves == "4444"  # untouched
        assert load_game(home / "autosave-2.c4save") == GAME
    finally:
        other.communicate("\n", timeout=60)
    # The other game has ended (its lock is gone): the next start is offered the newest autosave.
    later = next_start(autosaves)
    os.utime(home / "autosave.c4save", (1_000_000, 1_000_000))
    assert later.read() == GAME
    last = next_start(later)
    os.utime(home / "autosave-2.c4save", (900_000, 900_000))
    assert last.read().moves == "4444"
    last.close()


def test_a_closed_run_gives_its_slot_back_and_writes_nothing_more(autosaves, home):
    autosaves.write(GAME)
    path = autosaves.path
    later = next_start(autosaves)                    # the program ended, and starts again
    try:
        assert later.read() == GAME and later.path == path
        with pytest.raises(AutosaveError, match="autosave is off"):
            autosaves.write(dataclasses.replace(GAME, moves="1"))
        autosaves.clear()                            # nothing either: the game belongs to the next run
        said: list[str] = []
        assert autosaves.read(said.append) is None and said == [
            "this game runs without autosave: this run's autosave is closed"]
        assert load_game(path) == GAME and autosaves.last.error is not None
    finally:
        later.close()
    autosaves.close()                                # closing twice is harmless


def test_the_writer_thread_and_the_window_never_choose_two_slots(autosaves, home, monkeypatch):
    """One slot for one running game, however its calls interleave: the window reading the offer
    while the writer thread writes the first move never both choose (each would lock a slot)."""
    import threading

    real, inside, most = storage._choose_slot, [], []
    other_came_in = threading.Event()

    def choose(*args, **kwargs):
        inside.append(threading.current_thread().name)
        most.append(len(inside))
        if len(inside) > 1:
            other_came_in.set()
        other_came_in.wait(0.3)          # room for the other caller to come in, were it let in
        try:
            return real(*args, **kwargs)
        finally:
            inside.pop()

    monkeypatch.setattr(storage, "_choose_slot", choose)
    start = threading.Barrier(2)
    paths: list[Path] = []

    def window() -> None:
        start.wait()
        autosaves.read()
        paths.append(autosaves.path)

    def writer() -> None:
        start.wait()
        autosaves.write(GAME)
        paths.append(autosaves.path)

    threads = [threading.Thread(target=window), threading.Thread(target=writer)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert max(most) == 1 and len(most) == 1                     # chosen once, by one caller
    assert paths == [home / "autosave.c4save"] * 2 and load_game(paths[0]) == GAME


def test_a_killed_game_frees_its_autosave_for_the_next_start(autosaves, home):
    other, name = start_holder("4453")
    other.kill()
    other.wait(timeout=60)
    assert autosaves.read().moves == "4453" and autosaves.path.name == name


# --- stale temporary files ------------------------------------------------------------------


def test_stale_temporary_files_of_our_own_naming_are_removed(home):
    (home / "saves").mkdir(parents=True)
    old, young = 1_000_000.0, 1_000_000.0 + storage.files.STALE_AFTER + 100
    now = young + 10
    files = {
        home / ".autosave.c4save.ab12cd_9.tmp": old,            # killed mid-write: removed
        home / ".autosave-2.c4save.zz34xx00.tmp": old,          # removed
        home / ".prefs.json.k2j3h4g5.tmp": old,                 # removed
        home / "saves" / ".game-20260131-180500.c4save.a1b2c3d4.tmp": old,  # removed
        home / ".autosave.c4save.qwertyui.tmp": young,          # a write running now: kept
        home / "notes.tmp": old,                                # not ours: kept
        home / ".config.toml.abcdefgh.tmp": old,                # not written by the game: kept
        home / "saves" / "game-20260131-180500.c4save": old,   # empty, reserved long ago: removed
        home / "saves" / "game-20260131-180501.c4save": young,  # reserved just now: kept
    }
    for path, mtime in files.items():
        path.write_text("")
        os.utime(path, (mtime, mtime))
    kept_save = home / "saves" / "game-20260131-180502.c4save"
    save_game(kept_save, GAME)
    os.utime(kept_save, (old, old))
    removed = cleanup.clean_stale_files(now=now)
    assert sorted(p.name for p in removed) == sorted([
        ".autosave.c4save.ab12cd_9.tmp", ".autosave-2.c4save.zz34xx00.tmp", ".prefs.json.k2j3h4g5.tmp",
        ".game-20260131-180500.c4save.a1b2c3d4.tmp", "game-20260131-180500.c4save"])
    for path in files:
        assert path.exists() == (path not in removed)
    assert load_game(kept_save) == GAME


def test_cleaning_never_follows_a_symlink(home, tmp_path):
    home.mkdir(parents=True)
    precious = tmp_path / "precious.txt"
    precious.write_text("keep me")
    link = home / ".autosave.c4save.abcdefgh.tmp"
    link.symlink_to(precious)
    os.utime(link, (1, 1), follow_symlinks=False)
    cleanup.clean_stale_files()
    assert precious.read_text() == "keep me"


# --- unreadable is not corrupt; corrupt files are numbered ----------------------------------


def test_an_unreadable_autosave_is_reported_and_left_alone(autosaves, home, monkeypatch):
    home.mkdir(parents=True)
    (home / "autosave.c4save").write_text(format_save(GAME))
    real = files.read_regular_file

    def denied(path, limit):
        if Path(path).name == "autosave.c4save":
            raise PermissionError(13, "Permission denied", str(path))
        return real(path, limit)

    monkeypatch.setattr(files, "read_regular_file", denied)
    reports: list[str] = []
    assert autosaves.read(reports.append) is None
    assert len(reports) == 1 and "permission denied" in reports[0] and "left as it is" in reports[0]
    assert not list(home.glob("*.bad*"))
    autosaves.write(SavedGame("1", "human", "human", GAME.saved_at))  # this game writes elsewhere
    assert autosaves.path.name != "autosave.c4save"
    assert parse_save((home / "autosave.c4save").read_text()) == GAME


def test_a_corrupt_autosave_never_replaces_an_earlier_bad_file(autosaves, home):
    home.mkdir(parents=True)
    for n, content in enumerate([b"\x00first", b"\x00second", b"\x00third"]):
        autosaves.path.write_bytes(content)
        reports: list[str] = []
        assert autosaves.read(reports.append) is None
        assert len(reports) == 1 and "ignoring the autosave" in reports[0]
    assert (home / "autosave.c4save.bad").read_bytes() == b"\x00first"
    assert (home / "autosave.c4save.bad.1").read_bytes() == b"\x00second"
    assert (home / "autosave.c4save.bad.2").read_bytes() == b"\x00third"
    assert not autosaves.path.exists()


# --- only regular files are read --------------------------------------------------------------


FIFO_PROBE = """
import os, sys
from game.store.autosave import Autosaves
from game.store import folders
home = folders.user_data_dir(); home.mkdir(parents=True, exist_ok=True)
os.mkfifo(home / "autosave.c4save")
os.mkfifo(home / "prefs.json")
autosaves = Autosaves(home)
game = autosaves.read(print)
print("resume:", game)
from game.store.prefs import Prefs, load_prefs
print("prefs:", load_prefs() == Prefs())
from game.domain.saved import SavedGame
autosaves.write(SavedGame("4", "human", "human", "2026-01-31T18:05:00"))
print("autosave:", autosaves.path.name)
"""


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_named_pipe_at_the_autosave_path_is_reported_not_waited_on(home):
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    # Before the fix this blocked for ever opening the pipe; the timeout only ends a hung run.
    r = subprocess.run([sys.executable, "-c", FIFO_PROBE], capture_output=True, text=True, env=env, cwd=ROOT,
                       timeout=120)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert "named pipe" in lines[0] and "left as it is" in lines[0]
    assert lines[1:] == ["resume: None", "prefs: True", "autosave: autosave-2.c4save"]
    assert stat.S_ISFIFO(os.lstat(home / "autosave.c4save").st_mode)


def test_a_symlink_to_a_device_is_not_read(home):
    if not Path("/dev/zero").exists():
        pytest.skip("no /dev/zero here")
    home.mkdir(parents=True)
    (home / "saves").mkdir()
    (home / "saves" / "zero.c4save").symlink_to("/dev/zero")
    with pytest.raises(savefile.UnreadableSaveError, match="is a device"):
        load_game(home / "saves" / "zero.c4save")
    assert list_saves() == []


@pytest.mark.parametrize("newline", ["\r", "\r\n", "\n\r", "\u2028", "\x85"])
def test_odd_line_endings_in_a_save(tmp_path, newline):
    path = tmp_path / "g.c4save"
    path.write_bytes(("\ufeff" + GOOD.replace("\n", newline)).encode("utf-8"))
    assert load_game(path) == GAME


def test_a_home_that_is_a_file_gives_clear_errors(tmp_path, monkeypatch):
    not_a_folder = tmp_path / "file"
    not_a_folder.write_text("x")
    monkeypatch.setenv("CONNECT4_HOME", str(not_a_folder))
    autosaves = Autosaves(user_data_dir())
    assert autosaves.read() is None and load_prefs() == Prefs() and list_saves() == []
    save_prefs(Prefs(theme="classic"))  # logged only
    with pytest.raises(AutosaveError, match="not a directory|exists"):
        autosaves.write(GAME)
    with pytest.raises(OSError):
        saves.save_new_game(GAME)
    assert cleanup.clean_stale_files() == []


def test_one_running_game_makes_one_lock_file(autosaves, home):
    autosaves.write(GAME)
    assert sorted(os.listdir(home)) == [".autosave-choice.lock", ".autosave.c4save.lock", "autosave.c4save"]
    autosaves.clear()
    assert sorted(os.listdir(home)) == [".autosave-choice.lock", ".autosave.c4save.lock"]


def test_a_home_with_a_tilde_is_expanded(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("CONNECT4_HOME", "~/c4")
    assert user_data_dir() == tmp_path / "c4" == user_config_dir()


# --- slots that must never be shared or replaced ---------------------------------------------


def test_keeping_an_autosave_for_later_never_takes_another_unfinished_games_slot(autosaves, home):
    home.mkdir(parents=True)
    newer, older = (dataclasses.replace(GAME, moves=m) for m in ("4455", "1122"))
    save_game(home / "autosave-2.c4save", older)
    os.utime(home / "autosave-2.c4save", (1_000_000, 1_000_000))
    save_game(home / "autosave.c4save", newer)
    assert autosaves.read() == newer                      # the newest free one is this run's
    autosaves.keep_for_later()                    # --red/--yellow: keep it for later
    autosaves.write(dataclasses.replace(GAME, moves="4"))
    assert autosaves.path.name == "autosave-3.c4save"
    assert load_game(home / "autosave.c4save") == newer
    assert load_game(home / "autosave-2.c4save") == older


def test_a_lock_file_that_cannot_be_opened_never_makes_two_windows_share_a_slot(autosaves, home):
    home.mkdir(parents=True)
    (home / ".autosave.c4save.lock").mkdir()             # cannot be opened as a lock file
    save_game(home / "autosave.c4save", GAME)
    notes: list[str] = []
    assert autosaves.read(notes.append) is None           # slot 1 is not used: not even offered
    assert any("cannot be opened" in note for note in notes)
    autosaves.write(dataclasses.replace(GAME, moves="1"))
    second = Autosaves(home)                             # a second window, the first still running
    try:
        assert second.read(notes.append) is None
        second.write(dataclasses.replace(GAME, moves="2"))
        assert {autosaves.path.name, second.path.name} == {"autosave-2.c4save", "autosave-3.c4save"}
    finally:
        second.close()
    assert load_game(home / "autosave.c4save") == GAME


def test_no_lockable_slot_means_no_autosave_and_says_so(autosaves, home, monkeypatch):
    home.mkdir(parents=True)
    save_game(home / "autosave.c4save", GAME)

    def refuse(path):
        raise PermissionError(13, "Permission denied", str(path))

    monkeypatch.setattr(storage.files, "try_lock", refuse)
    notes: list[str] = []
    assert autosaves.read(notes.append) is None
    assert any("without autosave" in note for note in notes)
    with pytest.raises(AutosaveError, match="autosave is off"):
        autosaves.write(dataclasses.replace(GAME, moves="1"))
    assert load_game(home / "autosave.c4save") == GAME


STARTER = """
import sys, time
from game.store.autosave import Autosaves
from game.store.folders import user_data_dir
autosaves = Autosaves(user_data_dir())
deadline = float(sys.argv[1])
while time.time() < deadline:
    pass
game = autosaves.read(lambda note: None)
print(game.moves if game else "-", flush=True)
sys.stdin.readline()
"""


def test_four_windows_starting_at_once_are_offered_every_unfinished_game_once(home):
    home.mkdir(parents=True)
    for number, moves in zip((1, 2, 3, 4), ("1", "2", "3", "4")):
        save_game(home / ("autosave.c4save" if number == 1 else f"autosave-{number}.c4save"),
                  dataclasses.replace(GAME, moves=moves))
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    for attempt in range(3):
        start = time.time() + 1.5
        procs = [subprocess.Popen([sys.executable, "-c", STARTER, str(start)], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, text=True, env=env, cwd=ROOT) for _ in range(4)]
        offered = sorted(proc.stdout.readline().strip() for proc in procs)
        for proc in procs:
            proc.communicate("\n", timeout=60)
        assert offered == ["1", "2", "3", "4"], f"attempt {attempt}"


def test_stale_temporary_files_of_the_record_are_removed(home):
    home.mkdir(parents=True)
    stale = [home / ".record.jsonl.abcd1234.tmp", home / ".record.json.x_y_z_12.tmp"]
    fresh = home / ".record.jsonl.fresh123.tmp"
    for path in [*stale, fresh]:
        path.write_text("half a record")
    for path in stale:
        os.utime(path, (1, 1))
    assert sorted(cleanup.clean_stale_files()) == sorted(stale)
    assert fresh.exists()


def test_a_choice_lock_that_cannot_be_opened_still_gives_a_locked_slot(autosaves, home):
    home.mkdir(parents=True)
    (home / ".autosave-choice.lock").mkdir()             # cannot be opened as a lock file
    autosaves.write(GAME)
    assert autosaves.path.name == "autosave.c4save"
    second = Autosaves(home)                             # its lock is held: a second window goes on
    try:
        assert second.path.name == "autosave-2.c4save"
    finally:
        second.close()
    assert load_game(home / "autosave.c4save") == GAME

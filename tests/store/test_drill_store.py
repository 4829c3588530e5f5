"""Drills on disk (game.store.drill_file): atomic, locked, and nothing lost to damage or a kill."""

from __future__ import annotations

import errno
import json
import os
import shlex
import shutil
import signal
import subprocess
import sys
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from game.store import files
from game.engine.drills import Drill
from game.engine.scores import Outcome
from game.training.schedule import Grade, add_drills, grade_drill, new_entry
from game.store.drill_file import (DRILLS_NAME, LOCAL_PLAYER, MAX_OWNER_CHARS, PLAYERS_NAME, PlayerChoice, clean_stale,
                               entry_line, load_choices, load_drills, update_choices, update_drills)

ROOT = Path(__file__).resolve().parents[2]
NOW = datetime(2026, 11, 26, 9, 0, tzinfo=timezone.utc)
DRILLS = [Drill((3, 3), 4, (3,), Outcome.WIN), Drill((3,), 0, (2, 3, 4), Outcome.DRAW),
          Drill((3, 3, 3), 2, (3,), Outcome.DRAW)]


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / DRILLS_NAME


def kept(path: Path) -> list[tuple[Drill, datetime]]:
    entries, notice = load_drills(path)
    assert notice is None
    return [(e.drill, e.card.due) for e in entries]


def test_drills_are_kept_once_per_position_with_their_schedule(path: Path) -> None:
    added, entries, notice = add_drills(DRILLS, NOW, path)
    assert (added, notice) == (3, None) and [e.drill for e in entries] == DRILLS
    again = Drill((3, 3), 2, (3,), Outcome.WIN)  # the same position, another slip
    added, entries, _ = add_drills([again], NOW + timedelta(days=1), path)
    assert added == 0 and [e.drill for e in entries] == DRILLS
    entry, _ = grade_drill(DRILLS[0].key, Grade.FIRST_TRY, NOW, path)
    assert entry is not None and entry.card.due > NOW
    assert kept(path)[0] == (DRILLS[0], entry.card.due) and kept(path)[1] == (DRILLS[1], NOW)


def test_a_damaged_file_loses_no_readable_drill_and_keeps_the_damage_aside(path: Path) -> None:
    add_drills(DRILLS, NOW, path)
    good = path.read_bytes().splitlines(keepends=True)
    bad = [b"{not json\n", json.dumps({"drill": {"position": "48", "played": 1, "accepted": [2], "kept": "win"},
                                       "card": {}}).encode() + b"\n",
           b"\xff\xfe binary\n", good[1][:40] + b"\n"]  # the last: a line cut short
    path.write_bytes(good[0] + bad[0] + bad[1] + good[1] + bad[2] + good[2] + bad[3])
    entries, notice = load_drills(path)
    assert [e.drill for e in entries] == DRILLS
    assert notice is not None and "4 damaged drills" in notice and "3 drills are kept" in notice
    assert path.with_name(DRILLS_NAME + ".bad").read_bytes() == b"".join(bad)
    assert path.read_bytes() == b"".join(good)
    # damage found later goes to a new file: the first one is never replaced
    path.write_bytes(path.read_bytes() + b"[]\n")
    assert len(load_drills(path)[0]) == 3
    assert path.with_name(DRILLS_NAME + ".bad.1").read_bytes() == b"[]\n"
    assert path.with_name(DRILLS_NAME + ".bad").read_bytes() == b"".join(bad)


@pytest.mark.parametrize("card", [
    {"due": "2026-11-26T09:00:00"},  # no time zone
    {"due": "tomorrow"}, {"state": 9}, {"stability": -1.0}, {"difficulty": "hard"}, {"card_id": True},
    {"step": 10**6}, {"last_review": 5},
])
def test_a_card_that_is_not_one_is_set_aside(path: Path, card: dict) -> None:
    add_drills(DRILLS[:1], NOW, path)
    doc = json.loads(path.read_bytes())
    doc["card"].update(card)
    path.write_bytes(path.read_bytes() + json.dumps({**doc, "drill": DRILLS[1].to_json()}).encode() + b"\n")
    entries, notice = load_drills(path)
    assert [e.drill for e in entries] == DRILLS[:1] and notice is not None


KILLED_WRITER = """
import os, sys, time
from datetime import datetime, timezone
from pathlib import Path
from game.training.schedule import Grade, grade_drill
def slow_fsync(fd):
    sys.stdout.write("writing\\n"); sys.stdout.flush()
    time.sleep(60)
os.fsync = slow_fsync
grade_drill(int(sys.argv[2]), Grade.WRONG, datetime(2026, 11, 27, tzinfo=timezone.utc), Path(sys.argv[1]))
"""


def test_a_write_killed_midway_loses_nothing(path: Path) -> None:
    add_drills(DRILLS, NOW, path)
    grade_drill(DRILLS[0].key, Grade.FIRST_TRY, NOW, path)
    before = path.read_bytes()
    proc = subprocess.Popen([sys.executable, "-c", KILLED_WRITER, str(path), str(DRILLS[0].key)],
                            stdout=subprocess.PIPE, env={**os.environ, "PYTHONPATH": str(ROOT)}, cwd=ROOT)
    assert proc.stdout is not None
    assert proc.stdout.readline() == b"writing\n"  # the new file is written, not yet renamed
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=30)
    assert path.read_bytes() == before
    assert [d for d, _ in kept(path)] == DRILLS
    leftovers = [p for p in path.parent.iterdir() if files.temporary_target(p.name) == DRILLS_NAME]
    assert len(leftovers) == 1
    assert clean_stale(path, now=time.time() + files.STALE_AFTER + 1) == leftovers
    assert not leftovers[0].exists() and path.read_bytes() == before


def test_a_file_that_cannot_be_read_is_never_written(path: Path) -> None:
    path.mkdir()  # a folder where the file should be
    entries, notice = load_drills(path)
    assert entries == [] and notice is not None and "Cannot read your drills" in notice
    with pytest.raises(OSError):
        add_drills(DRILLS, NOW, path)
    assert path.is_dir() and not list(path.iterdir())


def test_a_named_pipe_is_refused_at_once(path: Path) -> None:
    os.mkfifo(path)
    entries, notice = load_drills(path)
    assert entries == [] and notice is not None and "named pipe" in notice


def test_a_change_that_changes_nothing_writes_nothing(path: Path) -> None:
    add_drills(DRILLS, NOW, path)
    stamp = path.stat().st_mtime_ns
    os.utime(path, ns=(stamp - 10**9, stamp - 10**9))
    update_drills(lambda entries: entries, path)
    add_drills(DRILLS[:1], NOW, path)
    assert path.stat().st_mtime_ns == stamp - 10**9


def test_the_line_format_is_plain_json(path: Path) -> None:
    add_drills(DRILLS[:1], NOW, path)
    entries, _ = load_drills(path)
    assert path.read_bytes() == entry_line(entries[0])
    doc = json.loads(path.read_bytes())
    assert doc["player"] == LOCAL_PLAYER
    assert doc["drill"] == {"position": "44", "played": 5, "accepted": [4], "kept": "win"}
    assert doc["card"]["due"] == NOW.isoformat()


def old_line(drill: Drill, due: datetime = NOW) -> bytes:
    """A line as written before drills had owners: no ``player``."""
    return json.dumps({"drill": drill.to_json(), "card": {"card_id": drill.key, "state": 1, "step": 0,
                                                           "stability": None, "difficulty": None,
                                                           "due": due.isoformat(), "last_review": None}}).encode() + b"\n"


def test_an_old_file_goes_to_the_person_at_this_computer_and_is_written_back_with_the_name(path: Path) -> None:
    later = NOW + timedelta(days=3)
    path.write_bytes(old_line(DRILLS[0]) + old_line(DRILLS[1], later))
    entries, notice = load_drills(path)
    assert notice is None
    assert [(e.player, e.drill, e.card.due) for e in entries] == [(LOCAL_PLAYER, DRILLS[0], NOW),
                                                                  (LOCAL_PLAYER, DRILLS[1], later)]
    docs = [json.loads(line) for line in path.read_bytes().splitlines()]
    assert [d["player"] for d in docs] == [LOCAL_PLAYER, LOCAL_PLAYER]      # written back, schedules as they were
    assert [d["card"]["due"] for d in docs] == [NOW.isoformat(), later.isoformat()]
    assert not path.with_name(DRILLS_NAME + ".bad").exists()


def test_an_old_file_that_cannot_be_written_still_loads_with_its_owner(path: Path, monkeypatch) -> None:
    path.write_bytes(old_line(DRILLS[0]))

    def refuse(*_args, **_kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(files, "atomic_write_bytes", refuse)
    entries, notice = load_drills(path)
    assert [(e.player, e.drill) for e in entries] == [(LOCAL_PLAYER, DRILLS[0])]
    assert notice is not None and "nothing new will be kept" in notice   # the player is told writes fail
    assert path.read_bytes() == old_line(DRILLS[0])


def test_each_player_has_their_own_drill_and_schedule_at_one_position(path: Path) -> None:
    add_drills(DRILLS[:2], NOW, path)
    added, entries, _ = add_drills(DRILLS[:1], NOW, path, player="Ann")
    assert added == 1 and [(e.player, e.drill) for e in entries] == [
        (LOCAL_PLAYER, DRILLS[0]), (LOCAL_PLAYER, DRILLS[1]), ("Ann", DRILLS[0])]
    assert add_drills(DRILLS[:1], NOW, path, player="ann")[0] == 0       # names compared as the menu does
    entry, _ = grade_drill(DRILLS[0].key, Grade.FIRST_TRY, NOW, path, player="ANN")
    assert entry is not None and entry.player == "Ann" and entry.card.due > NOW
    dues = {(e.player, e.key): e.card.due for e in load_drills(path)[0]}
    assert dues == {(LOCAL_PLAYER, DRILLS[0].key): NOW, (LOCAL_PLAYER, DRILLS[1].key): NOW,
                    ("Ann", DRILLS[0].key): entry.card.due}
    assert grade_drill(DRILLS[1].key, Grade.WRONG, NOW, path, player="Bob") == (None, None)   # not Bob's


@pytest.mark.parametrize("player", [None, 5, "", "Ann\x1b[31m", "x" * (MAX_OWNER_CHARS + 1), "  Ann", "a:b"])
def test_a_line_whose_player_is_not_a_name_is_set_aside(path: Path, player: object) -> None:
    add_drills(DRILLS[:1], NOW, path, player="Ann")
    good = path.read_bytes()
    doc = json.loads(good)
    bad = json.dumps({**doc, "player": player, "drill": DRILLS[1].to_json()}).encode() + b"\n"
    path.write_bytes(good + bad)
    entries, notice = load_drills(path)
    assert [(e.player, e.drill) for e in entries] == [("Ann", DRILLS[0])]
    assert notice is not None and "1 damaged drill was" in notice and "player" in notice
    assert path.read_bytes() == good and path.with_name(DRILLS_NAME + ".bad").read_bytes() == bad


def test_the_choices_about_drills_are_kept_and_a_damaged_one_set_aside(tmp_path: Path) -> None:
    where = tmp_path / PLAYERS_NAME
    update_choices(lambda choices: [*choices, PlayerChoice("Ann", False)], where)
    update_choices(lambda choices: [*choices, PlayerChoice("Bob", True)], where)
    where.write_bytes(where.read_bytes() + b'{"player": "Cy", "drills": "no"}\n')
    choices, notice = load_choices(where)
    assert choices == [PlayerChoice("Ann", False), PlayerChoice("Bob", True)]
    assert notice is not None and "1 damaged drill choice was" in notice


def test_a_folder_that_cannot_be_written_is_read_without_the_lock_and_says_nothing_new_is_kept(
        path: Path, monkeypatch) -> None:
    add_drills(DRILLS, NOW, path)
    path.write_bytes(path.read_bytes() + b"{damaged\n")
    before = path.read_bytes()

    def read_only(_path):
        raise OSError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr(files, "try_lock", read_only)
    entries, notice = load_drills(path)
    assert [e.drill for e in entries] == DRILLS
    assert notice is not None and "read-only file system" in notice and "nothing new will be kept" in notice
    assert "1 damaged line is left" in notice and path.read_bytes() == before
    with pytest.raises(OSError):   # a change is refused, never half made
        add_drills([Drill((2,), 0, (3,), Outcome.DRAW)], NOW, path)
    assert path.read_bytes() == before


def test_due_drills_are_listed_from_a_read_only_file_system(path: Path) -> None:
    """A real read-only mount (a mount namespace of its own): the lock cannot be made, the file reads."""
    if shutil.which("unshare") is None or shutil.which("mount") is None:
        pytest.skip("needs unshare and mount")
    proved = [DRILLS[0], Drill((3, 3, 4), 0, (2, 5), Outcome.WIN)]   # right: --due proves them again
    add_drills(proved, NOW, path)
    folder = path.parent
    before = {p.name: p.read_bytes() for p in folder.iterdir()}
    script = (f"mount --bind -o ro {shlex.quote(str(folder))} {shlex.quote(str(folder))} && "
              f"{shlex.quote(sys.executable)} -m game.practice --due")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "CONNECT4_HOME": str(folder)}
    result = subprocess.run(["unshare", "--mount", "sh", "-c", script], capture_output=True, text=True, env=env,
                            cwd=folder, timeout=120)
    if "mount" in result.stderr and result.returncode != 0 and not result.stdout:
        pytest.skip(f"cannot mount here: {result.stderr.strip()[:80]}")
    assert result.returncode == 0, result.stderr
    assert sorted(json.loads(line)["position"] for line in result.stdout.splitlines()) == \
        sorted(d.to_json()["position"] for d in proved)
    assert "read-only file system" in result.stderr and "nothing new will be kept" in result.stderr
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == before


def test_two_lines_for_one_drill_load_as_the_first(path: Path) -> None:
    first = entry_line(new_entry(DRILLS[0], NOW))
    second = entry_line(new_entry(Drill(DRILLS[0].moves, 2, (3,), Outcome.WIN), NOW + timedelta(days=2)))
    path.write_bytes(first + second)
    entries, notice = load_drills(path)
    assert notice is None and len(entries) == 1
    assert (entries[0].drill, entries[0].card.due) == (DRILLS[0], NOW)


def test_an_ownerless_line_and_the_local_players_line_for_one_position_are_one_drill(path: Path) -> None:
    mine = entry_line(new_entry(DRILLS[0], NOW + timedelta(days=1)))
    path.write_bytes(mine + old_line(DRILLS[0]))
    entries, notice = load_drills(path)
    assert notice is None and [(e.player, e.drill, e.card.due) for e in entries] == \
        [(LOCAL_PLAYER, DRILLS[0], NOW + timedelta(days=1))]
    assert path.read_bytes() == mine            # written back as one line


def test_a_line_longer_than_4096_bytes_is_set_aside(path: Path) -> None:
    add_drills(DRILLS[:1], NOW, path)
    doc = json.loads(entry_line(new_entry(DRILLS[1], NOW)))
    long = json.dumps({**doc, "pad": "x" * 5000}).encode() + b"\n"
    fits = json.dumps({**doc, "pad": "x" * (4096 - len(json.dumps({**doc, "pad": ""})))}).encode() + b"\n"
    assert len(long) > 5000 and len(fits) == 4097   # 4096 bytes and the newline
    path.write_bytes(path.read_bytes() + long)
    entries, notice = load_drills(path)
    assert [e.drill for e in entries] == DRILLS[:1] and notice is not None and "too long" in notice
    path.write_bytes(entry_line(entries[0]) + fits)
    assert [e.drill for e in load_drills(path)[0]] == DRILLS[:2]

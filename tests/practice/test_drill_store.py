"""Drills on disk (game.store.drills): atomic, locked, and nothing lost to damage or a kill."""

from __future__ import annotations

import json
import os
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
from game.practice.schedule import Grade, add_drills, grade_drill
from game.store.drills import DRILLS_NAME, clean_stale, entry_line, load_drills, update_drills

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
from game.practice.schedule import Grade, grade_drill
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
    assert doc["drill"] == {"position": "44", "played": 5, "accepted": [4], "kept": "win"}
    assert doc["card"]["due"] == NOW.isoformat()

"""The record on disk (game.store.record_file) and its writer thread (game.session.record_keeper)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from game.store import files
from game.domain.record import GameRecord, RecordResult
from game.session.record_keeper import RecordKeeper
from game.store.record_file import LEGACY_NAME, RECORD_NAME, WAITING_NAME, add_game, game_line, load_record

ROOT = Path(__file__).resolve().parents[2]
WIN, DRAW, LOSS = RecordResult.WIN, RecordResult.DRAW, RecordResult.LOSS
ROOT_USER = hasattr(os, "geteuid") and os.geteuid() == 0


def game(level: str = "Easy", result: RecordResult = WIN, moves: str = "4453", elo: int | None = 1798) -> GameRecord:
    return GameRecord(level, elo, 1, result, moves, "2026-11-23T22:00:00+00:00")


def line(**changes: object) -> bytes:
    data = game().to_json()
    data.update(changes)
    return json.dumps(data).encode() + b"\n"


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / RECORD_NAME


def test_games_are_appended_and_read_back(path: Path) -> None:
    first, second = game("Hard", WIN), game("Easy", DRAW)
    assert add_game(first, path) is None and add_game(second, path) is None
    record, notice = load_record(path)
    assert notice is None and record.games == (first, second)
    assert [json.loads(x)["level"] for x in path.read_text().splitlines()] == ["Hard", "Easy"]


def test_an_unreadable_record_is_never_written_and_new_games_wait(path: Path) -> None:
    if ROOT_USER:
        pytest.skip("root reads files without permission")
    add_game(game("Hard"), path)
    before = path.read_bytes()
    path.chmod(0)
    try:
        record, notice = load_record(path)
        assert record.games == () and notice is not None
        assert "left as it is" in notice and WAITING_NAME in notice
        notice = add_game(game("Easy"), path)
        assert notice is not None and WAITING_NAME in notice and "waits" in notice
    finally:
        path.chmod(0o644)
    assert path.read_bytes() == before                        # never written over
    record, notice = load_record(path)                        # readable again: the waiting game joins
    assert [g.level for g in record.games] == ["Hard", "Easy"]
    assert notice is not None and "joined" in notice
    assert not (path.parent / WAITING_NAME).exists()


def test_permission_denied_is_simulated_the_same_way_for_root(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The same promise checked where the test runs as root: reading fails with EACCES."""
    add_game(game("Hard"), path)
    before = path.read_bytes()
    real = files.read_regular_file

    def denied(p: object, limit: int) -> bytes:
        if Path(p) == path:
            raise PermissionError(13, "Permission denied")
        return real(p, limit)

    monkeypatch.setattr(files, "read_regular_file", denied)
    record, notice = load_record(path)
    assert record.games == () and notice is not None and "permission denied" in notice
    assert add_game(game("Easy"), path) is not None
    assert path.read_bytes() == before
    monkeypatch.setattr(files, "read_regular_file", real)
    assert [g.level for g in load_record(path)[0].games] == ["Hard", "Easy"]


def test_a_named_pipe_as_the_record_is_refused_at_once(path: Path) -> None:
    """Opened like a file, a named pipe without a writer blocks forever: refused, nothing waits."""
    os.mkfifo(path)
    out: dict = {}

    def use_it() -> None:
        out["load"] = load_record(path)
        out["added"] = add_game(game(), path)

    user = threading.Thread(target=use_it, daemon=True)     # left blocked, if it blocks
    user.start()
    user.join(60.0)                                           # only a hang guard
    assert not user.is_alive(), "blocked on the named pipe"
    record, notice = out["load"]
    assert record.games == () and notice is not None and "named pipe" in notice
    assert out["added"] is not None                           # waits beside it
    assert (path.parent / WAITING_NAME).exists()


def test_a_bad_entry_is_set_aside_alone_and_never_overwrites_an_earlier_one(path: Path) -> None:
    bad1 = line(level="Ha\u0000rd")
    bad2 = b'{"level": "\\ud800", "elo": 1, "colour": 1, "result": "win", "moves": "4", "date": "2026-01-01"}\n'
    path.write_bytes(line() + bad1 + line(level="Hard", elo=2062.0))
    record, notice = load_record(path)
    assert [(g.level, g.elo) for g in record.games] == [("Easy", 1798), ("Hard", 2062)]  # 2062.0 is 2062
    assert notice is not None and "set aside" in notice and f"{RECORD_NAME}.bad" in notice
    assert (path.parent / f"{RECORD_NAME}.bad").read_bytes() == bad1
    with path.open("ab") as f:
        f.write(bad2)                                         # a second damaged entry later
    record, notice = load_record(path)
    assert len(record.games) == 2 and notice is not None and f"{RECORD_NAME}.bad.1" in notice
    assert (path.parent / f"{RECORD_NAME}.bad").read_bytes() == bad1          # the first kept
    assert (path.parent / f"{RECORD_NAME}.bad.1").read_bytes() == bad2
    assert load_record(path) == (record, None)


@pytest.mark.parametrize("level", ["Hard\u0000", "\udcff", "a" * 100, "Hard\nx", "", 7])
def test_level_names_follow_the_games_name_rule(path: Path, level: object) -> None:
    path.write_bytes(line(level=level) + line())
    record, notice = load_record(path)
    assert len(record.games) == 1 and notice is not None and len(notice) <= 200


def test_a_huge_string_gives_a_short_notice(path: Path) -> None:
    path.write_bytes(line(date="x" * 15_000_000) + line())
    record, notice = load_record(path)
    assert len(record.games) == 1 and notice is not None and len(notice) <= 200


def test_a_byte_order_mark_is_accepted(path: Path) -> None:
    path.write_bytes(b"\xef\xbb\xbf" + line() + line(level="Hard"))
    record, notice = load_record(path)
    assert notice is None and [g.level for g in record.games] == ["Easy", "Hard"]


def test_a_symlinked_record_stays_a_symlink(path: Path, tmp_path: Path) -> None:
    target = tmp_path / "elsewhere" / "mine.jsonl"
    target.parent.mkdir()
    target.write_bytes(line() + line(level="Ha\u0000rd"))
    path.symlink_to(target)
    add_game(game("Hard"), path)
    record, notice = load_record(path)                        # the repair rewrites the file
    assert notice is not None and [g.level for g in record.games] == ["Easy", "Hard"]
    assert path.is_symlink() and os.readlink(path) == str(target)
    assert [json.loads(x)["level"] for x in target.read_text().splitlines()] == ["Easy", "Hard"]


def test_every_game_is_kept_and_adding_costs_the_same_at_any_size(path: Path) -> None:
    path.write_bytes(game_line(game()) * 25_000)
    size = path.stat().st_size
    assert add_game(game("Hard"), path) is None
    assert path.stat().st_size == size + len(game_line(game("Hard")))  # appended, nothing rewritten
    record, _ = load_record(path)
    assert len(record.games) == 25_001 and record.games[-1].level == "Hard"


def test_a_line_cut_short_by_a_power_cut_costs_only_itself(path: Path) -> None:
    path.write_bytes(line() + line(level="Hard")[:30])
    add_game(game("Medium"), path)                            # starts on a line of its own
    record, notice = load_record(path)
    assert [g.level for g in record.games] == ["Easy", "Medium"] and notice is not None


def test_the_earlier_versions_record_is_imported_once(path: Path) -> None:
    legacy = path.with_name(LEGACY_NAME)
    games = [game("Hard").to_json(), {"level": "Hard\u0000"}, game("Easy", LOSS).to_json()]
    legacy.write_text(json.dumps({"format": 1, "games": games}))
    add_game(game("Medium"), path)
    record, notice = load_record(path)
    assert [g.level for g in record.games] == ["Hard", "Easy", "Medium"]
    assert notice is not None and "2 of 3" in notice
    assert not legacy.exists() and path.with_name(LEGACY_NAME + ".imported").exists()
    assert load_record(path)[0] == record


ADDER = """
import sys
from pathlib import Path
from game.domain.record import GameRecord, RecordResult
from game.store.record_file import add_game
for i in range(int(sys.argv[2])):
    assert add_game(GameRecord("Easy", 1798, 1, RecordResult.WIN, "4" if sys.argv[3] == "a" else "3",
                               "2026-11-23T22:00:00"), Path(sys.argv[1])) is None
"""


def test_two_processes_adding_games_at_once_lose_nothing(path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    procs = [subprocess.Popen([sys.executable, "-c", ADDER, str(path), "100", tag], env=env, cwd=ROOT)
             for tag in "ab"]
    for proc in procs:
        assert proc.wait(timeout=120) == 0
    record, notice = load_record(path)
    assert notice is None
    assert sorted(g.moves for g in record.games) == ["3"] * 100 + ["4"] * 100


KILLED_WRITER = """
import os, sys, time
from pathlib import Path
from game.domain.record import GameRecord, RecordResult
from game.store.record_file import add_game
def slow_fsync(fd):
    sys.stdout.write("writing\\n"); sys.stdout.flush()
    time.sleep(60)
os.fsync = slow_fsync
add_game(GameRecord("Hard", 2062, 1, RecordResult.LOSS, "4453", "2026-11-23T22:00:00"), Path(sys.argv[1]))
"""


def test_a_kill_during_the_write_keeps_the_earlier_games(path: Path) -> None:
    add_game(game(), path)
    proc = subprocess.Popen([sys.executable, "-c", KILLED_WRITER, str(path)], stdout=subprocess.PIPE,
                            env={**os.environ, "PYTHONPATH": str(ROOT)}, cwd=ROOT)
    assert proc.stdout is not None
    assert proc.stdout.readline() == b"writing\n"
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=30)
    record, notice = load_record(path)
    assert notice is None and [g.level for g in record.games][0] == "Easy"


def test_the_keeper_writes_on_its_own_thread(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.store import record_file as record_store

    callers: list[str] = []
    real = record_store.add_game

    def spy(g: GameRecord, p: Path | None = None) -> str | None:
        callers.append(threading.current_thread().name)
        return real(g, p)

    monkeypatch.setattr("game.session.record_keeper.add_game", spy)
    keeper = RecordKeeper(path)
    keeper.load()
    keeper.add(game("Hard"))
    assert keeper.record.games[-1].level == "Hard"           # in memory at once
    assert keeper.flush()
    assert callers == ["record-writer"]
    assert load_record(path)[0].games == (game("Hard"),)
    changed, notices = keeper.poll()
    assert changed and notices == []


def test_a_lock_file_that_cannot_be_opened_does_not_stop_the_record(path: Path) -> None:
    (path.parent / f".{RECORD_NAME}.lock").mkdir(parents=True)   # a folder where the lock file goes
    assert add_game(game("Hard"), path) is None
    record, notice = load_record(path)
    assert notice is None and [g.level for g in record.games] == ["Hard"]


def test_a_game_nothing_could_store_is_printed_at_exit(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(g: GameRecord, p: Path | None = None) -> str | None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("game.session.record_keeper.add_game", refuse)
    keeper = RecordKeeper(tmp_path / RECORD_NAME)
    keeper.add(game("Hard"))
    assert keeper.flush()
    changed, notices = keeper.poll()
    assert notices and "kept while the game runs" in notices[0]
    keeper._last_try()
    err = capsys.readouterr().err
    assert '"level": "Hard"' in err and "could not be recorded" in err

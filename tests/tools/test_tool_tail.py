"""The tools' shared tail: Ctrl+C, SIGTERM, a closed pipe and OS errors end every tool the same
way, and the arena's worker processes never outlive it."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.tools.arena.pool import run_parallel
from game.tools.tail import INTERRUPTED_STATUS, SIGPIPE_STATUS, TERMINATED_STATUS, tool_entry

ROOT = Path(__file__).resolve().parents[2]
LINUX_PROC = Path("/proc/self/stat").exists()


# ----------------------------------------------------------------- the tail itself


def test_an_interruption_is_one_line_and_130(capsys):
    @tool_entry("probe")
    def main() -> int:
        raise KeyboardInterrupt

    assert main() == INTERRUPTED_STATUS == 130
    assert capsys.readouterr().err.strip() == "probe: interrupted"


def test_sigterm_unwinds_the_tool_and_the_old_handler_comes_back(capsys):
    cleaned = []
    before = signal.getsignal(signal.SIGTERM)

    @tool_entry("probe")
    def main() -> int:
        try:
            os.kill(os.getpid(), signal.SIGTERM)
            time.sleep(30)  # the signal interrupts this at once
            return 0
        finally:
            cleaned.append(True)

    assert main() == TERMINATED_STATUS == 143
    assert cleaned == [True]
    assert capsys.readouterr().err.strip() == "probe: terminated"
    assert signal.getsignal(signal.SIGTERM) is before


def test_a_closed_pipe_is_quiet_and_141(capsys, monkeypatch):
    monkeypatch.setattr("game.tools.tail.silence_stdout", lambda: None)

    @tool_entry("probe")
    def main() -> int:
        raise BrokenPipeError(32, "Broken pipe")

    assert main() == SIGPIPE_STATUS == 141
    assert capsys.readouterr().err == ""


def test_an_os_error_is_one_escaped_line_naming_the_file(capsys):
    @tool_entry("probe", "cannot read the sets")
    def main() -> int:
        raise PermissionError(13, "Permission denied", "/tmp/a\x1b[2Jb")

    assert main() == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "\x1b" not in err
    assert err.startswith("probe: cannot read the sets ") and err.rstrip().endswith(": permission denied")


def test_every_tool_entry_has_the_tail():
    import importlib
    import pkgutil

    import game.tools

    found = pkgutil.walk_packages(game.tools.__path__, "game.tools.")
    names = [m.name for m in found if not m.name.endswith("__main__")]  # a __main__ runs on import
    entries = [module for module in map(importlib.import_module, names) if hasattr(module, "main")]
    assert {"game.tools.analyze", "game.tools.review", "game.tools.arena.arena_cli"} <= {m.__name__ for m in entries}
    for module in entries:
        assert hasattr(module.main, "__wrapped__"), f"{module.__name__}.main has no tool_entry tail"


# ----------------------------------------------------------------- the worker pool


def _fails_on_three(n: int) -> int:
    if n == 3:
        raise ValueError("three is refused")
    return n * n


def test_pool_answers_every_task_and_raises_a_workers_error_here():
    assert sorted(run_parallel(abs, [-1, -2, 3, -4, 5], 2)) == [1, 2, 3, 4, 5]
    with pytest.raises(ValueError, match="three is refused"):
        list(run_parallel(_fails_on_three, [1, 2, 3, 4], 2))


@pytest.mark.skipif(not LINUX_PROC, reason="reads the process table from /proc")
def test_leaving_the_pool_early_stops_its_workers():
    others = _children(os.getpid())  # the resource tracker, if an earlier test started it
    results = run_parallel(time.sleep, [0.0, 60.0, 60.0], 3)
    assert next(results) is None  # the quick task; the other two workers are asleep
    workers = _children(os.getpid()) - others
    assert len(workers) >= 3
    results.close()
    assert not _children(os.getpid()) & workers


# ----------------------------------------------------------------- the arena, end to end


def _proc_stat(pid: str) -> list[str] | None:
    try:
        text = Path("/proc", pid, "stat").read_text()
    except OSError:
        return None
    return text[text.rindex(")") + 2:].split()  # state, ppid, pgrp, session, ...


def _running(field: int, value: int) -> set[int]:
    """Processes whose stat ``field`` (1 parent, 3 session) is ``value``, zombies left out: a
    zombie waiting to be reaped holds nothing."""
    found = set()
    for entry in os.listdir("/proc"):
        stat = _proc_stat(entry) if entry.isdigit() else None
        if stat and stat[0] != "Z" and int(stat[field]) == value:
            found.add(int(entry))
    return found


def _children(ppid: int) -> set[int]:
    return _running(1, ppid)


def _alive_in_session(session: int) -> set[int]:
    return _running(3, session)


def _start_arena() -> subprocess.Popen:
    """A long match on four workers, returned once all four workers run."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "game.arena", "ai:6", "ai:6", "--games", "400", "--workers", "4", "--no-progress"],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    for _ in range(600):  # bounded: 60 s for four interpreters to start on a loaded machine
        if len(_children(proc.pid)) >= 5:  # four workers and the resource tracker
            time.sleep(0.5)  # let them start playing
            return proc
        time.sleep(0.1)
    os.killpg(proc.pid, signal.SIGKILL)
    pytest.fail("the arena's workers did not start")


def _nothing_left(session: int) -> set[int]:
    for _ in range(100):  # a generous bound: the workers are gone long before 10 s
        left = _alive_in_session(session)
        if not left:
            return left
        time.sleep(0.1)
    return left


def _stopped_arena(stop) -> tuple[int, str, set[int]]:
    """Start a long arena, ``stop(process)`` it, and return its status, its stderr and what of
    it still runs once it has ended (killed after the check)."""
    proc = _start_arena()
    stop(proc)
    try:
        _, err = proc.communicate(timeout=20)
    finally:
        left = _nothing_left(proc.pid)
        if left:
            os.killpg(proc.pid, signal.SIGKILL)
    return proc.returncode, err.decode().strip(), left


@pytest.mark.skipif(not LINUX_PROC, reason="reads the process table from /proc")
def test_arena_ctrl_c_to_the_whole_group_stops_it_and_says_so():
    status, err, left = _stopped_arena(lambda proc: os.killpg(proc.pid, signal.SIGINT))
    assert status == 130
    assert err == "arena: interrupted"  # the workers never see the Ctrl+C: no traceback of theirs
    assert not left


@pytest.mark.skipif(not LINUX_PROC, reason="reads the process table from /proc")
def test_arena_sigterm_leaves_no_worker_behind():
    status, err, left = _stopped_arena(lambda proc: proc.terminate())  # the arena alone, as kill(1) does
    assert status == 143
    assert err == "arena: terminated"
    assert not left

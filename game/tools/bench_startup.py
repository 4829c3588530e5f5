"""Start-up benchmark (``python -m game.bench --startup``): how long whole processes take to start.

Each measured command is a fresh process, run ``--runs`` times; the runs of every command (and of
every interpreter given with ``--compare``, such as another installation's) alternate, so a
machine whose speed drifts affects them alike. Reported per command: the fastest and the median
wall time, and the fastest CPU time (user + system, from ``os.wait4``), which a busy machine
disturbs less. The commands:

- ``python -c pass``: the interpreter alone, the floor under everything else;
- ``analyze``: ``python -m game.analyze`` fed one position (the first Begin-Easy one), answered
  by the exact solver;
- ``--version``: ``python -m game --version``, the command line without the window;
- ``first window``: ``python -m game`` until its first frame is on the screen (the SDL dummy
  driver: no real window is opened; the process ends at that frame, so nothing is saved).

``--reference`` adds another solver, fed the same position (e.g. Pascal Pons' ``c4solver``).
The user's folders are the environment's (``CONNECT4_HOME`` points them elsewhere).
"""

from __future__ import annotations

import os
import shlex
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from time import perf_counter

from game.data import read_testset
from game.echo import shown
from game.tools.numbers import whole
from game.tools.tail import say, tool_entry
from game.tools.tool_parser import ToolParser
from game.i18n import N_, _, decimal_text, ngettext

#: Runs the game as ``python -m game`` does, and ends the process when the first frame is shown.
FIRST_FRAME_PROBE = """
import os, sys
import pygame
pygame.display.flip = lambda: os._exit(0)
from game.app import main
sys.exit(main([]))
"""

STDERR_KEPT = 4096  # bytes of a failing command's standard error kept to say why


def position() -> str:
    """The move string every analyser is fed: the first Begin-Easy position."""
    return read_testset("Test_L1_R1")[0][0]


def commands(python: str) -> dict[str, list[str]]:
    """The measured commands of one interpreter, by name."""
    return {
        "python -c pass": [python, "-c", "pass"],
        "analyze": [python, "-m", "game.analyze"],
        "--version": [python, "-m", "game", "--version"],
        "first window": [python, "-c", FIRST_FRAME_PROBE],
    }


def run_once(command: list[str], stdin: Path) -> tuple[float, float]:
    """(wall, CPU) seconds of one run of ``command`` reading ``stdin`` (CPU NaN where there is no
    ``os.wait4``); RuntimeError if it fails."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    with open(stdin, "rb") as source:
        start = perf_counter()
        child = subprocess.Popen(command, stdin=source, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
        try:
            stderr = b""  # its last lines only: a command may say any amount
            for chunk in iter(lambda: child.stderr.read(1 << 16) if child.stderr is not None else b"", b""):
                stderr = (stderr + chunk)[-STDERR_KEPT:]
            if hasattr(os, "wait4"):
                _pid, status, usage = os.wait4(child.pid, 0)
                child.returncode = os.waitstatus_to_exitcode(status)  # reaped here: Popen must not wait again
                cpu = usage.ru_utime + usage.ru_stime
            else:  # no CPU time of a child without wait4 (Windows)
                child.wait()
                cpu = float("nan")
            wall = perf_counter() - start
        except BaseException:  # interrupted or terminated: the command does not outlive the benchmark
            child.kill()
            child.wait()
            raise
        finally:
            if child.stderr is not None:
                child.stderr.close()
    if child.returncode != 0:
        said = stderr.decode(errors="replace").strip().splitlines()
        text = (_("{command} failed ({status}): {said}") if said else _("{command} failed ({status})"))
        raise RuntimeError(text.format(command=shown(shlex.join(command)), status=child.returncode,
                                       said=shown(said[-1]) if said else ""))
    return wall, cpu


def measure(pythons: list[str], reference: list[str] | None, runs: int, out=None) -> None:
    out = out or sys.stdout
    rows = {(python, name): command for python in pythons for name, command in commands(python).items()}
    if reference is not None:
        rows[("reference", shlex.join(reference))] = reference
    walls: dict[tuple[str, str], list[float]] = {key: [] for key in rows}
    cpus: dict[tuple[str, str], list[float]] = {key: [] for key in rows}
    with tempfile.TemporaryDirectory() as folder:
        stdin = Path(folder) / "position.txt"
        stdin.write_text(position() + "\n", encoding="ascii")
        for _run in range(runs):
            for key, command in rows.items():
                wall, cpu = run_once(command, stdin)
                walls[key].append(wall)
                cpus[key].append(cpu)
    print(ngettext("Start-up: {runs} run of each command, alternating; one position: {position}",
                   "Start-up: {runs} runs of each command, alternating; one position: {position}", runs).format(
        runs=runs, position=position()), file=out)
    print("| " + " | ".join((_("interpreter"), _("command"), _("wall fastest"), _("wall median"), _("CPU fastest")))
          + " |", file=out)
    print("| --- | --- | ---: | ---: | ---: |", file=out)
    for (python, name), times in walls.items():
        cells = (python, name, _ms(min(times)), _ms(statistics.median(times)), _ms(min(cpus[(python, name)])))
        print("| " + " | ".join(cells) + " |", file=out)


def _ms(seconds: float) -> str:
    return _("{ms} ms").format(ms=decimal_text(seconds * 1000))


@tool_entry("python -m game.bench --startup", N_("cannot run"))
def main(argv: list[str] | None = None) -> int:
    parser = ToolParser(prog="python -m game.bench --startup",
                        description=_("Start-up benchmark (python -m game.bench --startup): how long whole "
                                      "processes take to start."))
    parser.add_argument("--runs", type=whole(1, 1000), default=10, help=_("runs of each command (default 10)"))
    parser.add_argument("--compare", metavar="PYTHON", action="append", default=[],
                        help=_("another installation's interpreter, run alternately with this one (repeatable)"))
    parser.add_argument("--reference", metavar="COMMAND",
                        help=_("another solver reading move strings on standard input (e.g. c4solver)"))
    args = parser.parse_args(argv)
    reference = shlex.split(args.reference) if args.reference else None
    try:
        measure([sys.executable, *args.compare], reference, args.runs)
    except RuntimeError as exc:  # a command failed: its message is escaped already
        say(sys.stderr, f"python -m game.bench --startup: {exc}")
        return 1
    return 0

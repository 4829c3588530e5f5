"""UI frame-time benchmark: p50/p95 frame time while the computer searches (``python -m game.bench --ui``).

Runs the real controller loop (input, update, draw, flip, ``clock.tick(fps)``) in a computer-vs-computer
game at the given depth (or between the given players) and counts only the frames during which a
request is in flight. ``--worker`` chooses where the computer thinks (default: config.toml's). Also
reported: the game's resident memory, its own and its children's (Linux: from /proc), at its
largest while searching, and how long the first request waited for its first answer (progress or
result: a search process has to start first). Headless (SDL dummy video driver) unless a display is available and
``--window`` is given."""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace

from game.engine.search_values import MAX_DEPTH
from game.service.backends import BACKENDS


@dataclass(frozen=True, slots=True)
class FrameStats:
    frames: int
    seconds: float
    interval_p50: float     # ms between the starts of two frames (what the player sees)
    interval_p95: float
    interval_max: float
    work_p50: float         # ms of input + update + draw + flip (what the UI thread spends)
    work_p95: float
    depth: int
    nodes: int
    rss_mb: float | None = None       # the largest resident memory of the game and its children seen
    first_answer: float | None = None  # seconds from the first request to its first answer
    in_process: bool | None = None    # where the computer thought (None: nothing was asked)
    worker: str = ""                  # the [ai] worker setting it ran under ("auto", "thread", ...)

    def report(self, title: str) -> str:
        lines = [
            f"{title}: {self.frames} frames in {self.seconds:.1f} s",
            f"  frame interval  p50 {self.interval_p50:5.1f} ms   p95 {self.interval_p95:5.1f} ms   "
            f"max {self.interval_max:5.1f} ms   (p95 = {1000 / self.interval_p95:.0f} fps)",
            f"  frame work      p50 {self.work_p50:5.1f} ms   p95 {self.work_p95:5.1f} ms",
        ]
        if self.depth:
            lines.append(f"  search progress seen: depth {self.depth}, {self.nodes:,} nodes")
        if self.first_answer is not None:
            lines.append(f"  first request answered {self.first_answer * 1000:.0f} ms after it was made")
        if self.rss_mb is not None:
            lines.append(f"  resident memory (the game and its children) at most {self.rss_mb:.0f} MB")
        return "\n".join(lines)


def resident_mb(pid: int | None = None) -> float | None:
    """The resident memory of process ``pid`` (default this one) and all its descendants, in MB;
    None where /proc cannot tell (not Linux)."""
    pid = os.getpid() if pid is None else pid
    total, todo = 0, [pid]
    try:
        while todo:
            current = todo.pop()
            try:
                with open(f"/proc/{current}/status", encoding="ascii", errors="replace") as status:
                    total += next(int(line.split()[1]) for line in status if line.startswith("VmRSS:"))
                tasks = os.listdir(f"/proc/{current}/task")
            except (FileNotFoundError, ProcessLookupError, StopIteration):
                if current == pid:
                    raise
                continue       # a child that ended meanwhile
            for task in tasks:
                try:
                    with open(f"/proc/{current}/task/{task}/children", encoding="ascii") as children:
                        todo += [int(child) for child in children.read().split()]
                except (FileNotFoundError, ProcessLookupError):
                    continue   # a thread that ended between the listing and the reading
    except (OSError, StopIteration):
        return None
    return total / 1024


def _percentile(values: list[float], q: int) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[q - 1] if len(values) > 1 else values[0]


def measure(depth: int | None = 12, seconds: float = 10.0, fps: int | None = None, *, player: str | None = None,
            worker: str | None = None) -> FrameStats:
    """Run the loop for ``seconds`` of searching and return the frame statistics.

    ``depth=None`` is the baseline: a two-player game with nothing to compute, every frame counted.
    ``player`` (a player spec, e.g. ``Perfect`` or ``ai:12:window``) plays both sides instead of
    ``ai:depth``; ``worker`` replaces config.toml's ``[ai] worker``."""
    # Here, not at the top: the argument parser (and --help) runs without loading pygame.
    import pygame

    from game.config.load import load_settings
    from game.domain.players import parse_player_spec
    from game.store.autosave import Autosaves
    from game.store.folders import user_data_dir
    from game.ui.controller import Controller
    from game.ui.game.game_scene import GameScene

    settings, _ = load_settings()
    settings = replace(settings, spectator_delay=0.0, fps=fps or settings.fps, worker=worker or settings.worker)
    spec = parse_player_spec((player or f"ai:{depth}") if depth else "human", settings)
    pygame.display.init()
    pygame.font.init()
    autosaves = Autosaves(user_data_dir())     # main points the data folder at a folder of its own
    controller = Controller(settings, autosaves=autosaves)
    intervals: list[float] = []
    work: list[float] = []
    best_depth = nodes = 0
    rss: float | None = None
    first_answer: float | None = None
    asked_at: float | None = None
    try:
        controller.start(spec, spec)
        clock = pygame.time.Clock()
        measured = 0.0
        last_start = time.perf_counter()
        deadline = time.monotonic() + seconds * 4 + 30        # give up if the search never runs
        # on until the first request is answered too: a search process may take longer to start
        while (measured < seconds or (asked_at is not None and first_answer is None)) and time.monotonic() < deadline:
            dt = clock.tick(settings.fps) / 1000.0
            start = time.perf_counter()
            controller.frame(min(dt, 0.1))
            pygame.display.flip()
            end = time.perf_counter()
            scene = controller.scene
            engine = scene.engine if isinstance(scene, GameScene) else None
            searching = engine is not None and engine.request is not None
            progress = engine.progress if searching else None
            if searching or depth is None:
                intervals.append((start - last_start) * 1000)
                work.append((end - start) * 1000)
                measured += start - last_start
            if progress is not None:
                best_depth = max(best_depth, progress.depth)
                nodes = max(nodes, progress.nodes)
            if searching and asked_at is None:
                asked_at = start
            elif asked_at is not None and first_answer is None and (progress is not None or not searching):
                first_answer = end - asked_at
            if searching and len(intervals) % 30 == 1:   # about twice a second, outside the frame's work
                sample = resident_mb()
                rss = None if sample is None else max(rss or 0.0, sample)
            last_start = start
        in_process = controller.ctx.engine.worker.use_process if controller.ctx.engine.started else None
    finally:
        controller.shutdown()
        autosaves.close()
        pygame.quit()
    if len(intervals) < 2:
        raise RuntimeError("the computer never searched long enough to measure anything")
    return FrameStats(len(intervals), measured, _percentile(intervals, 50), _percentile(intervals, 95),
                      max(intervals), _percentile(work, 50), _percentile(work, 95), best_depth, nodes, rss,
                      first_answer, in_process, settings.worker)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.ui.bench_ui", description=__doc__.splitlines()[0])
    parser.add_argument("--depth", type=int, default=12, help="search depth of the computer players (default 12)")
    parser.add_argument("--seconds", type=float, default=10.0, help="seconds of searching to measure (default 10)")
    parser.add_argument("--player", metavar="SPEC",
                        help="both computer players, e.g. Perfect, Master or ai:12:window (default ai:DEPTH)")
    parser.add_argument("--worker", choices=BACKENDS, default=None,
                        help="where the computer thinks (default: config.toml's [ai] worker)")
    parser.add_argument("--fps", type=int, default=None, help="frame cap (default: config.toml's window.fps)")
    parser.add_argument("--window", action="store_true", help="use the real display instead of the dummy driver")
    parser.add_argument("--baseline", type=float, default=3.0,
                        help="seconds of an idle two-player game measured first for comparison (0 = skip)")
    args = parser.parse_args(argv)
    if not 1 <= args.depth <= MAX_DEPTH or args.seconds <= 0:
        parser.error(f"--depth must be 1..{MAX_DEPTH} and --seconds positive")
    if not args.window:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    with tempfile.TemporaryDirectory() as home:
        os.environ["CONNECT4_HOME"] = home      # the benchmark's autosaves must not replace the player's
        try:
            if args.baseline > 0:
                idle = measure(None, args.baseline, args.fps)
                print(idle.report(f"Baseline, nothing to compute (video driver {os.environ.get('SDL_VIDEODRIVER', 'default')})"))
            stats = measure(args.depth, args.seconds, args.fps, player=args.player, worker=args.worker)
        except RuntimeError as exc:
            print(f"bench_ui: {exc}", file=sys.stderr)
            return 1
    who = args.player or f"depth {args.depth}"
    ran = "process" if stats.in_process else "thread" if stats.in_process is False else "none"
    # The setting and what it ran, in the words of ``connect4 --version`` (worker "auto": thread).
    print(stats.report(f"While the computer searches ({who}, worker \"{stats.worker}\": {ran}; "
                       f"fps cap {args.fps or 'config'})"))
    return 0


if __name__ == "__main__":
    sys.exit(main())

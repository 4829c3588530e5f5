"""Soak: many fast computer-vs-computer games through the same path the window uses
(GameModel -> MoveRequest -> AIWorker -> poll -> GameModel.play), headless, no pygame.

Checks: no exception or engine error, every game legal and finished, stale answers never
applied, no thread or process left behind, and memory that does not grow with the number
of games (the transposition table is bounded by table_mb). Memory is followed with
sys.getallocatedblocks() over the whole run: tracemalloc slows this allocation-heavy search
about sixfold, so it only runs over a window of games, for the traced peak. The figures are
printed (run with -s) and quoted in the README.
"""

from __future__ import annotations

import dataclasses
import gc
import multiprocessing
import random
import sys
import threading
import time
import tracemalloc

import pytest

from game.engine.board import Position
from game.engine.search import SearchConfig, Searcher
from game.model import GameModel, Scoreboard
from game.config.values import DEFAULTS
from game.domain.players import PlayerSpec
from game.service.requests import MoveRequest
from game.service.worker import AIWorker

GAMES = 1_000
WARMUP = 500  # games before the memory baseline: the tables fill up first
TRACED = (480, 500)  # games run under tracemalloc (about 6x slower: kept short; peak reported)
SEED = 7
SETTINGS = dataclasses.replace(DEFAULTS, table_mb=1)
# Depth 1-2, both heuristics. (The window heuristic at depth 2 costs 5x the others and would
# double the run; its search path is the same as scoremap's.)
PLAYERS = [PlayerSpec("ai", depth=1), PlayerSpec("ai", depth=2), PlayerSpec("ai", depth=1, heuristic="window")]


def wait_for_move(worker: AIWorker, generation: int, timeout: float = 30.0):
    deadline = time.monotonic() + timeout
    while True:
        for update in worker.poll():
            assert update.error is None, f"engine error: {update.error}"
            assert update.generation == generation, "an answer for a stale request came through"
            if update.result is not None:
                return update.result
        assert time.monotonic() < deadline, "no answer from the worker"
        time.sleep(0.0002)


def play_games(worker: AIWorker, games: int, rng: random.Random, on_game=None) -> dict:
    stats = {"games": 0, "moves": 0, "stale_checks": 0, "red": 0, "yellow": 0, "draws": 0}
    model = GameModel(rng.choice(PLAYERS), rng.choice(PLAYERS))
    board = Scoreboard.for_model(model)
    for number in range(games):
        if number:
            model.new_game(swap_colours=True)
            if number % 50 == 0:  # a fresh pairing now and then
                model = GameModel(rng.choice(PLAYERS), rng.choice(PLAYERS))
                board = Scoreboard.for_model(model)
        # A random opening of 0-5 moves so the games differ (the search is deterministic).
        for _ in range(rng.randrange(6)):
            legal = [c for c in model.position.legal_moves() if not model.position.is_winning_move(c)]
            if not legal:
                break
            model.play(rng.choice(legal))
        while not model.is_over:
            assert model.is_ai_turn()
            config = SETTINGS.player_search(model.player(model.turn))
            if rng.random() < 0.02:
                # The UI's stale-answer path: a request superseded at once must never answer.
                worker.submit(MoveRequest(-1, model.position, config))
                stats["stale_checks"] += 1
            worker.submit(MoveRequest(model.generation, model.position, config))
            result = wait_for_move(worker, model.generation)
            model.play(result.move)
            stats["moves"] += 1
        assert Position.from_moves(model.moves_string()) == model.position
        assert board.record(model)
        stats["games"] += 1
        winner = model.winner
        stats["draws" if winner is None else ("red" if winner == 1 else "yellow")] += 1
        if on_game is not None:
            on_game(stats["games"])
    assert board.games >= 1
    return stats


@pytest.mark.parametrize("depth", [1, 2, 3])
def test_search_tables_stay_within_their_bound(depth):
    # Found by the soak: a depth-1 searcher stored root hints without the bound check.
    searcher = Searcher(SearchConfig(depth=depth, table_mb=1))
    rng = random.Random(depth)
    for _ in range(150):
        pos = Position()
        for _ in range(rng.randrange(10)):
            legal = [c for c in pos.legal_moves() if not pos.is_winning_move(c)]
            if not legal:
                break
            pos = pos.play(rng.choice(legal))
        while not pos.is_over():
            pos = pos.play(searcher.search(pos).move)
    bounds, hints, _ = searcher.table_counts()
    assert hints <= searcher.max_hints
    assert bounds <= searcher.max_entries


@pytest.mark.slow   # the fast run keeps the tables' bound (above) and the games' path (below)
def test_soak_thousand_games_memory_flat():
    threads_before = set(threading.enumerate())
    rng = random.Random(SEED)
    blocks: dict[int, int] = {}
    traced: dict[int, int] = {}
    worker = AIWorker(use_process=False)  # in-thread search: all its memory is in this process

    def sample(games: int) -> None:
        # Allocated blocks (cheap) every 100 games; tracemalloc only over the TRACED games.
        if games % 100 == 0:
            gc.collect()
            blocks[games] = sys.getallocatedblocks()
        if TRACED[0] <= games <= TRACED[1] and games % 10 == 0:
            gc.collect()
            if games == TRACED[0]:
                tracemalloc.start()
            traced[games] = tracemalloc.get_traced_memory()[0]
            if games == TRACED[1]:
                traced["peak"] = tracemalloc.get_traced_memory()[1]
                tracemalloc.stop()

    started = time.perf_counter()
    try:
        stats = play_games(worker, GAMES, rng, on_game=sample)
    finally:
        tracemalloc.stop()
        worker.close(timeout=2.0)
    elapsed = time.perf_counter() - started
    try:
        import resource

        rss_peak = f"{resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB"  # Linux: kB
    except ImportError:  # Windows
        rss_peak = "n/a"

    traced_peak = traced.pop("peak")
    # The tables fill up over the first few hundred games, then trimming keeps them in a
    # sawtooth of about +-1,500 blocks; compare the ends of the run, two samples each.
    baseline = (blocks[WARMUP - 100] + blocks[WARMUP]) / 2
    block_growth = (blocks[GAMES - 100] + blocks[GAMES]) / 2 - baseline
    print(f"\nsoak: {stats} in {elapsed:.1f} s; allocated blocks after game "
          + ", ".join(f"{g}: {b}" for g, b in sorted(blocks.items()))
          + f" (growth {WARMUP}->{GAMES}: {block_growth:+.0f}); traced memory over games "
          f"{TRACED[0]}-{TRACED[1]}: " + ", ".join(f"{g}: {m / 1e3:.0f} kB" for g, m in sorted(traced.items()))
          + f", traced peak {traced_peak / 1e6:.2f} MB; process peak RSS {rss_peak}")
    assert stats["games"] == GAMES and stats["moves"] > 10 * GAMES
    assert stats["red"] and stats["yellow"]
    # Flat: a leak of one small object per move would add ~12,000 blocks over the last 500
    # games (the unbounded root-hint table, one entry per depth-1 move, adds ~6,000).
    assert block_growth < 3_000, blocks
    assert not left_behind(threads_before), "a thread was left behind"


def left_behind(threads_before: set[threading.Thread]) -> list[str]:
    """The threads and child processes still alive that were not there before, once each has
    had its chance to end (the waits are only hang guards: a loaded machine may be slow to)."""
    for thread in set(threading.enumerate()) - threads_before:
        thread.join(30.0)
    for child in multiprocessing.active_children():
        child.join(30.0)
    return ([t.name for t in set(threading.enumerate()) - threads_before if t.is_alive()]
            + [c.name for c in multiprocessing.active_children()])


@pytest.mark.parametrize("use_process", [True, False], ids=["process", "thread"])
def test_soak_games_through_the_worker_leave_nothing_behind(use_process):
    """Games through either worker (the window's default: search in a process), then nothing left."""
    threads_before = set(threading.enumerate())
    worker = AIWorker(use_process=use_process)
    try:
        stats = play_games(worker, 20, random.Random(SEED + 1))
    finally:
        worker.close(timeout=2.0)
    assert stats["games"] == 20 and stats["moves"] > 10 * 20
    assert not left_behind(threads_before)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="uses /proc")
def test_search_process_does_not_outlive_a_killed_game():
    import os
    import signal
    import subprocess
    import textwrap
    from pathlib import Path

    script = textwrap.dedent("""
        import multiprocessing, time
        from game.engine.board import Position
        from game.engine.search import SearchConfig
        from game.service.requests import MoveRequest
        from game.service.worker import AIWorker
        if __name__ == "__main__":
            worker = AIWorker(use_process=True)
            worker.submit(MoveRequest(1, Position(), SearchConfig(depth=3)))
            while not any(u.result is not None for u in worker.poll()):
                time.sleep(0.01)
            print(" ".join(str(p.pid) for p in multiprocessing.active_children()), flush=True)
            time.sleep(120)
    """)
    game = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True,
                            cwd=Path(__file__).resolve().parents[2])
    try:
        pids = [int(p) for p in game.stdout.readline().split()]
    finally:
        game.kill()  # what a crash or `kill -9` does to the game
        game.wait()
    assert pids, "the worker started no search process"

    def alive(pid: int) -> bool:
        try:
            with open(f"/proc/{pid}/stat") as f:
                return f.read().split(")")[-1].split()[0] != "Z"
        except FileNotFoundError:
            return False

    deadline = time.monotonic() + 5.0
    while any(alive(p) for p in pids) and time.monotonic() < deadline:
        time.sleep(0.1)
    left = [p for p in pids if alive(p)]
    for pid in left:  # clean up what this test started
        os.kill(pid, signal.SIGKILL)
    assert not left, f"search process(es) {left} outlived the killed game"

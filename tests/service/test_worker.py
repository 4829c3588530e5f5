"""AIWorker: real searches behind a thread (and a process), stale answers dropped, prompt cancel/close."""

import contextlib
import multiprocessing
import os
import queue
import signal
import threading
import time

import pytest

from game.engine.board import Position
from game.engine.search import Progress, SearchConfig, SearchResult
from game.engine.solver import Solver
from game.service import backends
from game.service import process, threaded
from game.service.searchers import MAX_SEARCHERS, Searchers, Outcome
from game.service.backends import Job, Report
from game.service.requests import AIUpdate, AnalysisRequest, MoveRequest
from game.service.worker import AIWorker, Recovery

OPENING = Position.from_moves("4453")
DEEP = SearchConfig(depth=42, heuristic="window")  # from the empty board: many seconds, compiled too
QUICK = SearchConfig(depth=4)
CANCEL_BOUND = 0.5  # quitting mid-search takes under 0.5 s; cancelling must too
HANG_GUARD = 60.0  # only stops a broken test from hanging; never reached when things work


def collect(worker: AIWorker, *, until_final: bool = True, generation=None) -> list[AIUpdate]:
    """Poll like a frame loop until the request's result/error has arrived."""
    updates: list[AIUpdate] = []
    give_up = time.monotonic() + HANG_GUARD
    while time.monotonic() < give_up:
        updates += worker.poll(generation)
        if until_final and not worker.busy:
            return updates
        if not until_final and updates:
            return updates
        time.sleep(0.005)
    raise AssertionError(f"no answer within {HANG_GUARD} s; got {updates}")


def start_deep_search(worker: AIWorker, generation: int) -> None:
    """Submit a long search and wait until it is really running (its first depth reported)."""
    worker.submit(MoveRequest(generation, Position(), DEEP))
    first = collect(worker, until_final=False)
    assert first[0].progress is not None and first[0].generation == generation


def live_threads() -> set[threading.Thread]:
    return {t for t in threading.enumerate() if t.is_alive()}


def child_pids() -> set[int]:
    """Live child processes (other tests' leftovers included: compare before and after)."""
    return {p.pid for p in multiprocessing.active_children()}


@pytest.fixture(params=[True, False], ids=["process", "thread"])
def worker(request):
    w = AIWorker(use_process=request.param)
    yield w
    w.close()


def test_real_search_returns_a_legal_move_after_progress(worker):
    worker.submit(MoveRequest(7, OPENING, QUICK))
    assert worker.busy
    updates = collect(worker)
    assert not worker.busy
    *progress, final = updates
    assert all(u.generation == 7 and u.kind == "move" for u in updates)
    assert progress and all(isinstance(u.progress, Progress) and u.final is False for u in progress)
    assert [u.progress.depth for u in progress] == sorted(u.progress.depth for u in progress)
    assert final.final and final.error is None
    assert isinstance(final.result, SearchResult) and not final.result.cancelled
    assert final.result.move in OPENING.legal_moves()
    assert final.result.depth == QUICK.depth


def test_a_move_takes_the_immediate_win(worker):
    pos = Position.from_moves("112233")  # red to move wins in column 4
    worker.submit(MoveRequest(1, pos, QUICK))
    final = collect(worker)[-1]
    assert final.kind == "move" and final.result.move == 3


def test_analysis_gives_a_score_per_column(worker):
    pos = Position.from_moves("444444")  # column 4 full
    worker.submit(AnalysisRequest(3, pos, SearchConfig(depth=4, time_limit=0.2)))
    final = collect(worker)[-1]
    assert final.kind == "analysis" and final.error is None
    scores, exact = final.result.scores, final.result.exact
    assert len(scores) == 7 and scores[3] is None
    assert all(isinstance(s, float) for i, s in enumerate(scores) if i != 3)
    if exact:  # proved within the budget: the solver's own column scores
        assert scores == tuple(None if v is None else float(v) for v in Solver().column_scores(pos))
    else:  # estimates lie strictly inside (-1, 1), below every proved result, and differ by column
        assert all(-1 < s < 1 for s in scores if s is not None)
        assert len({s for s in scores if s is not None}) > 1


def test_new_submit_drops_the_running_searchs_answers(worker):
    start_deep_search(worker, generation=1)
    worker.submit(MoveRequest(2, OPENING, QUICK))
    updates = collect(worker)
    assert updates and {u.generation for u in updates} == {2}
    assert updates[-1].result.move in OPENING.legal_moves()


def test_cancel_stops_reporting_and_frees_the_worker(worker):
    start_deep_search(worker, generation=1)
    worker.cancel()
    assert not worker.busy and worker.poll() == []
    # Whatever the cancelled search still sends comes before the next request's answers,
    # so seeing only generation 2 here proves it was dropped.
    worker.submit(MoveRequest(2, OPENING, QUICK))
    assert {u.generation for u in collect(worker)} == {2}


def test_poll_with_generation_drops_answers_for_another_generation(worker):
    worker.submit(MoveRequest(5, OPENING, QUICK))
    assert collect(worker, generation=6) == []  # the model moved on: nothing for generation 5
    assert not worker.busy


def test_cancel_latency_is_within_the_issue_bound(worker):
    start_deep_search(worker, generation=1)
    started = time.monotonic()
    worker.submit(MoveRequest(2, OPENING, SearchConfig(depth=1)))
    final = collect(worker)[-1]
    latency = time.monotonic() - started
    assert final.generation == 2 and final.result is not None
    assert latency < CANCEL_BOUND, f"the next answer took {latency:.3f} s after a cancel"


def test_engine_error_becomes_an_update_and_the_worker_goes_on(worker):
    worker.submit(MoveRequest(3, OPENING, QUICK))
    collect(worker)
    children = child_pids()  # with the search process, if any
    over = Position.from_moves("1212121")  # red has won: the engine refuses to search
    worker.submit(MoveRequest(4, over, QUICK))
    final = collect(worker)[-1]
    assert final.generation == 4 and final.result is None
    assert "ValueError" in final.error and "over" in final.error
    worker.submit(MoveRequest(5, OPENING, QUICK))
    assert collect(worker)[-1].result.move in OPENING.legal_moves()
    assert child_pids() == children  # the same search process survived


@pytest.mark.parametrize("use_process", [True, False], ids=["process", "thread"])
def test_close_mid_search_is_quick_and_leaves_nothing_behind(use_process, monkeypatch):
    threads_before, children_before = live_threads(), child_pids()
    w = AIWorker(use_process=use_process)
    start_deep_search(w, generation=1)
    pids = child_pids() - children_before
    assert len(pids) == (1 if use_process else 0)
    threads = live_threads() - threads_before  # the worker's own (and its queue feeder)
    assert any(t.name == "AIWorker" for t in threads)
    waits: list[float | None] = []   # the time limit of each wait close itself makes
    join = threading.Thread.join

    def noted_join(thread, timeout=None):
        if threading.current_thread() is threading.main_thread():
            waits.append(timeout)
        return join(thread, timeout)

    with monkeypatch.context() as patch:
        patch.setattr(threading.Thread, "join", noted_join)
        w.close(timeout=0.5)
    # Quick however loaded the machine: its waits fit in the time it was given, none waits for
    # the search (the deep search runs for many seconds more).
    assert waits and None not in waits and sum(waits) <= 0.5, waits
    for thread in threads:
        thread.join(HANG_GUARD)          # stopped: gone once it has had a core to go on
    for child in multiprocessing.active_children():
        child.join(HANG_GUARD)
    assert child_pids() <= children_before
    for pid in pids:
        with pytest.raises(ProcessLookupError):  # gone and reaped, not a zombie
            os.kill(pid, 0)
    assert not any(t.is_alive() for t in threads)
    assert not w.busy and w.poll() == []
    w.close()  # a second close is harmless
    with pytest.raises(RuntimeError, match="closed"):
        w.submit(MoveRequest(2, OPENING, QUICK))


def test_a_killed_search_process_is_replaced_and_asked_again():
    children_before = child_pids()
    with AIWorker(use_process=True) as w:
        start_deep_search(w, generation=1)
        (pid,) = child_pids() - children_before
        os.kill(pid, signal.SIGKILL)
        deadline = time.monotonic() + HANG_GUARD
        while not w.notices():          # the new process is asked the same question
            assert time.monotonic() < deadline
            time.sleep(0.005)
        assert collect(w, until_final=False)[0].progress.depth >= 1
        assert w.busy and w.use_process
        w.submit(MoveRequest(2, OPENING, QUICK))
        assert collect(w)[-1].result.move in OPENING.legal_moves()
        (replacement,) = child_pids() - children_before
        assert replacement != pid
    assert child_pids() <= children_before


def test_a_hung_search_process_is_replaced_for_the_next_request():
    children_before = child_pids()
    with AIWorker(use_process=True) as w:
        start_deep_search(w, generation=1)
        (pid,) = child_pids() - children_before
        os.kill(pid, signal.SIGSTOP)  # frozen: it can no longer notice its stop
        try:
            w.submit(MoveRequest(2, OPENING, QUICK))
            updates = collect(w)
        finally:
            if pid in child_pids():  # never leave a frozen process behind, whatever happened
                os.kill(pid, signal.SIGCONT)
        assert {u.generation for u in updates} == {2}
        assert updates[-1].result.move in OPENING.legal_moves()
        (replacement,) = child_pids() - children_before
        assert replacement != pid
    assert child_pids() <= children_before


def test_one_searcher_per_config_and_never_shared():
    engine = Searchers()
    a = engine.searcher(SearchConfig(depth=4))
    assert engine.searcher(SearchConfig(depth=4)) is a  # equal config: the same table again
    b = engine.searcher(SearchConfig(depth=4, heuristic="window"))
    assert b is not a and b.config.heuristic == "window"
    assert engine.searcher(SearchConfig(depth=4)) is a  # a is now the most recently used
    others = [engine.searcher(SearchConfig(depth=d)) for d in range(5, 5 + MAX_SEARCHERS - 2)]
    # The table is full: the next new config pushes out the least recently used one, b.
    engine.searcher(SearchConfig(depth=12))
    assert engine.searcher(SearchConfig(depth=4)) is a
    assert engine.searcher(SearchConfig(depth=4, heuristic="window")) is not b
    assert len({id(s) for s in others}) == len(others)


def test_bad_requests_are_refused_up_front():
    with AIWorker(use_process=False) as w:
        with pytest.raises(TypeError, match="AIRequest"):
            w.submit(OPENING)  # type: ignore[arg-type]
        assert not w.busy


def test_worker_module_does_not_import_pygame():
    import subprocess
    import sys

    from pathlib import Path

    code = "import sys, game.service.client, game.model, game.paths; print('pygame' in sys.modules)"
    repo = Path(__file__).resolve().parents[2]
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=repo)
    assert out.stdout.strip() == "False"


def test_a_suspended_search_process_is_noticed_and_the_request_asked_again(monkeypatch):
    """SIGSTOP: the process sends nothing more. After the request's time limit plus the stall
    allowance it is killed, and the same request runs in a new process; the player is told."""
    monkeypatch.setattr(backends, "_STALL_AFTER", 1.0)
    children_before = child_pids()
    limited = SearchConfig(depth=20, time_limit=1.5)
    assert backends.silence_bound(MoveRequest(1, OPENING, limited)) == 2.5
    with AIWorker(use_process=True) as w:
        w.submit(MoveRequest(1, Position(), limited))
        collect(w, until_final=False)                               # running: its first depth reported
        (pid,) = child_pids() - children_before
        os.kill(pid, signal.SIGSTOP)
        try:
            started = time.monotonic()
            updates = collect(w)
            waited = time.monotonic() - started
        finally:
            # The backend kills a process it found silent; it may be reaped already, or not yet.
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGCONT)
        final = updates[-1]
        assert final.generation == 1 and final.result.move in Position().legal_moves()
        assert w.notices() == [Recovery.NEW_PROCESS]
        assert 1.0 < waited < HANG_GUARD
        assert len(child_pids() - children_before - {pid}) == 1  # answered by a new process (the old may linger)
    assert child_pids() <= children_before


def test_a_long_search_without_finished_iterations_is_not_taken_for_a_stalled_one(monkeypatch):
    # Heartbeats come every 0.25 s: six of them may go missing on a loaded machine before the
    # silence counts as a stall, and the 3 s of deep iterations below are still twice that.
    monkeypatch.setattr(backends, "_STALL_AFTER", 1.5)
    with AIWorker(use_process=True) as w:
        start_deep_search(w, generation=1)
        time.sleep(3)                                               # deep iterations: heartbeats only
        assert not [u for u in w.poll() if u.error is not None]
        assert w.busy
        w.cancel()


REAL_HANDLE = Searchers.handle


def search_threads() -> set[threading.Thread]:
    return {t for t in threading.enumerate() if t.name == "connect4-search" and t.is_alive()}


class _Ignores:
    """An Searchers.handle that ignores its stop until released: a stuck search."""

    def __init__(self) -> None:
        self.release = threading.Event()
        self.started = threading.Event()

    def __call__(self, request, stop, on_progress):  # set on the class, not bound: no engine argument
        self.started.set()
        self.release.wait(HANG_GUARD)
        return threaded.Outcome.RESULT, None


def test_the_thread_backend_stops_its_search_through_a_stop_flag(monkeypatch):
    seen = []
    handle = threaded.Searchers.handle

    def spy(engine, request, stop, on_progress):
        seen.append(stop)
        return handle(engine, request, stop, on_progress)

    monkeypatch.setattr(threaded.Searchers, "handle", spy)
    with AIWorker(use_process=False) as w:
        start_deep_search(w, generation=1)
        w.submit(MoveRequest(2, OPENING, QUICK))
        assert collect(w)[-1].result.move in OPENING.legal_moves()
    first, second = seen
    assert type(first).__name__ == "StopFlag" and first.is_set()  # the replaced search was told to stop
    assert first is not second and not second.is_set()  # one flag per request


def test_a_search_thread_that_ignores_its_stop_is_abandoned_for_a_new_one(monkeypatch):
    stuck = _Ignores()
    monkeypatch.setattr(threaded.Searchers, "handle", stuck)
    monkeypatch.setattr(threaded, "STOP_GRACE", 0.2)
    before = search_threads()
    try:
        with AIWorker(use_process=False) as w:
            w.submit(MoveRequest(1, OPENING, QUICK))
            assert stuck.started.wait(HANG_GUARD)
            (hung,) = search_threads() - before
            monkeypatch.setattr(threaded.Searchers, "handle", REAL_HANDLE)  # the next request: the real engine
            w.submit(MoveRequest(2, OPENING, QUICK))
            updates = collect(w)
            assert {u.generation for u in updates} == {2}
            assert updates[-1].result.move in OPENING.legal_moves()
            assert hung.is_alive()  # still stuck: the answer came from another thread
    finally:
        stuck.release.set()
    hung.join(HANG_GUARD)


def test_a_search_thread_silent_past_its_time_limit_is_reported_and_the_retry_runs(monkeypatch):
    stuck = _Ignores()
    monkeypatch.setattr(threaded.Searchers, "handle", stuck)
    monkeypatch.setattr(backends, "_STALL_AFTER", 0.2)
    limited = SearchConfig(depth=4, time_limit=0.1)
    try:
        with AIWorker(use_process=False) as w:
            w.submit(MoveRequest(1, OPENING, limited))
            final = collect(w)[-1]
            assert final.generation == 1 and final.result is None
            assert "stopped answering" in final.error and "stuck" in final.error
            monkeypatch.setattr(threaded.Searchers, "handle", REAL_HANDLE)
            w.submit(MoveRequest(2, OPENING, QUICK))  # the retry
            assert collect(w)[-1].result.move in OPENING.legal_moves()
    finally:
        stuck.release.set()


def test_a_search_without_a_time_limit_is_never_taken_for_a_stalled_thread(monkeypatch):
    monkeypatch.setattr(backends, "_STALL_AFTER", 0.0)
    stuck = _Ignores()
    monkeypatch.setattr(threaded.Searchers, "handle", stuck)
    try:
        with AIWorker(use_process=False) as w:
            w.submit(MoveRequest(1, OPENING, SearchConfig(depth=20)))
            assert stuck.started.wait(HANG_GUARD)
            time.sleep(0.3)  # far past the zero allowance: only a time limit makes silence a stall
            assert w.poll() == [] and w.busy
            stuck.release.set()
            assert collect(w)[-1].error is None
    finally:
        stuck.release.set()


def test_a_search_thread_that_dies_is_reported_and_the_next_request_runs(monkeypatch):
    def dies(engine, request, stop, on_progress):
        raise SystemExit(3)

    monkeypatch.setattr(threaded.Searchers, "handle", dies)
    with AIWorker(use_process=False) as w:
        w.submit(MoveRequest(1, OPENING, QUICK))
        final = collect(w)[-1]
        assert final.result is None and "the search thread stopped: SystemExit" in final.error
        monkeypatch.setattr(threaded.Searchers, "handle", REAL_HANDLE)
        w.submit(MoveRequest(2, OPENING, QUICK))
        assert collect(w)[-1].result.move in OPENING.legal_moves()


@pytest.mark.parametrize(("compiled", "backend"), [(True, "thread"), (False, "process")])
def test_auto_picks_the_thread_only_where_both_searches_are_compiled(monkeypatch, compiled, backend):
    from game.engine import alphabeta, negamax

    for module in (alphabeta, negamax):
        monkeypatch.setattr(module, "COMPILED", True)
    monkeypatch.setattr(negamax if compiled else alphabeta, "COMPILED", compiled)
    assert backends.auto_backend() == backend
    assert backends.use_process("auto") is (backend == "process")
    assert backends.use_process("process") is True and backends.use_process("thread") is False
    with pytest.raises(ValueError, match="auto, process, thread"):
        backends.use_process("fork")
    w = AIWorker()
    try:
        assert w.use_process is (backend == "process")
    finally:
        w.close()


def test_a_search_threads_answer_wakes_the_worker_thread():
    # The worker thread sleeps between polls while a search runs; each answer the search thread
    # puts must wake it, so the answer is passed on at once, not at the next poll.
    emitted: list[tuple] = []
    woken = threading.Event()
    backend = threaded.ThreadBackend(lambda job, report: emitted.append((report.seq, job.request, report.outcome)),
                                     wake=woken.set)
    backend.submit(Job(1, MoveRequest(1, Position.from_moves("4453"), SearchConfig(depth=2))))
    backend.pump()                                   # starts the search thread
    assert woken.wait(30.0), "the search thread's answer never woke the worker"
    for _ in range(3000):
        backend.pump()
        if emitted and emitted[-1][2] is not Outcome.PROGRESS:
            break
        time.sleep(0.01)
    assert emitted[-1][:1] == (1,) and emitted[-1][2] is Outcome.RESULT
    backend.shutdown(time.monotonic() + 1.0)


class _StartingContext:
    """Stands in for the spawn context: the "process" is this test, which reads the requests and
    answers by hand, so when it has started is the test's to say."""

    def __init__(self):
        self.processes = []

    def Queue(self):
        return _Queue()

    def Event(self):
        return threading.Event()

    def Process(self, target, args, name, daemon):
        proc = _Starting(*args)
        self.processes.append(proc)
        return proc


class _Queue(queue.Queue):
    """A thread queue with the two calls the backend makes on a process queue it discards."""

    def cancel_join_thread(self):
        pass

    def close(self):
        pass


class _Starting:
    def __init__(self, requests, updates, stop):
        self.requests, self.updates, self.stop = requests, updates, stop
        self.exitcode = None
        self.killed = False

    def start(self):
        pass

    def is_alive(self):
        return not self.killed

    def kill(self):
        self.killed = True

    def join(self, timeout=None):
        pass

    def close(self):
        pass


def _starting_backend(monkeypatch):
    monkeypatch.setattr(backends, "_STALL_AFTER", 0.05)
    emitted = []
    backend = process.ProcessBackend(lambda job, report: emitted.append((report.seq, report.outcome, report.payload)))
    context = _StartingContext()
    backend._ctx = context
    return backend, context, emitted


def test_a_search_process_still_starting_is_not_taken_for_a_stalled_one(monkeypatch):
    """A new interpreter may take seconds to import the engine on a slow or busy machine: its
    silence before its first word is start-up, bounded by START_BOUND, not the request's time
    limit plus the stall allowance. Once it has said it started, that allowance applies."""
    backend, context, emitted = _starting_backend(monkeypatch)
    backend.submit(Job(1, MoveRequest(1, OPENING, QUICK)))
    backend.pump()                                      # process started, request sent
    (proc,) = context.processes
    time.sleep(0.2)                                     # four times the request's silence bound
    backend.pump()
    assert emitted == [] and not proc.killed            # still starting: not a stall
    proc.updates.put(Report(process._READY, Outcome.ALIVE))
    backend.pump()
    assert emitted == []
    time.sleep(0.2)                                     # started, then silent past its bound
    backend.pump()
    ((seq, outcome, message),) = emitted
    assert seq == 1 and outcome is Outcome.ERROR and "stopped answering" in str(message)
    assert proc.killed


def test_a_search_process_that_never_starts_fails_after_the_start_bound(monkeypatch):
    backend, context, emitted = _starting_backend(monkeypatch)
    monkeypatch.setattr(process, "START_BOUND", 0.1)
    backend.submit(Job(1, MoveRequest(1, OPENING, QUICK)))
    backend.pump()
    time.sleep(0.2)
    backend.pump()
    ((seq, outcome, message),) = emitted
    assert seq == 1 and outcome is Outcome.ERROR and "did not start" in str(message)
    assert message.started is False     # the worker hands the request to the thread, not a new process
    assert context.processes[0].killed


def test_a_request_replaced_while_the_process_starts_waits_for_it_not_for_a_new_one(monkeypatch):
    """A stop the process cannot have seen yet (it has not read the request) is not a stop it
    ignores: the process is kept, and the stop's grace counts from its first word."""
    backend, context, emitted = _starting_backend(monkeypatch)
    monkeypatch.setattr(backends, "STOP_GRACE", 0.05)
    monkeypatch.setattr(process, "STOP_GRACE", 0.05)
    backend.submit(Job(1, MoveRequest(1, OPENING, QUICK)))
    backend.pump()
    backend.submit(Job(2, MoveRequest(2, OPENING, QUICK)))   # the first one is told to stop
    time.sleep(0.2)
    backend.pump()
    assert emitted == [] and len(context.processes) == 1 and not context.processes[0].killed
    proc = context.processes[0]
    proc.updates.put(Report(process._READY, Outcome.ALIVE))
    proc.updates.put(Report(1, Outcome.CANCELLED))           # it reads the request, sees the stop
    backend.pump()
    assert emitted == [(1, Outcome.CANCELLED, None)]
    assert proc.requests.get_nowait().seq == 1 and proc.requests.get_nowait().seq == 2
    assert len(context.processes) == 1 and not proc.killed

"""A search process that fails mid-game: the request is asked again, the game goes on, the player
is told. Driven as the window drives the engine: one EngineClient, sync and poll once a frame."""

import multiprocessing
import os
import resource
import signal
import time
from types import SimpleNamespace

import pytest

from game.engine.board import Position
from game.engine.search import SearchConfig
from game.i18n import ENGLISH, set_language
from game.service.backends import Job, Lost
from game.service.client import EngineClient, EngineService
from game.service.requests import Kind, MoveRequest
from game.service.worker import AIWorker, Recovery
from game.ui.notices import recovery_text

QUICK = SearchConfig(depth=4)
# Many seconds from the empty board without its time limit; with it, a move in about three.
LONG = SearchConfig(depth=42, heuristic="window", time_limit=3.0)
HANG_GUARD = 90.0  # only stops a broken test from hanging; never reached when things work


class _ExitsWhenReceived(SearchConfig):
    """A sound config whose pickled form ends the process that reads it (exit code 0, nothing
    said): a search process that ends by itself while a request waits for it."""

    __slots__ = ()

    def __reduce__(self):
        return (os._exit, (0,))


class _CrashesWhenReceived(SearchConfig):
    """A sound config whose pickled form aborts the process that reads it (SIGABRT): a crash of
    the search process's own code, every time it is asked."""

    __slots__ = ()

    def __reduce__(self):
        return (os.abort, ())


class Window:
    """The game's side: one client over the program's one worker, the lines the player was
    shown, and the moves played."""

    def __init__(self) -> None:
        self.service = EngineService(lambda: AIWorker(use_process=True))
        self.errors: list[str] = []
        self.told: list[str] = []
        self.client = EngineClient(self.service, self.errors.append, tell=self.told.append)
        self.moves = ""

    def move(self, config: SearchConfig, *, running=None) -> int | None:
        """Ask for the computer's move and poll until it comes (None: an error came instead).
        ``running`` is called once, when the search has reported its first progress."""
        tag = len(self.moves) + 1
        position = Position.from_moves(self.moves)
        self.client.sync(Kind.MOVE, tag, lambda kind: MoveRequest(tag, position, config))
        give_up = time.monotonic() + HANG_GUARD
        while time.monotonic() < give_up:
            for update in self.client.poll(tag):
                if update.progress is not None and running is not None:
                    running, call = None, running
                    call()
                if update.result is not None:
                    assert update.result.move in position.legal_moves()
                    self.moves += str(update.result.move + 1)
                    return update.result.move
            if self.client.error is not None:
                return None
            time.sleep(0.005)
        raise AssertionError(f"no answer within {HANG_GUARD} s (the game waits for ever); told {self.told}")

    def close(self) -> None:
        self.service.close(timeout=2.0)


def search_process() -> int:
    (child,) = [p for p in multiprocessing.active_children() if p.name == "connect4-search"]
    return child.pid


@pytest.fixture
def window():
    before = {p.pid for p in multiprocessing.active_children()}
    w = Window()
    yield w
    w.close()
    assert {p.pid for p in multiprocessing.active_children()} <= before


def test_a_search_process_that_ends_by_itself_mid_game_does_not_stop_the_game(window):
    """The process ends on its own with a request in flight (exit code 0, no word: the game's
    memory falls by one interpreter) and does so again in the next one: the request is asked
    of a new process, then of the search thread, and the game plays on."""
    assert window.move(QUICK) is not None and window.move(QUICK) is not None
    assert window.move(_ExitsWhenReceived(depth=4)) is not None, window.errors
    assert window.errors == []
    assert window.told == [Recovery.NEW_PROCESS, Recovery.THREAD]
    assert window.service.worker.use_process is False      # the thread goes on for the rest
    assert window.move(QUICK) is not None and len(window.moves) == 4


def test_a_search_process_killed_mid_search_is_replaced_and_asked_again(window):
    assert window.move(QUICK) is not None and window.move(QUICK) is not None
    first = search_process()
    killed = []

    def kill() -> None:
        os.kill(first, signal.SIGKILL)
        killed.append(first)

    assert window.move(LONG, running=kill) is not None, window.errors
    assert killed == [first] and window.errors == []
    assert window.told == [Recovery.NEW_PROCESS]
    assert window.service.worker.use_process is True
    assert search_process() != first                       # the new process answered
    assert window.move(QUICK) is not None and len(window.moves) == 4
    assert window.told == [Recovery.NEW_PROCESS]            # nothing more to tell


def test_a_request_that_crashes_the_search_process_twice_ends_with_an_error_not_in_the_game(window):
    """A crash (a signal such as SIGSEGV or SIGABRT) on the same request in two processes is not
    handed to the search thread, where it would take the game down: it ends with an error (the
    window offers R to retry), and the next request runs in a new process."""
    core = resource.getrlimit(resource.RLIMIT_CORE)
    resource.setrlimit(resource.RLIMIT_CORE, (0, core[1]))     # the processes started now leave no core file
    try:
        assert window.move(QUICK) is not None
        assert window.move(_CrashesWhenReceived(depth=4)) is None
    finally:
        resource.setrlimit(resource.RLIMIT_CORE, core)
    (error,) = window.errors
    assert "stopped unexpectedly" in error
    assert window.told == [Recovery.NEW_PROCESS]
    assert window.service.worker.use_process is True
    window.client.error = None                                 # R: retry
    assert window.move(QUICK) is not None and len(window.moves) == 2


@pytest.mark.parametrize("recovery", list(Recovery))
def test_the_player_reads_one_line_in_the_players_language(recovery):
    english = recovery_text(recovery)
    try:
        set_language("de")
        german = recovery_text(recovery)
    finally:
        set_language(ENGLISH)
    assert "search process" in english and "\n" not in english
    assert german.strip() and german != english and "\n" not in german


def test_master_against_perfect_in_the_window_plays_on_when_the_search_process_stops(ui):
    """The loop of the memory measurement: Master plays Perfect in the window with
    ``worker = "process"``. The search process is frozen mid-game (SIGSTOP: whatever it was doing,
    it answers nothing more); the game used to wait for a key press for ever, and now goes on to
    its end, the player told in one line and shown no engine error."""
    d = ui("Master", "Perfect", worker_factory=lambda: AIWorker(use_process=True), spectator_delay=0.0)
    shown = []
    add = d.c.ctx.notices.add
    d.c.ctx.notices.add = lambda text, *args, **kwargs: shown.append(text) or add(text, *args, **kwargs)
    opening = len(d.scene.model.moves)
    d.run_until(lambda: len(d.scene.model.moves) >= opening + 2, timeout=HANG_GUARD, what="two computer moves")
    frozen = search_process()
    os.kill(frozen, signal.SIGSTOP)
    try:
        d.run_until(lambda: d.scene.model.is_over, timeout=HANG_GUARD, what="the game's end")
    finally:
        if frozen in {p.pid for p in multiprocessing.active_children()}:
            os.kill(frozen, signal.SIGKILL)
    assert recovery_text(Recovery.NEW_PROCESS) in shown
    assert not [text for text in shown if text.startswith("Engine error")]
    assert d.scene.engine.error is None


@pytest.mark.parametrize(("code", "platform", "crash"), [
    (-signal.SIGSEGV, "linux", True), (-signal.SIGABRT, "linux", True), (-signal.SIGKILL, "linux", False),
    (0, "linux", False), (1, "linux", False), (3, "linux", False),
    (3, "win32", True), (0xC0000005, "win32", True), (0xC00000FD, "win32", True),
    (1, "win32", False), (0, "win32", False), (None, "win32", False),
])
def test_a_crash_is_told_by_the_exit_code_on_posix_and_on_windows(code, platform, crash):
    from game.service.process import crash_exit

    assert crash_exit(code, platform) is crash


@pytest.mark.parametrize(("first", "then", "recovered"), [
    (Lost("killed", crashed=False), Lost("did not start", started=False), True),       # the thread takes it
    (Lost("segfault", crashed=True), Lost("did not start", started=False), False),     # crashed once: never in the game
    (Lost("segfault", crashed=True), Lost("segfault", crashed=True), False),
])
def test_a_request_that_crashed_a_search_process_is_never_handed_to_the_search_thread(first, then, recovered):
    worker = AIWorker(use_process=True)
    submitted = []
    try:
        job = Job(1, MoveRequest(1, Position(), QUICK))
        worker._active, worker._backend = job, SimpleNamespace(submit=submitted.append)
        assert worker._recover(job, first) is True and submitted == [job]       # a new process is asked
        assert worker._recover(job, then) is recovered
        assert (worker._take_over is job) is recovered
    finally:
        worker._take_over = None
        worker.close()

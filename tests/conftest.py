"""Shared test setup: headless SDL (no window, no audio device) and a private user folder."""

from __future__ import annotations

import os

# Before anything imports pygame: no real window or audio device in tests.
os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# The tests read the game's English words whatever this machine's language; the tests of choosing
# a language pass an environment of their own.
os.environ["LANGUAGE"] = "en"

import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def zeroconf_attempts(monkeypatch) -> list[object]:
    """No test starts zeroconf (multicast DNS) beyond loopback: asked for any other interface it
    fails as on a machine without multicast, so nothing is announced or asked on the machine's
    real network; the refused attempts are recorded for the tests of ``[network] announce``."""
    import ipaddress

    from game.net import discovery  # here: zeroconf loads only for the tests, not at collection

    attempts: list[object] = []
    real = discovery.AsyncZeroconf

    def loopback_only(*args, interfaces=None, **kwargs):
        try:
            loopback = bool(interfaces) and all(ipaddress.ip_address(a).is_loopback for a in interfaces)
        except (TypeError, ValueError):
            loopback = False
        if not loopback:
            attempts.append(interfaces)
            raise OSError("multicast on this machine's real interfaces is off in the tests")
        return real(*args, interfaces=interfaces, **kwargs)

    monkeypatch.setattr(discovery, "AsyncZeroconf", loopback_only)
    return attempts


@pytest.fixture
def connect4_home(tmp_path, monkeypatch):
    """Point CONNECT4_HOME (settings, prefs, saves, autosave) at a fresh temporary folder."""
    home = tmp_path / "connect4-home"
    home.mkdir()
    monkeypatch.setenv("CONNECT4_HOME", str(home))
    return home


@pytest.fixture
def autosaves(connect4_home):
    """This test's running game's autosave (the ``ui`` fixture's windows share it), closed at the end."""
    from game.store.autosave import Autosaves

    made = Autosaves(connect4_home)
    yield made
    made.close()


class UIDriver:
    """Drives a real ``game.ui`` controller headless: synthetic events in, frames of a fixed dt."""

    DT = 1 / 60

    def __init__(self, controller):
        self.c = controller

    @property
    def scene(self):
        return self.c.scene

    def frame(self, *events, dt=DT):
        """One frame; then the session's writers finish, so a test reads the autosave as it stands."""
        self.c.frame(dt, list(events))
        assert self.c.ctx.session.flush(), "the autosave or the record was not written in time"

    def key(self, key, mod=0):
        import pygame

        self.frame(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=""))

    def click(self, pos, button=1):
        import pygame

        self.frame(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))

    def click_column(self, col):
        layout = self.c.ctx.layout
        self.click(layout.cell_center(col, 2))

    def settle(self, frames=30, dt=0.05):
        """Let animations and short timers run out (simulated time only; 1.5 s by default)."""
        for _ in range(frames):
            self.frame(dt=dt)

    def run_until(self, predicate, timeout=60.0, what="condition"):
        """Frames (simulated dt, real time passing for the AI worker) until ``predicate()``;
        ``timeout`` (real seconds) is only a hang guard: the frames stop as soon as it holds."""
        import time

        deadline = time.monotonic() + timeout
        while not predicate():
            if time.monotonic() > deadline:
                raise AssertionError(f"timed out waiting for {what}")
            self.frame()
            time.sleep(0.002)


@pytest.fixture
def pseudo_locale(monkeypatch):
    """The game in the pseudo-locale (tests/pseudo.py), recording every text the window draws:
    ``.untranslated(names)``, ``.cut()``, ``.outside(window)`` and ``.overlapping()`` list the
    faults. A window opened in the test keeps the pseudo-locale (the controller's choice of the
    language at start is held off). English comes back afterwards."""
    from pseudo import CODE, DrawnTexts, pseudo_translations

    from game import i18n
    from game.ui import controller, resources

    drawn = DrawnTexts()
    i18n.use_translations(CODE, pseudo_translations())
    monkeypatch.setattr(controller, "set_language", lambda code: i18n.language())
    resources.on_text_drawn = drawn
    yield drawn
    resources.on_text_drawn = None
    i18n.set_language(i18n.ENGLISH)


class TextRecorder:
    """Every text drawn inside a ``with`` block, with the rectangle it covers (empty texts are not
    drawn, so not recorded). ``draw_text`` renders through ``resources.render_text``; inside the
    block that is wrapped, and the rendered image notes where ``draw_text`` places it."""

    def __init__(self, hook=None):
        self.rects = []
        self.hook = hook            # also told each (text, rect) as it is drawn

    @property
    def texts(self):
        return [text for text, _ in self.rects]

    def __enter__(self):
        import pygame

        from game.ui import resources

        recorder = self

        class Placed(pygame.Surface):
            def get_rect(self, **anchor):
                rect = super().get_rect(**anchor)
                if self.text:
                    recorder.rects.append((self.text, rect.copy()))
                    if recorder.hook is not None:
                        recorder.hook(self.text, rect)
                return rect

        def render(text, size, colour, bold=False):
            image = real(text, size, colour, bold)
            placed = Placed(image.get_size(), pygame.SRCALPHA)
            placed.blit(image, (0, 0))
            placed.text = text
            return placed

        self._resources, self._real = resources, resources.render_text
        real = self._real
        resources.render_text = render
        return self

    def __exit__(self, *exc):
        self._resources.render_text = self._real


def cpu_seconds(thread):
    """A clock of the CPU time ``thread`` (started) has used, readable from any thread. The work a
    search does after its stop flag is measured on it: a loaded machine that leaves the thread
    waiting for a core stretches the wall clock, never this one."""
    import time

    clock = time.pthread_getcpuclockid(thread.ident)
    return lambda: time.clock_gettime(clock)


class FakeWorker:
    """A stand-in for the AI worker: records requests; the test decides what comes back (and can
    send stale answers)."""

    def __init__(self):
        self.requests = []
        self.cancels = 0
        self.outbox: list[AIUpdate] = []
        self.closed = False

    def submit(self, request):
        self.requests.append(request)

    def cancel(self):
        self.cancels += 1

    def notices(self):
        return []               # a stand-in's search never fails: nothing to tell

    def poll(self, generation=None):
        out, self.outbox = self.outbox, []
        return [u for u in out if generation is None or u.generation == generation]

    @property
    def busy(self):
        return bool(self.requests)

    def close(self, timeout=0.5):
        self.closed = True


class StepWorker:
    """An AI worker that answers each request at the next ``poll``, computed there and then by the
    game's own engine: the computer's moves keep step with the frames, however fast the machine."""

    use_process = False

    def __init__(self):
        import threading

        from game.service.searchers import Searchers

        self.engine = Searchers()
        self.pending = None
        self.never = threading.Event()      # a search here is never stopped: it ends within the poll

    def submit(self, request):
        self.pending = request

    def cancel(self):
        self.pending = None

    @property
    def busy(self):
        return self.pending is not None

    def notices(self):
        return []               # a stand-in's search never fails: nothing to tell

    def poll(self, generation=None):
        from game.service.searchers import Outcome
        from game.service.requests import AIUpdate

        request, self.pending = self.pending, None
        if request is None or (generation is not None and request.generation != generation):
            return []
        outcome, payload = self.engine.handle(request, self.never, lambda progress: None)
        if outcome is Outcome.RESULT:
            return [AIUpdate(request.generation, request.kind, result=payload)]
        return [AIUpdate(request.generation, request.kind, error=str(payload))]

    def close(self, timeout=0.5):
        self.pending = None


@pytest.fixture
def ui(connect4_home, autosaves, monkeypatch):
    """Factory: ``ui(red=..., yellow=..., **settings_overrides)`` -> UIDriver on a fresh controller.

    Without players the menu is shown. Every window autosaves through the ``autosaves`` fixture's
    slot, as one running program does, unless given ``autosaves=`` (another running program). The AI worker runs in a thread (fast to start); the quit
    test uses the real process worker."""
    import dataclasses

    import pygame

    from game.config.values import DEFAULTS
    from game.domain.players import parse_player_spec
    from game.ui.controller import Controller
    from game.service import backends
    from game.service.worker import AIWorker

    # The menu's once-per-install notice of an install without compiled searches has tests of its
    # own (tests/ui/test_worker_setting.py, which undo this); elsewhere it would be one more notice
    # to count.
    monkeypatch.setattr(backends, "compiled", lambda: True)
    # The course is offered once to a player opening the game for the first time; a fresh home
    # here is a player who was offered it already (tests/ui/test_learn.py tests the offer).
    from game.store.prefs import prefs_path

    if not prefs_path().exists():
        prefs_path().parent.mkdir(parents=True, exist_ok=True)
        prefs_path().write_text('{"course_offered": true}\n', encoding="utf-8")
    pygame.display.init()
    pygame.font.init()
    controllers = []

    def make(red=None, yellow=None, *, worker_factory=None, resume=None, config_path=None, notices=(),
             problems=(), autosaves=autosaves, **overrides):
        settings = dataclasses.replace(DEFAULTS, **overrides)
        controller = Controller(settings, autosaves=autosaves, config_path=config_path, notices=notices,
                                problems=problems,
                                worker_factory=worker_factory or (lambda: AIWorker(use_process=False)))
        controllers.append(controller)
        spec = (lambda s: parse_player_spec(s, settings) if isinstance(s, str) else s)
        controller.start(spec(red) if red else None, spec(yellow) if yellow else None, resume)
        driver = UIDriver(controller)
        driver.frame()
        return driver

    yield make
    for controller in controllers:
        controller.shutdown()
        controller.ctx.session.autosaves.close()    # each run's slot is given back, the fixture's too
    pygame.quit()
    import threading

    # An in-thread search cannot be killed, only asked to stop: it ends at its next look at the
    # flag, which on a loaded machine may wait for a core. 30 s is only a hang guard.
    for thread in [t for t in threading.enumerate() if t.name == "AIWorker"]:
        thread.join(30.0)
    assert not [t.name for t in threading.enumerate() if t.name == "AIWorker" and t.is_alive()]


@pytest.fixture
def bookless(monkeypatch):
    """Solvers made during the test search the early positions instead of reading them from the
    opening book and the early table: the positions that are hard without them stay hard."""
    from game.engine import solver  # here: the fixture patches the module the solvers read

    monkeypatch.setattr(solver, "default_book", lambda: None)
    monkeypatch.setattr(solver, "early_scores", lambda: None)


# ---------------------------------------------------------------- the exact solver's two paths
NOT_BUILT = "the compiled search was not built (no C compiler or Cython when the package was installed)"


def _on_path(compiled_module, path: str):
    """``compiled_module`` itself for "compiled" (skips when it was not built), or its source run by
    the interpreter for "plain"."""
    if path == "plain":
        module = compiled_module.plain_module()
        assert not module.COMPILED
        return module
    if not compiled_module.COMPILED:
        pytest.skip(NOT_BUILT)
    return compiled_module


def search_module(path: str):
    """The solver's search module for ``path``: "compiled" (skips when it was not built) or
    "plain" (``game/engine/negamax.py`` run by the interpreter, also when a compiled one exists)."""
    from game.engine import negamax

    return _on_path(negamax, path)


@pytest.fixture(params=["compiled", "plain"])
def search_path(request, monkeypatch):
    """Solvers made during the test use this path's search."""
    import game.engine.solver as solver_module

    module = search_module(request.param)
    monkeypatch.setattr(solver_module, "search_module", module)
    return module


# ---------------------------------------------------------------- the depth search's two paths
def depth_module(path: str):
    """The depth search's node module for ``path``: "compiled" (skips when it was not built) or
    "plain" (``game/engine/alphabeta.py`` run by the interpreter, also when a compiled one exists)."""
    from game.engine import alphabeta

    return _on_path(alphabeta, path)


@pytest.fixture(params=["compiled", "plain"])
def depth_path(request, monkeypatch):
    """Searchers made during the test run this path's node search."""
    import game.engine.search as search_module

    module = depth_module(request.param)
    monkeypatch.setattr(search_module, "core_module", module)
    return module


@pytest.fixture
def plain_depth(monkeypatch):
    """Searchers made during the test run the plain node search (its dict tables are visible)."""
    import game.engine.search as search_module

    module = depth_module("plain")
    monkeypatch.setattr(search_module, "core_module", module)
    return module

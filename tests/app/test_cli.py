"""The command line: argument errors, --check-config (hypothesis-generated broken configs),
and what app.main hands to the window."""

from __future__ import annotations

import json
import math
import os
import threading
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given
from hypothesis import settings as hsettings
from hypothesis import strategies as st

from game import __version__, app
from game.config.values import DEFAULTS, Settings
from game.domain.players import PlayerSpec
from game.store import autosave as storage
from game.domain.saved import SavedGame
from game.store.autosave import Autosaves
from game.store.savefile import load_game

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("CONNECT4_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    return tmp_path / "home"


@pytest.fixture
def fake_ui(monkeypatch):
    """Replace game.ui.run with a recorder (no window)."""
    import game.ui

    calls: list[tuple[Settings, dict]] = []

    def run(settings, **kwargs):
        calls.append((settings, kwargs))
        return 0

    monkeypatch.setattr(game.ui, "run", run)
    return calls


# --- argument errors: argparse message, exit status 2 ----------------------------------------


@pytest.mark.parametrize("argv,needle", [
    (["--bogus"], "unrecognized arguments: --bogus"),
    (["--red"], "argument --red: expected one argument"),
    (["--red", "robot"], "argument --red: unknown player 'robot'"),
    (["--yellow", "ai:0"], "argument --yellow: bad player 'ai:0': depth 0 is out of range; depth must be 1–20"),
    (["--red", "ai:21"], "depth must be 1–20"),
    (["--red", "ai:-1"], "depth -1 is out of range; depth must be 1–20"),
    (["--red", "Hard:"], "argument --red: bad player 'Hard:': nothing after a ':'"),
    (["--red", "ai:3:"], "argument --red: bad player 'ai:3:': nothing after a ':'"),
    (["--red", "ai:8:magic"], "unknown heuristic"),
    (["--red", "ai:eight"], "not a whole number"),
    (["--install-desktop-entry", "--uninstall-desktop-entry"], "not allowed with argument"),
    (["extra"], "unrecognized arguments: extra"),
])
def test_bad_arguments_exit_2_with_argparse_message(argv, needle, capsys, fake_ui):
    assert app.main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: connect4")
    assert f"connect4: error: {needle}" in err or needle in err
    assert "Traceback" not in err
    assert fake_ui == []


def test_version(capsys):
    # The version and which searches run compiled: exactly when their extensions were built.
    from game.engine import alphabeta, negamax

    assert app.main(["--version"]) == 0

    def path(module) -> str:
        return "compiled" if not module.__file__.endswith(".py") else "plain Python, not compiled at install"

    assert capsys.readouterr().out.strip() == (
        f"connect4 {__version__} (exact solver: {path(negamax)}; depth search: {path(alphabeta)}; "
        f"worker \"auto\": {'thread' if path(negamax) == path(alphabeta) == 'compiled' else 'process'})")


#: ``python -m game --version`` run as the interpreter runs it, then the modules it loaded.
VERSION_PROBE = """
import runpy, sys
sys.argv = ["game", "--version"]
try:
    runpy.run_module("game", run_name="__main__", alter_sys=True)
except SystemExit as exc:
    assert exc.code in (0, None), exc.code
print(" ".join(sorted(sys.modules)), file=sys.stderr)
"""

#: What the installed ``connect4`` command runs: the entry point pyproject.toml names.
ENTRY_PROBE = """
import importlib, sys, tomllib
module, _, name = tomllib.load(open("pyproject.toml", "rb"))["project"]["gui-scripts"]["connect4"].partition(":")
sys.argv = ["connect4", "--version"]
assert getattr(importlib.import_module(module), name)() == 0
print(" ".join(sorted(sys.modules)), file=sys.stderr)
"""


@pytest.mark.parametrize("probe", [VERSION_PROBE, ENTRY_PROBE], ids=["python -m game", "connect4"])
def test_version_alone_is_said_before_the_game_is_loaded(capsys, connect4_home, probe):
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, cwd=REPO, timeout=120)
    loaded = done.stderr.decode().split()
    assert app.main(["--version"]) == 0
    assert done.stdout.decode() == capsys.readouterr().out  # the same words as the parser's --version
    game = [m for m in loaded if m in ("game.app", "game.cli", "argparse", "multiprocessing", "logging")
            or m.startswith(("game.config", "game.store", "game.ui", "game.domain", "pygame"))]
    assert not game, game
    assert "game.version" in loaded and "game.engine.negamax" in loaded  # the probe saw the run


@pytest.mark.parametrize(("solver", "depth", "picked"), [(True, True, "thread"), (True, False, "process"),
                                                         (False, True, "process"), (False, False, "process")])
def test_version_says_where_auto_makes_the_computer_think(monkeypatch, solver, depth, picked):
    from game.cli import version_text
    from game.engine import alphabeta, negamax

    monkeypatch.setattr(negamax, "COMPILED", solver)
    monkeypatch.setattr(alphabeta, "COMPILED", depth)
    assert version_text().endswith(f'worker "auto": {picked})')


def test_help_lists_every_option(capsys):
    assert app.main(["--help"]) == 0
    out = capsys.readouterr().out
    for flag in ("--config", "--red", "--yellow", "--check-config", "--install-desktop-entry",
                 "--uninstall-desktop-entry", "--version", "ai:DEPTH:HEURISTIC"):
        assert flag in out


def test_python_m_game_runs_the_same_main():
    result = subprocess.run([sys.executable, "-m", "game", "--red", "nobody"], cwd=REPO,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 2
    assert "argument --red: unknown player 'nobody'" in result.stderr
    assert "Traceback" not in result.stderr


# --- what the window gets ----------------------------------------------------------------


def test_without_players_the_menu_opens(fake_ui, home):
    assert app.main([]) == 0
    ((settings, kwargs),) = fake_ui
    assert settings == DEFAULTS
    autosaves = kwargs.pop("autosaves")           # this run's, made at start-up and closed at the end
    assert autosaves.folder == home and autosaves.last is None
    with pytest.raises(storage.AutosaveError, match="closed"):
        autosaves.write(SavedGame("4", "human", "human", "2026-01-31T18:05:00"))
    assert kwargs == {"red": None, "yellow": None, "notices": [], "problems": [], "resume": None, "config_path": None,
                      "host_port": None, "join": None, "position": None}


def test_host_and_join_are_passed_to_the_window(fake_ui):
    assert app.main(["--host"]) == 0
    assert app.main(["--join", "[::1]:9000"]) == 0
    (_, hosting), (_, joining) = fake_ui
    assert (hosting["host_port"], hosting["join"]) == (DEFAULTS.network_port, None)
    assert (joining["host_port"], joining["join"]) == (None, "[::1]:9000")


def test_players_config_and_notices_are_passed(fake_ui, tmp_path):
    config = tmp_path / "c.toml"
    config.write_text('[window]\nfps = 5\n[[levels]]\nname = "Wall"\ndepth = 14\n', encoding="utf-8")
    assert app.main(["--config", str(config), "--red", "wall", "--yellow", "ai:3:window"]) == 0
    ((settings, kwargs),) = fake_ui
    assert settings.fps == DEFAULTS.fps and settings.level("Wall").depth == 14
    assert kwargs["red"] == PlayerSpec("ai", depth=14, level="Wall")
    assert kwargs["yellow"] == PlayerSpec("ai", depth=3, heuristic="window")
    (problem,) = kwargs["problems"]                    # listed in the menu, not as a notice
    assert "window.fps = 5" in str(problem) and kwargs["notices"] == []
    assert kwargs["config_path"] == config


def test_one_player_given_the_other_is_human(fake_ui):
    assert app.main(["--yellow", "Hard"]) == 0
    kwargs = fake_ui[0][1]
    assert kwargs["red"] == PlayerSpec("human") and kwargs["yellow"].level == "Hard"


def test_missing_config_file_is_a_notice_not_a_crash(fake_ui, tmp_path):
    assert app.main(["--config", str(tmp_path / "nope.toml")]) == 0
    assert "does not exist" in [str(p) for p in fake_ui[0][1]["problems"]][0]


def earlier_run(home: Path, game: SavedGame) -> Path:
    """An earlier run of the program that autosaved ``game`` and ended: its autosave's path."""
    autosaves = Autosaves(home)
    try:
        autosaves.write(game)
        return autosaves.path
    finally:
        autosaves.close()


def next_start_offers(home: Path) -> SavedGame | None:
    """What the next start of the program, without players, offers to resume."""
    autosaves = Autosaves(home)
    try:
        return app.resumable_autosave(autosaves)
    finally:
        autosaves.close()


def test_unfinished_autosave_is_offered(fake_ui, home):
    game = SavedGame("4453", "human", "Hard", "2026-01-31T18:05:00")
    earlier_run(home, game)
    app.main([])
    assert fake_ui[0][1]["resume"] == game


@pytest.fixture
def window(monkeypatch):
    """Replace game.ui.run with a window that starts as the real one does (the controller's
    start with what app.main hands over), draws one frame and closes."""
    import pygame

    import game.ui
    from game.ui.controller import Controller
    from game.service.worker import AIWorker

    started = Started()

    def run(settings, *, autosaves, red, yellow, resume, notices, position, **kwargs):
        pygame.display.init()
        pygame.font.init()
        controller = Controller(settings, autosaves=autosaves, notices=notices,
                                worker_factory=lambda: AIWorker(use_process=False))
        try:
            controller.start(red, yellow, resume, position=position)
            controller.frame(0.0, [])
            assert controller.ctx.session.flush()
            started.append(controller.ctx.notices.texts())
            started.slots.append(autosaves.path)
        finally:
            controller.shutdown()
            pygame.quit()
        return 0

    monkeypatch.setattr(game.ui, "run", run)
    return started


class Started(list):
    """The notices of each window started, in order; ``slots``: where each one's game autosaves."""

    def __init__(self) -> None:
        super().__init__()
        self.slots: list[Path] = []


@pytest.mark.parametrize("argv", [["--red", "human", "--yellow", "Easy"], ["--position", "44"]])
def test_a_game_from_the_command_line_keeps_the_unfinished_autosave(window, home, argv):
    game = SavedGame("4453", "human", "Hard", "2026-01-31T18:05:00")
    first = earlier_run(home, game)
    assert app.main(argv) == 0
    (notices,) = window
    assert any("Unfinished game (You vs Hard, 4 moves) kept" in n for n in notices)
    (slot,) = window.slots         # the new game autosaves elsewhere (--position 44 already did)
    assert slot != first and load_game(first) == game
    assert next_start_offers(home) is not None     # the next start, without players, offers one again


def test_a_game_of_two_computers_never_takes_the_place_of_the_unfinished_game(window, home):
    """Watching two computers from the command line: the player's unfinished game is kept, as the
    window says, and the next start offers it, not the computers' game (which is not autosaved)."""
    game = SavedGame("4453", "human", "Hard", "2026-01-31T18:05:00")
    first = earlier_run(home, game)
    assert app.main(["--red", "ai:1", "--yellow", "ai:1"]) == 0
    (notices,) = window
    assert any("Unfinished game (You vs Hard, 4 moves) kept" in n for n in notices)
    (slot,) = window.slots
    assert slot != first and not slot.exists()     # the computers' opening is on the board, not saved
    assert next_start_offers(home) == game


@pytest.fixture
def late_autosave_writer(monkeypatch):
    """The autosave's writer thread writes nothing until the window has either waited for it or
    already left its autosave slot for later: the slowest order a loaded machine can produce,
    every time. (Writes made on the main thread, as by ``earlier_run``, go through at once.)"""
    from game.store.writer import Writer
    from game.store.autosave import Autosaves

    let_write = threading.Event()
    write, keep, flush = Autosaves.write, Autosaves.keep_for_later, Writer.flush

    def late_write(self, saved):
        if threading.current_thread() is not threading.main_thread():   # the writer thread's writes
            assert let_write.wait(60), "the writer was never let through"  # only a hang guard
        write(self, saved)

    def keep_then_write(self):
        keep(self)
        let_write.set()

    def flush_lets_write(self, timeout=10.0):
        let_write.set()
        return flush(self, timeout)

    monkeypatch.setattr(Autosaves, "write", late_write)
    monkeypatch.setattr(Autosaves, "keep_for_later", keep_then_write)
    monkeypatch.setattr(Writer, "flush", flush_lets_write)


def test_a_game_from_the_command_line_over_a_rated_autosave_counts_it_as_a_loss(window, home, late_autosave_writer):
    """A rated game cut short (killed), then another game started from the command line: the
    rated game is left, as Start game in the menu leaves it, and stays on offer as a casual game.
    Its casual rewrite lands in its own autosave, however late the writer thread runs, never in
    the new game's."""
    from game.domain.record import RecordResult
    from game.store.record_file import load_record

    first = earlier_run(home, SavedGame("44535", "human", "Hard", "2026-01-31T18:05:00", rated=True))  # 3 of yours
    assert app.main(["--red", "human", "--yellow", "Easy"]) == 0
    (notices,) = window
    assert any("rated game (You vs Hard, 5 moves) counted as a loss" in n for n in notices)
    (lost,) = load_record()[0].games
    assert lost.rated and lost.result is RecordResult.LOSS and lost.level == "Hard" and lost.moves == "44535"
    assert load_game(first).moves == "44535" and not load_game(first).rated
    assert not any(p.name.startswith("autosave-") for p in home.iterdir())   # the new game's slot: empty
    assert app.main(["--red", "human", "--yellow", "Easy"]) == 0   # once casual, never counted again
    assert len(load_record()[0].games) == 1 and "kept: start without" in " ".join(window[1])


@pytest.mark.parametrize("moves", ["", "1212121"])  # nothing to resume / already won
def test_empty_or_finished_autosave_is_not_offered(fake_ui, home, moves):
    earlier_run(home, SavedGame(moves, "human", "human", "2026-01-31T18:05:00"))
    app.main([])
    assert fake_ui[0][1]["resume"] is None


def test_corrupt_autosave_is_not_offered(fake_ui, home):
    home.mkdir(parents=True)
    (home / "autosave.c4save").write_text("Connect Four saved game\nformat: 1\nmoves: 99\n")
    app.main([])
    assert fake_ui[0][1]["resume"] is None


def test_a_level_with_accents_plays_and_autosaves(monkeypatch, home, tmp_path, capsys):
    """Before: the config said "ok", then the first autosave refused the name and the game died."""
    import game.ui

    config = tmp_path / "config.toml"
    config.write_text('[[levels]]\nname = "Niveau élevé"\ndepth = 1\n', encoding="utf-8")
    assert app.main(["--check-config", str(config)]) == 0

    def run(settings, red, yellow, autosaves, **kwargs):
        autosaves.write(SavedGame("4", red.spec(), yellow.spec(), "2026-01-31T18:05:00"))
        return 0

    monkeypatch.setattr(game.ui, "run", run)
    assert app.main(["--config", str(config), "--red", "Niveau élevé", "--yellow", "ai:1"]) == 0
    saved = next_start_offers(home)
    assert saved.red == "Niveau élevé" and saved.yellow == "ai:1"
    assert "error" not in capsys.readouterr().err


@pytest.mark.parametrize("before,sentence", [
    (None, "no game in progress was autosaved in this run"),
    ("written", "the game in progress was autosaved after move 3 in "),
    ("failed", "the game in progress could not be autosaved (no space left on device"),
])
def test_the_crash_message_claims_only_what_is_true(monkeypatch, capsys, home, before, sentence):
    import game.ui

    def boom(settings, autosaves, **kwargs):
        if before is not None:
            autosaves.write(SavedGame("445", "human", "human", "2026-01-31T18:05:00"))
        if before == "failed":
            def full(path, text):
                raise OSError(28, "No space left on device")

            monkeypatch.setattr(storage.files, "atomic_write_text", full)
            try:
                autosaves.write(SavedGame("4453", "human", "human", "2026-01-31T18:05:00"))
            except storage.AutosaveError:
                pass  # the window says so and goes on
        raise RuntimeError("kaboom")

    monkeypatch.setattr(game.ui, "run", boom)
    assert app.main([]) == 1
    err = capsys.readouterr().err
    assert sentence in err
    if before != "written":
        assert "autosaved after" not in err


def test_stale_temporary_files_are_removed_at_start(fake_ui, home):
    home.mkdir(parents=True)
    stale = home / ".autosave.c4save.k3j4h5g6.tmp"
    stale.write_text("half a save")
    os.utime(stale, (1_000_000, 1_000_000))
    fresh = home / ".autosave.c4save.a1s2d3f4.tmp"
    fresh.write_text("being written right now")
    assert app.main([]) == 0
    assert not stale.exists() and fresh.exists()


def test_an_unreadable_autosave_is_a_notice(fake_ui, home):
    home.mkdir(parents=True)
    (home / "autosave.c4save").mkdir()  # a folder where the file should be
    assert app.main([]) == 0
    kwargs = fake_ui[0][1]
    assert kwargs["resume"] is None
    assert any("cannot be read" in n and "left as it is" in n for n in kwargs["notices"])
    assert (home / "autosave.c4save").is_dir()


@pytest.mark.parametrize("text", ["[" + ".".join(["a"] * 400) + "]\n", "x = " + "[" * 400 + "]" * 400 + "\n"])
def test_deep_config_is_one_problem_for_check_config_and_at_start(fake_ui, tmp_path, capsys, text):
    config = tmp_path / "c.toml"
    config.write_text(text)
    assert app.main(["--check-config", str(config)]) == 2
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 2 and "nested 400 deep" in out[1]
    assert app.main(["--config", str(config)]) == 0
    settings, kwargs = fake_ui[0]
    (problem,) = kwargs["problems"]
    assert settings == DEFAULTS and "nested" in str(problem)


def test_user_config_that_is_deep_does_not_stop_the_game(fake_ui, home):
    home.mkdir(parents=True)
    (home / "config.toml").write_text("x = " + "[" * 400 + "]" * 400 + "\n")
    assert app.main([]) == 0
    assert "nested" in [str(p) for p in fake_ui[0][1]["problems"]][0]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_named_pipe_as_config_does_not_hang_the_game(fake_ui, tmp_path):
    fifo = tmp_path / "c.toml"
    os.mkfifo(fifo)
    assert app.main(["--config", str(fifo)]) == 0
    assert "named pipe" in [str(p) for p in fake_ui[0][1]["problems"]][0]


def test_empty_config_argument(fake_ui, capsys):
    assert app.main(["--config", ""]) == 0
    (notice,) = [str(p) for p in fake_ui[0][1]["problems"]]
    assert "no file name given" in notice and "directory" not in notice
    assert app.main(["--check-config", ""]) == 2
    assert "no file name given" in capsys.readouterr().out


def test_crash_in_the_window_gives_message_and_log(monkeypatch, capsys, home):
    import game.ui

    def boom(settings, **kwargs):
        raise RuntimeError("kaboom")

    monkeypatch.setattr(game.ui, "run", boom)
    assert app.main([]) == 1
    err = capsys.readouterr().err
    assert "internal error: RuntimeError: kaboom" in err and "Traceback" not in err
    assert "RuntimeError: kaboom" in (home / "crash.log").read_text()


def test_a_named_pipe_as_crash_log_does_not_hang_the_crash_handler(monkeypatch, capsys, home):
    import game.ui

    def boom(settings, **kwargs):
        raise RuntimeError("kaboom")

    monkeypatch.setattr(game.ui, "run", boom)
    home.mkdir(parents=True, exist_ok=True)
    os.mkfifo(home / "crash.log")
    result: list[int] = []
    thread = threading.Thread(target=lambda: result.append(app.main([])), daemon=True)
    thread.start()
    thread.join(10)
    assert result == [1]                                   # answered, not blocked on the pipe
    err = capsys.readouterr().err
    assert "internal error: RuntimeError: kaboom" in err and "details are in" not in err


def test_missing_window_package_gives_message(monkeypatch, capsys):
    import game

    monkeypatch.setitem(sys.modules, "game.ui", None)  # import game.ui -> ImportError
    monkeypatch.delattr(game, "ui", raising=False)
    assert app.main([]) == 1
    err = capsys.readouterr().err
    assert "game window is not available" in err and "Traceback" not in err


def test_ui_exit_code_is_returned(monkeypatch):
    import game.ui

    monkeypatch.setattr(game.ui, "run", lambda settings, **kw: 3)
    assert app.main([]) == 3


# --- --check-config ----------------------------------------------------------------------


def test_check_config_ok(capsys):
    assert app.main(["--check-config", str(REPO / "config.toml")]) == 0
    assert capsys.readouterr().out == "ok\n"


def test_check_config_prints_every_problem(tmp_path, capsys):
    path = tmp_path / "c.toml"
    path.write_text('[window]\nfps = 1000\nwidth = "wide"\n[sound]\nlouder = true\n', encoding="utf-8")
    assert app.main(["--check-config", str(path)]) == 2
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == f"{path}: 3 problems"
    assert lines[1].strip().startswith("window.fps = 1000 — allowed: a whole number from 15 to 240")
    assert lines[2].strip().startswith('window.width = "wide"')
    assert lines[3].strip().startswith("sound.louder = true — allowed: one of the known keys")


@pytest.mark.parametrize("content,needle", [
    (b"", "empty"),
    (b"[window\n", "not valid TOML"),
    (b"\xc3\x28 = 1\n", "not UTF-8"),
    (b"# big\n" * 200_000, "larger than"),
])
def test_check_config_broken_files(tmp_path, capsys, content, needle):
    path = tmp_path / "c.toml"
    path.write_bytes(content)
    assert app.main(["--check-config", str(path)]) == 2
    out = capsys.readouterr().out
    assert needle in out and "Traceback" not in out


def test_check_config_without_a_path_checks_the_config_in_use(home, tmp_path, capsys, monkeypatch):
    from game.config import load as settings

    # no user file: the file shipped with the game
    shipped = settings.repo_config_path()
    assert shipped is not None
    assert app.main(["--check-config"]) == 0
    assert capsys.readouterr().out == f"checking {shipped}\nok\n"
    # the user's own file, when there is one, is the one the game loads
    home.mkdir(parents=True, exist_ok=True)
    (home / "config.toml").write_text("[window]\nfps = 1000\n", encoding="utf-8")
    assert app.main(["--check-config"]) == 2
    lines = capsys.readouterr().out.splitlines()
    assert lines[:2] == [f"checking {home / 'config.toml'}", f"{home / 'config.toml'}: 1 problem"]
    assert lines[2].strip().startswith("window.fps = 1000")
    # --config names the file the game would use
    other = tmp_path / "other.toml"
    other.write_text("[sound]\nvolume = 0.5\n", encoding="utf-8")
    assert app.main(["--config", str(other), "--check-config"]) == 0
    assert capsys.readouterr().out == f"checking {other}\nok\n"
    # no file anywhere: the built-in defaults, which are fine
    (home / "config.toml").unlink()
    monkeypatch.setattr("game.config.source.repo_config_path", lambda: None)
    assert app.main(["--check-config"]) == 0
    assert capsys.readouterr().out == "no config file found: the game uses its built-in defaults\nok\n"


def test_check_config_missing_file(tmp_path, capsys):
    assert app.main(["--check-config", str(tmp_path / "nope.toml")]) == 2
    assert "does not exist" in capsys.readouterr().out


# Hypothesis: broken configs. The allowed values are written down here independently of
# game.config, so the test checks the documented ranges, not the implementation's own tables.
INT, FLOAT, BOOL, CHOICE = "int", "float", "bool", "choice"
SPEC: dict[str, tuple] = {
    "window.width": (INT, 320, 7680),
    "window.height": (INT, 240, 4320),
    "window.fps": (INT, 15, 240),
    "window.fullscreen": (BOOL,),
    "display.theme": (CHOICE, "classic", "colorblind"),
    "display.animation_speed": (FLOAT, 0.1, 10),
    "display.language": (CHOICE, "auto", "", "en", "de", "fr", "es", "pt_BR"),
    "sound.enabled": (BOOL,),
    "sound.volume": (FLOAT, 0, 1),
    "ai.heuristic": (CHOICE, "window", "scoremap"),
    "ai.depth": (INT, 1, 20),
    "ai.discount": (FLOAT, 0, 0.999),
    "ai.table_mb": (INT, 1, 4096),
    "ai.analysis_time": (FLOAT, 0.05, 30),
    "spectator.delay": (FLOAT, 0, 10),
}
safe_text = st.text(st.characters(codec="utf-8", exclude_categories=("Cs", "Cc")), max_size=12)


def bad_value(kind: str, *args) -> st.SearchStrategy:
    wrong_type = st.one_of(safe_text, st.lists(st.integers(0, 9), max_size=3))
    if kind == INT:
        lo, hi = args
        return st.one_of(st.integers(max_value=lo - 1), st.integers(min_value=hi + 1),
                         st.floats(allow_nan=True), st.booleans(), wrong_type)
    if kind == FLOAT:
        lo, hi = args
        return st.one_of(st.floats(max_value=lo, exclude_max=True),
                         st.floats(min_value=hi + 0.001), st.sampled_from([math.nan, math.inf, -math.inf]),
                         st.booleans(), wrong_type)
    if kind == BOOL:
        return st.one_of(st.integers(), st.floats(allow_nan=False), wrong_type)
    return st.one_of(safe_text.filter(lambda s: s not in args), st.integers(), st.booleans())


def toml_value(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return "nan" if math.isnan(value) else ("inf" if value == math.inf else "-inf" if value == -math.inf
                                                else repr(value))
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    return repr(value)


identifier = st.from_regex(r"[a-z][a-z0-9_]{0,10}", fullmatch=True)


@st.composite
def broken_config(draw) -> tuple[str, set[str]]:
    """TOML text with 1..4 broken keys among good ones, and the set of keys that are broken."""
    bad_keys = draw(st.lists(st.sampled_from(sorted(SPEC)), min_size=0, max_size=4, unique=True))
    tables: dict[str, list[str]] = {}
    expected: set[str] = set()
    for dotted in bad_keys:
        table, key = dotted.split(".")
        tables.setdefault(table, []).append(f"{key} = {toml_value(draw(bad_value(*SPEC[dotted])))}")
        expected.add(dotted)
    for table in draw(st.lists(st.sampled_from(["window", "sound", "ai", "spectator"]), max_size=2)):
        unknown = draw(identifier.filter(lambda k, t=table: f"{t}.{k}" not in SPEC
                                         and k not in ("time_limit", "window_weights")))
        if f"{table}.{unknown}" not in expected:
            tables.setdefault(table, []).append(f"{unknown} = 1")
            expected.add(f"{table}.{unknown}")
    levels = ""
    if draw(st.booleans()):  # a good level, then one with a bad depth
        depth = draw(st.one_of(st.integers(max_value=0), st.integers(min_value=43)))
        levels = f'[[levels]]\nname = "Ok"\ndepth = 3\n[[levels]]\nname = "L"\ndepth = {depth}\n'
        expected.add("levels[2].depth")
    if not expected:
        tables["display"] = ['theme = "neon"']
        expected.add("display.theme")
    text = "".join(f"[{t}]\n" + "".join(line + "\n" for line in lines) for t, lines in tables.items())
    return text + levels, expected


def test_check_config_reports_every_broken_key_hypothesis(tmp_path, capsys):
    seen: set[str] = set()
    path = tmp_path / "broken.toml"

    @hsettings(max_examples=120, deadline=None, database=None,
               suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
    @given(broken_config())
    def check(case):
        text, expected = case
        tomllib.loads(text)  # the generator writes valid TOML: only the values are wrong
        path.write_text(text, encoding="utf-8")
        capsys.readouterr()
        assert app.main(["--check-config", str(path)]) == 2
        out = capsys.readouterr().out
        reported = {line.strip().split(" = ", 1)[0] for line in out.splitlines()[1:]}
        assert reported == expected, out
        assert out.splitlines()[0] == f"{path}: {len(expected)} problem{'s' if len(expected) > 1 else ''}"
        seen.add(text)

    check()
    print(f"\n--check-config: {len(seen)} distinct broken configs, every broken key reported")
    assert len(seen) >= 50


def test_check_config_random_bytes_never_crash_hypothesis(tmp_path, capsys):
    seen: set[bytes] = set()
    path = tmp_path / "noise.toml"
    good = (REPO / "config.toml").read_bytes()

    @hsettings(max_examples=150, deadline=None, database=None,
               suppress_health_check=[HealthCheck.function_scoped_fixture])
    @given(st.binary(max_size=200), st.integers(0, len(good)))
    def check(noise, where):
        content = good[:where] + noise + good[where:]
        path.write_bytes(content)
        capsys.readouterr()
        code = app.main(["--check-config", str(path)])
        out = capsys.readouterr().out
        assert code in (0, 2)
        assert (out == "ok\n") == (code == 0)
        seen.add(content)

    check()
    print(f"\n--check-config: {len(seen)} distinct files with random bytes spliced in, no crash")
    assert len(seen) >= 50


def test_check_config_escapes_the_path_it_names(tmp_path, capsys):
    assert app.main(["--check-config", str(tmp_path / "a\nb\x1b[2J")]) == 2
    out = capsys.readouterr().out
    assert len(out.splitlines()) == 2 and "\x1b" not in out and "a\\nb\\x1b[2J" in out


def test_a_huge_player_spec_is_not_echoed_whole(capsys, fake_ui):
    assert app.main(["--red", "x" * 100_000]) == 2
    err = capsys.readouterr().err
    assert "unknown player 'xxxx" in err and len(err) < 1000


def test_check_config_on_an_ascii_terminal(tmp_path):
    config = tmp_path / "c.toml"
    config.write_text('[window]\nfps = 1\n[[levels]]\nname = "Niveau élevé"\ndepth = 99\n', encoding="utf-8")
    env = dict(os.environ, PYTHONIOENCODING="ascii:strict", CONNECT4_HOME=str(tmp_path),
               PYTHONPATH=str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    r = subprocess.run([sys.executable, "-m", "game", "--check-config", str(config)], capture_output=True,
                       text=True, env=env, cwd=REPO, timeout=120)
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert len(r.stdout.splitlines()) == 4 and "\\u2014" in r.stdout


def test_sigterm_ends_a_rated_game_at_once_and_its_autosave_stays_rated(home):
    """A logout or ``kill PID`` during a rated game: the program ends without a question (SDL would
    have made it the window's close), with the status of a terminated program, and the game is
    autosaved rated, for the next start to offer as it was."""
    import signal
    import time

    env = {**os.environ, "CONNECT4_HOME": str(home), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "PYTHONPATH": str(REPO)}
    game = subprocess.Popen([sys.executable, "-m", "game", "--red", "Easy", "--yellow", "human"], cwd=REPO,
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    autosave = home / "autosave.c4save"
    try:
        deadline = time.monotonic() + 60            # start-up, then the computer's first move, autosaved
        while not autosave.is_file() and game.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
        assert game.poll() is None and autosave.is_file(), "no first move within 60 s"
        game.send_signal(signal.SIGTERM)
        _, err = game.communicate(timeout=15)
    finally:
        if game.poll() is None:
            game.kill()
            game.wait(timeout=10)
    assert game.returncode == 128 + signal.SIGTERM, err.decode(errors="replace")
    saved = load_game(autosave)
    assert saved.rated and len(saved.moves) == 1 and (saved.red, saved.yellow) == ("Easy", "human")
    assert not (home / "record.jsonl").exists()


def test_a_count_is_written_with_its_noun_in_the_singular_for_one():
    from game.echo import counted

    assert [counted(n, "move") for n in (0, 1, 2, 42)] == ["0 moves", "1 move", "2 moves", "42 moves"]


def test_version_alone_on_an_ascii_terminal_escapes_what_it_cannot_show(connect4_home):
    env = dict(os.environ, PYTHONIOENCODING="ascii", LANGUAGE="fr", LC_ALL="C.UTF-8")
    done = subprocess.run([sys.executable, "-m", "game", "--version"], capture_output=True, cwd=REPO, env=env,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    assert b"compil\\xe9" in done.stdout

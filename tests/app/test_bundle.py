"""The PyInstaller bundle: build it, run the built executable, and watch it open a window
under Xvfb. Slow (about a minute of PyInstaller): marked ``slow``, so run it with
``python -m pytest -m slow tests/test_bundle.py``."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import time
from pathlib import Path

import pytest

from game import __version__, bundle
from game.engine.book_location import book_path


def test_pyinstaller_arguments_include_assets_and_entry():
    args = bundle.pyinstaller_args(Path("/d"), Path("/w"))
    assert args[0].endswith(os.path.join("game", "__main__.py"))
    assert "--windowed" in args and "--onedir" in args
    data = [args[i + 1] for i, a in enumerate(args) if a == "--add-data"]
    # In a checkout the assets are at the top level, the reference data inside the package.
    assert data[:2] == [f"{bundle.REPO / 'assets'}{os.pathsep}game/assets",
                        f"{bundle.PACKAGE / 'data'}{os.pathsep}game/data"]
    # the opening book: its file alone, where importlib finds it in its package, and its licence
    assert data[2] == f"{book_path()}{os.pathsep}bitbully_databases/assets"
    assert data[3] == f"{bundle.PACKAGE / 'locale'}{os.pathsep}game/locale"     # the translations
    assert args[args.index("--hidden-import") + 1] == "bitbully_databases"
    assert args[args.index("--copy-metadata") + 1] == "bitbully-databases"
    assert bundle.CONFIG == bundle.REPO / "config.toml"


def test_entry_script_supports_frozen_multiprocessing():
    # The computer player's worker processes re-run the frozen executable; without
    # freeze_support() each of them would start a second game (seen in the first build).
    source = (Path(bundle.REPO) / "game" / "__main__.py").read_text(encoding="utf-8")
    assert "multiprocessing.freeze_support()" in source


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    pytest.importorskip("PyInstaller")
    out = tmp_path_factory.mktemp("bundle")
    return bundle.build(out / "dist", out / "build")


@pytest.mark.slow
def test_built_app_folder(built):
    exe = bundle.executable(built)
    assert exe.is_file() and os.access(exe, os.X_OK)
    assert (built / "config.toml").read_bytes() == bundle.CONFIG.read_bytes()
    assets = built / "_internal" / "game" / "assets"
    for name in ("icon.png", "drop.wav", "win.wav", "draw.wav", "invalid.wav"):
        assert (assets / name).is_file(), name
    book = built / "_internal" / "bitbully_databases" / "assets"
    assert [p.name for p in book.iterdir()] == ["book_12ply_distances.dat"]
    assert (book / "book_12ply_distances.dat").stat().st_size == book_path().stat().st_size


@pytest.mark.slow
def test_built_executable_command_line(built, tmp_path):
    exe = str(bundle.executable(built))
    env = {**os.environ, "CONNECT4_HOME": str(tmp_path)}
    run = lambda *a: subprocess.run([exe, *a], capture_output=True, text=True, timeout=120, env=env)
    version = run("--version")
    # the bundle carries the compiled solver whenever this checkout could build it
    solver = "compiled" if bundle.compile_solver() else "plain Python, not compiled at install"
    assert version.returncode == 0 and version.stdout.strip() == (
        f"connect4 {__version__} (exact solver: {solver}; depth search: {solver})")
    check = run("--check-config", str(built / "config.toml"))
    assert check.returncode == 0 and check.stdout == "ok\n"
    bad = run("--red", "ai:99")
    assert bad.returncode == 2 and "out of range" in bad.stderr and "Traceback" not in bad.stderr


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("Xvfb") is None or shutil.which("import") is None,
                    reason="needs Xvfb and ImageMagick's import")
def test_built_executable_opens_a_window_under_xvfb(built, tmp_path):
    display = f":{90 + os.getpid() % 100}"
    xvfb = subprocess.Popen(["Xvfb", display, "-screen", "0", "1024x768x24"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    env = {**os.environ, "DISPLAY": display, "SDL_VIDEODRIVER": "x11", "SDL_AUDIODRIVER": "dummy",
           "CONNECT4_HOME": str(tmp_path / "home")}
    game = None
    try:
        time.sleep(1.0)
        game = subprocess.Popen([str(bundle.executable(built)), "--red", "ai:2", "--yellow", "ai:2"],
                                env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        # Start-up, then computer moves: each one is autosaved by the bundled game.
        autosave = tmp_path / "home" / "autosave.c4save"
        deadline = time.monotonic() + 60
        while not autosave.is_file() and time.monotonic() < deadline and game.poll() is None:
            time.sleep(0.2)
        assert game.poll() is None, game.stdout.read().decode(errors="replace")
        assert autosave.is_file(), "no move was played (or autosaved) within 60 s"
        time.sleep(1.0)
        shot = tmp_path / "shot.png"
        subprocess.run(["import", "-window", "root", str(shot)], env=env, check=True, timeout=60)
        import pygame

        image = pygame.image.load(str(shot))
        colours = {tuple(image.get_at((x, y)))[:3] for x in range(0, image.get_width(), 8)
                   for y in range(0, image.get_height(), 8)}
        assert len(colours) > 20  # a drawn board, not a blank screen
    finally:
        if game is not None:
            game.send_signal(signal.SIGTERM)
            try:
                game.wait(timeout=10)
            except subprocess.TimeoutExpired:
                game.kill()
        xvfb.terminate()
        xvfb.wait(timeout=10)

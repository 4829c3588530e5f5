"""Build a standalone app folder with PyInstaller: ``python -m game.bundle``.

Needs the ``bundle`` extra (``pip install -e ".[bundle]"``). The result is
``dist/connect4/``: the ``connect4`` executable (``connect4.exe`` on Windows, no console
window), ``config.toml`` next to it (the first place the bundled game looks for settings,
so it can be edited in place), and ``_internal/`` with Python, pygame-ce, the game and its
assets and reference data. Copy or zip the whole folder; nothing needs to be installed on the target
machine (same OS and CPU architecture as the build machine).

No pygame here (PyInstaller finds it by following the game's imports).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

from .engine.book_location import BOOK_PACKAGE, BOOK_RESOURCE, book_path
from .engine.book_trust import BookError
from .paths import CONFIG_NAME, assets_dir, shipped_config

PACKAGE = Path(__file__).resolve().parent
REPO = PACKAGE.parent
#: The shipped files, wherever this copy of the game keeps them (top level in a checkout).
ASSETS = assets_dir()
CONFIG = shipped_config() or REPO / CONFIG_NAME
NAME = "connect4"


def pyinstaller_args(dist: Path, work: Path) -> list[str]:
    """The PyInstaller command line for the app folder."""
    sep = os.pathsep  # PyInstaller's --add-data separator (";" on Windows, ":" elsewhere)
    args = [
        str(REPO / "game" / "__main__.py"),
        "--name", NAME,
        "--onedir",
        "--windowed",  # no console window on Windows/macOS; no effect on Linux
        "--noconfirm",
        "--clean",
        "--log-level", "WARN",
        "--distpath", str(dist),
        "--workpath", str(work),
        "--specpath", str(work),
        "--paths", str(REPO),
        # The UI modules are imported when the window opens; collect all of them.
        "--collect-submodules", "game",
        # Package data sits beside the frozen modules, where game.paths and game.data look.
        "--add-data", f"{ASSETS}{sep}game/assets",
        "--add-data", f"{PACKAGE / 'data'}{sep}game/data",
        *book_args(sep),
        # The translations: the .po files, and the .mo files where an install built them (game.i18n
        # compiles a .po in memory where its .mo is missing or older).
        "--add-data", f"{PACKAGE / 'locale'}{sep}game/locale",
        # Test-only and build-only packages that PyInstaller might otherwise follow.
        "--exclude-module", "pytest",
        "--exclude-module", "hypothesis",
        "--exclude-module", "PyInstaller",
        "--exclude-module", "tkinter",
        # pygame-ce can use numpy (surfarray) but the game does not: 40 MB less.
        "--exclude-module", "numpy",
        "--exclude-module", "yaml",
    ]
    icon = ASSETS / "icon.png"
    if sys.platform in ("win32", "darwin") and icon.is_file():
        args += ["--icon", str(icon)]  # PyInstaller converts it (needs Pillow)
    return args


def book_args(sep: str) -> list[str]:
    """PyInstaller arguments that ship the opening book: its package (found by importlib as in
    an installation, never imported by the game) with only the book file, and its licence."""
    try:
        book = book_path()
    except BookError as exc:
        raise SystemExit(f"cannot bundle: {exc} (pip install bitbully-databases)") from None
    return ["--hidden-import", BOOK_PACKAGE,
            "--add-data", f"{book}{sep}{BOOK_PACKAGE}/{'/'.join(BOOK_RESOURCE[:-1])}",
            "--copy-metadata", "bitbully-databases"]


def compile_solver() -> bool:
    """Compile the exact solver's search beside its source in a checkout, if it is not yet.

    An installed package already holds the extension that its install built (or none, without a
    compiler), and PyInstaller collects it with the package. In a checkout ``setup.py`` builds it
    in place (Cython comes with the ``bundle`` extra). Returns whether the bundle's solver is
    compiled; a failed build leaves the plain one, and says so.
    """
    if (REPO / "setup.py").is_file():
        subprocess.run([sys.executable, "setup.py", "-q", "build_ext", "--inplace"], cwd=REPO, check=False)
    probe = "import game.engine.negamax as m; print(m.COMPILED)"
    result = subprocess.run([sys.executable, "-c", probe], cwd=REPO, capture_output=True, text=True, check=False)
    return result.stdout.strip() == "True"


def executable(app_dir: Path) -> Path:
    return app_dir / (NAME + ".exe" if sys.platform == "win32" else NAME)


def build(dist: Path | None = None, work: Path | None = None) -> Path:
    """Build the app folder; returns it (``dist/connect4``). SystemExit with a message on failure."""
    try:
        import PyInstaller.__main__
    except ImportError:
        raise SystemExit('PyInstaller is not installed: pip install -e ".[bundle]"') from None
    dist = (dist or REPO / "dist").resolve()
    work = (work or REPO / "build").resolve()
    for needed in (ASSETS, PACKAGE / "data", PACKAGE / "locale", CONFIG):
        if not needed.exists():
            raise SystemExit(f"cannot bundle: {needed} is missing")
    if not compile_solver():
        print("warning: the exact solver is not compiled (no C compiler?): the bundle's is plain Python",
              file=sys.stderr)
    PyInstaller.__main__.run(pyinstaller_args(dist, work))
    app_dir = dist / NAME
    shutil.copy2(CONFIG, app_dir / CONFIG_NAME)
    if not executable(app_dir).is_file():
        raise SystemExit(f"PyInstaller finished but {executable(app_dir)} is missing")
    return app_dir


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.bundle", description=__doc__.split("\n\n")[0])
    parser.add_argument("--dist", type=Path, help="output folder (default: dist/ in the repository)")
    parser.add_argument("--work", type=Path, help="PyInstaller's work folder (default: build/)")
    args = parser.parse_args(argv)
    app_dir = build(args.dist, args.work)
    print(f"built {app_dir}; start it with {executable(app_dir)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

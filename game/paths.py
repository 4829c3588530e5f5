"""Where the files the game ships (``config.toml``, the ``assets/`` folder) are at run time.

In the repository both sit at the top level, beside ``game/``. The wheel and the PyInstaller
bundle put them inside the package (``game/config.toml``, ``game/assets/``), the build copying
them there. So each is looked for in the package first (an installed wheel, a bundle) and then
beside the package's folder (a checkout run with ``PYTHONPATH=.``, an editable install). No
pygame here: the UI loads the files, this only finds them.
"""

from __future__ import annotations

import sys
from pathlib import Path

__all__ = ["CONFIG_NAME", "asset_path", "assets_dir", "shipped_config"]

CONFIG_NAME = "config.toml"
_PACKAGE = Path(__file__).resolve().parent


def _shipped(name: str) -> list[Path]:
    """The places ``name`` may sit, most specific first: in the package, then beside it."""
    return [_PACKAGE / name, _PACKAGE.parent / name]


def assets_dir() -> Path:
    """The directory holding the shipped assets (the package's own when neither exists)."""
    candidates = _shipped("assets")
    return next((p for p in candidates if p.is_dir()), candidates[0])


def asset_path(name: str) -> Path:
    """Path of the asset file ``name`` (e.g. "drop.wav"); FileNotFoundError naming it if absent."""
    path = assets_dir() / name
    if not path.is_file():
        raise FileNotFoundError(f"asset file {name!r} is missing (looked in {path.parent})")
    return path


def shipped_config() -> Path | None:
    """The config.toml shipped with the program, or None when there is none.

    A PyInstaller bundle's own copy beside its executable comes first, so it can be edited in
    place.
    """
    candidates = []
    if getattr(sys, "frozen", False):
        candidates.append(Path(sys.executable).resolve().parent / CONFIG_NAME)
        candidates.append(Path(getattr(sys, "_MEIPASS", "")) / CONFIG_NAME)
    candidates += _shipped(CONFIG_NAME)
    return next((p for p in candidates if p.is_file()), None)

"""Where the files shipped in ``game/assets/`` (window icon, sounds) are at run time.

They sit inside the package, so a checkout, an installed wheel and the PyInstaller bundle
(which copies the folder to the same place beside the frozen modules) all find them next to
this file. No pygame here: the UI loads the files, this only finds them.
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["asset_path", "assets_dir"]

_ASSETS = Path(__file__).resolve().parent / "assets"


def assets_dir() -> Path:
    """The directory holding the shipped assets."""
    return _ASSETS


def asset_path(name: str) -> Path:
    """Path of the asset file ``name`` (e.g. "drop.wav"); FileNotFoundError naming it if absent."""
    path = assets_dir() / name
    if not path.is_file():
        raise FileNotFoundError(f"asset file {name!r} is missing (looked in {path.parent})")
    return path

"""Where the files shipped in ``assets/`` (window icon, sounds) are at run time.

Installed, pyproject maps the repository's top-level ``assets/`` directory to the package
``game.assets``; run from a checkout, that package does not exist and the directory next to
``game/`` is used instead. No pygame here: the UI loads the files, this only finds them.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

__all__ = ["asset_path", "assets_dir"]

_CHECKOUT_ASSETS = Path(__file__).resolve().parent.parent / "assets"


def assets_dir() -> Path:
    """The directory holding the shipped assets."""
    try:
        root = resources.files("game.assets")
    except ModuleNotFoundError:
        return _CHECKOUT_ASSETS
    # A regular install (and PyInstaller's bundle) gives a real directory; a zipped install
    # would not, and then the checkout layout is the only other place to look.
    return root if isinstance(root, Path) else _CHECKOUT_ASSETS


def asset_path(name: str) -> Path:
    """Path of the asset file ``name`` (e.g. "drop.wav"); FileNotFoundError naming it if absent."""
    path = assets_dir() / name
    if not path.is_file():
        raise FileNotFoundError(f"asset file {name!r} is missing (looked in {path.parent})")
    return path

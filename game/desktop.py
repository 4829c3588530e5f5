"""A Linux desktop launcher (freedesktop.org ``.desktop`` entry) for the game.

``connect4 --install-desktop-entry`` writes ``connect4.desktop`` into the user's applications
folder (``$XDG_DATA_HOME/applications``, normally ``~/.local/share/applications``), so the
game shows up in the desktop's menus and starts by double-click; ``--uninstall-desktop-entry``
removes it. The entry starts the very program that installed it (the ``connect4`` script
of this environment, ``python -m game``, or a PyInstaller bundle's executable).

No pygame here.
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

from .paths import asset_path
from game.store.files import atomic_write_text

ENTRY_NAME = "connect4.desktop"


class DesktopEntryError(RuntimeError):
    """The entry cannot be installed here (not Linux, folder not writable...)."""


def applications_dir() -> Path:
    data_home = os.environ.get("XDG_DATA_HOME")
    base = Path(data_home) if data_home and Path(data_home).is_absolute() else Path.home() / ".local" / "share"
    return base / "applications"


def entry_path() -> Path:
    return applications_dir() / ENTRY_NAME


def launch_command() -> list[str]:
    """The command line that starts this installation of the game."""
    if getattr(sys, "frozen", False):  # a PyInstaller bundle
        return [str(Path(sys.executable).resolve())]
    script = Path(sys.executable).parent / "connect4"
    if script.is_file() and os.access(script, os.X_OK):
        return [str(script)]
    return [str(Path(sys.executable)), "-m", "game"]


def _exec_arg(arg: str) -> str:
    """Quote one argument for the Exec key (Desktop Entry Specification, "The Exec key")."""
    if arg and not re.search(r"[\s\"'\\><~|&;$*?#()`=%]", arg):
        return arg
    quoted = '"' + re.sub(r'([\\"`$])', r"\\\1", arg) + '"'
    # The Exec value is itself a string value: its backslashes are escaped once more,
    # and a literal % is written %%.
    return quoted.replace("\\", "\\\\").replace("%", "%%")


def _icon() -> Path | None:
    try:
        return asset_path("icon.png")
    except FileNotFoundError:  # an install without assets: the entry simply has no icon
        return None


def entry_text(command: list[str] | None = None, icon: Path | None = None) -> str:
    command = command if command is not None else launch_command()
    icon = icon if icon is not None else _icon()
    lines = [
        "[Desktop Entry]",
        "Type=Application",
        "Version=1.0",
        "Name=Connect Four",
        "GenericName=Board game",
        "Comment=Drop discs, connect four — against a friend or the computer",
        "Exec=" + " ".join(_exec_arg(a) for a in command),
        "Terminal=false",
        "Categories=Game;BoardGame;",
        "Keywords=connect;four;board;game;",
        "StartupNotify=true",
    ]
    if icon is not None:
        lines.append(f"Icon={icon}")
    return "\n".join(lines) + "\n"


def install() -> Path:
    """Write the launcher; returns its path. DesktopEntryError with a clear message on failure."""
    if not sys.platform.startswith("linux"):
        raise DesktopEntryError(
            "desktop entries are a Linux feature; on Windows and macOS start the game with the "
            "'connect4' command (it opens no console window) or pin the bundled app"
        )
    path = entry_path()
    try:
        atomic_write_text(path, entry_text())
        path.chmod(0o755)  # some desktops only launch entries marked executable
    except OSError as e:
        raise DesktopEntryError(f"cannot write {path}: {e.strerror or e}") from None
    return path


def uninstall() -> Path | None:
    """Remove the launcher; returns the removed path, or None if there was none."""
    path = entry_path()
    try:
        path.unlink()
    except FileNotFoundError:
        return None
    except OSError as e:
        raise DesktopEntryError(f"cannot remove {path}: {e.strerror or e}") from None
    return path

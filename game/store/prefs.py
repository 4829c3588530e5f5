"""The preferences: last menu choices, volume, theme, muted, the name typed for network play.

A JSON object in the user's config folder, written atomically; what is wrong with the file is
said once and never stops the game (see :func:`load_prefs`).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from pathlib import Path

from game.echo import shown

from . import files
from .folders import user_config_dir

__all__ = ["MAX_PREFS_BYTES", "PREFS_NAME", "load_prefs", "prefs_path", "save_prefs"]

log = logging.getLogger(__name__)

PREFS_NAME = "prefs.json"
MAX_PREFS_BYTES = 256 * 1024


def prefs_path() -> Path:
    return user_config_dir() / PREFS_NAME


def load_prefs(report: Callable[[str], None] | None = None) -> dict:
    """The saved preferences; ``{}`` when there are none or they cannot be used.

    What is wrong with the file is logged and passed to ``report`` (one line, as for the
    autosave): a file too large, not JSON or not a JSON object is moved aside
    (``prefs.json.bad``, never overwriting an earlier one) so the next save starts afresh; a file
    that cannot be read (permission denied, a folder or a named pipe in its place) is left as it is.
    """
    path = prefs_path()

    def problem(what: str, aside: bool) -> dict:
        kept = files.set_aside(path) if aside else None
        line = f"preferences ignored: {shown(path.name)} {what}" + (f"; kept as {shown(kept.name)}" if kept else "")
        log.warning("%s", line)
        if report is not None:
            report(line)
        return {}

    try:
        data = files.read_regular_file(path, MAX_PREFS_BYTES)
    except FileNotFoundError:
        return {}
    except OSError as e:
        return problem(f"cannot be read ({files.describe_os_error(e)})", aside=False)
    if len(data) > MAX_PREFS_BYTES:
        return problem(f"is larger than {MAX_PREFS_BYTES // 1024} KiB", aside=True)
    try:
        prefs = json.loads(data.decode("utf-8"))
    except UnicodeDecodeError as e:
        return problem(f"is not UTF-8 text (byte 0x{data[e.start]:02x} at offset {e.start})", aside=True)
    except json.JSONDecodeError as e:
        return problem(f"is not JSON (line {e.lineno}, column {e.colno})", aside=True)
    except RecursionError:
        return problem("is not JSON (nested too deeply)", aside=True)
    if not isinstance(prefs, dict):
        return problem("is not a JSON object", aside=True)
    return prefs


def save_prefs(prefs: dict) -> None:
    """Store the preferences (JSON, atomic). A folder that cannot be written is logged, not raised:
    losing a menu choice must never stop the game. Values must be JSON types (TypeError otherwise).
    """
    text = json.dumps(prefs, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
    try:
        files.atomic_write_text(prefs_path(), text)
    except OSError as e:
        log.warning("cannot write preferences %s: %s", prefs_path(), e)

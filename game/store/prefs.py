"""The preferences: last menu choices, volume, theme, muted, language, speech and its verbosity,
the name typed for network play, and whether the course was offered.

A JSON object in the user's config folder, written atomically; what is wrong with the file is
said once and never stops the game (see :func:`load_prefs`). In the program they are a
:class:`Prefs` value: each field checked when read, one bad value falling back to its default alone.
"""

from __future__ import annotations

import json
import logging
import math
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

from game.domain.names import level_name_problem
from game.echo import shown
from game.i18n import N_, _

from . import files
from .folders import user_config_dir

__all__ = ["MAX_PREFS_BYTES", "PREFS_NAME", "Prefs", "load_prefs", "prefs_path", "save_prefs"]

log = logging.getLogger(__name__)

PREFS_NAME = "prefs.json"
MAX_PREFS_BYTES = 256 * 1024
MAX_THEME_CHARS = 32
MAX_INSTALL_CHARS = 4096       # ``told_plain_search``: a version and a folder


def _theme_problem(value: object) -> str | None:
    # The store knows no theme list (the window does): any short name is kept, so a theme of a
    # newer version survives; the window uses it only if it has a theme of that name.
    if isinstance(value, str) and re.fullmatch(rf"[a-z0-9_-]{{1,{MAX_THEME_CHARS}}}", value):
        return None
    return _("not a theme name (1 to {most} of a-z, 0-9, _ and -)").format(most=MAX_THEME_CHARS)


def _language_problem(value: object) -> str | None:
    # As for the theme, the store knows no language list (game.i18n does): any language code is
    # kept, so a language of a newer version survives; the window uses it only if it speaks it.
    if isinstance(value, str) and re.fullmatch(r"auto|[a-z]{2,3}(_[A-Z]{2})?", value):
        return None
    return _('not a language code ("auto", "de", "pt_BR", ...)')


def _muted_problem(value: object) -> str | None:
    return None if isinstance(value, bool) else _("not true or false")


def _volume_problem(value: object) -> str | None:
    if isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value) and 0 <= value <= 1:
        return None
    return _("not a number from {low} to {high}").format(low=0, high=1)


def _network_name_problem(value: object) -> str | None:
    # "" is a choice: the name from config.toml, else the account's.
    if value == "":
        return None
    problem = level_name_problem(value)
    return None if problem is None else _("not a player's name ({problem})").format(problem=problem)


def _install_problem(value: object) -> str | None:
    return None if isinstance(value, str) and len(value) <= MAX_INSTALL_CHARS else \
        _("not text of at most {most} characters").format(most=MAX_INSTALL_CHARS)


def _verbosity_problem(value: object) -> str | None:
    return None if value in ("short", "full") else 'not "short" or "full"'


def _menu_problem(value: object) -> str | None:
    # The choices inside are the menu's to check, against the levels of the settings in use.
    return None if isinstance(value, dict) else "not a JSON object"


@dataclass(frozen=True, slots=True)
class Prefs:
    """What the player chose last time. None: never chosen (the settings decide).

    Constructing one with a bad value raises ValueError, so a value is checked before it is kept;
    keys of the file this version does not know are carried in ``unknown`` and written back as
    they were (a newer version's preferences survive an older one)."""

    # Each preference is None until chosen; its field's "problem" says why a value cannot be kept.
    theme: str | None = field(default=None, metadata={"problem": _theme_problem})
    muted: bool | None = field(default=None, metadata={"problem": _muted_problem})
    volume: float | None = field(default=None, metadata={"problem": _volume_problem})
    #: the language chosen in the menu: a code of game.i18n.LANGUAGES or "auto" (the system's)
    language: str | None = field(default=None, metadata={"problem": _language_problem})
    #: typed in the network lobby ("": the name of config.toml, else the account's)
    network_name: str | None = field(default=None, metadata={"problem": _network_name_problem})
    #: the install that was told its search runs as plain Python (its version and folder)
    told_plain_search: str | None = field(default=None, metadata={"problem": _install_problem})
    #: the course (Learn) was offered to a player opening the game for the first time: never again
    course_offered: bool | None = field(default=None, metadata={"problem": _muted_problem})
    #: speech turned on or off (F2): the screen reader speaks the game
    speech: bool | None = field(default=None, metadata={"problem": _muted_problem})
    #: how much a spoken move says: "short" or "full"
    verbosity: str | None = field(default=None, metadata={"problem": _verbosity_problem})
    #: the menu's choices, checked by the menu against the settings in use (game.ui.menu.menu_choices)
    menu: dict[str, Any] | None = field(default=None, metadata={"problem": _menu_problem})
    unknown: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for name, check in _CHECKS.items():
            value = getattr(self, name)
            problem = None if value is None else check(value)
            if problem is not None:
                raise ValueError(f"preference {name}: {problem}, got {shown(value)}")
        if known := set(self.unknown) & set(_CHECKS):
            raise ValueError(f"preferences {sorted(known)} are fields, not unknown keys")

    @classmethod
    def from_json(cls, data: Mapping[str, Any], report: Callable[[str], None] | None = None) -> Prefs:
        """The preferences in ``data`` (the file's JSON object). A known key with a bad value is
        left at its default, with one line to ``report`` and the log naming the key and why;
        null counts as not set. Unknown keys are kept as they are."""
        kept: dict[str, Any] = {}
        for name, check in _CHECKS.items():
            value = data.get(name)
            if value is None:
                continue
            problem = check(value)
            if problem is None:
                kept[name] = value
                continue
            line = _("preference {name} ignored: {problem}, got {value}").format(name=name, problem=problem,
                                                                                  value=_described(value))
            log.warning("%s", line)
            if report is not None:
                report(line)
        return cls(**kept, unknown={k: v for k, v in data.items() if k not in _CHECKS})

    def as_json(self) -> dict[str, Any]:
        """The JSON object written to the file: the unknown keys and every field that is set."""
        data = dict(self.unknown)
        data.update((name, getattr(self, name)) for name in _CHECKS if getattr(self, name) is not None)
        return data


#: Each preference's key in the file (its field's name), and what a value must be to be kept.
_CHECKS: dict[str, Callable[[object], str | None]] = {
    f.name: f.metadata["problem"] for f in fields(Prefs) if "problem" in f.metadata}


def _described(value: object) -> str:
    """A bad value in a note: text and numbers shown (escaped, shortened), lists and objects named."""
    if isinstance(value, dict):
        return _("an object")
    if isinstance(value, list):
        return _("a list")
    return shown(json.dumps(value) if not isinstance(value, str) else repr(value))


def prefs_path() -> Path:
    return user_config_dir() / PREFS_NAME


def load_prefs(report: Callable[[str], None] | None = None) -> Prefs:
    """The saved preferences; ``Prefs()`` when there are none or they cannot be used.

    What is wrong with the file is logged and passed to ``report`` (one line, as for the
    autosave): a file too large, not JSON or not a JSON object is moved aside
    (``prefs.json.bad``, never overwriting an earlier one) so the next save starts afresh; a file
    that cannot be read (permission denied, a folder or a named pipe in its place) is left as it is.
    A bad value of one preference is said and that one alone falls back (:meth:`Prefs.from_json`).
    """
    path = prefs_path()

    def problem(what: str, aside: bool, **args: object) -> Prefs:
        """``what``: the whole sentence, with the file's name as {file}."""
        kept = files.set_aside(path) if aside else None
        line = _(what).format(file=shown(path.name), **args)
        if kept:
            # TRANSLATORS: {problem} is a sentence saying why the preferences file was ignored.
            line = _("{problem}; kept as {kept}").format(problem=line, kept=shown(kept.name))
        log.warning("%s", line)
        if report is not None:
            report(line)
        return Prefs()

    try:
        data = files.read_regular_file(path, MAX_PREFS_BYTES)
    except FileNotFoundError:
        return Prefs()
    except OSError as e:
        return problem(N_("preferences ignored: {file} cannot be read ({reason})"), aside=False,
                       reason=files.describe_os_error(e))
    if len(data) > MAX_PREFS_BYTES:
        return problem(N_("preferences ignored: {file} is larger than {size} KiB"), aside=True,
                       size=MAX_PREFS_BYTES // 1024)
    try:
        prefs = json.loads(data.decode("utf-8"))
    except UnicodeDecodeError as e:
        return problem(N_("preferences ignored: {file} is not UTF-8 text (byte {byte} at offset {offset})"), aside=True,
                       byte=f"0x{data[e.start]:02x}", offset=e.start)
    except json.JSONDecodeError as e:
        return problem(N_("preferences ignored: {file} is not JSON (line {line}, column {column})"), aside=True,
                       line=e.lineno, column=e.colno)
    except RecursionError:
        return problem(N_("preferences ignored: {file} is not JSON (nested too deeply)"), aside=True)
    except ValueError:  # json reads no integer of more than sys.get_int_max_str_digits() digits
        return problem(N_("preferences ignored: {file} has a number too long to read"), aside=True)
    if not isinstance(prefs, dict):
        return problem(N_("preferences ignored: {file} is not a JSON object"), aside=True)
    return Prefs.from_json(prefs, report)


def save_prefs(prefs: Prefs) -> None:
    """Store the preferences (JSON, atomic). A folder that cannot be written is logged, not raised:
    losing a menu choice must never stop the game."""
    text = json.dumps(prefs.as_json(), indent=2, sort_keys=True, ensure_ascii=False) + "\n"
    try:
        files.atomic_write_text(prefs_path(), text)
    except OSError as e:
        log.warning("cannot write preferences %s: %s", prefs_path(), e)

"""Typed, frozen game settings loaded from ``config.toml``, and player specs.

``load_settings`` never raises for bad content: every key that is unknown, of the
wrong type or out of range is reported as a :class:`ConfigProblem` (naming the key,
the value and what is allowed) and that setting keeps its built-in default, so the
game always starts. The built-in defaults below are exactly what the repository's
``config.toml`` says (a test checks it).

No pygame here: the engine side of the project imports this module.
"""

from __future__ import annotations

import math
import os
import re
import tomllib
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Literal

from .engine.heuristics import HEURISTICS, WindowWeights
from .engine.tempered import MAX_TEMPERATURE
from .names import RULE as NAME_RULE
from .names import clean_level_name, level_name_problem, name_key
from .paths import CONFIG_NAME, shipped_config
from .echo import shown, shown_path
from .storage import NotRegularFileError, describe_os_error, read_regular_file, user_config_dir

if TYPE_CHECKING:  # game.engine.search imports the whole engine; only the methods below need it
    from .engine.search import SearchConfig

MAX_CONFIG_BYTES = 1_000_000
THEMES: tuple[str, ...] = ("classic", "colorblind")
#: Where the computer player's search runs: a separate process (the window stays smooth) or a
#: thread of the game's own process (for systems that cannot start processes).
WORKERS: tuple[str, ...] = ("process", "thread")
MAX_DEPTH = 42  # a level may ask for any depth the search accepts
CUSTOM_DEPTH = (1, 20)  # custom depth from the menu or the command line ("ai:DEPTH")
MAX_SECONDS = 3600  # the longest time limit per move


@dataclass(frozen=True)
class Level:
    """A named difficulty: a search depth plus optional overrides."""

    name: str
    depth: int
    heuristic: str | None = None  # None: the settings' default heuristic
    time_limit: float | None = None  # seconds per move; None: the settings' time_limit
    perfect_play: bool = False  # try the exact solver first
    # softmax temperature of the choice among the searched moves (weaker levels; 0: always the best)
    temperature: float = 0.0
    elo: int | None = None  # measured strength on the ladder's Elo scale (Easy = 1798); None: unrated
    exact: bool = False  # only proved moves: the exact solver as long as it takes (depth, time unused)


#: The built-in ladder, equal to the [[levels]] tables of the shipped config.toml (a test checks
#: it). Each level's Elo adds the measured difference to its lower neighbour (docs/strength.md); Easy
#: is the anchor at 1798, where earlier versions of the ladder put it, so games in older records
#: keep their meaning.
DEFAULT_LEVELS: tuple[Level, ...] = (
    Level("Beginner", 1, temperature=0.5, elo=1169),
    Level("Novice", 2, temperature=0.13, elo=1381),
    Level("Apprentice", 3, temperature=0.08, elo=1609),
    Level("Easy", 4, elo=1798),
    Level("Medium", 6, elo=1947),
    Level("Hard", 8, elo=2062),
    Level("Expert", 12, elo=2253),
    Level("Master", 14, heuristic="threats", time_limit=1.0, perfect_play=True, elo=2404),
    Level("Perfect", MAX_DEPTH, exact=True, elo=2677),
)


@dataclass(frozen=True)
class Settings:
    """Every tunable of the game; each default equals the repository's config.toml."""

    # [window]
    window_width: int = 960
    window_height: int = 840
    fps: int = 60
    fullscreen: bool = False
    # [display]
    theme: str = "classic"
    animation_speed: float = 1.0
    # [sound]
    sound: bool = True
    volume: float = 0.7
    # [ai]
    heuristic: str = "scoremap"
    depth: int = 6
    discount: float = 0.25
    time_limit: float | None = None
    table_mb: int = 64
    analysis_time: float = 0.5
    worker: Literal["process", "thread"] = "process"
    window_weights: WindowWeights = field(default_factory=WindowWeights)
    # [spectator]
    spectator_delay: float = 0.6
    # [review]
    review_time: float = 0.5
    # [network]
    network_port: int = 7444
    network_name: str = ""    # "": the name of the computer's user account
    network_announce: bool = True   # a hosted game is announced on the local network (multicast DNS)
    # [[levels]]
    levels: tuple[Level, ...] = DEFAULT_LEVELS

    def level(self, name: str) -> Level:
        """The level called ``name`` (case-insensitive); KeyError lists the known names."""
        wanted = name_key(name)
        for level in self.levels:
            if name_key(level.name) == wanted:
                return level
        raise KeyError(f"no level named '{shown(name)}'; levels: {', '.join(l.name for l in self.levels)}")

    def newcomer_level(self) -> Level:
        """The level a player without a record starts against: the first of the ladder, which
        lists the levels weakest first (the built-in Beginner plays about as well as a casual player)."""
        return self.levels[0]

    def search_config(
        self, depth: int | None = None, heuristic: str | None = None, level: Level | None = None
    ) -> SearchConfig:
        """A search configuration: explicit arguments win over the level, the level over defaults."""
        if level is not None:
            depth = depth if depth is not None else level.depth
            heuristic = heuristic or level.heuristic
        return self._search_config(
            depth if depth is not None else self.depth,
            heuristic,
            level.time_limit if level is not None else None,
            level.perfect_play if level is not None else False,
            level.temperature if level is not None else 0.0,
            level is not None and level.exact,
        )

    def _search_config(
        self, depth: int, heuristic: str | None, time_limit: float | None, perfect_play: bool,
        temperature: float = 0.0, exact: bool = False,
    ) -> SearchConfig:
        """``exact``: the solver alone with no time limit (depth, time_limit and the rest unused)."""
        from .engine.search import SearchConfig  # here: loading settings need not load the engine

        if exact:
            return SearchConfig(depth=None, heuristic=heuristic or self.heuristic, discount=self.discount,
                                window_weights=self.window_weights, table_mb=self.table_mb)
        return SearchConfig(
            depth=depth,
            heuristic=heuristic or self.heuristic,
            discount=self.discount,
            window_weights=self.window_weights,
            time_limit=time_limit if time_limit is not None else self.time_limit,
            table_mb=self.table_mb,
            perfect_play=perfect_play,
            temperature=temperature,
        )


@dataclass(frozen=True)
class ConfigProblem:
    """One thing wrong in a config file; ``str()`` is the message shown to the user."""

    key: str  # dotted key ("window.fps", "levels[2].depth"), or "file" for the file as a whole
    value: object  # the offending value (for "file": what is wrong with it)
    allowed: str  # what would have been accepted
    fallback: str = ""  # what happens instead ("using the default 60", "ignored", ...)

    def __str__(self) -> str:
        if self.key == "file":
            text = f"config file: {self.value}" + (f" — allowed: {self.allowed}" if self.allowed else "")
        else:
            key = escape_control(self.key)
            key = key if len(key) <= 60 else key[:57] + "..."
            text = f"{key} = {_show(self.value)} — allowed: {self.allowed}"
        return escape_control(f"{text} — {self.fallback}" if self.fallback else text)


def escape_control(text: str) -> str:
    """``text`` with every control or other unprintable character written as a TOML escape, so one
    problem is one line and nothing from the file is sent to the terminal raw."""
    if text.isprintable():
        return text
    out = []
    for ch in text:
        if ch.isprintable():
            out.append(ch)
        else:
            out.append({"\n": "\\n", "\t": "\\t", "\r": "\\r"}.get(ch)
                       or (f"\\u{ord(ch):04x}" if ord(ch) <= 0xFFFF else f"\\U{ord(ch):08x}"))
    return "".join(out)


MAX_NESTING = 6  # a valid config nests 4 deep at most: [ai] > window_weights > own > a number


def _show(value: object, limit: int = 60, depth: int = 0) -> str:
    """A value as it would look in the TOML file, escaped and shortened (nesting shown to a few levels)."""
    if depth > MAX_NESTING:
        return "..."
    if isinstance(value, bool):
        text = "true" if value else "false"
    elif isinstance(value, str):
        text = '"' + escape_control(value.replace("\\", "\\\\").replace('"', '\\"')) + '"'
    elif isinstance(value, dict):
        text = "{" + ", ".join(f"{escape_control(str(k))} = {_show(v, limit, depth + 1)}" for k, v in value.items()) + "}"
    elif isinstance(value, list):
        text = "[" + ", ".join(_show(v, limit, depth + 1) for v in value) + "]"
    else:
        text = escape_control(repr(value))
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _nesting(data: object) -> int:
    """How deep tables and arrays nest in ``data`` (iterative: any depth is safe to measure)."""
    deepest, stack = 0, [(data, 0)]
    while stack:
        item, depth = stack.pop()
        deepest = max(deepest, depth)
        if isinstance(item, dict):
            stack.extend((v, depth + 1) for v in item.values())
        elif isinstance(item, list):
            stack.extend((v, depth + 1) for v in item)
    return deepest


# ---------------------------------------------------------------------------
# Validation: one small checker per kind of value; each returns the clean value
# or raises _Bad(allowed-text).


class _Bad(Exception):
    """A value is not acceptable; the argument says what is allowed."""


Check = Callable[[Any], Any]


@dataclass(frozen=True)
class Bounds:
    """The range a numeric checker accepts (tests probe just outside it for every numeric key)."""

    lo: float
    hi: float
    lo_open: bool = False
    hi_open: bool = False
    whole: bool = False


def _int(lo: int, hi: int) -> Check:
    def check(v: Any) -> int:
        if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
            raise _Bad(f"a whole number from {lo} to {hi}")
        return v

    check.bounds = Bounds(lo, hi, whole=True)  # type: ignore[attr-defined]
    return check


def _float(lo: float, hi: float, *, lo_open: bool = False, hi_open: bool = False) -> Check:
    left, right = ("(" if lo_open else "["), (")" if hi_open else "]")
    allowed = f"a number in {left}{lo:g}, {hi:g}{right}"

    def check(v: Any) -> float:
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v):
            raise _Bad(allowed)
        if v < lo or v > hi or (lo_open and v == lo) or (hi_open and v == hi):
            raise _Bad(allowed)
        return float(v)

    check.bounds = Bounds(lo, hi, lo_open, hi_open)  # type: ignore[attr-defined]
    return check


def _optional_seconds(v: Any) -> float | None:
    """0 in the file means "no limit" (TOML has no null)."""
    allowed = f"0 (no limit) or a number of seconds up to {MAX_SECONDS}"
    if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v):
        raise _Bad(allowed)
    if v == 0:
        return None
    if not 0 < v <= MAX_SECONDS:
        raise _Bad(allowed)
    return float(v)


_optional_seconds.bounds = Bounds(0, MAX_SECONDS)  # type: ignore[attr-defined]


def _bool(v: Any) -> bool:
    if not isinstance(v, bool):
        raise _Bad("true or false")
    return v


def _choice(options: tuple[str, ...]) -> Check:
    allowed = "one of " + ", ".join(f'"{o}"' for o in options)

    def check(v: Any) -> str:
        if not isinstance(v, str) or v not in options:
            raise _Bad(allowed)
        return v

    return check


def _weights3(v: Any) -> tuple[float, float, float]:
    allowed = "a list of three numbers from 0 to 10000, like [0.5, 3.0, 9.0]"
    if not isinstance(v, list) or len(v) != 3:
        raise _Bad(allowed)
    try:
        return tuple(_WEIGHT(x) for x in v)  # type: ignore[return-value]
    except _Bad:
        raise _Bad(allowed) from None


_WEIGHT = _float(0, 10_000)
_weights3.bounds = _WEIGHT.bounds  # type: ignore[attr-defined]  # of each of the three


def _level_name(v: Any) -> str:
    """The one level-name rule (game.names), as a config check."""
    problem = level_name_problem(v)
    if problem is not None:
        raise _Bad(f"a name of {NAME_RULE}; {problem}")
    return clean_level_name(v)


def _player_name(v: Any) -> str:
    """A network player's name: "" (the account's name) or a name of the one level-name rule."""
    if v == "":
        return v
    problem = level_name_problem(v)
    if problem is not None:
        raise _Bad(f'"" (your account name) or a name of {NAME_RULE}; {problem}')
    return clean_level_name(v)


# Table name -> {key in the file: (Settings field, checker)}.
SCHEMA: dict[str, dict[str, tuple[str, Check]]] = {
    "window": {
        "width": ("window_width", _int(320, 7680)),
        "height": ("window_height", _int(240, 4320)),
        "fps": ("fps", _int(15, 240)),
        "fullscreen": ("fullscreen", _bool),
    },
    "display": {
        "theme": ("theme", _choice(THEMES)),
        "animation_speed": ("animation_speed", _float(0.1, 10)),
    },
    "sound": {
        "enabled": ("sound", _bool),
        "volume": ("volume", _float(0, 1)),
    },
    "ai": {
        "heuristic": ("heuristic", _choice(HEURISTICS)),
        "depth": ("depth", _int(*CUSTOM_DEPTH)),
        "discount": ("discount", _float(0, 1, hi_open=True)),
        "time_limit": ("time_limit", _optional_seconds),
        "table_mb": ("table_mb", _int(1, 4096)),
        "analysis_time": ("analysis_time", _float(0.05, 30)),
        "worker": ("worker", _choice(WORKERS)),
    },
    "spectator": {
        "delay": ("spectator_delay", _float(0, 10)),
    },
    "review": {
        "time": ("review_time", _float(0.05, 60)),
    },
    "network": {
        "port": ("network_port", _int(1024, 65535)),
        "name": ("network_name", _player_name),
        "announce": ("network_announce", _bool),
    },
}
WEIGHTS_SCHEMA: dict[str, Check] = {
    "own": _weights3,
    "block": _weights3,
    "scale": _float(0, 1000, lo_open=True),
}
LEVEL_SCHEMA: dict[str, Check] = {
    "name": _level_name,
    "depth": _int(1, MAX_DEPTH),
    "heuristic": _choice(HEURISTICS),
    "time_limit": _optional_seconds,
    "perfect_play": _bool,
    "temperature": _float(0.0, MAX_TEMPERATURE),
    "elo": _int(0, 4000),
    "exact": _bool,
}
MAX_LEVELS = 20
MAX_PROBLEMS = 30  # problems listed one by one; the rest are counted in one more line


def _default_shown(name: str) -> str:
    value = getattr(DEFAULTS, name)
    if name == "time_limit" and value is None:
        return "using the default 0 (no limit)"
    return f"using the default {_show(value)}"


#: What a level does without one of its optional keys, where the key's default is None.
_LEVEL_WITHOUT = {"heuristic": "using the [ai] heuristic", "time_limit": "using the [ai] time_limit",
                  "elo": "leaving the level unrated"}


def _level_default_shown(key: str) -> str:
    """"using the default 0.0" for an optional [[levels]] key, or what the level does without it."""
    default = next(f.default for f in fields(Level) if f.name == key)
    return _LEVEL_WITHOUT[key] if default is None else f"using the default {_show(default)}"


def _known(keys: Any) -> str:
    return "one of the known keys: " + ", ".join(keys)


def _apply(data: dict[str, Any]) -> tuple[Settings, list[ConfigProblem]]:
    """Validate a parsed TOML document; bad parts are reported and keep their defaults."""
    problems: list[ConfigProblem] = []
    values: dict[str, Any] = {}

    def bad(key: str, value: object, allowed: str, fallback: str = "") -> None:
        problems.append(ConfigProblem(key, value, allowed, fallback))

    for table, value in data.items():
        if table == "levels":
            continue
        schema = SCHEMA.get(table)
        if schema is None:
            bad(table, value, _known([*SCHEMA, "levels"]), "ignored")
            continue
        if not isinstance(value, dict):
            bad(table, value, f"a table [{table}] with keys {', '.join(schema)}", "using the defaults")
            continue
        for key, raw in value.items():
            dotted = f"{table}.{key}"
            if table == "ai" and key == "window_weights":
                _apply_weights(raw, values, bad)
                continue
            if key not in schema:
                extra = ["window_weights"] if table == "ai" else []
                bad(dotted, raw, _known([*schema, *extra]), "ignored")
                continue
            name, check = schema[key]
            try:
                values[name] = check(raw)
            except _Bad as e:
                bad(dotted, raw, str(e), _default_shown(name))

    if "levels" in data:
        levels = _parse_levels(data["levels"], bad)
        if levels:
            values["levels"] = levels
    if len(problems) > MAX_PROBLEMS:  # a screenful is enough to see what went wrong
        hidden = len(problems) - MAX_PROBLEMS
        problems[MAX_PROBLEMS:] = [ConfigProblem("file", f"{hidden} more problems not listed", "")]
    return Settings(**values), problems


def _apply_weights(raw: Any, values: dict[str, Any], bad: Callable[..., None]) -> None:
    key = "ai.window_weights"
    if not isinstance(raw, dict):
        bad(key, raw, "a table [ai.window_weights] with keys own, block, scale", "using the defaults")
        return
    clean: dict[str, Any] = {}
    for wkey, wraw in raw.items():
        if wkey not in WEIGHTS_SCHEMA:
            bad(f"{key}.{wkey}", wraw, _known(WEIGHTS_SCHEMA), "ignored")
            continue
        try:
            clean[wkey] = WEIGHTS_SCHEMA[wkey](wraw)
        except _Bad as e:
            default = getattr(DEFAULTS.window_weights, wkey)
            bad(f"{key}.{wkey}", wraw, str(e), f"using the default {_show(list(default) if isinstance(default, tuple) else default)}")
    values["window_weights"] = WindowWeights(**clean)


def _parse_levels(raw: Any, bad: Callable[..., None]) -> tuple[Level, ...]:
    """Valid levels in file order; a level without a usable name or depth is left out."""
    defaults = "using the built-in levels " + ", ".join(f"{l.name} {l.depth}" for l in DEFAULT_LEVELS)
    if not isinstance(raw, list) or not raw:
        bad("levels", raw, "one or more [[levels]] tables", defaults)
        return ()
    if len(raw) > MAX_LEVELS:
        bad("levels", f"{len(raw)} levels", f"at most {MAX_LEVELS} levels", f"using the first {MAX_LEVELS}")
        raw = raw[:MAX_LEVELS]
    levels: list[Level] = []
    seen: set[str] = set()
    for i, item in enumerate(raw, start=1):
        where = f"levels[{i}]"
        if not isinstance(item, dict):
            bad(where, item, "a [[levels]] table with name and depth", "level left out")
            continue
        clean: dict[str, Any] = {}
        for key, value in item.items():
            if key not in LEVEL_SCHEMA:
                bad(f"{where}.{key}", value, _known(LEVEL_SCHEMA), "ignored")
                continue
            try:
                clean[key] = LEVEL_SCHEMA[key](value)
            except _Bad as e:
                required = key in ("name", "depth")
                bad(f"{where}.{key}", value, str(e),
                    "level left out" if required else _level_default_shown(key))
        required = ("name",) if clean.get("exact") else ("name", "depth")  # an exact level has no depth
        missing = [k for k in required if k not in item]
        if missing:
            bad(where, item, f"a level with {' and '.join(missing)} set", "level left out")
            continue
        if "name" not in clean or ("depth" not in clean and "depth" in required):
            continue
        clean.setdefault("depth", MAX_DEPTH)
        folded = name_key(clean["name"])
        if folded in seen:
            bad(f"{where}.name", clean["name"], "a name no other level has (case-insensitive)",
                "level left out")
            continue
        seen.add(folded)
        levels.append(Level(**clean))
    if not levels:
        bad("levels", f"{len(raw)} unusable level(s)", "at least one valid level", defaults)
    return tuple(levels)


DEFAULTS = Settings()


# ---------------------------------------------------------------------------
# Loading


def repo_config_path() -> Path | None:
    """The config.toml shipped with the program (see ``game.paths.shipped_config``)."""
    return shipped_config()


def default_config_path() -> Path | None:
    """The config file used without --config: the user's, else the shipped one, else None.

    Anything named like the user's file counts as it (a folder, a named pipe, a link to nothing):
    loading it then names the problem, instead of the shipped file being used without a word."""
    user = user_config_dir() / CONFIG_NAME
    if os.path.lexists(user):
        return user
    return repo_config_path()


def load_settings(path: str | Path | None = None) -> tuple[Settings, list[ConfigProblem]]:
    """Settings from ``path`` (or the default lookup) plus every problem found.

    Never raises for bad content: an unreadable, non-UTF-8, empty, huge or invalid file
    gives the built-in defaults and one problem; bad keys keep their defaults.
    """
    if isinstance(path, str) and not path.strip():
        return DEFAULTS, [_file_problem(f"no file name given ({path!r})", "the path of a TOML file")]
    if path is None:
        found = default_config_path()
        if found is None:
            return DEFAULTS, []
        path = found
    path = Path(path)
    text, problem = _read_text(path)
    if problem is not None:
        return DEFAULTS, [problem]
    return parse_settings(text)


def parse_settings(text: str) -> tuple[Settings, list[ConfigProblem]]:
    """Settings from the text of a config file (see :func:`load_settings`)."""
    if not text.strip():
        return DEFAULTS, [_file_problem("the file is empty", "a TOML file with settings")]
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        return DEFAULTS, [_file_problem(f"not valid TOML: {e}", "a valid TOML document")]
    except RecursionError:  # absurdly deep nesting of arrays or inline tables
        return DEFAULTS, [_file_problem("not valid TOML: nested too deeply", f"tables and arrays nested at most {MAX_NESTING} deep")]
    if _nesting(data) > MAX_NESTING:
        return DEFAULTS, [_file_problem(f"tables or arrays nested {_nesting(data)} deep",
                                        f"tables and arrays nested at most {MAX_NESTING} deep")]
    return _apply(data)


def _file_problem(what: str, allowed: str) -> ConfigProblem:
    return ConfigProblem("file", what, allowed, "using the built-in defaults")


def _read_text(path: Path) -> tuple[str, ConfigProblem | None]:
    shown = _show_path(path)
    try:
        data = read_regular_file(path, MAX_CONFIG_BYTES)
    except FileNotFoundError:
        return "", _file_problem(f"{shown} does not exist", "an existing TOML file")
    except (IsADirectoryError, NotRegularFileError) as e:
        return "", _file_problem(f"{shown} is {describe_os_error(e)}", "a regular TOML file")
    except OSError as e:
        return "", _file_problem(f"{shown} cannot be read ({describe_os_error(e)})", "a readable TOML file")
    if len(data) > MAX_CONFIG_BYTES:
        return "", _file_problem(f"{shown} is larger than {MAX_CONFIG_BYTES:,} bytes",
                                 f"a file of at most {MAX_CONFIG_BYTES:,} bytes")
    try:
        return data.decode("utf-8-sig"), None
    except UnicodeDecodeError as e:
        return "", _file_problem(f"{shown}: byte 0x{data[e.start]:02x} at offset {e.start} is not UTF-8",
                                 "UTF-8 text")


def _show_path(path: Path) -> str:
    """A path for a one-line message: escaped (control characters, bytes that are not UTF-8) and
    shortened from the left, so the file's own name stays visible."""
    return shown_path(path)


# ---------------------------------------------------------------------------
# Player specs


@dataclass(frozen=True)
class PlayerSpec:
    """Who plays one colour: a human, or the computer at some depth/level."""

    kind: Literal["human", "ai"]
    depth: int | None = None
    heuristic: str | None = None  # None: the settings' default heuristic
    level: str | None = None  # the level's name when chosen by level
    time_limit: float | None = None
    perfect_play: bool = False
    temperature: float = 0.0
    exact: bool = False

    @property
    def is_ai(self) -> bool:
        return self.kind == "ai"

    def label(self) -> str:
        """Short text for the screen: "Human", "Computer (Hard)", "Computer (depth 8, window)"."""
        if self.kind == "human":
            return "Human"
        if self.level:
            return f"Computer ({self.level})"
        details = [f"depth {self.depth}"] if self.depth is not None else []
        details += [self.heuristic] if self.heuristic else []
        return f"Computer ({', '.join(details)})" if details else "Computer"

    def spec(self) -> str:
        """The text :func:`parse_player_spec` turns back into this player (for save files)."""
        if self.kind == "human":
            return "human"
        if self.level:
            return f"{self.level}:{self.heuristic}" if self.heuristic else self.level
        parts = ["ai"]
        if self.depth is not None:
            parts.append(str(self.depth))
            if self.heuristic:
                parts.append(self.heuristic)
        return ":".join(parts)

    def search_config(self, settings: Settings) -> SearchConfig:
        return settings._search_config(
            self.depth if self.depth is not None else settings.depth,
            self.heuristic, self.time_limit, self.perfect_play, self.temperature, self.exact,
        )


HUMAN = PlayerSpec("human")


def parse_player_spec(text: str, settings: Settings = DEFAULTS) -> PlayerSpec:
    """``human`` | ``ai`` | ``ai:DEPTH`` | ``ai:DEPTH:HEURISTIC`` | ``LEVEL`` | ``LEVEL:HEURISTIC`` (any case).

    Level names follow :mod:`game.names` (never a ':'), so the first ':' always ends the level
    or the ``ai``. A ':' with nothing after it (``Hard:``, ``ai:3:``) is an error, like any other
    empty part. ValueError with a one-line message saying what is accepted.
    """
    if not isinstance(text, str):
        raise ValueError(f"a player must be text, not {type(text).__name__}")
    lo, hi = CUSTOM_DEPTH
    usage = (
        f"use human, ai, ai:DEPTH (DEPTH {lo}-{hi}), ai:DEPTH:HEURISTIC "
        f"(HEURISTIC: {', '.join(HEURISTICS)}) or a level "
        f"({', '.join(l.name for l in settings.levels)}), optionally as LEVEL:HEURISTIC"
    )
    head, *rest = text.strip().split(":")
    kind = head.strip().casefold()
    if any(not part.strip() for part in rest):
        raise ValueError(f"bad player {_shown_spec(text)}: nothing after a ':'; {usage}")
    if kind == "human" and not rest:
        return HUMAN
    if kind == "ai":
        if not rest:
            return PlayerSpec("ai", depth=settings.depth)
        if len(rest) > 2:
            raise ValueError(f"bad player {_shown_spec(text)}: too many ':' parts; {usage}")
        depth = _spec_depth(text, rest[0].strip())
        heuristic = _spec_heuristic(text, rest[1]) if len(rest) == 2 else None
        return PlayerSpec("ai", depth=depth, heuristic=heuristic)
    if len(rest) > 1:
        raise ValueError(f"bad player {_shown_spec(text)}: too many ':' parts; {usage}")
    try:
        level = settings.level(head)
    except KeyError:
        raise ValueError(f"unknown player {_shown_spec(text)}: {usage}") from None
    heuristic = _spec_heuristic(text, rest[0]) if rest else level.heuristic
    return PlayerSpec("ai", depth=level.depth, heuristic=heuristic, level=level.name,
                      time_limit=level.time_limit, perfect_play=level.perfect_play,
                      temperature=level.temperature, exact=level.exact)


def parse_saved_player(text: str, settings: Settings = DEFAULTS) -> PlayerSpec:
    """A player named in a saved game, as :func:`parse_player_spec` reads it; a built-in level
    the settings' [[levels]] no longer list is still that built-in level, so a game saved against
    Novice opens after a settings file replaced the ladder. ValueError otherwise."""
    try:
        return parse_player_spec(text, settings)
    except ValueError:
        if settings.levels == DEFAULT_LEVELS:
            raise
        try:
            return parse_player_spec(text, replace(settings, levels=DEFAULT_LEVELS))
        except ValueError:
            pass
        raise


def _shown_spec(text: str, limit: int = 60) -> str:
    """A player spec as echoed in a message: repr-escaped and at most ``limit`` characters."""
    shown = repr(text)
    return shown if len(shown) <= limit else shown[: limit - 4] + "...'"


def _spec_depth(text: str, depth_text: str) -> int:
    lo, hi = CUSTOM_DEPTH
    if not re.fullmatch(r"[+-]?[0-9]+", depth_text):
        raise ValueError(f"bad player {_shown_spec(text)}: depth {_shown_spec(depth_text, 20)} is not a whole number; "
                         f"depth must be {lo}–{hi}")
    depth = int(depth_text) if len(depth_text) <= 6 else hi + 1  # int() of a huge digit string is slow
    if not lo <= depth <= hi:
        raise ValueError(f"bad player {_shown_spec(text)}: depth {shown(depth_text, 20)} is out of range; "
                         f"depth must be {lo}–{hi}")
    return depth


def _spec_heuristic(text: str, heuristic_text: str) -> str:
    heuristic = heuristic_text.strip().casefold()
    if heuristic not in HEURISTICS:
        raise ValueError(f"bad player {_shown_spec(text)}: unknown heuristic {_shown_spec(heuristic_text.strip(), 20)}; "
                         f"heuristics: {', '.join(HEURISTICS)}")
    return heuristic


__all__ = [
    "CONFIG_NAME", "CUSTOM_DEPTH", "escape_control", "DEFAULTS", "DEFAULT_LEVELS", "THEMES", "ConfigProblem", "HUMAN",
    "Level", "PlayerSpec", "Settings", "default_config_path", "load_settings", "parse_player_spec", "parse_saved_player",
    "parse_settings", "repo_config_path",
]

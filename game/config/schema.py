"""What a config file may say, and the one loop that applies it.

Each key of each table has a checker: it returns the clean value or raises :class:`Bad` with
the words of what is allowed. A numeric checker carries its :class:`~game.config.ranges.Range`
as ``bounds`` (tests probe just outside every range). :func:`apply` reads a parsed TOML document:
every table, the ``[ai.window_weights]`` table and each ``[[levels]]`` table go through the same
loop, so an unknown key, a wrong type or a value out of range is reported the same way in all of
them, and the key keeps its default.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields
from typing import Any

from game.domain.levels import DEFAULT_LEVELS, Level
from game.domain.names import RULE as NAME_RULE
from game.domain.names import clean_level_name, level_name_problem, name_key
from game.engine.heuristics import HEURISTICS, WindowWeights
from game.i18n import AUTO, ENGLISH, LANGUAGES, N_, Words, language_problem

from . import ranges
from .ranges import Range
from .values import (DEFAULTS, MAX_SPEECH_LOG_CHARS, SPEECH_LOG_PREFIX, THEMES, VERBOSITY, WORKERS, ConfigProblem,
                     Settings, shown_value)

__all__ = ["LEVEL_SCHEMA", "MAX_LEVELS", "MAX_PROBLEMS", "SCHEMA", "WEIGHTS_SCHEMA", "Bad", "apply"]

MAX_LEVELS = 20
MAX_PROBLEMS = 30  # problems listed one by one; the rest are counted in one more line


class Bad(Exception):
    """A value is not acceptable; the argument says what is allowed (Words, shown translated)."""

    @property
    def allowed(self) -> str:
        return self.args[0]


@dataclass(frozen=True)
class Check:
    """A checker: ``check(value)`` is the clean value, or Bad saying what is allowed."""

    read: Callable[[Any], Any]
    bounds: Range | None = None

    def __call__(self, value: Any) -> Any:
        return self.read(value)


def _number(allowed: Range) -> Check:
    def read(v: Any) -> Any:
        if v not in allowed:
            raise Bad(allowed.interval())
        return v if allowed.whole else float(v)

    return Check(read, allowed)


def _optional_seconds(v: Any) -> float | None:
    """0 in the file means "no limit" (TOML has no null)."""
    if isinstance(v, (int, float)) and not isinstance(v, bool) and v == 0:
        return None
    if v not in ranges.SECONDS_PER_MOVE:
        raise Bad(Words(N_("0 (no limit) or a number of seconds up to {most}"), most=ranges.MAX_SECONDS))
    return float(v)


def _bool(v: Any) -> bool:
    if not isinstance(v, bool):
        # TRANSLATORS: true and false are the TOML words, typed as written.
        raise Bad(Words(N_("true or false")))
    return v


def _choice(options: tuple[str, ...]) -> Check:
    allowed = Words(N_("one of {choices}"), choices=", ".join(f'"{o}"' for o in options))

    def read(v: Any) -> str:
        if not isinstance(v, str) or v not in options:
            raise Bad(allowed)
        return v

    return Check(read)


_WEIGHT = _number(ranges.WEIGHT)


def _weights3(v: Any) -> tuple[float, float, float]:
    allowed = Words(N_("a list of three numbers from {low} to {high}, like {example}"), low=f"{ranges.WEIGHT.lo:g}",
                    high=f"{ranges.WEIGHT.hi:g}", example="[0.5, 3.0, 9.0]")
    if not isinstance(v, list) or len(v) != 3:
        raise Bad(allowed)
    try:
        return tuple(_WEIGHT(x) for x in v)  # type: ignore[return-value]
    except Bad:
        raise Bad(allowed) from None


def _level_name(v: Any) -> str:
    """The one level-name rule (game.domain.names), as a config check."""
    problem = level_name_problem(v)
    if problem is not None:
        raise Bad(Words(N_("a name of {rule}; {problem}"), rule=NAME_RULE, problem=problem))
    return clean_level_name(v)


def _player_name(v: Any) -> str:
    """A network player's name: "" (the account's name) or a name of the one level-name rule."""
    if v == "":
        return v
    problem = level_name_problem(v)
    if problem is not None:
        raise Bad(Words(N_('"" (your account name) or a name of {rule}; {problem}'), rule=NAME_RULE, problem=problem))
    return clean_level_name(v)


def _speech(v: Any) -> bool | str:
    """true, false, or "log:PATH" (PATH not empty, one line of at most MAX_SPEECH_LOG_CHARS)."""
    if isinstance(v, bool):
        return v
    allowed = f'true, false or "{SPEECH_LOG_PREFIX}PATH" (a file each spoken message is written to, one line each)'
    if not isinstance(v, str) or not v.startswith(SPEECH_LOG_PREFIX):
        raise Bad(allowed)
    path = v[len(SPEECH_LOG_PREFIX):]
    if not path.strip() or len(path) > MAX_SPEECH_LOG_CHARS or any(ord(c) < 32 or ord(c) == 127 for c in path):
        raise Bad(f"{allowed}; PATH of 1 to {MAX_SPEECH_LOG_CHARS} characters, no control characters")
    return v


def _language(v: Any) -> str:
    """A language of the game (game.i18n.LANGUAGES), or "auto" / "" for the system's."""
    if language_problem(v) is not None:
        raise Bad(Words(N_('"{auto}" (the system\'s language) or one of {codes}'), auto=AUTO,
                        codes=", ".join(f'"{c}"' for c in LANGUAGES)))
    return v


_BOOL = Check(_bool)
_SECONDS = Check(_optional_seconds, Range(0, ranges.MAX_SECONDS))

#: Table name -> {key in the file: (Settings field, checker)}.
SCHEMA: dict[str, dict[str, tuple[str, Check]]] = {
    "window": {
        "width": ("window_width", _number(ranges.WINDOW_WIDTH)),
        "height": ("window_height", _number(ranges.WINDOW_HEIGHT)),
        "fps": ("fps", _number(ranges.FPS)),
        "fullscreen": ("fullscreen", _BOOL),
    },
    "display": {
        "theme": ("theme", _choice(THEMES)),
        "animation_speed": ("animation_speed", _number(ranges.ANIMATION_SPEED)),
        "language": ("language", Check(_language)),
    },
    "sound": {
        "enabled": ("sound", _BOOL),
        "volume": ("volume", _number(ranges.VOLUME)),
    },
    "ai": {
        "heuristic": ("heuristic", _choice(HEURISTICS)),
        "depth": ("depth", _number(ranges.DEPTH)),
        "discount": ("discount", _number(ranges.DISCOUNT)),
        "time_limit": ("time_limit", _SECONDS),
        "table_mb": ("table_mb", _number(ranges.TABLE_MB)),
        "analysis_time": ("analysis_time", _number(ranges.ANALYSIS_TIME)),
        "worker": ("worker", _choice(WORKERS)),
    },
    "spectator": {
        "delay": ("spectator_delay", _number(ranges.SPECTATOR_DELAY)),
    },
    "review": {
        "time": ("review_time", _number(ranges.REVIEW_TIME)),
    },
    "network": {
        "port": ("network_port", _number(ranges.PORT)),
        "name": ("network_name", Check(_player_name)),
        "announce": ("network_announce", _BOOL),
    },
    "accessibility": {
        "speech": ("speech", Check(_speech)),
        "verbosity": ("verbosity", _choice(VERBOSITY)),
        "caption": ("caption", _BOOL),
    },
}
#: [ai.window_weights]: key -> checker (the WindowWeights field of the same name).
WEIGHTS_SCHEMA: dict[str, Check] = {
    "own": Check(_weights3, ranges.WEIGHT),  # the range of each of the three
    "block": Check(_weights3, ranges.WEIGHT),
    "scale": _number(ranges.WEIGHT_SCALE),
}
#: [[levels]]: key -> checker (the Level field of the same name).
LEVEL_SCHEMA: dict[str, Check] = {
    "name": Check(_level_name),
    "depth": _number(ranges.LEVEL_DEPTH),
    "heuristic": _choice(HEURISTICS),
    "time_limit": _SECONDS,
    "perfect_play": _BOOL,
    "temperature": _number(ranges.TEMPERATURE),
    "elo": _number(ranges.ELO),
    "exact": _BOOL,
}
#: What a level does without one of its optional keys, where the key's default is None.
_LEVEL_WITHOUT = {"heuristic": Words(N_("using the [ai] heuristic")),
                  "time_limit": Words(N_("using the [ai] time_limit")), "elo": Words(N_("leaving the level unrated"))}
_LEVEL_DEFAULTS = {f.name: f.default for f in fields(Level)}

Report = Callable[[str, object, str, str], None]

# What happens instead of a bad value (Words: English as a str, shown in the language in use).
IGNORED = Words(N_("ignored"))
USING_DEFAULTS = Words(N_("using the defaults"))
LEFT_OUT = Words(N_("level left out"))


def using_default(value: str) -> Words:
    return Words(N_("using the default {value}"), value=value)


def a_table(name: str, keys: Any) -> Words:
    return Words(N_("a table [{table}] with keys {keys}"), table=name, keys=", ".join(keys))


def _known(keys: Any) -> Words:
    return Words(N_("one of the known keys: {keys}"), keys=", ".join(keys))


def _table(raw: Mapping[str, Any], where: str, checks: Mapping[str, Check], bad: Report,
           fallback: Callable[[str], str], others: tuple[str, ...] = ()) -> dict[str, Any]:
    """The one loop: every key of the table ``raw`` (at ``where``) checked by ``checks``. A key
    not there (nor among ``others``, read elsewhere) is ignored, a bad value falls back to what
    ``fallback(key)`` says; both are reported. The clean values, by key."""
    clean: dict[str, Any] = {}
    for key, value in raw.items():
        if key in others:
            continue
        if key not in checks:
            bad(f"{where}.{key}", value, _known([*checks, *others]), IGNORED)
            continue
        try:
            clean[key] = checks[key](value)
        except Bad as e:
            bad(f"{where}.{key}", value, e.allowed, fallback(key))
    return clean


def _default_shown(name: str) -> str:
    value = getattr(DEFAULTS, name)
    if name == "language":     # a language asked for and not spoken here: English, not the system's
        return Words(N_("using English"))
    if name == "time_limit" and value is None:
        return Words(N_("using the default 0 (no limit)"))
    return using_default(shown_value(value))


def _level_default_shown(key: str) -> str:
    """"using the default 0.0" for an optional [[levels]] key, or what the level does without it."""
    default = _LEVEL_DEFAULTS[key]
    return _LEVEL_WITHOUT[key] if default is None else using_default(shown_value(default))


def apply(data: dict[str, Any]) -> tuple[Settings, list[ConfigProblem]]:
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
            bad(table, value, _known([*SCHEMA, "levels"]), IGNORED)
            continue
        if not isinstance(value, dict):
            bad(table, value, a_table(table, schema), USING_DEFAULTS)
            continue
        checks = {key: check for key, (_field, check) in schema.items()}
        others = ("window_weights",) if table == "ai" else ()
        clean = _table(value, table, checks, bad, lambda key: _default_shown(schema[key][0]), others)
        values.update((schema[key][0], v) for key, v in clean.items())
        if table == "display" and "language" in value and "language" not in clean:
            values["language"] = ENGLISH
        if others and "window_weights" in value:
            values["window_weights"] = _weights(value["window_weights"], bad)
    if "levels" in data:
        levels = _levels(data["levels"], bad)
        if levels:
            values["levels"] = levels
    if len(problems) > MAX_PROBLEMS:  # a screenful is enough to see what went wrong
        hidden = len(problems) - MAX_PROBLEMS
        problems[MAX_PROBLEMS:] = [ConfigProblem("file", Words(N_("{count} more problems not listed"), count=hidden), "")]
    return Settings(**values), problems


def _weights(raw: Any, bad: Report) -> WindowWeights:
    where = "ai.window_weights"
    if not isinstance(raw, dict):
        bad(where, raw, a_table(where, WEIGHTS_SCHEMA), USING_DEFAULTS)
        return WindowWeights()

    def fallback(key: str) -> str:
        default = getattr(DEFAULTS.window_weights, key)
        return using_default(shown_value(list(default) if isinstance(default, tuple) else default))

    return WindowWeights(**_table(raw, where, WEIGHTS_SCHEMA, bad, fallback))


def _levels(raw: Any, bad: Report) -> tuple[Level, ...]:
    """Valid levels in file order; a level without a usable name or depth is left out."""
    defaults = Words(N_("using the built-in levels {levels}"),
                     levels=", ".join(f"{l.name} {l.depth}" for l in DEFAULT_LEVELS))
    if not isinstance(raw, list) or not raw:
        bad("levels", raw, Words(N_("one or more [[levels]] tables")), defaults)
        return ()
    if len(raw) > MAX_LEVELS:
        bad("levels", f"{len(raw)} levels", Words(N_("at most {count} levels"), count=MAX_LEVELS),
            Words(N_("using the first {count}"), count=MAX_LEVELS))
        raw = raw[:MAX_LEVELS]
    levels: list[Level] = []
    seen: set[str] = set()
    for i, item in enumerate(raw, start=1):
        where = f"levels[{i}]"
        if not isinstance(item, dict):
            bad(where, item, Words(N_("a [[levels]] table with name and depth")), LEFT_OUT)
            continue
        clean = _table(item, where, LEVEL_SCHEMA, bad,
                       lambda key: LEFT_OUT if key in ("name", "depth") else _level_default_shown(key))
        required = ("name",) if clean.get("exact") else ("name", "depth")  # an exact level has no depth
        missing = [k for k in required if k not in item]
        if missing:
            bad(where, item, Words(N_("a level with name and depth set")) if len(missing) == 2
                else Words(N_("a level with {key} set"), key=missing[0]), LEFT_OUT)
            continue
        if "name" not in clean or ("depth" not in clean and "depth" in required):
            continue
        clean.setdefault("depth", ranges.LEVEL_DEPTH.hi)
        folded = name_key(clean["name"])
        if folded in seen:
            bad(f"{where}.name", clean["name"], Words(N_("a name no other level has (case-insensitive)")), LEFT_OUT)
            continue
        seen.add(folded)
        levels.append(Level(**clean))
    if not levels:
        bad("levels", f"{len(raw)} unusable level(s)", Words(N_("at least one valid level")), defaults)
    return tuple(levels)

"""The game's settings as one typed, frozen value, and what a config file's problem looks like.

Each default here is exactly what the shipped ``config.toml`` says (a test checks it); the
ranges the file may use are in :mod:`game.config.ranges`, the checks in
:mod:`game.config.schema`. No I/O here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

from game.domain.levels import DEFAULT_DEPTH, DEFAULT_LEVELS, Level, find_level
from game.echo import escape_control
from game.i18n import _, said
from game.engine.heuristics import WindowWeights
from game.engine.tables import DEFAULT_TABLE_MB

from .source import MAX_NESTING

if TYPE_CHECKING:  # SearchConfig brings the solver with it; only the methods below need it
    from game.domain.players import PlayerSpec
    from game.engine.search_values import SearchConfig

__all__ = ["DEFAULTS", "SPEECH_LOG_PREFIX", "THEMES", "VERBOSITY", "WORKERS", "ConfigProblem", "Settings", "shown_value"]

THEMES: tuple[str, ...] = ("classic", "colorblind")
#: Where the computer player's search runs: a separate process (the window stays smooth) or a
#: thread of the game's own process (for systems that cannot start processes).
WORKERS: tuple[str, ...] = ("auto", "process", "thread")
#: How much a move says when speech is on: "short" (who and column) or "full" (and row and threats).
VERBOSITY: tuple[str, ...] = ("short", "full")
#: ``[accessibility] speech = "log:PATH"``: every spoken message is written to PATH, one line each.
SPEECH_LOG_PREFIX = "log:"
MAX_SPEECH_LOG_CHARS = 1024


@dataclass(frozen=True)
class Settings:
    """Every tunable of the game; each default equals the repository's config.toml."""

    # [window]
    window_width: int = 960
    window_height: int = 840
    fps: int = 60
    fullscreen: bool = False
    # [display]
    theme: str = THEMES[0]
    animation_speed: float = 1.0
    #: a code of game.i18n.LANGUAGES, or "auto" ("" too): the system's language (LANGUAGE, LC_ALL, ...)
    language: str = "auto"
    # [sound]
    sound: bool = True
    volume: float = 0.7
    # [ai]
    heuristic: str = "scoremap"
    depth: int = DEFAULT_DEPTH
    discount: float = 0.25
    time_limit: float | None = None
    table_mb: int = DEFAULT_TABLE_MB
    analysis_time: float = 0.5
    worker: Literal["auto", "process", "thread"] = "auto"
    window_weights: WindowWeights = field(default_factory=WindowWeights)
    # [spectator]
    spectator_delay: float = 0.6
    # [review]
    review_time: float = 0.5
    # [network]
    network_port: int = 7444
    network_name: str = ""    # "": the name of the computer's user account
    network_announce: bool = True   # a hosted game is announced on the local network (multicast DNS)
    # [accessibility]
    speech: bool | str = False      # true: the screen reader speaks; "log:PATH": each message a line of PATH
    verbosity: Literal["short", "full"] = "full"
    caption: bool = False           # the last spoken message shown at the foot of the window
    # [[levels]]
    levels: tuple[Level, ...] = DEFAULT_LEVELS

    def level(self, name: str) -> Level:
        """The level called ``name`` (case-insensitive); KeyError lists the known names."""
        return find_level(self.levels, name)

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

    def player_search(self, player: PlayerSpec) -> SearchConfig:
        """How the computer player ``player`` searches under these settings."""
        return self._search_config(
            player.depth if player.depth is not None else self.depth,
            player.heuristic, player.time_limit, player.perfect_play, player.temperature, player.exact,
        )

    def _search_config(
        self, depth: int, heuristic: str | None, time_limit: float | None, perfect_play: bool,
        temperature: float = 0.0, exact: bool = False,
    ) -> SearchConfig:
        """``exact``: the solver alone with no time limit (depth, time_limit and the rest unused)."""
        from game.engine.search_values import SearchConfig  # here: loading settings need not load the engine

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


DEFAULTS = Settings()


@dataclass(frozen=True)
class ConfigProblem:
    """One thing wrong in a config file; ``str()`` is the message shown to the user."""

    key: str  # dotted key ("window.fps", "levels[2].depth"), or "file" for the file as a whole
    value: object  # the offending value (for "file": what is wrong with it, as Words)
    allowed: str  # what would have been accepted (Words: English as a str, shown translated)
    fallback: str = ""  # what happens instead ("using the default 60", "ignored", ...)

    def __str__(self) -> str:
        """The line shown to the player, in the language in use when it is shown: the problems are
        found before the config's own [display] language is applied."""
        allowed, fallback = said(self.allowed), said(self.fallback)
        if self.key == "file":
            what = said(self.value)
            text = (_("config file: {problem} — allowed: {allowed} — {fallback}") if allowed and fallback
                    else _("config file: {problem} — allowed: {allowed}") if allowed
                    else _("config file: {problem} — {fallback}") if fallback
                    else _("config file: {problem}")).format(problem=what, allowed=allowed, fallback=fallback)
        else:
            key = escape_control(self.key)
            key = key if len(key) <= 60 else key[:57] + "..."
            text = (_("{key} = {value} — allowed: {allowed} — {fallback}") if fallback
                    else _("{key} = {value} — allowed: {allowed}")).format(key=key, value=shown_value(self.value),
                                                                          allowed=allowed, fallback=fallback)
        return escape_control(text)


def shown_value(value: object, limit: int = 60, depth: int = 0) -> str:
    """A value as it would look in the TOML file, escaped and shortened (nesting shown to a few levels)."""
    if depth > MAX_NESTING:
        return "..."
    if isinstance(value, bool):
        text = "true" if value else "false"
    elif isinstance(value, str):
        text = '"' + escape_control(value.replace("\\", "\\\\").replace('"', '\\"')) + '"'
    elif isinstance(value, dict):
        text = "{" + ", ".join(f"{escape_control(str(k))} = {shown_value(v, limit, depth + 1)}"
                               for k, v in value.items()) + "}"
    elif isinstance(value, list):
        text = "[" + ", ".join(shown_value(v, limit, depth + 1) for v in value) + "]"
    else:
        text = escape_control(repr(value))
    return text if len(text) <= limit else text[: limit - 3] + "..."

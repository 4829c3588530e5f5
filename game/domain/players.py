"""Who plays one colour, and the one grammar that writes and reads it.

A player spec is ``human``, ``ai``, ``ai:DEPTH``, ``ai:DEPTH:HEURISTIC``, ``LEVEL`` or
``LEVEL:HEURISTIC`` (any case). Level names follow :mod:`game.domain.names` (never a ':'), so
the first ':' always ends the level or the ``ai``. The same text is typed after ``--red``,
written in save files and in the record, and extended by the arena with options after commas.

:func:`parse_player_spec` reads a spec against a :class:`Ladder` (the levels and the default
depth of the settings in use); :func:`is_player_spec` checks only the shape, for files written
under another day's settings; :meth:`PlayerSpec.spec` writes the text back.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal, Protocol

from game.echo import shown
from game.engine.heuristics import HEURISTICS
from game.i18n import _

from .levels import CUSTOM_DEPTH, DEFAULT_DEPTH, DEFAULT_LEVELS, Level, find_level
from .names import MAX_NAME_CHARS, level_name_problem

__all__ = ["HUMAN", "MAX_PLAYER_CHARS", "Ladder", "PlayerSpec", "is_player_spec", "parse_player_spec",
           "parse_saved_player"]

#: The longest spec a file may name: a level name, ':' and a heuristic.
MAX_PLAYER_CHARS = MAX_NAME_CHARS + 1 + 10
_SAVED_DEPTH = re.compile(r"[0-9]{1,2}")
_SAVED_HEURISTIC = re.compile(r"[a-z]{1,10}", re.IGNORECASE)


class Ladder(Protocol):
    """What reading a spec needs of the settings: the levels, and the depth of a plain ``ai``."""

    @property
    def levels(self) -> tuple[Level, ...]: ...

    @property
    def depth(self) -> int: ...


@dataclass(frozen=True)
class BuiltInLadder:
    """The built-in levels and default depth (what a spec means without a config file)."""

    levels: tuple[Level, ...] = DEFAULT_LEVELS
    depth: int = DEFAULT_DEPTH


BUILT_IN = BuiltInLadder()


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


HUMAN = PlayerSpec("human")


def _split(text: str) -> tuple[str, list[str]]:
    """The spec's head (``human``, ``ai`` or a level's name) and the parts after each ':'."""
    head, *rest = text.split(":")
    return head, rest


def parse_player_spec(text: str, ladder: Ladder = BUILT_IN) -> PlayerSpec:
    """The player ``text`` names under ``ladder`` (see the module's docstring).

    Spaces around each part are ignored. A ':' with nothing after it (``Hard:``, ``ai:3:``) is an
    error, like any other empty part. ValueError with a one-line message saying what is accepted.
    """
    if not isinstance(text, str):
        raise ValueError(_("a player must be text, not {kind}").format(kind=type(text).__name__))
    lo, hi = CUSTOM_DEPTH
    # TRANSLATORS: what follows "use" is typed as it is (human, ai, ai:DEPTH ...); DEPTH, HEURISTIC and
    # LEVEL stand for a number, a heuristic's name and a level's name.
    usage = _("use human, ai, ai:DEPTH (DEPTH {lo}-{hi}), ai:DEPTH:HEURISTIC (HEURISTIC: {heuristics}) or a level "
              "({levels}), optionally as LEVEL:HEURISTIC").format(
        lo=lo, hi=hi, heuristics=", ".join(HEURISTICS), levels=", ".join(l.name for l in ladder.levels))
    head, rest = _split(text.strip())
    kind = head.strip().casefold()
    if any(not part.strip() for part in rest):
        raise ValueError(_("bad player {player}: nothing after a ':'; {usage}").format(
            player=_shown_spec(text), usage=usage))
    if kind == "human" and not rest:
        return HUMAN
    if kind == "ai":
        if not rest:
            return PlayerSpec("ai", depth=ladder.depth)
        if len(rest) > 2:
            raise ValueError(_("bad player {player}: too many ':' parts; {usage}").format(
                player=_shown_spec(text), usage=usage))
        depth = _spec_depth(text, rest[0].strip())
        heuristic = _spec_heuristic(text, rest[1]) if len(rest) == 2 else None
        return PlayerSpec("ai", depth=depth, heuristic=heuristic)
    if len(rest) > 1:
        raise ValueError(_("bad player {player}: too many ':' parts; {usage}").format(
            player=_shown_spec(text), usage=usage))
    try:
        level = find_level(ladder.levels, head)
    except KeyError:
        raise ValueError(_("unknown player {player}: {usage}").format(player=_shown_spec(text), usage=usage)) from None
    heuristic = _spec_heuristic(text, rest[0]) if rest else level.heuristic
    return PlayerSpec("ai", depth=level.depth, heuristic=heuristic, level=level.name,
                      time_limit=level.time_limit, perfect_play=level.perfect_play,
                      temperature=level.temperature, exact=level.exact)


def parse_saved_player(text: str, ladder: Ladder = BUILT_IN) -> PlayerSpec:
    """A player named in a saved game, as :func:`parse_player_spec` reads it; a built-in level
    the ladder no longer lists is still that built-in level, so a game saved against Novice opens
    after a settings file replaced the ladder. ValueError otherwise."""
    try:
        return parse_player_spec(text, ladder)
    except ValueError:
        if ladder.levels == DEFAULT_LEVELS:
            raise
        try:
            return parse_player_spec(text, BuiltInLadder(DEFAULT_LEVELS, ladder.depth))
        except ValueError:
            pass
        raise


def is_player_spec(text: str) -> bool:
    """Whether ``text`` has the shape :meth:`PlayerSpec.spec` writes: ``human``,
    ``ai[:DEPTH[:HEURISTIC]]`` or a level name with an optional ``:HEURISTIC``. Whether the level
    exists, or the depth is in range, is decided when the game is resumed, under that day's
    settings; a file written under other settings keeps its players."""
    head, rest = _split(text)
    if head.casefold() == "human" and not rest:
        return True
    if head.casefold() == "ai":
        return (len(rest) <= 2 and all(_SAVED_DEPTH.fullmatch(p) for p in rest[:1])
                and all(_SAVED_HEURISTIC.fullmatch(p) for p in rest[1:]))
    if len(rest) > 1 or not all(_SAVED_HEURISTIC.fullmatch(p) for p in rest):
        return False
    return head == head.strip() and level_name_problem(head) is None


def _shown_spec(text: str, limit: int = 60) -> str:
    """A player spec as echoed in a message: repr-escaped and at most ``limit`` characters."""
    quoted = repr(text)
    return quoted if len(quoted) <= limit else quoted[: limit - 4] + "...'"


def _spec_depth(text: str, depth_text: str) -> int:
    lo, hi = CUSTOM_DEPTH
    if not re.fullmatch(r"[+-]?[0-9]+", depth_text):
        raise ValueError(_("bad player {player}: depth {depth} is not a whole number; depth must be {lo}–{hi}").format(
            player=_shown_spec(text), depth=_shown_spec(depth_text, 20), lo=lo, hi=hi))
    depth = int(depth_text) if len(depth_text) <= 6 else hi + 1  # int() of a huge digit string is slow
    if not lo <= depth <= hi:
        raise ValueError(_("bad player {player}: depth {depth} is out of range; depth must be {lo}–{hi}").format(
            player=_shown_spec(text), depth=shown(depth_text, 20), lo=lo, hi=hi))
    return depth


def _spec_heuristic(text: str, heuristic_text: str) -> str:
    heuristic = heuristic_text.strip().casefold()
    if heuristic not in HEURISTICS:
        raise ValueError(_("bad player {player}: unknown heuristic {heuristic}; heuristics: {heuristics}").format(
            player=_shown_spec(text), heuristic=_shown_spec(heuristic_text.strip(), 20), heuristics=", ".join(HEURISTICS)))
    return heuristic

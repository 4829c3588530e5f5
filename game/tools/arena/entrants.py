"""The players an arena runs: search players from specs, the rule player, a random player.

A spec is one of the game's player specs (``ai``, ``ai:DEPTH``, ``ai:DEPTH:HEURISTIC``, a level
name from config.toml) or ``rules`` / ``random``; search players take options after commas that
override their search configuration (``ai:8,discount=0``, ``master,time=0.5``, ``ai:6,perfect=1``,
``ai:6,table=16``, ``ai:2,temp=0.2``, ``ai:1,blunder=0.5``, ``ai:6,eval=threats``).
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import sys
from dataclasses import dataclass
from typing import Any, Protocol

from game.engine.board import Position
from game.engine.search import Searcher
from game.config.load import load_settings
from game.domain.players import parse_player_spec
from game.tools.rules_player import RulePlayer
from game.echo import shown
from game.i18n import N_, _
from game.config import ranges
from game.tools.numbers import number

class Mover(Protocol):
    def choose(self, pos: Position) -> int: ...


class _SearchMover:
    """A searcher that, with probability ``blunder``, plays any legal column instead (the arena's
    model of the old Beginner's random discs, kept to compare with it; no level plays them)."""

    def __init__(self, config: Any, blunder: float = 0.0) -> None:
        self._searcher = Searcher(config)
        self._blunder = blunder
        # seeded with the player's seed (None: a fresh, unpredictable stream)
        self._rng = random.Random(f"blunder:{config.seed}") if config.seed is not None else random.Random()

    def choose(self, pos: Position) -> int:
        if self._blunder and self._rng.random() < self._blunder:
            return self._rng.choice(pos.legal_moves())
        return self._searcher.search(pos).move


class _RandomMover:
    def __init__(self, seed: int | None) -> None:
        self._rng = random.Random(seed)

    def choose(self, pos: Position) -> int:
        return self._rng.choice(pos.legal_moves())


@dataclass(frozen=True)
class ArenaPlayer:
    """A player as the arena runs it: picklable, so it can travel to worker processes."""

    spec: str  # as typed
    kind: str  # "search" | "rules" | "random"
    config: Any = None  # SearchConfig for "search"
    blunder: float = 0.0  # "search" only: the probability of a random legal move instead

    @property
    def label(self) -> str:
        return self.spec

    def make(self, seed: int | None) -> Mover:
        """A fresh mover (new transposition table); ``seed`` breaks ties among equal moves."""
        if self.kind == "rules":
            return RulePlayer(seed)
        if self.kind == "random":
            return _RandomMover(seed)
        return _SearchMover(dataclasses.replace(self.config, seed=seed), self.blunder)

    def describe(self) -> str:
        if self.kind != "search":
            return self.spec
        c = self.config
        parts = [_("depth exact") if c.depth is None else _("depth {depth}").format(depth=c.depth), c.heuristic,
                 _("discount {discount}").format(discount=f"{c.discount:g}")]
        if c.time_limit is not None:
            parts.append(_("{seconds} s/move").format(seconds=f"{c.time_limit:g}"))
        if c.perfect_play:
            parts.append(_("perfect play"))
        if c.temperature:
            parts.append(_("temperature {temperature}").format(temperature=f"{c.temperature:g}"))
        if self.blunder:
            # "50 %" apart: "% r" in one message would read to gettext as a printf directive
            share = _("{percent} %").format(percent=f"{100 * self.blunder:g}")
            parts.append(_("{share} random moves").format(share=share))
        return f"{self.spec} ({', '.join(parts)})"


class SpecError(ValueError):
    """A player spec the arena cannot run; the message says why."""


_OPTION_FIELDS = {
    "discount": "discount",
    "time": "time_limit",
    "perfect": "perfect_play",
    "table": "table_mb",
    "eval": "evaluation",  # eval=threats: the same as the heuristic "threats" (ai:D:threats)
    "temp": "temperature",  # temp=T: the softmax temperature of the choice (0 turns a level's off)
    "blunder": "blunder",  # blunder=P: a random move with probability P (the old Beginner's weakness)
}


#: The number rule (``game.tools.numbers``) with each numeric option's range, and what it is.
_NUMBERS = {
    "discount": (number(ranges.DISCOUNT), N_("{problem} (a discount)")),
    "time": (number(ranges.TOOL_SECONDS), N_("{problem} (a time per move)")),
    "table": (number(ranges.TABLE_MB), N_("{problem} (a table size)")),
    "temp": (number(ranges.TEMPERATURE), N_("{problem} (a temperature)")),
    "blunder": (number(ranges.PROBABILITY), N_("{problem} (a probability)")),
}


def _number(key: str, raw: str) -> float | int:
    parse, what = _NUMBERS[key]
    try:
        return parse(raw)
    except argparse.ArgumentTypeError as exc:
        raise ValueError(_(what).format(problem=exc)) from None


def _option_value(key: str, raw: str) -> Any:
    if key == "time" and raw.lower() in ("none", "0", "off"):
        return None
    if key == "perfect":
        if raw.lower() in ("1", "true", "yes", "on"):
            return True
        if raw.lower() in ("0", "false", "no", "off"):
            return False
        raise ValueError(_("{value} is not 0/1").format(value=_q(raw)))
    if key == "eval":
        if raw.lower() != "threats":
            raise ValueError(_("{value} is not a choice here; use eval=threats (or ai:DEPTH:HEURISTIC)").format(
                value=_q(raw)))
        return "threats"
    return _number(key, raw)


def parse_arena_player(text: str, settings: Any = None) -> ArenaPlayer:
    """Turn ``SPEC[,key=value...]`` into an ArenaPlayer; SpecError with a clear message."""
    raw = text.strip()
    base, *options = [part.strip() for part in raw.split(",")]
    name = base.lower()
    if name in ("rules", "random"):
        if options:
            raise SpecError(_("player {player}: options ({options}) only apply to search players").format(
                player=_q(raw), options=shown(", ".join(options))))
        return ArenaPlayer(spec=raw, kind=name)
    if settings is None:
        settings = load_arena_settings()
    try:
        spec = parse_player_spec(base, settings)
    except (ValueError, KeyError) as exc:
        raise SpecError(_player_problem(raw, _exc_text(exc))) from None
    if spec.kind != "ai":
        raise SpecError(_("player {player}: a human cannot play in the arena; use ai, ai:DEPTH, a level, rules or "
                          "random").format(player=_q(raw)))
    config = settings.player_search(spec)
    changes: dict[str, Any] = {}
    for option in options:
        key, sep, value = option.partition("=")
        key = key.strip().lower()
        if not sep or key not in _OPTION_FIELDS:
            raise SpecError(_("player {player}: unknown option {option}; use {options}").format(
                player=_q(raw), option=_q(option), options=", ".join(f"{k}=VALUE" for k in _OPTION_FIELDS)))
        try:
            changes[_OPTION_FIELDS[key]] = _option_value(key, value.strip())
        except ValueError as exc:
            raise SpecError(_("player {player}: option {option}: {problem}").format(
                player=_q(raw), option=key, problem=_exc_text(exc))) from None
    if "evaluation" in changes:  # eval=threats: kept as a synonym of the heuristic "threats"
        changes["heuristic"] = changes.pop("evaluation")
    blunder = changes.pop("blunder", 0.0)  # the arena's own option, not the search's
    try:
        config = dataclasses.replace(config, **changes)
    except (ValueError, TypeError) as exc:
        raise SpecError(_player_problem(raw, _exc_text(exc))) from None
    return ArenaPlayer(spec=raw, kind="search", config=config, blunder=blunder)


def _player_problem(raw: str, problem: str) -> str:
    # TRANSLATORS: {player} is a player as given on the command line ('ai:8'), {problem} what is wrong.
    return _("player {player}: {problem}").format(player=_q(raw), problem=problem)


def _q(text: str) -> str:
    """A player spec or option as echoed in a message: quoted, escaped, shortened."""
    return f"'{shown(text)}'"


def load_arena_settings() -> Any:
    """The game's settings (config.toml); problems are reported on stderr, never fatal."""
    settings, problems = load_settings()
    for problem in problems:
        print("arena: " + _("config: {problem}").format(problem=problem), file=sys.stderr)
    return settings


def _exc_text(exc: BaseException) -> str:
    # KeyError wraps its message in quotes; show the message itself.
    return str(exc.args[0]) if isinstance(exc, KeyError) and exc.args else str(exc)

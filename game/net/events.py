"""What the network thread tells the window, one frozen value per happening.

Every text in an event is already cleaned (no control characters, length-limited) and every move
list is a legal game; the window still escapes and fits text to its room when it draws it. An
event that changes the game carries the whole game state (``moves``, ``colour``), so the window
simply follows it and can never drift from what the network side agreed with the other player.

A move is a ``Column`` and a game is the tuple of its columns (:data:`Columns`), as the engine
counts them: the wire's column numbers are converted once, in ``game.net.protocol``.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import TypeAlias

from game.engine.sides import Column

#: A game's moves as column indexes, first move first (the match checked every one).
Columns: TypeAlias = tuple[int, ...]


class Question(enum.Enum):
    """What the other player asks this side's player."""

    UNDO = "undo"
    REMATCH = "rematch"


@dataclass(frozen=True, slots=True)
class Listening:
    """Hosting: waiting for a player on ``port`` at these addresses of this computer."""

    port: int
    addresses: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Failed:
    """Hosting or joining could not start or was refused (nothing is connected)."""

    reason: str


@dataclass(frozen=True, slots=True)
class Connected:
    """Playing ``opponent`` the game ``game`` (its id and ``secret``); ``resumed``: the same game
    goes on after a dropped connection or a restart; ``resigned``: the player who resigned it (a
    game gone back into after its end, for review or a rematch)."""

    opponent: str
    colour: int
    moves: Columns
    resumed: bool
    game: str
    secret: str = field(repr=False)     # the game's secret, kept in the save: never shown
    resigned: int | None = None


@dataclass(frozen=True, slots=True)
class Moved:
    """The other player dropped a disc in ``column``; ``moves`` is the game after it."""

    column: Column
    moves: Columns


@dataclass(frozen=True, slots=True)
class Played:
    """This side's own move in ``column``, accepted by the match and sent; ``moves`` is the game
    after it. The window shows a move of its player only once this arrives."""

    column: Column
    moves: Columns


@dataclass(frozen=True, slots=True)
class State:
    """The game as agreed now (after an undo, a resignation, a rematch, or a refused local move)."""

    moves: Columns
    colour: int
    resigned: int | None = None


@dataclass(frozen=True, slots=True)
class Asked:
    question: Question


@dataclass(frozen=True, slots=True)
class Info:
    """Something to tell the player in a line (``warning``: something went wrong)."""

    text: str
    warning: bool = False


@dataclass(frozen=True, slots=True)
class ChatLine:
    text: str


@dataclass(frozen=True, slots=True)
class Dropped:
    """The connection ended; the game is kept. ``reason``: what happened, as a sentence."""

    reason: str


@dataclass(frozen=True, slots=True)
class FoundGame:
    """A game announced on the local network: the name it gives itself (anyone can announce any
    name), the address it is at, ``newer``: it speaks a newer protocol (this version cannot join
    it), ``nearby``: the address is on one of this computer's networks."""

    name: str
    host: str
    port: int
    newer: bool = False
    nearby: bool = True


@dataclass(frozen=True, slots=True)
class Found:
    """The games discovery currently sees on the local network (``error``: discovery is off)."""

    games: tuple[FoundGame, ...]
    error: str | None = None


Event = Listening | Failed | Connected | Moved | Played | State | Asked | Info | ChatLine | Dropped | Found

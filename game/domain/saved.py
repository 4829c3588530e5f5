"""A saved game as a value: the moves, who played, and for a network game this side's seat.

The save format (:mod:`game.store.savefile`) writes and reads it; the autosave, the load list, the menu
and the network resume all pass it around. A game id and a colour are written as the network
protocol writes them (:mod:`game.net.protocol` uses these), so a save names a network game in
the protocol's own words. No I/O here.
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any, Literal, TypeAlias

from game.engine.board import Position, parse_moves
from game.engine.sides import Side

__all__ = ["COLOURS", "GAME_ID", "SECRET_BYTES", "SECRET_TEXT", "Colour", "NetRole", "NetworkSeat", "SavedGame"]

#: A game id: 16 lowercase hex digits (64 random bits), made by the host.
GAME_ID = re.compile(r"[0-9a-f]{16}")
Colour: TypeAlias = Literal["red", "yellow"]
#: The colours by player number: COLOURS[0] is player 1, red, who moves first.
COLOURS: tuple[Colour, Colour] = ("red", "yellow")
SECRET_BYTES = 16     # 128 bits
#: A network game's secret as the saves keep it and the host's offer sends it: lowercase hex.
SECRET_TEXT = re.compile(rf"[0-9a-f]{{{2 * SECRET_BYTES}}}")


class NetRole(enum.StrEnum):
    """This side's part in a network game: it hosted the game, or joined it."""

    HOST = "host"
    GUEST = "guest"


@dataclass(frozen=True)
class NetworkSeat:
    """This side of a network game, as its save keeps it: enough to go back into the same game
    (the host listens again on ``port``; the guest joins ``address`` again) with the same id."""

    role: NetRole
    game_id: str          # the protocol's game id (16 hex digits), the same on both sides
    colour: Side          # this side's player
    opponent: str         # the other player's name (checked by the name rule when read)
    address: str = ""     # a guest's: the host it joined, as ``address:port`` (``[v6]:port``)
    port: int = 0         # a host's: the port it listened on
    #: The game's secret (game.net.secret), never shown; "" in a save of a version without one,
    #: which can then not be gone back into over the network (docs/network.md).
    secret: str = field(default="", repr=False)
    #: The player who resigned the game: it is over, whatever the board shows.
    resigned: Side | None = None

    def __post_init__(self) -> None:      # ValueError for a number that is no side
        object.__setattr__(self, "colour", Side(self.colour))
        if self.resigned is not None:
            object.__setattr__(self, "resigned", Side(self.resigned))

    def save_fields(self) -> dict[str, Any]:
        """The SavedGame fields that carry this seat."""
        return {"network": self.role, "game_id": self.game_id, "network_colour": self.colour,
                "opponent": self.opponent, "address": self.address, "port": self.port, "secret": self.secret,
                "resigned": self.resigned}


@dataclass(frozen=True)
class SavedGame:
    """A game on disk: the move string ("4453", 1-based columns) and who played."""

    moves: str
    red: str  # player spec strings: "human", "ai:8:window", a level name
    yellow: str
    saved_at: str  # ISO 8601 date and time
    #: The game counts in the rating (only an autosave says so: a game resumed from it stays rated).
    rated: bool = False
    #: The analysis row was on (only an autosave says so: a game resumed from it opens as it was left).
    analysis: bool = False
    #: A game against a player on another computer: this side's part in it (see NetworkSeat).
    network: NetRole | None = None
    game_id: str = ""
    network_colour: int = 0
    opponent: str = ""
    address: str = ""
    port: int = 0
    secret: str = field(default="", repr=False)
    resigned: int | None = None     # a network game ended by this player's resignation

    @classmethod
    def now(cls, moves: str, red: str, yellow: str, *, rated: bool = False, analysis: bool = False,
            seat: NetworkSeat | None = None) -> "SavedGame":
        """A SavedGame stamped with the current local time."""
        stamp = datetime.now(timezone.utc).astimezone().isoformat(timespec="seconds")
        return cls(moves, red, yellow, stamp, rated=rated, analysis=analysis,
                   **(seat.save_fields() if seat else {}))

    def columns(self) -> tuple[int, ...]:
        """The moves as column indexes, as the game takes them (the file keeps the digits)."""
        return tuple(parse_moves(self.moves))

    def position(self) -> Position:
        """The position after the moves (they are validated when the game is parsed/saved)."""
        return Position.from_moves(self.moves)

    @property
    def over(self) -> bool:
        """Whether the game has ended: on the board, or by a resignation."""
        return self.resigned is not None or self.position().is_over()

    @property
    def seat(self) -> NetworkSeat | None:
        """This side of the network game the save holds; None for a game played on this computer."""
        if self.network is None:
            return None
        return NetworkSeat(self.network, self.game_id, self.network_colour, self.opponent, self.address, self.port,
                           self.secret, self.resigned)

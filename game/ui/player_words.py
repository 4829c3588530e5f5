"""Words about a player that every scene says the same way."""

from __future__ import annotations

from game.store.drill_file import LOCAL_PLAYER

__all__ = ["possessive"]


def possessive(player: str) -> str:
    """"your" for the person at this computer, else "Ann's"."""
    return "your" if player == LOCAL_PLAYER else f"{player}'s"

"""Who a finished game's drills belong to and whom they were played against: a side handed over
with its player's name (:class:`NamedSide`), and the opponents' names a drill's source keeps
(``game.engine.drills.DrillSource``). No pygame here."""

from __future__ import annotations

from collections.abc import Sequence

from game.domain.players import PlayerSpec
from game.engine.drills import MAX_AGAINST_CHARS
from game.store.drill_file import owner_name

__all__ = ["NamedSide", "against_name", "opponent_names"]


class NamedSide(int):
    """A side (1 red, 2 yellow) and the player who played it: ``player`` as the game names them,
    ``chosen`` whether someone typed that name (a seat's default name, its colour or "Player 2",
    is nobody's). It is the side for everything that counts sides; only drills ask who."""

    player: str
    chosen: bool

    def __new__(cls, side: int, player: str, chosen: bool = True) -> NamedSide:
        """ValueError unless ``side`` is 1 or 2 and a ``chosen`` ``player`` a name drills can be kept
        under (a default name, the colour in the language in use, keeps no drills)."""
        if side not in (1, 2):
            raise ValueError(f"side: {side!r} is not 1 or 2")
        if chosen:
            owner_name(player)
        self = super().__new__(cls, side)
        self.player, self.chosen = player, chosen
        return self

    def __repr__(self) -> str:
        return f"NamedSide({int(self)}, {self.player!r}, chosen={self.chosen})"


def opponent_names(specs: Sequence[PlayerSpec]) -> dict[int, str]:
    """The computer sides of a game (``specs``: red's, then yellow's) by side, as a drill's source
    names them: the level ("Apprentice"), else the computer's label."""
    return {side: against_name(spec.level or spec.label()) for side, spec in enumerate(specs, start=1)
            if spec.is_ai}


def against_name(name: str) -> str:
    """An opponent's name as a drill's source keeps it: printable, trimmed, cut to the length kept."""
    text = " ".join("".join(ch if ch.isprintable() else " " for ch in str(name)).split())
    return text[:MAX_AGAINST_CHARS].rstrip()

"""Words about a player that every scene says the same way, in the language in use."""

from __future__ import annotations

from game.domain.players import PlayerSpec
from game.i18n import _
from game.store.drill_file import LOCAL_PLAYER

__all__ = ["computer_label", "possessive"]


def possessive(player: str) -> str:
    """"your" for the person at this computer, else "Ann's"."""
    return "your" if player == LOCAL_PLAYER else f"{player}'s"


def computer_label(spec: PlayerSpec) -> str:
    """A player as the window shows it: "Computer (Hard)", "Computer (depth 8, window)", "Human".
    ``PlayerSpec.label`` says the same in English for files and logs; a level's name is
    config.toml's word, shown as written there."""
    if not spec.is_ai:
        return _("Human")
    if spec.level:
        return _("Computer ({level})").format(level=spec.level)
    if spec.depth is not None and spec.heuristic:
        return _("Computer (depth {depth}, {heuristic})").format(depth=spec.depth, heuristic=spec.heuristic)
    if spec.depth is not None:
        return _("Computer (depth {depth})").format(depth=spec.depth)
    return _("Computer ({heuristic})").format(heuristic=spec.heuristic) if spec.heuristic else _("Computer")

"""What the menu says about the other scenes: the Practice row's count of drills due, and the
offer of the course to a new player."""

from __future__ import annotations

import math
from datetime import datetime

from game.echo import counted
from game.training.keeper import PracticeKeeper
from game.store.drill_file import LOCAL_PLAYER

__all__ = ["COURSE_OFFER", "COURSE_OFFER_DETAIL", "practice_row_text"]

COURSE_OFFER = "New to Connect Four? Take the short course"
COURSE_OFFER_DETAIL = ("Eight lessons, each a page of plain words and a few positions to solve: the rules, the "
                       "centre, winning and blocking, two threats, and the ideas strong players use. It is always "
                       "there in the menu under Learn. This question is not asked again.")


def practice_row_text(keeper: PracticeKeeper, now: datetime) -> str:
    """The menu's Practice row: "2 drills due · puzzles", "Ann: 1 drill due · 1 more in 10 min ·
    puzzles": the drills of the player Practice would show (named once anyone but the person at
    this computer has drills). A drill practised today is not due again until its time has come,
    and then it is counted again."""
    if not keeper.loaded:
        return "drills · puzzles"
    player = keeper.player_to_show(now)
    whose = "" if keeper.players() in ([], [LOCAL_PLAYER]) else f"{player}: "
    parts = [f"{whose}{counted(len(keeper.due(now, player)), 'drill')} due"]
    later = keeper.again(now, player)
    if later:
        minutes = max(1, math.ceil((later[0] - now).total_seconds() / 60))
        parts.append(f"1 more in {minutes} min" if len(later) == 1
                     else f"{len(later)} more today, the first in {minutes} min")
    return " · ".join([*parts, "puzzles"])

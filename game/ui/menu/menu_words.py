"""What the menu says besides its rows' own words: the Practice row's count of drills due, the
offer of the course to a new player, and the one notice that the computer thinks slowly here."""

from __future__ import annotations

import math
from datetime import datetime
from pathlib import Path

import game
from game.i18n import N_, _, ngettext
from game.training.keeper import PracticeKeeper
from game.store.drill_file import LOCAL_PLAYER
from game.ui.scene import Context

__all__ = ["COURSE_OFFER", "COURSE_OFFER_DETAIL", "PLAIN_SEARCH_NOTICE", "practice_row_text", "tell_if_plain_search"]

#: The offer of the course (English, translated where shown).
COURSE_OFFER = N_("New to Connect Four? Take the short course")
COURSE_OFFER_DETAIL = N_("Eight lessons, each a page of plain words and a few positions to solve: the rules, the "
                         "centre, winning and blocking, two threats, and the ideas strong players use. It is always "
                         "there in the menu under Learn. This question is not asked again.")


def practice_row_text(keeper: PracticeKeeper, now: datetime) -> str:
    """The menu's Practice row: "2 drills due · puzzles", "Ann: 1 drill due · 1 more in 10 min ·
    puzzles": the drills of the player Practice would show (named once anyone but the person at
    this computer has drills). A drill practised today is not due again until its time has come,
    and then it is counted again."""
    if not keeper.loaded:
        return _("drills · puzzles")
    player = keeper.player_to_show(now)
    due = len(keeper.due(now, player))
    if keeper.players() in ([], [LOCAL_PLAYER]):
        parts = [ngettext("{n} drill due", "{n} drills due", due).format(n=due)]
    else:
        parts = [ngettext("{player}: {n} drill due", "{player}: {n} drills due", due).format(player=player, n=due)]
    later = keeper.again(now, player)
    if later:
        minutes = max(1, math.ceil((later[0] - now).total_seconds() / 60))
        parts.append(_("1 more in {minutes} min").format(minutes=minutes) if len(later) == 1
                     else _("{n} more today, the first in {minutes} min").format(n=len(later), minutes=minutes))
    return " · ".join([*parts, _("puzzles")])


#: Said once per install (remembered in the prefs under ``PLAIN_SEARCH_TOLD``) where the searches
#: could not be compiled at install: pip hides the build's warning.
PLAIN_SEARCH_NOTICE = N_("The computer thinks more slowly here: its search was installed without a C compiler. "
                         "To fix it, install a C compiler and Python's headers, then reinstall the game.")
PLAIN_SEARCH_TOLD = "told_plain_search"
PLAIN_SEARCH_SECONDS = 20.0


def install() -> str:
    """This install of the game, as one line: its version and its folder (a reinstall elsewhere or
    of another version is another install)."""
    return f"{game.__version__} {Path(game.__file__).resolve().parent}"


def tell_if_plain_search(ctx: Context) -> None:
    """Once per install, ever: a search that runs as plain Python makes the computer slower."""
    from game.service import backends  # here: the menu module loads no engine

    if not backends.compiled() and ctx.prefs.told_plain_search != install():
        ctx.notices.add(_(PLAIN_SEARCH_NOTICE), "info", seconds=PLAIN_SEARCH_SECONDS)
        ctx.remember(**{PLAIN_SEARCH_TOLD: install()})

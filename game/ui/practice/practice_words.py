"""What the Practice scene says, each as the texts that fit, longest
first: the header (whose practice, which side), the day's progress and streak, and
the keys of the moment. Each is a plain function of the values handed in: it draws nothing and
changes nothing (the scene picks the longest text that fits and draws it)."""

from __future__ import annotations

from collections.abc import Collection
from datetime import date, datetime

from game.domain.names import name_key
from game.i18n import N_, _, ngettext
from game.training.keeper import PracticeKeeper
from game.store.drill_file import LOCAL_PLAYER
from game.ui.practice.practice_round import Phase

__all__ = ["header_texts", "keys_texts", "progress_texts"]

#: The keys of the moment, longest first, kept in English and translated where shown.
KEYS_ASK = (N_("1–7 or click: drop a disc · Left/Right + Enter: choose and drop · F1 help · Esc menu"),
            N_("1–7 drop · Left/Right + Enter · F1 help · Esc menu"), N_("1–7 drop · F1 · Esc"))
KEYS_DONE = (N_("Enter or click: next · F1 help · Esc menu"), N_("Enter next · Esc menu"))
KEYS_WAIT = (N_("Watch the reply · F1 help · Esc menu"), N_("F1 help · Esc menu"))


def header_texts(player: str, colour: str) -> tuple[str, ...]:
    """Whose practice and which side they play (``colour``; empty: no exercise), longest first:
    "Practice · You are Red", "Ann's practice · Red", down to "Ann · Red"."""
    if not colour:
        if player == LOCAL_PLAYER:
            return (_("Practice"),)
        return _("{player}'s practice").format(player=player), player
    if player == LOCAL_PLAYER:
        return (_("Practice · You are {colour}").format(colour=colour),
                _("You are {colour}").format(colour=colour))
    return (_("{player}'s practice · {colour}").format(player=player, colour=colour),
            _("{player} · {colour}").format(player=player, colour=colour), colour)


def _local_day(stamp: datetime | str) -> date:
    when = datetime.fromisoformat(stamp) if isinstance(stamp, str) else stamp
    return when.astimezone().date()


def progress_texts(keeper: PracticeKeeper, done_drills: Collection[tuple[str, int]], today: date) -> tuple[str, ...]:
    """The shown player's progress on ``today`` (``done_drills``: the drills practised this visit)
    and the streak, longest first: "Today: 3 drills · 2 of 4 puzzles solved · streak 2 (best 5)",
    down to "3 drills · 2/4 puzzles · streak 2"."""
    results = [r for r in keeper.results_of() if _local_day(r.date) == today]
    drills = sum(1 for e in keeper.drills_of()
                 if e.card.last_review is not None and _local_day(e.card.last_review) == today)
    whose = name_key(keeper.player)
    drills = max(drills, sum(1 for player, _key in done_drills if player == whose))
    solved = sum(r.solved for r in results)
    streak, best = keeper.streak, keeper.best_streak
    tried = len(results)
    streak_text = _("streak {streak}").format(streak=streak)
    return (" · ".join((ngettext("Today: {count} drill", "Today: {count} drills", drills).format(count=drills),
                        _("{solved} of {count} puzzles solved").format(solved=solved, count=tried),
                        _("streak {streak} (best {best})").format(streak=streak, best=best))),
            " · ".join((ngettext("{count} drill", "{count} drills", drills).format(count=drills),
                        _("{solved}/{count} puzzles").format(solved=solved, count=tried),
                        streak_text)),
            streak_text)


def keys_texts(phase: Phase | None, settled: bool, other: str | None) -> tuple[str, ...]:
    """The keys of the moment (``phase``: the exercise's, None without one; ``settled``: no disc
    still falling), longest first. Outside a refutation Tab and O are said too, as far as the width
    allows: "Tab: Ann's drills · O: drills from games on/off · ...", down to "Tab: Ann · 1–7 drop ·
    F1 · Esc" (``other``: the player Tab goes on to, None when nobody else has drills)."""
    if phase is Phase.DONE:
        keys = KEYS_DONE
    elif phase is not None and (phase is not Phase.ASK or not settled):
        keys = KEYS_WAIT
    else:
        keys = KEYS_ASK
    keys = tuple(_(k) for k in keys)
    if phase is Phase.REFUTE:
        return keys
    wants = _("O: drills from games on/off")
    if other is None:
        return (f"{wants} · {keys[0]}", *keys)
    whose = _("Tab: your drills") if other == LOCAL_PLAYER else _("Tab: {player}'s drills").format(player=other)
    tab = _("Tab: {player}").format(player=other)
    return (f"{whose} · {wants} · {keys[0]}", f"{whose} · {keys[0]}", *(f"{tab} · {k}" for k in keys[1:]), *keys)

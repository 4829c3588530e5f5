"""What the Practice scene says, each as the texts that fit, longest
first: the header (whose practice, which side), the day's progress and streak, and
the keys of the moment. Each is a plain function of the values handed in: it draws nothing and
changes nothing (the scene picks the longest text that fits and draws it)."""

from __future__ import annotations

from collections.abc import Collection
from datetime import date, datetime

from game.domain.names import name_key
from game.echo import counted
from game.training.keeper import PracticeKeeper
from game.store.drill_file import LOCAL_PLAYER
from game.ui.player_words import possessive
from game.ui.practice.practice_round import Phase

__all__ = ["header_texts", "keys_texts", "progress_texts"]

KEYS_ASK = ("1–7 or click: drop a disc · Left/Right + Enter: choose and drop · F1 help · Esc menu",
            "1–7 drop · Left/Right + Enter · F1 help · Esc menu", "1–7 drop · F1 · Esc")
KEYS_DONE = ("Enter or click: next · F1 help · Esc menu", "Enter next · Esc menu")
KEYS_WAIT = ("Watch the reply · F1 help · Esc menu", "F1 help · Esc menu")


def header_texts(player: str, colour: str) -> tuple[str, ...]:
    """Whose practice and which side they play (``colour``; empty: no exercise), longest first:
    "Practice · You are Red", "Ann's practice · Red", down to "Ann · Red"."""
    if not colour:
        return ("Practice",) if player == LOCAL_PLAYER else (f"{player}'s practice", player)
    if player == LOCAL_PLAYER:
        return f"Practice · You are {colour}", f"You are {colour}"
    return f"{player}'s practice · {colour}", f"{player} · {colour}", colour


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
    return (f"Today: {counted(drills, 'drill')} · {solved} of {len(results)} puzzles solved · "
            f"streak {streak} (best {best})",
            f"{counted(drills, 'drill')} · {solved}/{len(results)} puzzles · streak {streak}",
            f"streak {streak}")


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
    if phase is Phase.REFUTE:
        return keys
    if other is None:
        return (f"O: drills from games on/off · {keys[0]}", *keys)
    whose = f"Tab: {possessive(other)} drills · "
    return (f"{whose}O: drills from games on/off · {keys[0]}", f"{whose}{keys[0]}",
            *(f"Tab: {other} · {k}" for k in keys[1:]), *keys)

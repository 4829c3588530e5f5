"""Verdicts, grades and advice in words: what a move did wrong, the one word a player reads
about it, and what to practise. The facts are the engine's (``verdicts.Verdict``, ``grades.Grade``,
``grades.advice``); their values stay the English keys of the tools' JSON."""

from __future__ import annotations

from collections.abc import Iterable

from game.engine.grades import Grade, Practice, advice
from game.engine.verdicts import Verdict
from game.i18n import N_, _, ngettext, pgettext

__all__ = ["advice_text", "grade_count", "grade_word", "verdict_sentence", "verdict_word"]

#: Each verdict's word (the review's "[missed block]"), kept as marked constants.
_VERDICT_WORDS = {
    Verdict.MISSED_WIN: N_("missed win"),
    Verdict.MISSED_BLOCK: N_("missed block"),
    Verdict.UNDER_THREAT: N_("under a winning cell"),
    Verdict.DOUBLE_THREAT: N_("allows two threats"),
    Verdict.SHORT_LOSS: N_("allows a short loss"),
    Verdict.THREW_AWAY_WIN: N_("threw away a short win"),
    Verdict.FASTER_LOSS: N_("loses much faster"),
    Verdict.LONGER_WIN: N_("much longer win"),
    Verdict.DEEP: N_("deep"),
}


def verdict_word(verdict: Verdict) -> str:
    """What the move did wrong, in a few words: "missed block", "deep"."""
    return _(_VERDICT_WORDS[verdict])


def verdict_sentence(verdict: Verdict, opponent: str) -> str:
    """The verdict as a short sentence about the move, naming the ``opponent``."""
    if verdict is Verdict.MISSED_WIN:
        return _("missed a win at once")
    if verdict is Verdict.MISSED_BLOCK:
        return _("did not block {opponent}'s threat").format(opponent=opponent)
    if verdict is Verdict.UNDER_THREAT:
        return _("played right under {opponent}'s winning cell").format(opponent=opponent)
    if verdict is Verdict.DOUBLE_THREAT:
        return _("let {opponent} make two threats at once").format(opponent=opponent)
    if verdict is Verdict.SHORT_LOSS:
        return _("let {opponent} force a quick win").format(opponent=opponent)
    if verdict is Verdict.THREW_AWAY_WIN:
        return _("threw away a quick win")
    if verdict is Verdict.FASTER_LOSS:
        return _("lost much faster than the best defence")
    if verdict is Verdict.LONGER_WIN:
        return _("kept the win, but a much longer one")
    return _("changed the outcome by play far ahead")


def grade_word(grade: Grade) -> str:
    """The grade, the one word shown for a move: "best", "good", "inaccuracy", "mistake", "blunder"."""
    if grade is Grade.BEST:
        return pgettext("grade", "best")
    if grade is Grade.GOOD:
        return pgettext("grade", "good")
    if grade is Grade.INACCURACY:
        return pgettext("grade", "inaccuracy")
    if grade is Grade.MISTAKE:
        return pgettext("grade", "mistake")
    return pgettext("grade", "blunder")


def grade_count(grade: Grade, n: int) -> str:
    """Moves of a grade counted: "1 mistake", "2 inaccuracies", "3 best"."""
    if grade is Grade.BEST:
        return ngettext("{n} best", "{n} best", n).format(n=n)
    if grade is Grade.GOOD:
        return ngettext("{n} good", "{n} good", n).format(n=n)
    if grade is Grade.INACCURACY:
        return ngettext("{n} inaccuracy", "{n} inaccuracies", n).format(n=n)
    if grade is Grade.MISTAKE:
        return ngettext("{n} mistake", "{n} mistakes", n).format(n=n)
    return ngettext("{n} blunder", "{n} blunders", n).format(n=n)


def _practice(verdict: Verdict, n: int) -> str:
    """The error counted and the habit that avoids it."""
    if verdict is Verdict.MISSED_WIN:
        return ngettext("{n} win in one missed: before each move, look for a four of your own",
                        "{n} wins in one missed: before each move, look for a four of your own", n)
    if verdict is Verdict.MISSED_BLOCK:
        return ngettext("{n} threat not blocked: before each move, look for the opponent's three with an "
                        "empty cell you can reach",
                        "{n} threats not blocked: before each move, look for the opponent's three with an "
                        "empty cell you can reach", n)
    if verdict is Verdict.UNDER_THREAT:
        return ngettext("{n} disc under the opponent's winning cell: before you drop, look at the cell above "
                        "your disc",
                        "{n} discs under the opponent's winning cell: before you drop, look at the cell above "
                        "your disc", n)
    if verdict is Verdict.DOUBLE_THREAT:
        return ngettext("{n} double threat allowed: block a three while it has one empty cell, before it gets "
                        "a second",
                        "{n} double threats allowed: block a three while it has one empty cell, before it gets "
                        "a second", n)
    if verdict is Verdict.SHORT_LOSS:
        return ngettext("{n} quick loss allowed: before each move, ask what the opponent can play after it",
                        "{n} quick losses allowed: before each move, ask what the opponent can play after it", n)
    if verdict is Verdict.THREW_AWAY_WIN:
        return ngettext("{n} quick win let go: when you are winning, look for the moves that leave the opponent "
                        "no choice",
                        "{n} quick wins let go: when you are winning, look for the moves that leave the opponent "
                        "no choice", n)
    if verdict is Verdict.FASTER_LOSS:
        return ngettext("{n} lost position given up fast: when losing, block every threat and make the game "
                        "long: mistakes come late",
                        "{n} lost positions given up fast: when losing, block every threat and make the game "
                        "long: mistakes come late", n)
    return ngettext("{n} long way round to a win: when you are winning, look for the quickest four",
                    "{n} long ways round to a win: when you are winning, look for the quickest four", n)


def advice_text(verdicts: Iterable[Verdict]) -> str:
    """What to practise, from a side's verdicts (``grades.advice``): the most frequent error a
    player could have seen, counted, and the habit that avoids it ("2 wins in one missed: before
    each move, look for a four of your own"); that nothing was there to see; "" without any."""
    found = advice(verdicts)
    if found is None:
        return ""
    if found.verdict is None:
        return _("no error you could have seen: the outcome changed by play far ahead (opening knowledge)")
    return _practice(found.verdict, found.count).format(n=found.count)

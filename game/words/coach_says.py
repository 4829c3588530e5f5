"""What the coach says about one column, in words: its value, its one reason, and the better
column when there is one (``coaching.advise``'s facts, ``claims``' coaching part).

"Column 4: a loss for Yellow: Red wins at once. It leaves Red's threat at column 6, bottom row
open: Red wins there at once. Block it!" Sides are named by ``names`` (the sides' own names
without them), cells by ``explanations.cell_text``.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.engine.advice import Advice
from game.engine.claims import (
    BetterColumn,
    BlocksFour,
    CoachFact,
    CompletesFourAt,
    CouldWinInstead,
    DrawWithoutReason,
    KeepsThreatening,
    LeavesThreatOpen,
    MakesTwoThreats,
    ParityThreat,
    TwoOpenThreats,
    UnderWinningCell,
    WinFarAway,
)
from game.engine.scores import Outcome, moves_to_end, outcome
from game.i18n import _, ngettext

from .explanations import cell_text, fact_text
from .outcomes import sides

__all__ = ["advice_json", "advice_words", "coach_fact_text", "value_words"]


def value_words(score: int, moves: int, names: Sequence[str] | None = None) -> str:
    """An exact ``score`` for the side to move (``moves`` discs down) in words that name whose win
    it is: "a win for Red at once", "a win for Red in 3 moves", "a loss for Red: Yellow wins in 2
    moves", "a draw". Moves are counted as the winner's discs."""
    result = outcome(score)
    if result is Outcome.DRAW:
        return _("a draw")
    named = sides(names)
    mover, other = named[moves % 2], named[1 - moves % 2]
    n = moves_to_end(score, moves)
    if result is Outcome.WIN:
        if n == 1:
            return _("a win for {mover} at once").format(mover=mover)
        return ngettext("a win for {mover} in {n} move", "a win for {mover} in {n} moves", n).format(mover=mover, n=n)
    if n == 1:
        return _("a loss for {mover}: {other} wins at once").format(mover=mover, other=other)
    return ngettext("a loss for {mover}: {other} wins in {n} move", "a loss for {mover}: {other} wins in {n} moves",
                    n).format(mover=mover, other=other, n=n)


def coach_fact_text(fact: CoachFact, names: Sequence[str] | None = None) -> str:
    """One reason of the coach (or the better column) as a sentence."""
    named = sides(names)
    if isinstance(fact, BetterColumn):
        if outcome(fact.score) is Outcome.LOSS:
            return _("Column {column} holds out longer ({value}).").format(
                column=fact.column + 1, value=value_words(fact.score, fact.moves, named))
        return _("Column {column} is better ({value}).").format(column=fact.column + 1,
                                                                value=value_words(fact.score, fact.moves, named))
    if isinstance(fact, DrawWithoutReason):
        return _("With best play from both sides the board fills up without four in a row; no short reason why "
                 "(see Learn: odd and even threats).")
    if isinstance(fact, (ParityThreat, WinFarAway)):
        return _far(fact, named)
    mover, other = named[fact.mover], named[1 - fact.mover]
    if isinstance(fact, CompletesFourAt):
        return _("{mover} completes four in a row at {cell}.").format(mover=mover, cell=cell_text(fact.cell))
    if isinstance(fact, CouldWinInstead):
        return _("{mover} could win at once at {cell} instead: look for a four before each move.").format(
            mover=mover, cell=cell_text(fact.cell))
    if isinstance(fact, BlocksFour):
        if fact.also is None:
            return _("It blocks {other}'s four at {cell}.").format(other=other, cell=cell_text(fact.cell))
        return _("It blocks {other} at {cell}, but {other} also threatens {also} and wins there.").format(
            other=other, cell=cell_text(fact.cell), also=cell_text(fact.also))
    if isinstance(fact, TwoOpenThreats):
        return _("{other} has two threats, at {first} and {second}, and one disc blocks only one: {other} wins at "
                 "the other.").format(other=other, first=cell_text(fact.first), second=cell_text(fact.second))
    if isinstance(fact, LeavesThreatOpen):
        return _("It leaves {other}'s threat at {cell} open: {other} wins there at once. Block it!").format(
            other=other, cell=cell_text(fact.cell))
    if isinstance(fact, UnderWinningCell):
        return _("It puts a disc right under {other}'s winning cell at {cell}: {other} plays there and wins at "
                 "once.").format(other=other, cell=cell_text(fact.cell))
    return _threats(fact, mover, other)


def _threats(fact: MakesTwoThreats | KeepsThreatening, mover: str, other: str) -> str:
    first = cell_text(fact.first)
    if isinstance(fact, KeepsThreatening):
        if fact.then is None:
            return _("It makes a threat at {first}, and {mover} can go on threatening until {other} cannot block "
                     "every four.").format(first=first, mover=mover, other=other)
        return _("Then {other} plays column {column}, threatening {first}, and can go on threatening until {mover} "
                 "cannot block every four.").format(other=other, column=fact.then + 1, first=first, mover=mover)
    if fact.then is None:
        if fact.stacked:
            return _("It makes two threats, at {first} and right above it: blocking the lower one gives {mover} the "
                     "upper one.").format(first=first, mover=mover)
        return _("It makes two threats, at {first} and {second}: {other} can block only one.").format(
            first=first, second=cell_text(fact.second), other=other)
    if fact.stacked:
        return _("Then {other} plays column {column} and threatens {first} and the cell right above it: {mover} can "
                 "block only one.").format(other=other, column=fact.then + 1, first=first, mover=mover)
    return _("Then {other} plays column {column} and threatens {first} and {second}: {mover} can block only "
             "one.").format(other=other, column=fact.then + 1, first=first, second=cell_text(fact.second), mover=mover)


def _far(fact: ParityThreat | WinFarAway, names: tuple[str, str]) -> str:
    winner, loser = names[fact.winner], names[1 - fact.winner]
    if isinstance(fact, WinFarAway):
        if fact.mine:
            return ngettext("No short reason: the computer sees the win {n} move away; see Learn: odd and even "
                            "threats.",
                            "No short reason: the computer sees the win {n} moves away; see Learn: odd and even "
                            "threats.", fact.moves).format(n=fact.moves)
        return ngettext("No short reason: the computer sees {winner}'s win {n} move away; see Learn: odd and even "
                        "threats.",
                        "No short reason: the computer sees {winner}'s win {n} moves away; see Learn: odd and even "
                        "threats.", fact.moves).format(winner=winner, n=fact.moves)
    cell = cell_text(fact.cell)
    if fact.cell.row % 2 == 0:       # rows count from 1 at the bottom: an odd row
        return _("{winner} has a threat at {cell}, on an odd row, the right kind for {winner}: as the other columns "
                 "fill up, {loser} must in the end play under it (see Learn: odd and even threats).").format(
            winner=winner, cell=cell, loser=loser)
    return _("{winner} has a threat at {cell}, on an even row, the right kind for {winner}: as the other columns "
             "fill up, {loser} must in the end play under it (see Learn: odd and even threats).").format(
        winner=winner, cell=cell, loser=loser)


def advice_words(advice: Advice, names: Sequence[str] | None = None) -> str:
    """The whole text: "Column 4: a draw. It blocks Red's four at column 4, bottom row." The
    advice's facts are the coach's own, or, where the worker gave only an explanation, its facts."""
    reasons = " ".join(coach_fact_text(f, names) if isinstance(f, _COACH) else fact_text(f, names)
                       for f in advice.reasons)
    if advice.score is None:
        return reasons
    return _("Column {column}: {value}. {reasons}").format(
        column=advice.column + 1, value=value_words(advice.score, advice.moves, names), reasons=reasons)


_COACH = (BetterColumn, BlocksFour, CompletesFourAt, CouldWinInstead, DrawWithoutReason, KeepsThreatening,
          LeavesThreatOpen, MakesTwoThreats, ParityThreat, TwoOpenThreats, UnderWinningCell, WinFarAway)


def advice_json(advice: Advice, names: Sequence[str] | None = None) -> dict[str, object]:
    """The tool's object: ``column`` 1-7, its ``value`` and ``text`` in the language in use, and
    ``cells`` as ``[column, row]``, 1-based from the bottom."""
    value = "" if advice.score is None else value_words(advice.score, advice.moves, names)
    return {"column": advice.column + 1, "value": value, "text": advice_words(advice, names),
            "cells": [[r.cell.col + 1, r.cell.row + 1] for r in advice.rings]}

"""Explanations in words: each checked fact of ``game.engine.claims`` as one whole sentence.

An explanation (``explain.Explanation``) is a kind and a few facts; :func:`explanation_text` says
them in order, one sentence each. Sides are named by ``names`` (first player first; the sides' own
names without them), cells by :func:`cell_text`.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.engine.board import HEIGHT
from game.engine.claims import (
    BestColumn,
    Claim,
    CompletesFour,
    CouldWinAtOnce,
    Fact,
    FillsBoard,
    FillsUnder,
    ForcedWin,
    ForcesPlainly,
    GaveUpWin,
    HintWins,
    HoldsOutLongest,
    InsteadKept,
    KeepsDraw,
    LeftOpen,
    LosesAnyway,
    ParityWin,
    TwoThreatsWin,
    WinsAtOnce,
)
from game.engine.explain import Explanation, Kind
from game.engine.threats import Cell
from game.i18n import N_, _, ngettext

from .outcomes import and_list, distance_text, sides, win_phrase

__all__ = ["cell_text", "claim_text", "explanation_text", "fact_text", "kind_title", "kind_word"]

#: The rows as players count them, bottom first.
_ROWS = (N_("bottom row"), N_("second row from the bottom"), N_("third row from the bottom"),
         N_("fourth row from the bottom"), N_("fifth row from the bottom"), N_("top row"))
assert len(_ROWS) == HEIGHT

_KIND_WORDS = {Kind.AT_ONCE: N_("at once"), Kind.TWO_THREATS: N_("two threats"),
               Kind.FORCED_SEQUENCE: N_("forced sequence"), Kind.ZUGZWANG: N_("zugzwang"),
               Kind.GAVE_UP: N_("gave up"), Kind.PLAIN: N_("plain")}
#: The kind in words a player who has just learnt the rules knows (the window's heading).
_KIND_TITLES = {Kind.AT_ONCE: N_("at once"), Kind.TWO_THREATS: N_("two threats"),
                Kind.FORCED_SEQUENCE: N_("threat after threat"), Kind.ZUGZWANG: N_("no safe move left"),
                Kind.GAVE_UP: N_("a better move"), Kind.PLAIN: N_("perfect play")}


def cell_text(cell: Cell) -> str:
    """A cell as players see it: "column 3, third row from the bottom" (1-based column)."""
    # TRANSLATORS: a cell of the board, "column 3, third row from the bottom"; sentences say "at {cell}"
    return _("column {column}, {row}").format(column=cell.col + 1, row=_(_ROWS[cell.row]))


def kind_word(kind: Kind) -> str:
    """The kind of an explanation as the review tool names it: "two threats", "zugzwang"."""
    return _(_KIND_WORDS[kind])


def kind_title(kind: Kind) -> str:
    """The kind in words a player who has just learnt the rules knows: "threat after threat"."""
    return _(_KIND_TITLES[kind])


def explanation_text(explanation: Explanation, names: Sequence[str] | None = None) -> str:
    """The explanation's facts, one sentence each, in order."""
    return " ".join(fact_text(fact, names) for fact in explanation.facts)


def _steps(claim: ForcedWin, names: tuple[str, str]) -> str:
    """"Yellow column 3, Red column 3, ..., Yellow column 6 (four in a row)"; a last reply that
    blocks nothing follows the two threats it could not stop, named."""
    words = [_("{side} column {column}").format(side=names[(claim.winner + i) % 2], column=col + 1)
             for i, col in enumerate(claim.steps)]
    stop = claim.cannot_stop
    if stop is not None:
        blocker = names[1 - claim.winner]
        if stop.above:
            words[-3] = _("{step} (threatening {first} and the cell right above it: {side} can stop only "
                          "one)").format(step=words[-3], first=cell_text(stop.first), side=blocker)
        else:
            words[-3] = _("{step} (threatening {first} and {second}: {side} can stop only one)").format(
                step=words[-3], first=cell_text(stop.first),
                second=and_list([cell_text(c) for c in stop.others]), side=blocker)
    return _("{steps} (four in a row)").format(steps=", ".join(words))


def claim_text(claim: Claim, names: Sequence[str] | None = None) -> str:
    """How a side wins, in one sentence (or two, for a zugzwang)."""
    named = sides(names)
    winner, loser = named[claim.winner], named[1 - claim.winner]
    if isinstance(claim, WinsAtOnce):
        return _("{winner} wins at once at {cell}.").format(winner=winner, cell=cell_text(claim.cell))
    if isinstance(claim, TwoThreatsWin):
        if claim.stacked:
            return _("{winner} plays column {column} and threatens {cell} and the cell right above it: blocking "
                     "the lower one gives {winner} the upper one.").format(
                winner=winner, column=claim.column + 1, cell=cell_text(claim.first))
        return _("{winner} plays column {column} and threatens {first} and {second}; {loser} can block only "
                 "one.").format(winner=winner, loser=loser, column=claim.column + 1, first=cell_text(claim.first),
                                second=cell_text(claim.second))
    if isinstance(claim, ForcedWin):
        return ngettext("{winner} wins by force in {n} move, each a threat {loser} must block: {steps}.",
                        "{winner} wins by force in {n} moves, each a threat {loser} must block: {steps}.",
                        claim.moves).format(winner=winner, loser=loser, n=claim.moves, steps=_steps(claim, named))
    if isinstance(claim, ParityWin):
        return _parity(claim, winner, loser, named)
    if claim.line_shown:
        return _("{winner} can force {win}; the line shows how.").format(
            winner=winner, win=win_phrase(claim.score, claim.moves, named))
    return _("{winner} can force {win}, by play too far ahead to show in a sentence.").format(
        winner=winner, win=win_phrase(claim.score, claim.moves, named))


def _parity(claim: ParityWin, winner: str, loser: str, names: tuple[str, str]) -> str:
    cell = cell_text(claim.cell)
    if not claim.since:
        made = _("{winner} has a threat at {cell}").format(winner=winner, cell=cell)
    elif claim.line_shown:
        made = _("{winner} makes a threat at {cell} with move {number} of the line").format(
            winner=winner, cell=cell, number=claim.since - 1)
    else:
        made = _("{winner} can make a threat at {cell}").format(winner=winner, cell=cell)
    if claim.cell.row % 2 == 0:     # rows count from 1 at the bottom: an odd row, the first player's
        parity = _("{threat}, on an odd row: the right parity for {winner}, who moved first.")
    else:
        parity = _("{threat}, on an even row: the right parity for {winner}, who moved second.")
    end = _("As the other columns fill up, {loser} must in the end play under it ({win}).")
    return parity.format(threat=made, winner=winner) + " " + end.format(
        loser=loser, win=win_phrase(claim.score, claim.moves, names))


def fact_text(fact: Fact, names: Sequence[str] | None = None) -> str:
    """One fact of an explanation as a sentence."""
    named = sides(names)
    if isinstance(fact, (WinsAtOnce, TwoThreatsWin, ForcedWin, ParityWin, ForcesPlainly)):
        return claim_text(fact, named)
    if isinstance(fact, CouldWinAtOnce):
        return _("{mover} could win at once at {cell}.").format(mover=named[fact.mover], cell=cell_text(fact.cell))
    if isinstance(fact, FillsUnder):
        return _("{mover}'s disc fills the cell under {opponent}'s winning cell: {opponent} plays {cell} and "
                 "wins.").format(mover=named[fact.mover], opponent=named[1 - fact.mover], cell=cell_text(fact.cell))
    if isinstance(fact, LeftOpen):
        return _("{opponent} threatened {cell}, and this move does not block it: {opponent} wins there at "
                 "once.").format(opponent=named[fact.opponent], cell=cell_text(fact.cell))
    if isinstance(fact, InsteadKept):
        if fact.draw:
            return _("Column {column} instead kept the draw.").format(column=fact.column + 1)
        return _("Column {column} instead kept {mover}'s win.").format(column=fact.column + 1,
                                                                        mover=named[fact.mover])
    if isinstance(fact, GaveUpWin):
        return _gave_up(fact, named)
    return _best_column(fact, named)


def _gave_up(fact: GaveUpWin, names: tuple[str, str]) -> str:
    column, opponent = fact.column + 1, names[1 - fact.mover]
    if fact.claim is None:
        if fact.played == 0:
            return _("Column {column} kept {win} for {mover}; this move lets {opponent} hold a draw.").format(
                column=column, win=win_phrase(fact.best, fact.moves, names), mover=names[fact.mover],
                opponent=opponent)
        return _("Column {column} kept {win} for {mover}; this move still wins, but only {played}.").format(
            column=column, win=win_phrase(fact.best, fact.moves, names), mover=names[fact.mover],
            played=win_phrase(fact.played, fact.moves, names))
    claim = claim_text(fact.claim, names)
    if fact.played == 0:
        return _("Column {column} would have won: {claim} This move lets {opponent} hold a draw.").format(
            column=column, claim=claim, opponent=opponent)
    return _("Column {column} would have won: {claim} This move still wins, but only {played}.").format(
        column=column, claim=claim, played=win_phrase(fact.played, fact.moves, names))


def _best_column(fact: Fact, names: tuple[str, str]) -> str:
    """What the best column does (a hint, the analysis row's "why?")."""
    if isinstance(fact, HintWins):
        return _("Column {column}: {claim}").format(column=fact.column + 1, claim=claim_text(fact.claim, names))
    if isinstance(fact, KeepsDraw):
        if fact.line:
            return _("Column {column} keeps the draw: with best play from both sides the board fills up without "
                     "four in a row; the line shows how.").format(column=fact.column + 1)
        return _("Column {column} keeps the draw.").format(column=fact.column + 1)
    if isinstance(fact, HoldsOutLongest):
        return _("Every column loses for {loser}; column {column} holds out longest ({distance}).").format(
            loser=names[fact.loser], column=fact.column + 1, distance=distance_text(fact.score, fact.moves, names))
    if isinstance(fact, LosesAnyway):
        return _("Every column loses; column {column} holds out longest against {opponent}.").format(
            column=fact.column + 1, opponent=names[fact.opponent])
    if isinstance(fact, CompletesFour):
        return _("Column {column} completes four: {mover} wins.").format(column=fact.column + 1,
                                                                        mover=names[fact.mover])
    if isinstance(fact, FillsBoard):
        return _("Column {column} fills the board: a draw.").format(column=fact.column + 1)
    assert isinstance(fact, BestColumn), fact
    return _("Column {column} is best.").format(column=fact.column + 1)

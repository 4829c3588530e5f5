"""The facts an explanation or the coach states, as values: each one sentence, checked before it is made.

``explain`` finds them (each claim checked against the solver), ``game.service.why`` adds what a
best column does, ``coaching`` what the coach says about one column; ``game.words`` says each in
the player's language. A side is its
index among the players, ``0`` for the first (Red) and ``1`` for the second, so the words can
name it as the theme or the game names it. Columns are 0-based, cells ``threats.Cell``; scores
are exact, for the side to move with ``moves`` discs down (``scores``). Pure engine code.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union

from .threats import Cell

__all__ = ["BestColumn", "BetterColumn", "BlocksFour", "CannotStop", "Claim", "CoachFact", "CompletesFour",
           "CompletesFourAt", "CouldWinAtOnce", "CouldWinInstead", "DrawWithoutReason", "Fact", "FillsBoard",
           "FillsUnder", "ForcedWin", "ForcesPlainly", "GaveUpWin", "HintWins", "HoldsOutLongest", "InsteadKept",
           "KeepsDraw", "KeepsThreatening", "LeavesThreatOpen", "LeftOpen", "LosesAnyway", "MakesTwoThreats",
           "ParityThreat", "ParityWin", "TwoOpenThreats", "TwoThreatsWin", "UnderWinningCell", "WinFarAway",
           "WinsAtOnce"]

Side = int


# -- how a side wins (explain.how_it_wins): one of these claims ---------------------------------

@dataclass(frozen=True, slots=True)
class WinsAtOnce:
    """``winner`` completes four at ``cell`` with its next disc."""

    winner: Side
    cell: Cell


@dataclass(frozen=True, slots=True)
class TwoThreatsWin:
    """``winner`` plays ``column`` and threatens ``first`` and ``second`` (right above it when
    ``stacked``); the other side can block only one."""

    winner: Side
    column: int
    first: Cell
    second: Cell
    stacked: bool


@dataclass(frozen=True, slots=True)
class CannotStop:
    """Before the last reply of a forced win, the winner threatens ``first`` and ``others`` (the
    cell right above ``first`` when ``above``): one disc of the other side stops only one."""

    first: Cell
    others: tuple[Cell, ...]
    above: bool


@dataclass(frozen=True, slots=True)
class ForcedWin:
    """``winner`` wins by force in ``moves`` of its moves, each a threat the other must block:
    the ``steps`` (columns, played in turn from the winner's), the last one four in a row;
    ``cannot_stop`` when the last reply blocks nothing."""

    winner: Side
    moves: int
    steps: tuple[int, ...]
    cannot_stop: CannotStop | None = None


@dataclass(frozen=True, slots=True)
class ParityWin:
    """``winner`` keeps a threat at ``cell`` on a row of its right parity (odd for the first
    player, even for the second); as the other columns fill up, the other side must in the end
    play under it, for a win of ``score`` with ``moves`` discs down. ``since``: the line's ply
    where the threat is made (0: it stands already); ``line_shown``: the player can step through
    the line (a move of it may be cited)."""

    winner: Side
    cell: Cell
    since: int
    line_shown: bool
    score: int
    moves: int


@dataclass(frozen=True, slots=True)
class ForcesPlainly:
    """``winner`` can force a win of ``score`` with ``moves`` discs down; no short reason holds.
    ``line_shown``: the line shows how (else: play too far ahead to show in a sentence)."""

    winner: Side
    score: int
    moves: int
    line_shown: bool


Claim = Union[WinsAtOnce, TwoThreatsWin, ForcedWin, ParityWin, ForcesPlainly]


# -- what a move missed or allowed (explain.explain_move) ----------------------------------------

@dataclass(frozen=True, slots=True)
class CouldWinAtOnce:
    """``mover`` could have completed four at ``cell`` at once."""

    mover: Side
    cell: Cell


@dataclass(frozen=True, slots=True)
class FillsUnder:
    """``mover``'s disc fills the cell under the other side's winning ``cell``."""

    mover: Side
    cell: Cell


@dataclass(frozen=True, slots=True)
class LeftOpen:
    """``opponent`` threatened ``cell`` and the move did not block it."""

    opponent: Side
    cell: Cell


@dataclass(frozen=True, slots=True)
class InsteadKept:
    """``column`` instead kept the draw (``draw``) or ``mover``'s win."""

    column: int
    mover: Side
    draw: bool


@dataclass(frozen=True, slots=True)
class GaveUpWin:
    """``column`` kept ``mover``'s win of ``best`` (``claim``: how it would have won, when a claim
    holds); the move played lets the other side hold a draw, or still wins, only a win of
    ``played`` (both scores with ``moves`` discs down)."""

    column: int
    mover: Side
    best: int
    played: int
    moves: int
    claim: Claim | None


# -- what the best column does (a hint, the analysis row's "why?") -------------------------------

@dataclass(frozen=True, slots=True)
class HintWins:
    """``column`` wins: ``claim``."""

    column: int
    claim: Claim


@dataclass(frozen=True, slots=True)
class KeepsDraw:
    """``column`` keeps the draw; ``line``: with best play the board fills up, as the line shows."""

    column: int
    line: bool = False


@dataclass(frozen=True, slots=True)
class HoldsOutLongest:
    """Every column loses for ``loser``; ``column`` holds out longest (a loss of ``score`` with
    ``moves`` discs down)."""

    column: int
    loser: Side
    score: int
    moves: int


@dataclass(frozen=True, slots=True)
class LosesAnyway:
    """Every column loses; ``column`` holds out longest against ``opponent``."""

    column: int
    opponent: Side


@dataclass(frozen=True, slots=True)
class CompletesFour:
    """``column`` completes four: ``mover`` wins."""

    column: int
    mover: Side


@dataclass(frozen=True, slots=True)
class FillsBoard:
    """``column`` fills the board: a draw."""

    column: int


@dataclass(frozen=True, slots=True)
class BestColumn:
    """``column`` is best."""

    column: int


Fact = Union[Claim, CouldWinAtOnce, FillsUnder, LeftOpen, InsteadKept, GaveUpWin, HintWins, KeepsDraw,
             HoldsOutLongest, LosesAnyway, CompletesFour, FillsBoard, BestColumn]


# -- what the coach says about one column (coaching.advise): one reason, maybe a better column ---

@dataclass(frozen=True, slots=True)
class CompletesFourAt:
    """``mover`` completes four in a row at ``cell``."""

    mover: Side
    cell: Cell


@dataclass(frozen=True, slots=True)
class CouldWinInstead:
    """``mover`` could win at once at ``cell`` instead."""

    mover: Side
    cell: Cell


@dataclass(frozen=True, slots=True)
class BlocksFour:
    """The column blocks the other side's four at ``cell``; ``also``: the other side also threatens
    that cell and wins there."""

    mover: Side
    cell: Cell
    also: Cell | None = None


@dataclass(frozen=True, slots=True)
class TwoOpenThreats:
    """The other side has two threats, at ``first`` and ``second``; one disc blocks only one."""

    mover: Side
    first: Cell
    second: Cell


@dataclass(frozen=True, slots=True)
class LeavesThreatOpen:
    """The column leaves the other side's threat at ``cell`` open."""

    mover: Side
    cell: Cell


@dataclass(frozen=True, slots=True)
class UnderWinningCell:
    """The column puts a disc right under the other side's winning ``cell``."""

    mover: Side
    cell: Cell


@dataclass(frozen=True, slots=True)
class DrawWithoutReason:
    """With best play the board fills up without four in a row; no short reason why."""


@dataclass(frozen=True, slots=True)
class MakesTwoThreats:
    """The column makes two threats, at ``first`` and ``second`` (right above it when ``stacked``);
    ``then``: the other side's ``column`` makes them after this one (a loss), else this one does."""

    mover: Side
    first: Cell
    second: Cell
    stacked: bool
    then: int | None = None


@dataclass(frozen=True, slots=True)
class KeepsThreatening:
    """A threat at ``first``, and the side making it can go on threatening until the other cannot
    block every four; ``then``: the other side's ``column`` makes it after this one (a loss)."""

    mover: Side
    first: Cell
    then: int | None = None


@dataclass(frozen=True, slots=True)
class ParityThreat:
    """``winner`` has a threat at ``cell`` on a row of its right parity; as the other columns fill
    up, the other side must in the end play under it."""

    winner: Side
    cell: Cell


@dataclass(frozen=True, slots=True)
class WinFarAway:
    """No short reason: the computer sees ``winner``'s win ``moves`` moves away; ``mine``: the
    side to move wins."""

    winner: Side
    moves: int
    mine: bool


@dataclass(frozen=True, slots=True)
class BetterColumn:
    """``column`` is better (holds out longer, when ``score`` is a loss): a value of ``score`` with
    ``moves`` discs down."""

    column: int
    score: int
    moves: int


CoachFact = Union[CompletesFourAt, CouldWinInstead, BlocksFour, TwoOpenThreats, LeavesThreatOpen, UnderWinningCell,
                  DrawWithoutReason, MakesTwoThreats, KeepsThreatening, ParityThreat, WinFarAway, BetterColumn]

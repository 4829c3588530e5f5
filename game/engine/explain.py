"""Explanations of a move's error as checked facts (``claims``), each claim checked against the solver.

An explanation says how the opponent wins after the move (or what a better move would have done),
in the terms of L. V. Allis' analysis of Connect Four (*A Knowledge-based Approach of Connect-Four*,
1988): threats (cells completing four), double threats, and odd and even threats. Its ``Kind``:

* ``AT_ONCE``: the opponent wins with its next disc (the move did not block its threat, or filled
  the cell under its winning cell). Checked: the exact value is a loss to the next disc and the
  principal line's one move completes four there.
* ``TWO_THREATS``: the opponent's next move makes two threats that remain after the best block.
  Checked: the value is a win with the opponent's second move, and playing it out, every reply
  leaves a win at once (``threats.double_threat``).
* ``FORCED_SEQUENCE``: the opponent wins by a series of threats, each of which must be blocked.
  Checked along the principal line: every one of the winner's moves but the last makes a playable
  threat, every reply blocks one (fills a cell where the winner would complete four next), the
  last move completes four, and the line is as long as the exact value says. Only the last reply
  may block nothing, and only when the winner's move before it left two threats no single disc
  stops (two playable cells, or one with another right above it): the sentence then says so and
  never calls that reply a block.
* ``ZUGZWANG``: the opponent keeps a threat on a row of the right parity (odd rows for the first
  player, even for the second, counting from 1 at the bottom); as the other columns fill up, the
  player must in the end play under it. Checked: the value is a win for the opponent, and the
  threat is still there at the end of the principal line (or is the cell the line wins on).
* ``GAVE_UP``: the position was won and the move gave the win up (or made it much longer); what
  the better move would have done, in the same terms and with the same checks.
* ``PLAIN``: no claim above held; a plain true sentence about the exact value.

A claim whose check fails is never shown: the next kind is tried, and the plain sentence ends the
list. ``explain_hint`` says in the same terms why the best move is best (for a hint). Pure engine
code: standard library and ``game.engine`` only.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from .advice import Advice
from .board import Position, format_moves
from .principal import principal_line
from .claims import (
    CannotStop,
    Claim,
    CouldWinAtOnce,
    Fact,
    FillsUnder,
    ForcedWin,
    ForcesPlainly,
    GaveUpWin,
    HintWins,
    HoldsOutLongest,
    InsteadKept,
    KeepsDraw,
    LeftOpen,
    ParityWin,
    TwoThreatsWin,
    WinsAtOnce,
)
from .scores import Outcome, moves_to_end, outcome, win_next_score
from .solver import Solver
from .threats import (
    Cell,
    DoubleThreat,
    cells_of,
    double_threat,
    playable_mask,
    right_parity,
    threats_mask,
)

__all__ = [
    "Explanation",
    "Kind",
    "Point",
    "Zugzwang",
    "at_once",
    "explain_game",
    "explain_hint",
    "explain_move",
    "forced_sequence",
    "how_it_wins",
    "missed_point",
    "two_threats",
    "unstoppable",
    "zugzwang",
]


class Kind(enum.Enum):
    """The kind of an explanation (the value is its English key; ``game.words.explanations`` says
    it, and its title, in the player's language)."""

    AT_ONCE = "at once"
    TWO_THREATS = "two threats"
    FORCED_SEQUENCE = "forced sequence"
    ZUGZWANG = "zugzwang"
    GAVE_UP = "gave up"
    PLAIN = "plain"


@dataclass(frozen=True, slots=True)
class Explanation:
    """Why a move was an error: its ``kind``, the ``facts`` it states (``claims``, each checked, see
    the module; one sentence each, in order: ``game.words.explanations.explanation_text``), and
    ``line``, the principal line after the move played (0-based columns;
    ``principal.principal_line``). ``advice``: what the coach says about the same column during a
    game (``coaching.advise``), when asked for."""

    kind: Kind
    facts: tuple[Fact, ...]
    line: tuple[int, ...]
    advice: Advice | None = None

    @property
    def line_text(self) -> str:
        """The line as a move string ("4453")."""
        return format_moves(self.line)


# -- the claims: each returns its evidence only when the board and the exact value agree ----------

def at_once(pos: Position, score: int, line: Sequence[int]) -> Cell | None:
    """The cell where the side to move in ``pos`` completes four with its next disc, if its exact
    ``score`` says so and the principal ``line`` wins there."""
    if score != win_next_score(pos.moves) or len(line) != 1 or not pos.is_winning_move(line[0]):
        return None
    return Cell(line[0], pos.height(line[0]))


def two_threats(pos: Position, score: int, line: Sequence[int]) -> DoubleThreat | None:
    """The double threat the side to move makes with the line's first move, if its exact ``score``
    is a win with its second disc and two threats remain after every reply."""
    if outcome(score) is not Outcome.WIN or moves_to_end(score, pos.moves) != 2 or not line:
        return None
    return double_threat(pos, line[0])


def forced_sequence(pos: Position, score: int, line: Sequence[int]) -> tuple[int, ...] | None:
    """The principal ``line`` when it is a series of threats that must each be blocked, ending in
    four in a row, at least three of the winner's moves long and as long as ``score`` says."""
    if outcome(score) is not Outcome.WIN:
        return None
    k = moves_to_end(score, pos.moves)
    if k < 3 or len(line) != 2 * k - 1:
        return None
    p = pos
    for i in range(0, len(line) - 1, 2):
        threat = line[i]
        if not p.can_play(threat) or p.is_winning_move(threat):
            return None
        p = p.play(threat)
        open_threats = threats_mask(p, mine=False) & playable_mask(p)
        if not open_threats or any(p.is_winning_move(c) for c in p.legal_moves()):
            return None
        reply = line[i + 1]
        if not p.can_play(reply):
            return None
        last_reply = i + 1 == len(line) - 2
        if not open_threats & Cell(reply, p.height(reply)).bit and not (last_reply and len(unstoppable(p)) >= 2):
            return None
        p = p.play(reply)
    return tuple(line) if p.is_winning_move(line[-1]) else None


def unstoppable(pos: Position) -> tuple[Cell, ...]:
    """The cells where the side that just moved in ``pos`` threatens to complete four and that the
    side to move must answer at once: each playable one, and each right above a playable one
    (filling the lower cell opens it). Two or more: one disc cannot stop them all."""
    threats = threats_mask(pos, mine=False)
    playable = threats & playable_mask(pos)
    return cells_of(playable | threats & (playable << 1))


def _blocks(pos: Position, col: int) -> bool:
    """Whether the side to move in ``pos`` playing ``col`` fills a cell where the other side would
    complete four with its next disc."""
    return bool(threats_mask(pos, mine=False) & playable_mask(pos) & Cell(col, pos.height(col)).bit)


class Zugzwang(NamedTuple):
    """A threat (``cell``) on a row of the winner's right parity, standing from ``since`` plies into
    the principal line (0: already in the position) to its end."""

    cell: Cell
    since: int


def zugzwang(pos: Position, score: int, line: Sequence[int]) -> Zugzwang | None:
    """The threat of the side to move that decides the principal ``line`` by zugzwang, when the
    exact ``score`` is a win: a threat on a row of its right parity, not playable, that is still a
    threat at the end of the line. Either it stands already (any such threat still there at the
    end, the line's winning cell first), or it is the cell the line wins on, a threat from some
    point of the line on without a break, and the loser's last move was right under it."""
    if outcome(score) is not Outcome.WIN or not line or len(line) % 2 == 0:
        return None
    positions = [pos]
    for col in line[:-1]:
        if not positions[-1].can_play(col) or positions[-1].is_over():
            return None
        positions.append(positions[-1].play(col))
    end = positions[-1]
    if not end.is_winning_move(line[-1]):
        return None
    final = Cell(line[-1], end.height(line[-1]))
    winner_to_move = positions[::2]  # the positions where the winner is to move
    standing = sorted((c for c in cells_of(threats_mask(pos, mine=True) & ~playable_mask(pos))
                       if right_parity(c, pos.turn)), key=lambda c: c != final)  # the winning cell first
    still = threats_mask(end, mine=True)
    kept = next((c for c in standing if still & c.bit), None)
    if kept is not None:
        return Zugzwang(kept, 0)
    if not right_parity(final, pos.turn) or len(line) < 3 or line[-2] != final.col:
        return None  # the loser's last move was not under the winning cell: no zugzwang
    since = len(winner_to_move) - 1
    while since > 0 and threats_mask(winner_to_move[since - 1], mine=True) & final.bit:
        since -= 1
    if since == len(winner_to_move) - 1:
        return None  # the threat came with the last moves: a plain threat, not a zugzwang
    return Zugzwang(final, 2 * since)


class Point(NamedTuple):
    """What a move missed, to be shown before what it allowed: the ``moves`` from the position
    before it (the winning disc, or the block), the ``cell`` they are about, and the ``player`` (1
    or 2) whose four that cell completes; ``win`` when the mover could complete four there."""

    moves: tuple[int, ...]
    cell: Cell
    player: int
    win: bool


def missed_point(pos: Position, col: int) -> Point | None:
    """The win at once or the single block the side to move missed by playing ``col`` in ``pos``
    (``col`` neither completes four nor fills the one cell where the opponent would); None when
    it missed neither. Two open threats of the opponent are no missed block: one disc stops one."""
    if pos.is_over() or not pos.can_play(col) or pos.is_winning_move(col):
        return None
    wins = [c for c in pos.legal_moves() if pos.is_winning_move(c)]
    if wins:
        return Point((wins[0],), Cell(wins[0], pos.height(wins[0])), pos.turn, True)
    open_threats = cells_of(threats_mask(pos, mine=False) & playable_mask(pos))
    if len(open_threats) == 1 and open_threats[0].col != col:
        threat = open_threats[0]
        return Point((threat.col,), threat, 3 - pos.turn, False)
    return None


# -- the claim that holds -------------------------------------------------------------------------

def _cannot_stop(pos: Position, line: Sequence[int]) -> CannotStop | None:
    """The threats the last reply of a forced ``line`` could not stop (``forced_sequence``), or
    None when that reply blocks one."""
    before_reply = pos
    for col in line[:-2]:
        before_reply = before_reply.play(col)
    if _blocks(before_reply, line[-2]):
        return None
    first, *others = unstoppable(before_reply)
    return CannotStop(first, tuple(others), others == [Cell(first.col, first.row + 1)])


def how_it_wins(pos: Position, score: int, line: Sequence[int], *, line_shown: bool = True) -> tuple[Kind, Claim]:
    """How the side to move in ``pos`` wins, as the first checked claim: (kind, claim).

    ``score`` is the exact value for the side to move and ``line`` the principal line from ``pos``
    (``principal.principal_line``). Falls back to ``Kind.PLAIN`` when no claim holds.
    ``line_shown``: the player can step through the line (the review); where not (practice, a
    lesson) the claim cites no move of it."""
    winner = pos.moves % 2
    cell = at_once(pos, score, line)
    if cell is not None:
        return Kind.AT_ONCE, WinsAtOnce(winner, cell)
    double = two_threats(pos, score, line)
    if double is not None:
        first, second = double.cells
        return Kind.TWO_THREATS, TwoThreatsWin(winner, double.column, first, second, double.stacked)
    sequence = forced_sequence(pos, score, line)
    if sequence is not None:
        return Kind.FORCED_SEQUENCE, ForcedWin(winner, moves_to_end(score, pos.moves), sequence,
                                               _cannot_stop(pos, sequence))
    found = zugzwang(pos, score, line)
    if found is not None:
        return Kind.ZUGZWANG, ParityWin(winner, found.cell, found.since, line_shown, score, pos.moves)
    return Kind.PLAIN, ForcesPlainly(winner, score, pos.moves, line_shown)


# -- one move, one game ------------------------------------------------------------------------

def explain_move(pos: Position, col: int, solver: Solver, *, stop=None, line_shown: bool = True) -> Explanation | None:
    """Why playing ``col`` in ``pos`` was worse than the best move; None when it was not worse.

    Solves what it needs with ``solver`` (cheap when a review of the game filled its table);
    ``stop`` (anything with ``is_set()``) ends it with ``SearchCancelled``. ``line_shown``: as in
    :func:`how_it_wins` (False where the player cannot step through the line).
    """
    after = pos.play(col)  # raises MoveError for an illegal move, before any search
    best_col, best = solver.best_move(pos, stop=stop, climb=False)
    if after.is_over():
        return None  # a move that ends the game wins or fills the board: nothing better existed
    played = -solver.solve(after, stop=stop)
    if played >= best:
        return None
    line = principal_line(after, solver, stop=stop)
    mover = pos.moves % 2
    missed = at_once(pos, best, (best_col,))
    if missed is not None:  # a win at once comes first: it is what the player could have seen
        facts: tuple[Fact, ...] = (CouldWinAtOnce(mover, missed),)
        if outcome(played) is Outcome.LOSS:
            facts += (how_it_wins(after, -played, line, line_shown=line_shown)[1],)
        return Explanation(Kind.GAVE_UP, facts, line)
    if outcome(played) is Outcome.LOSS:
        kind, claim = how_it_wins(after, -played, line, line_shown=line_shown)
        fact: Fact = _at_once_context(pos, col, line[0]) if kind is Kind.AT_ONCE else claim
        facts = (fact,)
        if outcome(best) is not Outcome.LOSS:
            facts += (InsteadKept(best_col, mover, outcome(best) is Outcome.DRAW),)
        return Explanation(kind, facts, line)
    kind, gave_up = _gave_up(pos, best_col, best, played, solver, stop)
    return Explanation(kind, (gave_up,), line)


def _at_once_context(pos: Position, col: int, win_col: int) -> Fact:
    """The at-once fact for the move played: a threat left open, or a disc under it."""
    cell = Cell(win_col, pos.height(win_col) if win_col != col else pos.height(col) + 1)
    if win_col == col:
        return FillsUnder(pos.moves % 2, cell)
    return LeftOpen(1 - pos.moves % 2, cell)


def _gave_up(pos: Position, best_col: int, best: int, played: int, solver: Solver, stop) -> tuple[Kind, GaveUpWin]:
    """What the better move ``best_col`` would have done, in the terms of ``how_it_wins``."""
    better = pos.play(best_col)
    line = (best_col, *principal_line(better, solver, stop=stop))
    kind, claim = how_it_wins(pos, best, line, line_shown=False)   # the line shown is the move played
    if kind is Kind.PLAIN:
        return Kind.PLAIN, GaveUpWin(best_col, pos.moves % 2, best, played, pos.moves, None)
    return Kind.GAVE_UP, GaveUpWin(best_col, pos.moves % 2, best, played, pos.moves, claim)


def explain_hint(pos: Position, solver: Solver, *, stop=None) -> Explanation:
    """Why the best move of ``pos`` is best, for a hint: how it wins (the first checked claim of
    ``how_it_wins``), that it keeps the draw, or that it holds out longest in a lost position.
    ``line`` is the principal line after the best move; ``pos`` must not be over."""
    col, score = solver.best_move(pos, stop=stop, climb=False)
    line = principal_line(pos.play(col), solver, stop=stop)
    result = outcome(score)
    if result is Outcome.WIN:
        kind, claim = how_it_wins(pos, score, (col, *line))
        return Explanation(kind, (HintWins(col, claim),), line)
    if result is Outcome.DRAW:
        return Explanation(Kind.PLAIN, (KeepsDraw(col),), line)
    return Explanation(Kind.PLAIN, (HoldsOutLongest(col, pos.moves % 2, score, pos.moves),), line)


def explain_game(moves: Sequence[int], numbers: Sequence[int], solver: Solver, *,
                 stop=None) -> Mapping[int, Explanation]:
    """Explanations of the moves numbered ``numbers`` (from 1) of the game ``moves`` (0-based
    columns): move number -> explanation, for each of those moves that was worse than the best."""
    wanted = set(numbers)
    pos = Position()
    found: dict[int, Explanation] = {}
    for number, col in enumerate(moves, start=1):
        if number in wanted:
            explanation = explain_move(pos, col, solver, stop=stop)
            if explanation is not None:
                found[number] = explanation
        pos = pos.play(col)
    return found

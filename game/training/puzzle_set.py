"""The shipped puzzles, the player's puzzle rating, and which puzzles to serve next.

The puzzles (``game/data/puzzles.txt``, built by ``python -m game.tools.puzzles_build``) follow
``game.engine.only_moves``' rules: only moves at every one of the solver's turns, the defender's
longest resistance, no obvious first move. Each has a difficulty on the levels' Elo scale.

The puzzle rating is Glicko-1, computed exactly as the game rating (``game.domain.record``): a solved
puzzle is a win against an opponent rated at its difficulty, a failed one a loss, one rating
period per puzzle. The puzzle's rating deviation is ``PUZZLE_RD``: a difficulty is an estimate
from a handful of fixed-depth searches, less sure than a level's Elo from hundreds of games, so a
result moves the rating a little less than a game against a level would.

Serving: the puzzles not tried yet whose difficulty is nearest the player's rating, nearest first;
below :data:`PARITY_FROM` the tactics (``Theme.is_tactic``: win at once, two threats, under a
winning cell, block) come before any parity idea (odd/even threats, zugzwang), which a newcomer
meets only once the tactics run out. The results are kept by ``game.store.puzzle_results``.

Each puzzle says its task as a count of moves to find, the number the solution line holds
(``find``): "Find the 2 moves that keep Red's win (the win comes with Red's 10th disc from now)".
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass

from game.data import DATA_DIR
from game.engine.board import MoveError, Position, format_moves, parse_moves
from game.engine.only_moves import OnlyMoveLine, PuzzleKind, Theme, theme
from game.engine.scores import score_range
from game.domain.record import Rating, START_RATING, START_RD, rate_one
from game.i18n import N_, _, ngettext, pgettext
from game.store.puzzle_results import PuzzleResult

__all__ = ["PARITY_FROM", "PUZZLES_FILE", "PUZZLE_RD", "Puzzle", "load_puzzles", "parse_puzzle", "puzzle_rating",
           "puzzle_task", "rating_of", "serve", "theme_word"]

PUZZLES_FILE = DATA_DIR / "puzzles.txt"
PUZZLE_RD = 100.0
MAX_DIFFICULTY = 4000
_SIDES = {1: "red", 2: "yellow"}
#: From this puzzle rating on, puzzles are served by difficulty alone; below it tactics come first.
PARITY_FROM = 1800.0


@dataclass(frozen=True, slots=True)
class Puzzle:
    """A puzzle: its only-move line and its difficulty (the levels' Elo scale)."""

    line: OnlyMoveLine
    difficulty: int

    @property
    def id(self) -> str:
        """The start position's move string: a puzzle per position."""
        return format_moves(self.line.start)

    @property
    def kind(self) -> PuzzleKind:
        return self.line.kind

    @property
    def theme(self) -> Theme:
        return theme(self.line)

    @property
    def find(self) -> int:
        """How many moves the solver's side must find: its moves in the solution line."""
        return self.line.solver_moves

    def to_json(self) -> dict:
        """Columns 1-based; ``n`` is the solver's discs to the end (null for a draw puzzle), ``find``
        the moves to find, ``task`` the task in words."""
        side = _SIDES[1 + len(self.line.start) % 2]
        return {"position": self.id, "to_play": side, "kind": self.kind.value,
                "solution": format_moves(self.line.line), "n": self.line.n, "moves": self.find, "find": self.find,
                "task": puzzle_task(self, side.capitalize()), "theme": self.theme.value,
                "score": self.line.score, "difficulty": self.difficulty}


#: Each theme's word, as a player reads it after a puzzle ("Solved: every only move found · two threats").
_THEME_WORDS = {
    Theme.WIN_AT_ONCE: N_("win at once"),
    Theme.BLOCK: N_("block"),
    Theme.TWO_THREATS: N_("two threats"),
    Theme.UNDER_WINNING_CELL: N_("under a winning cell"),
    Theme.ODD_EVEN: N_("odd/even threat"),
    Theme.ZUGZWANG: N_("zugzwang"),
}


def theme_word(value: Theme) -> str:
    """The puzzle theme's word in the language in use: "two threats", "zugzwang"."""
    return _(_THEME_WORDS[value])


def _ordinal(n: int) -> str:
    """``n`` as the language in use writes an ordinal: "10th", "10.", "10e"."""
    last = n % 10
    if 10 <= n % 100 <= 20 or last not in (1, 2, 3):
        # TRANSLATORS: an ordinal number ("the 10th disc"): how your language writes it ("{n}.", "{n}e")
        return pgettext("ordinal", "{n}th").format(n=n)
    if last == 1:
        # TRANSLATORS: an ordinal ending in 1 ("the 21st disc") in your language ("{n}.", "{n}e")
        return pgettext("ordinal", "{n}st").format(n=n)
    if last == 2:
        # TRANSLATORS: an ordinal ending in 2 ("the 22nd disc") in your language ("{n}.", "{n}e")
        return pgettext("ordinal", "{n}nd").format(n=n)
    # TRANSLATORS: an ordinal ending in 3 ("the 23rd disc") in your language ("{n}.", "{n}e")
    return pgettext("ordinal", "{n}rd").format(n=n)


def puzzle_task(puzzle: Puzzle, colour: str) -> str:
    """The task in words, in the language in use, naming the side by ``colour``: "Find the 2 moves
    that keep Red's win (the win comes with Red's 10th disc from now)", "Find the 3 moves that win
    for Red: the last one makes four", "Find the move that holds the draw for Yellow"."""
    find = puzzle.find
    if puzzle.kind is PuzzleKind.DRAW:
        if find == 1:
            return _("Find the move that holds the draw for {side}").format(side=colour)
        return ngettext("Find the {count} move that hold the draw for {side}",
                        "Find the {count} moves that hold the draw for {side}", find).format(count=find, side=colour)
    if Position.from_moves(puzzle.line.start + puzzle.line.line).is_over():   # the line ends with four
        if find == 1:
            return _("Find the move that wins for {side}: it makes four").format(side=colour)
        return ngettext("Find the {count} move that win for {side}: the last one makes four",
                        "Find the {count} moves that win for {side}: the last one makes four",
                        find).format(count=find, side=colour)
    disc = _ordinal(puzzle.line.n)
    if find == 1:
        return _("Find the move that keeps {side}'s win (the win comes with {side}'s {ordinal} disc from "
                 "now)").format(side=colour, ordinal=disc)
    return ngettext("Find the {count} move that keep {side}'s win (the win comes with {side}'s {ordinal} disc "
                    "from now)",
                    "Find the {count} moves that keep {side}'s win (the win comes with {side}'s {ordinal} disc "
                    "from now)", find).format(count=find, side=colour, ordinal=disc)


def parse_puzzle(text: str) -> Puzzle:
    """A puzzle from its line ``<start> <line> <score> <difficulty>``; ValueError says what is wrong.

    Only the form is checked here (legal moves, a score the position can have, a line that
    starts and ends with the solver's move); ``game.engine.only_moves.check_line`` proves the rest.
    """
    fields = text.split()
    if len(fields) != 4:
        raise ValueError(f"expected 4 fields, found {len(fields)}")
    start, line = parse_moves(fields[0]), parse_moves(fields[1])
    try:
        Position.from_moves(start + line)
    except MoveError as exc:
        raise ValueError(f"moves: {exc}") from None
    score, difficulty = int(fields[2]), int(fields[3])
    _low, high = score_range(len(start))
    if not 0 <= score <= high:
        raise ValueError(f"score {score} is not a win or a draw this position can have")
    if not line or len(line) % 2 == 0:
        raise ValueError("the line starts and ends with the solver's move")
    if not 0 <= difficulty <= MAX_DIFFICULTY:
        raise ValueError(f"difficulty {difficulty} is not from 0 to {MAX_DIFFICULTY}")
    return Puzzle(OnlyMoveLine(tuple(start), tuple(line), score), difficulty)


def load_puzzles() -> tuple[Puzzle, ...]:
    """Every shipped puzzle, in the file's order. ValueError naming the line for a damaged file
    (it ships with the game and is tested whole)."""
    puzzles = []
    for number, text in enumerate(PUZZLES_FILE.read_text(encoding="ascii").splitlines(), start=1):
        if text.strip():
            try:
                puzzles.append(parse_puzzle(text))
            except ValueError as exc:
                raise ValueError(f"{PUZZLES_FILE.name} line {number}: {exc}") from None
    return tuple(puzzles)


def puzzle_rating(results: Iterable[tuple[int, bool]]) -> Rating:
    """The Glicko-1 puzzle rating after ``results``: (difficulty, solved) per puzzle, oldest first."""
    rating = Rating(START_RATING, START_RD, 0)
    for difficulty, solved in results:
        rating = rate_one(rating, difficulty, 1.0 if solved else 0.0, PUZZLE_RD)
    return rating


def rating_of(results: Iterable[PuzzleResult], puzzles: Iterable[Puzzle]) -> Rating:
    """The puzzle rating from the kept results, oldest first (a result for a puzzle no longer
    shipped is skipped: its difficulty is unknown)."""
    difficulty = {p.id: p.difficulty for p in puzzles}
    return puzzle_rating((difficulty[r.puzzle], r.solved) for r in results if r.puzzle in difficulty)


def serve(puzzles: Iterable[Puzzle], rating: Rating, done: Collection[str] = (), count: int = 10,
          kind: PuzzleKind | None = None) -> list[Puzzle]:
    """Up to ``count`` puzzles not in ``done`` (ids of puzzles tried), of ``kind`` if given,
    nearest the rating; below :data:`PARITY_FROM` every tactic before any parity puzzle."""
    left = [p for p in puzzles if p.id not in done and (kind is None or p.kind is kind)]
    left.sort(key=lambda p: (abs(p.difficulty - rating.value), p.difficulty, p.id))
    if rating.value >= PARITY_FROM:
        return left[:count]
    tactics: list[Puzzle] = []
    for puzzle in left:     # nearest first: the themes are read only as far as the count needs
        if puzzle.theme.is_tactic:
            tactics.append(puzzle)
            if len(tactics) == count:
                return tactics
    return tactics + [p for p in left if not p.theme.is_tactic][:count - len(tactics)]

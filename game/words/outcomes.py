"""Outcomes and distances in words: an exact score for the side to move, said as a player reads it.

The facts are the engine's (``game.engine.scores``): an exact score and the discs on the board;
the count is the side's own discs to the end (``scores.moves_to_end``), the winning disc included.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.engine.scores import SHORT_DISTANCE, Outcome, moves_to_end, outcome
from game.i18n import _, ngettext, pgettext

__all__ = ["and_list", "describe", "distance_text", "or_list", "side_names", "sides", "win_phrase"]


def side_names() -> tuple[str, str]:
    """The sides' names in the language in use, first player first: "Red", "Yellow"."""
    # TRANSLATORS: the first player's side, the colour of its discs (also its name in sentences)
    return _("Red"), _("Yellow")


def sides(names: Sequence[str] | None) -> tuple[str, str]:
    """``names`` as a pair, or the sides' own names (:func:`side_names`) without any."""
    return side_names() if names is None else (names[0], names[1])


def describe(score: int, moves: int) -> str:
    """An exact score in words for the side to move: "wins in 3", "draw", "loses in 1"."""
    result = outcome(score)
    if result is Outcome.DRAW:
        return pgettext("outcome", "draw")
    n = moves_to_end(score, moves)
    if result is Outcome.WIN:
        return ngettext("wins in {n}", "wins in {n}", n).format(n=n)
    return ngettext("loses in {n}", "loses in {n}", n).format(n=n)


def distance_text(score: int, moves: int, names: Sequence[str] | None = None, short: int = SHORT_DISTANCE) -> str:
    """An exact score in words a player can read, for the side to move with ``moves`` discs down.

    A short distance names whose moves it counts: "wins at once" (with the move about to be
    played), "wins in 3 of Red's moves", "loses in 2 of Yellow's moves" (a loss is counted in the
    winner's moves, which the loser matches one for one). Beyond ``short`` moves it is a plain
    outcome: "win, a long one", "loss, a long one"; a draw is "draw".
    """
    result = outcome(score)
    if result is Outcome.DRAW:
        return pgettext("outcome", "draw")
    n = moves_to_end(score, moves)
    mover, other = sides(names)[moves % 2], sides(names)[1 - moves % 2]
    if n > short:
        return _("win, a long one") if result is Outcome.WIN else _("loss, a long one")
    if result is Outcome.WIN:
        if n == 1:
            return _("wins at once")
        return ngettext("wins in {n} of {side}'s moves", "wins in {n} of {side}'s moves", n).format(n=n, side=mover)
    if n == 1:
        return _("loses to {side}'s next move").format(side=other)
    return ngettext("loses in {n} of {side}'s moves", "loses in {n} of {side}'s moves", n).format(n=n, side=other)


def win_phrase(score: int, moves: int, names: Sequence[str] | None = None) -> str:
    """A won ``score`` (for the side to move with ``moves`` discs down) as a noun phrase that names
    whose win it is: "a win at once for Red", "a win in 3 of Red's moves", "a long win for Red"."""
    n = moves_to_end(score, moves)
    winner = sides(names)[moves % 2]
    if n > SHORT_DISTANCE:
        return _("a long win for {side}").format(side=winner)
    if n == 1:
        return _("a win at once for {side}").format(side=winner)
    return ngettext("a win in {n} of {side}'s moves", "a win in {n} of {side}'s moves", n).format(n=n, side=winner)


def and_list(items: Sequence[str]) -> str:
    """"a", "a and b", "a and b and c": each pair joined as the language joins two things."""
    joined = items[0]
    for item in items[1:]:
        joined = _("{first} and {second}").format(first=joined, second=item)
    return joined


def or_list(items: Sequence[str]) -> str:
    """"a", "a or b", "a or b or c": each pair joined as the language offers a choice of two."""
    joined = items[0]
    for item in items[1:]:
        joined = _("{first} or {second}").format(first=joined, second=item)
    return joined

"""Every sentence speech says about the board, from facts: whole sentences with named placeholders.

Columns and rows are counted from 1 as the player hears them (row 1 at the bottom); the
functions take the engine's 0-based values. Names are the discs' colours as drawn ("Red",
"Yellow"). Nothing here decides a rule: who won, which cells are threats and which cell is
playable come from :mod:`game.engine.board`.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.engine.board import HEIGHT, WIDTH, Position, bit, winning_cells_mask
from game.i18n import _

__all__ = ["Cell", "cell", "column", "last_move", "move", "row", "spoken", "threat_cells", "threats", "turn"]

Cell = tuple[int, int]   # (column, row), 0-based


def _place(col: int, row: int) -> str:
    return _("column {column}, row {row}").format(column=col + 1, row=row + 1)


def _disc(pos: Position, col: int, row: int, names: Sequence[str]) -> str:
    owner = pos.cell(col, row)
    if owner:
        return names[owner - 1].lower()
    return _("empty, playable") if pos.height(col) == row else _("empty, floating")


def threat_cells(pos: Position, player: int) -> list[Cell]:
    """The empty cells where ``player`` (1 or 2) would complete four, by column then row."""
    own = pos.current if player == pos.turn else pos.current ^ pos.mask
    cells = winning_cells_mask(own, pos.mask)
    return [(c, r) for c in range(WIDTH) for r in range(HEIGHT) if cells & bit(c, r)]


def _cells(cells: Sequence[Cell]) -> str:
    """"column 3, row 1", then "column 3, row 1 and column 7, row 1" and so on, cell by cell."""
    text = _place(*cells[0])
    for c, r in cells[1:]:
        text = _("{cells} and {cell}").format(cells=text, cell=_place(c, r))
    return text


def move(pos: Position, col: int, names: Sequence[str], *, full: bool) -> str:
    """The move just played into ``col`` (``pos`` is the position after it): who and where, then
    (``full``) the threats it left its player, and how the game ended if it did."""
    row = pos.height(col) - 1
    who = names[pos.cell(col, row) - 1]
    if full:
        words = [_("{who}, {place}.").format(who=who, place=_place(col, row))]
        made = threat_cells(pos, pos.cell(col, row))
        if made and not pos.is_over():
            words.append(_("{who} threatens {cells}.").format(who=who, cells=_cells(made)))
    else:
        words = [_("{who}, column {column}.").format(who=who, column=col + 1)]
    if pos.winner() is not None:
        words.append(_("{who} wins: four in a row.").format(who=who))
    elif pos.is_draw():
        words.append(_("The board is full: a draw."))
    return " ".join(words)


def last_move(moves: Sequence[int], names: Sequence[str]) -> str:
    if not moves:
        return _("No move has been played yet.")
    pos = Position.from_moves(moves)
    col = moves[-1]
    row = pos.height(col) - 1
    return _("Last move: {who}, {place}.").format(who=names[pos.cell(col, row) - 1], place=_place(col, row))


def cell(pos: Position, col: int, row: int, names: Sequence[str]) -> str:
    """"column 3, row 2: yellow", "...: empty, playable" or "...: empty, floating"."""
    return _("{place}: {disc}.").format(place=_place(col, row), disc=_disc(pos, col, row, names))


def column(pos: Position, col: int, names: Sequence[str]) -> str:
    """What is in a column, bottom up."""
    height = pos.height(col)
    if height == 0:
        return _("Column {column} is empty.").format(column=col + 1)
    discs = ", ".join(names[pos.cell(col, r) - 1].lower() for r in range(height))
    if height == HEIGHT:
        return _("Column {column}, bottom up: {discs}. It is full.").format(column=col + 1, discs=discs)
    return _("Column {column}, bottom up: {discs}. Row {row} is next.").format(
        column=col + 1, discs=discs, row=height + 1)


def row(pos: Position, row: int, names: Sequence[str]) -> str:
    """What is in a row, left to right."""
    cells = "; ".join(_disc(pos, c, row, names) for c in range(WIDTH))
    return _("Row {row}, left to right: {cells}.").format(row=row + 1, cells=cells)


def threats(pos: Position, names: Sequence[str]) -> str:
    """Each side's threats (empty cells that would complete four), by cell."""
    words = []
    for player in (1, 2):
        cells = threat_cells(pos, player)
        if cells:
            words.append(_("{who} threatens {cells}.").format(who=names[player - 1], cells=_cells(cells)))
        else:
            words.append(_("{who} has no threats.").format(who=names[player - 1]))
    return " ".join(words)


def turn(pos: Position, names: Sequence[str], score: str) -> str:
    """Whose turn it is (or how the game ended), and the score of the sitting when there is one."""
    winner = pos.winner()
    if winner is not None:
        words = _("{who} has won.").format(who=names[winner - 1])
    elif pos.is_draw():
        words = _("The game is a draw.")
    else:
        words = _("{who} to move, move {number}.").format(who=names[pos.turn - 1], number=pos.moves + 1)
    return f"{words} {score}" if score else words


def spoken(text: str) -> str:
    """A line of the screen as a sentence to say: its " · " separators commas, a full stop at the
    end ("" stays "")."""
    text = text.strip().replace(" · ", ", ")
    return text if not text or text.endswith((".", "!", "?", ":", "…")) else text + "."

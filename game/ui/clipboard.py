"""Move strings through the system clipboard (Ctrl+C / Ctrl+V in a game).

A move string is the notation of the benchmark sets and of online solvers: the columns played,
1-based, from the empty board ("4453"). Pasted text is checked by the engine's own rules before
anything opens; every problem becomes one short, escaped sentence for the player.
"""

from __future__ import annotations

import pygame

from game.echo import shown
from game.engine.board import CELLS, MoveError, Position
from game.i18n import _, ngettext
from game.words.move_errors import move_error_text

#: Pasted text longer than this is not looked at (a full board has CELLS moves).
MAX_PASTE = 4 * CELLS
SHOWN = 24  # characters of a move string quoted in a message


def put(moves: str) -> str | None:
    """Copy ``moves`` to the clipboard; a sentence saying why not, or None."""
    try:
        pygame.scrap.put_text(moves)
    except pygame.error as exc:
        return _("Could not copy to the clipboard: {error}").format(error=shown(str(exc), 60))
    return None


def get_moves() -> tuple[str, str | None]:
    """(the clipboard's move string, None) or ("", a sentence saying why it cannot be opened)."""
    try:
        text = pygame.scrap.get_text() if pygame.scrap.has_text() else ""
    except pygame.error as exc:
        return "", _("Could not read the clipboard: {error}").format(error=shown(str(exc), 60))
    return check_moves(text)


def check_moves(text: str) -> tuple[str, str | None]:
    """(the move string, None) if ``text`` is a legal game's move string, else ("", why not)."""
    moves = text.strip()
    if not moves:
        return "", _("The clipboard holds no move string (the columns played, e.g. 4453)")
    if len(moves) > MAX_PASTE:
        return "", ngettext("The clipboard holds {n} character, not a move string (at most {most} moves)",
                            "The clipboard holds {n} characters, not a move string (at most {most} moves)",
                            len(moves)).format(n=len(moves), most=CELLS)
    try:
        Position.from_moves(moves)
    except MoveError as exc:
        # the problem is the game's own words around one escaped character: whole in every language
        return "", _("Cannot open the pasted moves {moves}: {error}").format(moves=shown(moves, SHOWN),
                                                                              error=move_error_text(exc))
    return moves, None

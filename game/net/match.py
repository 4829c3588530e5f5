"""The game two sides play over the network, as this side knows it, and the rules for changing it.

Every move is checked by the engine's own rules (``Position.play``) plus the protocol's: the right
player's turn and the right move number. A message from the other side that breaks a rule raises
:class:`Violation` (the connection is then closed with its reason); something this side's player
may not do right now raises :class:`Refused` (the window says why, nothing is sent).

No pygame and no sockets here: the network thread owns one ``Match`` and nothing else touches it.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field

from game.domain.saved import COLOURS, Colour
from game.engine.board import MoveError, Position, format_moves, parse_moves
from game.engine.sides import Column
from game.i18n import _
from game.net.events import Columns
from game.net.protocol import Move, Undo, UndoAnswer
from game.net.secret import new_secret
from game.words.move_errors import move_error_text

RED, YELLOW = 1, 2


class Violation(Exception):
    """The other side sent something the rules forbid; the text is the reason sent back on the
    wire, in English. ``words``: the same reason as this side's player reads it (the text itself
    unless given)."""

    def __init__(self, reason: str, words: str | None = None) -> None:
        super().__init__(reason)
        self.words = reason if words is None else words


class Refused(Exception):
    """This side's player may not do that now; the text says why."""


def colour_name(player: int) -> Colour:
    return COLOURS[player - 1]


def player_of(colour: Colour) -> int:
    return COLOURS.index(colour) + 1


def new_game_id() -> str:
    return secrets.token_hex(8)


def new_match(colour: int) -> Match:
    """A new game with a fresh id and secret; this side plays ``colour``."""
    return Match(new_game_id(), colour, new_secret())


@dataclass(frozen=True, slots=True)
class Resume:
    """A game this side goes back into after its program ended (from its save): the game's id, its
    moves, this side's colour, the name of the player it was with and the game's secret."""

    game_id: str
    moves: str
    colour: int
    opponent: str
    secret: str = field(repr=False)


@dataclass
class Match:
    """One game (and its rematches) between this side, playing ``colour``, and the other side."""

    game_id: str
    colour: int                      # this side's player: 1 red (moves first) or 2 yellow
    secret: str = field(repr=False)  # the game's secret (game.net.secret): never shown
    moves: list[int] = field(default_factory=list)
    resigned: int | None = None      # the player who resigned this game, if one did
    undo_sent: int | None = None     # back_to of this side's undo request awaiting its answer
    undo_received: int | None = None # back_to the other side asked for, awaiting this side's answer
    rematch_sent: bool = False
    rematch_received: bool = False

    @property
    def opponent(self) -> int:
        return 3 - self.colour

    @property
    def position(self) -> Position:
        return Position.from_moves(self.moves)

    @property
    def over(self) -> bool:
        return self.resigned is not None or self.position.is_over()

    def moves_string(self) -> str:
        """The moves as a move string ("4453")."""
        return format_moves(self.moves)

    def columns(self) -> Columns:
        return tuple(self.moves)

    # -- moves -----------------------------------------------------------------------------

    def local_move(self, col: int) -> list[Move | UndoAnswer]:
        """This side drops a disc in ``col`` (a ``Column``): the messages to send (a pending undo
        request of the other side is declined first). Refused if it is not allowed."""
        if self.undo_sent is not None:
            raise Refused(_("Waiting for the answer to your undo request"))
        self._check_move(col, self.colour, len(self.moves) + 1, Refused)
        messages: list[Move | UndoAnswer] = []
        if self.undo_received is not None:
            messages.append(self.answer_undo(False))
        self.moves.append(col)
        messages.append(Move(Column(col), len(self.moves)))
        return messages

    def remote_move(self, message: Move) -> Column:
        """The other side's move, checked by the rules; returns its column. Violation if it breaks a rule."""
        col = message.column
        if self.undo_received is not None:
            # Its undo question promised to take back its last move (and the reply): a move now would
            # make a yes take back more than was asked.
            raise Violation(f"a move (column {col + 1}) while its own undo request waits for an answer")
        self._check_move(col, self.opponent, message.number, Violation)
        self.moves.append(int(col))     # the game's columns stay plain ints, as the engine keeps them
        return col

    def _check_move(self, col: int, player: int, number: int, error: type[Exception]) -> None:
        whose = "your" if error is Refused else "the sender's"
        if self.resigned is not None:
            raise error(f"a move after the end of the game (column {col + 1})")
        position = self.position
        if position.is_over():
            raise error(f"a move after the end of the game (column {col + 1})")
        if position.turn != player:
            raise error(f"a move out of turn (column {col + 1}): it is not {whose} turn")
        if number != len(self.moves) + 1:
            raise error(f"move number {number} where move {len(self.moves) + 1} was due")
        try:
            position.play(col)
        except MoveError as exc:
            if error is Violation:
                raise Violation(str(exc), move_error_text(exc)) from None
            raise error(move_error_text(exc)) from None

    # -- undo ------------------------------------------------------------------------------

    def ask_undo(self) -> Undo:
        """Ask to take back this side's last move (and the reply to it, if there is one)."""
        if self.undo_sent is not None:
            raise Refused(_("You already asked to undo: waiting for the answer"))
        if self.resigned is not None:
            raise Refused(_("The game ended by resignation: N asks for a rematch"))
        back_to = self._last_move_of(self.colour)
        if back_to is None:
            raise Refused(_("None of your moves to take back"))
        self.undo_sent = back_to
        return Undo(back_to)

    def remote_undo(self, message: Undo) -> bool:
        """The other side asks to undo; True if this side's player should be asked, False if it
        was declined at once (this side asked first, or a rematch is being agreed)."""
        if message.back_to != self._last_move_of(self.opponent):
            raise Violation(f"an undo to move {message.back_to}, which is not the asker's last move")
        if self.undo_sent is not None or self.rematch_sent or self.resigned is not None:
            return False
        self.undo_received = message.back_to
        return True

    def answer_undo(self, accept: bool) -> UndoAnswer:
        back_to, self.undo_received = self.undo_received, None
        if back_to is None:
            raise Refused(_("Nothing to answer: the other side's undo request is no longer open"))
        if accept:
            self._take_back(back_to)
        return UndoAnswer(accept)

    def remote_undo_answer(self, message: UndoAnswer) -> bool:
        back_to, self.undo_sent = self.undo_sent, None
        if back_to is None:
            raise Violation("an undo answer with no undo asked")
        if message.accept:
            self._take_back(back_to)
        return message.accept

    def _last_move_of(self, player: int) -> int | None:
        """back_to for taking back ``player``'s latest move and whatever followed it."""
        for back_to in (len(self.moves) - 1, len(self.moves) - 2):
            if back_to >= 0 and Position.from_moves(self.moves[:back_to]).turn == player:
                return back_to
        return None

    def _take_back(self, back_to: int) -> None:
        del self.moves[back_to:]
        self.rematch_sent = self.rematch_received = False

    # -- end of a game ---------------------------------------------------------------------

    def resign(self, player: int) -> None:
        if self.over:
            raise (Refused if player == self.colour else Violation)("a resignation after the end of the game")
        self.resigned = player
        self.undo_sent = self.undo_received = None

    def rematch(self, local: bool) -> bool:
        """One side asks for another game; True once both have (colours swap, the board empties)."""
        if not self.over:
            error = Refused if local else Violation
            raise error("a rematch before the game has ended")
        if local:
            self.rematch_sent = True
        else:
            self.rematch_received = True
        if not (self.rematch_sent and self.rematch_received):
            return False
        self.colour = self.opponent
        self.moves.clear()
        self.resigned = self.undo_sent = self.undo_received = None
        self.rematch_sent = self.rematch_received = False
        return True

    # -- resuming --------------------------------------------------------------------------

    def resume_with(self, other: Columns) -> Columns | None:
        """The moves both sides go on from when the other side of this game (it plays
        ``opponent``) knows ``other``; None when they cannot, and this side's game stays as it was.

        The same moves go on as they are. A list one move longer wins only when that move is its
        sender's own, made on its sender's turn: the move that went out as the connection was lost.
        The other side's longer list may so add only the other side's disc, and this side's longer
        list only this side's; anything else would let one side place the other's disc. A game this
        side knows was resigned is over: it goes on (for a review or a rematch) from this side's
        moves alone, whatever disc the other list adds."""
        theirs = list(other)
        if theirs == self.moves:
            return self.columns()
        agreed = self._one_apart(theirs)
        return self.columns() if agreed is not None and self.resigned is not None else agreed

    def _one_apart(self, theirs: list[int]) -> Columns | None:
        """The longer of ``theirs`` and this side's moves when it adds only its sender's own disc."""
        longer, shorter, sender = ((theirs, self.moves, self.opponent) if len(theirs) > len(self.moves)
                                   else (self.moves, theirs, self.colour))
        if len(longer) != len(shorter) + 1 or longer[:-1] != shorter:
            return None
        try:
            position = Position.from_moves(shorter)
            if position.turn != sender:
                return None
            position.play(longer[-1])
        except MoveError:
            return None
        return tuple(longer)

    @classmethod
    def resumed(cls, resume: Resume) -> Match:
        """The saved game ``resume`` describes, as this side left it."""
        match = cls(resume.game_id, resume.colour, resume.secret)
        match.adopt(tuple(parse_moves(resume.moves)))
        return match

    def adopt(self, moves: Columns, resigned: int | None = None) -> None:
        """Continue from ``moves`` (a legal game: see ``resume_with``), ended by ``resigned``'s
        resignation if given (a finished game: only a review or a rematch follow)."""
        self.moves = list(moves)
        self.resigned = resigned
        self.undo_sent = self.undo_received = None
        self.rematch_sent = self.rematch_received = False

"""Who plays the game on the board, and what that allows: the game scene asks its seats, never
checks which kind they are.

* :class:`AgainstComputer` — one person and the computer: everything is allowed; the words say
  "you" and "the computer"; finished games join the record (the tally is shown).
* :class:`TwoPeople` — two people at one screen: their names (or colours) and the sitting's score.
* :class:`Watching` — two computers: the match's pacing (pause, step, time per move), its score and
  openings each played with both colours; nobody at the screen drops a disc, takes one back or asks for
  a hint.
* ``game.ui.netplay.net_game.Networked`` — this screen's player against one on another computer: the game
  is shared, so a move, an undo or a rematch is a request the other side's match agrees to, and
  what it agreed comes back as news (:data:`News`) the scene follows.

Each kind says what it allows (:class:`Allow`), the words for what it refuses, its own header and
status words, and the commands of its own (:meth:`Seats.steering`)."""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.engine.board import parse_moves
from game.i18n import N_, _, decimal_text
from game.model import GameModel
from game.training.keeper import NamedSide
from game.ui.game.game_input import Command
from game.ui.player_words import computer_label
from game.ui.game.spectator import Spectator
from game.ui.game.two_players import TwoPlayers
from game.ui.overlays import Confirm
from game.ui.scene import NetworkSide, SceneName

__all__ = ["AgainstComputer", "Allow", "Finished", "Follow", "News", "Refusal", "Reply", "Say", "Seats", "TwoPeople",
           "Watching", "Withdraw", "seats_for"]

REPLY_DELAY = 0.35        # seconds before the computer's reply lands against a person (reads as a reply)


class Allow(enum.Flag):
    """What the person at the screen may do in a game."""

    DROP = enum.auto()       # drop a disc (a click, a number key)
    UNDO = enum.auto()
    REDO = enum.auto()
    HINT = enum.auto()
    ANALYSIS = enum.auto()   # the analysis row
    LOAD = enum.auto()       # open a saved game over this one


EVERYTHING = Allow.DROP | Allow.UNDO | Allow.REDO | Allow.HINT | Allow.ANALYSIS | Allow.LOAD


@dataclass(frozen=True, slots=True)
class Refusal:
    """What to say when something is not allowed; ``warning``: said as a refused key (a warning and
    the refusal sound), else as a plain remark."""

    text: str
    warning: bool = True


@dataclass(frozen=True, slots=True)
class Say:
    """A line for the status line's place, for ``seconds`` (None: the usual time), without a sound."""

    text: str
    warning: bool = False
    seconds: float | None = None


@dataclass(frozen=True, slots=True)
class Follow:
    """A shared game as its two sides agreed on it (0-based columns); ``animate``: the one new
    move, dropped in rather than set at once."""

    moves: tuple[int, ...]
    animate: int | None = None


@dataclass(frozen=True, slots=True)
class Withdraw:
    """A question the other side asked no longer stands (its connection dropped): close it if open."""

    question: Confirm


@dataclass(frozen=True, slots=True)
class Finished:
    """The game ended off the board (a resignation): there is nothing left to go back into."""


#: What the seats answer a command: words (a plain remark, a refusal, a line for a while), a
#: question to put to the player, or nothing.
Reply = str | Refusal | Say | Confirm | None
#: What a shared game's seats tell the scene between two frames.
News = Say | Follow | Confirm | Withdraw | Finished


class Seats:
    """The seats of a game with a person at the screen (the defaults of the kinds below)."""

    allows = EVERYTHING
    against_computer = False        # finished games join the record; the row above shows the tally
    watching = False                # keys steer a match between computers instead of playing
    spectator: Spectator | None = None
    pair: TwoPlayers | None = None
    new_label = N_("N new game")    # what N starts, as the status line names the key (English)
    new_said = N_("New game")       # said when N has started it (English)

    def refusal(self, what: Allow) -> Refusal | None:
        """What to say when ``what`` is asked for and not allowed (None: nothing, the key does nothing)."""
        return None

    def name(self, model: GameModel, number: int, colour: str) -> str:
        """Who plays ``number`` in the status line: "Red", "Yellow — Hard"."""
        spec = model.player(number)
        # TRANSLATORS: a computer player in the status line: its colour, then its level
        return _("{colour} — {player}").format(colour=colour, player=computer_label(spec)) if spec.is_ai else colour

    def who(self, model: GameModel, number: int) -> str | None:
        """Who plays ``number`` in the header, after the colour (None: the colour alone)."""
        spec = model.player(number)
        return computer_label(spec) if spec.is_ai else None

    def result(self, model: GameModel, winner_name: str) -> str:
        return _("{player} wins!").format(player=winner_name)

    def lost(self, model: GameModel) -> bool:
        """Whether the person at the screen lost the finished game (shown in the loss colour)."""
        return False

    def score(self, model: GameModel, counted: bool, analysis_on: bool) -> tuple[str, ...] | None:
        """The row above the board: the match's or the sitting's score (None: the row is free)."""
        return None

    def header_note(self) -> str:
        return ""

    @property
    def alert(self) -> bool:
        """Whether the header's note and the status line warn (a network game's lost connection)."""
        return False

    #: A finished game's status line is in the colour of its result, as the result over the board.
    result_coloured = False
    #: The key help under the status line (None: the usual one for a player or a match).
    key_help: tuple[str, ...] | None = None
    #: The scene this game is played in: where its review goes back to.
    home: SceneName = SceneName.GAME

    def over(self, model: GameModel) -> bool:
        """Whether the game has ended (on the board, or otherwise: a resignation)."""
        return model.is_over

    def winner(self, model: GameModel) -> int | None:
        """Who won the finished game (None: a draw, or not over)."""
        return model.winner

    def may_move(self, model: GameModel) -> bool:
        """Whether the person at the screen may drop a disc now."""
        return not model.is_over and not model.is_ai_turn()

    def move_refusal(self, model: GameModel) -> Refusal | None:
        """Why a disc may not be dropped now, in the seats' own words (None: the usual checks)."""
        return None

    def send_move(self, col: int) -> bool:
        """Hand a legal move in ``col`` to whoever agrees on a shared game: True if handed (the board
        shows it once agreed), False if the scene plays it at once."""
        return False

    def status(self, model: GameModel, falling: tuple[int, int] | None) -> str | None:
        """The seats' own status line (``falling``: the dropping disc's player and column); None:
        the usual words."""
        return None

    def remark(self) -> str | None:
        """A fresh line for the row above the board, under the score (the other player's chat)."""
        return None

    @property
    def wants_text(self) -> bool:
        """While True every key is typed text (the chat line), handed to :meth:`type`."""
        return False

    def type(self, event: pygame.event.Event) -> Reply:
        """A key or text event while :attr:`wants_text`."""
        return None

    def poll(self, dt: float) -> list[News]:
        """``dt`` seconds on: what a shared game's other side agreed or said since the last frame."""
        return []

    def leave_question(self) -> tuple[str, str] | None:
        """(question, detail) to confirm before leaving for the menu (None: leave at once)."""
        return None

    def leave(self, going_to: SceneName | None) -> None:
        """The scene gives way, by a key, to ``going_to`` (None: the window closes, or another way)."""

    def shutdown(self) -> None:
        """The window closes while the scene waits under another (a network game under its review)."""

    @property
    def paused(self) -> bool:
        return False

    def reply_due(self, since_move: float) -> bool:
        """Whether a computer move that is ready may be played now."""
        return since_move >= REPLY_DELAY

    def changed(self, model: GameModel) -> None:
        """The game changed (a move, an undo, a load)."""

    def game_over(self, model: GameModel) -> None:
        """The game has just ended (once, after its last disc landed)."""

    def opening(self) -> tuple[int, ...]:
        """The moves a new game starts from, 0-based columns (none: the empty board)."""
        return ()

    def next_game(self, model: GameModel, dt: float) -> bool:
        """``dt`` seconds on after a finished game: start the next one on ``model`` by itself? True if it did."""
        return False

    def new_game(self, model: GameModel) -> None:
        """N: the next game of the sitting on ``model``."""
        model.new_game()

    def review_names(self, model: GameModel) -> tuple[str, str] | None:
        """The names the review shows for this game (None: the players' usual words)."""
        return None

    def review_side(self) -> NetworkSide | None:
        """This computer's side of a network game, for its review (None: a game played here)."""
        return None

    def drill_sides(self, model: GameModel) -> tuple[int, ...]:
        """Whose slips in the finished game become drills: the people at this screen (1 red, 2 yellow)."""
        return tuple(n for n in (1, 2) if not model.player(n).is_ai)

    def steering(self) -> dict[Command, Callable[[], Reply]]:
        """The seats' own commands (a match's pause, a network game's chat) and what each one says."""
        return {}


class AgainstComputer(Seats):
    against_computer = True

    def name(self, model: GameModel, number: int, colour: str) -> str:
        if model.player(number).is_ai:
            return _("{colour} (computer)").format(colour=colour)
        return _("{colour} (you)").format(colour=colour)

    def who(self, model: GameModel, number: int) -> str | None:
        spec = model.player(number)
        return computer_label(spec) if spec.is_ai else _("You")

    def result(self, model: GameModel, winner_name: str) -> str:
        return _("The computer wins") if self.lost(model) else _("You win!")

    def lost(self, model: GameModel) -> bool:
        return model.winner is not None and model.player(model.winner).is_ai


class TwoPeople(Seats):
    def __init__(self, pair: TwoPlayers) -> None:
        self.pair = pair

    def name(self, model: GameModel, number: int, colour: str) -> str:
        if not self.pair.named:
            return colour
        return _("{player} ({colour})").format(player=self.pair.name(model, number), colour=colour)

    def who(self, model: GameModel, number: int) -> str | None:
        return self.pair.name(model, number) if self.pair.named else None

    def score(self, model: GameModel, counted: bool, analysis_on: bool) -> tuple[str, ...] | None:
        return None if analysis_on else self.pair.score_line()

    def changed(self, model: GameModel) -> None:
        self.pair.update(model)

    def new_game(self, model: GameModel) -> None:
        self.pair.new_game(model)

    def review_names(self, model: GameModel) -> tuple[str, str] | None:
        return (self.pair.name(model, 1), self.pair.name(model, 2)) if self.pair.named else None

    def drill_sides(self, model: GameModel) -> tuple[int, ...]:
        """Both sides, each with the name of whoever played it: each player's slips are their own drills."""
        pair = self.pair
        return tuple(NamedSide(n, pair.name(model, n), pair.typed_name(model, n)) for n in (1, 2))


class Watching(Seats):
    allows = Allow.LOAD
    watching = True
    new_label = N_("N new match")   # N starts a new match (a new score), as the footer says
    new_said = N_("New match")

    def __init__(self, spectator: Spectator) -> None:
        self.spectator = spectator

    def refusal(self, what: Allow) -> Refusal | None:
        if what is Allow.UNDO:
            return Refusal(_("Undo is for games with a human player"), warning=False)
        if what is Allow.ANALYSIS:
            return Refusal(_("The analysis row is for games with a human player"), warning=False)
        if what is Allow.HINT:
            return Refusal(_("A hint is for your own turn"))    # it is never this screen's turn
        return None     # redo does nothing

    def name(self, model: GameModel, number: int, colour: str) -> str:
        # TRANSLATORS: a computer of a match between two computers, then the colour it plays now
        return _("{player} as {colour}").format(player=self.spectator.colour_label(model, number), colour=colour)

    def who(self, model: GameModel, number: int) -> str | None:
        return self.spectator.colour_label(model, number)

    def score(self, model: GameModel, counted: bool, analysis_on: bool) -> tuple[str, ...] | None:
        return self.spectator.score_line(model, counted)

    def header_note(self) -> str:
        """The pace, and that the game did not start from the empty board: each opening of a match
        is played twice, once with each colour (``Spectator``)."""
        note = self.spectator.opening_note()
        start = f" · {note}" if note else ""
        return start + " · " + _("{seconds} s/move").format(seconds=decimal_text(self.spectator.delay))

    @property
    def paused(self) -> bool:
        return self.spectator.paused

    def reply_due(self, since_move: float) -> bool:
        return self.spectator.may_move(since_move)

    def game_over(self, model: GameModel) -> None:
        self.spectator.scoreboard.record(model)

    def drill_sides(self, model: GameModel) -> tuple[int, ...]:
        return ()   # two computers: nobody's practice

    def opening(self) -> tuple[int, ...]:
        return tuple(parse_moves(self.spectator.next_opening()))

    def next_game(self, model: GameModel, dt: float) -> bool:
        """After the result's pause, the next game of the match: colours swapped, a new opening."""
        if not self.spectator.next_game_due(dt):
            return False
        model.new_game(swap_colours=True)
        model.load_moves(self.opening())
        return True

    def new_game(self, model: GameModel) -> None:
        """A new match, with the colours the players were given, from a balanced opening."""
        model.new_game(swap_colours=model.swapped)
        self.spectator = Spectator(model, self.spectator.delay)
        model.load_moves(self.opening())

    def steering(self) -> dict[Command, Callable[[], Reply]]:
        spectator = self.spectator
        return {Command.PAUSE: spectator.toggle_pause, Command.STEP: spectator.step,
                Command.FASTER: lambda: spectator.change_delay(-1), Command.SLOWER: lambda: spectator.change_delay(1)}


def seats_for(model: GameModel, *, names: tuple[str, str] = ("", ""), alternate: bool = False,
              colours: tuple[str, str] = ("Red", "Yellow"), delay: float = 0.0) -> Seats:
    """The seats of ``model``'s players: two computers are watched, two people share the screen."""
    humans = sum(not model.player(n).is_ai for n in (1, 2))
    if humans == 0:
        return Watching(Spectator(model, delay))
    if humans == 2:
        return TwoPeople(TwoPlayers(names, alternate, colours))
    return AgainstComputer()

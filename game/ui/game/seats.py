"""Who plays the game on the board, and what that allows: the game scene asks its seats, never
checks which kind they are.

* :class:`AgainstComputer` — one person and the computer: everything is allowed; the words say
  "you" and "the computer"; finished games join the record (the tally is shown).
* :class:`TwoPeople` — two people at one screen: their names (or colours) and the sitting's score.
* :class:`Watching` — two computers: the match's pacing (pause, step, time per move), its score and
  openings each played with both colours; nobody at the screen drops a disc, takes one back or asks for
  a hint.
* A shared game (a network game, handed in by its lobby through ``GameStart.seats``): this screen's
  player against one elsewhere. A move is handed to its :class:`Peer`, whose other side agrees to it,
  and what was agreed comes back as news (:data:`News`) the scene follows.

The scene asks few questions. What it and its words read about who plays — what is allowed and the
words for what is not, the names, the result, the score, the status — is one value, a
:class:`Sitting`. The seats' own keys are :meth:`Seats.steering`; the game's moments (a change, its
end, a new game) are told to them; a match's pace is theirs; a shared game's other side is its
``peer``, a narrow channel (:class:`Peer`)."""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

import pygame

from game.engine.board import parse_moves
from game.i18n import N_, _, decimal_text
from game.model import GameModel
from game.training.keeper import NamedSide
from game.ui.game.game_input import Command
from game.ui.game.spectator import Spectator
from game.ui.game.two_players import TwoPlayers
from game.ui.player_words import computer_label
from game.ui.overlays import Confirm
from game.ui.scene import NetworkSide, SceneName

__all__ = ["AgainstComputer", "Allow", "Finished", "Follow", "News", "Peer", "Refusal", "Reply", "Say", "Seats",
           "Sitting", "TwoPeople", "Watching", "Withdraw", "seats_for"]

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


@dataclass(frozen=True, slots=True)
class Sitting:
    """Who plays, as the seats stand now: what the person at the screen may do, and everything said
    about the players. Players are numbered 1 red, 2 yellow; pairs are red's first."""

    allows: Allow
    may_move: bool                          # the person at the screen may drop a disc now
    over: bool                              # ended on the board, or otherwise (a resignation)
    winner: int | None                      # None: a draw, or not over
    names: tuple[str, str]                  # the status line's: "Red (you)", "Ann (Red)", "Red — Hard"
    who: tuple[str | None, str | None]      # the header's, after the colour (None: the colour alone)
    result: str                             # the finished game's words: "You win!", "Draw: the board is full"
    lost: bool = False                      # the person at the screen lost it (the loss colour)
    refusals: tuple[tuple[Allow, Refusal], ...] = ()   # what to say when something not allowed is asked
    move_refusal: Refusal | None = None     # why no disc may drop now, in the seats' words (None: the usual checks)
    score: tuple[str, ...] | None = None    # the row above the board (None: the row is free)
    remark: str | None = None               # a fresh line under the score (the other player's chat)
    note: str = ""                          # after the header's move number
    alert: bool = False                     # the note and the status line warn (a lost connection)
    status: str | None = None               # the seats' own status line (None: the usual words)
    result_coloured: bool = False           # a finished game's status line in its result's colour
    key_help: tuple[str, ...] | None = None  # the footer (None: the usual one for a player or a match)
    new_words: str = N_("N new game")       # what N starts, as the status line names the key (English)
    new_said: str = N_("New game")          # said once N has started it (English)
    watching: bool = False                  # keys steer a match between computers instead of playing
    paused: bool = False
    tally: bool = False                     # finished games join the record; the row shows the tally
    pace: float | None = None               # a match's seconds per move, kept into a loaded game
    rated: bool = True                      # the session's rating judges the game (a network game: never)
    leave_question: tuple[str, str] | None = None   # (question, detail) before leaving for the menu
    review_names: tuple[str, str] | None = None     # the review's names (None: the players' usual words)
    review_side: NetworkSide | None = None  # this computer's side of a network game, for its review
    drill_sides: tuple[int, ...] = (1, 2)   # whose slips in the finished game become drills

    def refusal(self, what: Allow) -> Refusal | None:
        """The words for ``what`` asked and not allowed (None: nothing, the key does nothing)."""
        return next((refusal for allowed, refusal in self.refusals if allowed is what), None)


def on_board(model: GameModel, names: tuple[str, str], who: tuple[str | None, str | None], *, result: str = "",
             **more: object) -> Sitting:
    """The sitting of a game played on this board: the board says whether it is over and who won;
    ``result``: the seats' words for a win (else "<name> wins!")."""
    winner = model.winner
    words = (_("Draw: the board is full") if winner is None else
             result or _("{player} wins!").format(player=names[winner - 1]))
    people = tuple(n for n in (1, 2) if not model.player(n).is_ai)
    return Sitting(**{"allows": EVERYTHING, "may_move": not model.is_over and not model.is_ai_turn(),
                      "over": model.is_over, "winner": winner, "names": names, "who": who, "result": words,
                      "drill_sides": people, **more})


class Peer(Protocol):
    """A shared game's other side, as the scene sees it: news in, moves and typed lines out."""

    def poll(self, dt: float) -> list[News]:
        """``dt`` seconds on: what the other side agreed or said since the last frame."""
        ...

    def send(self, col: int) -> None:
        """Hand a legal move in ``col`` over: the board shows it once the other side agreed."""
        ...

    @property
    def typing(self) -> bool:
        """While True every key is typed text (the chat line), handed to :meth:`type`."""
        ...

    def type(self, event: pygame.event.Event) -> Reply:
        """A key or text event while :attr:`typing`."""
        ...

    def leave(self, going_to: SceneName | None) -> None:
        """The scene gives way, by a key, to ``going_to`` (None: the window closes, or another way)."""
        ...

    def shutdown(self) -> None:
        """The window closes while the game waits under another scene (under its review)."""
        ...


class Seats:
    """The seats of a game with a person at the screen (the defaults of the kinds below)."""

    #: A shared game's other side (None: everything is played on this board).
    peer: Peer | None = None

    def sitting(self, model: GameModel, colours: tuple[str, str],
                falling: tuple[int, int] | None = None) -> Sitting:
        """Who plays ``model``'s game now, its players' colours named ``colours`` (red's first);
        ``falling``: the dropping disc's player and column."""
        labels = [computer_label(model.player(n)) if model.player(n).is_ai else None for n in (1, 2)]
        return on_board(model, (_dash(colours[0], labels[0]), _dash(colours[1], labels[1])), (labels[0], labels[1]))

    def steering(self) -> dict[Command, Callable[[], Reply]]:
        """The seats' own commands (a match's pause, a network game's chat) and what each one says."""
        return {}

    def changed(self, model: GameModel) -> None:
        """The game changed (a move, an undo, a load)."""

    def game_over(self, model: GameModel) -> None:
        """The game has just ended (once, after its last disc landed)."""

    def new_game(self, model: GameModel) -> None:
        """N: the next game of the sitting on ``model``."""
        model.new_game()

    def next_game(self, model: GameModel, dt: float) -> bool:
        """``dt`` seconds on after a finished game: start the next one on ``model`` by itself? True if it did."""
        return False

    def opening(self) -> tuple[int, ...]:
        """The moves a new game starts from, 0-based columns (none: the empty board)."""
        return ()

    def reply_due(self, since_move: float) -> bool:
        """Whether a computer move that is ready may be played now."""
        return since_move >= REPLY_DELAY


def _dash(colour: str, label: str | None) -> str:
    # TRANSLATORS: a computer player in the status line: its colour, then its level
    return colour if label is None else _("{colour} — {player}").format(colour=colour, player=label)


class AgainstComputer(Seats):
    def sitting(self, model: GameModel, colours: tuple[str, str],
                falling: tuple[int, int] | None = None) -> Sitting:
        ai = [model.player(n).is_ai for n in (1, 2)]
        names = tuple((_("{colour} (computer)") if ai[i] else _("{colour} (you)")).format(colour=colours[i])
                      for i in (0, 1))
        who = tuple(computer_label(model.player(n)) if ai[n - 1] else _("You") for n in (1, 2))
        lost = model.winner is not None and model.player(model.winner).is_ai
        return on_board(model, (names[0], names[1]), (who[0], who[1]), lost=lost, tally=True,
                        result=_("The computer wins") if lost else _("You win!"))


class TwoPeople(Seats):
    def __init__(self, pair: TwoPlayers) -> None:
        self.pair = pair

    def sitting(self, model: GameModel, colours: tuple[str, str],
                falling: tuple[int, int] | None = None) -> Sitting:
        """Both sides' slips become drills, each with the name of whoever played it."""
        pair = self.pair
        named = tuple(pair.name(model, n) for n in (1, 2))
        names = (tuple(_("{player} ({colour})").format(player=named[i], colour=colours[i]) for i in (0, 1))
                 if pair.named else colours)
        return on_board(model, (names[0], names[1]), (named[0], named[1]) if pair.named else (None, None),
                        score=pair.score_line(), review_names=(named[0], named[1]) if pair.named else None,
                        drill_sides=tuple(NamedSide(n, named[n - 1], pair.typed_name(model, n)) for n in (1, 2)))

    def changed(self, model: GameModel) -> None:
        self.pair.update(model)

    def new_game(self, model: GameModel) -> None:
        self.pair.new_game(model)


class Watching(Seats):
    def __init__(self, spectator: Spectator) -> None:
        self.spectator = spectator
        self.counted = False        # the game on the board is in the match's score

    def sitting(self, model: GameModel, colours: tuple[str, str],
                falling: tuple[int, int] | None = None) -> Sitting:
        """The pace in the header, and that the game did not start from the empty board: each
        opening of a match is played twice, once with each colour (``Spectator``)."""
        spectator = self.spectator
        labels = tuple(spectator.colour_label(model, n) for n in (1, 2))
        opening = spectator.opening_note()
        refusals = ((Allow.UNDO, Refusal(_("Undo is for games with a human player"), warning=False)),
                    (Allow.ANALYSIS, Refusal(_("The analysis row is for games with a human player"), warning=False)),
                    (Allow.HINT, Refusal(_("A hint is for your own turn"))))    # it is never this screen's turn
        # TRANSLATORS: a computer of a match between two computers, then the colour it plays now
        playing = tuple(_("{player} as {colour}").format(player=labels[i], colour=colours[i]) for i in (0, 1))
        pace = _("{seconds} s/move").format(seconds=decimal_text(spectator.delay))
        return on_board(model, (playing[0], playing[1]),
                        (labels[0], labels[1]), allows=Allow.LOAD, may_move=False, refusals=refusals,
                        score=spectator.score_line(model, self.counted), watching=True, paused=spectator.paused,
                        note=f"{f' · {opening}' if opening else ''} · {pace}",
                        new_words=N_("N new match"), new_said=N_("New match"), pace=spectator.delay,
                        drill_sides=())   # two computers: nobody's practice

    def reply_due(self, since_move: float) -> bool:
        return self.spectator.may_move(since_move)

    def game_over(self, model: GameModel) -> None:
        self.spectator.scoreboard.record(model)
        self.counted = True

    def opening(self) -> tuple[int, ...]:
        return tuple(parse_moves(self.spectator.next_opening()))

    def next_game(self, model: GameModel, dt: float) -> bool:
        """After the result's pause, the next game of the match: colours swapped, a new opening."""
        if not self.spectator.next_game_due(dt):
            return False
        model.new_game(swap_colours=True)
        model.load_moves(self.opening())
        self.counted = False
        return True

    def new_game(self, model: GameModel) -> None:
        """A new match, with the colours the players were given, from a balanced opening."""
        model.new_game(swap_colours=model.swapped)
        self.spectator = Spectator(model, self.spectator.delay)
        model.load_moves(self.opening())
        self.counted = False

    def steering(self) -> dict[Command, Callable[[], Reply]]:
        spectator = self.spectator
        return {Command.PAUSE: spectator.toggle_pause, Command.STEP: spectator.step,
                Command.FASTER: lambda: spectator.change_delay(-1), Command.SLOWER: lambda: spectator.change_delay(1)}


#: The seats a game is handed in with (``GameStart.seats``): made for the scene's model.
SeatsFor = Callable[[GameModel], Seats]


def seats_for(model: GameModel, *, names: tuple[str, str] = ("", ""), alternate: bool = False,
              colours: tuple[str, str] = ("Red", "Yellow"), delay: float = 0.0) -> Seats:
    """The seats of ``model``'s players: two computers are watched, two people share the screen."""
    humans = sum(not model.player(n).is_ai for n in (1, 2))
    if humans == 0:
        return Watching(Spectator(model, delay))
    if humans == 2:
        return TwoPeople(TwoPlayers(names, alternate, colours))
    return AgainstComputer()

"""The network game's table: who sits where, the connection, this sitting's score and the game the
link agreed, as the window knows it.

It follows the link's events (``game.net.events``) and turns them into news for the game scene
(``seats.News``: a move to drop in, a game to set, a line to say, a question to answer). It never
applies a rule itself: the match on the network thread checked every move before the link told
of it. What the player asks of the shared game (a move, an undo, a rematch, resigning) goes to the
link, and comes back as events once the match has agreed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

import pygame

from game.domain.names import clean_level_name
from game.domain.saved import NetRole, NetworkSeat
from game.echo import escape_control
from game.model import GameModel
from game.ui.game.seats import Finished, Follow, News, Refusal, Reply, Say, Withdraw
from game.ui.netplay.net_chat import Chat
from game.ui.overlays import Confirm
from game.ui.scene import SceneName

if TYPE_CHECKING:  # a NetStart's link is made by the lobby, which loads the network's modules then
    from game.net import events as ev
    from game.net.link import NetLink

DROP_SECONDS = 10.0   # how long the reason for a dropped connection stays in the status line
LEFT_GAME = "the other player left the game"
LEAVE_WAIT = 0.3     # quitting waits this long at most for the goodbye to go out


@dataclass(frozen=True, slots=True)
class NetStart:
    """What the network game starts from: the connected link and how it connected (a host
    listening on ``port``, or a guest that joined ``address``, as ``address:port``)."""

    link: NetLink
    connected: ev.Connected
    hosting: bool
    address: str = ""
    port: int = 0


@dataclass
class Score:
    """This sitting's games against the one opponent, counted once each."""

    won: int = 0
    lost: int = 0
    drawn: int = 0


class Answer(Confirm):
    """A yes/no question from the other player; closing it any other way than yes answers no."""

    def __init__(self, question: str, detail: str, answer: Callable[[bool], None]) -> None:
        super().__init__(question, detail, self._yes, yes="Yes", no="No")
        self.answer = answer
        self.said_yes = False

    def _yes(self) -> None:
        self.said_yes = True

    def handle(self, event: pygame.event.Event) -> bool:
        closed = super().handle(event)
        if closed:
            self.answer(self.said_yes)
        return closed


class NetTable:
    """One sitting at a network game: this side plays ``colour`` against ``opponent``."""

    def __init__(self, start: NetStart, model: GameModel, colours: tuple[str, str]) -> None:
        self.link: NetLink | None = start.link
        self.model = model
        self.colours = colours
        self.hosting = start.hosting
        self.address, self.port = start.address, start.port   # where to go back into this game
        self.opponent, self.colour, self.game_id = "", 1, ""
        self.secret = ""                                       # kept in its saves, never shown
        self.connected = False
        self.resigned: int | None = None
        self.score = Score()
        self.rematch_asked = False
        self.question: Answer | None = None                    # the other player's open question
        self.chat = Chat()
        self._counted: Literal["won", "lost", "drawn"] | None = None    # this game's result, once counted

    # -- what the game is ---------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.model.is_over or self.resigned is not None

    @property
    def winner(self) -> int | None:
        """The other player when one resigned, else the board's winner (None: going on, or drawn)."""
        return 3 - self.resigned if self.resigned is not None else self.model.winner

    def colour_name(self, number: int) -> str:
        return self.colours[number - 1]

    def who(self, number: int) -> str:
        return "You" if number == self.colour else escape_control(self.opponent)

    def seat(self) -> NetworkSeat | None:
        """This side's seat, for every save of the game: whose it is and how to go back into it."""
        if not self.game_id:
            return None
        role = NetRole.HOST if self.hosting else NetRole.GUEST
        return NetworkSeat(role, self.game_id, self.colour, clean_level_name(self.opponent),
                           "" if self.hosting else self.address, self.port if self.hosting else 0, self.secret,
                           self.resigned)

    # -- the link's events ------------------------------------------------------------------------

    def poll(self) -> list[News]:
        """What the link told since the last frame, as news for the scene."""
        news: list[News] = []
        if self.link is not None:
            for event in self.link.poll():
                news.extend(self.on(event))
        return news

    def on(self, event: ev.Event) -> list[News]:
        from game.net import events as ev  # here: loaded with the link, when a network game starts

        if isinstance(event, (ev.Moved, ev.Played)):     # a move the match accepted, either side's
            return [Follow(event.moves, animate=event.column)]
        if isinstance(event, ev.State):
            return self._state(event)
        if isinstance(event, ev.Asked):
            return self._asked(event.question)
        if isinstance(event, ev.Info):
            return [Say(event.text, warning=event.warning)]
        if isinstance(event, ev.ChatLine):
            self.chat.heard(f"{self.opponent}: {event.text}")
            return []
        if isinstance(event, ev.Dropped):
            return self._dropped(event)
        if isinstance(event, ev.Connected):
            return self.sat_down(event)
        if isinstance(event, ev.Failed):
            return [Say(event.reason[:1].upper() + event.reason[1:], warning=True)]
        return []

    def sat_down(self, event: ev.Connected) -> list[News]:
        """Playing ``event.opponent``: a new game, or the same one going on (``resumed``)."""
        if not event.resumed and event.game != self.game_id:
            # A new game (a new player after a finished one): nothing of the last one carries over.
            if event.opponent != self.opponent:
                self.score = Score()
            self.resigned, self._counted, self.rematch_asked = None, None, False
        self.opponent, self.colour, self.connected = event.opponent, event.colour, True
        self.game_id, self.secret = event.game, event.secret
        news: list[News] = []
        if event.resigned is not None and self.resigned is None:    # it ended while this side was away
            self.resigned = event.resigned
            self.count()
            news.append(Finished())
        said = (f"{self.opponent} is back: the game is over (N rematch, R review)" if event.resumed and self.over
                else f"{self.opponent} is back: the game goes on" if event.resumed
                else f"Playing {self.opponent}: you are {self.colour_name(self.colour)}")
        return [Follow(event.moves), *news, Say(said)]     # Finished after the board it ends

    def _state(self, state: ev.State) -> list[News]:
        news: list[News] = []
        new_game = state.moves == () and self.over
        self.colour = state.colour
        if state.resigned is not None and self.resigned is None:
            self.resigned = state.resigned
            self.count()
            news.append(Finished())     # ended: nothing to go back into (the board alone does not say so)
        elif state.resigned is None:
            self.resigned = None
        if new_game:
            self._counted, self.rematch_asked = None, False
        news.append(Follow(state.moves))
        return news

    def _asked(self, question: ev.Question) -> list[News]:
        link = self.link
        if link is None:
            return []
        from game.net import events as ev  # here: loaded with the link, when a network game starts

        if question is ev.Question.UNDO:
            self.question = Answer(f"{self.opponent} asks to take back a move",
                                   "Yes takes back their last move (and your reply to it, if you made one).",
                                   link.answer_undo)
            return [self.question]
        self.rematch_asked = True
        return [Say(f"{self.opponent} wants a rematch: N accepts (colours swap)")]

    def _dropped(self, event: ev.Dropped) -> list[News]:
        self.connected, self.rematch_asked = False, False
        news: list[News] = [Withdraw(self.question)] if self.question is not None else []
        self.question = None
        after = ("The game is over: R reviews it" if self.over
                 else f"Game kept: waiting for {self.opponent} to come back" if self.hosting
                 else "Game kept: R reconnects")
        # In the status line, not a notice: a notice would cover the score line at the top.
        return [*news, Say(f"{event.reason}. {after}", warning=True, seconds=DROP_SECONDS)]

    # -- the score ------------------------------------------------------------------------------

    def count(self) -> None:
        """Add a finished game to the score once (a win, a resignation or a draw)."""
        if self._counted is not None or not self.over:
            return
        winner = self.winner
        self._counted = "drawn" if winner is None else "won" if winner == self.colour else "lost"
        setattr(self.score, self._counted, getattr(self.score, self._counted) + 1)

    def uncount(self) -> None:
        """An agreed undo took a finished game back into play: its result no longer stands."""
        if self._counted is not None and not self.over:
            setattr(self.score, self._counted, getattr(self.score, self._counted) - 1)
            self._counted = None

    # -- this side's requests ------------------------------------------------------------------

    def move_refusal(self) -> Refusal | None:
        if not self.connected:
            return Refusal("Not connected: " + (f"waiting for {self.opponent}" if self.hosting else "R reconnects"))
        if self.over:
            return Refusal("The game is over: N asks for a rematch, R reviews it")
        if self.model.turn != self.colour:
            return Refusal(f"Wait: it is {self.opponent}'s turn")
        return None

    def play(self, col: int) -> None:
        """Hand a move to the match (shown once it has accepted it: a Played event)."""
        if self.link is not None:
            self.link.play(col)

    def undo(self) -> Reply:
        if self.link is not None and self.connected:
            self.link.undo()
            return None
        return Refusal("Not connected: undo needs the other player's yes")

    def rematch(self) -> Reply:
        if not self.over:
            return Refusal("N asks for a rematch once this game is over")
        if self.link is not None:
            self.link.rematch()
        return None

    def resign(self) -> Reply:
        if self.over or self.link is None or not self.connected:
            return Refusal("Nothing to resign")
        return Confirm("Resign this game?", f"{self.opponent} wins it; N then asks for a rematch.", self.link.resign)

    def reconnect(self) -> Reply:
        """R before the game is over: a guest whose connection dropped joins the host again."""
        if not self.connected and not self.hosting and self.link is not None:
            self.link.reconnect()
            return "Reconnecting…"
        if self.connected:
            return Refusal("R reviews the game once it is over")
        return None

    def say(self, text: str) -> None:
        """Send a chat line (already shown on this side)."""
        if self.link is not None:
            self.link.chat(text)

    def leave_question(self) -> tuple[str, str] | None:
        if self.over or not self.connected:
            return None
        again = "hosts it again" if self.hosting else "joins it again"
        return ("Leave the network game?", f"{self.opponent} is told you left. The game is kept: \"Resume network "
                f"game\" in the menu {again}, for {self.opponent} to go on with you from this position.")

    def leave(self, going_to: SceneName | None) -> None:
        """The scene gives way: to the review the connection waits; leaving by a key returns at
        once; the window closing (None) waits a moment for the goodbye."""
        if going_to is SceneName.REVIEW or self.link is None:
            return
        link, self.link = self.link, None
        if going_to is None:
            link.close(wait=LEAVE_WAIT)
        else:
            link.close(LEFT_GAME)

    def shutdown(self) -> None:
        """The window closes while this game waits under its review: the other side is told."""
        link, self.link = self.link, None
        if link is not None:
            link.close(wait=LEAVE_WAIT)

    # -- words ------------------------------------------------------------------------------------

    def status(self, falling: tuple[int, int] | None) -> str:
        name = self.opponent
        if falling is not None:
            player, col = falling
            who = "You drop" if player == self.colour else f"{name} drops"
            return f"{who} in column {col + 1}"
        if self.over:
            extra = ("" if not self.connected else " · N accepts the rematch" if self.rematch_asked
                     else " · N rematch")
            return f"{self.result_text()}{extra} · R review · Esc menu"
        if not self.connected:
            return (f"{name} is not connected: waiting for them to come back · Esc menu" if self.hosting
                    else "Disconnected: R reconnects · Esc menu")
        if self.model.turn == self.colour:
            return f"Your turn ({self.colour_name(self.colour)})"
        return f"{name}'s turn ({self.colour_name(self.model.turn)})…"

    def result_text(self) -> str:
        if self.resigned is not None:
            return f"{self.opponent} resigned: you win!" if self.resigned != self.colour else "You resigned"
        winner = self.model.winner
        if winner is None:
            return "Draw: the board is full"
        return "You win!" if winner == self.colour else f"{self.opponent} wins"

    def score_text(self) -> tuple[str, str]:
        s = self.score
        return (f"Score: you {s.won} · {self.opponent} {s.lost} · draws {s.drawn}", f"{s.won}–{s.lost}–{s.drawn}")

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
from game.i18n import N_, _
from game.model import GameModel
from game.ui.game.seats import Finished, Follow, News, Refusal, Reply, Say, Withdraw
from game.ui.netplay.net_chat import Chat
from game.ui.overlays import Confirm
from game.ui.scene import SceneName

if TYPE_CHECKING:  # a NetStart's link is made by the lobby, which loads the network's modules then
    from game.net import events as ev
    from game.net.link import NetLink

DROP_SECONDS = 10.0   # how long the reason for a dropped connection stays in the status line
#: The reason sent to the other side (the protocol keeps it in English; the receiver translates it).
LEFT_GAME = N_("the other player left the game")
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
        super().__init__(question, detail, self._yes, yes=_("Yes"), no=_("No"))
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
        # TRANSLATORS: this side's player, where the game names a player ("You win!" is its own message).
        return _("You") if number == self.colour else escape_control(self.opponent)

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
        said = (_("{name} is back: the game is over (N rematch, R review)") if event.resumed and self.over
                else _("{name} is back: the game goes on") if event.resumed
                else _("Playing {name}: you are {colour}")).format(name=self.opponent,
                                                                     colour=self.colour_name(self.colour))
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
            self.question = Answer(_("{name} asks to take back a move").format(name=self.opponent),
                                   _("Yes takes back their last move (and your reply to it, if you made one)."),
                                   link.answer_undo)
            return [self.question]
        self.rematch_asked = True
        return [Say(_("{name} wants a rematch: N accepts (colours swap)").format(name=self.opponent))]

    def _dropped(self, event: ev.Dropped) -> list[News]:
        self.connected, self.rematch_asked = False, False
        news: list[News] = [Withdraw(self.question)] if self.question is not None else []
        self.question = None
        said = (_("{reason}. The game is over: R reviews it") if self.over
                else _("{reason}. Game kept: waiting for {name} to come back") if self.hosting
                else _("{reason}. Game kept: R reconnects")).format(reason=event.reason, name=self.opponent)
        # In the status line, not a notice: a notice would cover the score line at the top.
        return [*news, Say(said, warning=True, seconds=DROP_SECONDS)]

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
            return Refusal(_("Not connected: waiting for {name}").format(name=self.opponent) if self.hosting
                           else _("Not connected: R reconnects"))
        if self.over:
            return Refusal(_("The game is over: N asks for a rematch, R reviews it"))
        if self.model.turn != self.colour:
            return Refusal(_("Wait: it is {name}'s turn").format(name=self.opponent))
        return None

    def play(self, col: int) -> None:
        """Hand a move to the match (shown once it has accepted it: a Played event)."""
        if self.link is not None:
            self.link.play(col)

    def undo(self) -> Reply:
        if self.link is not None and self.connected:
            self.link.undo()
            return None
        return Refusal(_("Not connected: undo needs the other player's yes"))

    def rematch(self) -> Reply:
        if not self.over:
            return Refusal(_("N asks for a rematch once this game is over"))
        if self.link is not None:
            self.link.rematch()
        return None

    def resign(self) -> Reply:
        if self.over or self.link is None or not self.connected:
            return Refusal(_("Nothing to resign"))
        return Confirm(_("Resign this game?"), _("{name} wins it; N then asks for a rematch.").format(name=self.opponent),
                       self.link.resign)

    def reconnect(self) -> Reply:
        """R before the game is over: a guest whose connection dropped joins the host again."""
        if not self.connected and not self.hosting and self.link is not None:
            self.link.reconnect()
            return _("Reconnecting…")
        if self.connected:
            return Refusal(_("R reviews the game once it is over"))
        return None

    def say(self, text: str) -> None:
        """Send a chat line (already shown on this side)."""
        if self.link is not None:
            self.link.chat(text)

    def leave_question(self) -> tuple[str, str] | None:
        if self.over or not self.connected:
            return None
        detail = (_("{name} is told you left. The game is kept: \"Resume network game\" in the menu hosts it "
                    "again, for {name} to go on with you from this position.") if self.hosting
                  else _("{name} is told you left. The game is kept: \"Resume network game\" in the menu joins it "
                         "again, for {name} to go on with you from this position."))
        return _("Leave the network game?"), detail.format(name=self.opponent)

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
            said = _("You drop in column {column}") if player == self.colour else _("{name} drops in column {column}")
            return said.format(name=name, column=col + 1)
        if self.over:
            said = (_("{result} · R review · Esc menu") if not self.connected
                    else _("{result} · N accepts the rematch · R review · Esc menu") if self.rematch_asked
                    else _("{result} · N rematch · R review · Esc menu"))
            return said.format(result=self.result_text())
        if not self.connected:
            return (_("{name} is not connected: waiting for them to come back · Esc menu").format(name=name)
                    if self.hosting else _("Disconnected: R reconnects · Esc menu"))
        if self.model.turn == self.colour:
            return _("Your turn ({colour})").format(colour=self.colour_name(self.colour))
        return _("{name}'s turn ({colour})…").format(name=name, colour=self.colour_name(self.model.turn))

    def result_text(self) -> str:
        if self.resigned is not None:
            return (_("{name} resigned: you win!").format(name=self.opponent) if self.resigned != self.colour
                    else _("You resigned"))
        winner = self.model.winner
        if winner is None:
            return _("Draw: the board is full")
        return _("You win!") if winner == self.colour else _("{name} wins").format(name=self.opponent)

    def score_text(self) -> tuple[str, str]:
        s = self.score
        return (_("Score: you {won} · {name} {lost} · draws {drawn}").format(won=s.won, name=self.opponent, lost=s.lost,
                                                                             drawn=s.drawn),
                f"{s.won}–{s.lost}–{s.drawn}")

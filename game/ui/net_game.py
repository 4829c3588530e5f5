"""A game against a player on another computer: the game scene, with the other side's moves
arriving from the network thread instead of a computer player.

It looks like a two-player game: the same board, whose turn it is, the opponent's name, the
running score of this sitting, the opponent's moves animated as they arrive. What changes the
shared game goes through the link (``game.net.link``), which checks it by the engine's rules and
tells the other side; the scene follows the link's events and never applies a rule itself. Undo
is a request the other side answers; N asks for a rematch (colours swap); hints and the analysis
row are off; a dropped connection is shown at once and the game is kept for a reconnect.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

import pygame

from game.model import GameModel
from game.domain.names import clean_level_name
from game.net import events as ev
from game.net.link import NetLink
from game.net.protocol import MAX_CHAT_CHARS
from game.domain.players import HUMAN
from game.echo import escape_control
from game.session.rating import RatingGuard
from game.domain.saved import NetRole, NetworkSeat
from game.ui import game_text
from game.ui.game_scene import Flash, GameScene
from game.ui.overlays import Confirm
from game.ui.resources import draw_text, fit_text, largest_fitting, text_width
from game.ui.scene import Context, GameStart, MenuData, ReviewStart, SceneName, Transition, is_ctrl
from game.ui.seats import Networked
from game.ui.theme import Colour

CHAT_SECONDS = 12.0
DROP_SECONDS = 10.0   # how long the reason for a dropped connection stays in the status line
LEFT_GAME = "the other player left the game"
LEAVE_WAIT = 0.3     # quitting waits this long at most for the goodbye to go out
KEY_HELP = (("1–7 or click drop · Ctrl+Z ask to undo · T chat · N rematch · Ctrl+R resign · R review · "
             "Ctrl+S save · Esc leave"),
            "1–7 drop · Ctrl+Z undo · T chat · N rematch · Esc leave",
            "1–7 drop · T chat · Esc leave",
            "Esc leave")


@dataclass(frozen=True, slots=True)
class NetStart:
    """What the network game scene starts from: the connected link and how it connected (a host
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
        super().__init__(question, detail, lambda: None, yes="Yes", no="No")
        self.answer = answer
        self.said_yes = False
        self.on_yes = self._yes

    def _yes(self) -> None:
        self.said_yes = True

    def handle(self, event: pygame.event.Event) -> bool:
        closed = super().handle(event)
        if closed:
            self.answer(self.said_yes)
        return closed


class NetGameScene(GameScene):
    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.link: NetLink | None = None
        self.opponent = ""
        self.colour = 1
        self.hosting = False
        self.address, self.port = "", 0                # where to go back into this game (see NetStart)
        self.game_id = ""
        self.secret = ""                                # the game's secret (kept in its saves, never shown)
        self.connected = False
        self.resigned: int | None = None
        self.score = Score()
        self.chat: tuple[str, float] | None = None      # (line shown, seconds left)
        self.typing: str | None = None                  # the chat line being typed
        self._swallow = ""          # the text of the key that opened the chat line, dropped once
        self.rematch_asked = False
        self._keep_link = False                         # leaving for the review: the game goes on after
        self._by_key = False                            # leaving by a key (not the window closing)
        self._counted: Literal["won", "lost", "drawn"] | None = None    # this game's result, once counted
        self.rating = RatingGuard(ctx.settings)     # two people: never rated, never left as a loss

    # -- scene contract --------------------------------------------------------------------

    @property
    def wants_text(self) -> bool:
        """While the chat line is open every key is the chat's (M does not mute, F11 does not
        switch to fullscreen)."""
        return self.typing is not None

    def enter(self, data: object) -> None:
        if data is None and self.link is not None:        # back from reviewing this game
            self.next, self._keep_link = None, False
            return
        if not isinstance(data, NetStart):
            super().enter(data)
            self.next = Transition(SceneName.MENU)
            return
        self.link, self.hosting, self._by_key = data.link, data.hosting, False
        self.address, self.port = data.address, data.port
        self.opponent, self.colour, self.game_id = data.connected.opponent, data.connected.colour, data.connected.game
        self.secret = data.connected.secret
        super().enter(GameStart(HUMAN, HUMAN, data.connected.moves))    # autosaved as a network game
        self.seats = Networked()     # what the game allows: undo asks the other side; no hints, redo or loading
        self.score, self.resigned, self.chat, self.typing = Score(), None, None, None
        self._counted, self.rematch_asked = None, False
        self._connected(data.connected)

    def leave(self) -> None:
        super().leave()
        if self._keep_link or self.link is None:
            return
        link, self.link = self.link, None
        # Leaving by a key returns at once; the window closing waits a moment for the goodbye.
        if self._by_key:
            link.close(LEFT_GAME)
        else:
            link.close(wait=LEAVE_WAIT)

    def shutdown(self) -> None:
        """The window closes while this game waits under its review: the other side is told."""
        link, self.link = self.link, None
        if link is not None:
            link.close(wait=LEAVE_WAIT)

    # -- the other side ----------------------------------------------------------------------

    def update(self, dt: float) -> None:
        if self.link is not None:
            for event in self.link.poll():
                self._on(event)
        if self.chat is not None:
            self.chat = (self.chat[0], self.chat[1] - dt) if self.chat[1] > dt else None
        self._swallow = ""          # only a TEXTINPUT of the same frame as the T key is its echo
        super().update(dt)

    def _on(self, event: ev.Event) -> None:
        if isinstance(event, (ev.Moved, ev.Played)):     # a move the match accepted, either side's
            self._follow(event.moves, animate=event.column)
        elif isinstance(event, ev.State):
            self._state(event)
        elif isinstance(event, ev.Asked):
            self._asked(event.question)
        elif isinstance(event, ev.Info):
            self._say(event.text, warning=event.warning)
        elif isinstance(event, ev.ChatLine):
            self.chat = (f"{self.opponent}: {event.text}", CHAT_SECONDS)
        elif isinstance(event, ev.Dropped):
            self.connected, self.rematch_asked = False, False
            if isinstance(self.overlay, Answer):
                self.overlay = None
            after = ("The game is over: R reviews it" if self.over
                     else f"Game kept: waiting for {self.opponent} to come back" if self.hosting
                     else "Game kept: R reconnects")
            # In the status line, not a notice: a notice would cover the score line at the top.
            self.flash = Flash(f"{event.reason}. {after}", seconds=DROP_SECONDS, warning=True)
        elif isinstance(event, ev.Connected):
            self._connected(event)
        elif isinstance(event, ev.Failed):
            self._say(event.reason[:1].upper() + event.reason[1:], warning=True)

    def _changed(self) -> None:
        """Every save of this game (the autosave, Ctrl+S, the menu's offer) says whose it is and
        how to go back into it."""
        self.model.network = self.seat()
        super()._changed()

    def seat(self) -> NetworkSeat | None:
        if not self.game_id:
            return None
        role = NetRole.HOST if self.hosting else NetRole.GUEST
        return NetworkSeat(role, self.game_id, self.colour, clean_level_name(self.opponent),
                           "" if self.hosting else self.address, self.port if self.hosting else 0, self.secret)

    def _connected(self, event: ev.Connected) -> None:
        if not event.resumed and event.game != self.game_id:
            # A new game (a new player after a finished one): nothing of the last one carries over.
            if event.opponent != self.opponent:
                self.score = Score()
            self.resigned, self._counted, self.rematch_asked = None, None, False
        self.opponent, self.colour, self.connected = event.opponent, event.colour, True
        self.game_id, self.secret = event.game, event.secret
        self.model.network = self.seat()
        self._follow(event.moves)
        self._say(f"{self.opponent} is back: the game goes on" if event.resumed
                  else f"Playing {self.opponent}: you are {self.ctx.theme.colour_name(self.colour)}")

    def _follow(self, moves: str, animate: int | None = None) -> None:
        """Show the game the link agreed on: one new move drops in, anything else is set at once."""
        if moves == self.model.moves_string():
            return
        if animate is not None and moves == self.model.moves_string() + str(animate + 1):
            self._play(animate)
            return
        self.model.load_moves(moves)
        self.anims.clear()
        self._changed()

    def _state(self, state: ev.State) -> None:
        new_game = state.moves == "" and (self.model.is_over or self.resigned is not None)
        self.colour = state.colour
        self.model.network = self.seat()
        if state.resigned is not None and self.resigned is None:
            self.resigned = state.resigned
            self._count(self.model)
            self.ctx.session.autosaver.cleared()    # ended: nothing to go back into (the board alone does not say so)
        elif state.resigned is None:
            self.resigned = None
        if new_game:
            self._counted, self.rematch_asked = None, False
        self._follow(state.moves)
        self._uncount()

    def _asked(self, question: ev.Question) -> None:
        link = self.link
        if link is None:
            return
        if question is ev.Question.UNDO:
            self.overlay = Answer(f"{self.opponent} asks to take back a move",
                                  "Yes takes back their last move (and your reply to it, if you made one).",
                                  link.answer_undo)
        else:
            self.rematch_asked = True
            self._say(f"{self.opponent} wants a rematch: N accepts (colours swap)")

    def _game_over(self) -> None:
        super()._game_over()
        self._count(self.model)

    def drill_sides(self) -> tuple[int, ...]:
        return (self.colour,)   # a network game counts for this computer's side only

    def _count(self, model: GameModel | None = None) -> None:
        """Add a finished game to the score once (a win, a resignation or a draw)."""
        if self._counted is not None or not self.over:
            return
        winner = self.winner
        self._counted = "drawn" if winner is None else "won" if winner == self.colour else "lost"
        setattr(self.score, self._counted, getattr(self.score, self._counted) + 1)

    def _uncount(self) -> None:
        """An agreed undo took a finished game back into play: its result no longer stands."""
        if self._counted is not None and not self.over:
            setattr(self.score, self._counted, getattr(self.score, self._counted) - 1)
            self._counted = None

    # -- this side's player --------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.model.is_over or self.resigned is not None

    @property
    def winner(self) -> int | None:
        """Who won this game: the other player when one resigned, else the board's winner (None
        while the game goes on or when it is drawn)."""
        return 3 - self.resigned if self.resigned is not None else self.model.winner

    def human_can_move(self) -> bool:
        return (self.connected and not self.over and self.model.turn == self.colour and self.overlay is None
                and self.typing is None)

    def play_column(self, col: int) -> bool:
        if self.link is None:
            return False
        if not self.connected:
            self._reject(None, "Not connected: " + (f"waiting for {self.opponent}" if self.hosting else "R reconnects"))
            return False
        if self.over:
            self._reject(None, "The game is over: N asks for a rematch, R reviews it")
            return False
        if self.model.turn != self.colour:
            self._reject(None, f"Wait: it is {self.opponent}'s turn")
            return False
        if not self.model.position.can_play(col):
            self._reject(col, f"Column {col + 1} is full: choose another one")
            return False
        self.link.play(col)      # shown once the match has accepted it (a Played event)
        return True

    def _handle_key(self, event: pygame.event.Event) -> None:
        if self.typing is not None:
            self._type(event)
            return
        key, ctrl = event.key, is_ctrl(event)
        actions: dict[tuple[int, bool], Callable[[], None]] = {
            (pygame.K_t, False): self._start_chat, (pygame.K_r, True): self._resign,
            (pygame.K_r, False): self._review_or_reconnect,
        }
        action = actions.get((key, ctrl))
        if action is not None:
            action()
        else:
            super()._handle_key(event)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.TEXTINPUT and self.typing is not None:
            swallow, self._swallow = self._swallow, ""
            if swallow and event.text.casefold() == swallow:
                return        # the T that opened the line arrives as text too
            text = "".join(ch for ch in event.text if ch.isprintable())
            self.typing = (self.typing + text)[:MAX_CHAT_CHARS]
            return
        super().handle(event)

    def _start_chat(self) -> None:
        if not self.connected:
            self._reject(None, "Not connected: nobody would read it")
            return
        self.typing, self._swallow = "", "t"

    def _type(self, event: pygame.event.Event) -> None:
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            text, self.typing = (self.typing or "").strip(), None
            if text and self.link is not None:
                self.link.chat(text)
                self.chat = (f"You: {text}", CHAT_SECONDS)
        elif event.key == pygame.K_ESCAPE:
            self.typing = None
        elif event.key == pygame.K_BACKSPACE:
            self.typing = (self.typing or "")[:-1]

    def undo(self) -> None:
        if self.link is not None and self.connected:
            self.link.undo()
        else:
            self._reject(None, "Not connected: undo needs the other player's yes")

    def new_game(self) -> None:
        if not self.over:
            self._reject(None, "N asks for a rematch once this game is over")
        elif self.link is not None:
            self.link.rematch()

    def _resign(self) -> None:
        if self.over or self.link is None or not self.connected:
            self._reject(None, "Nothing to resign")
            return
        link = self.link
        self.overlay = Confirm("Resign this game?", f"{self.opponent} wins it; N then asks for a rematch.",
                               link.resign)

    def _review_or_reconnect(self) -> None:
        if self.over and not self.anims:
            self._keep_link = True
            opponent = escape_control(self.opponent)
            names = ("You", opponent) if self.colour == 1 else (opponent, "You")
            self.next = Transition(SceneName.REVIEW, ReviewStart(self.model.moves_string(), HUMAN, HUMAN,
                                                                 back=SceneName.NETWORK_GAME, names=names))
        elif not self.connected and not self.hosting and self.link is not None:
            self.link.reconnect()
            self._say("Reconnecting…")
        elif self.connected:
            self._reject(None, "R reviews the game once it is over")

    def to_menu(self) -> None:
        if self.over or not self.connected:
            self._leave()
            return
        again = "hosts it again" if self.hosting else "joins it again"
        self.overlay = Confirm("Leave the network game?", f"{self.opponent} is told you left. The game is kept: "
                               f"\"Resume network game\" in the menu {again}, for {self.opponent} to go on with "
                               "you from this position.", self._leave)

    def _leave(self) -> None:
        self._by_key = True
        unfinished = bool(self.model.moves) and not self.over
        self.next = Transition(SceneName.MENU, MenuData(self.model.saved_game() if unfinished else None))

    # -- drawing -------------------------------------------------------------------------------

    def status_text(self) -> str:
        name = self.opponent
        if self.anims:
            falling = self.anims[-1]
            who = "You drop" if falling.player == self.colour else f"{name} drops"
            return f"{who} in column {falling.col + 1}"
        if self.typing is not None:
            return f"Say: {self.typing}_ · Enter sends · Esc cancels"
        if self.over:
            extra = ("" if not self.connected else " · N accepts the rematch" if self.rematch_asked
                     else " · N rematch")
            return f"{self.result_text()}{extra} · R review · Esc menu"
        if not self.connected:
            return (f"{name} is not connected: waiting for them to come back · Esc menu" if self.hosting
                    else "Disconnected: R reconnects · Esc menu")
        if self.model.turn == self.colour:
            return f"Your turn ({self.ctx.theme.colour_name(self.colour)})"
        return f"{name}'s turn ({self.ctx.theme.colour_name(self.model.turn)})…"

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

    def draw(self, surface: pygame.Surface) -> None:
        ctx = self.ctx
        theme, layout = ctx.theme, ctx.layout
        surface.fill(theme.background)
        self._draw_header(surface)
        self._draw_top_row(surface)
        game_text.draw_column_numbers(self.view(), surface)
        ctx.renderer.draw(surface, layout, theme, game_text.board_scene(self.view()))
        if self.over and not self.anims:
            size = max(18, layout.cell // 2)
            text, size = largest_fitting((self.result_text(),), size, surface.get_width() - 16, min_size=14, bold=True)
            draw_text(surface, text, size, self.result_colour(), bold=True,
                      center=(layout.board.centerx, layout.ghost_y))
        self._draw_status(surface)
        if self.overlay is not None:
            self.overlay.draw(surface, theme)

    def _draw_header(self, surface: pygame.Surface) -> None:
        ctx = self.ctx
        theme, layout = ctx.theme, ctx.layout
        rect, size = layout.header, layout.text_size
        right = game_text.header_right(self.view()) + ("" if self.connected else " · offline")
        right_rect = draw_text(surface, right, size, theme.dim_text if self.connected else theme.warning,
                               midright=(rect.right - 8, rect.centery))
        x = rect.left + 8
        room = (right_rect.left - 12 - x) // 2
        for number in (1, 2):
            disc = ctx.renderer.disc(theme, number, max(5, size * 4 // 10))
            surface.blit(disc, disc.get_rect(midleft=(x, rect.centery)))
            who = "You" if number == self.colour else escape_control(self.opponent)
            label, label_size = largest_fitting((f"{self.ctx.theme.colour_name(number)}: {who}", who), size,
                                                room - disc.get_width() - 12)
            draw_text(surface, label, label_size, theme.text, midleft=(x + disc.get_width() + 4, rect.centery))
            x += room

    def _draw_top_row(self, surface: pygame.Surface) -> None:
        """The score of this sitting, and the latest chat line under it when there is one."""
        theme, layout = self.ctx.theme, self.ctx.layout
        rect, size, width = layout.analysis, layout.small_size, surface.get_width() - 16
        lines = [largest_fitting(self.score_text(), size, width)]
        if self.chat is not None:
            lines.append(largest_fitting((escape_control(self.chat[0]),), size, width))
        if len(lines) == 2 and rect.height < 2 * size + 4:
            lines = lines[1:]        # no room for both: the fresh chat line wins for its seconds
        step = rect.height // (len(lines) + 1)
        for i, (text, text_size) in enumerate(lines, start=1):
            draw_text(surface, text, text_size, theme.accent if i == 2 or self.chat and len(lines) == 1
                      else theme.dim_text, center=(rect.centerx, rect.top + i * step))

    def result_colour(self) -> Colour:
        theme, winner = self.ctx.theme, self.winner
        return theme.draw if winner is None else theme.win if winner == self.colour else theme.loss

    def status_line(self) -> tuple[str, Colour]:
        """The status line and its colour: a fresh message, else the state of play (a finished
        game's in the colour of its result, as the result over the board)."""
        theme = self.ctx.theme
        if self.flash is not None and self.typing is None:
            return self.flash.text, theme.warning if self.flash.warning else theme.accent
        if self.over and not self.anims and self.typing is None:
            return self.status_text(), self.result_colour()
        return self.status_text(), theme.text if self.connected else theme.warning

    def _draw_status(self, surface: pygame.Surface) -> None:
        layout = self.ctx.layout
        theme, rect = self.ctx.theme, layout.status
        text, colour = self.status_line()
        width, size = rect.width - 16, layout.text_size
        while size > 14 and text_width(text, size, True) > width:
            size -= 1
        draw_text(surface, fit_text(escape_control(text), size, width, True), size, colour, bold=True,
                  midtop=(rect.centerx, rect.top + 2))
        help_text, help_size = largest_fitting(KEY_HELP, layout.small_size, width)
        draw_text(surface, help_text, help_size, theme.dim_text, midbottom=(rect.centerx, rect.bottom - 2))

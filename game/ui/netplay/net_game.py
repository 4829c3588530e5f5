"""A game against a player on another computer: the game scene with these seats.

It looks like a two-player game: the same board, whose turn it is, the opponent's name, the
running score of this sitting, the opponent's moves animated as they arrive. The game is shared:
what changes it goes through the link (``game.net.link``), whose match checks it by the engine's
rules and tells the other side, and the scene follows the news the table (``net_table``) makes of
the link's events; nothing here applies a rule. Undo is a request the other side answers; N asks
for a rematch (colours swap); Ctrl+R resigns; T opens the chat line (``net_chat``); hints, redo,
the analysis row and loading are off; a dropped connection is shown at once and the game is kept
for a reconnect.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.i18n import N_, _, pgettext
from game.model import GameModel
from game.ui.game.game_input import Command
from game.ui.game.seats import Allow, News, Refusal, Reply, Seats
from game.ui.netplay.net_table import Answer, NetStart, NetTable
from game.ui.scene import NetworkSide, SceneName

__all__ = ["Answer", "KEY_HELP", "NetStart", "Networked"]

#: The keys of a network game, longest first (the first that fits is shown), translated where shown.
KEY_HELP = (N_("1–7 or click drop · Ctrl+Z ask to undo · T chat · N rematch · Ctrl+R resign · R review · "
               "Ctrl+S save · Esc leave"),
            N_("1–7 drop · Ctrl+Z undo · T chat · N rematch · Esc leave"),
            N_("1–7 drop · T chat · Esc leave"),
            N_("Esc leave"))


class Networked(Seats):
    """The seats of a network game: this screen's player and one at another computer."""

    allows = Allow.DROP | Allow.UNDO
    result_coloured = True
    home = SceneName.NETWORK_GAME

    def __init__(self, start: NetStart, model: GameModel, colours: tuple[str, str]) -> None:
        self.table = NetTable(start, model, colours)
        self.chat = self.table.chat
        self._news: list[News] = self.table.sat_down(start.connected)

    @property
    def key_help(self) -> tuple[str, ...]:        # type: ignore[override]
        return tuple(_(text) for text in KEY_HELP)

    def refusal(self, what: Allow) -> Refusal | None:
        if what in (Allow.HINT, Allow.ANALYSIS):
            return Refusal(_("Hints and the analysis row are off in network games"))
        if what is Allow.REDO:
            return Refusal(_("Redo is off in network games"))
        if what is Allow.LOAD:
            return Refusal(_("Loading a saved game is off in network games (Ctrl+S still saves this one)"))
        return None

    # -- words ------------------------------------------------------------------------------------

    def name(self, model: GameModel, number: int, colour: str) -> str:
        return self.table.who(number)

    def who(self, model: GameModel, number: int) -> str | None:
        return self.table.who(number)

    def result(self, model: GameModel, winner_name: str) -> str:
        return self.table.result_text()

    def lost(self, model: GameModel) -> bool:
        return self.table.winner not in (None, self.table.colour)

    def score(self, model: GameModel, counted: bool, analysis_on: bool) -> tuple[str, ...] | None:
        return self.table.score_text()

    def remark(self) -> str | None:
        return self.chat.shown[0] if self.chat.shown is not None else None

    def header_note(self) -> str:
        return "" if self.table.connected else " · " + pgettext("connection", "offline")

    @property
    def alert(self) -> bool:
        return not self.table.connected

    def status(self, model: GameModel, falling: tuple[int, int] | None) -> str | None:
        typing = self.chat.status()
        return typing if typing is not None and falling is None else self.table.status(falling)

    def review_names(self, model: GameModel) -> tuple[str, str] | None:
        return self.table.who(1), self.table.who(2)

    def review_side(self) -> NetworkSide:
        table = self.table
        return NetworkSide(table.colour, table.who(3 - table.colour), table.resigned)

    # -- the game ---------------------------------------------------------------------------------

    def over(self, model: GameModel) -> bool:
        return self.table.over

    def winner(self, model: GameModel) -> int | None:
        return self.table.winner

    def may_move(self, model: GameModel) -> bool:
        table = self.table
        return table.connected and not table.over and model.turn == table.colour and not self.chat.typing

    def move_refusal(self, model: GameModel) -> Refusal | None:
        return self.table.move_refusal()

    def send_move(self, col: int) -> bool:
        self.table.play(col)
        return True         # the other side's match agrees to it, or nothing is shown

    def changed(self, model: GameModel) -> None:
        """Every save of this game (the autosave, Ctrl+S, the menu's offer) says whose it is and
        how to go back into it; an agreed undo of a finished game takes its result back."""
        model.network = self.table.seat()
        self.table.uncount()

    def game_over(self, model: GameModel) -> None:
        self.table.count()

    def drill_sides(self, model: GameModel) -> tuple[int, ...]:
        return (self.table.colour,)   # a network game counts for this computer's side only

    def poll(self, dt: float) -> list[News]:
        self.chat.tick(dt)
        news, self._news = self._news, []
        return news + self.table.poll()

    # -- commands ---------------------------------------------------------------------------------

    def steering(self) -> dict[Command, Callable[[], Reply]]:
        table = self.table
        return {Command.UNDO: table.undo, Command.NEW_GAME: table.rematch, Command.RESIGN: table.resign,
                Command.RETRY: table.reconnect, Command.CHAT: self._open_chat}

    def _open_chat(self) -> Reply:
        if not self.table.connected:
            return Refusal(_("Not connected: nobody would read it"))
        self.chat.open()
        return None

    @property
    def wants_text(self) -> bool:
        return self.chat.typing

    def type(self, event: pygame.event.Event) -> Reply:
        text = self.chat.type(event)
        if text is not None:
            self.table.say(text)
        return None

    def leave_question(self) -> tuple[str, str] | None:
        return self.table.leave_question()

    def leave(self, going_to: SceneName | None) -> None:
        self.table.leave(going_to)

    def shutdown(self) -> None:
        self.table.shutdown()

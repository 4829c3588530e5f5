"""A game against a player on another computer: the game scene with these seats, handed in by
the lobby (``GameStart.seats``).

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
from game.ui.game.seats import Allow, News, Peer, Refusal, Reply, Seats, Sitting
from game.ui.netplay.net_table import Answer, NetStart, NetTable
from game.ui.scene import NetworkSide, SceneName

__all__ = ["Answer", "KEY_HELP", "NetPeer", "NetStart", "Networked"]

#: The keys of a network game, longest first (the first that fits is shown), translated where shown.
KEY_HELP = (N_("1–7 or click drop · Ctrl+Z ask to undo · T chat · N rematch · Ctrl+R resign · R review · "
               "Ctrl+S save · Esc leave"),
            N_("1–7 drop · Ctrl+Z undo · T chat · N rematch · Esc leave"),
            N_("1–7 drop · T chat · Esc leave"),
            N_("Esc leave"))
#: What is off in a network game and why, translated where said.
REFUSALS = ((Allow.HINT, N_("Hints and the analysis row are off in network games")),
            (Allow.ANALYSIS, N_("Hints and the analysis row are off in network games")),
            (Allow.REDO, N_("Redo is off in network games")),
            (Allow.LOAD, N_("Loading a saved game is off in network games (Ctrl+S still saves this one)")))


class Networked(Seats):
    """The seats of a network game: this screen's player and one at another computer. The scene
    asks them what every seats answer (:meth:`sitting`, :meth:`steering`, the game's moments); the
    other side is their :attr:`peer`."""

    def __init__(self, start: NetStart, model: GameModel, colours: tuple[str, str]) -> None:
        self.table = NetTable(start, model, colours)
        self.chat = self.table.chat
        self.peer: NetPeer = NetPeer(self.table, start)

    def sitting(self, model: GameModel, colours: tuple[str, str],
                falling: tuple[int, int] | None = None) -> Sitting:
        table, chat = self.table, self.chat
        names = (table.who(1), table.who(2))
        typing = chat.status()
        return Sitting(
            allows=Allow.DROP | Allow.UNDO, over=table.over, winner=table.winner, names=names, who=names,
            may_move=table.connected and not table.over and model.turn == table.colour and not chat.typing,
            move_refusal=table.move_refusal(),
            refusals=tuple((allowed, Refusal(_(said))) for allowed, said in REFUSALS), result=table.result_text(),
            lost=table.winner not in (None, table.colour), score=table.score_text(),
            remark=chat.shown[0] if chat.shown is not None else None,
            note="" if table.connected else " · " + pgettext("connection", "offline"), alert=not table.connected,
            status=typing if typing is not None and falling is None else table.status(falling),
            result_coloured=True, key_help=tuple(_(text) for text in KEY_HELP), rated=False,
            leave_question=table.leave_question(),
            review_names=names, review_side=NetworkSide(table.colour, table.who(3 - table.colour), table.resigned),
            drill_sides=(table.colour,))     # a network game counts for this computer's side only

    def steering(self) -> dict[Command, Callable[[], Reply]]:
        table = self.table
        return {Command.UNDO: table.undo, Command.NEW_GAME: table.rematch, Command.RESIGN: table.resign,
                Command.RETRY: table.reconnect, Command.CHAT: self._open_chat}

    def changed(self, model: GameModel) -> None:
        """An agreed undo of a finished game takes its result back."""
        self.table.uncount()

    def game_over(self, model: GameModel) -> None:
        self.table.count()

    def _open_chat(self) -> Reply:
        if not self.table.connected:
            return Refusal(_("Not connected: nobody would read it"))
        self.chat.open()
        return None


class NetPeer(Peer):
    """The other side of a network game: the table's news in, this side's moves and chat out."""

    def __init__(self, table: NetTable, start: NetStart) -> None:
        self.table = table
        self._news: list[News] = table.sat_down(start.connected)

    def poll(self, dt: float) -> list[News]:
        """The table's news since the last frame. The model's seat is written here alone, after the
        news and before the scene applies it: every save of this game (the autosave, Ctrl+S, the
        menu's offer) says whose it is, who resigned and how to go back into it."""
        table = self.table
        table.chat.tick(dt)
        news, self._news = self._news, []
        news += table.poll()
        table.model.network = table.seat()
        return news

    def send(self, col: int) -> None:
        self.table.play(col)

    @property
    def typing(self) -> bool:
        return self.table.chat.typing

    def type(self, event: pygame.event.Event) -> Reply:
        text = self.table.chat.type(event)
        if text is not None:
            self.table.say(text)
        return None

    def leave(self, going_to: SceneName | None) -> None:
        self.table.leave(going_to)

    def shutdown(self) -> None:
        self.table.shutdown()

"""One game over the network, as the network thread plays it: the match, the connection holding it
for now, and what either side's player does to it.

The match (``game.net.match``) checks every move and request by the engine's rules; only what it
accepted is sent, and told to the window as events (``game.net.events``). The connection may drop
and another take its place (a reconnect): the match survives it."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from game.echo import plain_text
from game.i18n import N_, _
from game.net import events as ev
from game.net.connection import Closed, Connection, Limits, their_words
from game.net.match import Match, Refused, Resume, Violation
from game.net.protocol import (Bye, Chat, MAX_CHAT_CHARS, MAX_REASON_CHARS, Message, Move, Ping, Rematch, Resign,
                               Undo, UndoAnswer, a_kind)

NOT_HERE = N_("Not connected: the other player is not here")    # translated where told


class Play:
    """This side's game: ``match`` and ``conn`` are owned by the network thread; every event goes
    to ``emit`` (the window's queue)."""

    def __init__(self, emit: Callable[[ev.Event], None], limits: Limits) -> None:
        self.emit = emit
        self.limits = limits
        self.match: Match | None = None
        self.conn: Connection | None = None
        self.opponent: str | None = None    # the name of the player this side's game is with

    def resume(self, resume: Resume | None) -> None:
        """Go on with a saved game (its id, moves and colours) rather than a new one."""
        if resume is not None:
            self.match, self.opponent = Match.resumed(resume), resume.opponent

    def state(self) -> ev.State:
        m = self.match
        assert m is not None
        return ev.State(m.columns(), m.colour, m.resigned)

    # -- this side's player ----------------------------------------------------------------

    def local(self, action: Callable[[Match], list[Message]], said: str | None = None) -> None:
        """A move or request of this side's player: checked by the match, sent if allowed."""
        m, conn = self.match, self.conn
        if m is None or conn is None:
            self.emit(ev.Info(_(NOT_HERE), warning=True))
            if m is not None:
                self.emit(self.state())
            return
        try:
            messages = action(m)
        except Refused as exc:
            self.emit(ev.Info(str(exc), warning=True))
            self.emit(self.state())
            return
        for message in messages:
            conn.send(message)
            if isinstance(message, Move):      # accepted by the match: now the window may show it
                self.emit(ev.Played(message.column, m.columns()))
        if not any(isinstance(message, Move) for message in messages):
            self.emit(self.state())
        if said:
            self.emit(ev.Info(said))

    def rematch(self) -> None:
        m, conn = self.match, self.conn
        if m is None or conn is None:
            self.emit(ev.Info(_(NOT_HERE), warning=True))
            return
        try:
            started = m.rematch(local=True)
        except Refused as exc:
            self.emit(ev.Info(str(exc), warning=True))
            return
        conn.send(Rematch())
        if started:
            self._new_game_started()
        else:
            self.emit(ev.Info(_("Asked {name} for a rematch…").format(name=conn.name)))

    def _new_game_started(self) -> None:
        assert self.match is not None
        self.emit(self.state())
        said = (_("Rematch: colours swapped, you play Red: you move first") if self.match.colour == 1
                else _("Rematch: colours swapped, you play Yellow: the other player moves first"))
        self.emit(ev.Info(said))

    def chat(self, text: str) -> None:
        if self.conn is not None and text:
            self.conn.send(Chat(text))

    # -- the connection ----------------------------------------------------------------------

    async def hold(self, conn: Connection, resumed: bool) -> None:
        """Hold the connection for one game until it ends; the match survives it. ``resumed``:
        the game goes on (the player came back), rather than starting."""
        m = self.match
        assert m is not None
        self.conn, self.opponent = conn, conn.name
        self.emit(ev.Connected(conn.name, m.colour, m.columns(), resumed, m.game_id, m.secret, m.resigned))
        keepalive = asyncio.get_running_loop().create_task(conn.keep_alive())
        reason: str
        try:
            while True:
                self._handle(conn, await conn.read(self.limits.silence))
        except Violation as exc:
            reason = _("Disconnected: {name} sent {what}").format(name=conn.name, what=exc.words)
            await conn.close(f"you sent {exc}")
        except Closed as exc:
            said = str(exc)      # a sentence; one that starts with the player's name keeps it as it is
            reason = said if said.startswith(conn.name) else said[:1].upper() + said[1:]
            await conn.close()
        finally:
            keepalive.cancel()
            if self.conn is conn:
                self.conn = None
            if m.undo_sent is not None or m.undo_received is not None:
                m.undo_sent = m.undo_received = None
        self.emit(ev.Dropped(reason))

    def _handle(self, conn: Connection, message: Message) -> None:
        m = self.match
        assert m is not None
        if isinstance(message, Move):
            col = m.remote_move(message)
            self.emit(ev.Moved(col, m.columns()))
        elif isinstance(message, Undo):
            if m.remote_undo(message):
                self.emit(ev.Asked(ev.Question.UNDO))
            else:
                conn.send(UndoAnswer(False))
        elif isinstance(message, UndoAnswer):
            accepted = m.remote_undo_answer(message)
            self.emit(self.state())
            said = _("{name} accepted your undo request") if accepted else _("{name} declined your undo request")
            self.emit(ev.Info(said.format(name=conn.name), warning=not accepted))
        elif isinstance(message, Rematch):
            if m.rematch(local=False):
                self._new_game_started()
            else:
                self.emit(ev.Asked(ev.Question.REMATCH))
        elif isinstance(message, Resign):
            m.resign(m.opponent)
            self.emit(self.state())
            self.emit(ev.Info(_("{name} resigned: you win").format(name=conn.name)))
        elif isinstance(message, Chat):
            text = plain_text(message.text, MAX_CHAT_CHARS)
            if text:
                self.emit(ev.ChatLine(text))
        elif isinstance(message, Bye):
            said = plain_text(message.reason, MAX_REASON_CHARS)
            raise Closed(_("{name} left: {reason}").format(name=conn.name, reason=their_words(said)) if said
                         else _("{name} left").format(name=conn.name))
        elif not isinstance(message, Ping):
            raise Violation(f"{a_kind(message.kind)} in the middle of a game")

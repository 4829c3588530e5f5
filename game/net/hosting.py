"""Hosting a network game: listening, letting one stranger at a time through the handshake, and
seating the player whose hello fits the game (``game.net.handshake``, ``game.net.gate``).

Runs on the network thread. Whoever is seated plays through :class:`game.net.playing.Play`."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any

from game.domain.address import show_address
from game.i18n import _
from game.net import events as ev
from game.net.interfaces import local_addresses
from game.net.connection import Closed, Connection, Limits, their_words
from game.net.gate import BUSY, HandshakeGate
from game.net.handshake import IN_PROGRESS, LATE, OtherVersion, Seating, Turned, host_side, seat
from game.net.match import Resume, Violation
from game.net.playing import Play
from game.net.protocol import MAX_LINE_BYTES, Hello, ProtocolError

NOTE_SECONDS = 5.0     # what became of a stranger's connection is said at most this often


class Host:
    """The listening side of one player's network games. ``hello``: this side's name and version
    as the next hello says them; ``advertise``: announce a game on the local network (port, bind)."""

    def __init__(self, play: Play, limits: Limits, spawn: Callable[[Coroutine[Any, Any, None]], None],
                 hello: Callable[[], tuple[str, str]], advertise: Callable[[int, str | None], Awaitable[None]]) -> None:
        self.play = play
        self.limits = limits
        self.spawn = spawn
        self.hello = hello
        self.advertise = advertise
        self.hosting = False
        self.colour: int | None = None     # the host's colour for a new game; None: random
        self.gate: HandshakeGate[Connection] = HandshakeGate(limits.handshakes)
        self._server: asyncio.Server | None = None
        self._noted = float("-inf")        # when a stranger's connection was last told of

    def start(self, port: int, colour: int | None, bind: str | None, advertise: bool, resume: Resume | None) -> None:
        self.colour = colour
        self.play.resume(resume)
        self.hosting = True
        self.spawn(self._listen(port, bind, advertise))

    def stop(self) -> None:
        """Stop listening (a seated player's connection stays)."""
        self.hosting = False
        if self._server is not None:
            self._server.close()
            self._server = None

    async def _listen(self, port: int, bind: str | None, advertise: bool) -> None:
        if self._server is not None:
            return
        try:
            self._server = await asyncio.start_server(self._on_client, host=bind, port=port, limit=MAX_LINE_BYTES)
        except OSError as exc:
            self.hosting = False
            self.play.emit(ev.Failed(_("cannot listen on port {port}: {reason}").format(port=port,
                                                                           reason=exc.strerror or exc)))
            return
        port = self._server.sockets[0].getsockname()[1]
        addresses = tuple(show_address(a, port) for a in ([bind] if bind else local_addresses()))
        self.play.emit(ev.Listening(port, addresses))
        if advertise:
            await self.advertise(port, bind)

    async def _on_client(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            await self._serve(reader, writer)
        except asyncio.CancelledError:
            # Stopping: the connection simply goes. Not raised again: this task is the server's
            # own, nothing waits for it, and asyncio (3.11) would print a cancelled one as an error.
            writer.close()

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        play = self.play
        conn = Connection(reader, writer, self.limits)
        if play.conn is not None:
            await conn.close(IN_PROGRESS)
            self._note(_("Someone else tried to join: they were told a game is in progress"))
            return
        peer = writer.get_extra_info("peername")
        address = str(peer[0]) if isinstance(peer, tuple) and peer else ""
        evicted = self.gate.admit(conn, address)
        if evicted is not None:
            self.spawn(evicted.close(BUSY))
        answered = False     # for the gate: the handshake ended with a seat, or with a reason given
        name, version = self.hello()
        try:
            seating = await host_side(conn, name, version, self.limits.hello, self._seat_for(conn))
            answered = True
        except (Turned, OtherVersion) as exc:
            answered = True
            await conn.close(str(exc))
            self._note(_("{name} was turned away: {reason}").format(name=conn.name, reason=their_words(str(exc)))
                       if isinstance(exc, Turned) else exc.told, warning=True)
            return
        except (Violation, Closed, ProtocolError) as exc:
            pushed_out = not self.gate.holds(conn)
            await conn.close(str(exc) if isinstance(exc, Violation) and not pushed_out else None)
            if not pushed_out and (play.match is None or not play.match.moves):
                self._note(_("A connection attempt failed: {reason}").format(reason=exc), warning=True)
            return
        finally:
            self.gate.release(conn, failed=not answered)
        if play.conn is not None:
            await conn.close(IN_PROGRESS)
            return
        if not seating.stands(play.match):
            await conn.close(LATE)
            self._note(_("{name} accepted too late: the game had changed since their offer").format(name=conn.name),
                       warning=True)
            return
        self.gate.forgive(address)
        play.match = seating.take()
        await play.hold(conn, seating.resumed)

    def _seat_for(self, conn: Connection) -> Callable[[Hello, str], Seating]:
        def decide(hello: Hello, nonce: str) -> Seating:
            self.gate.spoke(conn)
            return seat(self.play.match, hello, nonce, self.colour, self.play.opponent or "the other player")
        return decide

    def _note(self, text: str, warning: bool = False) -> None:
        """Tell the window what happened to a stranger's connection, at most once every few
        seconds (many connections must not flood the window with lines it cannot show)."""
        now = time.monotonic()
        if now - self._noted >= NOTE_SECONDS:
            self._noted = now
            self.play.emit(ev.Info(text, warning=warning))

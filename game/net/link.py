"""The network side of a game: a thread with its own asyncio event loop, talking to the window
through two one-way channels.

The window calls :class:`NetLink`'s methods (``host``, ``join``, ``play`` ...): each only schedules
work on the loop (``game.net.loop``) and returns at once. What happens comes back as events
(``game.net.events``) that the window collects with ``poll()`` once a frame. The window thread never
waits on a socket; the network thread never touches the window.

The other side is untrusted (see docs/network.md for every limit): a line longer than
``MAX_LINE_BYTES`` closes the connection unread, every message is checked by ``protocol.decode``
and every move by ``Match`` (the engine's rules), a hello must come within ``Limits.hello``
seconds, more than ``Limits.rate`` messages a second (after a burst) close the connection, a
host plays one opponent at a time, who sits down is decided by ``game.net.handshake`` and how
many may be in their handshake by ``game.net.gate``. Whatever the other side does, this side
keeps its game.

The parts, each on the network thread: hosting (``game.net.hosting``: listening and seating one
player), joining (here), the game being played over a connection (``game.net.playing``) and
finding games (``game.net.discovery``).
"""

from __future__ import annotations

import asyncio
import queue
from collections.abc import Callable
from typing import TYPE_CHECKING

from game import __version__
from game.echo import plain_text
from game.i18n import N_, _
from game.net import events as ev
from game.domain.address import show_address
from game.net.connection import Closed, Connection, Limits
from game.net.handshake import OtherVersion, join_side
from game.net.hosting import Host
from game.net.loop import NetLoop
from game.net.match import Match, Resume, Violation
from game.net.playing import Play
from game.net.protocol import MAX_CHAT_CHARS, MAX_LINE_BYTES, Message, Resign

if TYPE_CHECKING:
    from game.net.discovery import Discovery

CLOSED_WINDOW = N_("the other player closed the game")    # sent in English, shown translated


class NetLink:
    """One player's network side: host or join one game at a time, play it, and find games."""

    def __init__(self, name: str, *, limits: Limits | None = None, version: str = __version__,
                 interfaces: list[str] | None = None) -> None:
        """``interfaces``: the addresses discovery uses (default: every interface)."""
        self.name = name
        self.interfaces = interfaces
        self.version = version
        self.limits = limits or Limits()
        self.events: queue.Queue[ev.Event] = queue.Queue()
        self.target: tuple[str, int] | None = None    # the host joined last (for reconnecting)
        self._closing = False
        self._discovery: Discovery | None = None
        self.game = Play(self.events.put, self.limits)
        self.net = NetLoop(self.limits.close)
        self.server = Host(self.game, self.limits, self.net.spawn, lambda: (self.name, self.version),
                           lambda port, bind: self._discovery_service().advertise(self.name, port, bind))

    @property
    def match(self) -> Match | None:
        """The game's match (owned by the network thread)."""
        return self.game.match

    @property
    def opponent(self) -> str | None:
        return self.game.opponent

    @property
    def connected(self) -> bool:
        return self.game.conn is not None

    # -- the window's side: each call returns at once ---------------------------------------

    def poll(self) -> list[ev.Event]:
        out = []
        while True:
            try:
                out.append(self.events.get_nowait())
            except queue.Empty:
                return out

    def host(self, port: int, colour: int | None = None, bind: str | None = None, advertise: bool = True,
             resume: Resume | None = None) -> None:
        """Listen on ``port`` (0: any free port) for one player; ``colour``: the host's, None random;
        ``bind``: one address to listen on (default: all of this computer's); ``advertise``: announce
        the game on the local network; ``resume``: offer this saved game (its id, moves and colours)
        instead of a new one, to the player it was with."""
        self.net.call(self.server.start, port, colour, bind, advertise, resume)

    def join(self, host: str, port: int, resume: Resume | None = None) -> None:
        """Join the game hosted at ``host``:``port``; ``resume``: go back into this saved game (the
        hello carries its id, moves and colour, as a reconnect does)."""
        self.net.call(self._start_join, host, port, resume)

    def rename(self, name: str) -> None:
        """Play under ``name`` from the next hello on (a checked name: see game.domain.names)."""
        self.net.call(setattr, self, "name", name)

    def reconnect(self) -> None:
        """Join the same host again to go on with the game (a host simply keeps listening)."""
        self.net.call(self._reconnect)

    def play(self, col: int) -> None:
        self._local(lambda m: m.local_move(col))

    def undo(self) -> None:
        self._local(lambda m: [m.ask_undo()], _("Asked to take back your last move…"))

    def answer_undo(self, accept: bool) -> None:
        self._local(lambda m: [m.answer_undo(accept)])

    def rematch(self) -> None:
        self.net.call(self.game.rematch)

    def resign(self) -> None:
        self._local(lambda m: (m.resign(m.colour), [Resign()])[1])

    def chat(self, text: str) -> None:
        self.net.call(self.game.chat, plain_text(text, MAX_CHAT_CHARS))

    def browse(self, on: bool) -> None:
        """Start or stop looking for games on the local network (``Found`` events)."""
        self.net.call(self._browse, on)

    def stop(self, reason: str = CLOSED_WINDOW) -> None:
        """End the connection (telling the other side ``reason``) and stop hosting; keeps the thread."""
        self.net.call(lambda: self.net.spawn(self._stop(reason)))

    def close(self, reason: str = CLOSED_WINDOW, wait: float = 0.0) -> None:
        """Tell the other side ``reason``, stop everything and end the thread. Returns at once, or
        after at most ``wait`` seconds (quitting waits a little so that the goodbye goes out)."""
        if not self.net.alive or self._closing:
            return
        self._closing = True
        self.net.finish(self._stop(reason, browse=False), wait)

    def _local(self, action: Callable[[Match], list[Message]], said: str | None = None) -> None:
        self.net.call(self.game.local, action, said)

    # -- joining (on the loop) ---------------------------------------------------------------

    def _start_join(self, host: str, port: int, resume: Resume | None = None) -> None:
        if self.game.conn is not None:
            self.events.put(ev.Info(_("Already connected"), warning=True))
            return
        self.game.resume(resume)
        self.target = (host, port)
        self.net.spawn(self._join(host, port))

    def _reconnect(self) -> None:
        if self.game.conn is not None or self.server.hosting:
            return
        if self.target is None:
            self.events.put(ev.Info(_("Nothing to reconnect to"), warning=True))
            return
        self._start_join(*self.target)

    async def _join(self, host: str, port: int) -> None:
        where, emit = show_address(host, port), self.events.put
        try:
            reader, writer = await asyncio.wait_for(
                asyncio.open_connection(host, port, limit=MAX_LINE_BYTES), self.limits.connect)
        except (TimeoutError, OSError) as exc:
            said = (_("cannot connect to {address}: no answer") if isinstance(exc, asyncio.TimeoutError)
                    else _("cannot connect to {address}: nobody is hosting a game there")
                    if isinstance(exc, ConnectionRefusedError)
                    else _("cannot connect to {address}: {reason}"))
            emit(ev.Failed(said.format(address=where, reason=plain_text(exc.strerror or str(exc), 80))))
            return
        conn = Connection(reader, writer, self.limits)
        resuming = self.game.match is not None
        try:
            self.game.match = await join_side(conn, self.game.match, self.name, self.version, self.limits.hello)
        except OtherVersion as exc:
            await conn.close(str(exc))
            emit(ev.Failed(exc.told))
            return
        except (Violation, Closed) as exc:
            await conn.close(str(exc) if isinstance(exc, Violation) else None)
            emit(ev.Failed(f"{where}: {exc}"))
            return
        await self.game.hold(conn, resumed=resuming)

    # -- stopping and discovery (on the loop) --------------------------------------------------

    async def _stop(self, reason: str, browse: bool = True) -> None:
        self.server.stop()
        discovery = self._discovery
        if discovery is not None:
            await discovery.unadvertise()
            if not browse:
                await discovery.close()
                self._discovery = None
        conn, self.game.conn = self.game.conn, None
        if conn is not None:
            await conn.close(reason)
        self.net.cancel_tasks()

    def _discovery_service(self) -> Discovery:
        # here: zeroconf loads only when hosting or looking for games
        from game.net.discovery import Discovery

        if self._discovery is None:
            self._discovery = Discovery(self.events.put, self.interfaces)
        return self._discovery

    def _browse(self, on: bool) -> None:
        if on:
            self.net.spawn(self._discovery_service().browse())
        elif self._discovery is not None:
            self.net.spawn(self._discovery.stop_browsing())

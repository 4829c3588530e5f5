"""The network side of a game: a thread with its own asyncio event loop, talking to the window
through two one-way channels.

The window calls :class:`NetLink`'s methods (``host``, ``join``, ``play`` ...): each only schedules
work on the loop (``call_soon_threadsafe``) and returns at once. What happens comes back as events
(``game.net.events``) that the window collects with ``poll()`` once a frame. The window thread never
waits on a socket; the network thread never touches the window.

The other side is untrusted (see docs/network.md for every limit): a line longer than
``MAX_LINE_BYTES`` closes the connection unread, every message is checked by ``protocol.decode``
and every move by ``Match`` (the engine's rules), a hello must come within ``Limits.hello``
seconds, more than ``Limits.rate`` messages a second (after a burst) close the connection, a
host plays one opponent at a time, who sits down is decided by ``game.net.handshake`` and how
many may be in their handshake by ``game.net.gate``. Whatever the other side does, this side
keeps its game.
"""

from __future__ import annotations

import asyncio
import queue
import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from game import __version__
from game.echo import plain_text
from game.i18n import N_, _
from game.net import events as ev
from game.domain.address import show_address
from game.net.interfaces import local_addresses
from game.net.connection import Closed, Connection, Limits, their_words
from game.net.gate import BUSY, HandshakeGate
from game.net.handshake import IN_PROGRESS, LATE, OtherVersion, Seating, Turned, host_side, join_side, seat
from game.net.match import Match, Refused, Resume, Violation
from game.net.protocol import (Bye, Chat, Hello, MAX_CHAT_CHARS, MAX_LINE_BYTES, MAX_REASON_CHARS, Message, Move, Ping, ProtocolError, Rematch, Resign, Undo, UndoAnswer, a_kind)

if TYPE_CHECKING:
    from game.net.discovery import Discovery

CLOSED_WINDOW = N_("the other player closed the game")    # sent in English, shown translated
NOTE_SECONDS = 5.0     # what became of a stranger's connection is said at most this often


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
        self.match: Match | None = None     # owned by the network thread
        self.hosting = False
        self.target: tuple[str, int] | None = None    # the host joined last (for reconnecting)
        self._conn: Connection | None = None
        self._server: asyncio.Server | None = None
        self._gate: HandshakeGate[Connection] = HandshakeGate(self.limits.handshakes)
        self._noted = float("-inf")        # when a stranger's connection was last told of
        self.opponent: str | None = None    # the name of the player this side's game is with
        self._closing = False
        self._colour: int | None = None     # the host's colour for a new game; None: random
        self._tasks: set[asyncio.Task[None]] = set()
        self._discovery: Discovery | None = None
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._run, name="connect4-network", daemon=True)
        self._thread.start()

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
        self._call(self._start_host, port, colour, bind, advertise, resume)

    def join(self, host: str, port: int, resume: Resume | None = None) -> None:
        """Join the game hosted at ``host``:``port``; ``resume``: go back into this saved game (the
        hello carries its id, moves and colour, as a reconnect does)."""
        self._call(self._start_join, host, port, resume)

    def rename(self, name: str) -> None:
        """Play under ``name`` from the next hello on (a checked name: see game.domain.names)."""
        self._call(setattr, self, "name", name)

    def reconnect(self) -> None:
        """Join the same host again to go on with the game (a host simply keeps listening)."""
        self._call(self._reconnect)

    def play(self, col: int) -> None:
        self._call(self._local, lambda m: m.local_move(col))

    def undo(self) -> None:
        self._call(self._local, lambda m: [m.ask_undo()], _("Asked to take back your last move…"))

    def answer_undo(self, accept: bool) -> None:
        self._call(self._local, lambda m: [m.answer_undo(accept)])

    def rematch(self) -> None:
        self._call(self._rematch)

    def resign(self) -> None:
        self._call(self._local, lambda m: (m.resign(m.colour), [Resign()])[1])

    def chat(self, text: str) -> None:
        self._call(self._chat, plain_text(text, MAX_CHAT_CHARS))

    def browse(self, on: bool) -> None:
        """Start or stop looking for games on the local network (``Found`` events)."""
        self._call(self._browse, on)

    def stop(self, reason: str = CLOSED_WINDOW) -> None:
        """End the connection (telling the other side ``reason``) and stop hosting; keeps the thread."""
        self._call(self._spawn, self._stop(reason))

    def close(self, reason: str = CLOSED_WINDOW, wait: float = 0.0) -> None:
        """Tell the other side ``reason``, stop everything and end the thread. Returns at once, or
        after at most ``wait`` seconds (quitting waits a little so that the goodbye goes out)."""
        if not self._thread.is_alive() or self._closing:
            return
        self._closing = True

        async def finish() -> None:
            try:
                await asyncio.wait_for(self._stop(reason, browse=False), self.limits.close)
            finally:
                self._loop.stop()

        asyncio.run_coroutine_threadsafe(finish(), self._loop)
        if wait > 0:
            self._thread.join(wait)

    @property
    def connected(self) -> bool:
        return self._conn is not None

    # -- the loop's side ---------------------------------------------------------------------

    def _run(self) -> None:
        """The thread: the loop until ``close``, then its last tasks cancelled (bounded) and the loop closed."""
        try:
            self._loop.run_forever()
        finally:
            tasks = asyncio.all_tasks(self._loop)
            for task in tasks:
                task.cancel()
            if tasks:
                self._loop.run_until_complete(asyncio.wait(tasks, timeout=self.limits.close))
            self._loop.close()

    def _call(self, fn: Callable[..., object], *args: object) -> None:
        if self._thread.is_alive():
            self._loop.call_soon_threadsafe(fn, *args)

    def _emit(self, event: ev.Event) -> None:
        self.events.put(event)

    def _spawn(self, coro: object) -> None:
        task = self._loop.create_task(coro)  # type: ignore[arg-type]
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _state(self) -> ev.State:
        m = self.match
        assert m is not None
        return ev.State(m.columns(), m.colour, m.resigned)

    def _local(self, action: Callable[[Match], list[Message]], said: str | None = None) -> None:
        """A move or request of this side's player: checked by the match, sent if allowed."""
        m, conn = self.match, self._conn
        if m is None or conn is None:
            self._emit(ev.Info(_("Not connected: the other player is not here"), warning=True))
            if m is not None:
                self._emit(self._state())
            return
        try:
            messages = action(m)
        except Refused as exc:
            self._emit(ev.Info(str(exc), warning=True))
            self._emit(self._state())
            return
        for message in messages:
            conn.send(message)
            if isinstance(message, Move):      # accepted by the match: now the window may show it
                self._emit(ev.Played(message.column, m.columns()))
        if not any(isinstance(message, Move) for message in messages):
            self._emit(self._state())
        if said:
            self._emit(ev.Info(said))

    def _rematch(self) -> None:
        m, conn = self.match, self._conn
        if m is None or conn is None:
            self._emit(ev.Info(_("Not connected: the other player is not here"), warning=True))
            return
        try:
            started = m.rematch(local=True)
        except Refused as exc:
            self._emit(ev.Info(str(exc), warning=True))
            return
        conn.send(Rematch())
        if started:
            self._new_game_started()
        else:
            self._emit(ev.Info(_("Asked {name} for a rematch…").format(name=conn.name)))

    def _new_game_started(self) -> None:
        assert self.match is not None
        self._emit(self._state())
        said = (_("Rematch: colours swapped, you play Red: you move first") if self.match.colour == 1
                else _("Rematch: colours swapped, you play Yellow: the other player moves first"))
        self._emit(ev.Info(said))

    def _chat(self, text: str) -> None:
        if self._conn is not None and text:
            self._conn.send(Chat(text))

    # -- hosting -----------------------------------------------------------------------------

    def _resume(self, resume: Resume | None) -> None:
        if resume is not None:
            self.match, self.opponent = Match.resumed(resume), resume.opponent

    def _start_host(self, port: int, colour: int | None, bind: str | None, advertise: bool,
                    resume: Resume | None) -> None:
        self._colour = colour
        self._resume(resume)
        self.hosting = True
        self._spawn(self._listen(port, bind, advertise))

    async def _listen(self, port: int, bind: str | None, advertise: bool) -> None:
        if self._server is not None:
            return
        try:
            self._server = await asyncio.start_server(self._on_client, host=bind, port=port,
                                                      limit=MAX_LINE_BYTES)
        except OSError as exc:
            self.hosting = False
            self._emit(ev.Failed(_("cannot listen on port {port}: {reason}").format(port=port, reason=exc.strerror or exc)))
            return
        port = self._server.sockets[0].getsockname()[1]
        addresses = tuple(show_address(a, port) for a in ([bind] if bind else local_addresses()))
        self._emit(ev.Listening(port, addresses))
        if advertise:
            await self._discovery_service().advertise(self.name, port, bind)

    async def _on_client(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            await self._serve(reader, writer)
        except asyncio.CancelledError:
            # Stopping: the connection simply goes. Not raised again: this task is the server's
            # own, nothing waits for it, and asyncio (3.11) would print a cancelled one as an error.
            writer.close()

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        conn = Connection(reader, writer, self.limits)
        if self._conn is not None:
            await conn.close(IN_PROGRESS)
            self._note(_("Someone else tried to join: they were told a game is in progress"))
            return
        peer = writer.get_extra_info("peername")
        address = str(peer[0]) if isinstance(peer, tuple) and peer else ""
        evicted = self._gate.admit(conn, address)
        if evicted is not None:
            self._spawn(evicted.close(BUSY))
        answered = False     # for the gate: the handshake ended with a seat, or with a reason given
        try:
            seating = await host_side(conn, self.name, self.version, self.limits.hello, self._seat_for(conn))
            answered = True
        except (Turned, OtherVersion) as exc:
            answered = True
            await conn.close(str(exc))
            self._note(_("{name} was turned away: {reason}").format(name=conn.name, reason=their_words(str(exc)))
                       if isinstance(exc, Turned) else exc.told, warning=True)
            return
        except (Violation, Closed, ProtocolError) as exc:
            pushed_out = not self._gate.holds(conn)
            await conn.close(str(exc) if isinstance(exc, Violation) and not pushed_out else None)
            if not pushed_out and (self.match is None or not self.match.moves):
                self._note(_("A connection attempt failed: {reason}").format(reason=exc), warning=True)
            return
        finally:
            self._gate.release(conn, failed=not answered)
        if self._conn is not None:
            await conn.close(IN_PROGRESS)
            return
        if not seating.stands(self.match):
            await conn.close(LATE)
            self._note(_("{name} accepted too late: the game had changed since their offer").format(name=conn.name),
                       warning=True)
            return
        self._gate.forgive(address)
        self.match = seating.take()
        await self._play(conn, seating.resumed)

    def _seat_for(self, conn: Connection) -> Callable[[Hello, str], Seating]:
        def decide(hello: Hello, nonce: str) -> Seating:
            self._gate.spoke(conn)
            return seat(self.match, hello, nonce, self._colour, self.opponent or "the other player")
        return decide

    def _note(self, text: str, warning: bool = False) -> None:
        """Tell the window what happened to a stranger's connection, at most once every few
        seconds (many connections must not flood the window with lines it cannot show)."""
        now = time.monotonic()
        if now - self._noted >= NOTE_SECONDS:
            self._noted = now
            self._emit(ev.Info(text, warning=warning))

    # -- joining -----------------------------------------------------------------------------

    def _start_join(self, host: str, port: int, resume: Resume | None = None) -> None:
        if self._conn is not None:
            self._emit(ev.Info(_("Already connected"), warning=True))
            return
        self._resume(resume)
        self.target = (host, port)
        self._spawn(self._join(host, port))

    def _reconnect(self) -> None:
        if self._conn is not None or self.hosting:
            return
        if self.target is None:
            self._emit(ev.Info(_("Nothing to reconnect to"), warning=True))
            return
        self._start_join(*self.target)

    async def _join(self, host: str, port: int) -> None:
        where = show_address(host, port)
        try:
            reader, writer = await asyncio.wait_for(
                asyncio.open_connection(host, port, limit=MAX_LINE_BYTES), self.limits.connect)
        except (TimeoutError, OSError) as exc:
            said = (_("cannot connect to {address}: no answer") if isinstance(exc, asyncio.TimeoutError)
                    else _("cannot connect to {address}: nobody is hosting a game there")
                    if isinstance(exc, ConnectionRefusedError)
                    else _("cannot connect to {address}: {reason}"))
            self._emit(ev.Failed(said.format(address=where, reason=plain_text(exc.strerror or str(exc), 80))))
            return
        conn = Connection(reader, writer, self.limits)
        resuming = self.match is not None
        try:
            self.match = await join_side(conn, self.match, self.name, self.version, self.limits.hello)
        except OtherVersion as exc:
            await conn.close(str(exc))
            self._emit(ev.Failed(exc.told))
            return
        except (Violation, Closed) as exc:
            await conn.close(str(exc) if isinstance(exc, Violation) else None)
            self._emit(ev.Failed(f"{where}: {exc}"))
            return
        await self._play(conn, resumed=resuming)

    # -- playing -----------------------------------------------------------------------------

    async def _play(self, conn: Connection, resumed: bool) -> None:
        """Hold the connection for one game until it ends; the match survives it. ``resumed``:
        the game goes on (the player came back), rather than starting."""
        m = self.match
        assert m is not None
        self._conn, self.opponent = conn, conn.name
        self._emit(ev.Connected(conn.name, m.colour, m.columns(), resumed, m.game_id, m.secret, m.resigned))
        keepalive = self._loop.create_task(conn.keep_alive())
        reason: str
        try:
            while True:
                self._handle(conn, await conn.read(self.limits.silence))
        except Violation as exc:
            reason = _("Disconnected: {name} sent {what}").format(name=conn.name, what=exc)
            await conn.close(f"you sent {exc}")
        except Closed as exc:
            said = str(exc)      # a sentence; one that starts with the player's name keeps it as it is
            reason = said if said.startswith(conn.name) else said[:1].upper() + said[1:]
            await conn.close()
        finally:
            keepalive.cancel()
            if self._conn is conn:
                self._conn = None
            if m.undo_sent is not None or m.undo_received is not None:
                m.undo_sent = m.undo_received = None
        self._emit(ev.Dropped(reason))

    def _handle(self, conn: Connection, message: Message) -> None:
        m = self.match
        assert m is not None
        if isinstance(message, Move):
            col = m.remote_move(message)
            self._emit(ev.Moved(col, m.columns()))
        elif isinstance(message, Undo):
            if m.remote_undo(message):
                self._emit(ev.Asked(ev.Question.UNDO))
            else:
                conn.send(UndoAnswer(False))
        elif isinstance(message, UndoAnswer):
            accepted = m.remote_undo_answer(message)
            self._emit(self._state())
            said = _("{name} accepted your undo request") if accepted else _("{name} declined your undo request")
            self._emit(ev.Info(said.format(name=conn.name), warning=not accepted))
        elif isinstance(message, Rematch):
            if m.rematch(local=False):
                self._new_game_started()
            else:
                self._emit(ev.Asked(ev.Question.REMATCH))
        elif isinstance(message, Resign):
            m.resign(m.opponent)
            self._emit(self._state())
            self._emit(ev.Info(_("{name} resigned: you win").format(name=conn.name)))
        elif isinstance(message, Chat):
            text = plain_text(message.text, MAX_CHAT_CHARS)
            if text:
                self._emit(ev.ChatLine(text))
        elif isinstance(message, Bye):
            said = plain_text(message.reason, MAX_REASON_CHARS)
            raise Closed(_("{name} left: {reason}").format(name=conn.name, reason=their_words(said)) if said
                         else _("{name} left").format(name=conn.name))
        elif not isinstance(message, Ping):
            raise Violation(f"{a_kind(message.kind)} in the middle of a game")

    # -- stopping and discovery ----------------------------------------------------------------

    async def _stop(self, reason: str, browse: bool = True) -> None:
        self.hosting = False
        if self._server is not None:
            self._server.close()
            self._server = None
        discovery = self._discovery
        if discovery is not None:
            await discovery.unadvertise()
            if not browse:
                await discovery.close()
                self._discovery = None
        conn, self._conn = self._conn, None
        if conn is not None:
            await conn.close(reason)
        for task in list(self._tasks):
            if task is not asyncio.current_task():
                task.cancel()

    def _discovery_service(self) -> Discovery:
        # here: zeroconf loads only when hosting or looking for games
        from game.net.discovery import Discovery

        if self._discovery is None:
            self._discovery = Discovery(self._emit, self.interfaces)
        return self._discovery

    def _browse(self, on: bool) -> None:
        if on:
            self._spawn(self._discovery_service().browse())
        elif self._discovery is not None:
            self._spawn(self._discovery.stop_browsing())

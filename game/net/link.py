"""The network side of a game: a thread with its own asyncio event loop, talking to the window
through two one-way channels.

The window calls :class:`NetLink`'s methods (``host``, ``join``, ``play`` ...): each only schedules
work on the loop (``call_soon_threadsafe``) and returns at once. What happens comes back as events
(``game.net.events``) that the window collects with ``poll()`` once a frame. The window thread never
waits on a socket; the network thread never touches the window.

The other side is untrusted (see docs/network.md for every limit): a line longer than
``MAX_LINE_BYTES`` closes the connection unread, every message is checked by ``protocol.decode``
and every move by ``Match`` (the engine's rules), a hello must come within ``Limits.hello``
seconds, more than ``Limits.rate`` messages a second (after a burst) close the connection, and a
host plays one opponent at a time. Whatever the other side does, this side keeps its game.
"""

from __future__ import annotations

import asyncio
import queue
import random
import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from game import __version__
from game.engine.board import MoveError, Position
from game.domain.names import name_key
from game.net import events as ev
from game.domain.address import show_address
from game.net.address import local_addresses
from game.net.connection import Closed, Connection, Limits
from game.net.match import (
    Match,
    Refused,
    Resume,
    Violation,
    colour_name,
    new_game_id,
    player_of,
)
from game.domain.saved import Colour
from game.net.protocol import (Accept, Bye, Chat, Hello, MAX_CHAT_CHARS, MAX_LINE_BYTES, MAX_REASON_CHARS, Message, Move, Offer, PROTOCOL_VERSION, Ping, ProtocolError, Rematch, Resign, Undo, UndoAnswer, clean_text)

if TYPE_CHECKING:
    from game.net.discovery import Discovery

CLOSED_WINDOW = "the other player closed the game"
IN_PROGRESS = "game in progress: this host is already playing someone"


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
        self._handshakes = 0
        self._was_connected = False         # a game was played: the next connection resumes it
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
        """Play under ``name`` from the next hello on (a checked name: see game.names)."""
        self._call(setattr, self, "name", name)

    def reconnect(self) -> None:
        """Join the same host again to go on with the game (a host simply keeps listening)."""
        self._call(self._reconnect)

    def play(self, col: int) -> None:
        self._call(self._local, lambda m: m.local_move(col))

    def undo(self) -> None:
        self._call(self._local, lambda m: [m.ask_undo()], "Asked to take back your last move…")

    def answer_undo(self, accept: bool) -> None:
        self._call(self._local, lambda m: [m.answer_undo(accept)])

    def rematch(self) -> None:
        self._call(self._rematch)

    def resign(self) -> None:
        self._call(self._local, lambda m: (m.resign(m.colour), [Resign()])[1], "You resigned")

    def chat(self, text: str) -> None:
        self._call(self._chat, clean_text(text, MAX_CHAT_CHARS))

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
        return ev.State(m.moves_string(), m.colour, m.resigned)

    def _local(self, action: Callable[[Match], list[Message]], said: str | None = None) -> None:
        """A move or request of this side's player: checked by the match, sent if allowed."""
        m, conn = self.match, self._conn
        if m is None or conn is None:
            self._emit(ev.Info("Not connected: the other player is not here", warning=True))
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
        if not any(isinstance(message, Move) for message in messages):
            self._emit(self._state())
        if said:
            self._emit(ev.Info(said))

    def _rematch(self) -> None:
        m, conn = self.match, self._conn
        if m is None or conn is None:
            self._emit(ev.Info("Not connected: the other player is not here", warning=True))
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
            self._emit(ev.Info(f"Asked {conn.name} for a rematch…"))

    def _new_game_started(self) -> None:
        assert self.match is not None
        self._emit(self._state())
        you = "Red: you move first" if self.match.colour == 1 else "Yellow: the other player moves first"
        self._emit(ev.Info(f"Rematch: colours swapped, you play {you}"))

    def _chat(self, text: str) -> None:
        if self._conn is not None and text:
            self._conn.send(Chat(text))

    # -- hosting -----------------------------------------------------------------------------

    def _resume(self, resume: Resume | None) -> None:
        if resume is not None:
            self.match, self.opponent = Match.resumed(resume), resume.opponent
            self._was_connected = True      # the window says the game goes on, not that a new one starts

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
            self._emit(ev.Failed(f"cannot listen on port {port}: {exc.strerror or exc}"))
            return
        port = self._server.sockets[0].getsockname()[1]
        addresses = tuple(show_address(a, port) for a in ([bind] if bind else local_addresses()))
        self._emit(ev.Listening(port, addresses))
        if advertise:
            await self._advertise(port, bind)

    async def _on_client(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        conn = Connection(reader, writer, self.limits)
        if self._conn is not None or self._handshakes >= self.limits.handshakes:
            await conn.close(IN_PROGRESS)
            self._emit(ev.Info("Someone else tried to join: they were told a game is in progress"))
            return
        self._handshakes += 1
        try:
            accepted = await self._host_handshake(conn)
        except (Violation, Closed, ProtocolError) as exc:
            await conn.close(str(exc) if isinstance(exc, Violation) else None)
            if self.match is None or not self.match.moves:
                self._emit(ev.Info(f"A connection attempt failed: {exc}", warning=True))
            return
        finally:
            self._handshakes -= 1
        if accepted:
            await self._play(conn)

    async def _host_handshake(self, conn: Connection) -> bool:
        conn.send(Hello(PROTOCOL_VERSION, self.version, self.name))
        hello = await conn.read(self.limits.hello)
        if not await self._same_protocol(conn, hello):
            return False
        assert isinstance(hello, Hello)
        conn.name = hello.name
        refusal = self._seat(hello)
        if refusal is not None:
            await conn.close(refusal)
            self._emit(ev.Info(f"{hello.name} was turned away: {refusal}", warning=True))
            return False
        match = self.match
        assert match is not None
        conn.send(Offer(match.game_id, colour_name(match.opponent), match.moves_string()))
        accept = await conn.read(self.limits.hello)
        if not isinstance(accept, Accept) or accept.game != match.game_id:
            raise Violation(f"{accept.kind} where the game's accept was due")
        if self._conn is not None:
            await conn.close(IN_PROGRESS)
            return False
        return True

    def _seat(self, hello: Hello) -> str | None:
        """Whether the player saying ``hello`` may play here; the refusal sent to it, or None."""
        m = self.match
        if hello.game is None:
            if m is not None and m.moves:
                # The opponent's program was restarted and lost the game id: the same name takes
                # its seat again (a name is no password: the window says who came back).
                same = self.opponent is not None and name_key(hello.name) == name_key(self.opponent)
                return None if same else IN_PROGRESS
            if m is None:
                colour = self._colour or random.choice((1, 2))
                self.match = Match(new_game_id(), colour)
            return None
        if m is None and hello.colour is not None:
            return self._adopt(hello.game, hello.moves, hello.colour)
        if m is None or m.game_id != hello.game:
            return "a different game: the host is not playing the game you are resuming"
        moves = m.resume_with(hello.moves)
        if moves is None:
            return "a different game: the two boards do not match"
        m.adopt(moves)
        return None

    def _adopt(self, game: str, moves: str, their_colour: Colour) -> str | None:
        """A host with no game of its own (it was restarted) takes up the game a returning player
        brings, if it is a legal game: the same id, the same moves, the other colour."""
        try:
            Position.from_moves(moves)
        except MoveError:
            return "a different game: the moves you are resuming are not a legal game"
        self.match = Match(game, 3 - player_of(their_colour))
        self.match.adopt(moves)
        self._was_connected = True      # the window says the game goes on, not that a new one starts
        return None

    async def _same_protocol(self, conn: Connection, hello: Message) -> bool:
        if isinstance(hello, Bye):
            raise Closed(f"refused: {clean_text(hello.reason, MAX_REASON_CHARS) or 'no reason given'}")
        if not isinstance(hello, Hello):
            raise Violation(f"{hello.kind} where a hello was due")
        if hello.protocol == PROTOCOL_VERSION:
            return True
        reason = (f"protocol version {hello.protocol} cannot play protocol version {PROTOCOL_VERSION} "
                  f"(game {hello.version} and {self.version}): both players need the same version")
        await conn.close(reason)
        text = f"{hello.name} runs another version of the game: {reason}"
        self._emit(ev.Info(text, warning=True) if self.hosting else ev.Failed(text))
        return False

    # -- joining -----------------------------------------------------------------------------

    def _start_join(self, host: str, port: int, resume: Resume | None = None) -> None:
        if self._conn is not None:
            self._emit(ev.Info("Already connected", warning=True))
            return
        self._resume(resume)
        self.target = (host, port)
        self._spawn(self._join(host, port))

    def _reconnect(self) -> None:
        if self._conn is not None or self.hosting:
            return
        if self.target is None:
            self._emit(ev.Info("Nothing to reconnect to", warning=True))
            return
        self._start_join(*self.target)

    async def _join(self, host: str, port: int) -> None:
        where = show_address(host, port)
        try:
            reader, writer = await asyncio.wait_for(
                asyncio.open_connection(host, port, limit=MAX_LINE_BYTES), self.limits.connect)
        except (TimeoutError, OSError) as exc:
            text = ("no answer" if isinstance(exc, asyncio.TimeoutError)
                    else "nobody is hosting a game there" if isinstance(exc, ConnectionRefusedError)
                    else exc.strerror or str(exc))
            self._emit(ev.Failed(f"cannot connect to {where}: {clean_text(text, 80)}"))
            return
        conn = Connection(reader, writer, self.limits)
        try:
            accepted = await self._join_handshake(conn)
        except (Violation, Closed) as exc:
            await conn.close(str(exc) if isinstance(exc, Violation) else None)
            self._emit(ev.Failed(f"{where}: {exc}"))
            return
        if accepted:
            await self._play(conn)

    async def _join_handshake(self, conn: Connection) -> bool:
        m = self.match
        conn.send(Hello(PROTOCOL_VERSION, self.version, self.name, m.game_id, m.moves_string(), colour_name(m.colour))
                  if m is not None else Hello(PROTOCOL_VERSION, self.version, self.name))
        hello = await conn.read(self.limits.hello)
        if not await self._same_protocol(conn, hello):
            return False
        assert isinstance(hello, Hello)
        conn.name = hello.name
        offer = await conn.read(self.limits.hello)
        if isinstance(offer, Bye):
            raise Closed(f"refused: {clean_text(offer.reason, MAX_REASON_CHARS) or 'no reason given'}")
        if not isinstance(offer, Offer):
            raise Violation(f"{offer.kind} where the game's offer was due")
        if m is not None:
            if offer.game != m.game_id or m.resume_with(offer.moves) != offer.moves:
                raise Violation("an offer of a different game than the one being resumed")
            m.adopt(offer.moves)
            m.colour = player_of(offer.colour)
        else:
            try:
                Position.from_moves(offer.moves)
            except MoveError:
                raise Violation("an offer whose moves are not a legal game") from None
            self.match = Match(offer.game, player_of(offer.colour))
            self.match.adopt(offer.moves)
        conn.send(Accept(offer.game))
        return True

    # -- playing -----------------------------------------------------------------------------

    async def _play(self, conn: Connection) -> None:
        """Hold the connection for one game until it ends; the match survives it."""
        m = self.match
        assert m is not None
        resumed = self._was_connected or bool(m.moves)
        self._conn, self._was_connected, self.opponent = conn, True, conn.name
        self._emit(ev.Connected(conn.name, m.colour, m.moves_string(), resumed, m.game_id))
        keepalive = self._loop.create_task(self._keepalive(conn))
        reason: str
        try:
            while True:
                self._handle(conn, await conn.read(self.limits.silence))
        except Violation as exc:
            reason = f"Disconnected: {conn.name} sent {exc}"
            await conn.close(f"you sent {exc}")
        except Closed as exc:
            reason = str(exc)[:1].upper() + str(exc)[1:]
            await conn.close()
        finally:
            keepalive.cancel()
            if self._conn is conn:
                self._conn = None
            if m.undo_sent is not None or m.undo_received is not None:
                m.undo_sent = m.undo_received = None
        self._emit(ev.Dropped(reason))

    async def _keepalive(self, conn: Connection) -> None:
        while True:
            await asyncio.sleep(self.limits.keepalive / 2)
            if time.monotonic() - conn.sent >= self.limits.keepalive:
                conn.send(Ping())

    def _handle(self, conn: Connection, message: Message) -> None:
        m = self.match
        assert m is not None
        if isinstance(message, Move):
            col = m.remote_move(message)
            self._emit(ev.Moved(col, m.moves_string()))
        elif isinstance(message, Undo):
            if m.remote_undo(message):
                self._emit(ev.Asked(ev.Question.UNDO))
            else:
                conn.send(UndoAnswer(False))
        elif isinstance(message, UndoAnswer):
            accepted = m.remote_undo_answer(message)
            self._emit(self._state())
            self._emit(ev.Info(f"{conn.name} {'accepted' if accepted else 'declined'} your undo request",
                               warning=not accepted))
        elif isinstance(message, Rematch):
            if m.rematch(local=False):
                self._new_game_started()
            else:
                self._emit(ev.Asked(ev.Question.REMATCH))
        elif isinstance(message, Resign):
            m.resign(m.opponent)
            self._emit(self._state())
            self._emit(ev.Info(f"{conn.name} resigned: you win"))
        elif isinstance(message, Chat):
            text = clean_text(message.text, MAX_CHAT_CHARS)
            if text:
                self._emit(ev.ChatLine(text))
        elif isinstance(message, Bye):
            said = clean_text(message.reason, MAX_REASON_CHARS)
            raise Closed(f"{conn.name} left" + (f": {said}" if said else ""))
        elif not isinstance(message, Ping):
            raise Violation(f"a {message.kind} in the middle of a game")

    # -- stopping and discovery ----------------------------------------------------------------

    async def _stop(self, reason: str, browse: bool = True) -> None:
        self.hosting = False
        if self._server is not None:
            self._server.close()
            self._server = None
        await self._unadvertise()
        if not browse:
            await self._close_discovery()
        conn, self._conn = self._conn, None
        if conn is not None:
            await conn.close(reason)
        for task in list(self._tasks):
            if task is not asyncio.current_task():
                task.cancel()

    async def _advertise(self, port: int, bind: str | None) -> None:
        await self._discovery_service().advertise(self.name, port, bind)

    async def _unadvertise(self) -> None:
        if self._discovery is not None:
            await self._discovery.unadvertise()

    async def _close_discovery(self) -> None:
        if self._discovery is not None:
            await self._discovery.close()
            self._discovery = None

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

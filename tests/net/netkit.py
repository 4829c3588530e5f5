"""What the network tests share: two real sides on loopback, a raw-socket stand-in for a hostile
peer, and waits bounded in time."""

from __future__ import annotations

import json
import socket
import time

from game.engine.board import parse_moves
from game.net import events as ev
from game.net.connection import Limits
from game.net.link import NetLink
from game.net.protocol import PROTOCOL_VERSION
from game.net.secret import proof

#: Short limits so that timeouts in tests cost fractions of a second.
FAST = Limits(hello=0.6, connect=2.0, keepalive=0.3, silence=8.0, rate=20.0, burst=40, close=2.0)
WAIT = 30.0             # only a hang guard: every wait ends as soon as what it waits for happens
NONCE = "5a" * 16       # a raw peer's nonce (a real side draws a fresh one per connection)


_BACKLOG: dict[int, list] = {}


def _events(link: NetLink) -> list:
    """Events not yet looked at: an earlier wait may have stopped in the middle of a batch."""
    backlog = _BACKLOG.setdefault(id(link), [])
    backlog += link.poll()
    out, backlog[:] = list(backlog), []
    return out


def wait_for(link: NetLink, kind: type, timeout: float = WAIT, where=lambda e: True):
    """The next event of ``kind`` (matching ``where``) from ``link``; events before it are skipped."""
    deadline = time.monotonic() + timeout
    seen: list = []
    while time.monotonic() < deadline:
        events = _events(link)
        for i, event in enumerate(events):
            if isinstance(event, kind) and where(event):
                _BACKLOG[id(link)][:0] = events[i + 1:]
                return event
            seen.append(event)
        time.sleep(0.005)
    raise AssertionError(f"no {kind.__name__} within {timeout} s; got {seen}")


def drain(link: NetLink, seconds: float = 0.2) -> list:
    deadline = time.monotonic() + seconds
    out = []
    while time.monotonic() < deadline:
        out += _events(link)
        time.sleep(0.005)
    return out


def start_host(name="Ann", colour=1, bind="127.0.0.1", limits=FAST) -> tuple[NetLink, int]:
    host = NetLink(name, limits=limits)
    host.host(0, colour, bind=bind, advertise=False)
    return host, wait_for(host, ev.Listening).port


def pair(bind="127.0.0.1", colour=1) -> tuple[NetLink, NetLink, int]:
    """A host (playing ``colour``) and a client connected to it."""
    host, port = start_host(colour=colour, bind=bind)
    client = NetLink("Bob", limits=FAST)
    client.join(bind, port)
    wait_for(client, ev.Connected)
    wait_for(host, ev.Connected)
    return host, client, port


def cols(moves: str) -> tuple[int, ...]:
    """A move string ("4453") as the events carry a game: its 0-based columns."""
    return tuple(parse_moves(moves))


def play(mover: NetLink, watcher: NetLink, col: int) -> ev.Moved:
    mover.play(col)
    return wait_for(watcher, ev.Moved)


def quiet(ui):
    """The ``ui`` factory of tests/conftest.py, hosting with ``[network] announce = false`` unless
    a test gives ``network_announce=True``."""
    def make(*args, **overrides):
        overrides.setdefault("network_announce", False)
        return ui(*args, **overrides)

    return make


def play_out(host: NetLink, client: NetLink, moves: str, host_colour: int = 1) -> ev.Moved:
    """Play ``moves`` alternately from red; returns the last Moved event the watcher saw."""
    moved = None
    for i, col in enumerate(parse_moves(moves)):
        red_moves = i % 2 == 0
        mover = host if red_moves == (host_colour == 1) else client
        moved = play(mover, client if mover is host else host, col)
        assert moved.column == col
        assert moved.moves == cols(moves[: i + 1])
    assert moved is not None
    return moved


def cut(link: NetLink) -> None:
    """Drop ``link``'s connection as a network failure would: no goodbye, the socket just goes."""
    link.net.loop.call_soon_threadsafe(lambda: link.game.conn.writer.transport.abort())


class RawPeer:
    """A plain blocking socket speaking (or breaking) the protocol by hand."""

    def __init__(self, port: int, host: str = "127.0.0.1") -> None:
        self.sock = socket.create_connection((host, port), timeout=WAIT)
        self.buffer = b""

    def send(self, data: bytes | dict) -> None:
        if isinstance(data, dict):
            data = json.dumps(data).encode() + b"\n"
        try:
            self.sock.sendall(data)
        except OSError:
            pass     # the other side may already have closed: that is the point of some tests

    def hello(self, name="Eve", protocol=PROTOCOL_VERSION, **extra) -> None:
        self.send({"type": "hello", "protocol": protocol, "version": "0.1.0", "name": name, "nonce": NONCE, **extra})

    def read(self) -> dict | None:
        """The next message, or None once the other side has closed."""
        while b"\n" not in self.buffer:
            try:
                data = self.sock.recv(65536)
            except (TimeoutError, ConnectionResetError):
                return None
            if not data:
                return None
            self.buffer += data
        line, self.buffer = self.buffer.split(b"\n", 1)
        return json.loads(line)

    def read_until(self, kind: str) -> dict | None:
        for _ in range(100):
            message = self.read()
            if message is None or message["type"] == kind:
                return message
        return None

    def join_game(self) -> dict:
        """Hello, take the offer, accept: the raw peer is now the host's opponent."""
        self.hello()
        offer = self.read_until("offer")
        assert offer is not None
        self.send({"type": "accept", "game": offer["game"]})
        return offer

    def closed(self) -> bool:
        """True once the other side has closed (after whatever it still sent)."""
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            if self.read() is None:
                return True
        return False

    def close(self) -> None:
        self.sock.close()


def returning_peer(port: int, secret: str, game: str, moves: str, colour: str) -> RawPeer:
    """A raw peer that knows the game's secret saying hello to go back into ``moves`` as ``colour``."""
    peer = RawPeer(port)
    host_hello = peer.read_until("hello")
    assert host_hello is not None
    peer.hello(name="Mallory", game=game, moves=moves, colour=colour,
               proof=proof(secret, "guest", game, host_hello["nonce"], NONCE))
    return peer

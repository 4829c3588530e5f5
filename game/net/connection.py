"""One connection speaking the protocol, and the limits it holds the other side to.

``Connection.read`` is where untrusted bytes become messages: a line longer than
``MAX_LINE_BYTES`` is refused unread (the StreamReader's own limit), more than ``Limits.rate``
messages a second (after a burst) are refused, silence longer than the given time ends the
connection, and everything else goes through ``protocol.decode``.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from dataclasses import dataclass

from game.echo import plain_text
from game.i18n import _
from game.net.match import Violation
from game.net.protocol import Bye, MAX_LINE_BYTES, MAX_REASON_CHARS, Message, Ping, ProtocolError, decode, encode


@dataclass(frozen=True, slots=True)
class Limits:
    """The time and rate limits (seconds, messages); tests shorten them."""

    hello: float = 5.0          # for the other side's hello, and the offer/accept after it
    connect: float = 5.0        # for a connection to open
    keepalive: float = 5.0      # a ping goes out after this long without sending
    silence: float = 20.0       # nothing heard for this long: the connection is dropped
    rate: float = 20.0          # messages a second on average ...
    burst: int = 40             # ... after this many at once
    handshakes: int = 32        # connections in their handshake at once (game.net.gate)
    close: float = 1.0          # close() waits this long for the thread


def their_words(reason: str) -> str:
    """A reason the other side sent (a bye's, already cleaned), in this side's language where it is
    one of the game's own: the protocol carries reasons in English, and a known one has a catalog
    entry (the N_ constants of the modules that send them); any other text is shown as sent."""
    return _(reason) if reason else reason


class Closed(Exception):
    """The connection ended; the text says how (shown to this side's player)."""


class Connection:
    """One TCP connection speaking the protocol: sends whole lines, reads checked messages within
    the line, time and rate limits."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, limits: Limits) -> None:
        self.reader, self.writer, self.limits = reader, writer, limits
        self.tokens = float(limits.burst)
        self.refilled = time.monotonic()
        self.sent = time.monotonic()
        self.name = _("the other player")      # until its hello names it

    def send(self, message: Message) -> None:
        if not self.writer.is_closing():
            self.writer.write(encode(message))
            self.sent = time.monotonic()

    async def keep_alive(self) -> None:
        """Send a ping whenever nothing else went out for ``Limits.keepalive`` seconds, until cancelled,
        so that the other side's silence limit tells a dead link from a quiet player."""
        while True:
            await asyncio.sleep(self.limits.keepalive / 2)
            if time.monotonic() - self.sent >= self.limits.keepalive:
                self.send(Ping())

    async def read(self, timeout: float) -> Message:
        """The next message; _Closed on end of stream or silence, Violation on anything malformed."""
        try:
            line = await asyncio.wait_for(self.reader.readline(), timeout)
        except TimeoutError:
            raise Closed(_("nothing heard from {name} for {seconds} seconds").format(
                name=self.name, seconds=f"{timeout:g}")) from None
        except ValueError:   # the StreamReader's limit: the line is dropped unread
            raise Violation(f"a line longer than {MAX_LINE_BYTES} bytes") from None
        except (ConnectionError, OSError):
            raise Closed(_("the connection to {name} was lost").format(name=self.name)) from None
        if not line.endswith(b"\n"):
            raise Closed(_("the connection to {name} was closed").format(name=self.name))
        now = time.monotonic()
        self.tokens = min(self.limits.burst, self.tokens + (now - self.refilled) * self.limits.rate)
        self.refilled = now
        self.tokens -= 1
        if self.tokens < 0:
            raise Violation(f"more than {self.limits.rate:g} messages a second")
        try:
            return decode(line)
        except ProtocolError as exc:
            raise Violation(str(exc)) from None

    async def close(self, reason: str | None = None) -> None:
        with contextlib.suppress(Exception):
            if reason is not None:
                self.send(Bye(plain_text(reason, MAX_REASON_CHARS)))
            self.writer.close()
            await asyncio.wait_for(self.writer.wait_closed(), 1.0)

"""The host's handshake slots: how many connections may be in their hello at once, and who makes
room when all are taken.

A connection holds a slot from its first byte until its offer is accepted or refused (at most
``Limits.hello`` seconds for each of the two lines). Slots are few enough to bound memory and CPU
(each holds at most one line of ``MAX_LINE_BYTES``), and a newcomer always gets one: when all are
taken, the oldest connection of the address holding the most slots is pushed out and told "busy,
try again". A real player's hello takes milliseconds, so slow or silent clients, however many and
however quick to reconnect, cannot keep it out; and one address cannot push out the others' players.
"""

from __future__ import annotations

from collections import Counter
from typing import Generic, TypeVar

BUSY = "busy, try again"

T = TypeVar("T")


class HandshakeGate(Generic[T]):
    """At most ``size`` connections (any hashable value) in their handshake at once."""

    def __init__(self, size: int) -> None:
        if size < 1:
            raise ValueError(f"a gate of {size} slots lets nobody in")
        self.size = size
        self._open: dict[T, str] = {}     # connection -> its address, oldest first

    def __len__(self) -> int:
        return len(self._open)

    def admit(self, conn: T, address: str) -> T | None:
        """Give ``conn`` (from ``address``) a slot; the connection pushed out to make room, if any.
        The caller closes that one, telling it ``BUSY``."""
        evicted = None
        if len(self._open) >= self.size:
            crowded, _ = Counter(self._open.values()).most_common(1)[0]
            evicted = next(c for c, a in self._open.items() if a == crowded)
            del self._open[evicted]
        self._open[conn] = address
        return evicted

    def release(self, conn: T) -> None:
        """``conn``'s handshake ended (either way); a connection already pushed out is no-op."""
        self._open.pop(conn, None)

    def holds(self, conn: T) -> bool:
        return conn in self._open

"""The host's handshake slots: how many connections may be in their hello at once, and who makes
room when all are taken.

A connection holds a slot from its first byte until its offer is accepted or refused (at most
``Limits.hello`` seconds for each of the two lines). Slots are few enough to bound memory and CPU
(each holds at most one line of ``MAX_LINE_BYTES``). When all are taken, the connection that goes
(told "busy, try again") is the worst by, in order:

1. how many slots its address holds: one address cannot push out the others' players;
2. how often its address has failed a handshake here lately (pushed out, silent until the
   deadline, a broken line, an offer never accepted): a crowd of addresses that hold silent or
   slow connections and come back the moment they are dropped collects such failures at every
   turn, and a real player, who has none, outranks every one of them;
3. whether its hello has arrived: a connection that spoke outranks a silent one;
4. age: the oldest goes first.

A newcomer always gets a slot. A crowd that comes back at once so pushes out, turn after turn,
the last of its own to come in (the one with the worst record), while a real player, with none,
keeps its slot for the milliseconds its hello takes. What this cannot tell apart: addresses with
no record yet. While a crowd of fresh addresses is still arriving (its first seconds, or one of
more addresses than the ``MEMORY`` the failures are remembered for), a player ties with them and
may be told "busy, try again"; docs/reliability.md ("A crowd at the door") has the figures.
"""

from __future__ import annotations

from collections import Counter, OrderedDict
from typing import Generic, TypeVar

from game.i18n import N_

BUSY = N_("busy, try again")      # sent in English; the receiver shows it in its language
#: Addresses whose failed handshakes are remembered (a few hundred bytes each).
MEMORY = 16384

T = TypeVar("T")


class HandshakeGate(Generic[T]):
    """At most ``size`` connections (any hashable value) in their handshake at once."""

    def __init__(self, size: int, memory: int = MEMORY) -> None:
        if size < 1:
            raise ValueError(f"a gate of {size} slots lets nobody in")
        self.size, self.memory = size, memory
        self._open: dict[T, str] = {}     # connection -> its address, oldest first
        self._spoke: set[T] = set()       # connections whose hello has arrived
        self._failed: OrderedDict[str, int] = OrderedDict()   # address -> failed handshakes, least recent first

    def __len__(self) -> int:
        return len(self._open)

    def admit(self, conn: T, address: str) -> T | None:
        """Give ``conn`` (from ``address``) a slot; the connection pushed out to make room, if any.
        The caller closes that one, telling it ``BUSY``."""
        worst = None
        if len(self._open) >= self.size:
            held = Counter(self._open.values())
            held[address] += 1                                   # the newcomer counts for its address
            order = {c: i for i, c in enumerate(self._open)}     # 0: the oldest
            worst = max(self._open, key=lambda c: (held[self._open[c]], self._failed.get(self._open[c], 0),
                                                   c not in self._spoke, -order[c]))
            self._drop(worst, failed=True)
        self._open[conn] = address
        return worst

    def spoke(self, conn: T) -> None:
        """``conn``'s hello has arrived."""
        if conn in self._open:
            self._spoke.add(conn)

    def release(self, conn: T, failed: bool = True) -> None:
        """``conn``'s handshake ended; ``failed``: without an answer (silent, broken, an offer never
        accepted), which counts against its address; a connection already pushed out is no-op."""
        if conn in self._open:
            self._drop(conn, failed)

    def forgive(self, address: str) -> None:
        """A player from ``address`` sat down: its address's failures are forgotten."""
        self._failed.pop(address, None)

    def holds(self, conn: T) -> bool:
        return conn in self._open

    def failures(self, address: str) -> int:
        """The failed handshakes remembered for ``address``."""
        return self._failed.get(address, 0)

    def _drop(self, conn: T, failed: bool) -> None:
        address = self._open.pop(conn)
        self._spoke.discard(conn)
        if failed:
            self._failed[address] = self._failed.pop(address, 0) + 1     # now the most recent
            if len(self._failed) > self.memory:
                self._failed.popitem(last=False)

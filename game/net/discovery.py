"""Finding games on the local network: DNS-SD over multicast DNS (zeroconf), service
``_connect4._tcp.local.``.

A host advertises its port and its player's name; a joining side browses and reports what it
sees as ``Found`` events. Everything read from the network here is untrusted: a name that breaks
the name rule is shown as "(unnamed)", only games this version could join are listed (a newer
protocol as such), each with its address, at most ``MAX_FOUND`` of them, and discovery
failing (no multicast, a firewall) only turns discovery off: typing an address always works.
Runs on the network thread's event loop.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import logging
import socket
from collections.abc import Callable
from typing import Any

from zeroconf import InterfaceChoice, IPVersion, ServiceStateChange
from zeroconf.asyncio import AsyncServiceBrowser, AsyncServiceInfo, AsyncZeroconf

from game.domain.names import MAX_NAME_CHARS, level_name_problem
from game.net import events as ev
from game.net.interfaces import Network, local_addresses, local_networks, on_networks, reachable_address
from game.echo import plain_text
from game.i18n import _
from game.net.protocol import PROTOCOL_VERSION

SERVICE = "_connect4._tcp.local."
# An interface without multicast (or without IPv6) is normal here, not a warning with a traceback
# for the player's terminal: discovery says what it finds, and a typed address always works.
logging.getLogger("zeroconf").setLevel(logging.ERROR)
MAX_FOUND = 30
RESOLVE_MS = 3000
MAX_INSTANCE_BYTES = 60    # DNS-SD instance names are at most 63 bytes


def instance_name(name: str) -> str:
    """The service instance for a player's name, cut to DNS-SD's limit on a character boundary."""
    data = name.encode()[:MAX_INSTANCE_BYTES].decode("utf-8", "ignore")
    return f"{data}.{SERVICE}"


def _properties_name(properties: dict[bytes, bytes | None]) -> str:
    raw = properties.get(b"name") or b""
    try:
        name = raw.decode()
    except UnicodeDecodeError:
        return "(unnamed)"
    return plain_text(name, MAX_NAME_CHARS) if level_name_problem(name) is None else "(unnamed)"


def _protocol(properties: dict[bytes, bytes | None]) -> int | None:
    raw = properties.get(b"protocol") or b""
    return int(raw) if raw.isdigit() and len(raw) <= 6 else None


def found_game(properties: dict[bytes, bytes | None], addresses: list[str], port: int,
               networks: list[Network]) -> ev.FoundGame | None:
    """The game an announcement describes, or None when this version could not join it: a port a
    typed address would refuse, no address this computer could reach (link-local IPv6 needs its
    interface), an older or unreadable protocol. A newer protocol is listed as such (``newer``)."""
    protocol = _protocol(properties)
    if protocol is None or protocol < PROTOCOL_VERSION:
        return None
    usable = [a for a in addresses if reachable_address(a, port)]
    if not usable:
        return None
    host = min(usable, key=lambda a: (":" in a, not on_networks(a, networks)))     # IPv4 first, then nearby
    return ev.FoundGame(_properties_name(properties), host, port, newer=protocol > PROTOCOL_VERSION,
                        nearby=on_networks(host, networks))


class Discovery:
    """One zeroconf instance for advertising and browsing; ``report`` gets the ``Found`` events."""

    def __init__(self, report: Callable[[ev.Event], None], interfaces: list[str] | None = None) -> None:
        """``interfaces``: the addresses of the interfaces to use (default: all of them)."""
        self.report = report
        self.interfaces = interfaces
        self._zc: AsyncZeroconf | None = None
        self._info: AsyncServiceInfo | None = None
        self._browser: AsyncServiceBrowser | None = None
        self._found: dict[str, ev.FoundGame] = {}
        self._resolving: set[asyncio.Task[None]] = set()

    def _zeroconf(self) -> AsyncZeroconf:
        if self._zc is None:
            if self.interfaces is None:
                self._zc = AsyncZeroconf(interfaces=InterfaceChoice.All, ip_version=IPVersion.All)
            else:
                self._zc = AsyncZeroconf(interfaces=self.interfaces)
        return self._zc

    async def advertise(self, name: str, port: int, bind: str | None = None) -> None:
        try:
            addresses = [ipaddress.ip_address(a).packed for a in ([bind] if bind else local_addresses())]
            self._info = AsyncServiceInfo(SERVICE, instance_name(name), port=port, addresses=addresses,
                                          properties={"name": name, "protocol": str(PROTOCOL_VERSION)},
                                          server=f"{socket.gethostname().split('.')[0] or 'connect4'}.local.")
            await self._zeroconf().async_register_service(self._info, allow_name_change=True)
        except Exception as exc:  # noqa: BLE001 - no multicast, a firewall...: the typed address still works
            self._info = None
            self.report(ev.Info(_("Not announced on the local network ({reason}): give your friend the address").format(
                reason=plain_text(str(exc), 60) or _("no multicast")), warning=True))

    async def unadvertise(self) -> None:
        info, self._info = self._info, None
        if info is not None and self._zc is not None:
            with contextlib.suppress(Exception):
                await self._zc.async_unregister_service(info)

    async def browse(self) -> None:
        if self._browser is not None:
            self._emit()
            return
        try:
            self._browser = AsyncServiceBrowser(self._zeroconf().zeroconf, [SERVICE], handlers=[self._changed])
        except Exception as exc:  # noqa: BLE001 - discovery off; typing an address still works
            self.report(ev.Found((), _("discovery is off: {reason}").format(
                reason=plain_text(str(exc), 60) or _("no multicast"))))
            return
        self._emit()

    async def stop_browsing(self) -> None:
        browser, self._browser = self._browser, None
        self._found.clear()
        if browser is not None:
            with contextlib.suppress(Exception):
                await browser.async_cancel()

    async def close(self) -> None:
        await self.stop_browsing()
        await self.unadvertise()
        for task in list(self._resolving):
            task.cancel()
        zc, self._zc = self._zc, None
        if zc is not None:
            with contextlib.suppress(Exception):
                await zc.async_close()

    def _changed(self, zeroconf: Any, service_type: str, name: str, state_change: ServiceStateChange) -> None:
        if state_change is ServiceStateChange.Removed:
            if self._found.pop(name, None) is not None:
                self._emit()
        elif len(self._resolving) < MAX_FOUND:
            task = asyncio.get_running_loop().create_task(self._resolve(name))
            self._resolving.add(task)
            task.add_done_callback(self._resolving.discard)

    async def _resolve(self, name: str) -> None:
        if self._zc is None:
            return
        info = AsyncServiceInfo(SERVICE, name)
        try:
            if not await info.async_request(self._zc.zeroconf, RESOLVE_MS):
                return
        except Exception:  # noqa: BLE001 - a garbled answer: the game is not listed
            return
        if (name not in self._found and len(self._found) >= MAX_FOUND) or info.port is None:
            return
        if self._info is not None and name == self._info.name:
            return   # this side's own game
        game = found_game(info.properties, info.parsed_scoped_addresses(), info.port, local_networks())
        if game is not None:
            self._found[name] = game
        elif self._found.pop(name, None) is None:
            return
        self._emit()

    def _emit(self) -> None:
        games = tuple(sorted(self._found.values(), key=lambda g: (g.newer, g.name.casefold(), g.host, g.port)))
        self.report(ev.Found(games))

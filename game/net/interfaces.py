"""This computer's addresses and networks, and which found addresses it could reach (how an
address is typed and shown: :mod:`game.domain.address`)."""

from __future__ import annotations

import ipaddress
from collections.abc import Iterator

import ifaddr  # zeroconf's own dependency: the interfaces and their addresses, on every platform

from game.domain.address import MAX_PORT, MIN_PORT

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def _interface_addresses() -> Iterator[tuple[str, int]]:
    """(address, prefix length) of every address of every interface of this computer."""
    try:
        adapters = ifaddr.get_adapters()
    except OSError:
        adapters = []
    for adapter in adapters:
        for ip in adapter.ips:
            yield (ip.ip if isinstance(ip.ip, str) else ip.ip[0]), ip.network_prefix


def local_networks() -> list[Network]:
    """The networks this computer's interfaces are on (address and prefix), loopback included."""
    networks: list[Network] = []
    for text, prefix in _interface_addresses():
        try:
            networks.append(ipaddress.ip_network(f"{text}/{prefix}", strict=False))
        except ValueError:
            continue
    return networks


def reachable_address(host: str, port: int) -> bool:
    """Whether a found ``host``:``port`` is one a typed address could be and this computer could
    reach: an IP address (not unspecified, multicast, or link-local IPv6 without its interface)
    and a port from MIN_PORT to MAX_PORT."""
    if not MIN_PORT <= port <= MAX_PORT:
        return False
    try:
        addr = ipaddress.ip_address(host)
    except ValueError:
        return False
    if addr.is_unspecified or addr.is_multicast:
        return False
    return not (addr.version == 6 and addr.is_link_local and not getattr(addr, "scope_id", None))


def on_networks(host: str, networks: list[Network]) -> bool:
    """Whether ``host`` is on one of ``networks`` (or is this computer's loopback)."""
    try:
        addr = ipaddress.ip_address(host.split("%")[0])
    except ValueError:
        return False
    return addr.is_loopback or any(addr.version == net.version and addr in net for net in networks)


def local_addresses() -> list[str]:
    """This computer's addresses another computer could reach: IPv4 first, then global and
    unique-local IPv6; link-local and loopback only when there is nothing else."""
    v4: list[str] = []
    v6: list[str] = []
    fallback: list[str] = []
    for text, _ in _interface_addresses():
        try:
            addr = ipaddress.ip_address(text)
        except ValueError:
            continue
        if addr.is_loopback or addr.is_link_local or addr.is_unspecified:
            fallback.append(str(addr))
        else:
            (v4 if addr.version == 4 else v6).append(str(addr))
    found = list(dict.fromkeys(v4 + v6))
    return found or [a for a in dict.fromkeys(fallback) if ipaddress.ip_address(a).is_loopback] or ["127.0.0.1"]

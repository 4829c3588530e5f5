"""Addresses as players type and read them: ``address[:port]`` in, "this computer's addresses" out."""

from __future__ import annotations

import ipaddress
import re
from collections.abc import Iterator

import ifaddr  # zeroconf's own dependency: the interfaces and their addresses, on every platform

MIN_PORT, MAX_PORT = 1024, 65535
MAX_ADDRESS_CHARS = 253  # the longest DNS name
HOST_NAME = re.compile(r"(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]{0,62}[A-Za-z0-9])?"
                       r"(\.[A-Za-z0-9]([A-Za-z0-9-]{0,62}[A-Za-z0-9])?)*\.?")


def parse_address(text: str, default_port: int) -> tuple[str, int]:
    """``host``, ``host:port``, ``1.2.3.4:port``, ``::1``, ``[::1]:port`` -> (host, port).

    ValueError with a one-line message for anything else (the text is never resolved here)."""
    text = text.strip()
    if not text:
        raise ValueError("type the other computer's address, e.g. 192.168.1.20 or 192.168.1.20:7444")
    if len(text) > MAX_ADDRESS_CHARS + 8:
        raise ValueError("that address is too long")
    host, port_text = text, ""
    if text.startswith("["):
        end = text.find("]")
        if end < 0 or (text[end + 1:] and not text[end + 1:].startswith(":")):
            raise ValueError("an IPv6 address with a port is written [address]:port")
        host, port_text = text[1:end], text[end + 2:]
    elif text.count(":") == 1:
        host, port_text = text.split(":")
    port = default_port
    if port_text or text.endswith(":"):
        if not (port_text.isascii() and port_text.isdigit()) or not MIN_PORT <= int(port_text[:6]) <= MAX_PORT:
            raise ValueError(f"the port must be a number from {MIN_PORT} to {MAX_PORT}")
        port = int(port_text)
    try:
        return str(ipaddress.ip_address(host)), port
    except ValueError:
        pass
    if not HOST_NAME.fullmatch(host):
        raise ValueError(f"{host[:40]!r} is not an IP address or a host name")
    return host, port


def show_address(host: str, port: int) -> str:
    """How a player types it back: ``[v6]:port`` for IPv6, else ``host:port``."""
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


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

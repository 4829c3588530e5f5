"""This computer's addresses, as players read them (how an address is typed: game.domain.address)."""

from __future__ import annotations

import ipaddress

import ifaddr  # zeroconf's own dependency: the interfaces and their addresses, on every platform

def local_addresses() -> list[str]:
    """This computer's addresses another computer could reach: IPv4 first, then global and
    unique-local IPv6; link-local and loopback only when there is nothing else."""
    v4: list[str] = []
    v6: list[str] = []
    fallback: list[str] = []
    try:
        adapters = ifaddr.get_adapters()
    except OSError:
        adapters = []
    for adapter in adapters:
        for ip in adapter.ips:
            text = ip.ip if isinstance(ip.ip, str) else ip.ip[0]
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

"""Addresses as players type and read them: ``address[:port]`` in, ``[v6]:port`` out.

Parsing only, no I/O: a host name is never resolved here, so a save file, the command line and
the network lobby all read an address the same way without touching the network.
"""

from __future__ import annotations

import ipaddress
import re

from game.i18n import _

__all__ = ["MAX_ADDRESS_CHARS", "MAX_PORT", "MIN_PORT", "parse_address", "show_address"]

MIN_PORT, MAX_PORT = 1024, 65535
MAX_ADDRESS_CHARS = 253  # the longest DNS name
HOST_NAME = re.compile(r"(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]{0,62}[A-Za-z0-9])?"
                       r"(\.[A-Za-z0-9]([A-Za-z0-9-]{0,62}[A-Za-z0-9])?)*\.?")


def parse_address(text: str, default_port: int) -> tuple[str, int]:
    """``host``, ``host:port``, ``1.2.3.4:port``, ``::1``, ``[::1]:port`` -> (host, port).

    ValueError with a one-line message for anything else (the text is never resolved here)."""
    text = text.strip()
    if not text:
        raise ValueError(_("type the other computer's address, e.g. 192.168.1.20 or 192.168.1.20:7444"))
    if len(text) > MAX_ADDRESS_CHARS + 8:
        raise ValueError(_("that address is too long"))
    host, port_text = text, ""
    if text.startswith("["):
        end = text.find("]")
        if end < 0 or (text[end + 1:] and not text[end + 1:].startswith(":")):
            # TRANSLATORS: [address]:port is how it is typed; "address" and "port" may be translated.
            raise ValueError(_("an IPv6 address with a port is written [address]:port"))
        host, port_text = text[1:end], text[end + 2:]
    elif text.count(":") == 1:
        host, port_text = text.split(":")
    port = default_port
    if port_text or text.endswith(":"):
        if not (port_text.isascii() and port_text.isdigit()) or not MIN_PORT <= int(port_text[:6]) <= MAX_PORT:
            raise ValueError(_("the port must be a number from {low} to {high}").format(low=MIN_PORT, high=MAX_PORT))
        port = int(port_text)
    try:
        return str(ipaddress.ip_address(host)), port
    except ValueError:
        pass
    if not HOST_NAME.fullmatch(host):
        raise ValueError(_("{host} is not an IP address or a host name").format(host=repr(host[:40])))
    return host, port


def show_address(host: str, port: int) -> str:
    """How a player types it back: ``[v6]:port`` for IPv6, else ``host:port``."""
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"

"""Every network test stays off the machine's real interfaces: the window hosts with ``[network]
announce = false`` unless a test says otherwise, and zeroconf starts only on loopback; asked for
any other interface it fails as a machine without multicast does (nothing is sent), and the
attempt is recorded for the tests that check the setting."""

from __future__ import annotations

import ipaddress

import pytest
from zeroconf import InterfaceChoice

from game.net import discovery


def _loopback_only(interfaces: object) -> bool:
    if not isinstance(interfaces, list) or not interfaces:
        return False
    try:
        return all(ipaddress.ip_address(a).is_loopback for a in interfaces)
    except ValueError:
        return False


@pytest.fixture(autouse=True)
def zeroconf_attempts(monkeypatch) -> list[object]:
    """The interfaces of every refused attempt to start zeroconf beyond loopback."""
    attempts: list[object] = []
    real = discovery.AsyncZeroconf

    def loopback_zeroconf(*args, interfaces=InterfaceChoice.All, **kwargs):
        if not _loopback_only(interfaces):
            attempts.append(interfaces)
            raise OSError("multicast on this machine's real interfaces is off in the tests")
        return real(*args, interfaces=interfaces, **kwargs)

    monkeypatch.setattr(discovery, "AsyncZeroconf", loopback_zeroconf)
    return attempts


@pytest.fixture
def ui(ui):
    """The window, hosting without announcing unless ``network_announce=True`` is given."""
    def make(*args, **overrides):
        overrides.setdefault("network_announce", False)
        return ui(*args, **overrides)

    return make

"""Discovery: a hosted game is advertised with zeroconf and found by browsing.

On loopback where this machine lets multicast through it (skipped, with the reason, where not);
and between two network namespaces joined by a veth pair, made by the test (skipped without the
rights to make them). No traffic leaves loopback or the test's own namespaces."""

from __future__ import annotations

import ipaddress
import os
import shutil
import socket
import subprocess
import sys
import textwrap
import uuid
from pathlib import Path

import pygame
import pytest
from netkit import FAST, wait_for

from game.net import events as ev
from game.net.discovery import found_game, instance_name
from game.net.link import NetLink
from game.net.protocol import PROTOCOL_VERSION
from game.ui.netplay.net_lobby import Page
from conftest import TextRecorder
from game.ui.scene import SceneName, Transition

MDNS_GROUP = "224.0.0.251"
ROOT = Path(__file__).resolve().parents[2]


def loopback_multicast_problem() -> str | None:
    """Why multicast over the loopback interface does not work here, or None if it does."""
    recv = send = None
    try:
        recv = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        recv.bind(("", 0))
        port = recv.getsockname()[1]
        membership = socket.inet_aton(MDNS_GROUP) + socket.inet_aton("127.0.0.1")
        recv.setsockopt(socket.IPPROTO_IP, socket.IP_ADD_MEMBERSHIP, membership)
        recv.settimeout(1.0)
        send = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        send.setsockopt(socket.IPPROTO_IP, socket.IP_MULTICAST_IF, socket.inet_aton("127.0.0.1"))
        send.setsockopt(socket.IPPROTO_IP, socket.IP_MULTICAST_LOOP, 1)
        send.sendto(b"probe", (MDNS_GROUP, port))
        if recv.recv(16) != b"probe":
            return "a multicast probe on loopback came back changed"
    except OSError as exc:
        return f"multicast over loopback does not work on this machine ({exc})"
    finally:
        for s in (recv, send):
            if s is not None:
                s.close()
    return None


def test_instance_names_fit_dns_sd():
    assert len(instance_name("é" * 30).split(".")[0].encode()) <= 63
    assert instance_name("Ann").endswith("._connect4._tcp.local.")


def test_a_hosted_game_is_found_by_browsing_on_loopback():
    problem = loopback_multicast_problem()
    if problem:
        pytest.skip(problem)
    name = f"Ann {uuid.uuid4().hex[:6]}"
    host = NetLink(name, limits=FAST, interfaces=["127.0.0.1"])
    seeker = NetLink("Bob", limits=FAST, interfaces=["127.0.0.1"])
    try:
        host.host(0, 1, bind="127.0.0.1", advertise=True)
        port = wait_for(host, ev.Listening).port
        seeker.browse(True)
        found = wait_for(seeker, ev.Found, where=lambda e: any(g.name == name for g in e.games))
        game = next(g for g in found.games if g.name == name)
        assert (game.host, game.port) == ("127.0.0.1", port)
        seeker.join(game.host, game.port)
        assert wait_for(seeker, ev.Connected).opponent == name
        host.stop()
        wait_for(seeker, ev.Found, where=lambda e: all(g.name != name for g in e.games))
    finally:
        seeker.close()
        host.close()


NS_SCRIPT = textwrap.dedent("""
    import sys, time
    from game.net import events as ev
    from game.net.link import Limits, NetLink
    role, name = sys.argv[1], sys.argv[2]
    link = NetLink(name, limits=Limits(silence=20.0, close=2.0))
    start = time.monotonic()
    deadline = start + 40
    backlog = []
    def wait(kind, where=lambda e: True):
        while time.monotonic() < deadline:
            backlog.extend(link.poll())
            while backlog:
                e = backlog.pop(0)
                print(f"{time.monotonic() - start:5.2f} s", repr(e), flush=True)
                if isinstance(e, kind) and where(e):
                    return e
            time.sleep(0.02)
        raise SystemExit(f"timed out waiting for {kind.__name__}")
    if role == "host":
        link.host(7444, 1)   # every address of the namespace: one fixed port for all of them
        wait(ev.Listening)
        wait(ev.Connected)
        link.play(3)
        wait(ev.Moved)
    else:
        link.browse(True)
        found = wait(ev.Found, lambda e: any(g.name == "NsHost" for g in e.games))
        game = next(g for g in found.games if g.name == "NsHost")
        link.join(game.host, game.port)
        wait(ev.Connected)
        wait(ev.Moved)
        link.play(3)
        time.sleep(0.5)
    link.close()
    print("done", flush=True)
""")


def _ip(*args: str) -> None:
    subprocess.run(["ip", *args], check=True, capture_output=True, timeout=10)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="network namespaces are Linux's")
def test_discovery_and_a_game_between_two_network_namespaces(tmp_path):
    if shutil.which("ip") is None or os.geteuid() != 0:
        pytest.skip("making network namespaces needs root and the ip command")
    tag = uuid.uuid4().hex[:6]
    ns_a, ns_b, veth_a, veth_b = f"c4a{tag}", f"c4b{tag}", f"c4a{tag}", f"c4b{tag}"
    try:
        _ip("netns", "add", ns_a)
        _ip("netns", "add", ns_b)
    except (subprocess.CalledProcessError, OSError) as exc:
        pytest.skip(f"cannot make network namespaces here: {exc}")
    try:
        _ip("link", "add", veth_a, "type", "veth", "peer", "name", veth_b)
        _ip("link", "set", veth_a, "netns", ns_a)
        _ip("link", "set", veth_b, "netns", ns_b)
        for ns, veth, address in ((ns_a, veth_a, "10.254.77.1/24"), (ns_b, veth_b, "10.254.77.2/24")):
            _ip("-n", ns, "addr", "add", address, "dev", veth)
            _ip("-n", ns, "link", "set", veth, "up", "multicast", "on")
            _ip("-n", ns, "link", "set", "lo", "up")
        script = tmp_path / "ns_side.py"
        script.write_text(NS_SCRIPT)
        env = {**os.environ, "PYTHONPATH": str(ROOT), "CONNECT4_HOME": str(tmp_path)}
        host = subprocess.Popen(["ip", "netns", "exec", ns_a, sys.executable, str(script), "host", "NsHost"],
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
        join = subprocess.Popen(["ip", "netns", "exec", ns_b, sys.executable, str(script), "join", "NsGuest"],
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
        host_out, _ = host.communicate(timeout=60)
        join_out, _ = join.communicate(timeout=60)
        assert "done" in host_out and "done" in join_out, f"host:\n{host_out}\njoin:\n{join_out}"
        assert "FoundGame(name='NsHost', host='10.254.77.1'" in join_out
        assert "Connected(opponent='NsGuest'" in host_out and "Moved(column=Column(3), moves=(3, 3))" in host_out
    finally:
        for ns in (ns_a, ns_b):
            subprocess.run(["ip", "netns", "del", ns], capture_output=True, timeout=10, check=False)


# -- what is listed -----------------------------------------------------------------------------

NEAR = [ipaddress.ip_network("192.168.1.0/24"), ipaddress.ip_network("fd00::/64")]


def props(name=b"root", protocol=str(PROTOCOL_VERSION).encode()) -> dict:
    return {b"name": name, b"protocol": protocol}


@pytest.mark.parametrize("properties, addresses, port", [
    (props(), ["192.168.1.20"], 1),                       # a typed port must be 1024-65535
    (props(), ["192.168.1.20"], 70000),
    (props(protocol=b"1"), ["192.168.1.20"], 7444),      # an older protocol: it could not play this one
    (props(protocol=b"x"), ["192.168.1.20"], 7444),
    ({b"name": b"root"}, ["192.168.1.20"], 7444),
    (props(), ["fe80::1"], 7444),                         # link-local without its interface: unreachable
    (props(), ["0.0.0.0", "224.0.0.251"], 7444),
    (props(), [], 7444),
])
def test_a_game_this_version_could_not_join_is_not_listed(properties, addresses, port):
    assert found_game(properties, addresses, port, NEAR) is None


def test_a_newer_protocol_is_listed_as_needing_a_newer_version_and_is_not_joined(ui):
    newer = found_game(props(protocol=b"999"), ["192.168.1.20"], 7444, NEAR)
    assert newer is not None and newer.newer
    d = ui()
    d.c.switch(Transition(SceneName.NETWORK))
    lobby = d.scene
    lobby.open_join()
    lobby.games = (newer,)
    row = lobby.join_rows()[2]
    assert "needs a newer version" in row.label
    row.activate()
    assert lobby.page is Page.JOIN and "newer version" in lobby.message[0]


def test_every_found_game_shows_its_address_and_a_stranger_is_marked(ui):
    games = [found_game(props(), [address], 7444, NEAR) for address in ("192.168.1.20", "192.168.1.30", "10.9.8.7")]
    assert [g.nearby for g in games] == [True, True, False]
    assert found_game(props(), ["fe80::1", "fd00::5"], 7444, NEAR).host == "fd00::5"
    assert found_game(props(), ["fe80::1%eth0"], 7444, NEAR).host == "fe80::1%eth0"
    assert found_game(props(), ["10.9.8.7", "192.168.1.9"], 7444, NEAR).host == "192.168.1.9"
    d = ui(window_width=430, window_height=410)
    d.c.switch(Transition(SceneName.NETWORK))
    lobby = d.scene
    lobby.open_join()
    lobby.games = tuple(games)
    labels = [row.label for row in lobby.join_rows()[2:]]
    assert labels == ["192.168.1.20:7444  ·  root", "192.168.1.30:7444  ·  root",
                      "10.9.8.7:7444  ·  root  ·  not on your network"]
    shown = drawn(d)
    assert all(any(t.startswith(label.split()[0]) for t in shown) for label in labels)   # never cut away


def test_a_found_name_is_plain_text():
    assert found_game(props(name="Ann\u202e".encode()), ["192.168.1.2"], 7444, NEAR).name == "(unnamed)"
    assert found_game(props(name=b"\xff"), ["192.168.1.2"], 7444, NEAR).name == "(unnamed)"
    assert found_game(props(name=" Zo\u00eb  B ".encode()), ["192.168.1.2"], 7444, NEAR).name == "Zoë B"


def drawn(d) -> list[str]:
    with TextRecorder() as recorder:
        d.scene.draw(pygame.Surface(d.c.ctx.layout.size))
    return recorder.texts

"""Whose game it is: a resume adds only the sender's own move, a seat needs the game's secret, and
slow clients cannot keep a player out. Unit tests of the policy (game.net.match, game.net.handshake,
game.net.gate, game.net.secret), then both sides end to end on loopback."""

from __future__ import annotations

import dataclasses
import json
import socket
import threading
import time

import pytest
from netkit import FAST, NONCE, RawPeer, cols, cut, drain, pair, play, play_out, returning_peer, start_host, wait_for

from game.net import events as ev
from game.net.gate import BUSY, HandshakeGate
from game.net.handshake import (BOARDS_DIFFER, NO_PROOF, NOT_HERE, NOT_RESIGNED, OTHER_COLOUR, Turned, join_hello, seat,
                                take_offer)
from game.net.link import NetLink
from game.net.match import Match, Violation
from game.net.protocol import Hello, Offer, PROTOCOL_VERSION, encode
from game.net.secret import new_nonce, new_secret, proof, proves

SECRET = new_secret()
GAME = "0123456789abcdef"


def match(moves: str, colour: int) -> Match:
    m = Match(GAME, colour, SECRET)
    m.adopt(cols(moves))
    return m


# -- Match.resume_with: the policy ---------------------------------------------------------------


@pytest.mark.parametrize("mine, colour, theirs, expected", [
    ("4455", 1, "4455", "4455"),              # the same game goes on
    ("44", 1, "4455", None),                  # two moves apart
    ("4455", 1, "44", None),
    ("445", 1, "4453", "4453"),               # yellow's turn: the sender (yellow) adds its own disc
    ("445", 2, "4453", None),                 # yellow's turn: the sender (red) may not add this side's disc
    ("44", 1, "445", None),                   # red's turn at "44": the sender (yellow) may not add red's disc
    ("44", 2, "445", "445"),                  # this side is yellow: red, the sender, adds its own disc
    ("4453", 2, "445", "4453"),               # this side's own lost move (yellow, on its turn) is kept
    ("4453", 1, "445", None),                 # this side (red) may not add yellow's disc
    ("34343", 2, "343431", None),             # the reported attack: the guest (red) adds the host's yellow disc
    ("34343", 1, "343431", "343431"),         # yellow's own move, sent by yellow
    ("111111", 1, "1111111", None),           # a move into a full column
    ("1212121", 1, "12121213", None),         # a move after the end of the game
    ("4455", 1, "4465", None),                # the lists differ before their ends
    ("", 2, "4", "4"),
    ("", 1, "4", None),
])
def test_resume_with_adds_only_the_senders_own_move_on_its_turn(mine, colour, theirs, expected):
    m = match(mine, colour)
    assert m.resume_with(cols(theirs)) == (None if expected is None else cols(expected))
    assert m.moves_string() == mine           # deciding changes nothing


@pytest.mark.parametrize("mine, colour, theirs, expected", [
    ("4", 1, "41", "4"),                      # the other side (yellow) resigned: its disc after that is not played
    ("4", 1, "4", "4"),
    ("41", 2, "4", "41"),                     # this side's own disc before it resigned stays
    ("4", 1, "4411", None),                   # too far apart: not this game
])
def test_a_resigned_game_goes_on_from_this_sides_moves_alone(mine, colour, theirs, expected):
    m = match(mine, colour)
    m.resign(2)
    assert m.resume_with(cols(theirs)) == (None if expected is None else cols(expected))


# -- the handshake's decisions ---------------------------------------------------------------------


def guest_hello(current: Match, host_nonce: str, nonce: str = NONCE, **change) -> Hello:
    return dataclasses.replace(join_hello(current, "Bob", "1.0", host_nonce, nonce), **change)


def test_a_returning_player_sits_down_only_with_the_games_proof_and_colour():
    host_nonce = new_nonce()
    hosts, guests = match("445", 1), match("445", 2)
    seating = seat(hosts, guest_hello(guests, host_nonce), host_nonce, None, "Bob")
    assert seating.resumed and seating.moves == cols("445") and seating.offer.secret is None
    assert proves(seating.offer.proof, SECRET, "host", GAME, NONCE, host_nonce)
    bad = [(guest_hello(guests, host_nonce, proof="0" * 64), NO_PROOF),
           (guest_hello(guests, new_nonce()), NO_PROOF),               # a proof made for another connection
           (guest_hello(guests, host_nonce, colour="red"), OTHER_COLOUR),
           (guest_hello(guests, host_nonce, game="fedcba9876543210"), NOT_HERE),
           (guest_hello(guests, host_nonce, moves=cols("4466")), BOARDS_DIFFER)]
    for hello, reason in bad:
        with pytest.raises(Turned, match=reason[:30]):
            seat(hosts, hello, host_nonce, None, "Bob")
    with pytest.raises(Turned, match=NOT_HERE[:30]):
        seat(None, guest_hello(guests, host_nonce), host_nonce, None, "Bob")
    assert hosts.moves_string() == "445"


def resigned(moves: str, colour: int, by: int) -> Match:
    m = match(moves, colour)
    m.resign(by)
    return m


@pytest.mark.parametrize("theirs", ["4", "41"])
def test_going_back_into_a_resigned_game_offers_the_game_as_it_ended(theirs):
    host_nonce = new_nonce()
    hosts = resigned("4", 1, by=2)                      # the guest (yellow) resigned after red's 4
    hello = guest_hello(match(theirs, 2), host_nonce)    # it comes back without the resignation
    seating = seat(hosts, hello, host_nonce, None, "Bob")
    assert seating.offer.moves == cols("4") and seating.offer.resigned == "yellow"
    assert seating.take().moves_string() == "4" and hosts.resigned == 2 and hosts.over


def test_a_returning_player_brings_word_of_its_own_resignation_only():
    host_nonce = new_nonce()
    own = seat(match("445", 1), guest_hello(resigned("445", 2, by=2), host_nonce), host_nonce, None, "Bob")
    assert own.offer.resigned == "yellow" and own.take().resigned == 2
    hosts = match("445", 1)
    with pytest.raises(Turned, match=NOT_RESIGNED[:30]):
        seat(hosts, guest_hello(resigned("445", 2, by=1), host_nonce), host_nonce, None, "Bob")
    assert hosts.resigned is None and not hosts.over


def test_a_joining_side_keeps_a_resignation_through_any_offer():
    host_nonce, nonce = new_nonce(), new_nonce()
    good = proof(SECRET, "host", GAME, nonce, host_nonce)
    for offer, reason in [(Offer(GAME, "yellow", cols("445"), proof=good), "leaves out the game's resignation"),
                          (Offer(GAME, "yellow", cols("4453"), proof=good), "leaves out the game's resignation")]:
        current = resigned("445", 2, by=2)
        with pytest.raises(Violation, match=reason):
            take_offer(current, offer, nonce, host_nonce)
        assert current.resigned == 2 and current.moves_string() == "445"
    with pytest.raises(Violation, match="this side resigned, which it did not"):
        take_offer(match("445", 2), Offer(GAME, "yellow", cols("445"), proof=good, resigned="yellow"), nonce,
                   host_nonce)
    taken = take_offer(match("4453", 2), Offer(GAME, "yellow", cols("445"), proof=good, resigned="red"), nonce,
                       host_nonce)                      # the host resigned before this side's 3 reached it
    assert taken.moves_string() == "445" and taken.resigned == 1


def test_a_new_player_gets_a_new_game_unless_one_is_in_progress():
    hello = Hello(PROTOCOL_VERSION, "1.0", "Eve", NONCE)
    fresh = seat(None, hello, new_nonce(), 1, "")
    assert fresh.offer.moves == () and fresh.offer.secret == fresh.match.secret and len(fresh.match.secret) == 32
    assert fresh.match.game_id != seat(None, hello, new_nonce(), 1, "").match.game_id
    with pytest.raises(Turned, match="waiting for Bob to come back"):
        seat(match("44", 1), hello, new_nonce(), 1, "Bob")
    over = match("4455667", 1)
    assert seat(over, hello, new_nonce(), 1, "Bob").match is not over     # a finished game: a new one


def test_a_joining_side_takes_only_an_offer_proved_by_the_games_host():
    host_nonce, nonce = new_nonce(), new_nonce()
    good = proof(SECRET, "host", GAME, nonce, host_nonce)
    assert take_offer(match("445", 2), Offer(GAME, "yellow", cols("445"), proof=good), nonce, host_nonce).moves_string() == "445"
    assert take_offer(match("44", 2), Offer(GAME, "yellow", cols("445"), proof=good), nonce, host_nonce).moves_string() == "445"
    hostile = [
        (Offer(GAME, "yellow", cols("4451"), proof=good), "not the host's own"),   # the mirror: the guest's disc added
        (Offer(GAME, "yellow", cols("445"), proof=proof(SECRET, "guest", GAME, nonce, host_nonce)), "without proof"),
        (Offer(GAME, "yellow", cols("445"), proof="0" * 64), "without proof"),
        (Offer(GAME, "red", cols("445"), proof=good), "other colour"),
        (Offer("fedcba9876543210", "yellow", cols("445"), proof=good), "different game"),
        (Offer(GAME, "yellow", cols(""), secret=new_secret()), "without proof"),
    ]
    for offer, reason in hostile:
        current = match("445", 2)
        with pytest.raises(Violation, match=reason):
            take_offer(current, offer, nonce, host_nonce)
        assert current.moves_string() == "445"


def test_proofs_are_bound_to_the_secret_the_role_the_game_and_both_nonces():
    a, b = new_nonce(), new_nonce()
    p = proof(SECRET, "guest", GAME, a, b)
    assert proves(p, SECRET, "guest", GAME, a, b)
    assert not any([proves(p, new_secret(), "guest", GAME, a, b), proves(p, SECRET, "host", GAME, a, b),
                    proves(p, SECRET, "guest", "fedcba9876543210", a, b), proves(p, SECRET, "guest", GAME, b, a),
                    proves(p, "", "guest", GAME, a, b), proves(None, SECRET, "guest", GAME, a, b)])
    c = new_nonce()
    assert not proves(p, SECRET, "guest", GAME, a, c)      # only the prover's own nonce differs
    assert not proves(p, SECRET, "guest", GAME, c, b)      # only the other side's nonce differs
    assert SECRET not in repr(Match(GAME, 1, SECRET)) and SECRET not in encode(Hello(2, "1", "A", a)).decode()


def test_the_gate_pushes_out_the_oldest_of_the_busiest_address():
    gate: HandshakeGate[str] = HandshakeGate(4)
    for conn, address in [("a1", "A"), ("b1", "B"), ("a2", "A"), ("a3", "A")]:
        assert gate.admit(conn, address) is None
    assert gate.admit("c1", "C") == "a1"           # full: A holds the most; its oldest goes
    assert gate.admit("c2", "C") == "a2"
    assert gate.admit("c3", "C") == "c1"           # now C holds the most
    assert len(gate) == 4 and not gate.holds("a1") and gate.holds("c3") and gate.holds("b1")
    gate.release("a1")                             # released after being pushed out: nothing happens
    gate.release("c3")
    assert gate.admit("d1", "D") is None
    with pytest.raises(ValueError):
        HandshakeGate(0)


def test_a_crowd_of_addresses_that_keeps_coming_back_cannot_push_out_a_new_player():
    gate: HandshakeGate[str] = HandshakeGate(4)
    crowd = [f"127.0.{i // 250 + 1}.{i % 250 + 1}" for i in range(200)]
    for turn in range(3):                          # each address connects, is pushed out, comes back
        for address in crowd:
            gate.admit(f"{address}#{turn}", address)
    gate.admit("player", "127.0.0.1")
    for address in crowd:                          # the whole crowd once more, all at once
        assert gate.admit(f"{address}#again", address) != "player"
    assert gate.holds("player")
    gate.release("player")                         # the player failed once: it still gets in and stays
    gate.admit("player", "127.0.0.1")
    for address in crowd:
        assert gate.admit(f"{address}#more", address) != "player"
    gate.spoke("player")
    gate.release("player", failed=False)
    assert gate.failures("127.0.0.1") == 1 and gate.failures(crowd[0]) >= 3
    gate.forgive("127.0.0.1")                      # it sat down
    assert gate.failures("127.0.0.1") == 0


def test_the_connection_of_the_address_that_failed_most_makes_room_first():
    gate: HandshakeGate[str] = HandshakeGate(2, memory=3)
    gate.admit("x1", "X")
    gate.release("x1")                             # a failed handshake: silent, broken, never accepted
    gate.admit("a", "A")
    gate.admit("x2", "X")
    assert gate.admit("b", "B") == "x2" and gate.holds("a") and gate.holds("b")     # not the oldest: X failed
    assert gate.failures("X") == 2
    gate.spoke("b")
    assert gate.admit("c", "C") == "a"             # equal records: the one that has not spoken goes
    for address in "DEF":                          # the table forgets the least recent addresses
        gate.admit(address, address)
        gate.release(address)
    assert gate.failures("X") == 0 and gate.failures("F") == 1


# -- end to end over loopback ----------------------------------------------------------------------


def test_a_returning_guest_cannot_add_the_hosts_disc():
    host, client, _ = pair(colour=2)                   # the host plays yellow, the guest red
    try:
        play_out(host, client, "34343", host_colour=2)
        cut(client)
        wait_for(client, ev.Dropped)
        wait_for(host, ev.Dropped)
        client.match.moves.append(0)                   # yellow's disc, the host's: not the guest's to add
        client.reconnect()
        failed = wait_for(client, ev.Failed)
        assert "two boards do not match" in failed.reason and "own last move" in failed.reason
        assert host.match.moves_string() == "34343" and not host.connected
        assert "turned away" in wait_for(host, ev.Info, where=lambda e: e.warning).text
    finally:
        client.close()
        host.close()


@pytest.mark.parametrize("knows_secret, moves, reason", [
    (True, "4451", "an offer whose moves add a disc that is not the host's own"),   # yellow's disc: the guest's
    (False, "445", "an offer without proof of the game's secret"),
])
def test_a_joining_side_refuses_a_host_that_adds_its_disc_or_cannot_prove_the_secret(knows_secret, moves, reason):
    host, client, _ = pair()                           # the host plays red, the guest yellow
    try:
        play_out(host, client, "445")
        host.close(wait=2.0)
        wait_for(client, ev.Dropped)
        secret = client.match.secret if knows_secret else new_secret()
        fake = ScriptedHost(secret, client.match.game_id, "yellow", moves)
        client.join("127.0.0.1", fake.port)
        assert reason in wait_for(client, ev.Failed).reason
        assert client.match.moves_string() == "445"
        assert fake.heard_bye_with(reason)
    finally:
        client.close()


def test_the_games_secret_is_the_same_on_both_sides_and_survives_a_reconnect():
    host, client, _ = pair()
    try:
        assert host.match.secret == client.match.secret and len(host.match.secret) == 32
        secret = host.match.secret
        play(host, client, 3)
        cut(client)
        wait_for(client, ev.Dropped)
        wait_for(host, ev.Dropped)        # the host saw the seat come free: it takes its player back
        client.reconnect()
        again = wait_for(client, ev.Connected)
        assert again.resumed and again.secret == secret and secret not in repr(again)
    finally:
        client.close()
        host.close()


def test_an_accept_after_the_offered_game_changed_is_refused_and_the_game_kept():
    link, port = start_host(limits=dataclasses.replace(FAST, hello=5.0))
    alice = NetLink("Alice", limits=FAST)
    try:
        bob = RawPeer(port)
        bob.hello(name="Bob")
        offer = bob.read_until("offer")                   # made while the host had no game
        assert offer is not None and offer["moves"] == ""
        alice.join("127.0.0.1", port)
        wait_for(alice, ev.Connected)
        wait_for(link, ev.Connected)
        play_out(link, alice, "44")
        cut(alice)
        wait_for(link, ev.Dropped)
        wait_for(alice, ev.Dropped)
        bob.send({"type": "accept", "game": offer["game"]})
        bye = bob.read_until("bye")
        assert bye is not None and "too late" in bye["reason"] and bob.closed()
        assert link.match.moves_string() == "44" and not link.connected
        alice.reconnect()                                 # the game still waits for Alice
        assert wait_for(alice, ev.Connected).resumed
        assert play(link, alice, 2).moves == cols("443")
    finally:
        alice.close()
        link.close()


def test_an_offer_stands_only_for_the_game_state_it_was_made_for():
    hello = Hello(PROTOCOL_VERSION, "1.0", "Eve", NONCE)
    fresh = seat(None, hello, new_nonce(), 1, "")
    assert fresh.stands(None) and not fresh.stands(match("", 1))
    current = match("4455667", 1)                        # a finished game: a new player gets a new one
    offered = seat(current, hello, new_nonce(), 1, "Bob")
    assert offered.stands(current)
    current.rematch(local=True)
    current.rematch(local=False)                          # a rematch started: the board emptied
    assert not offered.stands(current)


@pytest.mark.parametrize("moves", ["4", "41"])
def test_a_resignation_stands_when_the_player_who_resigned_comes_back(moves):
    host, client, port = pair()                          # the host plays red, the guest yellow
    try:
        play(host, client, 3)
        client.resign()
        assert wait_for(host, ev.State).resigned == 2
        secret, game = client.match.secret, client.match.game_id
        cut(client)
        wait_for(host, ev.Dropped)
        mallory = returning_peer(port, secret, game, moves, "yellow")
        offer = mallory.read_until("offer")
        assert offer is not None and offer["moves"] == "4" and offer["resigned"] == "yellow"
        mallory.send({"type": "accept", "game": game})
        back = wait_for(host, ev.Connected)
        assert back.resumed and back.moves == cols("4") and back.resigned == 2
        assert host.match.moves_string() == "4" and host.match.over
        host.rematch()                                   # the finished game: a rematch may follow
        assert mallory.read_until("rematch") is not None
        mallory.send({"type": "move", "column": 1, "number": 2})
        assert "after the end of the game" in wait_for(host, ev.Dropped).reason
        assert host.match.moves_string() == "4" and host.match.resigned == 2
    finally:
        client.close()
        host.close()


def test_a_player_who_resigned_goes_back_into_the_finished_game_for_a_rematch():
    host, client, _ = pair()
    try:
        play(host, client, 3)
        client.resign()
        wait_for(host, ev.State)
        cut(client)
        wait_for(client, ev.Dropped)
        wait_for(host, ev.Dropped)
        client.reconnect()
        back = wait_for(client, ev.Connected)
        assert back.resumed and back.resigned == 2 and client.match.over
        client.rematch()
        wait_for(host, ev.Asked)
        host.rematch()
        assert wait_for(client, ev.State, where=lambda e: e.moves == ()).colour == 1     # colours swapped
    finally:
        client.close()
        host.close()


class SlowClients:
    """``count`` clients that each send a hello one byte at a time and connect again when dropped."""

    def __init__(self, port: int, count: int, byte_every: float) -> None:
        self.port, self.byte_every = port, byte_every
        self.stop = threading.Event()
        self.connections = 0
        self.threads = [threading.Thread(target=self._run, daemon=True) for _ in range(count)]
        for thread in self.threads:
            thread.start()

    def _run(self) -> None:
        line = json.dumps({"type": "hello", "protocol": PROTOCOL_VERSION, "version": "1", "name": "Slow",
                           "nonce": NONCE}).encode() + b"\n"
        while not self.stop.is_set():
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=2.0) as sock:
                    self.connections += 1
                    for byte in line[:-1]:       # never the end of the line
                        sock.sendall(bytes([byte]))
                        if self.stop.wait(self.byte_every):
                            return
            except OSError:
                self.stop.wait(0.02)             # dropped or refused: again, at once

    def close(self) -> None:
        self.stop.set()
        for thread in self.threads:
            thread.join(5.0)


def test_sixteen_slow_clients_do_not_keep_a_player_out():
    link, port = start_host(limits=FAST)
    slow = SlowClients(port, 16, byte_every=0.05)
    try:
        deadline = time.monotonic() + 10.0
        while slow.connections < 16 and time.monotonic() < deadline:
            time.sleep(0.01)
        assert slow.connections >= 16
        for attempt in range(20):
            player = NetLink(f"Real {attempt}", limits=FAST)
            try:
                player.join("127.0.0.1", port)
                got = wait_for(player, (ev.Connected, ev.Failed))
                assert isinstance(got, ev.Connected), got
            finally:
                player.close(wait=1.0)
            wait_for(link, ev.Dropped)
        assert not any(isinstance(e, ev.Info) and "game in progress" in e.text for e in drain(link, 0.05))
    finally:
        slow.close()
        link.close()


class Crowd:
    """``count`` loopback addresses (127.0.1.x) each holding a silent connection, made again at once
    whenever the host drops it."""

    def __init__(self, port: int, count: int) -> None:
        self.port = port
        self.stop = threading.Event()
        self.connections = 0
        self.threads = [threading.Thread(target=self._run, args=(f"127.0.1.{i + 1}",), daemon=True)
                        for i in range(count)]
        for thread in self.threads:
            thread.start()

    def _run(self, address: str) -> None:
        while not self.stop.is_set():
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=2.0,
                                              source_address=(address, 0)) as sock:
                    self.connections += 1
                    while not self.stop.is_set() and sock.recv(4096):
                        pass                     # silent: the host's hello and its "busy" are ignored
            except OSError:
                self.stop.wait(0.01)

    def close(self) -> None:
        self.stop.set()
        for thread in self.threads:
            thread.join(5.0)


def test_a_crowd_of_addresses_coming_back_at_once_does_not_keep_a_player_out():
    link, port = start_host(limits=dataclasses.replace(FAST, handshakes=4, hello=5.0))
    crowd = Crowd(port, 48)
    try:
        deadline = time.monotonic() + 10.0
        while crowd.connections < 200 and time.monotonic() < deadline:     # every address pushed out a few times
            time.sleep(0.01)
        for attempt in range(5):
            player = NetLink(f"Real {attempt}", limits=FAST)
            try:
                player.join("127.0.0.1", port)
                got = wait_for(player, (ev.Connected, ev.Failed))
                assert isinstance(got, ev.Connected), got
            finally:
                player.close(wait=1.0)
            wait_for(link, ev.Dropped)
    finally:
        crowd.close()
        link.close()


def test_a_player_pushed_out_for_load_is_told_busy_try_again():
    limits = dataclasses.replace(FAST, handshakes=2, hello=5.0)
    link, port = start_host(limits=limits)
    try:
        first, second, third = RawPeer(port), RawPeer(port), RawPeer(port)
        for peer in (first, second):
            peer.send(b"{")
        assert first.read_until("bye") == {"type": "bye", "reason": BUSY}
        assert first.closed()
        third.hello()
        assert third.read_until("offer") is not None
        second.close()
    finally:
        link.close()


class ScriptedHost:
    """A host that knows ``secret`` and offers ``moves`` to one returning guest, proving the secret."""

    def __init__(self, secret: str, game: str, colour: str, moves: str) -> None:
        self.server = socket.create_server(("127.0.0.1", 0))
        self.port = self.server.getsockname()[1]
        self.received: list[dict] = []
        self.args = secret, game, colour, moves
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self) -> None:
        secret, game, colour, moves = self.args
        conn, _ = self.server.accept()
        with conn, conn.makefile("rwb") as stream:
            nonce = new_nonce()
            stream.write(encode(Hello(PROTOCOL_VERSION, "1", "Mallory", nonce)))
            stream.flush()
            hello = json.loads(stream.readline())
            shown = proof(secret, "host", game, hello["nonce"], nonce)
            stream.write(encode(Offer(game, colour, cols(moves), proof=shown)))
            stream.flush()
            for line in stream:
                self.received.append(json.loads(line))
        self.server.close()

    def heard_bye_with(self, words: str) -> bool:
        self.thread.join(5.0)
        return any(m["type"] == "bye" and words in m["reason"] for m in self.received)

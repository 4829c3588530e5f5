"""A hostile or broken peer against a real host (and a real client): each attack gets its clear
outcome, the connection it came on is closed, and the attacked side keeps running and keeps its game."""

from __future__ import annotations

import asyncio
import dataclasses
import json
import threading
import time

import pytest
from netkit import FAST, NONCE, WAIT, RawPeer, cols, drain, pair, play, start_host, wait_for

from game.net import events as ev
from game.net import connection
from game.net.connection import Connection
from game.net.link import NetLink
from game.net.match import Violation
from game.net.protocol import MAX_LINE_BYTES, PROTOCOL_VERSION, Ping

SECRET = "ef" * 16


def still_hosting(host: NetLink, port: int) -> None:
    """The host survived: a well-behaved player can still join and play a move."""
    client = NetLink("Dan", limits=FAST)
    try:
        client.join("127.0.0.1", port)
        wait_for(client, ev.Connected)
        wait_for(host, ev.Connected)
        moved = play(host, client, 3) if host.match.colour == 1 else play(client, host, 3)
        assert moved.column == 3
    finally:
        client.close()


@pytest.fixture
def host():
    link, port = start_host()
    yield link, port
    link.close()


def bye_reason(peer: RawPeer) -> str:
    bye = peer.read_until("bye")
    assert bye is not None, "the host closed without saying why"
    assert peer.closed()
    return bye["reason"]


@pytest.mark.parametrize("line, reason", [
    (b"{not json\n", "not JSON"),
    (b"\xff\xfe\x00\x01binary\x80\n", "not UTF-8"),
    (b"[1, 2, 3]\n", "not an object"),
    (b'{"type": "launch_missiles"}\n', "unknown message type"),
    (b'{"type": "hello", "protocol": %d}\n' % PROTOCOL_VERSION, "without its fields"),
    (b"[" * 3000 + b"]" * 1000 + b"\n", "not JSON"),
    (b'{"type": "hello", "protocol": NaN, "version": "1", "name": "x"}\n', "not a JSON number"),
])
def test_garbage_before_the_hello_closes_that_connection_only(host, line, reason):
    link, port = host
    peer = RawPeer(port)
    peer.send(line)
    assert reason in bye_reason(peer)
    assert link.match is None
    still_hosting(link, port)


#: A close by the limit a test is about, not by the silence limit, comes before this: nearer the
#: hello time than the silence, leaving seconds for a loaded machine.
BEFORE_SILENCE = (FAST.hello + FAST.silence) / 2


def test_a_megabyte_line_closes_the_connection_unread(host):
    link, port = host
    peer = RawPeer(port)
    peer.hello()
    peer.read_until("offer")
    started = time.monotonic()
    peer.send(b"x" * 1_000_000 + b"\n")
    assert peer.closed()
    assert time.monotonic() - started < BEFORE_SILENCE  # for the line, not later for a silence
    still_hosting(link, port)


def test_a_megabyte_line_mid_game_drops_the_opponent_and_keeps_the_game(host):
    link, port = host
    peer = RawPeer(port)
    peer.join_game()
    wait_for(link, ev.Connected)
    link.play(3)
    peer.send(b'{"type": "chat", "text": "' + b"a" * 1_000_000 + b'"}\n')
    dropped = wait_for(link, ev.Dropped)
    assert "longer than 4096 bytes" in dropped.reason
    assert link.match.moves_string() == "4"


def test_a_long_line_without_its_newline_mid_game_closes_at_the_line_limit(host):
    link, port = host
    peer = RawPeer(port)
    peer.join_game()
    wait_for(link, ev.Connected)
    link.play(3)
    started = time.monotonic()
    peer.send(b'{"type": "chat", "text": "' + b"a" * 5000)     # never ended: the limit, not a newline, closes it
    dropped = wait_for(link, ev.Dropped)
    assert f"longer than {MAX_LINE_BYTES} bytes" in dropped.reason
    assert time.monotonic() - started < BEFORE_SILENCE
    assert link.match.moves_string() == "4"


def test_a_last_line_without_its_newline_is_not_played(host):
    link, port = host
    peer = RawPeer(port)
    peer.join_game()
    wait_for(link, ev.Connected)
    link.play(3)
    assert peer.read_until("move") is not None
    peer.send(b'{"type": "move", "column": 4, "number": 2}')     # a whole move, but its line never ended
    peer.close()
    dropped = wait_for(link, ev.Dropped)
    assert "closed" in dropped.reason
    assert link.match.moves_string() == "4" and not any(isinstance(e, ev.Moved) for e in drain(link, 0.1))


def test_exactly_a_burst_of_messages_at_once_is_read_and_one_more_is_refused(monkeypatch):
    monkeypatch.setattr(connection.time, "monotonic", lambda: 1000.0)     # no time passes: no refill

    async def read_all(count: int) -> list:
        reader = asyncio.StreamReader(limit=MAX_LINE_BYTES)
        reader.feed_data(b'{"type": "ping"}\n' * count)
        conn = Connection(reader, None, FAST)  # type: ignore[arg-type]
        return [await conn.read(1.0) for _ in range(count)]

    assert asyncio.run(read_all(FAST.burst)) == [Ping()] * FAST.burst
    with pytest.raises(Violation, match="messages a second"):
        asyncio.run(read_all(FAST.burst + 1))


def test_closing_a_host_while_clients_are_in_their_hello_reports_no_error(caplog):
    link, port = start_host()
    peers = [RawPeer(port) for _ in range(3)]
    for peer in peers:
        peer.send(b'{"type": "hel')
    assert _until(lambda: len(link.server.gate) == 3)
    link.close(wait=3.0)
    assert not link.net.thread.is_alive()
    assert not [r for r in caplog.records if r.levelname == "ERROR"], [r.getMessage() for r in caplog.records]
    for peer in peers:
        assert peer.closed()


def test_a_silent_client_is_closed_after_the_hello_time_and_the_host_waits_on(host):
    link, port = host
    peer = RawPeer(port)
    started = time.monotonic()
    assert peer.closed()
    assert FAST.hello - 0.1 <= time.monotonic() - started < BEFORE_SILENCE   # the hello time's close
    still_hosting(link, port)


@pytest.mark.parametrize("moves, attack, reason", [
    ("", {"type": "move", "column": 4, "number": 1}, "out of turn"),          # red (the host) is to move
    ("4", {"type": "move", "column": 4, "number": 3}, "move number 3"),
    ("1" * 6 + "2", {"type": "move", "column": 1, "number": 8}, "column 1 is full"),
    ("4455667", {"type": "move", "column": 1, "number": 8}, "after the end"),
    ("4", {"type": "move", "column": 8, "number": 2}, "column"),
    ("4", {"type": "move", "column": True, "number": 2}, "column"),
    ("4", {"type": "undo", "back_to": 0}, "not the asker's last move"),
    ("4", {"type": "undo_answer", "accept": True}, "no undo asked"),
    ("4", {"type": "rematch"}, "before the game has ended"),
    ("4", {"type": "hello", "protocol": PROTOCOL_VERSION, "version": "1", "name": "Eve", "nonce": NONCE},
     "a hello in the middle of a game"),
    ("4", {"type": "accept", "game": "0123456789abcdef"}, "an accept in the middle of a game"),
    ("4", {"type": "offer", "game": "0123456789abcdef", "colour": "red", "secret": SECRET},
     "an offer in the middle of a game"),
])
def test_a_rule_breaking_message_mid_game_is_refused_and_the_game_kept(host, moves, attack, reason):
    link, port = host
    peer = RawPeer(port)
    peer.join_game()
    wait_for(link, ev.Connected)
    for i, ch in enumerate(moves):
        if i % 2 == 0:
            link.play(int(ch) - 1)
            assert peer.read_until("move") is not None
        else:
            peer.send({"type": "move", "column": int(ch), "number": i + 1})
            wait_for(link, ev.Moved)
    peer.send(attack)
    dropped = wait_for(link, ev.Dropped)
    assert reason in dropped.reason and dropped.reason.startswith("Disconnected: Eve sent")
    assert reason in bye_reason(peer)           # the other side is told why too
    assert link.match.moves_string() == moves   # the game is kept as it was


@pytest.mark.parametrize("first, said", [({"type": "accept", "game": "0123456789abcdef"}, "an accept where a hello"),
                                         ({"type": "undo", "back_to": 0}, "an undo where a hello")])
def test_a_message_before_the_hello_is_named_with_its_article(host, first, said):
    link, port = host
    peer = RawPeer(port)
    peer.send(first)
    assert said in bye_reason(peer)


def test_control_sequences_in_chat_and_reasons_are_removed_whole(host):
    link, port = host
    peer = RawPeer(port)
    peer.join_game()
    wait_for(link, ev.Connected)
    peer.send({"type": "chat", "text": "\x1b[2J\x1b[31mRED\u202e \x1b]0;owned\x07gg"})
    assert wait_for(link, ev.ChatLine).text == "RED gg"
    peer.send({"type": "bye", "reason": "\x1b[2Jgone \x1b]8;;http://x\x1b\\for\x1b]8;;\x1b\\ now\x9b31m"})
    assert wait_for(link, ev.Dropped).reason == "Eve left: gone for now"


def test_a_name_with_odd_spacing_is_shown_in_its_clean_form(host):
    link, port = host
    peer = RawPeer(port)
    peer.hello(name="  e   VE ")
    offer = peer.read_until("offer")
    peer.send({"type": "accept", "game": offer["game"]})
    assert wait_for(link, ev.Connected).opponent == "e VE"
    assert link.opponent == "e VE"


def test_a_wrong_protocol_version_gets_a_clear_message_on_both_sides(host):
    link, port = host
    peer = RawPeer(port)
    peer.hello(protocol=PROTOCOL_VERSION + 1)
    reason = bye_reason(peer)
    assert f"protocol version {PROTOCOL_VERSION + 1}" in reason and "same version" in reason
    info = wait_for(link, ev.Info, where=lambda e: e.warning)
    assert "another version" in info.text
    still_hosting(link, port)


def test_a_client_told_of_a_wrong_protocol_version_says_so():
    server_port, stop = fake_host([{"type": "hello", "protocol": PROTOCOL_VERSION + 1, "version": "9.0",
                                    "name": "Future", "shape": "hexagonal"}])
    client = NetLink("Bob", limits=FAST)
    try:
        client.join("127.0.0.1", server_port)
        failed = wait_for(client, ev.Failed)
        assert "another version" in failed.reason and f"protocol version {PROTOCOL_VERSION + 1}" in failed.reason
    finally:
        client.close()
        stop()


@pytest.mark.parametrize("offer, reason", [
    ({"type": "offer", "game": "0123456789abcdef", "colour": "yellow", "moves": "1111111", "secret": SECRET},
     "already has moves"),
    ({"type": "offer", "game": "0123456789abcdef", "colour": "yellow", "moves": "1212121", "secret": SECRET},
     "already has moves"),
    ({"type": "offer", "game": "0123456789abcdef", "colour": "yellow", "moves": "", "proof": "0" * 64},
     "a game going on"),
    ({"type": "offer", "game": "../../etc/passwd", "colour": "yellow", "moves": "", "secret": SECRET},
     "malformed game id"),
    ({"type": "offer", "game": "0123456789abcdef", "colour": "purple", "moves": "", "secret": SECRET},
     "neither red nor yellow"),
])
def test_a_client_refuses_a_hostile_offer(offer, reason):
    hello = {"type": "hello", "protocol": PROTOCOL_VERSION, "version": "0.1.0", "name": "Mallory", "nonce": NONCE}
    server_port, stop = fake_host([hello, offer])
    client = NetLink("Bob", limits=FAST)
    try:
        client.join("127.0.0.1", server_port)
        assert reason in wait_for(client, ev.Failed).reason
        assert client.match is None
    finally:
        client.close()
        stop()


def test_a_client_refuses_a_hosts_hello_that_names_a_game():
    hello = {"type": "hello", "protocol": PROTOCOL_VERSION, "version": "0.1.0", "name": "Mallory", "nonce": NONCE,
             "game": "0123456789abcdef", "moves": "44", "colour": "red", "proof": "0" * 64}
    offer = {"type": "offer", "game": "0123456789abcdef", "colour": "yellow", "moves": "", "secret": SECRET}
    server_port, stop = fake_host([hello, offer])
    client = NetLink("Bob", limits=FAST)
    try:
        client.join("127.0.0.1", server_port)
        assert "a host's hello naming a game" in wait_for(client, ev.Failed).reason
        assert client.match is None
    finally:
        client.close()
        stop()


def test_a_move_while_its_own_undo_question_is_open_is_refused(host):
    link, port = host
    peer = RawPeer(port)
    peer.join_game()
    wait_for(link, ev.Connected)
    link.play(3)
    assert peer.read_until("move") is not None
    peer.send({"type": "move", "column": 4, "number": 2})
    wait_for(link, ev.Moved)
    link.play(4)
    assert peer.read_until("move") is not None
    peer.send({"type": "undo", "back_to": 1})          # its own 4 and the host's reply 5
    wait_for(link, ev.Asked)
    peer.send({"type": "move", "column": 1, "number": 4})
    dropped = wait_for(link, ev.Dropped)
    assert "while its own undo request waits for an answer" in dropped.reason
    assert link.match.moves_string() == "445" and link.match.undo_received is None


def test_a_flood_of_messages_closes_the_connection_and_keeps_the_game(host):
    link, port = host
    peer = RawPeer(port)
    peer.join_game()
    wait_for(link, ev.Connected)
    link.play(3)
    peer.send(b'{"type": "ping"}\n' * 500)
    dropped = wait_for(link, ev.Dropped)
    assert "messages a second" in dropped.reason
    assert link.match.moves_string() == "4"
    assert len(drain(link, 0.2)) < 5          # nothing of the flood reaches the window


def test_a_second_client_is_told_a_game_is_in_progress_and_the_first_plays_on():
    host, client, port = pair()
    try:
        play(host, client, 3)
        intruder = RawPeer(port)
        assert "game in progress" in bye_reason(intruder)
        assert "Someone else tried to join" in wait_for(host, ev.Info).text
        newcomer = NetLink("Zed", limits=FAST)
        newcomer.join("127.0.0.1", port)
        assert "game in progress" in wait_for(newcomer, ev.Failed).reason
        newcomer.close()
        assert play(client, host, 3).moves == cols("44")
    finally:
        client.close()
        host.close()


def test_a_name_breaking_the_name_rule_is_refused(host):
    link, port = host
    peer = RawPeer(port)
    peer.hello(name="Eve\x1b[2J: root")
    assert "name rule" in bye_reason(peer)
    assert link.match is None


def test_when_every_handshake_slot_is_taken_the_oldest_makes_room_and_is_told_busy():
    limits = dataclasses.replace(FAST, handshakes=4, hello=5.0)
    link, port = start_host(limits=limits)
    try:
        silent = [RawPeer(port) for _ in range(limits.handshakes)]
        for peer in silent:
            peer.send(b'{"type": "hel')           # each holds a slot, its hello never finished
        assert _until(lambda: len(link.server.gate) == limits.handshakes)
        still_hosting(link, port)                  # a real player gets in at once
        assert bye_reason(silent[0]) == "busy, try again"
        assert not any("game in progress" in e.text for e in drain(link, 0.1) if isinstance(e, ev.Info))
    finally:
        link.close()


def _until(predicate, timeout=WAIT) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.005)
    return False


def fake_host(script: list[dict]):
    """A one-shot server that sends ``script`` to whoever connects; returns (port, stop)."""
    loop = asyncio.new_event_loop()
    ready = threading.Event()
    box: dict = {}

    async def serve(reader, writer):
        for message in script:
            writer.write(json.dumps(message).encode() + b"\n")
        await writer.drain()
        try:
            await asyncio.wait_for(reader.read(), 5.0)
        except (TimeoutError, ConnectionError):
            pass
        writer.close()

    async def main():
        server = await asyncio.start_server(serve, "127.0.0.1", 0)
        box["port"] = server.sockets[0].getsockname()[1]
        box["server"] = server
        ready.set()

    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    asyncio.run_coroutine_threadsafe(main(), loop)
    assert ready.wait(5.0)

    def stop():
        async def shut():
            box["server"].close()
        asyncio.run_coroutine_threadsafe(shut(), loop).result(5.0)
        loop.call_soon_threadsafe(loop.stop)
        thread.join(5.0)

    return box["port"], stop


def test_a_move_is_converted_and_its_form_checked_once_at_the_protocol_edge(host, monkeypatch):
    """The wire's 1-7 becomes the program's 0-based column in ``decode`` alone: the match sees the
    column the event carries, and a column off the board never reaches the match."""
    from game.net.match import Match

    seen: list[int] = []
    remote_move = Match.remote_move

    def watched(match, message):
        seen.append(message.column)
        return remote_move(match, message)

    monkeypatch.setattr(Match, "remote_move", watched)
    link, port = host
    peer = RawPeer(port)
    peer.join_game()
    wait_for(link, ev.Connected)
    link.play(3)
    assert peer.read_until("move") == {"type": "move", "column": 4, "number": 1}
    peer.send({"type": "move", "column": 1, "number": 2})
    moved = wait_for(link, ev.Moved)
    assert (moved.column, moved.moves, seen) == (0, (3, 0), [0])
    link.play(3)
    assert peer.read_until("move") is not None
    peer.send({"type": "move", "column": 8, "number": 4})
    dropped = wait_for(link, ev.Dropped)
    assert dropped.reason == "Disconnected: Eve sent a column that is not a whole number from 1 to 7"
    assert seen == [0]                               # refused at the edge: the match never saw it
    assert link.match.columns() == (3, 0, 3)         # the game is kept as it was
    assert "a column that is not a whole number from 1 to 7" in bye_reason(peer)

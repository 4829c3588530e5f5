"""Two real sides on loopback sockets, headless: whole games, undo, rematch, resignation, chat,
dropped connections and resuming."""

from __future__ import annotations

import socket

import pytest
from netkit import FAST, RawPeer, cols, cut, drain, pair, play, play_out, start_host, wait_for

from game.engine.board import Position
from game.net import events as ev
from game.net.link import NetLink

DRAW = "442761225377252342545563474175371666631311"


def _ipv6_loopback() -> bool:
    if not socket.has_ipv6:
        return False
    try:
        with socket.socket(socket.AF_INET6, socket.SOCK_STREAM) as s:
            s.bind(("::1", 0))
        return True
    except OSError:
        return False


LOOPBACKS = ["127.0.0.1", pytest.param("::1", marks=pytest.mark.skipif(
    not _ipv6_loopback(), reason="this machine has no IPv6 loopback"))]


@pytest.mark.parametrize("address", LOOPBACKS)
def test_a_whole_game_to_a_win_then_a_rematch_with_colours_swapped(address):
    host, client, _ = pair(bind=address)
    try:
        last = play_out(host, client, "4455667")
        assert Position.from_moves(last.moves).winner() == 1
        assert host.match.over and client.match.over and host.match.moves == client.match.moves
        host.play(0)                                            # a move after the end is refused locally
        assert "end of the game" in wait_for(host, ev.Info, where=lambda e: e.warning).text
        client.rematch()
        wait_for(host, ev.Asked, where=lambda e: e.question is ev.Question.REMATCH)
        host.rematch()
        assert wait_for(host, ev.State) == ev.State((), 2)     # the host played red: now yellow
        assert wait_for(client, ev.State) == ev.State((), 1)
        play(client, host, 3)                                   # the client moves first now
    finally:
        client.close()
        host.close()


def test_a_draw_fills_the_board_and_both_sides_agree():
    host, client, _ = pair()
    try:
        last = play_out(host, client, DRAW)
        position = Position.from_moves(last.moves)
        assert position.is_draw()
        assert host.match.moves_string() == client.match.moves_string() == DRAW
    finally:
        client.close()
        host.close()


def test_undo_accepted_takes_back_the_askers_move_on_both_sides():
    host, client, _ = pair()
    try:
        play_out(host, client, "443")
        client.undo()              # yellow to move: its last move and red's reply go back
        wait_for(host, ev.Asked, where=lambda e: e.question is ev.Question.UNDO)
        host.answer_undo(True)
        assert wait_for(host, ev.State).moves == cols("4")
        assert wait_for(client, ev.State, where=lambda e: e.moves == cols("4")).colour == 2
        assert "accepted" in wait_for(client, ev.Info).text
        play(client, host, 5)      # play goes on from the earlier position
        assert host.match.moves_string() == client.match.moves_string() == "46"
    finally:
        client.close()
        host.close()


def test_undo_declined_keeps_the_game():
    host, client, _ = pair()
    try:
        play_out(host, client, "44")
        host.undo()
        wait_for(client, ev.Asked)
        client.answer_undo(False)
        assert "declined" in wait_for(host, ev.Info, where=lambda e: "undo" in e.text and e.warning).text
        assert host.match.moves_string() == client.match.moves_string() == "44"
        play(host, client, 2)
    finally:
        client.close()
        host.close()


def test_resignation_ends_the_game_and_chat_arrives_cleaned():
    host, client, _ = pair()
    try:
        play_out(host, client, "4")
        client.chat("good\x1b[31m game\n")
        assert wait_for(host, ev.ChatLine).text == "good game"
        client.resign()
        state = wait_for(host, ev.State)
        assert state.resigned == 2 and host.match.over
        host.play(0)
        assert "end of the game" in wait_for(host, ev.Info, where=lambda e: e.warning).text
    finally:
        client.close()
        host.close()


def test_reconnect_after_the_clients_socket_closes_mid_game():
    host, client, _ = pair()
    try:
        play_out(host, client, "4453")
        cut(client)
        assert wait_for(host, ev.Dropped).reason
        assert wait_for(client, ev.Dropped).reason
        assert host.match.moves_string() == client.match.moves_string() == "4453"    # both keep the game
        client.reconnect()
        resumed = wait_for(client, ev.Connected)
        assert resumed.resumed and resumed.moves == cols("4453") and resumed.colour == 2
        assert wait_for(host, ev.Connected).resumed
        play_out_from = play(host, client, 0)
        assert play_out_from.moves == cols("44531")
    finally:
        client.close()
        host.close()


@pytest.mark.parametrize("lost_by", ["guest", "host"])
def test_a_move_lost_with_the_connection_is_kept_when_resuming(lost_by):
    host, client, _ = pair()
    try:
        play_out(host, client, "445" if lost_by == "guest" else "44")
        client.net.loop.call_soon_threadsafe(lambda: client.game.conn.writer.transport.pause_reading())
        cut(client)
        wait_for(client, ev.Dropped)
        wait_for(host, ev.Dropped)
        mover = client if lost_by == "guest" else host
        mover.match.moves.append(4)         # its own move, on its turn, sent just before the cut and lost
        expected = mover.match.columns()
        client.reconnect()
        assert wait_for(client, ev.Connected).moves == expected
        assert wait_for(host, ev.Connected).moves == expected
    finally:
        client.close()
        host.close()


def test_the_host_closing_mid_game_tells_the_client_which_keeps_its_game():
    host, client, _ = pair()
    try:
        play_out(host, client, "4453")
        host.close(wait=2.0)
        assert not host.net.thread.is_alive()
        dropped = wait_for(client, ev.Dropped)
        assert "left" in dropped.reason and "closed the game" in dropped.reason
        assert client.match.moves_string() == "4453"
        client.reconnect()                          # nobody listens any more
        assert "cannot connect" in wait_for(client, ev.Failed).reason
        assert client.match.moves_string() == "4453"
    finally:
        client.close()
        host.close()


def test_a_reconnect_with_a_different_game_is_refused_with_a_message():
    host, client, port = pair()
    try:
        play_out(host, client, "44")
        client.close()
        wait_for(host, ev.Dropped)
        stranger = RawPeer(port)
        stranger.hello(game="0123456789abcdef", moves="44", colour="yellow", proof="0" * 64)
        bye = stranger.read_until("bye")
        assert bye is not None and "different game" in bye["reason"]
        assert host.match.moves_string() == "44"
    finally:
        client.close()
        host.close()


def test_a_restarted_host_without_the_game_does_not_take_up_the_game_a_returning_player_brings():
    host, client, port = pair(colour=2)
    try:
        play_out(host, client, "445", host_colour=2)
        host.close(wait=2.0)
        wait_for(client, ev.Dropped)
        again = NetLink("Ann", limits=FAST)            # the host's program started afresh, without its save
        again.host(port, None, bind="127.0.0.1", advertise=False)
        wait_for(again, ev.Listening)
        client.reconnect()
        failed = wait_for(client, ev.Failed)
        assert "does not have the game" in failed.reason and "join without it" in failed.reason
        assert again.match is None and client.match.moves_string() == "445"
        assert not any(isinstance(e, ev.Connected) for e in drain(again, 0.2))
        again.close()
    finally:
        client.close()
        host.close()


@pytest.mark.parametrize("moves", ["1212121", "34343", ""])
def test_a_stranger_cannot_impose_a_game_on_a_fresh_host(moves):
    host, port = start_host(colour=None)
    try:
        peer = RawPeer(port)
        peer.hello(name="Mallory", game="00000000deadbeef", moves=moves, colour="red", proof="0" * 64)
        bye = peer.read_until("bye")
        assert bye is not None and "does not have the game" in bye["reason"]
        assert host.match is None
        assert not any(isinstance(e, (ev.Connected, ev.Moved)) for e in drain(host, 0.2))
        still = NetLink("Dan", limits=FAST)             # a new player still gets a new, empty game
        still.join("127.0.0.1", port)
        assert wait_for(still, ev.Connected).moves == ()
        still.close()
    finally:
        host.close()


def test_a_restarted_joining_side_without_its_save_does_not_get_the_seat_back_by_name_or_game_id():
    host, client, port = pair()
    try:
        play_out(host, client, "4453")
        client.close(wait=2.0)                       # its program ended: the game and its secret are gone
        wait_for(host, ev.Dropped)
        for name in ("Bob", " bob ", "Eve"):
            again = NetLink(name, limits=FAST)
            again.join("127.0.0.1", port)
            assert "waiting for Bob to come back" in wait_for(again, ev.Failed).reason
            again.close()
        stranger = RawPeer(port)                     # the game's id is not enough either
        stranger.hello(name="Bob", game=host.match.game_id, moves="4453", colour="yellow", proof="ab" * 32)
        bye = stranger.read_until("bye")
        assert bye is not None and "proof of the game's secret does not match" in bye["reason"]
        assert host.match.moves_string() == "4453" and not host.connected
    finally:
        client.close()
        host.close()


def test_the_host_stops_listening_when_it_stops_hosting():
    host, port = start_host()
    host.stop()
    drain(host, 0.3)
    with pytest.raises(OSError):
        socket.create_connection(("127.0.0.1", port), timeout=1.0).close()
    host.close()

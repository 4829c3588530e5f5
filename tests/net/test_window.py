"""The window's side of network play, headless: the menu row, the lobby, and a game in the window
against a network side driven by the test (real sockets on loopback)."""

from __future__ import annotations

import socket
import time

import pygame
import pytest
from zeroconf import InterfaceChoice
from netkit import FAST, WAIT, cols, quiet, start_host, wait_for

from game.engine.board import parse_moves
from game.net import events as ev
from game.net.link import NetLink
from game.store.prefs import load_prefs
from game.ui.game import game_text
from game.ui.game.game_scene import GameScene
from game.ui.netplay.net_game import Answer, Networked
from game.ui.netplay.net_lobby import LobbyStart, NetLobbyScene, Page
from conftest import TextRecorder
from game.ui.scene import SceneName, Transition


@pytest.fixture(autouse=True)
def loopback_only(monkeypatch):
    monkeypatch.setattr(NetLobbyScene, "bind", "127.0.0.1")


@pytest.fixture
def ui(ui):
    return quiet(ui)


def is_network_game(scene) -> bool:
    """The game scene playing a network game (its seats are the network's)."""
    return isinstance(scene, GameScene) and isinstance(scene.seats, Networked)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def until(driver, predicate, what, timeout=WAIT):
    driver.run_until(predicate, timeout=timeout, what=what)


def hosted_game(ui, colour_keys=(pygame.K_RIGHT,), guest_name="Bob", **settings):
    """The window hosts (via the menu row and the lobby; Right: as red), a test-driven NetLink joins it."""
    port = free_port()
    d = ui(network_port=port, network_name="Ann", **settings)
    menu = d.scene
    row = next(i for i, r in enumerate(menu.rows()) if r.label == "Play over the network")
    menu.selected = row
    d.key(pygame.K_RETURN)
    assert isinstance(d.scene, NetLobbyScene)
    for key in colour_keys:
        d.key(key)
    d.key(pygame.K_RETURN)                     # "Host a game"
    until(d, lambda: d.scene.listening is not None, "listening")
    assert d.scene.listening.addresses == (f"127.0.0.1:{port}",)
    guest = NetLink(guest_name, limits=FAST)
    guest.join("127.0.0.1", port)
    until(d, lambda: is_network_game(d.scene), "the network game")
    wait_for(guest, ev.Connected)
    return d, guest, port


def drop(d, col, guest=None, refused=False):
    """The window's player drops in ``col`` (shown once the match has accepted it, unless it is
    ``refused``); with ``guest``: until the guest has seen it."""
    before = d.scene.model.moves_string()
    d.key(getattr(pygame, f"K_{col + 1}"))
    if not refused:
        until(d, lambda: d.scene.model.moves_string() == before + str(col + 1), "the move accepted")
    d.settle()
    if guest is not None:
        moves = d.scene.model.moves_string()
        wait_for(guest, ev.Moved, where=lambda e: e.moves == cols(moves))


def drawn_texts(d) -> list[str]:
    """Every text the network game draws in one frame."""
    with TextRecorder() as recorder:
        d.scene.draw(pygame.Surface((800, 700)))
    return recorder.texts


def test_a_whole_game_in_the_window_then_a_rematch_and_the_score(ui):
    d, guest, _ = hosted_game(ui)
    scene = d.scene
    try:
        assert scene.seats.table.colour == 1 and scene.seats.table.opponent == "Bob" and "Your turn" in scene.status_text()
        for i, col in enumerate(parse_moves("4455667")):
            if i % 2 == 0:
                drop(d, col)
                assert wait_for(guest, ev.Moved).column == col
            else:
                d.key(pygame.K_1)              # not this side's turn: refused, nothing sent
                guest.play(col)
                until(d, lambda n=i + 1: len(scene.model.moves) == n, "the opponent's move")
                assert scene.anims, "the opponent's move drops in"
                d.settle()
        assert scene.seats.table.over and scene.seats.table.result_text() == "You win!"
        assert (scene.seats.table.score.won, scene.seats.table.score.lost) == (1, 0)
        guest.undo()                                     # taken back after the end: no longer a win
        until(d, lambda: isinstance(scene.overlay, Answer), "the undo question")
        d.key(pygame.K_y)
        until(d, lambda: not scene.seats.table.over, "the game back in play")
        assert (scene.seats.table.score.won, scene.seats.table.score.lost) == (0, 0)
        assert scene.model.moves_string() == "44556"    # the guest's move and the win went back
        wait_for(guest, ev.State, where=lambda e: e.moves == cols("44556"))     # the guest has the yes too
        guest.play(5)
        until(d, lambda: len(scene.model.moves) == 6, "the guest's move again")
        d.settle()
        drop(d, 6, guest)                                # and won again: counted once more
        assert scene.seats.table.over and (scene.seats.table.score.won, scene.seats.table.score.lost) == (1, 0)
        d.key(pygame.K_n)
        wait_for(guest, ev.Asked)
        guest.rematch()
        until(d, lambda: scene.seats.table.colour == 2 and not scene.model.moves, "the rematch")
        assert "Bob's turn" in scene.status_text() and scene.seats.table.score.won == 1
    finally:
        guest.close()


def test_a_finished_game_is_reviewed_and_the_connection_waits_for_it(ui):
    d, guest, _ = hosted_game(ui)
    scene = d.scene
    try:
        for i, col in enumerate(parse_moves("4455667")):
            if i % 2 == 0:
                drop(d, col, guest)
            else:
                guest.play(col)
                until(d, lambda n=i + 1: len(scene.model.moves) == n, "the opponent's move")
                d.settle()
        d.key(pygame.K_r)
        assert d.c.scene.__class__.__name__ == "ReviewScene"
        assert d.c.scene.title() == "Game review — Red: You · Yellow: Bob"   # the window plays red
        guest.chat("still there?")
        d.key(pygame.K_ESCAPE)                           # back to the network game, still connected
        assert d.scene is scene and scene.seats.table.connected
        until(d, lambda: scene.seats.table.chat.shown is not None, "the chat sent during the review")
        d.key(pygame.K_r)
        d.c.shutdown()                                   # the window closes during the review
        assert "closed the game" in wait_for(guest, ev.Dropped).reason
    finally:
        guest.close()


def test_undo_is_a_request_the_window_answers(ui):
    d, guest, _ = hosted_game(ui)
    scene = d.scene
    try:
        drop(d, 3, guest)
        guest.play(3)
        until(d, lambda: len(scene.model.moves) == 2, "the reply")
        d.settle()
        guest.undo()
        until(d, lambda: isinstance(scene.overlay, Answer), "the question")
        d.key(pygame.K_n)                      # declined
        assert "declined" in wait_for(guest, ev.Info, where=lambda e: "undo" in e.text).text
        guest.undo()
        until(d, lambda: isinstance(scene.overlay, Answer), "the question again")
        d.key(pygame.K_y)
        until(d, lambda: scene.model.moves_string() == "4", "the undo")
        assert wait_for(guest, ev.State, where=lambda e: e.moves == cols("4"))
        d.key(pygame.K_z, mod=pygame.KMOD_CTRL)        # asking this side's own undo
        wait_for(guest, ev.Asked)
        guest.answer_undo(True)
        until(d, lambda: scene.model.moves_string() == "", "this side's undo")
    finally:
        guest.close()


def test_hints_analysis_and_redo_are_off(ui):
    d, guest, _ = hosted_game(ui)
    scene = d.scene
    try:
        for key in (pygame.K_h, pygame.K_a):
            d.key(key)
            assert "off in network games" in scene.flash.text
        assert not scene.analysis_on and not scene.ctx.engine.started
        d.key(pygame.K_y, mod=pygame.KMOD_CTRL)
        assert "Redo is off" in scene.flash.text
    finally:
        guest.close()


def test_chat_goes_both_ways_cleaned(ui):
    d, guest, _ = hosted_game(ui)
    scene = d.scene
    try:
        d.frame(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_t, mod=0, unicode="t"),
                pygame.event.Event(pygame.TEXTINPUT, text="t"))       # the key's own echo is not typed
        d.frame(pygame.event.Event(pygame.TEXTINPUT, text="good\x07 game"))
        d.key(pygame.K_RETURN)
        assert wait_for(guest, ev.ChatLine).text == "good game"
        guest.chat("gg \x1b[31m")
        until(d, lambda: scene.seats.table.chat.shown is not None and scene.seats.table.chat.shown[0].startswith("Bob"), "the chat line")
        assert "\x1b" not in scene.seats.table.chat.shown[0]
    finally:
        guest.close()


def test_while_the_chat_line_is_open_every_key_is_the_chats(ui):
    d, guest, _ = hosted_game(ui)
    scene = d.scene
    try:
        d.frame(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_t, mod=0, unicode="t"),
                pygame.event.Event(pygame.TEXTINPUT, text="t"))
        for ch in "gg m8":
            key = pygame.K_SPACE if ch == " " else pygame.key.key_code(ch)
            d.frame(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=ch),
                    pygame.event.Event(pygame.TEXTINPUT, text=ch))
        d.key(pygame.K_F11)
        assert not d.c.fullscreen and not d.c.ctx.sound.muted and scene.model.moves_string() == ""
        d.key(pygame.K_RETURN)
        assert wait_for(guest, ev.ChatLine).text == "gg m8"
        assert load_prefs().muted is not True
        assert not any("muted" in t for t in drawn_texts(d))
        d.key(pygame.K_m)                             # the line is closed: M mutes, and the header says so
        assert d.c.ctx.sound.muted and any(t.endswith("· muted") for t in drawn_texts(d))
    finally:
        guest.close()


def win_for_the_window(d, guest, moves="4455667"):
    for i, col in enumerate(parse_moves(moves)):
        if i % 2 == 0:
            drop(d, col, guest)
        else:
            guest.play(col)
            until(d, lambda n=i + 1: len(d.scene.model.moves) == n, "the guest's move")
            d.settle()


def won_and_left(ui, guest_name):
    """The window won a game against ``guest_name``, who then closed their side."""
    d, guest, port = hosted_game(ui, guest_name=guest_name)
    win_for_the_window(d, guest)
    assert d.scene.seats.table.over
    guest.close(wait=2.0)
    until(d, lambda: not d.scene.seats.table.connected, "the drop")
    return d, guest, port


def test_a_player_leaving_a_finished_game_is_named_as_they_are_and_no_reconnect_is_offered(ui):
    d, guest, _ = won_and_left(ui, "root")
    scene = d.scene
    try:
        assert scene.flash.text == "root left: the other player closed the game. The game is over: R reviews it"
        assert "N rematch" not in scene.status_text()
    finally:
        guest.close()


def test_after_a_finished_game_a_new_player_starts_a_new_game_in_the_same_window(ui):
    d, guest, port = won_and_left(ui, "Bob")
    scene = d.scene
    try:
        assert scene.seats.table.score.won == 1
        old_game = scene.seats.table.game_id
        newcomer = NetLink("Cleo", limits=FAST)
        try:
            newcomer.join("127.0.0.1", port)
            wait_for(newcomer, ev.Connected)
            until(d, lambda: scene.seats.table.connected, "the new player")
            assert scene.seats.table.opponent == "Cleo" and scene.seats.table.game_id != old_game and scene.seats.table.secret == newcomer.match.secret
            assert not scene.seats.table.over and scene.model.moves_string() == "" and scene.seats.table.score.won == 0
            assert scene.flash.text.startswith("Playing Cleo")
        finally:
            newcomer.close()
    finally:
        guest.close()


def test_after_resigning_the_status_line_has_the_results_colour(ui):
    d, guest, _ = hosted_game(ui)
    scene = d.scene
    try:
        drop(d, 3, guest)
        d.key(pygame.K_r, mod=pygame.KMOD_CTRL)
        d.key(pygame.K_y)
        until(d, lambda: scene.seats.table.resigned == 1, "the resignation")
        assert scene.flash is None or "resigned" not in scene.flash.text
        d.settle(frames=200)                          # earlier messages run out (simulated time)
        text, colour = game_text.status_line(scene.view())
        assert text.startswith("You resigned") and colour == d.c.ctx.theme.loss == game_text.result_colour(scene.view())
    finally:
        guest.close()


def test_a_dropped_connection_is_shown_the_game_kept_and_resumed(autosaves, ui):
    d, guest, _ = hosted_game(ui)
    scene = d.scene
    try:
        assert "Move 1" in drawn_texts(d)      # the move to be played, as local games say
        drop(d, 3, guest)
        guest.play(2)
        until(d, lambda: len(scene.model.moves) == 2, "the reply")
        guest.net.loop.call_soon_threadsafe(lambda: guest.game.conn.writer.transport.abort())
        until(d, lambda: not scene.seats.table.connected, "the drop")
        assert "Game kept" in scene.flash.text and scene.flash.warning
        assert d.c.ctx.notices.texts() == []          # no box over the score line
        assert "Move 3 · offline" in drawn_texts(d)      # numbered as local games are
        drop(d, 0, refused=True)
        assert scene.model.moves_string() == "43" and "Not connected" in scene.flash.text
        autosave = autosaves.read()
        assert autosave is not None and autosave.moves == "43"        # saved like any other game
        guest.reconnect()
        until(d, lambda: scene.seats.table.connected, "the reconnect")
        assert "is back" in scene.flash.text
        drop(d, 0)
        assert wait_for(guest, ev.Moved, where=lambda e: e.moves == cols("431"))
    finally:
        guest.close()


def test_closing_the_window_mid_game_tells_the_other_side(ui):
    d, guest, _ = hosted_game(ui)
    try:
        drop(d, 3)
        started = time.monotonic()
        d.c.shutdown()
        assert time.monotonic() - started < 0.5
        dropped = wait_for(guest, ev.Dropped)
        assert "closed the game" in dropped.reason
        assert guest.match.moves_string() == "4"
    finally:
        guest.close()


def test_joining_by_typed_address_and_a_bad_address(ui):
    host, port = start_host("Cleo", 2)
    try:
        d = ui(network_name="Ann")
        d.c.switch(Transition(SceneName.NETWORK))
        lobby = d.scene
        lobby.selected = 2
        d.key(pygame.K_RETURN)                          # "Join a game" (under the name row)
        assert lobby.page is Page.JOIN
        d.frame(pygame.event.Event(pygame.TEXTINPUT, text="not an address!"))
        d.key(pygame.K_RETURN)
        assert lobby.page is Page.JOIN and lobby.message[1]
        for _ in range(len(lobby.typed)):
            d.key(pygame.K_BACKSPACE)
        d.frame(pygame.event.Event(pygame.TEXTINPUT, text=f"127.0.0.1:{port}"))
        d.key(pygame.K_RETURN)
        until(d, lambda: is_network_game(d.scene), "the joined game")
        assert d.scene.seats.table.colour == 1 and d.scene.seats.table.opponent == "Cleo"
        wait_for(host, ev.Connected)
    finally:
        host.close()


def test_command_line_join_to_nobody_says_why_and_stays_in_the_lobby(ui):
    d = ui(network_name="Ann")
    d.c.start(network=LobbyStart(join=f"127.0.0.1:{free_port()}"))
    until(d, lambda: d.scene.page is Page.JOIN, "the failure")
    assert "cannot connect" in d.scene.message[0].lower()
    d.key(pygame.K_ESCAPE)
    d.key(pygame.K_ESCAPE)
    assert d.scene.next is None and d.c.scene.__class__.__name__ == "MenuScene"


@pytest.mark.parametrize("announce", [False, True])
def test_a_hosted_game_is_announced_only_when_the_setting_says_so(ui, zeroconf_attempts, announce):
    d, guest, port = hosted_game(ui, network_announce=announce)
    try:
        if announce:       # it tried, on every interface (the tests refuse that, as no multicast would)
            assert zeroconf_attempts and zeroconf_attempts[0] is InterfaceChoice.All
        else:
            assert zeroconf_attempts == [] and d.scene.seats.table.link._discovery is None
        drop(d, 3, guest)                # a typed address works either way
    finally:
        guest.close()


def test_the_network_game_names_the_discs_as_the_theme_draws_them(ui):
    d, guest, _ = hosted_game(ui, theme="colorblind")
    try:
        texts = drawn_texts(d)
        assert "Orange: You" in texts and "Yellow: Bob" in texts
        assert d.scene.status_text() == "Your turn (Orange)"
    finally:
        guest.close()


def test_a_move_the_match_refuses_never_reaches_the_board(ui):
    """Own undo request unanswered: the match refuses a move, and the board never showed it (the
    move is shown only once the match has accepted it, never dropped and then taken back)."""
    d, guest, _ = hosted_game(ui)
    scene = d.scene
    try:
        drop(d, 3, guest)
        guest.play(2)
        until(d, lambda: scene.model.moves_string() == "43", "the reply")
        d.settle()
        d.key(pygame.K_z, pygame.KMOD_LCTRL)            # asks to take back: the answer is pending
        wait_for(guest, ev.Asked)
        d.key(pygame.K_1)
        seen = {scene.model.moves_string()}
        until(d, lambda: seen.add(scene.model.moves_string()) or (
            scene.flash is not None and "Waiting for the answer" in scene.flash.text), "the refusal")
        assert seen == {"43"} and not scene.anims
    finally:
        guest.close()


def test_a_malformed_move_from_the_other_side_is_refused_once_and_the_game_goes_on(ui):
    """A move whose column is off the board is refused where the line is read (the protocol's one
    check of its form), with a clear reason; the window keeps the game and plays on after a reconnect."""
    d, guest, _ = hosted_game(ui)
    scene = d.scene
    try:
        drop(d, 3, guest)
        line = b'{"type":"move","column":8,"number":2}\n'
        guest.net.loop.call_soon_threadsafe(lambda: guest.game.conn.writer.write(line))
        until(d, lambda: not scene.seats.table.connected, "the refusal")
        assert scene.flash.warning and scene.flash.text == (
            "Disconnected: Bob sent a column that is not a whole number from 1 to 7. "
            "Game kept: waiting for Bob to come back")
        assert scene.model.moves_string() == "4" and not scene.seats.table.over
        assert "a column that is not a whole number from 1 to 7" in wait_for(guest, ev.Dropped).reason
        guest.reconnect()
        until(d, lambda: scene.seats.table.connected, "the reconnect")
        guest.play(2)
        until(d, lambda: scene.model.moves_string() == "43", "the next move")
    finally:
        guest.close()

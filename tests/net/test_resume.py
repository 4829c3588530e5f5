"""A network game's saves and going back into it: the save says whose game it is and how to get
back (host again, or join the same host again, with the game's id), the menu offers it as a
network game and never as a game of this one computer, and the lobby's name field. Real sockets
on loopback; every wait is bounded."""

from __future__ import annotations

import pygame
import pytest
from netkit import FAST, cols, quiet, returning_peer, start_host, wait_for
from test_window import drop, free_port, hosted_game, until

from game.domain.saved import NetRole, NetworkSeat, SavedGame
from game.net import events as ev
from game.net.link import NetLink
from game.net.match import Resume
from game.store.prefs import load_prefs
from game.store.savefile import SaveFileError, format_save, load_game, parse_save
from game.store.saves import list_saves, save_new_game
from game.ui.game.game_scene import GameScene
from game.ui.menu.menu_scene import MenuScene
from game.ui.netplay.net_game import Networked
from game.ui.netplay.net_lobby import NetLobbyScene, Page
from game.ui.netplay.net_lobby_view import help_texts
from game.ui.overlays import Confirm
from game.ui.review.review_scene import ReviewScene
from game.ui.scene import SceneName, Transition, open_network_game

GAME_ID = "0123456789abcdef"
SECRET = "5ec2e7" + "0" * 26
HOST_SEAT = NetworkSeat(NetRole.HOST, GAME_ID, 1, "Bob", port=7450, secret=SECRET)
GUEST_SEAT = NetworkSeat(NetRole.GUEST, GAME_ID, 2, "Ann", address="[::1]:7444", secret=SECRET)


def is_network_game(scene) -> bool:
    """The game scene playing a network game (its seats are the network's)."""
    return isinstance(scene, GameScene) and isinstance(scene.seats, Networked)


def saved(moves="4453", seat=HOST_SEAT) -> SavedGame:
    return SavedGame("".join(moves), "human", "human", "2026-11-24T18:30:00+00:00", **seat.save_fields())


@pytest.fixture(autouse=True)
def loopback_only(monkeypatch):
    monkeypatch.setattr(NetLobbyScene, "bind", "127.0.0.1")


@pytest.fixture
def ui(ui):
    return quiet(ui)


# -- the save format ----------------------------------------------------------------------------


def test_a_hosts_and_a_guests_save_round_trip_with_their_seat():
    host, guest = saved(), saved(seat=GUEST_SEAT)
    lines = format_save(host).splitlines()
    assert lines[1] == "format: 2"
    assert lines[6:-1] == ["network: host", f"game id: {GAME_ID}", "you play: red", "opponent: Bob", "port: 7450",
                           f"secret: {SECRET}"]
    assert format_save(guest).splitlines()[6:-1] == [
        "network: guest", f"game id: {GAME_ID}", "you play: yellow", "opponent: Ann", "address: [::1]:7444",
        f"secret: {SECRET}"]
    assert parse_save(format_save(host)) == host and parse_save(format_save(host)).seat == HOST_SEAT
    assert parse_save(format_save(guest)).seat == GUEST_SEAT
    local = SavedGame("4453", "human", "human", host.saved_at)
    assert local.seat is None and "network" not in format_save(local)


@pytest.mark.parametrize("old,new,needle", [
    ("opponent: Bob", "opponent: Bo\x1b[31mb" + "x" * 5000, r"line 10: opponent: 'Bo\x1b[31mbxxx"),
    ("opponent: Bob", "opponent: ai", "line 10: opponent: 'ai' is not a player's name"),
    ("opponent: Bob", "opponent: a:b", "line 10: opponent: 'a:b' is not a player's name"),
    ("game id: " + GAME_ID, "game id: ../../etc/passwd", "line 8: game id: '../../etc/passwd' is not a game id"),
    ("you play: red", "you play: green", "line 9: you play: expected red or yellow, found 'green'"),
    ("network: host", "network: server", "line 7: network: expected host or guest, found 'server'"),
    ("port: 7450", "port: 80", "line 11: port: expected a port from 1024 to 65535, found '80'"),
    ("port: 7450", "port: ９９９９", "line 11: port: expected a port"),
    ("port: 7450", "address: not an address!", "line 11: address: a hosting side keeps its port"),
    ("network: host\n", "", "line 7: game id: only a network game has one"),
    ("red: human", "red: Easy", "network: a network game is two people's"),
    (f"secret: {SECRET}", "secret: " + SECRET[:-1] + "g", "line 12: secret: not a game's secret"),
    (f"secret: {SECRET}", "secret: ../../etc/passwd", "line 12: secret: not a game's secret"),
])
def test_a_hostile_or_damaged_network_field_is_refused_naming_its_line(old, new, needle):
    text = format_save(saved()).replace(old, new)
    with pytest.raises(SaveFileError) as e:
        parse_save(text)
    message = str(e.value)
    assert needle in message and len(message) < 200 and message.isprintable()
    assert SECRET[:-1] not in message                  # a secret is never shown, not even a damaged one


def test_a_save_keeps_a_resignation_and_a_resigned_game_opens_finished():
    seat = NetworkSeat(NetRole.HOST, GAME_ID, 1, "Bob", port=7450, secret=SECRET, resigned=2)
    game = saved("4453", seat)
    assert format_save(game).splitlines()[-2] == "resigned: yellow"
    back = parse_save(format_save(game))
    assert back == game and back.seat == seat and back.over and not back.position().is_over()
    opened = open_network_game(back)
    assert opened.scene is SceneName.REVIEW and opened.data.network.resigned == 2
    assert open_network_game(saved("4453")).scene is SceneName.NETWORK      # unfinished: back into the network


@pytest.mark.parametrize("moves, line, needle", [
    ("4453", "resigned: blue", "resigned: expected red or yellow, found 'blue'"),
    ("4455667", "resigned: yellow", "resigned: the game had already ended on the board"),
])
def test_a_damaged_resignation_is_refused_naming_its_line(moves, line, needle):
    text = format_save(saved(moves)).replace("end\n", f"{line}\nend\n")
    with pytest.raises(SaveFileError, match=needle):
        parse_save(text)
    local = format_save(SavedGame("4453", "human", "human", "2026-11-24T18:30:00+00:00")).replace(
        "format: 1", "format: 2").replace("end\n", "resigned: red\nend\n")
    with pytest.raises(SaveFileError, match="resigned: only a network game has one"):
        parse_save(local)


def test_a_save_of_the_version_before_secrets_still_loads_and_its_secret_is_never_shown():
    old = format_save(saved()).replace(f"secret: {SECRET}\n", "")
    game = parse_save(old)
    assert game.seat is not None and game.seat.secret == "" and game.moves == "4453"
    assert SECRET not in repr(saved()) and SECRET not in repr(HOST_SEAT)


@pytest.mark.parametrize("line,needle", [
    ("address: 1.2.3.4", "address: '1.2.3.4' has no port"),
    ("address: [::1", "address: '[::1': an IPv6 address with a port"),
    ("port: 7444", "port: a joining side keeps the host's address"),
])
def test_a_guests_address_is_checked(line, needle):
    text = format_save(saved(seat=GUEST_SEAT)).replace("address: [::1]:7444", line)
    with pytest.raises(SaveFileError) as e:
        parse_save(text)
    assert needle in str(e.value)


def test_a_save_missing_a_seats_field_is_refused():
    for key in ("game id", "you play", "opponent", "port"):
        text = "\n".join(line for line in format_save(saved()).splitlines() if not line.startswith(key + ":"))
        with pytest.raises(SaveFileError, match=key.split()[0]):
            parse_save(text + "\n")


# -- the network side ----------------------------------------------------------------------------


def test_two_restarted_sides_go_back_into_the_same_game_from_their_saves():
    host = NetLink("Ann", limits=FAST)
    guest = NetLink("Bob", limits=FAST)
    try:
        host.host(0, None, bind="127.0.0.1", advertise=False, resume=Resume(GAME_ID, "4453", 2, "Bob", SECRET))
        port = wait_for(host, ev.Listening).port
        guest.join("127.0.0.1", port, resume=Resume(GAME_ID, "4453", 1, "Ann", SECRET))
        on_guest, on_host = wait_for(guest, ev.Connected), wait_for(host, ev.Connected)
        assert (on_guest.moves, on_guest.colour, on_guest.game, on_guest.resumed) == (cols("4453"), 1, GAME_ID, True)
        assert (on_host.moves, on_host.colour, on_host.game, on_host.resumed) == (cols("4453"), 2, GAME_ID, True)
        guest.play(0)
        assert wait_for(host, ev.Moved).moves == cols("44531")
    finally:
        host.close()
        guest.close()


def test_a_host_going_back_into_a_game_turns_away_another_game():
    host = NetLink("Ann", limits=FAST)
    guest = NetLink("Cleo", limits=FAST)
    try:
        host.host(0, None, bind="127.0.0.1", advertise=False, resume=Resume(GAME_ID, "4453", 2, "Bob", SECRET))
        port = wait_for(host, ev.Listening).port
        guest.join("127.0.0.1", port, resume=Resume("fedcba9876543210", "44", 1, "Ann", SECRET))
        assert "a different game" in wait_for(guest, ev.Failed).reason
        stranger = NetLink("Eve", limits=FAST)
        try:
            stranger.join("127.0.0.1", port)            # a new player may not take Bob's seat
            assert "game in progress" in wait_for(stranger, ev.Failed).reason
        finally:
            stranger.close()
    finally:
        host.close()
        guest.close()


# -- the window -----------------------------------------------------------------------------------


def leave_by_esc(d):
    d.key(pygame.K_ESCAPE)
    confirm = d.scene.overlay
    assert isinstance(confirm, Confirm) and confirm.question == "Leave the network game?"
    assert "hosts it again" in confirm.detail or "joins it again" in confirm.detail
    assert "this computer" not in confirm.detail
    d.key(pygame.K_y)
    assert isinstance(d.scene, MenuScene)


def resume_row(d):
    return d.scene.rows()[0]


def test_a_hosted_game_is_autosaved_as_a_network_game_and_hosted_again_from_the_menu(autosaves, ui):
    d, guest, port = hosted_game(ui)
    try:
        drop(d, 3, guest)
        guest.play(3)
        until(d, lambda: d.scene.model.moves_string() == "44", "the reply")
        autosave = autosaves.read()
        assert autosave is not None and autosave.seat == NetworkSeat(NetRole.HOST, guest.match.game_id, 1, "Bob",
                                                                     port=port, secret=guest.match.secret)
        d.key(pygame.K_s, mod=pygame.KMOD_CTRL)                  # Ctrl+S keeps the seat too
        assert load_game(list_saves()[0]).seat == autosave.seat
        leave_by_esc(d)
        wait_for(guest, ev.Dropped)
        row = resume_row(d)
        assert (row.label, row.value) == ("Resume network game with Bob", "2 moves")
        d.key(pygame.K_RETURN)                          # the row is selected on arrival
        assert isinstance(d.scene, NetLobbyScene) and d.scene.page is Page.HOSTING
        until(d, lambda: d.scene.listening is not None, "hosting again")
        assert d.scene.listening.port == port and not isinstance(d.scene, GameScene)
        guest.reconnect()                               # the friend's program still runs: R
        until(d, lambda: is_network_game(d.scene), "the same game")
        scene = d.scene
        assert scene.model.moves_string() == "44" and scene.seats.table.colour == 1 and scene.seats.table.game_id == guest.match.game_id
        assert "is back" in scene.flash.text
        drop(d, 2, guest)
    finally:
        guest.close()


def test_a_joined_game_is_joined_again_from_the_menu(autosaves, ui):
    host, port = start_host("Cleo", 1)
    try:
        d = ui(network_name="Ann")
        d.c.switch(Transition(SceneName.NETWORK))
        d.key(pygame.K_DOWN)
        d.key(pygame.K_RETURN)                          # "Join a game"
        d.frame(pygame.event.Event(pygame.TEXTINPUT, text=f"127.0.0.1:{port}"))
        d.key(pygame.K_RETURN)
        until(d, lambda: is_network_game(d.scene), "the joined game")
        host.play(3)
        until(d, lambda: d.scene.model.moves_string() == "4", "the host's move")
        d.settle()
        seat = autosaves.read().seat
        assert seat == NetworkSeat(NetRole.GUEST, host.match.game_id, 2, "Cleo", address=f"127.0.0.1:{port}",
                                   secret=host.match.secret)
        leave_by_esc(d)
        wait_for(host, ev.Dropped)
        assert resume_row(d).label == "Resume network game with Cleo"
        d.key(pygame.K_RETURN)
        until(d, lambda: is_network_game(d.scene), "the same game again")
        assert d.scene.model.moves_string() == "4" and d.scene.seats.table.colour == 2
        assert wait_for(host, ev.Connected).resumed
    finally:
        host.close()


def test_a_failed_return_keeps_the_game_offered(ui):
    game = saved("44", NetworkSeat(NetRole.GUEST, GAME_ID, 1, "Cleo", address=f"127.0.0.1:{free_port()}",
                                   secret=SECRET))
    d = ui(resume=game, network_name="Ann")
    assert resume_row(d).label == "Resume network game with Cleo"
    d.key(pygame.K_RETURN)
    lobby = d.scene
    assert isinstance(lobby, NetLobbyScene) and lobby.page is Page.CONNECTING
    until(d, lambda: lobby.page is Page.CHOOSE, "the failure")
    text, warning = lobby.message
    assert warning and "cannot connect" in text.lower() and "the game is kept" in text
    assert lobby.choices()[1].label == f"Join Cleo again at {game.address}"
    assert lobby.selected == 1                   # Enter tries again
    d.key(pygame.K_ESCAPE)                   # back to the menu: offered again
    assert isinstance(d.scene, MenuScene) and d.scene.resume == game
    assert resume_row(d).label == "Resume network game with Cleo"


def test_a_game_saved_without_its_secret_is_kept_but_not_taken_back_over_the_network(ui):
    old = parse_save(format_save(saved("44")).replace(f"secret: {SECRET}\n", ""))
    d = ui(resume=old, network_name="Ann")
    d.key(pygame.K_RETURN)
    lobby = d.scene
    assert isinstance(lobby, NetLobbyScene) and lobby.page is Page.CHOOSE and lobby.link is None
    text, warning = lobby.message
    assert warning and "without the game's secret" in text and "cannot be taken back" in text
    d.key(pygame.K_ESCAPE)
    assert isinstance(d.scene, MenuScene) and d.scene.resume == old


def test_a_network_game_is_never_resumed_or_replaced_as_a_local_game_without_asking(ui):
    d = ui(resume=saved())
    menu = d.scene
    labels = [row.label for row in menu.rows()]
    assert labels[0] == "Resume network game with Bob" and "Resume unfinished game" not in labels
    menu.selected_label = "Start game"
    d.key(pygame.K_RETURN)
    confirm = menu.overlay
    assert isinstance(confirm, Confirm)
    assert "network game with Bob (4 moves) will be lost" in confirm.detail
    assert '"Resume network game with Bob"' in confirm.detail
    d.key(pygame.K_n)
    assert menu.resume is not None and isinstance(d.scene, MenuScene)


def test_the_other_rows_stay_put_with_or_without_a_resume_row(ui):
    for size in ((430, 410), (1280, 960)):
        plain = ui(window_width=size[0], window_height=size[1]).scene
        offered = ui(window_width=size[0], window_height=size[1], resume=saved()).scene
        where = {row.label: row.rect for row in plain.rows()}
        rows = offered.rows()
        assert all(where[row.label] == row.rect for row in rows[1:])
        assert rows[0].rect.bottom <= where["Mode"].top
        assert rows[-1].rect.bottom <= size[1] - 14       # the small window still fits (key help under it)


def test_a_saved_network_game_opens_in_the_network_or_its_review(ui):
    seat = NetworkSeat(NetRole.HOST, GAME_ID, 1, "Bob", port=free_port(), secret=SECRET)
    unfinished = save_new_game(saved("4453", seat))
    finished = save_new_game(saved("4455667", seat))
    d = ui()
    menu = d.scene
    menu._open_save(finished)
    d.frame()
    assert isinstance(d.scene, ReviewScene) and d.scene.moves == [3, 3, 4, 4, 5, 5, 6]
    d.c.switch(Transition(SceneName.MENU))
    menu._open_save(unfinished)
    d.frame()
    assert isinstance(d.scene, NetLobbyScene) and d.scene.page is Page.HOSTING
    d.key(pygame.K_ESCAPE)
    d.key(pygame.K_ESCAPE)
    assert isinstance(d.scene, MenuScene)
    game = ui(red="human", yellow="human")
    assert game.scene.load(unfinished)
    game.frame()
    assert isinstance(game.scene, NetLobbyScene) and game.scene.resume.seat == seat


# -- the name ----------------------------------------------------------------------------------


def type_name(d, text):
    lobby = d.scene
    lobby.selected = 0
    d.key(pygame.K_RETURN)
    assert lobby.editing is not None
    for _ in range(40):
        d.key(pygame.K_BACKSPACE)
    d.frame(pygame.event.Event(pygame.TEXTINPUT, text=text))
    d.key(pygame.K_RETURN)
    assert lobby.editing is None


def test_the_name_field_is_remembered_at_once_and_sent_in_the_hello(ui):
    port = free_port()
    d = ui(network_port=port, network_name="Ann")
    d.c.switch(Transition(SceneName.NETWORK))
    lobby = d.scene
    assert (lobby.choices()[0].label, lobby.choices()[0].value) == ("Your name", "Ann")   # from [network] name
    type_name(d, "Zoë  the:\x1b[31mGreat" + "x" * 40)
    expected = "Zoë theGreat" + "x" * 18              # the escape sequence gone whole, the name rule's characters
    assert lobby.name == expected and load_prefs().network_name == expected
    assert lobby.choices()[0].value == expected
    type_name(d, "ai")                                  # the rule refuses it: the name stays
    assert lobby.name == expected and lobby.message[1] and "kind of player" in lobby.message[0]
    lobby.selected = 1
    d.key(pygame.K_RETURN)                              # host
    until(d, lambda: lobby.listening is not None, "listening")
    guest = NetLink("Bob", limits=FAST)
    try:
        guest.join("127.0.0.1", port)
        assert wait_for(guest, ev.Connected).opponent == expected
    finally:
        guest.close()


def test_an_empty_name_means_the_usual_name_and_the_join_page_renames_the_link(ui):
    host, port = start_host("Cleo", 1)
    try:
        d = ui(network_name="Ann")
        d.c.switch(Transition(SceneName.NETWORK))
        type_name(d, "Dora")
        type_name(d, "")
        assert d.scene.name == "Ann" and load_prefs().network_name == ""
        d.scene.selected = 2
        d.key(pygame.K_RETURN)                          # "Join a game": browsing starts a link
        assert d.scene.page is Page.JOIN and d.scene.link is not None and d.scene.wants_text
        type_name(d, "Edna")                            # the name row on the join page
        d.frame(pygame.event.Event(pygame.TEXTINPUT, text=f"127.0.0.1:{port}"))
        d.key(pygame.K_RETURN)
        until(d, lambda: is_network_game(d.scene), "the joined game")
        assert wait_for(host, ev.Connected).opponent == "Edna"
    finally:
        host.close()


def lobby_row(ui, index):
    """The lobby open under the name Ann, Enter pressed on its row ``index``: (driver, lobby)."""
    d = ui(network_name="Ann")
    d.c.switch(Transition(SceneName.NETWORK))
    lobby = d.scene
    lobby.selected = index
    d.key(pygame.K_RETURN)
    return d, lobby


def test_esc_while_renaming_keeps_the_name_there_was(ui):
    d, lobby = lobby_row(ui, 0)
    d.frame(pygame.event.Event(pygame.TEXTINPUT, text="Dora"))
    assert lobby.choices()[0].value == "AnnDora|"
    d.key(pygame.K_ESCAPE)
    assert lobby.editing is None and lobby.name == "Ann" and lobby.page is Page.CHOOSE
    assert isinstance(d.scene, NetLobbyScene)           # Esc left the typing, not the lobby


def test_the_typed_address_is_edited_at_its_caret_and_up_is_the_rows(ui):
    d, lobby = lobby_row(ui, 2)                         # "Join a game"
    assert lobby.page is Page.JOIN and lobby.selected == 0
    d.frame(pygame.event.Event(pygame.TEXTINPUT, text="127.0.0.1:744"))
    assert lobby.selected == 1                          # typing selects the address row
    d.key(pygame.K_HOME)
    d.key(pygame.K_DELETE)
    d.key(pygame.K_END)
    d.frame(pygame.event.Event(pygame.TEXTINPUT, text="4"))
    assert lobby.typed == "27.0.0.1:7444" and lobby.join_rows()[1].value == "27.0.0.1:7444|"
    d.key(pygame.K_UP)
    assert lobby.selected == 0 and lobby.typed == "27.0.0.1:7444"     # Up is the rows', not the caret's


def test_a_space_typed_in_the_address_is_text_not_enter(ui):
    d, lobby = lobby_row(ui, 2)
    for ch in "my host":
        key = pygame.K_SPACE if ch == " " else pygame.key.key_code(ch)
        d.frame(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=ch),
                pygame.event.Event(pygame.TEXTINPUT, text=ch))
    assert lobby.page is Page.JOIN and lobby.typed == "my host" and lobby.message is None


def test_the_name_row_opens_before_the_first_hosted_or_joined_game(ui, monkeypatch):
    monkeypatch.setattr("getpass.getuser", lambda: "root")
    port = free_port()
    d = ui(network_port=port)                          # no [network] name, no name typed yet
    d.c.switch(Transition(SceneName.NETWORK))
    lobby = d.scene
    lobby.selected = 1
    d.key(pygame.K_RETURN)                             # "Host a game": the name first
    assert lobby.editing == "root" and lobby.page is Page.CHOOSE and lobby.link is None
    assert "your name as the other player sees it" in lobby.message[0]
    d.key(pygame.K_ESCAPE)                             # Esc: the name is kept, nothing hosted
    assert lobby.editing is None and lobby.page is Page.CHOOSE and load_prefs().network_name == "root"
    assert lobby.message is None                      # the question is gone with it
    lobby.selected = 1
    d.key(pygame.K_RETURN)                             # asked once: now it hosts at once
    assert lobby.page is Page.HOSTING
    d.key(pygame.K_ESCAPE)
    d.c.switch(Transition(SceneName.MENU))
    again = ui(network_port=free_port())
    monkeypatch.setattr("getpass.getuser", lambda: "root")
    again.c.switch(Transition(SceneName.NETWORK))
    again.scene.selected = 2
    again.key(pygame.K_RETURN)                         # "Join a game" remembers the answer too
    assert again.scene.page is Page.JOIN


def test_a_name_typed_at_the_first_question_goes_on_to_host_under_it(ui, monkeypatch):
    monkeypatch.setattr("getpass.getuser", lambda: "root")
    port = free_port()
    d = ui(network_port=port)
    d.c.switch(Transition(SceneName.NETWORK))
    lobby = d.scene
    lobby.selected = 1
    d.key(pygame.K_RETURN)
    for _ in "root":
        d.key(pygame.K_BACKSPACE)
    d.frame(pygame.event.Event(pygame.TEXTINPUT, text="Ann"))
    d.key(pygame.K_RETURN)
    assert lobby.page is Page.HOSTING and lobby.name == "Ann"
    until(d, lambda: lobby.listening is not None, "listening")
    guest = NetLink("Bob", limits=FAST)
    try:
        guest.join("127.0.0.1", port)
        assert wait_for(guest, ev.Connected).opponent == "Ann"
    finally:
        guest.close()


def test_a_resigned_game_is_not_offered_again(autosaves, ui):
    d, guest, _ = hosted_game(ui)
    try:
        drop(d, 3, guest)
        assert autosaves.read() is not None
        guest.resign()
        until(d, lambda: d.scene.seats.table.resigned == 2, "the resignation")
        assert autosaves.read() is None
        d.key(pygame.K_ESCAPE)
        assert isinstance(d.scene, MenuScene) and d.scene.resume is None
    finally:
        guest.close()


def test_a_resignation_stands_in_the_window_when_the_player_who_resigned_comes_back(autosaves, ui):
    d, guest, port = hosted_game(ui)
    try:
        drop(d, 3, guest)
        guest.resign()
        until(d, lambda: d.scene.seats.table.resigned == 2, "the resignation")
        assert d.scene.model.saved_game().resigned == 2          # what Ctrl+S writes
        secret, game = guest.match.secret, guest.match.game_id
        guest.close(wait=2.0)
        until(d, lambda: not d.scene.seats.table.connected, "the drop")
        mallory = returning_peer(port, secret, game, "41", "yellow")
        offer = mallory.read_until("offer")
        mallory.send({"type": "accept", "game": offer["game"]})
        until(d, lambda: d.scene.seats.table.connected, "the return")
        d.settle()
        table = d.scene.seats.table
        assert d.scene.model.moves_string() == "4" and table.resigned == 2 and table.over
        assert "Mallory resigned: you win!" in d.scene.status_text() and "N rematch" in d.scene.status_text()
        assert autosaves.read() is None
        d.key(pygame.K_n)                                        # the rematch is asked for
        assert mallory.read_until("rematch") is not None
        mallory.close()
    finally:
        guest.close()


def test_playing_over_the_network_asks_before_an_unfinished_game_is_replaced(ui):
    d = ui(resume=SavedGame.now("4453", "human", "Easy"))
    menu = d.scene
    menu.selected_label = "Play over the network"
    d.key(pygame.K_RETURN)
    assert isinstance(menu.overlay, Confirm) and "unfinished game (4 moves) will be lost" in menu.overlay.detail
    d.key(pygame.K_n)
    assert isinstance(d.scene, MenuScene) and menu.resume is not None
    d.key(pygame.K_RETURN)
    d.key(pygame.K_y)
    assert isinstance(d.scene, NetLobbyScene) and menu.resume is None
    lobby = d.scene
    assert "Left/Right colour" in help_texts(lobby.page, lobby.editing is not None, lobby.resume is not None)[0]
    lobby.resume = saved()
    assert "Left/Right" not in help_texts(lobby.page, lobby.editing is not None, lobby.resume is not None)[0]


def test_the_save_list_names_a_network_games_opponent(connect4_home):
    from game.store.saves import SaveInfo
    from game.ui.savelist import describe

    players, details = describe(SaveInfo(connect4_home / "x.c4save", saved()))
    assert players == "Network game with Bob" and details.startswith("4 moves · unfinished")


def test_a_file_name_from_outside_is_shown_with_its_control_sequences_removed_whole(connect4_home):
    from game.store.saves import SaveInfo
    from game.ui.savelist import describe, load_failure

    path = connect4_home / "\x1b[2J\x1b[31mred\u202e\x1b]0;t\x07.c4save"
    players, details = describe(SaveInfo(path, None, "damaged"))
    assert players == "red.c4save" and "damaged" in details
    assert load_failure("open", path, "damaged") == "Could not open red.c4save: damaged"


def test_hosting_or_joining_from_the_command_line_keeps_the_unfinished_game_for_later(autosaves, ui, connect4_home):
    from game.ui.netplay.net_lobby import LobbyStart

    autosaves.write(saved())
    kept = autosaves.path
    d = ui()
    d.c.start(resume=autosaves.read(), network=LobbyStart(join=f"127.0.0.1:{free_port()}"))
    assert isinstance(d.scene, NetLobbyScene) and d.c.scenes[SceneName.MENU].resume is None
    assert any("Network game with Bob" in text and "kept" in text for text in d.c.ctx.notices.texts())
    assert autosaves.path != kept and load_game(kept).seat == HOST_SEAT     # a new game cannot replace it


def test_joining_from_the_command_line_the_host_of_this_computers_unfinished_game_goes_back_into_it(autosaves, ui):
    from game.ui.netplay.net_lobby import LobbyStart

    host = NetLink("Ann", limits=FAST)
    host.host(0, 1, bind="127.0.0.1", advertise=False, resume=Resume(GAME_ID, "44", 1, "Bob", SECRET))
    port = wait_for(host, ev.Listening).port
    try:
        autosaves.write(saved("44", NetworkSeat(NetRole.GUEST, GAME_ID, 2, "Ann", address=f"127.0.0.1:{port}",
                                                secret=SECRET)))
        d = ui(network_name="Bob")
        d.c.start(resume=autosaves.read(), network=LobbyStart(join=f"127.0.0.1:{port}"))
        until(d, lambda: is_network_game(d.scene), "the game gone back into")
        assert d.scene.model.moves_string() == "44" and d.scene.seats.table.colour == 2
        assert wait_for(host, ev.Connected).resumed
        other = LobbyStart(join=f"127.0.0.2:{port}")             # another address: a new game, as asked
        assert not other.goes_back_into(autosaves.read(), port)
        assert not LobbyStart(join=f"127.0.0.1:{port}").goes_back_into(saved("44"), port)    # a host's own game
    finally:
        host.close()


"""Network play in the pseudo-locale at the smallest window: the lobby's pages (hosting, joining by
address, the games found nearby, connecting) and a network game's table with a chat line. Every word
drawn went through gettext, none is cut, outside its box or over another. No sockets: the lobby's
pages are shown from the values its link would report, and the game runs over a scripted link."""

from __future__ import annotations

import pygame
import pytest

from game import i18n
from game.domain.saved import NetRole, NetworkSeat, SavedGame
from game.net import events as ev
from game.net.connection import their_words
from game.net.handshake import IN_PROGRESS, _refused
from game.net.protocol import Bye
from game.ui.layout import MIN_SIZE
from game.ui.netplay.net_lobby import NetLobbyScene, Page
from game.ui.scene import SceneName, Transition

WINDOW = pygame.Rect((0, 0), MIN_SIZE)


def resize(d, size):
    pygame.display.set_mode(size, pygame.RESIZABLE)
    d.frame(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
GAME = "0123456789abcdef"


@pytest.fixture
def ui(ui, pseudo_locale):
    """The window in the pseudo-locale: opening it chose the configured language, so the
    pseudo-locale is put back once it is open."""
    from pseudo import CODE, pseudo_translations

    translations = pseudo_translations()

    def opened(**settings):
        d = ui(**settings)
        i18n.use_translations(CODE, translations)
        return d
    return opened


def assert_fits(drawn, allowed=frozenset()):
    assert drawn.texts, "nothing drawn"
    assert not drawn.untranslated(set(allowed))
    assert not drawn.cut()
    assert not drawn.outside(WINDOW)
    assert not drawn.overlapping()


def lobby(ui, data=None) -> tuple:
    d = ui(network_name="Ann")
    resize(d, MIN_SIZE)
    d.c.switch(Transition(SceneName.NETWORK, data))
    scene = d.scene
    assert isinstance(scene, NetLobbyScene)
    return d, scene


def drawn_now(d, drawn):
    drawn.clear()
    d.frame()
    return drawn


FOUND = (ev.FoundGame("Bob", "192.168.1.20", 7444), ev.FoundGame("Cy", "10.0.0.9", 7444, newer=True, nearby=False))


@pytest.mark.parametrize("page", ["choose", "choose-message", "join-typed", "join-found", "join-off", "hosting",
                                  "connecting", "name"])
def test_each_lobby_page_in_the_pseudo_locale_fits_the_smallest_window(ui, pseudo_locale, page):
    d, scene = lobby(ui)
    names = {"Ann"}
    if page == "choose-message":
        scene.message = (i18n._("Cancelled"), False)
    elif page.startswith("join"):
        scene.page = Page.JOIN
        if page == "join-typed":
            scene.address.open("192.168.1.20:7444")
            names.add("192.168.1.20:7444")
        elif page == "join-found":
            scene.games = FOUND
            names |= {"Bob", "Cy", "192.168.1.20:7444", "10.0.0.9:7444"}
        else:
            scene.discovery_error = i18n._("discovery is off: {reason}").format(reason=i18n._("no multicast"))
    elif page == "hosting":
        scene.page = Page.HOSTING
        scene.listening = ev.Listening(7444, ("192.168.1.20:7444", "[fe80::1]:7444"))
        names |= {"192.168.1.20:7444", "[fe80::1]:7444"}
    elif page == "connecting":
        scene.page, scene.target = Page.CONNECTING, "192.168.1.20:7444"
        names.add("192.168.1.20:7444")
    elif page == "name":
        scene.me.open()
    assert_fits(drawn_now(d, pseudo_locale), names)


def test_the_lobby_going_back_into_a_saved_game_in_the_pseudo_locale(ui, pseudo_locale):
    # Going back in would host again: here the page is drawn as it stands before that, with the
    # reason the save cannot be taken back (an older save without the secret).
    seat = NetworkSeat(NetRole.GUEST, GAME, 2, "Bob", "192.168.1.20:7444", 0, "")
    saved = SavedGame.now("443", "human", "human", seat=seat)
    d, scene = lobby(ui, saved)
    assert scene.resume is saved and scene.message is not None and scene.message[1]
    assert_fits(drawn_now(d, pseudo_locale), {"Ann", "Bob", "192.168.1.20:7444"})


class ScriptedLink:
    """A link that reports nothing and takes every request."""

    def poll(self):
        return []

    def __getattr__(self, name):
        return lambda *args, **kwargs: None


def test_a_network_game_with_a_chat_line_in_the_pseudo_locale(ui, pseudo_locale):
    from game.domain.players import HUMAN
    from game.ui.netplay.net_game import NetStart, Networked
    from game.ui.scene import GameStart

    d = ui(network_name="Ann")
    resize(d, MIN_SIZE)
    connected = ev.Connected("Bob", 1, (3, 3), False, GAME, "ab" * 16)
    start = NetStart(ScriptedLink(), connected, False, "127.0.0.1:7444", 0)
    d.c.switch(Transition(SceneName.GAME, GameStart(HUMAN, HUMAN, connected.moves,
                                                    seats=lambda model: Networked(start, model, ("Red", "Yellow")))))
    d.settle(frames=80)                         # the greeting has run out: the status line is the turn's
    d.scene.seats.chat.heard(i18n._("You: {line}").format(line="gg"))
    drawn = drawn_now(d, pseudo_locale)
    assert any("gg" in text for text in drawn.texts), "the chat line is drawn"
    # The header's words (the move number, the colours' names) are the game scene's and the
    # theme's, the same in every game; tested with them.
    assert_fits(drawn, {"Bob", "Ann", "gg", "Move", "Red", "Yellow"})


def test_a_known_reason_from_the_other_side_is_shown_in_this_sides_language(pseudo_locale):
    # The protocol carries a bye's reason in English; the game's own reasons are shown translated,
    # anything else as it was sent.
    assert their_words(IN_PROGRESS).startswith("⟦") and "game in progress" not in their_words(IN_PROGRESS)
    assert their_words("my cat walked on the keyboard") == "my cat walked on the keyboard"
    assert their_words("") == ""
    shown = str(_refused(Bye(IN_PROGRESS)))
    assert "game in progress" not in shown and shown.count("⟦") == 2      # the sentence and its reason


def test_the_pseudo_checks_take_nested_messages_and_a_messages_own_ellipsis():
    from pseudo import DrawnTexts, pseudo

    drawn = DrawnTexts()
    box = pygame.Rect(0, 0, 400, 400)
    nested = pseudo("Your colour: {colour}").format(colour=pseudo("Random"))
    drawn(nested, pygame.Rect(0, 0, 300, 10), box)
    drawn(pseudo("Connecting to {address}…").format(address="10.0.0.9:7444"), pygame.Rect(0, 20, 300, 10), box)
    assert drawn.cut() == [] and drawn.untranslated() == []
    drawn(nested[:12] + "…", pygame.Rect(0, 40, 300, 10), box)           # cut inside the outer message
    drawn("Bobbyyy…", pygame.Rect(0, 60, 300, 10), box)                    # a name cut
    assert len(drawn.cut()) == 3 and drawn.untranslated({"Bobbyyy"}) == []

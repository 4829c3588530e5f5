"""A network game's seats, headless and without sockets: the game scene with the network's seats
over a link the test drives. What the header and the status line say comes from the seats, through
the same words path as every other game (``game_text`` handed a ``GameView``)."""

from __future__ import annotations

import pygame
import pytest

from conftest import TextRecorder
from game.net import events as ev
from game.domain.players import HUMAN
from game.ui.game import game_text
from game.ui.game.game_scene import GameScene
from game.ui.game.seats import Allow
from game.ui.netplay.net_game import NetStart, Networked
from game.ui.netplay.net_table import DROP_SECONDS
from game.ui.scene import GameStart, SceneName, Transition

GAME = "0123456789abcdef"


class ScriptedLink:
    """A link whose events the test hands over and whose requests it reads back."""

    def __init__(self) -> None:
        self.events: list[ev.Event] = []
        self.asked: list[tuple[str, object]] = []

    def poll(self) -> list[ev.Event]:
        events, self.events = self.events, []
        return events

    def play(self, col: int) -> None:
        self.asked.append(("play", col))

    def undo(self) -> None:
        self.asked.append(("undo", None))

    def rematch(self) -> None:
        self.asked.append(("rematch", None))

    def resign(self) -> None:
        self.asked.append(("resign", None))

    def chat(self, text: str) -> None:
        self.asked.append(("chat", text))

    def reconnect(self) -> None:
        self.asked.append(("reconnect", None))

    def answer_undo(self, accept: bool) -> None:
        self.asked.append(("answer_undo", accept))

    def close(self, reason: str = "", wait: float = 0.0) -> None:
        self.asked.append(("close", reason))


def network_game(ui, *, hosting=False, moves=(), colour=1):
    link = ScriptedLink()
    d = ui(network_name="Ann")
    connected = ev.Connected("Bob", colour, moves, False, GAME, "ab" * 16)
    start = NetStart(link, connected, hosting, "" if hosting else "127.0.0.1:7444", 7444 if hosting else 0)
    d.c.switch(Transition(SceneName.GAME, GameStart(HUMAN, HUMAN, moves,
                                                    seats=lambda model: Networked(start, model, ("Red", "Yellow")))))
    assert isinstance(d.scene, GameScene) and isinstance(d.scene.seats, Networked)
    return d, link


def texts(d) -> list[str]:
    with TextRecorder() as recorder:
        d.scene.draw(pygame.Surface((800, 700)))
    return recorder.texts


def test_the_header_and_the_status_line_are_the_seats_words(ui):
    d, link = network_game(ui)
    scene, theme = d.scene, d.c.ctx.theme
    assert scene.flash.text == "Playing Bob: you are Red"
    assert scene.status_text() == "Your turn (Red)"
    drawn = texts(d)
    assert {"Red: You", "Yellow: Bob", "Move 1", "Score: you 0 · Bob 0 · draws 0"} <= set(drawn)
    assert any(t.startswith("1–7 or click drop · Ctrl+Z ask to undo · T chat") for t in drawn)
    d.key(pygame.K_4)
    assert link.asked == [("play", 3)] and scene.model.moves == ()      # shown once the match agreed
    link.events.append(ev.Played(3, (3,)))
    d.frame()
    assert scene.model.moves == (3,) and scene.status_text() == "You drop in column 4"
    d.settle()
    assert scene.status_text() == "Bob's turn (Yellow)…"
    d.key(pygame.K_5)
    assert scene.flash.text == "Wait: it is Bob's turn" and link.asked == [("play", 3)]


def test_a_dropped_connection_is_said_then_offered_back(ui):
    d, link = network_game(ui, moves=(3,), colour=2)
    scene, theme = d.scene, d.c.ctx.theme
    link.events.append(ev.Dropped("The connection to Bob was lost"))
    d.frame()
    flash = scene.flash
    assert flash.text == "The connection to Bob was lost. Game kept: R reconnects" and flash.warning
    assert flash.seconds == pytest.approx(DROP_SECONDS, abs=0.1)
    assert "Move 2 · offline" in texts(d)
    d.settle(frames=int(DROP_SECONDS / 0.05) + 2)                # the message runs out (simulated time)
    assert game_text.status_line(scene.view()) == ("Disconnected: R reconnects · Esc menu", theme.warning)
    d.key(pygame.K_4)
    assert scene.flash.text == "Not connected: R reconnects" and ("play", 3) not in link.asked
    d.key(pygame.K_r)
    assert ("reconnect", None) in link.asked and scene.flash.text == "Reconnecting…"
    link.events.append(ev.Connected("Bob", 2, (3,), True, GAME, "ab" * 16))
    d.frame()
    assert scene.flash.text == "Bob is back: the game goes on" and scene.status_text() == "Your turn (Yellow)"


def test_a_game_gone_back_into_after_its_resignation_is_over_at_once(ui, autosaves):
    d, link = network_game(ui, moves=(3,), colour=2)
    scene = d.scene
    link.events.append(ev.Dropped("The connection to Bob was lost"))
    link.events.append(ev.Connected("Bob", 2, (3,), True, GAME, "ab" * 16, resigned=2))   # its resign went out
    d.frame()
    table = scene.seats.table
    assert table.resigned == 2 and table.over and scene.flash.text.startswith("Bob is back: the game is over")
    assert scene.status_text().startswith("You resigned")
    assert scene.model.saved_game().resigned == 2 and autosaves.read() is None
    d.key(pygame.K_4)
    assert ("play", 3) not in link.asked
    d.key(pygame.K_n)
    assert ("rematch", None) in link.asked


def test_a_host_waits_for_the_player_to_come_back(ui):
    d, link = network_game(ui, hosting=True, moves=(3, 3))
    link.events.append(ev.Dropped("Bob left"))
    d.frame()
    assert d.scene.flash.text == "Bob left. Game kept: waiting for Bob to come back"
    assert d.scene.status_text() == "Bob is not connected: waiting for them to come back · Esc menu"
    d.key(pygame.K_r)
    assert ("reconnect", None) not in link.asked      # a host simply keeps listening


def test_the_chat_line_while_typed_and_once_sent(ui):
    d, link = network_game(ui)
    scene = d.scene
    d.frame(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_t, mod=0, unicode="t"),
            pygame.event.Event(pygame.TEXTINPUT, text="t"))
    assert scene.wants_text and scene.status_text() == "Say: _ · Enter sends · Esc cancels"
    assert not scene.human_can_move()
    d.frame(pygame.event.Event(pygame.TEXTINPUT, text="hi"))
    assert scene.status_text() == "Say: hi_ · Enter sends · Esc cancels"
    d.key(pygame.K_LEFT)                                   # the shared text input: a caret to move
    assert scene.status_text() == "Say: h_i · Enter sends · Esc cancels"
    d.key(pygame.K_END)
    d.key(pygame.K_RETURN)
    assert ("chat", "hi") in link.asked and not scene.wants_text and "You: hi" in texts(d)
    link.events.append(ev.ChatLine("gg"))
    d.frame()
    assert "Bob: gg" in texts(d)


def test_a_resignation_ends_the_game_in_the_seats_words_and_counts_once(ui):
    d, link = network_game(ui, moves=(3, 3))
    scene, theme = d.scene, d.c.ctx.theme
    link.events.append(ev.State((3, 3), 1, resigned=2))
    d.frame()
    assert scene.sitting().over and not scene.model.is_over
    assert game_text.result_text(scene.view()) == "Bob resigned: you win!"
    d.settle(frames=100)
    assert game_text.status_line(scene.view()) == ("Bob resigned: you win! · N rematch · R review · Esc menu", theme.win)
    assert "Score: you 1 · Bob 0 · draws 0" in texts(d)
    link.events.append(ev.State((3, 3), 1, resigned=2))        # told again: still counted once
    d.frame()
    assert "Score: you 1 · Bob 0 · draws 0" in texts(d)
    d.key(pygame.K_n)
    assert ("rematch", None) in link.asked


def test_a_resigned_game_is_finished_as_every_game_is_once(ui, monkeypatch):
    """Judged for this computer's drills and greeted with the result's sound, like a game won on
    the board, once however often the resignation is told."""
    d, link = network_game(ui, moves=(3, 3))
    judged, played = [], []
    monkeypatch.setattr(d.c.ctx.session.practice, "judge",
                        lambda moves, sides, opponents=None: judged.append((tuple(moves), sides)))
    monkeypatch.setattr(d.c.ctx.sound, "play", played.append)
    link.events.append(ev.State((3, 3), 1, resigned=2))
    d.settle(frames=30)
    link.events.append(ev.State((3, 3), 1, resigned=2))
    d.settle(frames=30)
    assert judged == [((3, 3), (1,))] and played.count("win") == 1


def test_what_the_seats_refuse_and_what_they_ask_the_other_side(ui):
    d, link = network_game(ui, moves=(3, 3))
    sitting = d.scene.sitting()
    assert sitting.allows == Allow.DROP | Allow.UNDO
    assert [sitting.refusal(what).text for what in (Allow.HINT, Allow.REDO, Allow.LOAD)] == [
        "Hints and the analysis row are off in network games", "Redo is off in network games",
        "Loading a saved game is off in network games (Ctrl+S still saves this one)"]
    d.key(pygame.K_z, mod=pygame.KMOD_CTRL)
    assert ("undo", None) in link.asked and d.scene.model.moves == (3, 3)     # a request, nothing taken back
    d.key(pygame.K_n)
    assert d.scene.flash.text == "N asks for a rematch once this game is over"
    d.key(pygame.K_r, mod=pygame.KMOD_CTRL)
    d.key(pygame.K_y)
    assert ("resign", None) in link.asked


def test_quitting_a_network_game_is_not_judged_by_the_rated_game_before_it(ui):
    """A network game is never rated: quitting it asks nothing, even straight after a rated game
    against the computer that was far enough on to count as a loss."""
    from conftest import StepWorker
    from game.domain.levels import Level

    d = ui("human", "Quick", levels=(Level("Quick", 1, elo=1500),), worker_factory=StepWorker, network_name="Ann")
    for col in (0, 6, 0):
        d.key(getattr(pygame, f"K_{col + 1}"))
        d.run_until(lambda: not d.scene.model.is_ai_turn(), what="the reply")
    assert d.c.ctx.session.rating.forfeits(d.scene.model)
    connected = ev.Connected("Bob", 1, (3, 3, 3, 3, 2, 2), False, GAME, "ab" * 16)
    start = NetStart(ScriptedLink(), connected, False, "127.0.0.1:7444", 0)
    d.c.switch(Transition(SceneName.GAME, GameStart(HUMAN, HUMAN, connected.moves,
                                                    seats=lambda model: Networked(start, model, ("Red", "Yellow")))))
    d.frame(pygame.event.Event(pygame.QUIT))
    assert not d.c.running and d.c.quit_question is None


def test_a_resigned_network_game_is_not_autosaved_again_when_the_program_is_ended(ui, autosaves):
    """SIGTERM (a logout) writes the unfinished game once more; a resigned game is finished, though
    its board is not: nothing to go back into."""
    d, link = network_game(ui, moves=(3, 3))
    link.events.append(ev.State((3, 3), 1, resigned=1))
    d.settle(frames=10)
    assert d.scene.sitting().over and autosaves.read() is None
    d.c.terminate()
    assert d.c.ctx.session.autosaver.flush() and autosaves.read() is None

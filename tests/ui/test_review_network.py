"""The review of a network game, from the game itself or from its save: the sides are "You" and the
opponent, only this computer's slips become drills, nobody plays on from it, and a resignation is
said as the end it was."""

from __future__ import annotations

import pygame

from test_net_seat import network_game

from game.domain.saved import NetRole, NetworkSeat, SavedGame
from game.engine.board import parse_moves
from game.net import events as ev
from game.ui.review.review_scene import ReviewScene
from game.ui.scene import NetworkSide, SceneName, open_network_game

LOST = "445354556734435313346576667777"      # Yellow wins with four in column 7
GAME = "0123456789abcdef"


def judged(driver, monkeypatch) -> list[tuple[int, ...]]:
    """The sides every finished game is judged for from now on (recorded, not mined)."""
    calls: list[tuple[int, ...]] = []
    monkeypatch.setattr(driver.c.ctx.session.practice, "judge",
                        lambda moves, players, review=None, opponents=None: calls.append(tuple(players)) or True)
    return calls


def reviewed(driver) -> ReviewScene:
    scene = driver.scene
    assert isinstance(scene, ReviewScene)
    driver.run_until(lambda: scene.review is not None or scene.error is not None, timeout=120, what="the review")
    assert scene.error is None
    return scene


def test_the_review_of_a_network_game_names_the_sides_and_drills_this_computers_side_alone(ui, monkeypatch):
    d, link = network_game(ui, moves=tuple(parse_moves(LOST)), colour=2)
    calls = judged(d, monkeypatch)
    d.settle(frames=100)
    d.key(pygame.K_r)
    scene = reviewed(d)
    assert scene.start.network == NetworkSide(2, "Bob")
    assert scene.title() == "Game review — Red: Bob · Yellow: You"
    scene.select(len(LOST))
    assert scene.words.describe_current() == [f"After move {len(LOST)}: You won"]
    assert calls and all(sides == (2,) for sides in calls), calls
    scene.select(3)
    d.key(pygame.K_p)
    assert scene.next is None
    assert any(t.startswith("Playing on from here is for games on this computer: this one was played with Bob")
               for t in d.c.ctx.notices.texts())
    d.key(pygame.K_ESCAPE)
    assert d.scene.seats.table.opponent == "Bob"       # back in the network game it came from


def saved_network_game(moves: str, colour: int, opponent: str = "Bob") -> SavedGame:
    seat = NetworkSeat(NetRole.GUEST, GAME, colour, opponent, address="127.0.0.1:7444", secret="ab" * 16)
    return SavedGame.now(moves, "human", "human", seat=seat)


def test_a_saved_network_game_is_reviewed_from_the_side_it_was_saved_on(ui, monkeypatch):
    driver = ui(review_time=0.2)
    calls = judged(driver, monkeypatch)
    transition = open_network_game(saved_network_game(LOST, 1, "Bob\x1b[2J"))
    assert transition.scene is SceneName.REVIEW
    driver.c.switch(transition)
    scene = reviewed(driver)
    assert scene.title() == "Game review — Red: You · Yellow: Bob\\u001b[2J"
    scene.select(len(LOST))
    assert scene.words.result_text() == "Bob\\u001b[2J won"
    assert calls == [(1,)]
    assert not any("P play on" in text for text in scene.keys_texts())
    scene.select(2)
    driver.key(pygame.K_p)
    assert scene.next is None
    assert ("Playing on from here is for games on this computer: this one was played with Bob\\u001b[2J over the "
            "network") in driver.c.ctx.notices.texts()


def test_a_network_game_ended_by_a_resignation_is_reviewed_with_that_end(ui):
    for resigned, end in ((2, "Bob resigned"), (1, "You resigned")):
        d, link = network_game(ui, moves=(3, 3))
        link.events.append(ev.State((3, 3), 1, resigned=resigned))
        d.settle(frames=100)
        d.key(pygame.K_r)
        scene = reviewed(d)
        assert scene.start.network == NetworkSide(1, "Bob", resigned)
        scene.select(2)
        assert scene.words.describe_current() == [f"After move 2: {end}"]
        assert scene.words.result_text(short=True) == end


def test_a_network_side_is_one_of_the_two_colours():
    for colour, resigned in ((0, None), (3, None), (1, 0)):
        try:
            NetworkSide(colour, "Bob", resigned)
        except ValueError as exc:
            assert "not a side of a network game" in str(exc)
        else:
            raise AssertionError((colour, resigned))


"""The session (game.session): the autosave written off the window's thread, and the one question
every way out of a game asks."""

from __future__ import annotations

import threading

from game.model import GameModel
from game.session import autosaver as autosaver_module
from game.session.autosaver import Autosaver
from game.session.core import Departure, Session
from game.config.values import DEFAULTS
from game.domain.levels import Level
from game.domain.players import HUMAN, parse_player_spec
from game.store.autosave import read_autosave

QUICK = (Level("Quick", 1, elo=1500),)


def test_the_autosave_is_written_on_a_thread_of_its_own_the_latest_game_last(connect4_home, monkeypatch):
    threads, written = [], []
    real = autosaver_module.write_autosave

    def spy(game):
        threads.append(threading.current_thread().name)
        written.append(game.moves)
        real(game)

    monkeypatch.setattr(autosaver_module, "write_autosave", spy)
    saver = Autosaver()
    model = GameModel(HUMAN, HUMAN)
    for col in (3, 3, 4, 2):
        model.play(col)
        saver.changed(model)
    assert saver.flush()
    assert threads and set(threads) == {"autosave-writer"}
    assert written[-1] == "4453" and read_autosave().moves == "4453"
    model.load_moves("1212121")                      # over: nothing left to go back into
    saver.changed(model)
    assert saver.flush() and read_autosave() is None


def test_a_failed_autosave_is_said_once_and_autosaving_stops(connect4_home, monkeypatch):
    def broken(game):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(autosaver_module, "write_autosave", broken)
    saver = Autosaver()
    model = GameModel(HUMAN, HUMAN)
    model.play(3)
    saver.changed(model)
    assert saver.flush()
    model.play(3)
    saver.changed(model)
    assert saver.flush()
    assert saver.poll() == ["Autosave stopped: [Errno 28] No space left on device"] and saver.poll() == []


def test_leaving_says_what_is_lost_once_for_every_way_out(connect4_home):
    settings = DEFAULTS.__class__(**{**DEFAULTS.__dict__, "levels": QUICK})
    session = Session(settings)
    quick = parse_player_spec("Quick", settings)
    two = GameModel(HUMAN, HUMAN, "4453")
    assert session.leaving(Departure.REPLACE, two, humans=2).detail == "The game in progress (4 moves) will be lost."
    assert session.leaving(Departure.QUIT, two, humans=2) is None          # the autosave keeps it
    assert session.leaving(Departure.REPLACE, GameModel(HUMAN, HUMAN), humans=2) is None
    rated = GameModel(HUMAN, quick, settings=settings)
    session.rating.begin(rated, from_start=True)
    for col in (3, 2, 3, 2, 4, 5):
        rated.play(col)
    for departure in Departure:
        leaving = session.leaving(departure, rated, humans=1)
        assert leaving is not None and leaving.detail.startswith("This rated game (6 moves) will count as a loss")
    session.unfinished = GameModel(HUMAN, HUMAN, "44").saved_game()
    leaving = session.leaving(Departure.REPLACE)
    assert leaving is not None and leaving.detail == "The unfinished game (2 moves) will be lost." and leaving.offer
    session.leave(leaving)
    assert session.unfinished is None and session.leaving(Departure.REPLACE) is None
    assert session.flush()

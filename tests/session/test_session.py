"""The session (game.session): the autosave written off the window's thread, and the one question
every way out of a game asks."""

from __future__ import annotations

import threading

from game.engine.board import parse_moves
from game.model import GameModel
from game.session.autosaver import Autosaver
from game.session.core import Departure, Session
from game.config.values import DEFAULTS
from game.domain.levels import Level
from game.domain.players import HUMAN, parse_player_spec

QUICK = (Level("Quick", 1, elo=1500),)


def test_the_autosave_is_written_on_a_thread_of_its_own_the_latest_game_last(autosaves, monkeypatch):
    threads, written = [], []
    real = autosaves.write

    def spy(game):
        threads.append(threading.current_thread().name)
        written.append(game.moves)
        real(game)

    monkeypatch.setattr(autosaves, "write", spy)
    saver = Autosaver(autosaves)
    model = GameModel(HUMAN, HUMAN)
    for col in (3, 3, 4, 2):
        model.play(col)
        saver.changed(model)
    assert saver.flush()
    assert threads and set(threads) == {"autosave-writer"}
    assert written[-1] == "4453" and autosaves.read().moves == "4453"
    model.load_moves(parse_moves("1212121"))         # over: nothing left to go back into
    saver.changed(model)
    assert saver.flush() and autosaves.read() is None


def test_a_failed_autosave_is_said_once_and_autosaving_stops(autosaves, monkeypatch):
    def broken(game):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(autosaves, "write", broken)
    saver = Autosaver(autosaves)
    model = GameModel(HUMAN, HUMAN)
    model.play(3)
    saver.changed(model)
    assert saver.flush()
    model.play(3)
    saver.changed(model)
    assert saver.flush()
    assert saver.poll() == ["Autosave stopped: [Errno 28] No space left on device"] and saver.poll() == []


def test_leaving_says_what_is_lost_once_for_every_way_out(autosaves):
    settings = DEFAULTS.__class__(**{**DEFAULTS.__dict__, "levels": QUICK})
    session = Session(settings, autosaves)
    quick = parse_player_spec("Quick", settings)
    two = GameModel(HUMAN, HUMAN, parse_moves("4453"))
    assert session.leaving(Departure.REPLACE, two, humans=2).detail == "The game in progress (4 moves) will be lost."
    assert session.leaving(Departure.QUIT, two, humans=2) is None          # the autosave keeps it
    assert session.leaving(Departure.REPLACE, GameModel(HUMAN, HUMAN), humans=2) is None
    rated = GameModel(HUMAN, quick, ladder=settings)
    session.rating.begin(rated, from_start=True)
    for col in (3, 2, 3, 2, 4, 5):
        rated.play(col)
    for departure in Departure:
        leaving = session.leaving(departure, rated, humans=1)
        assert leaving is not None and leaving.detail.startswith("This rated game (6 moves) will count as a loss")
    session.unfinished = GameModel(HUMAN, HUMAN, parse_moves("44")).saved_game()
    leaving = session.leaving(Departure.REPLACE)
    assert leaving is not None and leaving.detail == "The unfinished game (2 moves) will be lost." and leaving.offer
    session.leave(leaving)
    assert session.unfinished is None and session.leaving(Departure.REPLACE) is None
    assert session.flush()


def test_a_game_undone_to_the_empty_board_leaves_no_autosave_on_offer(autosaves):
    """Play 4, the computer replies 4, undo to the empty board, quit: nothing to resume."""
    model = GameModel(HUMAN, parse_player_spec("ai:1", DEFAULTS))
    saver = Autosaver(autosaves)
    model.play(3)
    model.play(3)
    saver.changed(model)
    assert saver.flush() and autosaves.read().moves == "44"
    assert model.undo() and not model.moves
    saver.changed(model)
    assert saver.flush() and autosaves.read() is None
    assert model.redo() and model.moves     # redone: the game is kept again
    saver.changed(model)
    assert saver.flush() and autosaves.read().moves == "44"


def test_an_empty_board_leaves_an_earlier_runs_autosave_on_offer(autosaves):
    """A new game from the menu replaces the unfinished game only with its first move."""
    earlier = Autosaver(autosaves)
    earlier.changed(GameModel(HUMAN, HUMAN, parse_moves("4453")))
    assert earlier.flush()
    later = Autosaver(autosaves)
    later.changed(GameModel(HUMAN, HUMAN))
    assert later.flush() and autosaves.read().moves == "4453"


def test_a_game_of_two_computers_leaves_the_autosave_alone_finished_or_not(autosaves):
    """Nothing in it to go back into: the player's unfinished game stays the one autosaved."""
    yours = GameModel(HUMAN, parse_player_spec("ai:1", DEFAULTS), parse_moves("4453"))
    saver = Autosaver(autosaves)
    saver.changed(yours)
    assert saver.flush() and autosaves.read().moves == "4453"
    computers = GameModel(parse_player_spec("ai:1", DEFAULTS), parse_player_spec("ai:2", DEFAULTS), parse_moves("3344"))
    saver.changed(computers)
    assert saver.flush() and autosaves.read().moves == "4453"
    computers.load_moves(parse_moves("1212121"))     # over: not a reason to remove the player's game
    saver.changed(computers)
    saver.cleared()                                  # a resignation, the board not showing it, still clears
    assert saver.flush() and autosaves.read() is None and saver.poll() == []


def test_a_network_game_is_autosaved_like_any_game_with_a_person_in_it(autosaves):
    saver = Autosaver(autosaves)
    saver.changed(GameModel(HUMAN, HUMAN, parse_moves("43")))
    assert saver.flush() and autosaves.read().moves == "43"


def test_the_game_on_offer_is_lost_only_to_a_next_game_that_takes_the_autosaves_place(autosaves):
    session = Session(DEFAULTS, autosaves)
    easy, hard = parse_player_spec("Easy"), parse_player_spec("Hard")
    session.unfinished = GameModel(HUMAN, easy, parse_moves("4453")).saved_game()
    assert session.leaving(Departure.REPLACE, after=(easy, hard)) is None     # two computers: not autosaved
    for after in ((HUMAN, easy), (hard, HUMAN), (HUMAN, HUMAN), None):       # None: a network game
        leaving = session.leaving(Departure.REPLACE, after=after)
        assert leaving is not None and leaving.offer, after
        assert leaving.detail == "The unfinished game (4 moves) will be lost."
    assert session.unfinished is not None and session.flush()

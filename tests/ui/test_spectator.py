"""Computer vs computer: pause, step, speed, and matches that go on with colours swapped."""

from __future__ import annotations

import random
from types import SimpleNamespace

import pygame

from conftest import StepWorker
from game.engine.board import parse_moves
from game.ui.game import spectator

from game.data.openings import OPENINGS
from game.ui.game.game_scene import DELAY_STEP
from game.ui.game.game_text import header_right


def test_pause_and_step(ui):
    d = ui("ai:2", "ai:2", spectator_delay=0.0)
    d.run_until(lambda: len(d.scene.model.moves) >= 1, what="the first move")
    d.key(pygame.K_SPACE)
    assert d.scene.sitting().paused
    d.settle()
    count = len(d.scene.model.moves)
    # Paused: answers may arrive but no move is played, however long we wait.
    d.run_until(lambda: d.scene.thinking.pending is not None or d.scene.model.is_over, what="a ready move")
    d.settle()
    assert len(d.scene.model.moves) == count
    assert "Paused" in d.scene.status_text()
    d.key(pygame.K_RIGHT)                               # step exactly one move
    d.settle()
    assert len(d.scene.model.moves) == count + 1
    d.run_until(lambda: d.scene.thinking.pending is not None, what="the next ready move")
    d.settle()
    assert len(d.scene.model.moves) == count + 1
    d.key(pygame.K_SPACE)                               # resume
    assert not d.scene.sitting().paused
    d.run_until(lambda: len(d.scene.model.moves) > count + 1, what="play after resuming")


def test_minimum_time_per_move(ui):
    # The engine answers in step with the frames: a reply slower than the 5 s of frames (a loaded
    # machine, real time passing) would otherwise land at once and leave nothing to measure.
    d = ui("ai:1", "ai:1", spectator_delay=0.6, worker_factory=StepWorker)
    assert d.scene.seats.spectator.delay == 0.6
    d.key(pygame.K_PLUS)
    d.key(pygame.K_EQUALS)
    assert abs(d.scene.seats.spectator.delay - (0.6 + 2 * DELAY_STEP)) < 1e-9
    for _ in range(10):
        d.key(pygame.K_MINUS)
    assert d.scene.seats.spectator.delay == 0.0
    d.scene.seats.spectator.delay = 5.0
    count = len(d.scene.model.moves)
    d.run_until(lambda: d.scene.thinking.pending is not None, what="a ready move")
    waited, frames = d.scene.since_move, 0
    while len(d.scene.model.moves) == count:
        d.frame(dt=0.1)
        frames += 1
    # The move lands on the first frame at which 5 s have passed since the previous move.
    assert 5.0 - 1e-6 <= waited + frames * 0.1 < 5.0 + 0.1 + 1e-6


def test_match_continues_with_colours_swapped_and_a_scoreboard(ui, monkeypatch):
    # The engine answers in step with the frames (StepWorker) and the openings come in a fixed
    # order: what happens in a number of frames no longer depends on the machine's speed.
    monkeypatch.setattr(spectator, "random", SimpleNamespace(Random=lambda seed=None: random.Random(25)))
    d = ui("ai:1", "ai:3", spectator_delay=0.0, animation_speed=10.0, worker_factory=StepWorker)
    first_red = d.scene.model.red
    first_opening = d.scene.seats.spectator.opening
    frames = 0
    while not d.scene.model.is_over:
        d.frame()
        frames += 1
        assert frames < 42 * 60, "game 1 never ended"
    final_length = len(d.scene.model.moves)
    d.settle(5)
    assert d.scene.seats.spectator.scoreboard is not None and d.scene.seats.spectator.scoreboard.games == 1
    assert "1" in str(d.scene.seats.spectator.scoreboard)
    d.settle(60)                                        # the result stays up, then game 2 starts
    assert d.scene.model.red == d.scene.model.player(1) != first_red
    assert d.scene.model.yellow == first_red
    assert len(d.scene.model.moves) < final_length    # a fresh game is under way
    assert d.scene.model.moves_string().startswith(d.scene.seats.spectator.opening)
    assert d.scene.seats.spectator.opening == first_opening      # the same opening, other colours
    assert d.scene.seats.spectator.scoreboard.games == 1


def test_spectator_keys_do_not_play_for_the_computers(ui):
    d = ui("ai:6", "ai:6", spectator_delay=5.0)
    opening = d.scene.model.moves_string()
    d.key(pygame.K_4)
    d.click_column(3)
    d.key(pygame.K_z, pygame.KMOD_LCTRL)
    assert d.scene.model.moves_string() == opening


def test_each_opening_is_played_with_both_colours_and_the_score_follows_the_players(ui):
    d = ui("Hard", "Hard", spectator_delay=0.0, animation_speed=10.0)
    spectator = d.scene.seats.spectator
    first = d.scene.model.moves_string()
    assert first in OPENINGS
    full, _ = spectator.score_line(d.scene.model, counted=False)
    assert full == "Game 1 · Hard (1) 0 – 0 Hard (2) · 0 drawn"
    assert d.scene.status_text().startswith(("Hard (1) as Red", "Hard (2) as Yellow"))
    d.scene.model.load_moves(parse_moves("1212121"))  # end this game at once
    d.settle(5)
    assert spectator.scoreboard.games == 1
    d.settle(60)                                         # the next game starts, colours swapped
    second = d.scene.model.moves_string()[:len(spectator.opening)]
    assert second == spectator.opening == first         # the same opening, the other side of it
    assert "colours swapped" in header_right(d.scene.view())
    full, _ = spectator.score_line(d.scene.model, counted=False)
    # Hard (1) won as Red; now it plays Yellow: the win stays its own, and no colour is named with it.
    assert full == "Game 2 · Hard (1) 1 – 0 Hard (2) · 0 drawn"
    assert "Yellow" not in full and "Red" not in full
    assert d.scene.status_text().startswith(("Hard (1) as Yellow", "Hard (2) as Red"))
    assert d.scene.model.red.level == d.scene.model.yellow.level == "Hard"
    d.scene.model.load_moves(parse_moves("1212121"))
    d.settle(5)
    d.settle(60)                                         # game 3: a new opening, first colours
    third = d.scene.model.moves_string()[:len(spectator.opening)]
    assert third == spectator.opening and third in OPENINGS and third != first
    assert "colours swapped" not in header_right(d.scene.view())


def test_openings_do_not_repeat_before_the_list_is_used_up():
    from game.model import GameModel
    from game.domain.players import parse_player_spec
    from game.ui.game.spectator import Spectator

    hard = parse_player_spec("Hard")
    spectator = Spectator(GameModel(hard, hard), 0.0, seed=3)
    games = [spectator.next_opening() for _ in range(2 * len(OPENINGS))]
    assert games[0::2] == games[1::2]                   # each opening twice in a row, then the next
    assert sorted(games[0::2]) == sorted(OPENINGS)


def test_n_starts_a_new_match_with_the_colours_the_players_were_given(ui):
    d = ui("Easy", "Hard", spectator_delay=0.0, animation_speed=10.0)
    d.scene.model.load_moves(parse_moves("1212121"))    # game 1 ends: Easy (red) wins
    d.settle(5)
    d.settle(60)                                         # game 2: colours swapped
    assert d.scene.model.red.level == "Hard" and d.scene.model.swapped
    d.key(pygame.K_n)
    if d.scene.overlay is not None:
        d.key(pygame.K_y)
    assert d.scene.model.red.level == "Easy" and d.scene.model.yellow.level == "Hard"
    assert not d.scene.model.swapped
    full, _ = d.scene.seats.spectator.score_line(d.scene.model, counted=False)
    assert full == "Game 1 · Easy 0 – 0 Hard · 0 drawn"


def test_a_finished_match_game_says_n_starts_a_new_match_and_the_header_names_the_opening(ui):
    d = ui("Hard", "Hard", spectator_delay=0.0, animation_speed=10.0)
    opening = d.scene.seats.spectator.opening
    assert d.scene.model.moves_string() == opening
    assert f"from a {len(opening)}-move opening" in header_right(d.scene.view())
    d.scene.model.load_moves(parse_moves("1212121"))    # end this game at once
    d.settle(3)
    assert d.scene.model.is_over
    status = d.scene.status_text()
    assert "N new match" in status and "new game" not in status


def test_the_watching_seats_refuse_what_needs_a_player_at_the_screen_and_say_why(ui):
    d = ui("ai:6", "ai:6", spectator_delay=5.0)
    moves = d.scene.model.moves_string()
    for key, mod, words in ((pygame.K_z, pygame.KMOD_LCTRL, "Undo is for games with a human player"),
                            (pygame.K_a, 0, "The analysis row is for games with a human player"),
                            (pygame.K_h, 0, "A hint is for your own turn")):
        d.scene.flash = None
        d.key(key, mod)
        assert d.scene.flash is not None and d.scene.flash.text == words
    d.scene.flash = None
    d.key(pygame.K_y, pygame.KMOD_LCTRL)                # redo: nothing to say, nothing done
    assert d.scene.flash is None and not d.scene.analysis_on and d.scene.model.moves_string() == moves


def test_seats_follow_the_players_and_declare_what_they_allow():
    from game.model import GameModel
    from game.domain.players import HUMAN, parse_player_spec
    from game.ui.game.seats import EVERYTHING, AgainstComputer, Allow, TwoPeople, Watching, seats_for

    hard, colours = parse_player_spec("Hard"), ("Red", "Yellow")
    match = GameModel(hard, hard)
    watching = seats_for(match)
    sitting = watching.sitting(match, colours)
    assert isinstance(watching, Watching) and sitting.allows == Allow.LOAD and sitting.watching
    assert isinstance(seats_for(GameModel(HUMAN, HUMAN), names=("Ann", "Bob")), TwoPeople)
    against = seats_for(GameModel(HUMAN, hard))
    won = GameModel(hard, HUMAN, parse_moves("1212121"))
    sitting = against.sitting(won, colours)
    assert isinstance(against, AgainstComputer) and sitting.allows == EVERYTHING and sitting.tally
    assert sitting.lost and sitting.result == "The computer wins"
    assert sitting.names[0] == "Red (computer)" and sitting.who[1] == "You"

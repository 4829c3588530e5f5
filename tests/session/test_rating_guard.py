"""The rating guard (game.session.rating) alone: what a suspended game is, and which game taken
up again is the suspended one."""

from __future__ import annotations

import dataclasses

from game.config.values import DEFAULTS
from game.domain.levels import Level
from game.domain.players import HUMAN, parse_player_spec
from game.domain.saved import SavedGame
from game.engine.board import parse_moves
from game.model import GameModel
from game.session.rating import RatingGuard

SETTINGS = dataclasses.replace(DEFAULTS, levels=(Level("Rated", 2, elo=1400), Level("Other", 3, elo=1600)))
RATED = parse_player_spec("rated", SETTINGS)
OTHER = parse_player_spec("other", SETTINGS)
STAMP = "2026-11-27T21:00:00+00:00"


def rated_game(moves: str, guard: RatingGuard, computer=RATED) -> GameModel:
    model = GameModel(HUMAN, computer, ladder=SETTINGS)
    guard.begin(model, from_start=True)
    for col in parse_moves(moves):
        model.play(col)
    assert guard.game.rated
    return model


def test_a_finished_game_is_never_suspended() -> None:
    guard = RatingGuard(SETTINGS)
    model = rated_game("1212121", guard)               # red's four in column 1
    assert model.is_over
    guard.suspend(model)
    assert not guard.resumes_rated(SavedGame("1212121", "human", "rated", STAMP))
    assert guard.at_stake(None) is None and guard.suspended_note() == ""


def test_an_unfinished_rated_game_is_suspended_and_resumed_rated() -> None:
    guard = RatingGuard(SETTINGS)
    model = rated_game("445566", guard)
    guard.suspend(model)
    assert guard.resumes_rated(SavedGame("445566", "human", "rated", STAMP))
    guard.enter(GameModel(HUMAN, RATED, parse_moves("445566"), ladder=SETTINGS), "445566", continued=False)
    assert guard.game.rated


def test_the_same_moves_with_other_players_are_another_game_and_count_the_suspended_one() -> None:
    lost = []
    guard = RatingGuard(SETTINGS, forfeited=lambda model, game: lost.append(model.moves_string()))
    guard.suspend(rated_game("445566", guard))
    other = GameModel(HUMAN, OTHER, parse_moves("445566"), ladder=SETTINGS)
    guard.enter(other, "445566", continued=False)
    assert not guard.game.rated          # a game taken up on a position is casual
    assert lost == ["445566"]            # and the suspended one, left with 3 moves, counts as a loss

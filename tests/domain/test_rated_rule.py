"""The rule of a rated game (game.domain.rated), apart from the window."""

from __future__ import annotations

import dataclasses

import pytest

from game.domain.rated import FORFEIT_MOVES, Casual, RatedGame, level_elo
from game.config.values import DEFAULTS
from game.domain.levels import Level
from game.domain.players import HUMAN, parse_player_spec

SETTINGS = dataclasses.replace(DEFAULTS, levels=(Level("Rated", 2, elo=1400), Level("Free", 2)))


def spec(text: str):
    return parse_player_spec(text, SETTINGS)


def test_only_a_game_from_the_start_against_a_rated_level_is_rated():
    assert RatedGame.start(HUMAN, spec("rated"), SETTINGS.levels, from_start=True).rated
    assert RatedGame.start(spec("Rated"), HUMAN, SETTINGS.levels, from_start=True).human == 2
    cases = {
        (HUMAN, spec("free")): Casual.UNRATED_LEVEL,
        (HUMAN, spec("ai:4")): Casual.UNRATED_LEVEL,
        (HUMAN, spec("rated:window")): Casual.UNRATED_LEVEL,   # not the level that was measured
        (HUMAN, HUMAN): Casual.TWO_HUMANS_OR_NONE,
        (spec("rated"), spec("rated")): Casual.TWO_HUMANS_OR_NONE,
    }
    for (red, yellow), reason in cases.items():
        game = RatedGame.start(red, yellow, SETTINGS.levels, from_start=True)
        assert not game.rated and game.reason is reason
    continued = RatedGame.start(HUMAN, spec("rated"), SETTINGS.levels, from_start=False)
    assert not continued.rated and continued.reason is Casual.NOT_FROM_START


def test_a_resumed_autosave_is_rated_only_if_it_was_and_its_level_still_is():
    from game.domain.players import parse_saved_player

    assert RatedGame.resumed(HUMAN, spec("rated"), SETTINGS.levels, rated=True).rated
    assert RatedGame.resumed(HUMAN, spec("rated"), SETTINGS.levels, rated=False).reason is Casual.NOT_FROM_START
    assert RatedGame.resumed(HUMAN, spec("free"), SETTINGS.levels, rated=True).reason is Casual.UNRATED_LEVEL
    easy = parse_saved_player("Easy", SETTINGS)          # a built-in level this ladder does not list
    assert level_elo(easy, DEFAULTS.levels) is not None
    assert RatedGame.resumed(easy, HUMAN, SETTINGS.levels, rated=True).reason is Casual.LEVEL_NOT_LISTED


def test_a_game_turns_casual_once_and_stays_casual():
    game = RatedGame.start(HUMAN, spec("rated"), SETTINGS.levels, from_start=True)
    assert game.make_casual(Casual.HINT)
    assert not game.make_casual(Casual.UNDO)           # already casual: nothing new to say
    assert game.reason is Casual.HINT and game.notice() == "Casual game: not rated — a hint was asked for"


@pytest.mark.parametrize("human, moves, own", [(1, 0, 0), (1, 1, 1), (1, 4, 2), (1, 5, 3), (2, 1, 0), (2, 6, 3)])
def test_own_moves_count_the_humans_discs(human, moves, own):
    assert RatedGame(human).own_moves(moves) == own


def test_leaving_counts_as_a_loss_from_the_third_own_move_of_an_unfinished_rated_game():
    red = RatedGame(1)
    last_free = 2 * FORFEIT_MOVES - 2    # red has played FORFEIT_MOVES - 1 discs, yellow as many
    assert not red.forfeits(last_free, over=False)
    assert red.forfeits(last_free + 1, over=False)
    assert not red.forfeits(last_free + 1, over=True)          # a finished game is recorded as it ended
    casual = RatedGame(1, Casual.UNDO)
    assert not casual.forfeits(20, over=False)


def test_level_elo_is_the_levels_figure_only_as_measured():
    assert level_elo(spec("rated"), SETTINGS.levels) == 1400
    assert level_elo(spec("rated:threats"), SETTINGS.levels) is None
    assert level_elo(spec("free"), SETTINGS.levels) is None
    assert level_elo(HUMAN, SETTINGS.levels) is None
    # a saved game naming a level the settings no longer have
    assert level_elo(dataclasses.replace(spec("rated"), level="Gone"), SETTINGS.levels) is None

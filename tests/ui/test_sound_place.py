"""game.ui.sound: a drop heard where it lands (pan by column, pitch by row), and a loss of its own."""

from __future__ import annotations

import array

import pygame
import pytest

from game.ui.sound import SOUND_NAMES, SoundPlayer, pitched, placement


def test_the_pan_runs_from_the_left_speaker_to_the_right_by_column():
    pans = [placement(col, 0)[:2] for col in range(7)]
    assert pans[0] == pytest.approx((1.0, 0.0)) and pans[6] == pytest.approx((0.0, 1.0))
    assert pans[3][0] == pytest.approx(pans[3][1])                     # the middle column: both alike
    rights = [right for _, right in pans]
    assert rights == sorted(rights) and len(set(rights)) == 7
    assert all(left ** 2 + right ** 2 == pytest.approx(1.0) for left, right in pans)   # equal power


def test_the_pitch_rises_a_whole_tone_per_row():
    ratios = [placement(3, row)[2] for row in range(6)]
    assert ratios[0] == 1.0
    assert all(b / a == pytest.approx(2 ** (2 / 12)) for a, b in zip(ratios, ratios[1:]))


def test_resampling_shortens_by_the_ratio_and_keeps_the_channels_apart():
    left_right = array.array("h", [v for i in range(100) for v in (i * 10, -i * 10)]).tobytes()
    out = array.array("h")
    out.frombytes(pitched(left_right, 2, 2.0))
    assert len(out) == 100                     # 50 frames of two samples
    assert list(out[:6]) == [0, 0, 20, -20, 40, -40]


def test_each_row_has_its_own_drop_and_the_channel_is_panned(monkeypatch):
    pygame.mixer.quit()
    player = SoundPlayer(volume=0.5)
    try:
        if not player.available:
            pytest.skip("no mixer with the dummy driver here")
        lengths = [drop.get_length() for drop in player._drops]
        assert len(lengths) == 6 and lengths == sorted(lengths, reverse=True)   # higher is shorter
        volumes, played = [], []

        class Channel:
            def set_volume(self, left, right):
                volumes.append((left, right))

        class Drop:
            def __init__(self, row):
                self.row = row

            def play(self):
                played.append(self.row)
                return Channel()

        monkeypatch.setattr(player, "_drops", [Drop(row) for row in range(6)])
        assert player.play_drop(0, 5) is True and played == [5] and volumes == [(1.0, 0.0)]
        player.toggle_mute()
        assert player.play_drop(6, 0) is False and played == [5]
    finally:
        pygame.mixer.quit()


def test_win_draw_and_loss_are_three_different_sounds():
    from game.paths import asset_path

    assert {"win", "draw", "loss"} <= set(SOUND_NAMES)
    data = {name: asset_path(f"{name}.wav").read_bytes() for name in ("win", "draw", "loss")}
    assert len(set(data.values())) == 3


@pytest.mark.parametrize(("red", "yellow", "winner", "sound"), [
    ("human", "Easy", 2, "loss"), ("human", "Easy", 1, "win"), ("Easy", "human", 1, "loss"),
    ("human", "human", 2, "win"), ("Easy", "Hard", 2, "win"), ("human", "Easy", None, "draw"),
])
def test_the_result_sound_is_a_loss_only_when_the_computer_beat_a_person(red, yellow, winner, sound):
    from game.config.values import DEFAULTS
    from game.domain.players import parse_player_spec
    from game.model import GameModel
    from game.ui.game.game_heard import result_sound

    model = GameModel(parse_player_spec(red, DEFAULTS), parse_player_spec(yellow, DEFAULTS))
    assert result_sound(model, winner) == sound

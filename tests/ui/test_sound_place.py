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


def test_a_pitched_drop_is_shorter_by_the_ratio_and_keeps_the_channels_apart():
    pygame.mixer.quit()
    try:
        pygame.mixer.init(frequency=44100, size=-16, channels=2)
    except pygame.error:
        pytest.skip("no mixer with the dummy driver here")
    try:
        left_right = array.array("h", [v for i in range(4410) for v in (8000, -8000)]).tobytes()
        higher = pygame.mixer.Sound(file=pitched(left_right, 2, 44100, 2.0))
        out = array.array("h")
        out.frombytes(higher.get_raw())
        assert len(out) == pytest.approx(4410, abs=8)          # half the frames, two samples each
        middle = out[len(out) // 4 * 2: len(out) // 4 * 2 + 200]
        assert all(v > 7000 for v in middle[0::2]) and all(v < -7000 for v in middle[1::2])
    finally:
        pygame.mixer.quit()


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


@pytest.mark.parametrize(("red", "yellow", "moves", "sound"), [
    ("Easy", "human", "112233", "loss"),     # the computer, to move, completes four along the bottom
    ("human", "Easy", "1122334", "win"),     # the person's four is on the board as the save opens
    ("human", "human", "1122334", "win"),    # between two people a win is a win
])
def test_the_result_sound_is_a_loss_only_for_the_person_beaten(ui, monkeypatch, red, yellow, moves, sound):
    from game.domain.saved import SavedGame
    from game.store.saves import saves_dir
    from game.store.savefile import save_game

    driver = ui(red=red, yellow=yellow)
    played = []
    monkeypatch.setattr(driver.c.ctx.sound, "play", lambda name, *args, **kwargs: played.append(name))
    path = saves_dir() / "ending.c4save"
    save_game(path, SavedGame.now(moves, red, yellow))
    assert driver.scene.load(path)
    driver.run_until(lambda: driver.scene.model.is_over, what="the game's end")
    driver.settle()           # the last disc lands: the result is said and sounded then
    assert [p for p in played if p in ("win", "draw", "loss")] == [sound]

"""Sound effects. No audio device, missing files or a broken mixer all mean silence, never a crash.

A disc's drop carries its place: it is panned from the left speaker (column 1) to the right one
(column 7), and pitched a whole tone higher for each row up, so a player hears where it landed.
The pitched drops are made once from ``drop.wav`` when the sounds load: the drop's samples are
declared at a higher sample rate and SDL's converter resamples them to the mixer's, in C (under a
millisecond for all six, where resampling in Python cost a fifth of the window's start).
"""

from __future__ import annotations

import io
import logging
import math
import wave

import pygame

from game.engine.board import HEIGHT, WIDTH
from game.paths import assets_dir

log = logging.getLogger(__name__)

SOUND_NAMES = ("drop", "win", "draw", "loss", "invalid")
#: The drop one row up sounds this many semitones higher.
SEMITONES_PER_ROW = 2


def placement(col: int, row: int) -> tuple[float, float, float]:
    """(left volume, right volume, pitch ratio) of a drop into ``col`` landing in ``row`` (0-based):
    an equal-power pan from left to right by column, a whole tone up per row."""
    angle = (min(max(col, 0), WIDTH - 1) / (WIDTH - 1)) * math.pi / 2
    ratio = 2 ** (SEMITONES_PER_ROW * min(max(row, 0), HEIGHT - 1) / 12)
    return math.cos(angle), math.sin(angle), ratio


def pitched(raw: bytes, channels: int, rate: int, ratio: float) -> io.BytesIO:
    """A WAV file of signed 16-bit samples (``channels`` interleaved, recorded at ``rate``) that
    says they are played ``ratio`` times as fast: loaded by the mixer, which converts it to its own
    rate, it sounds higher and shorter by that ratio."""
    wav = io.BytesIO()
    with wave.open(wav, "wb") as out:
        out.setnchannels(channels)
        out.setsampwidth(2)
        out.setframerate(round(rate * ratio))
        out.writeframes(raw[: len(raw) - len(raw) % (2 * channels)])
    wav.seek(0)
    return wav


class SoundPlayer:
    def __init__(self, *, volume: float = 0.7, muted: bool = False) -> None:
        self.muted = muted
        self.volume = min(1.0, max(0.0, volume))
        self.available = False
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self._drops: list[pygame.mixer.Sound] = []    # the drop by row, bottom first
        self._load()

    def _load(self) -> None:
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init()
        except pygame.error as exc:
            log.info("no audio device, playing silently: %s", exc)
            return
        for name in SOUND_NAMES:
            for ext in ("wav", "ogg"):
                path = assets_dir() / f"{name}.{ext}"
                if not path.is_file():
                    continue
                try:
                    sound = pygame.mixer.Sound(str(path))
                except pygame.error as exc:
                    log.info("cannot load %s: %s", path, exc)
                    continue
                sound.set_volume(self.volume)
                self._sounds[name] = sound
                break
        self._drops = self._pitched_drops()
        self.available = bool(self._sounds)

    def _pitched_drops(self) -> list[pygame.mixer.Sound]:
        """The drop at each row's pitch; [] when the mixer's samples are not signed 16-bit."""
        drop, init = self._sounds.get("drop"), pygame.mixer.get_init()
        if drop is None or init is None or init[1] != -16:
            return []
        rate, _, channels = init
        raw = drop.get_raw()
        drops = []
        for row in range(HEIGHT):
            try:
                sound = pygame.mixer.Sound(file=pitched(raw, channels, rate, placement(0, row)[2]))
            except (pygame.error, wave.Error):
                return []
            sound.set_volume(self.volume)
            drops.append(sound)
        return drops

    def play(self, name: str) -> bool:
        """Play a named effect; returns whether anything was actually played."""
        sound = self._sounds.get(name)
        if self.muted or sound is None:
            return False
        try:
            sound.play()
        except pygame.error:
            return False
        return True

    def play_drop(self, col: int, row: int) -> bool:
        """The drop of a disc landing in ``col``, ``row`` (0-based), panned and pitched to its
        place (see :func:`placement`); the plain drop where the pitched ones could not be made."""
        if self.muted or not 0 <= row < len(self._drops):
            return self.play("drop")
        left, right, _ = placement(col, row)
        try:
            channel = self._drops[row].play()
            if channel is not None:
                channel.set_volume(left, right)
        except pygame.error:
            return False
        return True

    def set_volume(self, volume: float) -> None:
        self.volume = min(1.0, max(0.0, volume))
        for sound in [*self._sounds.values(), *self._drops]:
            sound.set_volume(self.volume)

    def toggle_mute(self) -> bool:
        self.muted = not self.muted
        return self.muted

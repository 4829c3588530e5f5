"""Sound effects. No audio device, missing files or a broken mixer all mean silence, never a crash."""

from __future__ import annotations

import logging

import pygame

from game.paths import assets_dir

log = logging.getLogger(__name__)

SOUND_NAMES = ("drop", "win", "draw", "invalid")


class SoundPlayer:
    def __init__(self, *, volume: float = 0.7, muted: bool = False) -> None:
        self.muted = muted
        self.volume = min(1.0, max(0.0, volume))
        self.available = False
        self._sounds: dict[str, pygame.mixer.Sound] = {}
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
        self.available = bool(self._sounds)

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

    def set_volume(self, volume: float) -> None:
        self.volume = min(1.0, max(0.0, volume))
        for sound in self._sounds.values():
            sound.set_volume(self.volume)

    def toggle_mute(self) -> bool:
        self.muted = not self.muted
        return self.muted

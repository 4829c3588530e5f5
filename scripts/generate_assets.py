"""Make the game's assets: the window icon (drawn with pygame) and five synthesised sounds.

Run from anywhere: ``python scripts/generate_assets.py``. It writes into ``assets/``, and the
output is the same on every run (no randomness), so the files in git can be checked against it.
The sounds use only the standard library (``wave`` + ``math``); pygame is needed for the icon only.
"""

from __future__ import annotations

import math
import struct
import wave
from collections.abc import Callable, Iterable
from pathlib import Path

HERE = Path(__file__).resolve().parents[1] / "assets"
RATE = 22050  # samples per second: plenty for short effects, keeps the files small
ICON_SIZE = 128

Tone = Callable[[float], float]  # time in seconds -> sample in [-1, 1]


# -- sounds -------------------------------------------------------------------------------------

def envelope(t: float, length: float, attack: float = 0.005, release: float = 0.05) -> float:
    """Linear attack, linear release: no clicks at either end."""
    if t < 0 or t > length:
        return 0.0
    return min(1.0, t / attack, (length - t) / release)


def note(freq: float, start: float, length: float, volume: float = 1.0, decay: float = 0.0) -> Tone:
    """A sine with a little second harmonic (softer than a pure beep) and an optional decay."""

    def tone(t: float) -> float:
        local = t - start
        if local < 0 or local > length:
            return 0.0
        phase = 2 * math.pi * freq * local
        sample = math.sin(phase) + 0.3 * math.sin(2 * phase)
        return volume * envelope(local, length) * math.exp(-decay * local) * sample / 1.3

    return tone


def drop_sound(t: float) -> float:
    """A disc landing: a short thud whose pitch falls, plus a click at impact."""
    length = 0.16
    if t > length:
        return 0.0
    phase = 2 * math.pi * (170 * t - 150 * t * t)  # frequency 170 Hz falling to about 120 Hz
    thud = math.sin(phase) * math.exp(-28 * t)
    click = math.sin(2 * math.pi * 1800 * t) * math.exp(-400 * t) * 0.4
    return 0.65 * envelope(t, length, attack=0.001, release=0.03) * (thud + click)


def mix(tones: Iterable[Tone]) -> Tone:
    parts = list(tones)
    return lambda t: sum(part(t) for part in parts)


# C major arpeggio up for a win, a falling pair of soft tones for a draw, a low double buzz
# for a move that is not allowed.
WIN = mix(note(f, 0.11 * i, 0.16 if i < 3 else 0.45, 0.55, decay=2.0)
          for i, f in enumerate((523.25, 659.25, 783.99, 1046.5)))
DRAW = mix([note(392.0, 0.0, 0.3, 0.5, decay=3.0), note(329.63, 0.25, 0.45, 0.5, decay=3.0)])
# A loss: a slow falling C minor triad, lower and darker than the win's rising major one.
LOSS = mix(note(f, 0.18 * i, 0.22 if i < 2 else 0.55, 0.5, decay=2.5)
           for i, f in enumerate((392.0, 311.13, 261.63)))


def invalid_sound(t: float) -> float:
    def buzz(local: float) -> float:
        if local < 0 or local > 0.09:
            return 0.0
        square_ish = math.tanh(4 * math.sin(2 * math.pi * 140 * local))  # soft-clipped sine
        return 0.45 * envelope(local, 0.09, attack=0.003, release=0.02) * square_ish

    return buzz(t) + buzz(t - 0.12)


SOUNDS: dict[str, tuple[Tone, float]] = {
    "drop.wav": (drop_sound, 0.18),
    "win.wav": (WIN, 0.8),
    "draw.wav": (DRAW, 0.75),
    "loss.wav": (LOSS, 0.95),
    "invalid.wav": (invalid_sound, 0.23),
}


def write_wav(path: Path, tone: Tone, seconds: float) -> None:
    """16-bit mono PCM at RATE."""
    frames = bytearray()
    for i in range(int(seconds * RATE)):
        sample = max(-1.0, min(1.0, tone(i / RATE)))
        frames += struct.pack("<h", round(sample * 32767))
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(bytes(frames))


# -- icon ---------------------------------------------------------------------------------------

def draw_icon(path: Path, size: int = ICON_SIZE) -> None:
    """A blue board corner with a diagonal of red discs winning over yellow, on transparency."""
    import pygame  # only the icon needs it; the game's engine never imports pygame

    scale = 4  # draw large, then smooth-scale down: cheap anti-aliasing
    big = size * scale
    surface = pygame.Surface((big, big), pygame.SRCALPHA)
    surface.fill((0, 0, 0, 0))
    margin = big // 16
    board = pygame.Rect(margin, margin, big - 2 * margin, big - 2 * margin)
    pygame.draw.rect(surface, (28, 86, 196), board, border_radius=big // 8)
    pygame.draw.rect(surface, (18, 58, 150), board, width=big // 40, border_radius=big // 8)
    red, yellow, hole = (222, 44, 44), (250, 206, 40), (232, 240, 252)
    # 4 x 4 cells: red's four on the rising diagonal, yellow's replies beside them.
    layout = [
        "...R",
        "..RY",
        ".RYY",
        "RYRY",
    ]
    cell = board.width / 4
    radius = int(cell * 0.38)
    for row, line in enumerate(layout):
        for col, mark in enumerate(line):
            centre = (int(board.x + (col + 0.5) * cell), int(board.y + (row + 0.5) * cell))
            colour = {"R": red, "Y": yellow}.get(mark, hole)
            pygame.draw.circle(surface, colour, centre, radius)
            if mark != ".":
                pygame.draw.circle(surface, (0, 0, 0, 60), centre, radius, width=big // 64)
    pygame.image.save(pygame.transform.smoothscale(surface, (size, size)), str(path))


def main() -> None:
    for name, (tone, seconds) in SOUNDS.items():
        write_wav(HERE / name, tone, seconds)
        print(f"wrote {name}")
    draw_icon(HERE / "icon.png")
    print("wrote icon.png")


if __name__ == "__main__":
    main()

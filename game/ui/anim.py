"""Time-driven animations. They are advanced only by ``update(dt)``, so tests control time exactly.

Positions are in board units (rows), not pixels, so a resize mid-animation keeps them correct."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

GRAVITY = 60.0        # rows per second squared at animation speed 1.0
RESTITUTION = 0.2    # fraction of the speed kept by the bounce
MIN_BOUNCE_SPEED = 2.0


@dataclass(slots=True)
class DropAnimation:
    """A disc falling from ``start`` (the ghost row is ``ROWS``) onto ``row`` with one small bounce.

    The fall time grows with the drop height (free fall: t = sqrt(2h/g))."""

    col: int
    row: int
    player: int
    start: float                 # starting height in rows (the ghost row sits at ROWS)
    speed: float = 1.0
    y: float = field(init=False)
    velocity: float = 0.0        # rows per second, positive = downwards
    bounced: bool = False
    landed: bool = False         # True once the disc first touches down (play the sound then)
    done: bool = False

    def __post_init__(self) -> None:
        self.y = self.start

    def update(self, dt: float) -> bool:
        """Advance by ``dt`` seconds; return True on the frame the disc first touches down."""
        if self.done:
            return False
        gravity = GRAVITY * self.speed * self.speed
        self.velocity += gravity * dt
        self.y -= self.velocity * dt
        if self.y > self.row:
            return False
        self.y = float(self.row)
        first_touch = not self.landed
        self.landed = True
        if not self.bounced and self.velocity > MIN_BOUNCE_SPEED * self.speed:
            self.velocity = -self.velocity * RESTITUTION
            self.bounced = True
        else:
            self.velocity = 0.0
            self.done = True
        return first_touch


@dataclass(slots=True)
class Shake:
    """Horizontal shake plus a fading flash of one column (feedback for a full column)."""

    col: int
    duration: float = 0.45
    amplitude: float = 0.12     # in cells
    t: float = 0.0

    @property
    def done(self) -> bool:
        return self.t >= self.duration

    @property
    def strength(self) -> float:
        return max(0.0, 1.0 - self.t / self.duration)

    def offset(self) -> float:
        """Current horizontal offset in cells."""
        return math.sin(self.t * 55.0) * self.amplitude * self.strength

    def update(self, dt: float) -> None:
        self.t += dt

"""The window-counting heuristic: every line of four scored by the discs in it.

Every line of four cells (69 of them). A window holding k own discs and no opponent disc
is worth ``own[k-1]`` (0.5 / 3 / 9); a window where own discs block k opponent discs is
worth ``block[k-1]`` (0.5 / 2 / 40). The sum is multiplied by ``scale`` (1.5) and divided
by the number of discs on the board. The evaluation is own value minus the opponent's.

The counts are bit-parallel: for each direction the four shifted copies of a side's discs
are added with a tiny bit-sliced adder, which gives "exactly k discs in the window starting
here" masks for all windows of that direction at once.

The own and block weights take effect rounded to a multiple of 1/``WEIGHT_GRID``
(``WindowWeights.on_grid``): every window sum is then a sum of such multiples far below 2**43,
which a double holds exactly whatever the order of the additions, so a sum carried down the
search by the changes of ``make_window_delta`` equals the sum ``make_window_raw`` computes afresh.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Callable

from ..board import DIRECTIONS, H1, HEIGHT, WIDTH, Bitboard, bit

#: The own and block weights count in multiples of 1 / WEIGHT_GRID (a power of two: exact sums).
WEIGHT_GRID = 1024
#: The largest own or block weight (in size): 69 windows of such weights keep every sum exact.
MAX_WEIGHT = 1e6


def _on_grid(value: float) -> float:
    return round(value * WEIGHT_GRID) / WEIGHT_GRID


@dataclass(frozen=True, slots=True)
class WindowWeights:
    """Weights of the window-counting heuristic (defaults from the article)."""

    own: tuple[float, float, float] = (0.5, 3.0, 9.0)
    block: tuple[float, float, float] = (0.5, 2.0, 40.0)
    scale: float = 1.5

    def __post_init__(self) -> None:
        for name in ("own", "block"):
            value = getattr(self, name)
            if len(value) != 3 or not all(isinstance(v, (int, float)) for v in value):
                raise ValueError(f"window weights {name!r} must be three numbers, got {value!r}")
            if not all(math.isfinite(v) and abs(v) <= MAX_WEIGHT for v in value):
                raise ValueError(f"window weights {name!r} must be from {-MAX_WEIGHT:g} to {MAX_WEIGHT:g}, "
                                 f"got {value!r}")
            object.__setattr__(self, name, tuple(float(v) for v in value))
        if not isinstance(self.scale, (int, float)) or self.scale <= 0:
            raise ValueError(f"window weights 'scale' must be a positive number, got {self.scale!r}")

    def on_grid(self) -> WindowWeights:
        """These weights as the evaluation uses them: the own and block weights rounded to the
        nearest multiple of 1 / ``WEIGHT_GRID`` (the defaults are such multiples already)."""
        return replace(self, own=tuple(_on_grid(v) for v in self.own), block=tuple(_on_grid(v) for v in self.block))


DEFAULT_WEIGHTS = WindowWeights()


def _window_starts(shift: int) -> Bitboard:
    """Cells from which a window of four in direction ``shift`` stays on the board."""
    dc, dr = {1: (0, 1), H1: (1, 0), HEIGHT: (1, -1), H1 + 1: (1, 1)}[shift]
    starts = 0
    for c in range(WIDTH):
        for r in range(HEIGHT):
            if 0 <= c + 3 * dc < WIDTH and 0 <= r + 3 * dr < HEIGHT:
                starts |= bit(c, r)
    return starts


WINDOW_STARTS: tuple[tuple[int, Bitboard], ...] = tuple((s, _window_starts(s)) for s in DIRECTIONS)
assert sum(v.bit_count() for _, v in WINDOW_STARTS) == 69


def make_window_raw(weights: WindowWeights = DEFAULT_WEIGHTS) -> Callable[[Bitboard, Bitboard], float]:
    """The window sum, own minus opponent's, before the scale and the division by the disc count."""
    weights = weights.on_grid()
    o1, o2, o3 = weights.own
    b1, b2, b3 = weights.block
    starts_list = WINDOW_STARTS

    def window_raw(current: Bitboard, mask: Bitboard) -> float:
        opp = current ^ mask
        total = 0.0  # own value minus opponent value, before scaling
        for s, starts in starts_list:
            s2 = s + s
            s3 = s2 + s
            x1, x2, x3, x4 = current, current >> s, current >> s2, current >> s3
            y1, y2, y3, y4 = opp, opp >> s, opp >> s2, opp >> s3
            a, b = x1 & x2, x1 ^ x2
            c, d = x3 & x4, x3 ^ x4
            ones_x = b ^ d
            twos_x = a ^ c ^ (b & d)
            a, b = y1 & y2, y1 ^ y2
            c, d = y3 & y4, y3 ^ y4
            ones_y = b ^ d
            twos_y = a ^ c ^ (b & d)
            any_x = (x1 | x2 | x3 | x4) & starts
            any_y = (y1 | y2 | y3 | y4) & starts
            free_x = starts & ~any_y
            free_y = starts & ~any_x
            x_1 = ones_x & ~twos_x
            x_2 = twos_x & ~ones_x
            x_3 = ones_x & twos_x
            y_1 = ones_y & ~twos_y
            y_2 = twos_y & ~ones_y
            y_3 = ones_y & twos_y
            total += (
                o1 * ((x_1 & free_x).bit_count() - (y_1 & free_y).bit_count())
                + o2 * ((x_2 & free_x).bit_count() - (y_2 & free_y).bit_count())
                + o3 * ((x_3 & free_x).bit_count() - (y_3 & free_y).bit_count())
                + b1 * ((y_1 & any_x).bit_count() - (x_1 & any_y).bit_count())
                + b2 * ((y_2 & any_x).bit_count() - (x_2 & any_y).bit_count())
                + b3 * ((y_3 & any_x).bit_count() - (x_3 & any_y).bit_count())
            )
        return total

    return window_raw


def make_window(weights: WindowWeights = DEFAULT_WEIGHTS) -> Callable[[Bitboard, Bitboard, int], float]:
    """Build the window-counting evaluation for the given weights."""
    raw = make_window_raw(weights)
    scale = weights.scale

    def window(current: Bitboard, mask: Bitboard, moves: int) -> float:
        return scale * raw(current, mask) / moves if moves else 0.0

    return window


def _windows_through() -> dict[Bitboard, tuple[Bitboard, ...]]:
    """For each cell (as its bit), the masks of the windows of four that contain it."""
    through: dict[Bitboard, list[Bitboard]] = {bit(c, r): [] for c in range(WIDTH) for r in range(HEIGHT)}
    for s, starts in WINDOW_STARTS:
        for c in range(WIDTH):
            for r in range(HEIGHT):
                if starts & bit(c, r):
                    w = sum(bit(c, r) << (k * s) for k in range(4))
                    for cell in through:
                        if w & cell:
                            through[cell].append(w)
    return {cell: tuple(ws) for cell, ws in through.items()}


WINDOWS_THROUGH = _windows_through()


def window_gains(weights: WindowWeights = DEFAULT_WEIGHTS) -> tuple[float, ...]:
    """``gains[x * 5 + y]``: how much one window's contribution to ``make_window_raw`` grows when
    the side with ``x`` discs in it (the other side has ``y``) adds one more."""
    weights = weights.on_grid()
    own = (0.0,) + weights.own + (0.0,)  # by disc count 0..4; a full four counts nothing
    block = (0.0,) + weights.block + (0.0,)

    def contribution(x: int, y: int) -> float:  # a window with x own and y opponent discs
        mine = (own[x] if y == 0 else 0.0) + (block[y] if x else 0.0)
        theirs = (own[y] if x == 0 else 0.0) + (block[x] if y else 0.0)
        return mine - theirs

    gain = [0.0] * 25
    for x in range(4):
        for y in range(4 - x):
            gain[x * 5 + y] = contribution(x + 1, y) - contribution(x, y)
    return tuple(gain)


def make_window_delta(weights: WindowWeights = DEFAULT_WEIGHTS) -> Callable[[Bitboard, Bitboard, Bitboard], float]:
    """How much ``make_window_raw``'s value grows for the side owning ``current`` when it plays ``move``.

    Only the (at most 13) windows through the new disc change; each one's contribution is a
    function of its own and opponent disc counts, tabulated once.
    """
    gain = window_gains(weights)
    through = WINDOWS_THROUGH

    def window_delta(current: Bitboard, opp: Bitboard, move: Bitboard) -> float:
        d = 0.0
        for w in through[move]:
            d += gain[(current & w).bit_count() * 5 + (opp & w).bit_count()]
        return d

    return window_delta


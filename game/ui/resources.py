"""The window icon, fonts and rendered text (cached); every failure degrades gracefully."""

from __future__ import annotations

import logging
from collections.abc import Callable
from functools import lru_cache

import pygame
import pygame.freetype

from game.echo import shown
from game.paths import assets_dir
from game.ui.theme import Colour

log = logging.getLogger(__name__)


def load_icon() -> pygame.Surface | None:
    path = assets_dir() / "icon.png"
    try:
        return pygame.image.load(str(path))
    except (pygame.error, FileNotFoundError, OSError) as exc:
        log.info("no window icon (%s): %s", path, exc)
        return None


class _NullFont:
    """Stands in when no font can be loaded: text is simply not drawn, the game stays playable."""

    def render(self, text: str, antialias: bool, colour: object, background: object = None) -> pygame.Surface:
        return pygame.Surface((max(1, 6 * len(text)), 12), pygame.SRCALPHA)

    def size(self, text: str) -> tuple[int, int]:
        return max(1, 6 * len(text)), 12

    def get_linesize(self) -> int:
        return 12

    def set_bold(self, bold: bool) -> None:
        pass


#: pygame.font draws its default font at this share of the size asked for, cut to whole pixels;
#: every size in the layout was chosen with it, so the font below keeps it.
DEFAULT_FONT_SCALE = 0.6875


#: Where hinting cannot draw a letter whole or spaces letters unevenly, text is drawn this many
#: times larger and scaled down; the regular weight with this emboldening (a share of the size, as
#: ``Font.strength``) to keep the hinted text's weight. The bold weight keeps its own: more would
#: close the gap between the dot of "i" and its stem ("Practlce").
SUPERSAMPLE = 4
SUPERSAMPLED_STRENGTH = 0.03
#: A line hinting draws this much wider than its letters' outlines is drawn supersampled instead.
MAX_HINTED_STRETCH = 1.05
#: The line measured: the narrow letters whose rounded advances opened gaps, between wide ones.
SPACING_SAMPLE = "Open a saved game · Practice · Quit · and ideas · Left/Right"
_INK = 60       # an alpha from which a pixel counts as ink


class EvenFont:
    """pygame's default font (freesansbold) drawn by ``pygame.freetype`` without kerning.

    ``pygame.font`` (SDL_ttf) applies that font's kerning pairs to glyph widths rounded by hinting,
    which at small sizes opens gaps inside words ("bot tom", "w ins", "Ent er", "cu t shor t"), and
    it has no switch to turn kerning off. ``pygame.freetype`` draws the same glyphs with kerning off
    and, with ``pad``, in the full line box ``pygame.font`` uses, so a text's measure and placement
    keep their meaning. The methods are the ones this module calls on a ``pygame.font.Font``.

    At a few pixel sizes (10 to 12 of the regular weight, 9 and 10 of the bold) FreeType's hinting
    snaps the right half of the crossbar of "t" away, and "t" reads as "1" ("Lef1/Righ1", "star1",
    "quif"); and at others (9 to 13 pixels) it rounds each letter's advance to whole pixels on its
    own, so that a line comes out up to 12 % wider than the letters' outlines and gaps open
    after narrow letters ("Practi ce", "and i deas", "Qui t"). pygame.freetype has no switch for
    hinting. At those sizes (found by drawing "t" once, :func:`crossed_t`, and measuring a line,
    :func:`stretched`) the text is drawn :data:`SUPERSAMPLE` times larger, where hinting keeps
    every stroke and every advance, and scaled down smoothly; its measure is the scaled one, so
    text is placed by the same numbers it is drawn with.
    """

    def __init__(self, size: int, bold: bool = False) -> None:
        pixels = int(size * DEFAULT_FONT_SCALE)
        self._bold, self._scale = bold, 1
        self._font = _freetype(pixels, bold)
        large = _freetype(pixels * SUPERSAMPLE, True)
        if not bold:      # the regular weight, emboldened a little (see SUPERSAMPLED_STRENGTH)
            large.strength = SUPERSAMPLED_STRENGTH
        if (not crossed_t(self._font) or stretched(self._font, pixels, bold)) and crossed_t(large):
            self._font, self._scale = large, SUPERSAMPLE

    def _scaled(self, size: tuple[int, int]) -> tuple[int, int]:
        return -(-size[0] // self._scale), -(-size[1] // self._scale)

    def render(self, text: str, antialias: bool, colour: object, background: object = None) -> pygame.Surface:
        self._font.antialiased = antialias
        drawn = self._font.render(text, colour, background)[0]
        if self._scale == 1 or 0 in drawn.get_size():
            return drawn
        return pygame.transform.smoothscale(drawn, self._scaled(drawn.get_size()))

    def size(self, text: str) -> tuple[int, int]:
        return self._scaled(self._font.get_rect(text).size)

    def get_linesize(self) -> int:
        return -(-self._font.get_sized_height() // self._scale)

    def set_bold(self, bold: bool) -> None:
        self._bold = bold
        self._font.strong = bold or self._scale > 1


def _freetype(pixels: float, bold: bool) -> pygame.freetype.Font:
    made = pygame.freetype.Font(None, pixels)
    made.pad = True         # the line box of pygame.font, not the ink's bounds
    made.kerning = False    # the cause of the gaps (see EvenFont)
    made.strong = bold
    return made


def crossed_t(made: pygame.freetype.Font) -> bool:
    """Whether ``made`` draws "t" with its crossbar on both sides of the stem (the widest of its
    upper rows of ink reaches past the stem on the left and on the right)."""
    glyph = made.render("t", (255, 255, 255), None)[0]
    width, height = glyph.get_size()
    ink = [[glyph.get_at((x, y))[3] > _INK for x in range(width)] for y in range(height)]
    rows = [y for y in range(height) if any(ink[y])]
    if len(rows) < 3:
        return False
    stem = [x for x in range(width) if all(ink[y][x] for y in rows[len(rows) // 2:-1])]
    bar = max(rows[:len(rows) // 2 + 1], key=lambda y: sum(ink[y]))
    return bool(stem) and any(ink[bar][:min(stem)]) and any(ink[bar][max(stem) + 1:])


def stretched(hinted: pygame.freetype.Font, pixels: int, bold: bool) -> bool:
    """Whether ``hinted`` (``pixels`` high) draws :data:`SPACING_SAMPLE` more than
    :data:`MAX_HINTED_STRETCH` times as wide as its letters' outlines: the same font
    :data:`SUPERSAMPLE` times larger, where rounding an advance moves it by a fraction of a pixel,
    scaled down."""
    outline = _freetype(pixels * SUPERSAMPLE, bold).get_rect(SPACING_SAMPLE).width / SUPERSAMPLE
    return hinted.get_rect(SPACING_SAMPLE).width > MAX_HINTED_STRETCH * outline


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> EvenFont | _NullFont:
    """pygame's default font at ``size`` pixels (cached, drawn evenly: ``EvenFont``); a null font
    if fonts are unavailable.

    The cache never outlives pygame: ``pygame.quit`` kills every font object, so the first font
    made after a start arms a quit hook that empties the caches (a font from before a restart
    would raise "font module quit since font created" on its first use)."""
    _forget_on_quit()
    try:
        if not pygame.freetype.get_init():
            pygame.freetype.init()
        return EvenFont(max(8, size), bold)
    except (pygame.error, OSError, FileNotFoundError) as exc:
        log.warning("font unavailable, text will not be drawn: %s", exc)
        return _NullFont()


def reset_fonts() -> None:
    """Forget cached fonts and rendered text (they die with ``pygame.quit``); called when a window
    opens and, through the hook :func:`font` arms, when pygame quits."""
    font.cache_clear()
    render_text.cache_clear()
    fit_text.cache_clear()
    wrap.cache_clear()


_quit_hook_armed = False


def _forget_on_quit() -> None:
    """Have the next ``pygame.quit`` call :func:`reset_fonts` (pygame runs each registered quit
    function once and then forgets it, so the hook is armed again after every quit)."""
    global _quit_hook_armed
    if not _quit_hook_armed:
        _quit_hook_armed = True
        pygame.register_quit(_on_quit)


def _on_quit() -> None:
    global _quit_hook_armed
    _quit_hook_armed = False
    reset_fonts()


def drawable(text: str) -> str:
    """``text`` as the font can take it: pygame encodes text as UTF-8, and a lone surrogate (a
    byte of a file name that is not UTF-8) would raise, so such a string is shown escaped."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return shown(text, 10 * len(text))     # no character escapes to more than 10
    return text


#: Told each text :func:`draw_text` draws: the text, the rectangle it covers and the area it may
#: cover (the surface's clip), both in window coordinates. None: nobody listens. The test suite's
#: language checks listen here (every drawn word translated, none outside its box or cut).
on_text_drawn: Callable[[str, pygame.Rect, pygame.Rect], None] | None = None


@lru_cache(maxsize=512)
def render_text(text: str, size: int, colour: Colour, bold: bool = False) -> pygame.Surface:
    """The rendered text (cached: most labels are the same from frame to frame)."""
    return font(size, bold).render(drawable(text), True, colour)


def draw_text(surface: pygame.Surface, text: str, size: int, colour: Colour, *, bold: bool = False,
              **anchor: tuple[int, int] | int) -> pygame.Rect:
    """Render ``text`` and place it by a Rect anchor keyword (``center=...``, ``midleft=...``, ...).

    Returns the rectangle the text covers (empty text covers nothing and is not reported)."""
    text = drawable(text)
    image = render_text(text, size, tuple(colour), bold)
    rect = image.get_rect(**anchor)
    if not text:
        return pygame.Rect(rect.topleft, (0, rect.height))
    surface.blit(image, rect)
    if on_text_drawn is not None:
        offset = surface.get_abs_offset()
        on_text_drawn(text, rect.move(offset), surface.get_clip().move(offset))
    return rect


def text_width(text: str, size: int, bold: bool = False) -> int:
    """Width in pixels of ``text`` at ``size``."""
    return font(size, bold).size(drawable(text))[0]


def largest_fitting(texts: tuple[str, ...], size: int, max_width: int, *, min_size: int = 11,
                    bold: bool = False) -> tuple[str, int]:
    """The first of ``texts`` (longest first) that fits ``max_width`` at ``size``; if none does, the
    last one at the largest size from ``size`` down to ``min_size`` that fits, else cut with "…"."""
    for text in texts:
        if text_width(text, size, bold) <= max_width:
            return text, size
    last = texts[-1]
    for smaller in range(size - 1, min_size - 1, -1):
        if text_width(last, smaller, bold) <= max_width:
            return last, smaller
    return fit_text(last, min_size, max_width, bold), min_size


@lru_cache(maxsize=256)
def fit_text(text: str, size: int, max_width: int, bold: bool = False) -> str:
    """``text``, shortened with an ellipsis if needed to fit ``max_width`` pixels ("" if not even
    the ellipsis fits)."""
    text = drawable(text)
    f = font(size, bold)
    if f.size(text)[0] <= max_width:
        return text
    if f.size("…")[0] > max_width:
        return ""
    lo, hi = 0, len(text)          # the longest prefix that fits with the ellipsis: binary search
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if f.size(text[:mid] + "…")[0] <= max_width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo] + "…"


@lru_cache(maxsize=256)
def wrap(text: str, size: int, max_width: int, bold: bool = False) -> tuple[str, ...]:
    """``text`` broken into lines at spaces so that each fits ``max_width`` (a single word that is
    too long is cut with an ellipsis); cached, as the overlays and notices are drawn every frame."""
    f = font(size, bold)
    lines: list[str] = []
    line = ""
    for word in drawable(text).split():
        candidate = f"{line} {word}" if line else word
        if f.size(candidate)[0] <= max_width:
            line = candidate
            continue
        if line:
            lines.append(line)
        line = word if f.size(word)[0] <= max_width else fit_text(word, size, max_width, bold)
    if line:
        lines.append(line)
    return tuple(lines) or ("",)


def wrap_at_most(text: str, size: int, max_width: int, most: int) -> tuple[str, ...]:
    """:func:`wrap`, in at most ``most`` lines: the last one cut with "…" when the text is longer."""
    lines = wrap(text, size, max_width)
    if len(lines) > most:
        lines = (*lines[:most - 1], fit_text(" ".join(lines[most - 1:]), size, max_width))
    return lines

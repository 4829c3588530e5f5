"""The pseudo-locale: every message of ``game/locale/connect4.pot`` bracketed, accented and made
40 % longer ("Start game" -> "⟦Šţàŕţ ĝàmé····⟧"), placeholders kept intact.

A screen drawn in it shows at a glance what did not go through gettext (no brackets), what was
cut (an opening bracket without its closing one, or "…") and what German or French would push out
of its box (the extra length). :class:`DrawnTexts` records what the window draws in it
(``game.ui.resources.on_text_drawn``) and lists each of those faults.
"""

from __future__ import annotations

import gettext
import io
import itertools
import math
import re
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

POT = Path(__file__).resolve().parents[1] / "game" / "locale" / "connect4.pot"
CODE = "qps"           # the language code of the pseudo-locale (not a real language)
OPEN, CLOSE, PAD = "⟦", "⟧", "·"
PAD_WORD = 10          # padding longer than this is broken into words, as a long text is
#: How much longer a pseudo message is than its English (German and French run about 30 % longer).
LONGER = 0.4
#: Placeholders and escapes that must reach the program unchanged: {name}, {0:d}, %(n)d, %s, %%.
PLACEHOLDER = re.compile(r"\{[^{}]*\}|%(?:\([^)]*\))?[#0 +-]*\d*(?:\.\d+)?[diouxXeEfFgGcrsa%]")
_ACCENTED = str.maketrans("abcdeghijklnorstuwyzACDEGHIJKLNORSTUWYZ",
                          "àƀçđéĝĥîĵķĺñöŕšţûŵýžÀÇĐÉĜĤÎĴĶĹÑÖŔŠŢÛŴÝŽ")


def pseudo(message: str) -> str:
    """``message`` in the pseudo-locale: placeholders intact, every other letter accented, the
    whole bracketed and padded by :data:`LONGER`."""
    parts, last = [], 0
    for match in PLACEHOLDER.finditer(message):
        parts.append(message[last:match.start()].translate(_ACCENTED))
        parts.append(match.group())
        last = match.end()
    parts.append(message[last:].translate(_ACCENTED))
    return OPEN + "".join(parts) + padding(math.ceil(LONGER * len(message))) + CLOSE


def padding(n: int) -> str:
    """``n`` characters of padding, in words as long as a long word (a long message's padding
    wraps as its words would)."""
    words, rest = divmod(n, PAD_WORD)
    text = (PAD * (PAD_WORD - 1) + " ") * words + PAD * rest
    return text[:-1] + PAD if text.endswith(" ") else text


def pseudo_translations(pot: Path = POT) -> gettext.GNUTranslations:
    """The pseudo-locale's catalog, built from the template ``pot``."""
    with pot.open("rb") as file:
        template = read_po(file)
    catalog = Catalog(locale="en", domain="connect4")
    for message in template:
        if not message.id:
            continue
        if isinstance(message.id, (tuple, list)):
            catalog.add(message.id, tuple(pseudo(m) for m in message.id), context=message.context)
        else:
            catalog.add(message.id, pseudo(message.id), context=message.context)
    out = io.BytesIO()
    write_mo(out, catalog)
    out.seek(0)
    return gettext.GNUTranslations(out)


class DrawnTexts:
    """What the window draws while recording: each text with the rectangle it covers and the area
    it may cover, in window coordinates, in drawing order."""

    def __init__(self) -> None:
        self.drawn: list[tuple[str, object, object]] = []

    def __call__(self, text: str, rect: object, box: object) -> None:
        self.drawn.append((text, rect, box))

    def clear(self) -> None:
        self.drawn.clear()

    @property
    def texts(self) -> list[str]:
        return [text for text, _, _ in self.drawn]

    def untranslated(self, allowed: set[str] = frozenset()) -> list[str]:
        """Drawn texts with letters that came through no gettext lookup (no brackets around them).

        The allowed exceptions, which are not words of the game: numbers, column digits and
        other text without letters; the names in ``allowed`` (player names, the level names of
        config.toml, a file's name). A message wrapped over several lines is followed from its
        opening bracket to its closing one."""
        names = sorted(allowed, key=len, reverse=True)
        found, depth = [], 0      # a message may hold others in its placeholders: brackets nest
        for text in self.texts:
            rest = []
            for char in text:
                if char == OPEN:
                    depth += 1
                elif char == CLOSE:
                    depth = max(0, depth - 1)
                elif not depth:
                    rest.append(char)
            outside = "".join(rest)
            for name in names:
                outside = outside.replace(name, "")
            if any(c.isalpha() for c in outside):
                found.append(text)
        return found

    def cut(self) -> list[str]:
        """Texts shortened to fit (ending in "…", or with "…" outside every message: a message's
        own "Connecting…" is not a cut, as its padding follows it), and messages whose end never
        showed: an opening bracket whose closing one never came. Brackets nest (a message holds
        others in its placeholders), and a message wrapped over several lines is followed from one
        text to the next, so a cut message leaves its bracket open to the end."""
        found = []
        opened: list[int] = []      # where each message still open began, in the joined texts
        joined = "\n".join(self.texts)
        start = 0
        for text in self.texts:
            shortened = text.endswith("…")
            for i, char in enumerate(text, start):
                if char == OPEN:
                    opened.append(i)
                elif char == CLOSE and opened:
                    opened.pop()
                elif char == "…" and not opened:
                    shortened = True
            if shortened:
                found.append(text)
            start += len(text) + 1
        found += [joined[begin:] for begin in opened[:1]]
        return found

    def outside(self, window: object) -> list[str]:
        """Texts that reach past the window or past the area they were drawn in."""
        return [f"{text!r} {rect} in {box}" for text, rect, box in self.drawn
                if not window.contains(rect) or not box.contains(rect)]

    def overlapping(self) -> list[str]:
        """Pairs of texts drawn over each other."""
        return [f"{a!r} {ra} over {b!r} {rb}" for (a, ra, _), (b, rb, _) in itertools.combinations(self.drawn, 2)
                if ra.colliderect(rb)]

"""Widgets shared by the scenes: a row of a list (an option to step or a button to press) and the
one text input (names, addresses, chat)."""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from game.domain.names import typed_name
from game.echo import plain_text
from game.ui.render import draw_panel
from game.ui.resources import draw_text, fit_text, largest_fitting, text_width
from game.ui.theme import Theme


#: Keys of a row list. Letters navigate only where nothing is typed (``RowList(letter_keys=True)``).
UP_KEYS, DOWN_KEYS = (pygame.K_UP,), (pygame.K_DOWN, pygame.K_TAB)
LETTER_UP, LETTER_DOWN, LETTER_BACK, LETTER_ON = pygame.K_w, pygame.K_s, pygame.K_a, pygame.K_d
ACTIVATE_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
ARROW_REACH = 24     # pixels either side of an arrow that count as a click on it
SMALLEST = 11        # an option's label or value shrinks to this size before it is cut


@dataclass
class Row:
    """One row of a list: a button (``activate``), an option whose value steps (``change``), or a
    typed value (``typed``: Enter or a click opens a TextInput). A row may both step and act (the
    host's colour and hosting): the arrows step it, Enter and a click elsewhere act."""

    label: str                                     # names the row: the selection follows it
    value: str = ""
    change: Callable[[int], None] | None = None    # step the value by -1/+1 (Left/Right, the arrows)
    activate: Callable[[], None] | None = None     # Enter, Space or a click
    enabled: bool = True                           # greyed out and skipped when it does not apply
    typed: bool = False                            # the value is typed (drawn as label and value)
    caret: int | None = None                       # being typed: where the caret is in value (kept in sight)
    warning: bool = False                          # drawn in the error colour (problems to read)
    rect: pygame.Rect = field(default_factory=pygame.Rect)
    #: The label as drawn, in the language in use (the label itself when empty): the label stays
    #: the same in every language, so the selection stays on its row when the language changes.
    words: str = ""
    #: A shorter value, drawn where ``value`` does not fit ("Hard" for "Hard (depth 8, ~2062 Elo)").
    short: str = ""

    @property
    def shown_label(self) -> str:
        return self.words or self.label

    @property
    def is_button(self) -> bool:
        """Drawn as one centred line (label and value): nothing to step, nothing typed."""
        return self.change is None and not self.typed

    def arrow_x(self) -> int:
        """Where an option row's "<" sits: a click on it steps back, on ">" forwards."""
        return self.rect.centerx + 30


class Pick(enum.Enum):
    """What :meth:`RowList.handle` did with an event."""

    IGNORED = "ignored"        # not the list's event
    MOVED = "moved"            # the selection moved (or stayed at the end of the list)
    CHANGED = "changed"        # the selected row's value stepped (the scene remembers it)
    ACTIVATED = "activated"    # a row's action ran


class RowList:
    """The rows a scene shows as a list, and which one is selected.

    The selection follows its row's label, not its place, so it stays on its row when rows come,
    go or move; when the row is gone, the row at the top is selected. Up/Down (and Tab) move to the
    next enabled row without wrapping; Left/Right step an option; Enter or Space act, or call
    ``enter`` on a row without an action (the menu starts the game). The pointer selects the row
    under it; a click acts, or steps an option (back on its "<" or with the right button). Greyed
    rows are skipped and take no clicks. The scene builds the rows (``Row``) each frame and places
    them (``stack``)."""

    def __init__(self, *, letter_keys: bool = False, enter: Callable[[], None] | None = None) -> None:
        self.selected_label = ""
        self.letter_keys = letter_keys
        self.enter = enter

    def index(self, rows: list[Row]) -> int:
        """The place of the selected row among ``rows`` (0 when it is not there)."""
        return next((i for i, row in enumerate(rows) if row.label == self.selected_label), 0)

    def select(self, rows: list[Row], index: int, step: int = 1) -> None:
        """Select the enabled row at ``index`` (clamped), else the next one towards ``step``, else back."""
        if not rows:
            return
        index = max(0, min(len(rows) - 1, index))
        for candidates in (range(index, len(rows) if step > 0 else -1, step), range(index, -1, -1),
                           range(index, len(rows))):
            for i in candidates:
                if rows[i].enabled:
                    self.selected_label = rows[i].label
                    return
        self.selected_label = rows[0].label

    def handle(self, event: pygame.event.Event, rows: list[Row]) -> Pick:
        if not rows:
            return Pick.IGNORED
        if event.type == pygame.KEYDOWN:
            return self._key(event.key, rows)
        if event.type == pygame.MOUSEMOTION:
            row = self.row_at(rows, event.pos)
            if row is None:
                return Pick.IGNORED
            self.selected_label = row.label
            return Pick.MOVED
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            row = self.row_at(rows, event.pos)
            if row is None:
                return Pick.IGNORED
            self.selected_label = row.label
            return self._click(row, event.pos[0], event.button)
        return Pick.IGNORED

    def _key(self, key: int, rows: list[Row]) -> Pick:
        index, letters = self.index(rows), self.letter_keys
        row = rows[index]
        if key in UP_KEYS or letters and key == LETTER_UP:
            self.select(rows, index - 1, -1)
        elif key in DOWN_KEYS or letters and key == LETTER_DOWN:
            self.select(rows, index + 1, 1)
        elif key in (pygame.K_LEFT, pygame.K_RIGHT) or letters and key in (LETTER_BACK, LETTER_ON):
            if row.change is None or not row.enabled:
                return Pick.IGNORED
            row.change(-1 if key in (pygame.K_LEFT, LETTER_BACK) else 1)
            return Pick.CHANGED
        elif key in ACTIVATE_KEYS:
            action = row.activate if row.enabled and row.activate is not None else self.enter
            if action is None:
                return Pick.IGNORED
            action()
            return Pick.ACTIVATED
        else:
            return Pick.IGNORED
        return Pick.MOVED

    @staticmethod
    def _click(row: Row, x: int, button: int) -> Pick:
        on_back = abs(x - row.arrow_x()) <= ARROW_REACH
        on_arrow = on_back or abs(x - (row.rect.right - 12)) <= ARROW_REACH
        if row.change is not None and (row.activate is None or on_arrow):
            row.change(-1 if button == 3 or on_back else 1)
            return Pick.CHANGED
        if row.activate is None:
            return Pick.IGNORED
        row.activate()
        return Pick.ACTIVATED

    @staticmethod
    def row_at(rows: list[Row], pos: tuple[int, int]) -> Row | None:
        """The enabled row under ``pos`` (a greyed-out row takes no clicks)."""
        return next((row for row in rows if row.enabled and row.rect.collidepoint(pos)), None)

    @staticmethod
    def stack(rows: list[Row], top: int, row_h: int, width: int, *, gap: int = 3, first: int = 0) -> None:
        """Place ``rows`` one under the other from ``top``, ``row_h`` apart (``gap`` of it between
        them), centred in a window ``width`` wide, at most 720 wide; ``first`` rows left empty above."""
        row_w = min(width - 40, 720)
        for i, row in enumerate(rows, start=first):
            row.rect = pygame.Rect((width - row_w) // 2, top + i * row_h, row_w, row_h - gap)

    def draw(self, surface: pygame.Surface, rows: list[Row], theme: Theme, size: int) -> None:
        selected = self.index(rows)
        for i, row in enumerate(rows):
            draw_row(surface, row, theme, size, i == selected)


def draw_row(surface: pygame.Surface, row: Row, theme: Theme, size: int, selected: bool) -> None:
    """A button as one centred bold line ("label — value"); an option as its label on the left,
    its value on the right between "<" and ">" (a typed value without them); greyed when disabled."""
    rect = row.rect
    if selected:
        draw_panel(surface, rect, theme, border=theme.accent)
    if row.is_button:
        colour = theme.accent if selected else theme.error if row.warning else theme.text
        text = row.shown_label + (f" — {row.value}" if row.value else "")
        text, size = largest_fitting((text,), size, rect.width - 16, min_size=SMALLEST, bold=True)
        draw_text(surface, text, size, colour, bold=True, center=rect.center)
        return
    greyed = tuple((a + b) // 2 for a, b in zip(theme.dim_text, theme.background))
    label_colour = theme.dim_text if row.enabled else greyed
    value_colour = theme.text if row.enabled else greyed
    label, label_size = largest_fitting((row.shown_label,), size, rect.width // 2 - 40, min_size=SMALLEST)
    draw_text(surface, label, label_size, label_colour, midleft=(rect.left + 16, rect.centery))
    x = row.arrow_x()
    if row.change:
        arrow = theme.accent if row.enabled else greyed
        draw_text(surface, "<", size, arrow, midright=(x - 4, rect.centery))
        draw_text(surface, ">", size, arrow, midright=(rect.right - 12, rect.centery))
    room = rect.width // 2 - 60
    if row.typed or row.caret is not None:      # a typed name keeps its size: its start or its end shows
        value = fit_text(row.value, size, room) if row.caret is None else fit_around(row.value, row.caret, size, room)
        value_size = size
    else:
        value, value_size = largest_fitting((row.value, row.short) if row.short else (row.value,), size, room,
                                            min_size=SMALLEST)
    draw_text(surface, value, value_size, value_colour, midleft=(x + 10, rect.centery))


def fit_around(text: str, at: int, size: int, max_width: int) -> str:
    """``text`` cut to ``max_width`` with the character at ``at`` (the caret) in sight: its end
    after "…" (where typing usually is), else from just before ``at`` with "…" on either side."""
    shown = fit_end(text, size, max_width)
    if shown == text or len(text) - len(shown) + 1 <= at:
        return shown
    start = max(0, at - 2)
    lead = "…" if start else ""
    return lead + fit_text(text[start:], size, max_width - text_width(lead, size))


def fit_end(text: str, size: int, max_width: int) -> str:
    """``text``, or its end after "…" when it is too wide: the end of a typed value is where the
    caret usually is, and the part being typed stays in sight."""
    if text_width(text, size) <= max_width:
        return text
    lo, hi = 0, len(text)          # the shortest cut that fits with the ellipsis: binary search
    while lo < hi:
        mid = (lo + hi) // 2
        if text_width("…" + text[mid:], size) <= max_width:
            hi = mid
        else:
            lo = mid + 1
    return "…" + text[lo:] if lo < len(text) else ""


class Edit(enum.Enum):
    """What :meth:`TextInput.handle` did with an event."""

    IGNORED = "ignored"        # not the field's: the scene may act on it
    CHANGED = "changed"        # taken: the text or the caret may have moved
    DONE = "done"              # Enter (or one of the field's done keys): the text is kept, the field closed
    CANCELLED = "cancelled"    # Esc: the text is what it was when the field opened, the field closed


#: What a field lets in: (the text before the caret, text arriving, already made safe) -> the
#: characters to insert. The field cuts the result to its length.
Accept = Callable[[str, str], str]


def name_chars(before: str, text: str) -> str:
    """A player's name: the characters a name allows, no leading space, one space between words."""
    return typed_name(before, text, len(before) + len(text))[len(before):]


def address_chars(before: str, text: str) -> str:
    """An address as ``host[:port]``: any printable character (the address rule says what is wrong
    with a bad one when it is used)."""
    return text


def chat_chars(before: str, text: str) -> str:
    """A chat line: any printable character and single spaces."""
    return text[1:] if before.endswith(" ") and text.startswith(" ") else text


def safe_typed(text: str, limit: int) -> str:
    """``text`` as typed or pasted, made safe with ``plain_text`` (control sequences removed whole,
    other control and format characters gone, a line break or tab a space), keeping a space at
    either end: a word typed key by key keeps the space that follows it."""
    core = plain_text(text, limit)
    if not core:
        return " " if any(ch.isspace() for ch in text[:limit]) else ""
    return (" " if text[:1].isspace() else "") + core + (" " if text[-1:].isspace() else "")


#: Keys a field takes while open, besides text: they edit or move the caret.
EDITING_KEYS = (pygame.K_BACKSPACE, pygame.K_DELETE, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME, pygame.K_END)
DONE_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)


class TextInput:
    """One line of typed text: a name, an address, a chat line.

    Open it with :meth:`open`, pass it the scene's events while :attr:`active` and read
    :attr:`value` when :meth:`handle` says ``Edit.DONE``::

        field = TextInput(name_chars, MAX_PLAYER_NAME_CHARS)
        field.open(current_name)
        ...
        if field.active and field.handle(event) is Edit.DONE:
            keep(field.value)

    * TEXTINPUT events insert at the caret, made safe by :func:`safe_typed`, then cut to what
      ``accept`` lets in and to ``max_chars`` (the text is never longer than that).
    * Backspace and Delete remove a character; Left, Right, Home and End move the caret.
    * Enter (and any key in ``done_keys``) closes the field keeping the text: ``Edit.DONE``.
      Esc closes it with the text it opened with: ``Edit.CANCELLED``.
    * ``open(..., echo="t")``: the key that opened the field (T opens a chat line) also arrives as
      text on most systems. A TEXTINPUT of that text before any other key is its echo, dropped once;
      a key pressed after the opening one (its own KEYDOWN comes first) is typed as usual.
    * While the scene's ``wants_text`` is true, the window turns SDL's text input on (IME and
      on-screen keyboard), and off otherwise (``sync_text_input``): a scene using a field returns
      ``field.active`` there. Other keys give ``Edit.IGNORED``; every key is the field's while it
      is open, so the scene should not act on them.
    """

    def __init__(self, accept: Accept, max_chars: int, done_keys: tuple[int, ...] = ()) -> None:
        self.accept = accept
        self.max_chars = max_chars
        self.done_keys = DONE_KEYS + done_keys
        self.value = ""
        self.caret = 0
        self.active = False
        self._opened_with = ""
        self._echo = ""

    def open(self, value: str = "", *, echo: str = "") -> None:
        """Start typing into ``value`` (cut to ``max_chars``), the caret at its end. ``echo``: the
        text of the key that opened the field, dropped if it arrives as the first text."""
        self.value = self._opened_with = value[: self.max_chars]
        self.caret = len(self.value)
        self.active, self._echo = True, echo.casefold()

    def close(self) -> str:
        """Stop typing, keeping the text (a click elsewhere); the text."""
        self.active, self._echo = False, ""
        return self.value

    def shown(self, caret: str = "|") -> str:
        """The text with ``caret`` where the next character goes (the text alone when closed)."""
        return self.value[: self.caret] + caret + self.value[self.caret:] if self.active else self.value

    def insert(self, text: str) -> None:
        """Type ``text`` at the caret, as a TEXTINPUT would."""
        before = self.value[: self.caret]
        room = self.max_chars - len(self.value)
        # made safe with room to spare for what ``accept`` drops, yet bounded for a huge paste
        added = self.accept(before, safe_typed(text, 4 * self.max_chars + 64))[: max(0, room)]
        self.value = before + added + self.value[self.caret:]
        self.caret += len(added)

    def handle(self, event: pygame.event.Event) -> Edit:
        """Take a TEXTINPUT or KEYDOWN while open (see the class); any other event is IGNORED."""
        if not self.active:
            return Edit.IGNORED
        if event.type == pygame.TEXTINPUT:
            echo, self._echo = self._echo, ""
            if not (echo and event.text.casefold() == echo):
                self.insert(event.text)
            return Edit.CHANGED
        if event.type != pygame.KEYDOWN:
            return Edit.IGNORED
        self._echo = ""              # a key after the opening one: its text is typed
        if event.key == pygame.K_ESCAPE:
            self.value, self.caret = self._opened_with, len(self._opened_with)
            self.close()
            return Edit.CANCELLED
        if event.key in self.done_keys:
            self.close()
            return Edit.DONE
        if event.key not in EDITING_KEYS:
            return Edit.IGNORED
        self._edit(event.key)
        return Edit.CHANGED

    def _edit(self, key: int) -> None:
        value, caret = self.value, self.caret
        if key == pygame.K_BACKSPACE and caret > 0:
            self.value, self.caret = value[: caret - 1] + value[caret:], caret - 1
        elif key == pygame.K_DELETE:
            self.value = value[:caret] + value[caret + 1:]
        else:
            self.caret = {pygame.K_LEFT: max(0, caret - 1), pygame.K_RIGHT: min(len(value), caret + 1),
                          pygame.K_HOME: 0, pygame.K_END: len(value)}.get(key, caret)


def sync_text_input(wanted: bool, on: bool | None) -> bool:
    """Turn SDL's text input (TEXTINPUT events, the IME, an on-screen keyboard) on or off to match
    ``wanted``, when it is not already (``on``: its state as last set, None when unknown); the new
    state. Off while nothing is typed, so an input method never swallows a game's keys."""
    if wanted != on:
        (pygame.key.start_text_input if wanted else pygame.key.stop_text_input)()
    return wanted

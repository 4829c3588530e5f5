"""Widgets shared by the scenes: a row of a list (an option to step or a button to press) and the
one text input (names, addresses, chat)."""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from game.domain.names import MAX_PLAYER_NAME_CHARS, typed_name
from game.echo import plain_text


@dataclass
class Row:
    label: str
    value: str = ""
    change: Callable[[int], None] | None = None    # option rows: step the value by -1/+1
    activate: Callable[[], None] | None = None     # button rows (and the name rows: Enter types)
    enabled: bool = True                           # greyed out and skipped when it does not apply
    rect: pygame.Rect = field(default_factory=pygame.Rect)


#: Keys that end typing a name (and keep it); a click anywhere ends it too.
NAME_DONE_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE, pygame.K_TAB, pygame.K_UP, pygame.K_DOWN)


def typing_name(name: str, event: pygame.event.Event, limit: int = MAX_PLAYER_NAME_CHARS) -> tuple[str, bool]:
    """(``name`` after ``event``, whether the typing ends): typed letters go in (see typed_name),
    Backspace takes the last one out, NAME_DONE_KEYS or a click end it."""
    if event.type == pygame.TEXTINPUT:
        return typed_name(name, event.text, limit), False
    if event.type == pygame.KEYDOWN and event.key == pygame.K_BACKSPACE:
        return name[:-1], False
    return name, event.type == pygame.KEYDOWN and event.key in NAME_DONE_KEYS or event.type == pygame.MOUSEBUTTONDOWN


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
        added = self.accept(before, safe_typed(text, self.max_chars))[: max(0, room)]
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

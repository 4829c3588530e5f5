"""The network game's chat: the latest line either player said, shown for a while, and the line
this side's player types (T opens it, Enter sends, Esc cancels) in the shared text input."""

from __future__ import annotations

import pygame

from game.i18n import _
from game.ui.widgets import Edit, TextInput, chat_chars

CHAT_SECONDS = 12.0


class Chat:
    def __init__(self) -> None:
        from game.net.protocol import MAX_CHAT_CHARS  # here: the window opens without the protocol

        self.shown: tuple[str, float] | None = None    # (line shown, seconds left)
        self.field = TextInput(chat_chars, MAX_CHAT_CHARS)

    @property
    def typing(self) -> bool:
        return self.field.active

    def heard(self, line: str) -> None:
        self.shown = (line, CHAT_SECONDS)

    def tick(self, dt: float) -> None:
        if self.shown is not None:
            self.shown = (self.shown[0], self.shown[1] - dt) if self.shown[1] > dt else None

    def open(self) -> None:
        self.field.open(echo="t")       # the T that opened the line arrives as text too

    def type(self, event: pygame.event.Event) -> str | None:
        """A key or text while the line is open; the line to send once Enter ends it."""
        if self.field.handle(event) is not Edit.DONE:
            return None
        text = self.field.value.strip()
        if text:
            self.heard(_("You: {line}").format(line=text))
        return text or None

    def status(self) -> str | None:
        if not self.typing:
            return None
        # TRANSLATORS: the chat line being typed; {line} is the text so far, with its caret.
        return _("Say: {line} · Enter sends · Esc cancels").format(line=self.field.shown("_"))

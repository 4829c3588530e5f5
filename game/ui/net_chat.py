"""The network game's chat: the latest line either player said, shown for a while, and the line
this side's player types (T opens it, Enter sends, Esc cancels). Typing lives here alone."""

from __future__ import annotations

import pygame

from game.net.protocol import MAX_CHAT_CHARS

CHAT_SECONDS = 12.0


class Chat:
    def __init__(self) -> None:
        self.shown: tuple[str, float] | None = None    # (line shown, seconds left)
        self.typing: str | None = None                 # the line being typed
        self._swallow = ""          # the text of the key that opened the line, dropped once

    def heard(self, line: str) -> None:
        self.shown = (line, CHAT_SECONDS)

    def tick(self, dt: float) -> None:
        if self.shown is not None:
            self.shown = (self.shown[0], self.shown[1] - dt) if self.shown[1] > dt else None
        self._swallow = ""          # only a TEXTINPUT of the same frame as the T key is its echo

    def open(self, key_text: str = "t") -> None:
        self.typing, self._swallow = "", key_text

    def type(self, event: pygame.event.Event) -> str | None:
        """A key or text while the line is open; the line to send once Enter ends it."""
        if event.type == pygame.TEXTINPUT:
            swallow, self._swallow = self._swallow, ""
            if not (swallow and event.text.casefold() == swallow):     # the T that opened the line
                text = "".join(ch for ch in event.text if ch.isprintable())
                self.typing = ((self.typing or "") + text)[:MAX_CHAT_CHARS]
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            text, self.typing = (self.typing or "").strip(), None
            if text:
                self.heard(f"You: {text}")
                return text
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.typing = None
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_BACKSPACE:
            self.typing = (self.typing or "")[:-1]
        return None

    def status(self) -> str | None:
        return None if self.typing is None else f"Say: {self.typing}_ · Enter sends · Esc cancels"

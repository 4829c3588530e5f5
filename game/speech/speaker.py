"""The speaker: messages said in order by a thread of its own, so a slow or stuck screen reader
never holds the window.

:meth:`Speaker.say` returns at once. The thread opens the backend (a speech service may take a
while to answer) and hands it each message; every message interrupts the one before it, so the
player hears the newest. A backend that cannot be opened leaves :attr:`Speaker.reason`, the one
sentence the window shows to say why nothing is spoken.
"""

from __future__ import annotations

import collections
import threading
from collections.abc import Callable

from game.echo import plain_text
from game.i18n import _

from .outputs import Backend, NoSpeech

__all__ = ["MAX_MESSAGE_CHARS", "MAX_WAITING", "Speaker"]

#: A message longer than this is cut (a lesson's page is the longest the game says).
MAX_MESSAGE_CHARS = 1000
#: Messages waiting for a backend that does not answer: the oldest are dropped past this.
MAX_WAITING = 64


class Speaker:
    """Says messages through the backend ``opener`` returns, on a daemon thread started here."""

    def __init__(self, opener: Callable[[], Backend]) -> None:
        self.reason: str | None = None       # why nothing is spoken, once the backend failed to open
        self.last = ""                         # the newest message (the caption shows it)
        self._opener = opener
        self._waiting: collections.deque[str] = collections.deque(maxlen=MAX_WAITING)
        self._wake = threading.Condition()
        self._busy = False
        self._closing = False
        self._thread = threading.Thread(target=self._run, name="speech", daemon=True)
        self._thread.start()

    def say(self, text: str) -> None:
        """Queue ``text`` (made one plain line, at most MAX_MESSAGE_CHARS); never blocks."""
        line = plain_text(text, MAX_MESSAGE_CHARS)
        if not line:
            return
        self.last = line
        with self._wake:
            if self.reason is None and not self._closing:
                self._waiting.append(line)
                self._wake.notify()

    def flush(self, timeout: float) -> bool:
        """Wait up to ``timeout`` seconds until every queued message was handed on; whether it was."""
        with self._wake:
            return self._wake.wait_for(lambda: not (self._waiting or self._busy) or self.reason is not None,
                                       timeout)

    def close(self, timeout: float = 0.5) -> None:
        """Hand on what is queued (within ``timeout``), then stop the thread and the backend."""
        self.flush(timeout)
        with self._wake:
            self._closing = True
            self._waiting.clear()
            self._wake.notify_all()
        self._thread.join(timeout)

    def _run(self) -> None:
        try:
            backend = self._opener()
        except Exception as e:   # NoSpeech says why; anything else from a speech library is said too
            with self._wake:
                self.reason = str(e) if isinstance(e, NoSpeech) else _("Speech is off: {error}.").format(error=plain_text(str(e), 200))
                self._waiting.clear()
                self._wake.notify_all()
            return
        try:
            while True:
                with self._wake:
                    self._busy = False
                    self._wake.notify_all()
                    self._wake.wait_for(lambda: self._waiting or self._closing)
                    if self._closing:
                        return
                    line = self._waiting.popleft()
                    self._busy = True
                try:
                    backend.speak(line)
                except OSError:
                    pass     # a full disc or a log file gone: that line is lost, the game goes on
        finally:
            backend.close()

"""Where spoken messages go: the player's screen reader (through ``prismatoid``) or a log file.

A backend is opened once and then only speaks; :func:`open_backend` never raises for a missing
library, a missing speech service or an unusable log file: it raises :class:`NoSpeech`, whose
text is the one sentence the window shows to say why nothing is spoken.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path
from typing import Protocol

from game.echo import shown_path
from game.i18n import _

__all__ = ["LOG_PREFIX", "Backend", "LogBackend", "NoSpeech", "PrismBackend", "open_backend"]

#: ``[accessibility] speech = "log:PATH"`` (the config's own check keeps the same prefix).
LOG_PREFIX = "log:"


class NoSpeech(Exception):
    """Nothing can be spoken; ``str()`` says why, as a whole sentence for the window."""


class Backend(Protocol):
    name: str

    def speak(self, text: str) -> None:
        """Say ``text`` now, stopping whatever this backend is still saying."""

    def close(self) -> None:
        """Let go of the screen reader or the file (safe to call twice)."""


class LogBackend:
    """Each message appended to a file as one line of UTF-8 text (a test or a Braille display reads it).

    The file is only ever appended to, so a path named by mistake loses nothing. It must be a
    regular file or not exist yet: a folder, a device or a named pipe is refused when opened
    (``O_NONBLOCK``: a pipe nobody reads never holds the game)."""

    name = "log"

    def __init__(self, path: Path) -> None:
        self.path = path
        flags = os.O_WRONLY | os.O_CREAT | os.O_APPEND | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
        try:
            fd = os.open(path, flags, 0o644)
        except OSError as e:
            reason = _("it is a named pipe") if e.errno == errno.ENXIO else (e.strerror or str(e))
            raise NoSpeech(_("Speech log {path} cannot be written: {reason}.").format(
                path=shown_path(path), reason=reason)) from None
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            os.close(fd)
            raise NoSpeech(_("Speech log {path} is not a regular file.").format(path=shown_path(path)))
        os.set_blocking(fd, True)
        self._file = os.fdopen(fd, "a", encoding="utf-8", errors="replace")

    def speak(self, text: str) -> None:
        self._file.write(text + "\n")
        self._file.flush()

    def close(self) -> None:
        self._file.close()


class PrismBackend:
    """The best speech output ``prismatoid`` finds: the running screen reader (NVDA, JAWS, VoiceOver,
    Orca) or the system's voice (SAPI, AVSpeech, Speech Dispatcher). Rate and voice stay the
    screen reader's: the game sets neither."""

    def __init__(self) -> None:
        try:
            import prism  # here: an optional dependency, ``pip install "connect4-desktop[speech]"``
        except ImportError:
            raise NoSpeech(_('Speech is off: the prismatoid library is not installed '
                             '(pip install "connect4-desktop[speech]" adds it).')) from None
        except OSError as e:   # its shared library cannot be loaded on this system
            raise NoSpeech(_("Speech is off: the prismatoid library cannot be loaded ({error}).").format(
                error=e)) from None
        try:
            self._context = prism.Context()
            self._backend = self._context.create_best()
        except (ValueError, RuntimeError, prism.PrismError) as e:
            raise NoSpeech(_("Speech is off: no screen reader or speech service was found ({error}).").format(
                error=e)) from None
        self.name = self._backend.name
        self._error = prism.PrismError

    def speak(self, text: str) -> None:
        try:
            self._backend.speak(text, interrupt=True)
        except self._error:
            pass    # the service went away mid-game: a message is lost, the game goes on

    def close(self) -> None:
        try:
            self._backend.stop()
        except (self._error, AttributeError):
            pass


def open_backend(choice: bool | str) -> Backend:
    """The backend ``[accessibility] speech`` asks for: ``"log:PATH"`` a log file, anything else
    the screen reader. Raises :class:`NoSpeech` saying why when it cannot be had."""
    if isinstance(choice, str) and choice.startswith(LOG_PREFIX):
        return LogBackend(Path(choice[len(LOG_PREFIX):]).expanduser())
    return PrismBackend()

"""How every command-line tool ends when it cannot end normally: one tail for all of them.

A tool's ``main`` is wrapped by :func:`tool_entry`, which guarantees, whatever the tool does:

* Ctrl+C (SIGINT) prints ``<prog>: interrupted`` and exits with :data:`INTERRUPTED_STATUS` (130,
  as a shell reports a program killed by SIGINT);
* SIGTERM unwinds the tool like an interruption (so ``finally`` blocks stop its worker
  processes: nothing outlives the tool), prints ``<prog>: terminated`` and exits with
  :data:`TERMINATED_STATUS` (143);
* a reader that went away (``| head``) ends the run quietly with :data:`SIGPIPE_STATUS` (141),
  as a filter killed by SIGPIPE;
* any other operating-system error (a full disk, a file that cannot be read) is one line on
  stderr, ``<prog>: <what failed>: <reason>``, and status 1, never a traceback.
"""

from __future__ import annotations

import functools
import os
import signal
import sys
import threading
from collections.abc import Callable
from types import FrameType
from typing import TextIO

from game.echo import shown_path
from game.i18n import N_, _

__all__ = ["INTERRUPTED_STATUS", "SIGPIPE_STATUS", "TERMINATED_STATUS", "Terminated", "say", "silence_stdout",
           "tool_entry"]

INTERRUPTED_STATUS = 128 + signal.SIGINT
SIGPIPE_STATUS = 141  # 128 + SIGPIPE (a constant: Windows has no SIGPIPE)
TERMINATED_STATUS = 128 + signal.SIGTERM

Main = Callable[..., int]
_UNSET = object()  # SIGTERM's handler was left alone (a tool run from a thread cannot set one)


class Terminated(BaseException):
    """SIGTERM arrived. A BaseException, as KeyboardInterrupt is, so no ``except Exception``
    of the tool swallows it on the way out."""


def say(err: TextIO | None, text: str) -> None:
    """One line on ``err`` (stderr); a stderr that is closed or broken is not a reason to stop."""
    try:
        print(text, file=err, flush=True)
    except (OSError, ValueError, AttributeError):
        pass


def silence_stdout() -> None:
    """Point stdout at the null device, so the interpreter's last flush of the lines still
    buffered cannot fail a second time (and print a traceback) on the way out."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass


def _terminate(signum: int, frame: FrameType | None) -> None:
    raise Terminated


def _os_error_line(prog: str, failed: str, exc: OSError) -> str:
    reason = (exc.strerror or str(exc)).lower()
    if exc.filename is None:
        # TRANSLATORS: {failed} is what stopped ("cannot write the results"), {reason} the system's reason.
        text = _("{failed}: {reason}")
    else:
        # TRANSLATORS: {failed} is what stopped ("cannot write the results"), {file} the file it was
        # about, {reason} the system's reason.
        text = _("{failed} {file}: {reason}")
    where = "" if exc.filename is None else shown_path(exc.filename)
    return f"{prog}: " + text.format(failed=_(failed), file=where, reason=reason)


def tool_entry(prog: str, failed: str = N_("cannot go on")) -> Callable[[Main], Main]:
    """Decorate a tool's ``main`` with the shared tail (see the module's docstring).

    ``prog`` starts every line the tail writes; ``failed`` says what an operating-system error
    stopped ("cannot write the results"), in English marked with ``N_`` (it is translated when
    said). The decorated ``main`` returns the exit status.
    """
    def wrap(main: Main) -> Main:
        @functools.wraps(main)
        def entry(*args, **kwargs) -> int:
            in_main_thread = threading.current_thread() is threading.main_thread()
            previous = signal.signal(signal.SIGTERM, _terminate) if in_main_thread else _UNSET
            try:
                return main(*args, **kwargs)
            except KeyboardInterrupt:
                say(sys.stderr, f"\n{prog}: " + _("interrupted"))
                return INTERRUPTED_STATUS
            except Terminated:
                say(sys.stderr, f"\n{prog}: " + _("terminated"))
                return TERMINATED_STATUS
            except BrokenPipeError:
                silence_stdout()
                return SIGPIPE_STATUS
            except OSError as exc:
                if _stdout_broken():
                    silence_stdout()
                say(sys.stderr, _os_error_line(prog, failed, exc))
                return 1
            finally:
                if previous is not _UNSET:  # None: a handler set outside Python, restored as the default
                    signal.signal(signal.SIGTERM, signal.SIG_DFL if previous is None else previous)
        return entry
    return wrap


def _stdout_broken() -> bool:
    """Whether flushing stdout fails now (then it is silenced before the last line is said)."""
    try:
        if sys.stdout is not None:
            sys.stdout.flush()
        return False
    except (OSError, ValueError):
        return True

"""Program entry: ``connect4`` (gui-script) and ``python -m game``.

Parses the command line, loads the settings (bad keys become notices shown in the window),
finds an autosaved game to offer for resuming, and hands over to ``game.ui.run`` (which also ends
the program when the system asks, with SIGTERM). Whatever
goes wrong ends with a clear one-line message, never a traceback on the user's screen:
an unexpected error writes its details to ``crash.log`` in the user data folder.
"""

from __future__ import annotations

import logging
import os
import sys
import traceback
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path

from . import __version__
from .store import files
from .cli import PROG, check_config, parse_args, resolve_network, resolve_players
from .echo import tolerant_output
from .i18n import _
from .engine.book import book_status
from game.config.load import load_settings
from game.domain.saved import SavedGame
from game.i18n import _
from game.store.autosave import Autosaves
from game.store.cleanup import clean_stale_files
from game.store.book_memo import remember_book_digests
from game.store.folders import report_bad_home, user_data_dir

log = logging.getLogger("game")

CRASH_LOG = "crash.log"
MAX_CRASH_LOG = 1024 * 1024


def say(message: str) -> None:
    """Print to stderr when there is one (a Windows gui-script has none)."""
    if sys.stderr is not None:
        print(f"{PROG}: {message}", file=sys.stderr)


def resumable_autosave(autosaves: Autosaves, notices: list[str] | None = None) -> SavedGame | None:
    """The autosaved game if it is worth offering: it has moves and is not finished. What is
    wrong with an autosave (corrupt, unreadable) is logged and added to ``notices``."""

    def report(message: str) -> None:
        log.warning("%s", message)
        if notices is not None:
            notices.append(message)

    game = autosaves.read(report)
    if game is None or not game.moves or game.over:
        return None
    return game


def autosave_sentence(autosaves: Autosaves) -> str:
    """What the crash message may truthfully say about the game in progress."""
    status = autosaves.last
    if status is None:
        return _("no game in progress was autosaved in this run")
    if status.error is not None:
        return _("the game in progress could not be autosaved ({reason})").format(reason=status.error)
    moves = len(status.moves or "")
    return _("the game in progress was autosaved after move {number} in {path}").format(number=moves, path=status.path)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the program; returns the exit status (0 ok, 1 failure, 2 bad arguments or config)."""
    tolerant_output()
    if sys.stderr is not None:
        logging.basicConfig(level=logging.WARNING, format=f"{PROG}: %(message)s")
    try:
        parser, args = parse_args(argv)
    except SystemExit as e:  # --help, --version, argparse errors (already printed)
        return _exit_code(e)

    if report_bad_home(PROG):
        return 2
    if args.check_config is not None:
        return check_config(args.check_config, config=args.config)
    if args.install_desktop_entry or args.uninstall_desktop_entry:
        return _desktop_entry(install=args.install_desktop_entry)

    settings, problems = load_settings(args.config)
    for problem in problems:
        log.warning("%s", problem)
    for path in clean_stale_files():
        log.info("removed %s, left behind by an interrupted write", path)
    try:
        red, yellow = resolve_players(parser, args, settings)
        host_port, join = resolve_network(parser, args, settings)
    except SystemExit as e:
        return _exit_code(e)

    try:
        from . import ui  # here: --version and --check-config run without loading pygame
        run = ui.run
    except ImportError as e:
        if e.name == "pygame":
            say(_("the window needs pygame-ce: pip install pygame-ce"))
        else:
            say(_("the game window is not available in this installation ({reason})").format(reason=e))
        return 1
    except AttributeError:
        say(_("the game window is not available in this installation ({reason})").format(
            reason="game.ui has no run()"))
        return 1

    notices: list[str] = []
    remember_book_digests()
    book = book_status()  # the engine logs the reason once; the window shows it once
    if not book.available:
        notices.append(_("Opening book: {reason}").format(reason=book.reason))
    autosaves = Autosaves(user_data_dir())  # this run's autosave slot, held until the end
    try:
        resume = resumable_autosave(autosaves, notices)  # a game started at once keeps it for later (game.ui.run)
        result = run(
            settings,
            autosaves=autosaves,
            red=red,
            yellow=yellow,
            notices=notices,
            problems=problems,
            resume=resume,
            config_path=Path(args.config) if args.config else None,
            host_port=host_port,
            join=join,
            position=args.position.strip() if args.position is not None else None,
        )
    except KeyboardInterrupt:
        return 130
    except Exception as e:  # the last line of defence: a message and a log, no traceback
        where = _write_crash_log(e)
        say(_("the game stopped because of an internal error: {error}").format(error=f"{type(e).__name__}: {e}"))
        sentence = autosave_sentence(autosaves)
        say(_("details are in {path}; {autosave}").format(path=where, autosave=sentence) if where is not None
            else sentence)
        return 1
    finally:
        autosaves.close()
    return result if isinstance(result, int) else 0


def _exit_code(e: SystemExit) -> int:
    code = e.code
    if code is None:
        return 0
    return code if isinstance(code, int) else 2


def _desktop_entry(*, install: bool) -> int:
    from . import desktop  # here: only --install-desktop needs it

    try:
        if install:
            path = desktop.install()
            print(_("installed {path}").format(path=path))
        else:
            removed = desktop.uninstall()
            print(_("removed {path}").format(path=removed) if removed
                  else _("no desktop entry to remove at {path}").format(path=desktop.entry_path()))
    except desktop.DesktopEntryError as e:
        say(str(e))
        return 1
    return 0


def _write_crash_log(error: BaseException) -> Path | None:
    """Append the details to crash.log through the file layer: a named pipe or a device there is
    refused at once (the crash handler never hangs), and a log beyond MAX_CRASH_LOG is set aside
    as crash.log.old[.N] first, so it never grows without bound and nothing is overwritten."""
    path = user_data_dir() / CRASH_LOG
    text = (f"--- {datetime.now().isoformat(timespec='seconds')} {PROG} {__version__} "
            f"Python {sys.version.split()[0]} {sys.platform}\n" + "".join(traceback.format_exception(error)))
    try:
        with files.FileLock(path, timeout=2.0):
            if os.path.isfile(path) and os.path.getsize(path) > MAX_CRASH_LOG:
                files.set_aside(path, ".old")
            files.append_line(path, text.encode("utf-8", "backslashreplace").rstrip(b"\n") + b"\n")
    except OSError:
        return None
    return path


if __name__ == "__main__":
    sys.exit(main())

"""What ``connect4 --version`` says: the program, its version, and whether its searches run compiled.

Light to import: ``python -m game --version`` alone is answered from here before the game is
loaded (``game.__main__``); the command line's parser (:mod:`game.cli`) says the same words.
"""

from __future__ import annotations

from game import __version__
from game.i18n import _

__all__ = ["PROG", "version_text"]

PROG = "connect4"


def version_text() -> str:
    """The program, its version, whether the exact solver and the depth search run compiled (the
    fast ones), and where ``[ai] worker = "auto"`` makes the computer think."""
    # here: the compiled searches are loaded only to ask them, not with this module
    from game.engine import alphabeta, negamax
    from game.service.backends import auto_backend

    def path(compiled: bool) -> str:
        return _("compiled") if compiled else _("plain Python, not compiled at install")

    # TRANSLATORS: "auto" is the config's word for the setting; {backend} is "thread" or "process".
    return _("{program} {version} (exact solver: {solver}; depth search: {search}; worker \"auto\": {backend})").format(
        program=PROG, version=__version__, solver=path(negamax.COMPILED), search=path(alphabeta.COMPILED),
        backend=auto_backend())

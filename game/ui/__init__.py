"""The pygame-ce user interface: menu, game and spectator scenes, rendering, animations and sound.

Only this package imports pygame. ``run`` is what ``game.app.main`` calls after parsing the command line.
"""

from __future__ import annotations

import logging
import os
import sys
import traceback
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.settings import PlayerSpec, Settings
    from game.storage import SavedGame

__all__ = ["run"]

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")   # no banner on stdout when pygame is imported

log = logging.getLogger(__name__)
MAX_DT = 0.1   # seconds; a longer stall (window dragged, machine busy) is not replayed as one big jump


def run(settings: Settings, *, red: PlayerSpec | str | None = None, yellow: PlayerSpec | str | None = None,
        notices: Iterable[object] = (), resume: SavedGame | None = None,
        config_path: str | Path | None = None) -> int:
    """Open the window and play until the player quits; returns the process exit code.

    ``red``/``yellow`` (specs or spec strings) skip the menu; ``notices`` (e.g. config problems) are
    shown in the window; ``resume`` is an autosaved game the menu offers to continue; an explicit
    ``config_path`` makes the config's theme and sound win over the remembered preferences."""
    import pygame

    from game.settings import parse_player_spec
    from game.ui.controller import Controller, set_window_identity

    try:
        players = [parse_player_spec(p, settings) if isinstance(p, str) else p for p in (red, yellow)]
    except ValueError as exc:
        print(f"connect4: {exc}", file=sys.stderr)
        return 2
    try:
        pygame.display.init()
        pygame.font.init()
        set_window_identity()
        controller = Controller(settings, notices=notices,
                                config_path=Path(config_path) if config_path is not None else None)
    except pygame.error as exc:
        print(f"connect4: cannot open the window: {exc}", file=sys.stderr)
        pygame.quit()
        return 1
    try:
        controller.start(players[0], players[1], resume)
        clock = pygame.time.Clock()
        controller.frame(0.0)
        pygame.display.flip()
        while controller.running:
            dt = clock.tick(settings.fps) / 1000.0
            controller.frame(min(dt, MAX_DT))
            pygame.display.flip()
        return 0
    except Exception as exc:  # noqa: BLE001 - the player gets a message and a log file, not a traceback
        return _report_crash(exc)
    finally:
        controller.shutdown()
        pygame.quit()


def _report_crash(exc: BaseException) -> int:
    from game.storage import user_data_dir

    text = "".join(traceback.format_exception(exc))
    where = "the log"
    try:
        path = user_data_dir() / "crash.log"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        where = str(path)
    except OSError:
        log.error("%s", text)
    print(f"connect4: the game stopped because of an internal error ({exc!r}); details in {where}. "
          "Your game in progress was autosaved and will be offered when you start again.", file=sys.stderr)
    return 1

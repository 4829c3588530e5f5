"""The pygame-ce user interface: the shell at this level, and one room per scene below it.

The shell is what every scene shares: the controller and its frame loop (``controller``), the
scene contract and the handovers between scenes (``scene``), widgets, drawing (``render``,
``resources``, ``theme``, ``layout``, ``anim``), sound, overlays, notices and the save list. Each
scene lives in a folder of its own: ``game`` (a game on one board, with its seats), ``netplay``
(the lobby and the network's seats), ``review``, ``practice``, ``learn`` and ``menu``. A scene's
folder imports the shell and the floors below the UI, never another scene's folder; the one
exception is the network's seats, which implement the game room's seat contract
(``game.seats``: ``Seats``, ``Sitting``, ``Peer`` and the replies) and steer its commands
(``game.game_input.Command``). The game room imports nothing of the network.

Only this package imports pygame. ``run`` is what ``game.app.main`` calls after parsing the command line.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.config.values import Settings
    from game.domain.players import PlayerSpec
    from game.domain.saved import SavedGame
    from game.store.autosave import Autosaves
    from game.ui.signals import Termination

__all__ = ["run"]

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")   # no banner on stdout when pygame is imported
# Everything is drawn in software onto the window surface; letting SDL present it through a GPU
# renderer only adds the start of a GL context (most of a second on a software display) before
# the first frame and after every change of window mode. Players can still override it in the environment.
os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")

HEADLESS_DRIVERS = ("offscreen", "dummy")
MAX_DT = 0.1   # seconds; a longer stall (window dragged, machine busy) is not replayed as one big jump


def run(settings: Settings, *, red: PlayerSpec | str | None = None, yellow: PlayerSpec | str | None = None,
        notices: Iterable[object] = (), resume: SavedGame | None = None,
        config_path: str | Path | None = None, host_port: int | None = None, join: str | None = None,
        problems: Iterable[object] = (), position: str | None = None, autosaves: Autosaves | None = None) -> int:
    """Open the window and play until the player quits; returns the process exit code.

    ``red``/``yellow`` (specs or spec strings) skip the menu; ``notices`` are shown in the window;
    ``problems`` (the settings file's) are listed in the menu; ``resume`` is an autosaved game the
    menu offers to continue; an explicit ``config_path`` makes the config's theme and sound win
    over the remembered preferences (not where its value is broken); ``host_port``/``join`` open
    the window hosting a network game on that port, or joining the one at that ``address[:port]``;
    ``position`` (a legal move string) opens as a game with the analysis row. A game started at
    once (players or a position) keeps ``resume`` for a later start instead, after counting it as a
    loss if it was a rated game far enough on. SIGTERM or SIGHUP ends the program without a
    question (``game.ui.signals``); the exit code is then 128 + the signal's number. ``autosaves``
    is this run's autosave, the one ``resume`` was read from (without it, the window takes one of
    the data folder for as long as it is open)."""
    # Here, not at the top: importing game.ui (e.g. for the type names above) loads no pygame.
    from game.domain.players import parse_player_spec
    from game.store.autosave import Autosaves
    from game.store.folders import user_data_dir
    from game.ui.signals import Termination

    try:
        players = [parse_player_spec(p, settings) if isinstance(p, str) else p for p in (red, yellow)]
    except ValueError as exc:
        print(f"connect4: {exc}", file=sys.stderr)
        return 2
    own = Autosaves(user_data_dir()) if autosaves is None else None
    try:
        with Termination() as ending:      # before SDL starts: it then leaves SIGTERM to us
            return _run_window(settings, players, ending, autosaves=autosaves or own, notices=notices,
                               problems=problems, resume=resume, config_path=config_path, host_port=host_port,
                               join=join, position=position)
    finally:
        if own is not None:
            own.close()


def _run_window(settings: Settings, players: list[PlayerSpec | None], ending: Termination, *,
                autosaves: Autosaves, notices: Iterable[object], problems: Iterable[object],
                resume: SavedGame | None, config_path: str | Path | None, host_port: int | None,
                join: str | None, position: str | None) -> int:
    """Open the window, run the loop until the player quits or the system asks the program to end
    (``ending``), and close everything down; returns the exit code."""
    # Here, as in run: importing game.ui loads no pygame.
    import pygame

    from game.ui.controller import Controller, set_window_identity

    try:
        pygame.display.init()
        driver = pygame.display.get_driver()
        if driver in HEADLESS_DRIVERS and os.environ.get("SDL_VIDEODRIVER") != driver:
            # SDL falls back to an invisible window when there is no display: say so instead.
            raise pygame.error("no display found (on Linux: is DISPLAY or WAYLAND_DISPLAY set?); "
                               "SDL_VIDEODRIVER=dummy runs the game without a window on purpose")
        pygame.font.init()
        set_window_identity()
        controller = Controller(settings, autosaves=autosaves, notices=notices, problems=problems,
                                config_path=Path(config_path) if config_path is not None else None)
    except pygame.error as exc:
        print(f"connect4: cannot open the window: {exc}", file=sys.stderr)
        pygame.quit()
        return 1
    try:
        network = None
        if host_port is not None or join is not None:
            from game.ui.netplay.net_lobby import LobbyStart  # here: the lobby loads for a network start only

            network = LobbyStart(host_port, join)
        controller.start(players[0], players[1], resume, network=network, position=position)
        clock = pygame.time.Clock()
        controller.frame(0.0)
        pygame.display.flip()
        while controller.running and ending.signal is None:
            dt = clock.tick(settings.fps) / 1000.0
            controller.frame(min(dt, MAX_DT))
            pygame.display.flip()
        if ending.signal is not None:
            controller.terminate()
        return ending.exit_status
    finally:  # an unexpected error propagates to game.app.main, which logs it and tells the player
        pygame.display.quit()      # the window goes first, so quitting looks instant ...
        controller.shutdown()      # ... while the AI worker is stopped (bounded, even mid-search)
        pygame.quit()


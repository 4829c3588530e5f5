"""The scene contract and the state every scene shares (owned by the controller)."""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game.store.prefs import save_prefs
from game.ui.layout import Layout, compute_layout
from game.ui.notices import Notices
from game.ui.render import BoardRenderer
from game.ui.sound import SoundPlayer
from game.ui.theme import Theme, get_theme

if TYPE_CHECKING:
    from game.config.values import Settings
    from game.worker import AIWorker


@dataclass
class Context:
    """What all scenes share: settings, preferences, sound, notices, the one AI worker, the layout."""

    settings: Settings
    prefs: dict[str, Any]
    sound: SoundPlayer
    theme_name: str
    layout: Layout
    worker_factory: Callable[[], AIWorker]
    notices: Notices = field(default_factory=Notices)
    config_problems: list[str] = field(default_factory=list)   # every problem of the settings file
    config_source: Path | None = None                          # the settings file they are in
    renderer: BoardRenderer = field(default_factory=BoardRenderer)
    _worker: AIWorker | None = None
    _epoch: int = 0

    @property
    def theme(self) -> Theme:
        return get_theme(self.theme_name)

    @property
    def worker(self) -> AIWorker:
        """The AI worker, started on first use (the menu never needs it)."""
        if self._worker is None:
            self._worker = self.worker_factory()
        return self._worker

    @property
    def has_worker(self) -> bool:
        return self._worker is not None

    def new_epoch(self) -> int:
        """A fresh tag base for a new GameModel.

        AI requests carry ``epoch + model.generation``; a new model restarts its generation at 0,
        so without the epoch a late answer for an old game could match the new one."""
        self._epoch += 1 << 32
        return self._epoch

    def resize(self, size: tuple[int, int]) -> None:
        self.layout = compute_layout(size)

    def remember(self, **prefs: Any) -> None:
        """Store preferences (menu choices, theme, muted, volume) for the next run.

        ``save_prefs`` logs a folder it cannot write instead of raising: a lost preference never
        interrupts the game."""
        self.prefs.update(prefs)
        save_prefs(self.prefs)


class SceneName(enum.StrEnum):
    """The scenes the controller knows by name; QUIT closes the window instead of showing a scene."""

    MENU = "menu"
    GAME = "game"
    REVIEW = "review"
    NETWORK = "network"              # hosting or joining a game over the network
    NETWORK_GAME = "network game"
    QUIT = "quit"


@dataclass(frozen=True, slots=True)
class Transition:
    """Where a scene wants to go next, and what it hands over (the next scene's ``enter`` data)."""

    scene: SceneName
    data: object = None


class Scene:
    """Base scene: enter(data) / handle(event) / update(dt) / draw(surface); set ``self.next`` to leave."""

    notices_at_top = True     # where the controller stacks notices over this scene

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.next: Transition | None = None

    @property
    def wants_text(self) -> bool:
        """True while the player types into the scene: letter keys are text, not commands."""
        return False

    def enter(self, data: object) -> None:
        self.next = None

    def leave(self) -> None:
        """Called before another scene takes over (and on quit)."""

    def shutdown(self) -> None:
        """Called on every scene when the window closes, after the current scene's ``leave``: a
        scene that keeps something open while another is shown (a network game under its review)
        closes it here."""

    def handle(self, event: pygame.event.Event) -> None:
        raise NotImplementedError

    def update(self, dt: float) -> None:
        raise NotImplementedError

    def draw(self, surface: pygame.Surface) -> None:
        raise NotImplementedError


def is_ctrl(event: pygame.event.Event) -> bool:
    """Whether Ctrl (or Cmd on macOS) was held for a key event."""
    return bool(getattr(event, "mod", 0) & (pygame.KMOD_CTRL | pygame.KMOD_META))

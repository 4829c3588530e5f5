"""The scene contract, the state every scene shares (owned by the controller), and every value
one scene hands the next (``Transition.data``): a scene knows the next one only by its name."""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

import pygame

from game.domain.players import HUMAN, PlayerSpec
from game.domain.saved import SavedGame
from game.model import GameModel
from game.echo import escape_control
from game.i18n import _
from game.speech import Heard
from game.store.prefs import Prefs, save_prefs
from game.ui.layout import Layout, compute_layout
from game.ui.notices import Notices
from game.ui.render import BoardRenderer
from game.ui.sound import SoundPlayer
from game.ui.theme import Theme, get_theme
from game.ui.voice import Voice

if TYPE_CHECKING:
    from game.service.client import EngineService
    from game.session.core import Session
    from game.config.values import Settings


@dataclass
class Context:
    """What all scenes share: settings, preferences, sound, notices, the engine service, the session
    (what outlives a scene: the rating, the autosave, the record, the unfinished game on offer), the layout."""

    settings: Settings
    prefs: Prefs
    sound: SoundPlayer
    theme_name: str
    layout: Layout
    engine: EngineService
    session: Session
    notices: Notices = field(default_factory=Notices)
    config_problems: list[str] = field(default_factory=list)   # every problem of the settings file
    config_source: Path | None = None                          # the settings file they are in
    renderer: BoardRenderer = field(default_factory=BoardRenderer)
    voice: Voice = field(default_factory=Voice.off)      # speech: on or off, and what it follows

    @property
    def theme(self) -> Theme:
        return get_theme(self.theme_name)

    def resize(self, size: tuple[int, int]) -> None:
        self.layout = compute_layout(size)

    def remember(self, **prefs: Any) -> None:
        """Store preferences (menu choices, theme, muted, volume) for the next run.

        A value ``Prefs`` refuses raises ValueError before anything is kept; ``save_prefs`` logs a
        folder it cannot write instead of raising: a lost preference never interrupts the game."""
        self.prefs = dataclasses.replace(self.prefs, **prefs)
        save_prefs(self.prefs)


class SceneName(enum.StrEnum):
    """The scenes the controller knows by name; QUIT closes the window instead of showing a scene."""

    MENU = "menu"
    GAME = "game"
    REVIEW = "review"
    NETWORK = "network"              # hosting or joining a game over the network
    PRACTICE = "practice"            # drills due and puzzles
    LEARN = "learn"                  # the course: lessons and their positions
    QUIT = "quit"


@dataclass(frozen=True, slots=True)
class Transition:
    """Where a scene wants to go next, and what it hands over (the next scene's ``enter`` data)."""

    scene: SceneName
    data: object = None


@dataclass(frozen=True, slots=True)
class GameStart:
    """What the game scene starts from; two people at one screen also bring their names (red's
    first) and whether they take turns to start. ``seats``: who plays, made for the scene's model,
    when the players alone do not say it (a network game's, from its lobby); None: the players'."""

    red: PlayerSpec
    yellow: PlayerSpec
    moves: tuple[int, ...] = ()      # 0-based columns
    names: tuple[str, str] = ("", "")
    alternate: bool = False
    continued: bool = False  # carried on from elsewhere (a review, a save): casual even from the empty board
    analysis: bool = False  # open with the analysis row on (a position opened to look at it)
    seats: Callable[[GameModel], Any] | None = None     # a ``seats.Seats`` for the scene's model


@dataclass(frozen=True, slots=True)
class MenuData:
    resume: SavedGame | None = None
    analysis: bool = False  # the analysis row was on in ``resume``: resuming turns it back on


@dataclass(frozen=True, slots=True)
class NetworkSide:
    """This computer's side of a network game: its colour (1 red, 2 yellow), the other player's
    name as shown, and who resigned (None: the board says how the game ended, or it goes on)."""

    colour: int
    opponent: str
    resigned: int | None = None

    def __post_init__(self) -> None:
        if self.colour not in (1, 2) or self.resigned not in (None, 1, 2):
            raise ValueError(f"not a side of a network game: colour {self.colour!r}, resigned {self.resigned!r}")

    @classmethod
    def of(cls, saved: SavedGame) -> NetworkSide | None:
        """The side a saved network game was played from; None for a game played on this computer."""
        seat = saved.seat
        return None if seat is None else cls(seat.colour, escape_control(seat.opponent), seat.resigned)

    def names(self) -> tuple[str, str]:
        """Who played each colour, red's first: "You" and the opponent."""
        return (_("You"), self.opponent) if self.colour == 1 else (self.opponent, _("You"))


@dataclass(frozen=True, slots=True)
class ReviewStart:
    """What the review scene opens: a game's moves and players, or (``moves`` None) a saved game to pick.

    ``back`` is where Esc returns: "game" shows the reviewed game again as it was left (two
    players' names and score, a match's score, a network game still connected), "menu" the menu.
    ``names`` are two people's names by colour, red's first; the title shows them and a game played
    on from the review keeps them. ``network`` is this
    computer's side of a network game (from the game itself or from its save): the sides are
    "You" and the opponent, only this side's slips become drills, and nobody plays on from it."""

    moves: str | None
    red: PlayerSpec | None = None
    yellow: PlayerSpec | None = None
    back: Literal["game", "menu"] = "menu"
    names: tuple[str, str] | None = None
    network: NetworkSide | None = None

    def players(self) -> tuple[str, str] | None:
        """Who played each colour by name, red's first (None: the players' usual words)."""
        if self.network is not None:
            return self.network.names()
        return self.names


def open_network_game(saved: SavedGame) -> Transition:
    """Where a network game's save opens: unfinished, back in the network (its host hosts it again,
    its guest joins the same host again, for the other player to go on with it); over, in the
    review (a resigned game is over). Never as a game of two people at this one computer."""
    if saved.over:
        return Transition(SceneName.REVIEW, ReviewStart(saved.moves, HUMAN, HUMAN, network=NetworkSide.of(saved)))
    return Transition(SceneName.NETWORK, saved)



class Scene:
    """Base scene: enter(data) / handle(event) / update(dt) / draw(surface); set ``self.next`` to
    leave (the controller takes it with ``take_next``)."""

    notices_at_top = True     # where the controller stacks notices over this scene
    notices_beside_board = False   # ... or in the free room left of the layout's board (notices.beside_board)

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.next: Transition | None = None

    @property
    def wants_text(self) -> bool:
        """True while the player types into the scene: letter keys are text, not commands."""
        return False

    def notice_room(self) -> pygame.Rect | None:
        """Where this scene's last frame left room for notices, read by nothing (None: none;
        the notices then stack as ``notices_at_top`` says)."""
        return None

    def enter(self, data: object) -> None:
        self.next = None

    def heard(self) -> Heard:
        """What a player listening hears of this frame: the board as facts and the lines of text
        to say when they change (see :mod:`game.speech.listen`); by default nothing."""
        return Heard()

    def take_next(self) -> Transition | None:
        """Where the scene asked to go, handed over once: the request is used up."""
        transition, self.next = self.next, None
        return transition

    def leave(self) -> None:
        """Called before another scene takes over (and on quit)."""

    def shutdown(self) -> None:
        """Called on every scene when the window closes, after the current scene's ``leave``: a
        scene that keeps something open while another is shown (a network game under its review)
        closes it here."""

    def handle(self, event: pygame.event.Event) -> None:
        raise NotImplementedError

    def update(self, dt: float) -> None:
        """Advance what moves by itself (animations, answers arriving) by ``dt`` seconds; a scene
        with nothing of the kind keeps this default."""

    def draw(self, surface: pygame.Surface) -> None:
        raise NotImplementedError


def is_ctrl(event: pygame.event.Event) -> bool:
    """Whether Ctrl (or Cmd on macOS) was held for a key event."""
    return bool(getattr(event, "mod", 0) & (pygame.KMOD_CTRL | pygame.KMOD_META))

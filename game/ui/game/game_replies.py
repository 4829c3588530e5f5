"""What the game scene's parts answer: values the scene alone applies (:data:`Effect`).

The parts (its input, coach, files and the computer's side, and its seats) never keep the scene
and never write its fields. Each takes values and returns what should happen: words to show, a
refused key, a question, an overlay to open, another scene to go to, the row to switch, a game to
load. ``GameScene.apply`` is the one place that changes the scene for them. A ``Casual`` member
(``game.domain.rated``) is an effect too: the game turns casual for that reason."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeAlias

from game.domain.players import PlayerSpec
from game.domain.rated import Casual
from game.session.autosaver import has_person
from game.ui.game.seats import News, Reply, Sitting
from game.ui.scene import MenuData, ReviewStart, SceneName, Transition

if TYPE_CHECKING:
    from game.model import GameModel
    from game.ui.overlays import Confirm, HelpOverlay
    from game.ui.savelist import SaveList

__all__ = ["AnalysisRow", "Ask", "Effect", "Effects", "Go", "Loaded", "NewGame", "Notice", "Reject", "Show", "Want", "menu",
           "review"]


@dataclass(frozen=True, slots=True)
class Reject:
    """A refused key: said as a warning with the refusal sound; ``col`` (0-based) shakes, if given."""

    text: str
    col: int | None = None


@dataclass(frozen=True, slots=True)
class Notice:
    """A line for the notices over the window (an error that outlives the status line)."""

    text: str
    kind: str = "error"


@dataclass(frozen=True, slots=True)
class Show:
    """Open ``overlay`` over the board; None closes the one open."""

    overlay: SaveList | HelpOverlay | Confirm | None


@dataclass(frozen=True, slots=True)
class Go:
    """Leave for another scene; ``leaving``: the scene the seats are told the game is left for
    (a network game stays open under its review), None for any other departure."""

    transition: Transition
    leaving: SceneName | None = None


@dataclass(frozen=True, slots=True)
class Want:
    """The player asked the engine something for this position: the hint, or why ``why`` (0-based)."""

    hint: bool = False
    why: int | None = None


@dataclass(frozen=True, slots=True)
class AnalysisRow:
    """The analysis row switched on or off."""

    on: bool


@dataclass(frozen=True, slots=True)
class Loaded:
    """A saved game, its moves checked legal, to replace the one on the board."""

    moves: tuple[int, ...]
    red: PlayerSpec
    yellow: PlayerSpec


@dataclass(frozen=True, slots=True)
class NewGame:
    """A new game with the same seats (a match's next opening, the same players)."""


@dataclass(frozen=True, slots=True)
class Ask:
    """Apply ``then`` now if no unfinished game would be lost, else once the player says yes
    (leaving a rated game that far on counts as a loss: the question says so)."""

    question: str
    detail: str
    then: Effect


def review(model: GameModel, sitting: Sitting) -> Go:
    """The finished game in the review, which returns here (names and scores as they were)."""
    return Go(Transition(SceneName.REVIEW, ReviewStart(model.moves_string(), model.red, model.yellow, back="game",
                                                       names=sitting.review_names, network=sitting.review_side)),
              leaving=SceneName.REVIEW)


def menu(model: GameModel, sitting: Sitting, analysis_on: bool) -> Go:
    """Back to the menu, which offers an unfinished game back (the autosave keeps it too)."""
    # Only a game a person plays is offered back: two computers' game is not autosaved, and
    # offering it would push the player's own unfinished game off the menu.
    unfinished = bool(model.moves) and not sitting.over and has_person(model)
    return Go(Transition(SceneName.MENU, MenuData(model.saved_game() if unfinished else None,
                                                  analysis=unfinished and analysis_on)), leaving=SceneName.MENU)


#: Everything a part of the game scene (or its seats) may ask of the scene.
Effect: TypeAlias = "Reply | News | Reject | Notice | Show | Go | Want | AnalysisRow | Loaded | NewGame | Ask | Casual"
Effects: TypeAlias = "tuple[Effect, ...]"

"""The game scene's help with the position: H's hint, W's "why this column?", A's analysis row.
Each is the player's own turn's, counts against a rated game (it turns casual), and is refused with
the seats' words where they do not allow it."""

from __future__ import annotations

from typing import Protocol

from game.domain.rated import Casual
from game.model import GameModel
from game.ui.game_thinking import Thinking
from game.ui.seats import Allow


class CoachHost(Protocol):
    """The game scene as its coach sees it."""

    model: GameModel
    thinking: Thinking
    cursor: int
    analysis_on: bool

    def human_can_move(self) -> bool: ...
    def hint_text(self) -> str | None: ...
    def refused(self, what: Allow) -> bool: ...
    def say(self, text: str, *, warning: bool = False) -> None: ...
    def reject(self, col: int | None, message: str) -> None: ...
    def casual(self, reason: Casual) -> None: ...
    def autosave(self) -> None: ...


class Coach:
    def __init__(self, scene: CoachHost) -> None:
        self.scene = scene

    def request_hint(self) -> None:
        scene = self.scene
        if scene.refused(Allow.HINT):
            return
        if not scene.human_can_move():
            scene.reject(None, "A hint is for your own turn")
            return
        scene.thinking.hint_wanted = True
        scene.casual(Casual.HINT)
        if scene.thinking.analysis is None:
            scene.say("Looking for the best move…")
        else:
            self.announce_hint()

    def ask_why(self) -> None:
        """W: why the cursor's column is what it is, in words the worker checks (it counts as a hint)."""
        scene = self.scene
        if scene.refused(Allow.HINT):
            return
        if not scene.human_can_move():
            scene.reject(None, "Why? is for your own turn: it explains the column under the cursor")
            return
        col = scene.cursor
        if not scene.model.position.can_play(col):
            scene.reject(col, f"Column {col + 1} is full")
            return
        scene.thinking.why_wanted = col
        scene.casual(Casual.HINT)
        if scene.thinking.why_text() is None:
            scene.say(f"Why column {col + 1}? Working it out…")

    def announce_hint(self) -> None:
        text = self.scene.hint_text()
        if text:
            self.scene.say(f"Hint: {text}")

    def toggle_analysis(self) -> None:
        scene = self.scene
        if scene.refused(Allow.ANALYSIS):
            return
        scene.analysis_on = not scene.analysis_on
        scene.say("Analysis row on" if scene.analysis_on else "Analysis row off")
        if scene.analysis_on:
            scene.casual(Casual.ANALYSIS)
        scene.autosave()     # the game comes back from the autosave with the row as it was left

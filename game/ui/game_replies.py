"""What the game scene's seats say and agree: a reply to a command (words, a refusal, a question)
and, for a game shared with another computer, the news between two frames (the game as both
sides agreed it, a question withdrawn, a game ended by resignation). The scene shows them; it
never applies a rule: an agreed game is set through the model's own checks."""

from __future__ import annotations

from typing import Protocol

from game.model import GameModel
from game.ui.anim import DropAnimation
from game.ui.game_text import Flash
from game.ui.overlays import Confirm
from game.ui.scene import Context
from game.ui.seats import Finished, Follow, News, Refusal, Reply, Say, Withdraw


class ReplyHost(Protocol):
    """The game scene as the seats' replies see it."""

    ctx: Context
    model: GameModel
    anims: list[DropAnimation]
    flash: Flash | None
    overlay: object

    def say(self, text: str, *, warning: bool = False) -> None: ...
    def reject(self, col: int | None, message: str) -> None: ...
    def drop(self, col: int) -> bool: ...
    def changed(self) -> None: ...


class Replies:
    def __init__(self, scene: ReplyHost) -> None:
        self.scene = scene

    def take(self, reply: Reply | News) -> None:
        """Show what the seats said, put their question, or follow the shared game as agreed."""
        scene = self.scene
        if isinstance(reply, str) and reply:
            scene.say(reply)
        elif isinstance(reply, Refusal) and reply.warning:
            scene.reject(None, reply.text)
        elif isinstance(reply, Refusal):
            scene.say(reply.text)
        elif isinstance(reply, Say) and reply.seconds is not None:
            scene.flash = Flash(reply.text, warning=reply.warning, seconds=reply.seconds)
        elif isinstance(reply, Say):
            scene.say(reply.text, warning=reply.warning)
        elif isinstance(reply, Confirm):
            scene.overlay = reply
        elif isinstance(reply, Withdraw) and scene.overlay is reply.question:
            scene.overlay = None
        elif isinstance(reply, Finished):
            scene.ctx.session.autosaver.cleared()
        elif isinstance(reply, Follow):
            self.follow(reply)

    def follow(self, agreed: Follow) -> None:
        """Show the shared game as agreed: one new move drops in, anything else is set at once."""
        scene = self.scene
        moves = scene.model.moves
        if agreed.moves == moves:
            return
        if agreed.animate is not None and agreed.moves == (*moves, agreed.animate):
            scene.drop(agreed.animate)
            return
        scene.model.load_moves(agreed.moves)
        scene.anims.clear()
        scene.changed()

"""The engine's side of the game scene, once a frame: the answers that arrived (a hint is
announced when it lands on the player's turn), the request the position wants now (the client
sends it only when that changes), and the computer's chosen move, played once the seats' pause
is over, through the same checked drop as a click."""

from __future__ import annotations

from typing import Protocol

from game.model import GameModel
from game.service.client import EngineClient
from game.ui.game_coach import Coach
from game.ui.game_thinking import Thinking
from game.ui.anim import DropAnimation
from game.ui.scene import Context
from game.ui.seats import Seats


class ComputerHost(Protocol):
    """The game scene as its engine side sees it."""

    ctx: Context
    model: GameModel
    engine: EngineClient
    thinking: Thinking
    coach: Coach
    seats: Seats
    anims: list[DropAnimation]
    analysis_on: bool
    since_move: float
    time: float

    @property
    def tag(self) -> int: ...
    def human_can_move(self) -> bool: ...
    def drop(self, col: int) -> bool: ...


class ComputerMoves:
    def __init__(self, scene: ComputerHost) -> None:
        self.scene = scene

    def update(self) -> None:
        scene = self.scene
        for update in scene.engine.poll(scene.tag):
            if scene.thinking.accept(update) and scene.human_can_move():
                scene.coach.announce_hint()
        self._play_chosen_move()
        tag, model, analysis_on, thinking = scene.tag, scene.model, scene.analysis_on, scene.thinking
        scene.engine.sync(thinking.wanted(model, analysis_on), tag,
                          lambda kind: thinking.request(kind, tag, model, analysis_on, scene.ctx.theme.names),
                          scene.time)

    def _play_chosen_move(self) -> None:
        scene = self.scene
        pending = scene.thinking.pending
        if pending is None or scene.anims or not scene.seats.reply_due(scene.since_move):
            return
        move = pending.move
        scene.thinking.pending = None
        if not scene.drop(move):
            scene.engine.failed(f"the engine chose an illegal move (column {move + 1})")

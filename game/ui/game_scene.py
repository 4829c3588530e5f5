"""The game scene: the board, a human's moves, the computer's replies, hint, analysis, undo/redo,
save/load, matches between two computers and games against a player on another computer. It
never applies a game rule itself: GameModel does (and, in a network game, the match the link runs).

The scene delegates: keys to ``game_input``; the engine to an ``EngineClient`` and the computer's
moves to ``game_computer``; hint, why? and the analysis row to ``game_coach``; files and the
clipboard to ``game_files``; the autosave, the record and the rating to the session
(``game.session``); the words and the rows around the board to ``game_text`` (handed a
``GameView``); who plays, what that allows and the seats' own commands to ``seats`` (a network
game's to ``net_game``), whose replies and news ``game_replies`` shows. ``_game_over`` is the one
place where the end of a game is handled; once it is over, R opens its review."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Protocol

import pygame

from game.engine.board import ColumnFullError, MoveError, format_moves
from game.engine.review import ReviewProgress
from game.model import GameModel
from game.domain.rated import Casual
from game.echo import shown
from game.service.client import EngineClient
from game.session.autosaver import has_person
from game.session.core import Departure
from game.session.rating import RatingGuard
from game.domain.players import HUMAN
from game.ui import clipboard, game_text
from game.ui.anim import DropAnimation, Shake
from game.ui.game_coach import Coach
from game.ui.game_computer import ComputerMoves
from game.ui.game_files import GameFiles
from game.ui.game_input import Command, handle_input
from game.ui.game_replies import Replies
from game.ui.game_text import Flash, GameView
from game.ui.game_thinking import Thinking
from game.ui.layout import COLS, ROWS
from game.ui.net_game import NetStart, Networked
from game.ui.overlays import Confirm, HelpOverlay
from game.ui.savelist import SaveList
from game.ui.scene import Context, GameStart, MenuData, ReviewStart, Scene, SceneName, Transition
from game.ui.seats import AgainstComputer, Allow, Seats, seats_for
from game.ui.spectator import DELAY_STEP

__all__ = ["DELAY_STEP", "GameScene"]

CASUAL_NOTICE_SECONDS = 6.0  # "casual game: not rated" stays a while: the header keeps saying "casual"


class Overlay(Protocol):
    def handle(self, event: pygame.event.Event) -> object: ...
    def draw(self, surface: pygame.Surface, theme: object) -> None: ...


class GameScene(Scene):
    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.model = GameModel(HUMAN, HUMAN)
        self.epoch = ctx.engine.new_epoch()
        self.engine = EngineClient(ctx.engine, self._engine_failed)
        self.thinking = Thinking(self.engine, ctx.settings)
        self.seats: Seats = AgainstComputer()      # who plays, what that allows, its words
        self.cursor = COLS // 2
        self.time = 0.0
        self.anims: list[DropAnimation] = []
        self.shake: Shake | None = None
        self.flash: Flash | None = None
        self.overlay: Overlay | None = None
        self.analysis_on = False
        self.rating = ctx.session.rating  # rated or casual, and leaving a rated game
        self.going_to: SceneName | None = None    # left by a key for the menu or the review (None: otherwise)
        self.files = GameFiles(self)      # save, load, copy and paste
        self.coach = Coach(self)          # hint, why?, the analysis row
        self.replies = Replies(self)      # what the seats say and, for a shared game, agree
        self.computer = ComputerMoves(self)     # the engine's answers, the computer's moves
        self._reset_position_state()

    def _reset_position_state(self) -> None:
        """Forget everything computed for the previous position (hint, analysis, pending move...)."""
        self.thinking.forget()
        self.since_move = 0.0
        self.over_handled = False

    # -- state -----------------------------------------------------------------------------

    @property
    def tag(self) -> int:
        return self.epoch + self.model.generation

    @property
    def humans(self) -> int:
        return sum(not self.model.player(n).is_ai for n in (1, 2))

    @property
    def savelist(self) -> SaveList | None:
        return self.overlay if isinstance(self.overlay, SaveList) else None

    @property
    def move_delay(self) -> float:
        spectator = self.seats.spectator
        return spectator.delay if spectator is not None else self.ctx.settings.spectator_delay

    @property
    def wants_text(self) -> bool:
        """While the seats' text line is open every key is typed (M does not mute, F11 does not
        switch to fullscreen)."""
        return self.overlay is None and self.seats.wants_text

    def human_can_move(self) -> bool:
        return self.overlay is None and self.seats.may_move(self.model)

    def has_unfinished_game(self) -> bool:
        """A game a player built that one key would throw away: moves made, not over, a human in it."""
        return bool(self.model.moves) and not self.model.is_over and self.humans > 0

    @property
    def hint(self) -> int | None:
        """The hinted column, shown on the player's own turn once asked for and known."""
        return self.thinking.hint() if self.human_can_move() else None

    def hint_text(self) -> str | None:
        return self.thinking.hint_text(len(self.model.moves)) if self.human_can_move() else None

    def changed(self) -> None:
        """The model changed (move, undo, redo, new game, load); the seats hear of it first (a
        network game's seat goes into its saves)."""
        self._reset_position_state()
        self.seats.changed(self.model)
        self.ctx.session.changed(self.model, rated=self.rating.game.rated, analysis=self.analysis_on)

    def say(self, text: str, *, warning: bool = False) -> None:
        self.flash = Flash(text, warning=warning)

    def casual(self, reason: Casual) -> None:
        """The game turns casual (an undo, a hint, the analysis row): said once, when it happens."""
        notice = self.rating.make_casual(reason)
        if notice:
            self.ctx.notices.add(notice, seconds=CASUAL_NOTICE_SECONDS)
            self.autosave()     # a kill from now on must not bring the game back rated

    def autosave(self) -> None:
        """Write the game on the board to the autosave as it stands, rated or casual."""
        self.ctx.session.autosaver.changed(self.model, rated=self.rating.game.rated, analysis=self.analysis_on)

    def ask(self, question: str, detail: str, on_yes: Callable[[], None]) -> None:
        """Do ``on_yes`` now if no unfinished game would be lost, else after the player confirms.

        Leaving a rated game that far on counts as a loss: the question says so."""
        session = self.ctx.session
        leaving = session.leaving(Departure.REPLACE, self.model, humans=self.humans)
        if leaving is None:
            on_yes()
            return

        def leave() -> None:
            session.leave(leaving)
            on_yes()

        self.overlay = Confirm(question, f"{leaving.detail} {detail}".strip(), leave)

    def end_keys(self) -> dict[int, tuple[str, Callable[[], None]]]:
        """Keys that work once a game is over: key -> (label for the status line, action)."""
        return {pygame.K_r: ("R review", self.review_game)}

    def review_game(self) -> None:
        """The finished game in the review, which returns here (names and scores as they were)."""
        model, names = self.model, self.seats.review_names(self.model)
        self.next = Transition(SceneName.REVIEW, ReviewStart(model.moves_string(), model.red, model.yellow,
                                                             back=self.seats.home, names=names,
                                                             network=self.seats.review_side()))
        self.going_to = SceneName.REVIEW

    def _tally(self) -> str | None:
        """This sitting's results against the computer, for the row above the board (None: not shown)."""
        results = self.ctx.session.results
        return results.tally_text() if results.played and self.seats.against_computer else None

    # -- scene contract --------------------------------------------------------------------

    def enter(self, data: object) -> None:
        """Start what ``data`` (a GameStart) says; without data, show the game again as it was left
        (back from its review: the same game, names, scores and analysis row)."""
        super().enter(data)
        if data is None:
            return
        network = data if isinstance(data, NetStart) else None
        start = (GameStart(HUMAN, HUMAN, network.connected.moves) if network is not None
                 else data if isinstance(data, GameStart) else GameStart(HUMAN, HUMAN))
        self.model = GameModel(start.red, start.yellow, settings=self.ctx.settings)
        self.epoch = self.ctx.engine.new_epoch()
        self.anims.clear()
        self.shake = None
        self.overlay = None
        self.engine.request = None
        self.seats = (Networked(network, self.model, self.ctx.theme.names) if network is not None else
                      seats_for(self.model, names=start.names, alternate=start.alternate,
                                colours=self.ctx.theme.names, delay=self.ctx.settings.spectator_delay))
        # two people at two computers: never rated, never left as a loss
        self.rating = RatingGuard(self.ctx.settings) if network is not None else self.ctx.session.rating
        moves = start.moves or self.seats.opening()
        if moves:
            try:
                self.model.load_moves(moves)
            except MoveError as exc:
                text = shown(format_moves(moves), clipboard.SHOWN)
                self.ctx.notices.add(f"Could not restore the moves {text}: {exc}", "error")
        notice = self.rating.enter(self.model, self.model.moves_string(), start.continued)
        if notice:                                  # a rated autosave whose level is no longer rated
            self.ctx.notices.add(notice, seconds=CASUAL_NOTICE_SECONDS)
        self.changed()     # an opening on the board is a game in progress: autosaved like any other
        self.analysis_on = start.analysis
        self._follow_seats(0.0)     # a network game's first words ("Playing Bob: you are Red")

    def _follow_seats(self, dt: float) -> None:
        for news in self.seats.poll(dt):
            self.replies.take(news)

    def leave(self) -> None:
        self.engine.cancel()
        going_to, self.going_to = self.going_to, None
        self.seats.leave(going_to)

    def shutdown(self) -> None:
        self.seats.shutdown()

    def handle(self, event: pygame.event.Event) -> None:
        if self.overlay is not None:
            self._handle_overlay(event)
        elif self.seats.wants_text and event.type in (pygame.KEYDOWN, pygame.TEXTINPUT):
            self.replies.take(self.seats.type(event))
        else:
            self._input(event)

    def _input(self, event: pygame.event.Event) -> None:
        handle_input(event, self, self.ctx.layout.column_at, watching=self.seats.watching,
                     may_drop=Allow.DROP in self.seats.allows)

    def _handle_overlay(self, event: pygame.event.Event) -> None:
        overlay = self.overlay
        if isinstance(overlay, SaveList):
            self.files.handle_savelist(overlay, event)
        elif overlay is not None and overlay.handle(event) and self.overlay is overlay:
            self.overlay = None

    def game_is_over(self) -> bool:
        """Over, and its last disc has landed: the keys of a finished game work."""
        return self.seats.over(self.model) and not self.anims

    def steer(self, command: Command) -> bool:
        """A command of the seats' own (a match's pause, a network game's chat): done, and its
        reply shown."""
        steer = self.seats.steering().get(command)
        if steer is None:
            return False
        self.replies.take(steer())
        return True

    # -- player actions --------------------------------------------------------------------

    def play_column(self, col: int) -> bool:
        """A human asks to drop a disc in ``col``: play it (or hand it to the other side of a shared
        game, shown once agreed) or give visible feedback."""
        refusal = self.seats.move_refusal(self.model)
        if refusal is not None:
            self.replies.take(refusal)
            return False
        if self.model.is_over:
            more = "".join(f", {label}" for label, _ in self.end_keys().values())
            self.reject(None, f"The game is over: N starts a new one{more}, Esc opens the menu")
            return False
        if self.model.is_ai_turn():
            self.reject(None, "Wait: the computer is thinking")
            return False
        if self.model.position.can_play(col) and self.seats.send_move(col):
            return True
        return self.drop(col)

    def drop(self, col: int) -> bool:
        """Play ``col`` on the board now, checked by the model's rules, and drop the disc in; False
        (and said why, with the column shaking) if the rules refuse it."""
        player = self.model.turn
        try:
            self.model.play(col)
        except ColumnFullError:
            self.reject(col, f"Column {col + 1} is full: choose another one")
            return False
        except MoveError as exc:
            self.reject(col if 0 <= col < COLS else None, str(exc))
            return False
        last = self.model.last_move
        assert last is not None
        self.anims = [a for a in self.anims if not a.done]
        self.anims.append(DropAnimation(last[0], last[1], player, start=float(ROWS),
                                        speed=self.ctx.settings.animation_speed))
        self.changed()
        return True

    def reject(self, col: int | None, message: str) -> None:
        if col is not None:
            self.shake = Shake(col)
        self.ctx.sound.play("invalid")
        self.say(message, warning=True)

    def refused(self, what: Allow) -> bool:
        """Whether the seats refuse ``what`` (and said why, if they have words for it)."""
        if what in self.seats.allows:
            return False
        refusal = self.seats.refusal(what)
        if refusal is not None and refusal.warning:
            self.reject(None, refusal.text)
        elif refusal is not None:
            self.say(refusal.text)
        return True

    def undo(self) -> None:
        if self.refused(Allow.UNDO):
            return
        if self.model.undo():
            self.anims.clear()
            self.changed()
            self.casual(Casual.UNDO)
        else:
            self.reject(None, "Nothing to undo")

    def redo(self) -> None:
        if self.refused(Allow.REDO):
            return
        if self.model.redo():
            self.anims.clear()
            self.changed()
        else:
            self.reject(None, "Nothing to redo")

    def new_game(self) -> None:
        self.ask("Start a new game?", "", self._start_new_game)

    def _start_new_game(self) -> None:
        self.seats.new_game(self.model)
        self.rating.begin(self.model, from_start=True)
        self.analysis_on = self.analysis_on and not self.rating.game.against_computer
        self.anims.clear()
        self.changed()
        self.say(self.seats.new_words.capitalize())

    def to_menu(self) -> None:
        """Back to the menu (after the seats' question, if they have one), which offers an unfinished
        game back (the autosave keeps it too)."""
        question = self.seats.leave_question()
        if question is not None:
            self.overlay = Confirm(*question, self._to_menu)
        else:
            self._to_menu()

    def _to_menu(self) -> None:
        # Only a game a person plays is offered back: two computers' game is not autosaved, and
        # offering it would push the player's own unfinished game off the menu.
        unfinished = bool(self.model.moves) and not self.seats.over(self.model) and has_person(self.model)
        self.rating.suspend(self.model)
        self.next = Transition(SceneName.MENU, MenuData(self.model.saved_game() if unfinished else None,
                                                        analysis=unfinished and self.analysis_on))
        self.going_to = SceneName.MENU

    def retry(self) -> None:
        if self.engine.error:
            self.engine.error = None
            self.say("Retrying…")

    def open_help(self) -> None:
        self.overlay = HelpOverlay(self.ctx.settings, self.ctx.theme.names)

    def why_text(self) -> str | None:
        """The explanation shown under the board (W's column, else the hint's), on the player's turn."""
        return self.thinking.why_text() if self.human_can_move() else None

    def load(self, path: Path) -> bool:
        """Load a saved game; on any problem show it and keep the current game."""
        return self.files.load(path)

    # -- engine ----------------------------------------------------------------------------

    def _engine_failed(self, message: str) -> None:
        self.ctx.notices.add(f"Engine error: {message}", "error", seconds=10.0)

    # -- frame -----------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self._follow_seats(dt)
        self.time += dt
        self.since_move += dt
        for anim in self.anims:
            if anim.update(dt):
                self.ctx.sound.play("drop")
        self.anims = [a for a in self.anims if not a.done]
        if self.shake is not None:
            self.shake.update(dt)
            if self.shake.done:
                self.shake = None
        if self.flash is not None:
            self.flash = replace(self.flash, seconds=self.flash.seconds - dt) if self.flash.seconds > dt else None
        self.computer.update()
        self._update_game_over(dt)

    def _update_game_over(self, dt: float) -> None:
        if not self.seats.over(self.model) or self.anims:
            return
        if not self.over_handled:
            self.over_handled = True
            self._game_over()
        elif self.seats.next_game(self.model, dt):
            self.changed()

    def _game_over(self) -> None:
        """The one place where a finished game is handled, once, after its last disc has landed."""
        self.ctx.sound.play("draw" if self.seats.winner(self.model) is None else "win")
        self.seats.game_over(self.model)
        self.ctx.session.practice.judge(self.model.moves, self.drill_sides())

    def drill_sides(self) -> tuple[int, ...]:
        """Whose slips in the finished game become drills (judged on the session's practice thread)."""
        return self.seats.drill_sides(self.model)

    # -- drawing ---------------------------------------------------------------------------

    def view(self) -> GameView:
        """This frame's values for the words around the board."""
        engine = self.engine
        shake = self.shake
        return GameView(
            ctx=self.ctx, model=self.model, rating=self.rating.game, seats=self.seats, anims=tuple(self.anims),
            end_labels=tuple(label for label, _ in self.end_keys().values()), engine_error=engine.error,
            progress=engine.progress if not isinstance(engine.progress, ReviewProgress) else None,
            requested_at=engine.requested_at, pending=self.thinking.pending, time=self.time, hint=self.hint,
            hint_text=self.hint_text(), why_text=self.why_text(), hint_wanted=self.thinking.hint_wanted,
            over_handled=self.over_handled,
            analysis_on=self.analysis_on, analysis=self.thinking.analysis, tally=self._tally(), cursor=self.cursor,
            can_move=self.human_can_move(), flash=self.flash,
            shake=(shake.col, shake.offset(), shake.strength) if shake is not None else None)

    def status_text(self) -> str:
        return game_text.status_text(self.view())

    def status_line(self) -> tuple[str, game_text.Colour]:
        return game_text.status_line(self.view())

    def draw(self, surface: pygame.Surface) -> None:
        game_text.draw(self.view(), surface)
        if self.overlay is not None:
            self.overlay.draw(surface, self.ctx.theme)

"""The game scene: the board, a human's moves, the computer's replies, hint, analysis, undo/redo,
save/load and matches between two computers. It never applies a game rule itself: GameModel does.

The scene delegates: keys to ``game_input``, the engine to an ``EngineClient``, the autosave, the
record and the rating to the session (``game.session``), the words and the rows around the board
to ``game_text`` (handed a ``GameView``), who plays and what that allows to
``seats``, and questions, help
and the load list to overlays. ``_game_over`` is the one place where the end of a game is handled;
once it is over, R opens its review."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Protocol

import pygame

from game.engine.board import ColumnFullError, MoveError
from game.engine.review import ReviewProgress
from game.model import GameModel
from game.domain.rated import Casual
from game.echo import counted, shown
from game.service.client import EngineClient
from game.session.core import Departure
from game.domain.players import HUMAN
from game.store.savefile import load_game, SaveFileError
from game.store.saves import save_infos
from game.ui import clipboard, game_text
from game.ui.anim import DropAnimation, Shake
from game.ui.game_input import Command, handle_input
from game.ui.game_text import Flash, GameView
from game.ui.game_thinking import Thinking
from game.ui.layout import COLS, ROWS
from game.ui.overlays import Confirm, HelpOverlay
from game.ui.savelist import CLOSE, SaveList, load_failure
from game.ui.saves import OPEN_ERRORS, players_of, save_new
from game.ui.scene import Context, GameStart, MenuData, ReviewStart, Scene, SceneName, Transition, open_network_game
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

    def human_can_move(self) -> bool:
        return not self.model.is_over and not self.model.is_ai_turn() and self.overlay is None

    def has_unfinished_game(self) -> bool:
        """A game a player built that one key would throw away: moves made, not over, a human in it."""
        return bool(self.model.moves) and not self.model.is_over and self.humans > 0

    @property
    def hint(self) -> int | None:
        """The hinted column, shown on the player's own turn once asked for and known."""
        return self.thinking.hint() if self.human_can_move() else None

    def hint_text(self) -> str | None:
        return self.thinking.hint_text(len(self.model.moves)) if self.human_can_move() else None

    def _changed(self) -> None:
        """The model changed (move, undo, redo, new game, load)."""
        self._reset_position_state()
        self.ctx.session.changed(self.model, rated=self.rating.game.rated, analysis=self.analysis_on)
        self.seats.changed(self.model)

    def _say(self, text: str, *, warning: bool = False) -> None:
        self.flash = Flash(text, warning=warning)

    def _casual(self, reason: Casual) -> None:
        """The game turns casual (an undo, a hint, the analysis row): said once, when it happens."""
        notice = self.rating.make_casual(reason)
        if notice:
            self.ctx.notices.add(notice, seconds=CASUAL_NOTICE_SECONDS)
            self.autosave()     # a kill from now on must not bring the game back rated

    def autosave(self) -> None:
        """Write the game on the board to the autosave as it stands, rated or casual."""
        self.ctx.session.autosaver.changed(self.model, rated=self.rating.game.rated, analysis=self.analysis_on)

    def _ask(self, question: str, detail: str, on_yes: Callable[[], None]) -> None:
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
                                                             back="game", names=names))

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
        start = data if isinstance(data, GameStart) else GameStart(HUMAN, HUMAN)
        self.model = GameModel(start.red, start.yellow, settings=self.ctx.settings)
        self.epoch = self.ctx.engine.new_epoch()
        self.anims.clear()
        self.shake = None
        self.overlay = None
        self.engine.request = None
        self.seats = seats_for(self.model, names=start.names, alternate=start.alternate,
                               colours=self.ctx.theme.names, delay=self.ctx.settings.spectator_delay)
        moves = start.moves or self.seats.opening()
        if moves:
            try:
                self.model.load_moves(moves)
            except MoveError as exc:
                self.ctx.notices.add(f"Could not restore the moves {shown(moves, clipboard.SHOWN)}: {exc}", "error")
        notice = self.rating.enter(self.model, self.model.moves_string(), start.continued)
        if notice:                                  # a rated autosave whose level is no longer rated
            self.ctx.notices.add(notice, seconds=CASUAL_NOTICE_SECONDS)
        self._changed()     # an opening on the board is a game in progress: autosaved like any other
        self.analysis_on = start.analysis

    def leave(self) -> None:
        self.engine.cancel()

    def handle(self, event: pygame.event.Event) -> None:
        if self.overlay is not None:
            self._handle_overlay(event)
        elif event.type == pygame.KEYDOWN:
            self._handle_key(event)
        else:
            self._input(event)

    def _handle_key(self, event: pygame.event.Event) -> None:
        self._input(event)

    def _input(self, event: pygame.event.Event) -> None:
        handle_input(event, self, self.ctx.layout.column_at, watching=self.seats.watching,
                     may_drop=Allow.DROP in self.seats.allows)

    def _handle_overlay(self, event: pygame.event.Event) -> None:
        overlay = self.overlay
        result = overlay.handle(event) if overlay is not None else None
        if isinstance(overlay, SaveList):
            if result == CLOSE:
                self.overlay = None
            elif isinstance(result, Path):
                broken = next((info for info in overlay.infos if info.path == result and info.game is None), None)
                if broken is not None:      # known not to load: say why at once, not after "lose your game?"
                    self.ctx.notices.add(load_failure("load", result, broken.problem), "error")
                    return
                self.overlay = None
                self._ask("Load this saved game?", "", lambda: self.load(result))
        elif result and self.overlay is overlay:
            self.overlay = None

    def game_is_over(self) -> bool:
        """Over, and its last disc has landed: the keys of a finished game work."""
        return self.model.is_over and not self.anims

    def steer(self, command: Command) -> bool:
        """A command of the seats' own (a match's pause, step, speed): done, and what it says shown."""
        steer = self.seats.steering().get(command)
        if steer is None:
            return False
        self._say_if(steer())
        return True

    def _say_if(self, text: str | None) -> None:
        if text:
            self._say(text)

    # -- player actions --------------------------------------------------------------------

    def play_column(self, col: int) -> bool:
        """A human asks to drop a disc in ``col``: play it or give visible feedback."""
        if self.model.is_over:
            more = "".join(f", {label}" for label, _ in self.end_keys().values())
            self._reject(None, f"The game is over: N starts a new one{more}, Esc opens the menu")
            return False
        if self.model.is_ai_turn():
            self._reject(None, "Wait: the computer is thinking")
            return False
        return self._play(col)

    def _play(self, col: int) -> bool:
        player = self.model.turn
        try:
            self.model.play(col)
        except ColumnFullError:
            self._reject(col, f"Column {col + 1} is full: choose another one")
            return False
        except MoveError as exc:
            self._reject(col if 0 <= col < COLS else None, str(exc))
            return False
        last = self.model.last_move
        assert last is not None
        self.anims = [a for a in self.anims if not a.done]
        self.anims.append(DropAnimation(last[0], last[1], player, start=float(ROWS),
                                        speed=self.ctx.settings.animation_speed))
        self._changed()
        return True

    def _reject(self, col: int | None, message: str) -> None:
        if col is not None:
            self.shake = Shake(col)
        self.ctx.sound.play("invalid")
        self._say(message, warning=True)

    def _refused(self, what: Allow) -> bool:
        """Whether the seats refuse ``what`` (and said why, if they have words for it)."""
        if what in self.seats.allows:
            return False
        refusal = self.seats.refusal(what)
        if refusal is not None and refusal.warning:
            self._reject(None, refusal.text)
        elif refusal is not None:
            self._say(refusal.text)
        return True

    def undo(self) -> None:
        if self._refused(Allow.UNDO):
            return
        if self.model.undo():
            self.anims.clear()
            self._changed()
            self._casual(Casual.UNDO)
        else:
            self._reject(None, "Nothing to undo")

    def redo(self) -> None:
        if self._refused(Allow.REDO):
            return
        if self.model.redo():
            self.anims.clear()
            self._changed()
        else:
            self._reject(None, "Nothing to redo")

    def new_game(self) -> None:
        self._ask("Start a new game?", "", self._start_new_game)

    def _start_new_game(self) -> None:
        self.seats.new_game(self.model)
        self.rating.begin(self.model, from_start=True)
        self.analysis_on = self.analysis_on and not self.rating.game.against_computer
        self.anims.clear()
        self._changed()
        self._say(self.seats.new_words.capitalize())

    def to_menu(self) -> None:
        """Back to the menu, which offers an unfinished game back (the autosave keeps it too)."""
        unfinished = bool(self.model.moves) and not self.model.is_over
        self.rating.suspend(self.model)
        self.next = Transition(SceneName.MENU, MenuData(self.model.saved_game() if unfinished else None,
                                                        analysis=unfinished and self.analysis_on))

    def copy_moves(self) -> None:
        """Ctrl+C: the game's move string ("4453", the test sets' notation) to the clipboard."""
        moves = self.model.moves_string()
        problem = clipboard.put(moves)
        if problem is not None:
            self._say(problem, warning=True)
        else:
            self._say(f"Copied the moves {shown(moves, clipboard.SHOWN)}" if moves
                      else "Copied an empty board (no moves yet)")

    def paste_moves(self) -> None:
        """Ctrl+V: open the clipboard's move string as a two-player game with the analysis row."""
        moves, problem = clipboard.get_moves()
        if problem is not None:
            self._say(problem, warning=True)
            return
        start = GameStart(HUMAN, HUMAN, moves, analysis=True)
        self._ask("Open the pasted position?", f"The moves {shown(moves, clipboard.SHOWN)} open as a two-player "
                  "game with the analysis row.", lambda: setattr(self, "next", Transition(SceneName.GAME, start)))

    def retry(self) -> None:
        if self.engine.error:
            self.engine.error = None
            self._say("Retrying…")

    def open_help(self) -> None:
        self.overlay = HelpOverlay(self.ctx.settings, self.ctx.theme.names)

    def request_hint(self) -> None:
        if self._refused(Allow.HINT):
            return
        if not self.human_can_move():
            self._reject(None, "A hint is for your own turn")
            return
        self.thinking.hint_wanted = True
        self._casual(Casual.HINT)
        if self.thinking.analysis is None:
            self._say("Looking for the best move…")
        else:
            self._announce_hint()

    def ask_why(self) -> None:
        """W: why the cursor's column is what it is, in words the worker checks (it counts as a hint)."""
        if self._refused(Allow.HINT):
            return
        if not self.human_can_move():
            self._reject(None, "Why? is for your own turn: it explains the column under the cursor")
            return
        col = self.cursor
        if not self.model.position.can_play(col):
            self._reject(col, f"Column {col + 1} is full")
            return
        self.thinking.why_wanted = col
        self._casual(Casual.HINT)
        if self.thinking.why_text() is None:
            self._say(f"Why column {col + 1}? Working it out…")

    def why_text(self) -> str | None:
        """The explanation shown under the board (W's column, else the hint's), on the player's turn."""
        return self.thinking.why_text() if self.human_can_move() else None

    def _announce_hint(self) -> None:
        text = self.hint_text()
        if text:
            self._say(f"Hint: {text}")

    def toggle_analysis(self) -> None:
        if self._refused(Allow.ANALYSIS):
            return
        self.analysis_on = not self.analysis_on
        self._say("Analysis row on" if self.analysis_on else "Analysis row off")
        if self.analysis_on:
            self._casual(Casual.ANALYSIS)
        self.autosave()     # the game comes back from the autosave with the row as it was left

    def save(self) -> None:
        try:
            self._say(save_new(self.model))
        except (OSError, SaveFileError) as exc:
            self.ctx.notices.add(f"Could not save the game: {exc}", "error")

    def open_savelist(self) -> None:
        if self._refused(Allow.LOAD):
            return
        try:
            infos = save_infos()
        except OSError as exc:
            self.ctx.notices.add(f"Could not list the saved games: {exc}", "error")
            return
        self.overlay = SaveList(infos)

    def load(self, path: Path) -> bool:
        """Load a saved game; on any problem show it and keep the current game."""
        try:
            saved = load_game(path)
            if saved.seat is not None:    # a network game goes back into the network, or to its review
                self.next = open_network_game(saved)
                return True
            red, yellow = players_of(saved, self.ctx.settings)
            self.model.load_moves(saved.moves, red=red, yellow=yellow)
        except (*OPEN_ERRORS, MoveError) as exc:
            self.ctx.notices.add(load_failure("load", path, exc), "error")
            return False
        self.anims.clear()
        self.seats = seats_for(self.model, colours=self.ctx.theme.names, delay=self.move_delay)
        self.rating.begin(self.model, from_start=False)
        self._changed()
        self._say(f"Loaded the saved game ({counted(len(saved.moves), 'move')})")
        return True

    # -- engine ----------------------------------------------------------------------------

    def _engine_failed(self, message: str) -> None:
        self.ctx.notices.add(f"Engine error: {message}", "error", seconds=10.0)

    def _apply_computer_move(self) -> None:
        pending = self.thinking.pending
        if pending is None or self.anims:
            return
        if not self.seats.reply_due(self.since_move):
            return
        move = pending.move
        self.thinking.pending = None
        if not self._play(move):
            self.engine.failed(f"the engine chose an illegal move (column {move + 1})")

    # -- frame -----------------------------------------------------------------------------

    def update(self, dt: float) -> None:
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
        for update in self.engine.poll(self.tag):
            if self.thinking.accept(update) and self.human_can_move():
                self._announce_hint()
        self._apply_computer_move()
        tag, model, analysis_on = self.tag, self.model, self.analysis_on
        self.engine.sync(self.thinking.wanted(model, analysis_on), tag,
                         lambda kind: self.thinking.request(kind, tag, model, analysis_on, self.ctx.theme.names),
                         self.time)
        self._update_game_over(dt)

    def _update_game_over(self, dt: float) -> None:
        if not self.model.is_over or self.anims:
            return
        if not self.over_handled:
            self.over_handled = True
            self._game_over()
        elif self.seats.next_game(self.model, dt):
            self._changed()

    def _game_over(self) -> None:
        """The one place where a finished game is handled, once, after its last disc has landed."""
        self.ctx.sound.play("draw" if self.model.winner is None else "win")
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

    def draw(self, surface: pygame.Surface) -> None:
        game_text.draw(self.view(), surface)
        if self.overlay is not None:
            self.overlay.draw(surface, self.ctx.theme)

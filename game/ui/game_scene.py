"""The game scene: board, discs, the computer player (through the AI worker), hint, analysis,
undo/redo, save/load and spectator matches. It never applies a game rule itself: GameModel does.

Talking to the engine: every frame the scene works out which request it wants answered for the
current state (the computer's move, a hint, the analysis row, or nothing) and, if that differs from
the request in flight, submits it (``AIWorker.submit`` cancels the old one) or cancels. Requests are
tagged ``epoch + model.generation``; any update with another tag is stale and dropped."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.engine.board import ColumnFullError, MoveError
from game.model import GameModel, Scoreboard
from game.settings import HUMAN, parse_player_spec
from game.storage import (SaveFileError, clear_autosave, list_saves, load_game, new_save_path, save_game,
                          write_autosave)
from game.ui.after_game import AfterGame
from game.ui.anim import DropAnimation, Shake
from game.ui.layout import COLS, ROWS
from game.ui.menu import GameStart, MenuData
from game.ui.render import BoardScene
from game.ui.resources import draw_text, fit_text
from game.ui.review_scene import ReviewStart
from game.ui.savelist import CLOSE, SaveList
from game.ui.scene import Context, Scene, Transition, is_ctrl
from game.ui.theme import PLAYER_NAMES, Colour, Theme

if TYPE_CHECKING:
    from game.engine.search import Progress, SearchConfig, SearchResult

REPLY_DELAY = 0.35        # seconds before the computer's reply lands against a human (reads as a reply)
NEXT_GAME_PAUSE = 2.5     # spectator: seconds a finished game stays on screen before the next one
DELAY_STEP = 0.2          # spectator: +/- change of the minimum time per move
MAX_DELAY = 10.0
FLASH_SECONDS = 2.5

NUMBER_KEYS = {getattr(pygame, f"K_{n}"): n - 1 for n in range(1, COLS + 1)}
NUMBER_KEYS.update({getattr(pygame, f"K_KP{n}"): n - 1 for n in range(1, COLS + 1)})
PLUS_KEYS = (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS)
MINUS_KEYS = (pygame.K_MINUS, pygame.K_KP_MINUS, pygame.K_UNDERSCORE)
DROP_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_DOWN)


class GameScene(Scene):
    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.model = GameModel(HUMAN, HUMAN)
        self.epoch = ctx.new_epoch()
        self.scoreboard: Scoreboard | None = None
        self.paused = False
        self.step_once = False
        self.move_delay = ctx.settings.spectator_delay
        self.cursor = COLS // 2
        self.time = 0.0
        self.anims: list[DropAnimation] = []
        self.shake: Shake | None = None
        self.flash: tuple[str, float] | None = None      # transient status message, seconds left
        self.savelist: SaveList | None = None
        self.analysis_on = False
        self.request: tuple[str, int] | None = None      # (kind, tag) of the request in flight
        self.after_game = AfterGame(ctx)                  # the record and this sitting's tally
        self._reset_position_state()

    def _reset_position_state(self) -> None:
        """Forget everything computed for the previous position (hint, analysis, pending move...)."""
        self.requested_at = 0.0
        self.progress: Progress | None = None
        self.pending: SearchResult | None = None
        self.hint: int | None = None
        self.hint_wanted = False
        self.analysis: tuple[tuple[float | None, ...], bool] | None = None
        self.engine_error: str | None = None
        self.since_move = 0.0
        self.over_handled = False
        self.over_timer = 0.0

    # -- state helpers ---------------------------------------------------------------------

    @property
    def tag(self) -> int:
        return self.epoch + self.model.generation

    @property
    def spectator(self) -> bool:
        return self.model.red.is_ai and self.model.yellow.is_ai

    @property
    def humans(self) -> int:
        return sum(not self.model.player(n).is_ai for n in (1, 2))

    def human_can_move(self) -> bool:
        return not self.model.is_over and not self.model.is_ai_turn() and self.savelist is None

    def _changed(self) -> None:
        """The model changed (move, undo, redo, new game, load)."""
        self._reset_position_state()
        self._autosave()

    def _start_mode(self) -> None:
        self.scoreboard = Scoreboard.for_model(self.model) if self.spectator else None
        self.paused = False
        self.step_once = False

    def _say(self, text: str) -> None:
        self.flash = (text, FLASH_SECONDS)

    # -- scene contract --------------------------------------------------------------------

    def enter(self, data: object) -> None:
        super().enter(data)
        start = data if isinstance(data, GameStart) else GameStart(HUMAN, HUMAN)
        self.model = GameModel(start.red, start.yellow)
        self.epoch = self.ctx.new_epoch()
        if start.moves:
            try:
                self.model.load_moves(start.moves)
            except MoveError as exc:
                self.ctx.notices.add(f"Could not restore the moves {start.moves!r}: {exc}", "error")
        self.anims.clear()
        self.shake = None
        self.savelist = None
        self.request = None
        self._reset_position_state()
        self._start_mode()

    def leave(self) -> None:
        if self.ctx.has_worker:
            self.ctx.worker.cancel()
        self.request = None

    def handle(self, event: pygame.event.Event) -> None:
        if self.savelist is not None:
            self._handle_savelist(event)
        elif event.type == pygame.KEYDOWN:
            self._handle_key(event)
        elif event.type == pygame.MOUSEMOTION:
            col = self.ctx.layout.column_at(event.pos)
            if col is not None:
                self.cursor = col
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            col = self.ctx.layout.column_at(event.pos)
            if col is not None:
                self.cursor = col
                self.play_column(col)

    def _handle_key(self, event: pygame.event.Event) -> None:
        key = event.key
        if is_ctrl(event):
            actions = {pygame.K_z: self.undo, pygame.K_y: self.redo, pygame.K_s: self.save,
                       pygame.K_o: self.open_savelist}
            if key in actions:
                actions[key]()
            return
        if key == pygame.K_ESCAPE:
            unfinished = bool(self.model.moves) and not self.model.is_over
            self.next = Transition("menu", MenuData(self.model.saved_game() if unfinished else None))
        elif key == pygame.K_n:
            self.new_game()
        elif key == pygame.K_a:
            self.toggle_analysis()
        elif key == pygame.K_h:
            self.request_hint()
        elif key == pygame.K_r and self.model.is_over:
            self.next = Transition("review", ReviewStart(self.model.moves_string(), self.model.red,
                                                         self.model.yellow, back="game"))
        elif key == pygame.K_r and self.engine_error:
            self.engine_error = None
            self._say("Retrying…")
        elif self.spectator:
            self._handle_spectator_key(key)
        elif key in NUMBER_KEYS:
            self.cursor = NUMBER_KEYS[key]
            self.play_column(self.cursor)
        elif key == pygame.K_LEFT:
            self.cursor = (self.cursor - 1) % COLS
        elif key == pygame.K_RIGHT:
            self.cursor = (self.cursor + 1) % COLS
        elif key in DROP_KEYS:
            self.play_column(self.cursor)

    def _handle_spectator_key(self, key: int) -> None:
        if key == pygame.K_SPACE:
            self.paused = not self.paused
            self._say("Paused: Space resumes, Right arrow plays one move" if self.paused else "Resumed")
        elif key == pygame.K_RIGHT:
            if self.paused:
                self.step_once = True
            else:
                self._say("Press Space to pause first, then the Right arrow steps one move")
        elif key in PLUS_KEYS or key in MINUS_KEYS:
            step = DELAY_STEP if key in PLUS_KEYS else -DELAY_STEP
            self.move_delay = round(min(MAX_DELAY, max(0.0, self.move_delay + step)), 2)
            self._say(f"Minimum time per move: {self.move_delay:.1f} s")

    def _handle_savelist(self, event: pygame.event.Event) -> None:
        assert self.savelist is not None
        choice = self.savelist.handle(event)
        if choice == CLOSE:
            self.savelist = None
        elif isinstance(choice, Path):
            self.savelist = None
            self.load(choice)

    # -- player actions --------------------------------------------------------------------

    def play_column(self, col: int) -> bool:
        """A human asks to drop a disc in ``col``: play it or give visible feedback."""
        if self.model.is_over:
            self._reject(None, "The game is over: N starts a new one, Esc opens the menu")
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
        self._say(message)

    def undo(self) -> None:
        if self.spectator:
            self._say("Undo is for games with a human player")
        elif self.model.undo():
            self.anims.clear()
            self._changed()
        else:
            self._reject(None, "Nothing to undo")

    def redo(self) -> None:
        if self.spectator:
            return
        if self.model.redo():
            self.anims.clear()
            self._changed()
        else:
            self._reject(None, "Nothing to redo")

    def new_game(self) -> None:
        self.model.new_game()
        self.anims.clear()
        self._changed()
        self._say("New game")

    def request_hint(self) -> None:
        if not self.human_can_move():
            self._reject(None, "A hint is for your own turn")
            return
        self.hint_wanted = True
        self._say("Looking for the best move…")

    def toggle_analysis(self) -> None:
        if self.spectator:
            self._say("The analysis row is for games with a human player")
            return
        self.analysis_on = not self.analysis_on
        self._say("Analysis row on" if self.analysis_on else "Analysis row off")

    def save(self) -> None:
        try:
            path = new_save_path()
            save_game(path, self.model.saved_game())
        except (OSError, SaveFileError) as exc:
            self.ctx.notices.add(f"Could not save the game: {exc}", "error")
            return
        self.ctx.notices.add(f"Saved as {path}")

    def open_savelist(self) -> None:
        try:
            paths = list_saves()
        except OSError as exc:
            self.ctx.notices.add(f"Could not list the saved games: {exc}", "error")
            return
        self.savelist = SaveList(paths)

    def load(self, path: Path) -> bool:
        """Load a saved game; on any problem show it and keep the current game."""
        try:
            saved = load_game(path)
            red = parse_player_spec(saved.red, self.ctx.settings)
            yellow = parse_player_spec(saved.yellow, self.ctx.settings)
            self.model.load_moves(saved.moves, red=red, yellow=yellow)
        except (SaveFileError, MoveError, ValueError, OSError) as exc:
            self.ctx.notices.add(f"Could not load {path.name}: {exc}", "error")
            return False
        self.anims.clear()
        self._changed()
        self._start_mode()
        self.ctx.notices.add(f"Loaded {path.name} ({len(saved.moves)} moves)")
        return True

    # -- engine ----------------------------------------------------------------------------

    def _wanted_request(self) -> str | None:
        """Which answer the engine should be working on for the current state, if any."""
        if self.model.is_over or self.engine_error:
            return None
        if self.model.is_ai_turn():
            return "move" if self.pending is None else None
        if self.hint_wanted and self.hint is None:
            return "hint"
        if self.analysis_on and self.analysis is None:
            return "analysis"
        return None

    def _config_for(self, kind: str) -> SearchConfig:
        settings = self.ctx.settings
        if kind == "move":
            return self.model.player(self.model.turn).search_config(settings)
        budget = settings.analysis_time if kind == "analysis" else max(1.0, settings.analysis_time)
        return replace(settings.search_config(), perfect_play=True, time_limit=budget)

    def _sync_engine(self) -> None:
        kind = self._wanted_request()
        wanted = (kind, self.tag) if kind else None
        if wanted == self.request:
            return
        worker = self.ctx.worker if (kind or self.ctx.has_worker) else None
        if worker is None:
            return
        self.request = wanted
        from game.worker import AIRequest   # here, not at the top: the menu's first frame needs no engine

        try:
            if kind is None:
                worker.cancel()
            else:
                worker.submit(AIRequest(self.tag, self.model.position, self._config_for(kind), kind))
                self.requested_at = self.time
                self.progress = None
        except Exception as exc:  # noqa: BLE001 - any engine failure is shown, never a traceback
            self._engine_failed(str(exc) or type(exc).__name__)

    def _poll_engine(self) -> None:
        if not self.ctx.has_worker:
            return
        for update in self.ctx.worker.poll(generation=self.tag):   # other tags are stale: dropped
            if update.error is not None:
                self._engine_failed(update.error)
            elif update.result is None:
                self.progress = update.progress
            else:
                self._accept(update.kind, update.result)

    def _accept(self, kind: str, result: object) -> None:
        from game.engine.search import SearchResult  # here: the menu's first frame needs no engine

        if self.request and self.request[0] == kind:
            self.request = None
        if kind == "move" and isinstance(result, SearchResult):
            self.pending = result
        elif kind == "hint" and isinstance(result, SearchResult):
            self.hint = result.move
            self.hint_wanted = False
            self._say(f"Hint: column {self.hint + 1}")
        elif kind == "analysis" and isinstance(result, tuple):
            self.analysis = result
        else:
            self._engine_failed(f"unexpected {kind} answer from the engine: {type(result).__name__}")

    def _engine_failed(self, message: str) -> None:
        self.request = None
        self.engine_error = " ".join(message.split())     # one line, whatever the engine said
        self.ctx.notices.add(f"Engine error: {self.engine_error}", "error", seconds=10.0)

    def _apply_computer_move(self) -> None:
        if self.pending is None or self.anims:
            return
        if self.spectator:
            if self.paused and not self.step_once:
                return
            if not self.step_once and self.since_move < self.move_delay:
                return
            self.step_once = False
        elif self.since_move < REPLY_DELAY:
            return
        move = self.pending.move
        self.pending = None
        if not self._play(move):
            self._engine_failed(f"the engine chose an illegal move (column {move + 1})")

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
            text, left = self.flash
            self.flash = (text, left - dt) if left > dt else None
        self._poll_engine()
        self._apply_computer_move()
        self._sync_engine()
        self._update_game_over(dt)
        self.after_game.update(self.model)

    def _update_game_over(self, dt: float) -> None:
        if not self.model.is_over or self.anims:
            return
        if not self.over_handled:
            self.over_handled = True
            self.ctx.sound.play("draw" if self.model.winner is None else "win")
            if self.scoreboard is not None:
                self.scoreboard.record(self.model)
            return
        if self.spectator and not self.paused:
            self.over_timer += dt
            if self.over_timer >= NEXT_GAME_PAUSE or self.step_once:
                self.step_once = False
                self.model.new_game(swap_colours=True)
                self._changed()

    def _autosave(self) -> None:
        """After every change: the game in progress; removed once it is over. A board without moves
        (new game, everything undone) leaves the previous autosave alone until its first move."""
        try:
            if self.model.is_over:
                clear_autosave()
            elif self.model.moves:
                write_autosave(self.model.saved_game())   # logs disk problems itself, never raises them
        except OSError as exc:
            self.ctx.notices.add(f"Could not remove the autosave: {exc}", "error")

    # -- drawing ---------------------------------------------------------------------------

    def board_scene(self) -> BoardScene:
        model = self.model
        animating = {(a.col, a.row) for a in self.anims}
        settled = not self.anims
        ghost = None
        if self.human_can_move() and settled:
            ghost = (self.cursor, model.turn)
        return BoardScene(
            cell=model.position.cell,
            hidden=animating,
            falling=[(a.col, a.y, a.player) for a in self.anims],
            ghost=ghost,
            last_move=model.last_move,
            winning=model.winning_cells if settled else frozenset(),
            hint=self.hint if self.human_can_move() else None,
            shake=(self.shake.col, self.shake.offset(), self.shake.strength) if self.shake else None,
            time=self.time,
        )

    def draw(self, surface: pygame.Surface) -> None:
        ctx = self.ctx
        theme, layout = ctx.theme, ctx.layout
        surface.fill(theme.background)
        self._draw_header(surface)
        if self.scoreboard is not None:
            self._draw_scoreboard(surface)
        elif self.analysis_on:
            self._draw_analysis(surface)
        else:
            self.after_game.draw_tally(surface, layout.analysis)
        ctx.renderer.draw(surface, layout, theme, self.board_scene())
        if self.model.is_over and not self.anims:
            draw_text(surface, self._result_text(), max(20, layout.cell // 2), theme.accent, bold=True,
                      center=(layout.board.centerx, layout.ghost_y))
        self._draw_status(surface)
        if self.savelist is not None:
            self.savelist.draw(surface, theme)

    def _player_name(self, number: int) -> str:
        spec = self.model.player(number)
        name = PLAYER_NAMES[number]
        if self.humans == 1:
            return f"{name} (you)" if not spec.is_ai else f"{name} (computer)"
        return f"{name} — {spec.label()}" if spec.is_ai else name

    def _result_text(self) -> str:
        winner = self.model.winner
        if winner is None:
            return "Draw: the board is full"
        if self.humans == 1:
            return "You win!" if not self.model.player(winner).is_ai else "The computer wins"
        return f"{PLAYER_NAMES[winner]} wins!"

    def status_text(self) -> str:
        """The status line: result, engine error, thinking indicator or whose turn it is."""
        model = self.model
        if model.is_over and not self.anims:
            return self._result_text() + "   ·   R review · N new game · Esc menu"
        if self.engine_error:
            return f"Engine error: {self.engine_error}   ·   R retry · Ctrl+Z undo · N new game"
        turn = self._player_name(model.turn)
        if self.spectator and self.paused:
            return f"Paused · {turn} to move   ·   Space resume · Right step"
        if model.is_ai_turn():
            text = f"{turn} is thinking{'.' * (1 + int(self.time * 3) % 3):<3}"
            if self.pending is not None:
                return f"{turn} has chosen column {self.pending.move + 1}"
            if self.progress is not None:
                text += f"  depth {self.progress.depth} · {self.progress.nodes:,} nodes"
            return text + f" · {self.time - self.requested_at:.1f} s"
        text = f"{turn} to move"
        if self.hint is not None:
            text += f" · hint: column {self.hint + 1}"
        elif self.hint_wanted:
            text += " · finding a hint…"
        return text

    def _draw_header(self, surface: pygame.Surface) -> None:
        """Both players, each after a small disc of their colour; the score or move count on the right."""
        theme, layout = self.ctx.theme, self.ctx.layout
        rect = layout.header
        size = max(16, rect.height * 6 // 10)
        right = f"Move {len(self.model.moves)}"
        if self.scoreboard is not None:
            right += f"   ·   {self.move_delay:.1f} s/move"
        if self.ctx.sound.muted:
            right += "   ·   muted"
        right_rect = draw_text(surface, right, size, theme.dim_text, midright=(rect.right - 12, rect.centery))
        x = rect.left + 12
        room = (right_rect.left - 36 - x) // 2
        for number in (1, 2):
            disc = self.ctx.renderer.disc(theme, number, max(6, size * 4 // 10))
            surface.blit(disc, disc.get_rect(midleft=(x, rect.centery)))
            label = fit_text(f"{PLAYER_NAMES[number]}: {self.model.player(number).label()}", size,
                             room - disc.get_width() - 8)
            x = draw_text(surface, label, size, theme.text,
                          midleft=(x + disc.get_width() + 6, rect.centery)).right + 28

    def _draw_scoreboard(self, surface: pygame.Surface) -> None:
        """Spectator matches: wins per player and draws, in the row the analysis uses otherwise."""
        assert self.scoreboard is not None
        theme, rect = self.ctx.theme, self.ctx.layout.analysis
        size = max(14, rect.height * 7 // 10)
        text = f"Game {self.scoreboard.games + (0 if self.over_handled else 1)}   ·   {self.scoreboard}"
        draw_text(surface, fit_text(text, size, surface.get_width() - 24), size, theme.dim_text,
                  center=rect.center)

    def _draw_analysis(self, surface: pygame.Surface) -> None:
        theme, layout = self.ctx.theme, self.ctx.layout
        rect = layout.analysis
        size = max(14, rect.height * 7 // 10)
        if self.analysis is None:
            waiting = "analysis: your turn only" if self.model.is_ai_turn() or self.model.is_over else "analysing…"
            draw_text(surface, waiting, size, theme.dim_text, center=rect.center)
            return
        scores, exact = self.analysis
        for col, score in enumerate(scores):
            x = rect.left + col * layout.cell + layout.cell // 2
            draw_text(surface, format_score(score, exact), size, _score_colour(score, theme),
                      center=(x, rect.centery))
        draw_text(surface, "exact" if exact else "estimate", max(12, size * 3 // 4), theme.dim_text,
                  midleft=(rect.right + 10, rect.centery))

    def _draw_status(self, surface: pygame.Surface) -> None:
        theme, layout = self.ctx.theme, self.ctx.layout
        rect = layout.status
        size = max(16, rect.height * 45 // 100)
        small = max(13, rect.height * 28 // 100)
        if self.flash is not None:
            text, colour = self.flash[0], theme.accent
        else:
            text = self.status_text()
            colour = theme.error if self.engine_error else theme.text
        draw_text(surface, fit_text(text, size, rect.width - 24), size, colour, bold=True,
                  midtop=(rect.centerx, rect.top + 2))
        keys = ("Space pause · Right step · +/− time per move · N new game · Ctrl+S/O save/load · M mute · Esc menu"
                if self.spectator else
                "1–7 or click drop · Left/Right + Enter · Ctrl+Z/Y undo/redo · H hint · A analysis · N new · "
                "Ctrl+S/O save/load · M mute · Esc menu")
        draw_text(surface, fit_text(keys, small, rect.width - 24), small, theme.dim_text,
                  midbottom=(rect.centerx, rect.bottom - 2))


def format_score(score: float | None, exact: bool) -> str:
    """Analysis row text: proven scores as signed integers (+ win, − loss, 0 draw), estimates as decimals.

    |score| >= 1 is a proven win or loss even in a heuristic analysis (the engine's one scale)."""
    if score is None:
        return "full"
    if exact or abs(score) >= 1:
        value = round(score)
        return "0" if value == 0 else f"{value:+d}".replace("-", "−")
    return f"{score:+.2f}".replace("-", "−")


def _score_colour(score: float | None, theme: Theme) -> Colour:
    if score is None:
        return theme.dim_text
    if score > 0:
        return theme.accent
    return theme.error if score < 0 else theme.text


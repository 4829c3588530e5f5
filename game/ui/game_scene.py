"""The game scene: the board, a human's moves, the computer's replies, hint, analysis, undo/redo,
save/load and matches between two computers. It never applies a game rule itself: GameModel does.

The scene delegates: keys to ``game_input``, the engine to ``EngineLink``, the autosave to
``Autosaver``, the words and the rows around the board to ``game_text``, a computers' match to
``Spectator``, and questions, help and the load list to overlays. ``_game_over`` is the one place
where the end of a game is handled; ``end_keys``, ``game_over_hooks`` and ``change_hooks`` let other
parts of the game add to it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

import pygame

from game.engine.board import ColumnFullError, MoveError
from game.model import GameModel, Scoreboard
from game.domain.rated import Casual
from game.domain.players import HUMAN, parse_saved_player
from game.echo import counted, shown
from game.store.savefile import SaveFileError, load_game, save_game
from game.store.saves import new_save_path, save_infos
from game.ui import clipboard, game_text
from game.ui.analysis_view import best_column, hint_words
from game.ui.anim import DropAnimation, Shake
from game.ui.autosaver import Autosaver
from game.ui.engine_link import Analysis, Answer, Ask, EngineLink
from game.ui.game_input import Command, read_key
from game.ui.layout import COLS, ROWS
from game.ui.menu import GameStart, MenuData, open_network_game
from game.ui.overlays import Confirm, HelpOverlay
from game.ui.rating_guard import RatingGuard
from game.ui.render import BoardScene
from game.ui.savelist import CLOSE, SaveList, load_failure
from game.ui.scene import Context, Scene, SceneName, Transition
from game.ui.spectator import DELAY_STEP, Spectator
from game.ui.two_players import TwoPlayers

if TYPE_CHECKING:
    from game.engine.search_values import Progress, SearchConfig, SearchResult

__all__ = ["DELAY_STEP", "GameScene"]

REPLY_DELAY = 0.35        # seconds before the computer's reply lands against a human (reads as a reply)
#: An analysis that came back with estimates is asked again, each time for twice as long, this many
#: times: a value proved later replaces its estimate (about 15 s in all with the default budget).
ANALYSIS_ROUNDS = 4
FLASH_SECONDS = 2.5
CASUAL_NOTICE_SECONDS = 6.0  # "casual game: not rated" stays a while: the header keeps saying "casual"


class Overlay(Protocol):
    def handle(self, event: pygame.event.Event) -> object: ...
    def draw(self, surface: pygame.Surface, theme: object) -> None: ...


@dataclass(frozen=True, slots=True)
class Flash:
    """A short message shown in the status line's place."""

    text: str
    seconds: float = FLASH_SECONDS
    warning: bool = False


class GameScene(Scene):
    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.model = GameModel(HUMAN, HUMAN)
        self.epoch = ctx.new_epoch()
        self.engine = EngineLink(ctx)
        self.autosaver = Autosaver(ctx.notices)
        self.spectator: Spectator | None = None
        self.pair: TwoPlayers | None = None          # two people at one screen: names and score
        self.cursor = COLS // 2
        self.time = 0.0
        self.anims: list[DropAnimation] = []
        self.shake: Shake | None = None
        self.flash: Flash | None = None
        self.overlay: Overlay | None = None
        self.analysis_on = False
        self.rating = RatingGuard(ctx.settings)  # rated or casual, and leaving a rated game
        # first of the hooks: the autosave says casual before the record counts the loss
        self.rating.forfeit_hooks.append(lambda model, _game: self.autosaver.forfeited(model))
        #: Keys that work once a game is over: key -> (label for the status line, action).
        self.end_keys: dict[int, tuple[str, Callable[[], None]]] = {}
        #: Called once with the model when a game has ended (after the last disc has landed).
        self.game_over_hooks: list[Callable[[GameModel], None]] = []
        #: Called with the model after every change of it (move, undo, redo, new game, load).
        self.change_hooks: list[Callable[[GameModel], None]] = []
        #: Draws into the row above the board when neither the analysis nor a match score uses it.
        self.top_row_extra: Callable[[pygame.Surface, pygame.Rect], None] | None = None
        self._reset_position_state()

    def _reset_position_state(self) -> None:
        """Forget everything computed for the previous position (hint, analysis, pending move...)."""
        self.pending: SearchResult | None = None
        self.analysis: Analysis | None = None
        self.analysis_rounds = 0  # analyses of this position that came back with estimates
        self.hint_wanted = False
        self.since_move = 0.0
        self.over_handled = False
        self.engine.forget()

    # -- state -----------------------------------------------------------------------------

    @property
    def tag(self) -> int:
        return self.epoch + self.model.generation

    @property
    def humans(self) -> int:
        return sum(not self.model.player(n).is_ai for n in (1, 2))

    @property
    def request(self) -> tuple[Ask, int] | None:
        return self.engine.request

    @property
    def progress(self) -> Progress | None:
        return self.engine.progress

    @property
    def savelist(self) -> SaveList | None:
        return self.overlay if isinstance(self.overlay, SaveList) else None

    @property
    def paused(self) -> bool:
        return self.spectator is not None and self.spectator.paused

    @property
    def move_delay(self) -> float:
        return self.spectator.delay if self.spectator is not None else self.ctx.settings.spectator_delay

    @property
    def scoreboard(self) -> Scoreboard | None:
        return self.spectator.scoreboard if self.spectator is not None else None

    def human_can_move(self) -> bool:
        return not self.model.is_over and not self.model.is_ai_turn() and self.overlay is None

    def has_unfinished_game(self) -> bool:
        """A game a player built that one key would throw away: moves made, not over, a human in it."""
        return bool(self.model.moves) and not self.model.is_over and self.humans > 0

    def shown_analysis(self) -> Analysis | None:
        """The analysis of the position on the board (it is forgotten whenever the position changes)."""
        return self.analysis

    @property
    def hint(self) -> int | None:
        """The hinted column: the analysis row's best column, once asked for and known."""
        if not self.hint_wanted or self.analysis is None or not self.human_can_move():
            return None
        return best_column(self.analysis)

    def hint_text(self) -> str | None:
        if self.hint is None or self.analysis is None:
            return None
        words = hint_words(self.analysis, len(self.model.moves))
        return words[1] if words else None

    def _changed(self) -> None:
        """The model changed (move, undo, redo, new game, load)."""
        self._reset_position_state()
        self.autosave()
        if self.pair is not None:
            self.pair.update(self.model)
        for hook in self.change_hooks:
            hook(self.model)

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
        self.autosaver.changed(self.model, rated=self.rating.game.rated)

    def _ask(self, question: str, detail: str, on_yes: Callable[[], None]) -> None:
        """Do ``on_yes`` now if no unfinished game would be lost, else after the player confirms.

        Leaving a rated game that far on counts as a loss: the question says so."""
        if self.rating.forfeits(self.model):
            def leave() -> None:
                self.rating.leave(self.model)
                on_yes()
            self.overlay = Confirm(question, f"{self.rating.warning(self.model)} {detail}".strip(), leave)
        elif self.has_unfinished_game():
            self.overlay = Confirm(question, f"The game in progress ({counted(len(self.model.moves), 'move')}) "
                                   f"will be lost. {detail}".strip(), on_yes)
        else:
            on_yes()

    # -- scene contract --------------------------------------------------------------------

    def enter(self, data: object) -> None:
        """Start what ``data`` (a GameStart) says; without data, show the game again as it was left
        (back from its review: the same game, names, scores and analysis row)."""
        super().enter(data)
        if data is None:
            return
        start = data if isinstance(data, GameStart) else GameStart(HUMAN, HUMAN)
        self.model = GameModel(start.red, start.yellow, settings=self.ctx.settings)
        self.epoch = self.ctx.new_epoch()
        self.anims.clear()
        self.shake = None
        self.overlay = None
        self.engine.request = None
        self.spectator = None
        self.pair = TwoPlayers(start.names, start.alternate, self.ctx.theme.names) if self.humans == 2 else None
        if self.model.red.is_ai and self.model.yellow.is_ai:
            self.spectator = Spectator(self.model, self.ctx.settings.spectator_delay)
        moves = start.moves or (self.spectator.next_opening() if self.spectator is not None else "")
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
        elif event.type == pygame.MOUSEMOTION:
            col = self.ctx.layout.column_at(event.pos)
            if col is not None:
                self.cursor = col
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            col = self.ctx.layout.column_at(event.pos)
            if col is not None and self.spectator is None:
                self.cursor = col
                self.play_column(col)

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

    def _handle_key(self, event: pygame.event.Event) -> None:
        if self.model.is_over and event.key in self.end_keys and not self.anims:
            self.end_keys[event.key][1]()
            return
        read = read_key(event, self.spectator is not None)
        if read is None:
            return
        command, col = read
        if command is Command.PLAY:
            self.cursor = col
            self.play_column(col)
            return
        action = self._actions().get(command)
        if action is not None:
            action()

    def _actions(self) -> dict[Command, Callable[[], None]]:
        spectator = self.spectator
        actions: dict[Command, Callable[[], None]] = {
            Command.UNDO: self.undo, Command.REDO: self.redo, Command.SAVE: self.save,
            Command.LOAD: self.open_savelist, Command.MENU: self.to_menu, Command.NEW_GAME: self.new_game,
            Command.ANALYSIS: self.toggle_analysis, Command.HINT: self.request_hint, Command.RETRY: self.retry,
            Command.HELP: self.open_help, Command.COPY: self.copy_moves, Command.PASTE: self.paste_moves,
            Command.CURSOR_LEFT: lambda: self._move_cursor(-1), Command.CURSOR_RIGHT: lambda: self._move_cursor(1),
            Command.DROP: lambda: self.play_column(self.cursor),
        }
        if spectator is not None:
            actions[Command.PAUSE] = lambda: self._say(spectator.toggle_pause())
            actions[Command.STEP] = lambda: self._say_if(spectator.step())
            actions[Command.FASTER] = lambda: self._say(spectator.change_delay(-1))
            actions[Command.SLOWER] = lambda: self._say(spectator.change_delay(1))
        return actions

    def _say_if(self, text: str | None) -> None:
        if text:
            self._say(text)

    def _move_cursor(self, step: int) -> None:
        self.cursor = (self.cursor + step) % COLS

    # -- player actions --------------------------------------------------------------------

    def play_column(self, col: int) -> bool:
        """A human asks to drop a disc in ``col``: play it or give visible feedback."""
        if self.model.is_over:
            more = "".join(f", {label}" for label, _ in self.end_keys.values())
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

    def undo(self) -> None:
        if self.spectator is not None:
            self._say("Undo is for games with a human player")
        elif self.model.undo():
            self.anims.clear()
            self._changed()
            self._casual(Casual.UNDO)
        else:
            self._reject(None, "Nothing to undo")

    def redo(self) -> None:
        if self.spectator is not None:
            return
        if self.model.redo():
            self.anims.clear()
            self._changed()
        else:
            self._reject(None, "Nothing to redo")

    def new_game(self) -> None:
        self._ask("Start a new game?", "", self._start_new_game)

    def _start_new_game(self) -> None:
        if self.pair is not None:
            self.pair.new_game(self.model)
        elif self.spectator is not None:  # a new match, with the colours the players were given
            self.model.new_game(swap_colours=self.model.swapped)
            self.spectator = Spectator(self.model, self.spectator.delay)
            self.model.load_moves(self.spectator.next_opening())
        else:
            self.model.new_game()
        self.rating.begin(self.model, from_start=True)
        self.analysis_on = self.analysis_on and not self.rating.game.against_computer
        self.anims.clear()
        self._changed()
        self._say("New game")

    def to_menu(self) -> None:
        """Back to the menu, which offers an unfinished game back (the autosave keeps it too)."""
        unfinished = bool(self.model.moves) and not self.model.is_over
        self.rating.suspend(self.model)
        self.next = Transition(SceneName.MENU, MenuData(self.model.saved_game() if unfinished else None))

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
        if not self.human_can_move():
            self._reject(None, "A hint is for your own turn")
            return
        self.hint_wanted = True
        self._casual(Casual.HINT)
        if self.analysis is None:
            self._say("Looking for the best move…")
        else:
            self._announce_hint()

    def _announce_hint(self) -> None:
        text = self.hint_text()
        if text:
            self._say(f"Hint: {text}")

    def toggle_analysis(self) -> None:
        if self.spectator is not None:
            self._say("The analysis row is for games with a human player")
            return
        self.analysis_on = not self.analysis_on
        self._say("Analysis row on" if self.analysis_on else "Analysis row off")
        if self.analysis_on:
            self._casual(Casual.ANALYSIS)

    def save(self) -> None:
        try:
            path = new_save_path()
            save_game(path, self.model.saved_game())
        except (OSError, SaveFileError) as exc:
            self.ctx.notices.add(f"Could not save the game: {exc}", "error")
            return
        self._say(f"Saved ({counted(len(self.model.moves), 'move')}) — Ctrl+O lists your saves")

    def open_savelist(self) -> None:
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
            red = parse_saved_player(saved.red, self.ctx.settings)
            yellow = parse_saved_player(saved.yellow, self.ctx.settings)
            self.model.load_moves(saved.moves, red=red, yellow=yellow)
        except (SaveFileError, MoveError, ValueError, OSError) as exc:
            self.ctx.notices.add(load_failure("load", path, exc), "error")
            return False
        self.anims.clear()
        self.spectator = Spectator(self.model, self.move_delay) if self.humans == 0 else None
        self.pair = TwoPlayers(colours=self.ctx.theme.names) if self.humans == 2 else None
        self.rating.begin(self.model, from_start=False)
        self._changed()
        self._say(f"Loaded the saved game ({counted(len(saved.moves), 'move')})")
        return True

    # -- engine ----------------------------------------------------------------------------

    def _wanted(self) -> Ask | None:
        """Which answer the engine should be working on for the current state, if any."""
        if self.model.is_over or self.engine.error:
            return None
        if self.model.is_ai_turn():
            return Ask.MOVE if self.pending is None else None
        if (self.hint_wanted or self.analysis_on) and (
                self.analysis is None or (not self.analysis.exact and self.analysis_rounds < ANALYSIS_ROUNDS)):
            return Ask.ANALYSIS  # again, for twice as long, while it holds estimates: proofs replace them
        return None

    def _config_for(self, ask: Ask) -> SearchConfig:
        settings = self.ctx.settings
        if ask is Ask.MOVE:
            return settings.player_search(self.model.player(self.model.turn))
        # A hint alone gets a little longer than the analysis row: it is asked for on purpose.
        budget = settings.analysis_time if self.analysis_on else max(1.0, settings.analysis_time)
        budget *= 2 ** self.analysis_rounds
        return replace(settings.search_config(), perfect_play=True, time_limit=budget)

    def _accept(self, answer: Answer) -> None:
        if answer.ask is Ask.MOVE:
            self.pending = answer.move
        elif answer.analysis is not None:
            self.analysis = answer.analysis
            self.analysis_rounds += not answer.analysis.exact
            if self.hint_wanted:
                self._announce_hint()

    def _apply_computer_move(self) -> None:
        if self.pending is None or self.anims:
            return
        if self.spectator is not None:
            if not self.spectator.may_move(self.since_move):
                return
        elif self.since_move < REPLY_DELAY:
            return
        move = self.pending.move
        self.pending = None
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
        for answer in self.engine.poll(self.tag):
            self._accept(answer)
        self._apply_computer_move()
        ask = self._wanted()
        self.engine.sync(ask, self.tag, self.model.position, self._config_for(ask) if ask else None, self.time)
        self._update_game_over(dt)

    def _update_game_over(self, dt: float) -> None:
        if not self.model.is_over or self.anims:
            return
        if not self.over_handled:
            self.over_handled = True
            self._game_over()
        elif self.spectator is not None and self.spectator.next_game_due(dt):
            self.model.new_game(swap_colours=True)
            self.model.load_moves(self.spectator.next_opening())
            self._changed()

    def _game_over(self) -> None:
        """The one place where a finished game is handled, once, after its last disc has landed."""
        self.ctx.sound.play("draw" if self.model.winner is None else "win")
        if self.spectator is not None:
            self.spectator.scoreboard.record(self.model)
        for hook in self.game_over_hooks:
            hook(self.model)

    # -- drawing ---------------------------------------------------------------------------

    def board_scene(self) -> BoardScene:
        model = self.model
        settled = not self.anims
        playable = model.position.can_play(self.cursor)
        ghost = (self.cursor, model.turn) if self.human_can_move() and settled and playable else None
        return BoardScene(
            cell=model.position.cell,
            hidden={(a.col, a.row) for a in self.anims},
            falling=[(a.col, a.y, a.player) for a in self.anims],
            ghost=ghost,
            last_move=model.last_move,
            winning=model.winning_cells if settled else frozenset(),
            hint=self.hint,
            shake=(self.shake.col, self.shake.offset(), self.shake.strength) if self.shake else None,
            time=self.time,
        )

    def status_text(self) -> str:
        return game_text.status_text(self)

    def draw(self, surface: pygame.Surface) -> None:
        ctx = self.ctx
        surface.fill(ctx.theme.background)
        game_text.draw_header(self, surface)
        game_text.draw_top_row(self, surface)
        game_text.draw_column_numbers(self, surface)
        ctx.renderer.draw(surface, ctx.layout, ctx.theme, self.board_scene())
        if self.model.is_over and not self.anims:
            game_text.draw_result(self, surface)
        game_text.draw_status(self, surface)
        if self.overlay is not None:
            self.overlay.draw(surface, ctx.theme)

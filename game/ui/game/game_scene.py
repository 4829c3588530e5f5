"""The game scene: the board, a human's moves, the computer's replies, hint, analysis, undo/redo,
save/load, matches between two computers and games against a player on another computer. It
never applies a game rule itself: GameModel does (and, in a network game, the match the link runs).

The scene is the one writer of its state. Its parts take values and return values, which the
scene applies (:meth:`GameScene.apply`, the effects of ``game_replies``): ``game_input`` turns an
event into an ``Action``; ``game_coach`` answers hint, why? and the analysis row; ``game_files``
answers files and the clipboard; ``game_thinking`` keeps what the engine was asked and hands the
frame's answers back as one ``Answer``. Who plays, what that allows and the seats' own commands
are the seats' (``seats``), handed in by whoever starts the game (``GameStart.seats``: a network
game's come from its lobby); the scene reads them as one value (a ``Sitting``), and their replies
and a shared game's news (its ``peer``) are effects too.
The autosave, the record and the rating are the session's (``game.session``); the words and the
rows around the board are ``game_text``'s (handed a ``GameView``). ``_game_over`` is the one place
where the end of a game is handled; once it is over, R opens its review."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Protocol

import pygame

from game.domain.players import HUMAN
from game.domain.rated import Casual
from game.echo import shown
from game.i18n import _, ngettext
from game.engine.board import ColumnFullError, MoveError, format_moves
from game.engine.game_review import ReviewProgress
from game.model import GameModel
from game.service.client import EngineClient
from game.session.core import Departure
from game.training.owners import opponent_names
from game.session.rating import RatingGuard
from game.ui import clipboard
from game.ui.anim import DropAnimation, Shake
from game.speech import Heard
from game.ui.game import game_coach, game_files, game_heard, game_replies, game_text
from game.ui.game.game_input import END_KEYS, Action, Command, read_input
from game.ui.game.game_replies import AnalysisRow, Ask, Effect, Effects, Go, Loaded, NewGame, Notice, Reject, Show, Want
from game.ui.game.game_text import Flash, GameView
from game.ui.game.game_thinking import Thinking
from game.ui.game.seats import (AgainstComputer, Allow, Finished, Follow, News, Refusal, Say, Seats, Sitting, Withdraw,
                                seats_for)
from game.ui.game.spectator import DELAY_STEP
from game.ui.layout import COLS, ROWS
from game.ui.overlays import Confirm, HelpOverlay
from game.ui.savelist import SaveList
from game.ui.scene import Context, GameStart, Scene, SceneName
from game.words.move_errors import move_error_text

__all__ = ["DELAY_STEP", "GameScene"]

CASUAL_NOTICE_SECONDS = 6.0  # "casual game: not rated" stays a while: the header keeps saying "casual"

#: What each command needs the seats to allow (the others need nothing).
NEEDS = {Command.UNDO: Allow.UNDO, Command.REDO: Allow.REDO, Command.LOAD: Allow.LOAD, Command.HINT: Allow.HINT,
         Command.WHY: Allow.HINT, Command.ANALYSIS: Allow.ANALYSIS}


class Overlay(Protocol):
    def handle(self, event: pygame.event.Event) -> object: ...
    def draw(self, surface: pygame.Surface, theme: object) -> None: ...


def _humans(model: GameModel) -> int:
    return sum(not model.player(n).is_ai for n in (1, 2))


class GameScene(Scene):
    notices_beside_board = True    # the rows above the board are read (the tally, the analysis)

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.model = GameModel(HUMAN, HUMAN)
        self.epoch = ctx.engine.new_epoch()
        self.engine = EngineClient(ctx.engine, lambda message: ctx.notices.add(
            _("Engine error: {error}").format(error=message), "error", seconds=10.0),
            tell=ctx.notices.recovered)
        self.thinking = Thinking(self.engine, ctx.settings)   # what the engine is asked, what came back
        self.seats: Seats = AgainstComputer()      # who plays, what that allows, its words
        self.cursor = COLS // 2
        self.time = 0.0
        self.since_move = 0.0
        self.over_handled = False
        self.anims: list[DropAnimation] = []
        self.shake: Shake | None = None
        self.flash: Flash | None = None
        self.overlay: Overlay | None = None
        self.analysis_on = False
        self.rating = ctx.session.rating  # rated or casual, and leaving a rated game
        self.going_to: SceneName | None = None    # left by a key for the menu or the review (None: otherwise)

    # -- state -----------------------------------------------------------------------------

    @property
    def wants_text(self) -> bool:
        """While the peer's text line is open every key is typed (M does not mute, F11 does not
        switch to fullscreen)."""
        return self.overlay is None and (peer := self.seats.peer) is not None and peer.typing

    def sitting(self) -> Sitting:
        """Who plays now, as the seats see it (the dropping disc's player and column told)."""
        falling = self.anims[-1] if self.anims else None
        return self.seats.sitting(self.model, self.ctx.theme.names,
                                  (falling.player, falling.col) if falling is not None else None)

    def human_can_move(self) -> bool:
        return self.overlay is None and self.sitting().may_move

    def has_unfinished_game(self) -> bool:
        """A game a player built that one key would throw away: moves made, not over, a human in it."""
        return bool(self.model.moves) and not self.sitting().over and _humans(self.model) > 0

    def changed(self) -> None:
        """The model changed (move, undo, redo, new game, load): everything computed for the
        previous position is forgotten; the seats hear of it first (a network game's seat goes
        into its saves), then the session (the autosave)."""
        self.thinking.forget()
        self.since_move = 0.0
        self.over_handled = False
        self.seats.changed(self.model)
        self.ctx.session.changed(self.model, rated=self.rating.game.rated, analysis=self.analysis_on)

    def autosave(self) -> None:
        """Write the game on the board to the autosave as it stands, rated or casual."""
        self.ctx.session.autosaver.changed(self.model, rated=self.rating.game.rated, analysis=self.analysis_on)

    # -- what the parts answer -------------------------------------------------------------

    def apply(self, *effects: Effect) -> None:
        """Carry out, in order, what the scene's parts or its seats answered: the one place that
        changes the scene for them."""
        for effect in effects:
            if isinstance(effect, str):
                self.flash = Flash(effect) if effect else self.flash
            elif isinstance(effect, Reject) or (isinstance(effect, Refusal) and effect.warning):
                self.shake = Shake(effect.col) if isinstance(effect, Reject) and effect.col is not None else self.shake
                self.ctx.sound.play("invalid")
                self.flash = Flash(effect.text, warning=True)
            elif isinstance(effect, Refusal):
                self.flash = Flash(effect.text)
            elif isinstance(effect, Say):
                self.flash = (Flash(effect.text, warning=effect.warning) if effect.seconds is None
                              else Flash(effect.text, warning=effect.warning, seconds=effect.seconds))
            elif isinstance(effect, Notice):
                self.ctx.notices.add(effect.text, effect.kind)
            elif isinstance(effect, (Confirm, Show)):
                self.overlay = effect if isinstance(effect, Confirm) else effect.overlay
            elif isinstance(effect, Withdraw):
                self.overlay = None if self.overlay is effect.question else self.overlay
            elif isinstance(effect, Finished):
                self.ctx.session.autosaver.cleared()
            elif isinstance(effect, Follow):
                self._follow(effect)
            elif isinstance(effect, Go):
                if effect.leaving is SceneName.MENU:
                    self.rating.suspend(self.model)     # a rated game left for the menu goes on from there
                self.next, self.going_to = effect.transition, effect.leaving
            elif isinstance(effect, Want):
                self.thinking.want(hint=effect.hint, why=effect.why)
            elif isinstance(effect, AnalysisRow):
                self.analysis_on = effect.on
                self.autosave()     # the game comes back from the autosave with the row as it was left
            elif isinstance(effect, Casual):      # the game turns casual: said once, when it happens
                notice = self.rating.make_casual(effect)
                if notice:
                    self.ctx.notices.add(notice, seconds=CASUAL_NOTICE_SECONDS)
                    self.autosave()     # a kill from now on must not bring the game back rated
            elif isinstance(effect, Loaded):
                self._load_game(effect)
            elif isinstance(effect, NewGame):
                self.seats.new_game(self.model)
                self.rating.begin(self.model, from_start=True)
                self.analysis_on = self.analysis_on and not self.rating.game.against_computer
                self.anims.clear()
                self.changed()
                self.flash = Flash(_(self.sitting().new_said))
            elif isinstance(effect, Ask):
                self._ask(effect)

    def _ask(self, ask: Ask) -> None:
        """Apply ``ask.then`` now if no unfinished game would be lost, else after the player confirms."""
        session = self.ctx.session
        leaving = session.leaving(Departure.REPLACE, self.model, humans=_humans(self.model))
        if leaving is None:
            self.apply(ask.then)
            return

        def leave() -> None:
            session.leave(leaving)
            self.apply(ask.then)

        self.overlay = Confirm(ask.question, f"{leaving.detail} {ask.detail}".strip(), leave)

    def _follow(self, agreed: Follow) -> None:
        """Show a shared game as its two sides agreed it: one new move drops in, anything else is
        set at once (through the model's own checks)."""
        moves = self.model.moves
        if agreed.moves == moves:
            return
        if agreed.animate is not None and agreed.moves == (*moves, agreed.animate):
            self.drop(agreed.animate)
            return
        self.model.load_moves(agreed.moves)
        self.anims.clear()
        self.changed()

    def _load_game(self, loaded: Loaded) -> None:
        self.model.load_moves(loaded.moves, red=loaded.red, yellow=loaded.yellow)   # checked by game_files
        self.anims.clear()
        pace = self.sitting().pace       # a match's time per move goes on into the loaded game
        delay = pace if pace is not None else self.ctx.settings.spectator_delay
        self.seats = seats_for(self.model, colours=self.ctx.theme.names, delay=delay)
        self.rating.begin(self.model, from_start=False)
        self.changed()
        n = len(loaded.moves)
        self.flash = Flash(ngettext("Loaded the saved game ({n} move)", "Loaded the saved game ({n} moves)", n).format(n=n))

    # -- scene contract --------------------------------------------------------------------

    def enter(self, data: object) -> None:
        """Start what ``data`` (a GameStart) says, with the seats it hands in (else the seats of its
        players); without data, show the game again as it was left (back from its review: the same
        game, names, scores, analysis row and, for a network game, connection)."""
        super().enter(data)
        if data is None:
            return
        start = data if isinstance(data, GameStart) else GameStart(HUMAN, HUMAN)
        self.model = GameModel(start.red, start.yellow, ladder=self.ctx.settings)
        self.epoch = self.ctx.engine.new_epoch()
        self.anims.clear()
        self.shake = None
        self.overlay = None
        self.engine.request = None
        self.seats = (start.seats(self.model) if start.seats is not None else
                      seats_for(self.model, names=start.names, alternate=start.alternate,
                                colours=self.ctx.theme.names, delay=self.ctx.settings.spectator_delay))
        # seats the session does not rate (two people at two computers): never rated, never left as a loss
        self.rating = self.ctx.session.rating if self.sitting().rated else RatingGuard(self.ctx.settings)
        moves = start.moves or self.seats.opening()
        if moves:
            try:
                self.model.load_moves(moves)
            except MoveError as exc:
                text = shown(format_moves(moves), clipboard.SHOWN)
                self.ctx.notices.add(_("Could not restore the moves {moves}: {error}").format(
                    moves=text, error=move_error_text(exc)), "error")
        notice = self.rating.enter(self.model, self.model.moves_string(), start.continued)
        if notice:                                  # a rated autosave whose level is no longer rated
            self.ctx.notices.add(notice, seconds=CASUAL_NOTICE_SECONDS)
        first = self._news(0.0)     # a shared game's first words ("Playing Bob: you are Red"), its seat in the model
        self.changed()     # an opening on the board is a game in progress: autosaved like any other
        self.analysis_on = start.analysis
        self.apply(*first)

    def _news(self, dt: float) -> list[News]:
        peer = self.seats.peer
        return [] if peer is None else peer.poll(dt)

    def leave(self) -> None:
        self.engine.cancel()
        going_to, self.going_to = self.going_to, None
        if (peer := self.seats.peer) is not None:
            peer.leave(going_to)

    def shutdown(self) -> None:
        if (peer := self.seats.peer) is not None:
            peer.shutdown()

    def handle(self, event: pygame.event.Event) -> None:
        overlay = self.overlay
        if isinstance(overlay, SaveList):
            self.apply(*game_files.savelist_event(overlay, event, self.ctx.settings))
        elif overlay is not None:
            if overlay.handle(event) and self.overlay is overlay:
                self.overlay = None
        elif (peer := self.seats.peer) is not None and peer.typing and event.type in (pygame.KEYDOWN,
                                                                                     pygame.TEXTINPUT):
            self.apply(peer.type(event))
        else:
            sitting = self.sitting()
            action = read_input(event, self.ctx.layout.column_at, cursor=self.cursor, watching=sitting.watching,
                                may_drop=Allow.DROP in sitting.allows, over=sitting.over and not self.anims)
            if action is not None:
                self._command(action)

    # -- player actions --------------------------------------------------------------------

    def _command(self, action: Action) -> None:
        """Carry out a key's or a click's command: the seats' own first (a match's pause, a
        network game's undo or chat), then, if the seats allow it, the scene's."""
        command = action.command
        if command is Command.POINT or command is Command.PLAY:
            self.cursor = action.col
            if command is Command.PLAY:
                self.play_column(action.col)
            return
        steer = self.seats.steering().get(command)
        if steer is not None:
            self.apply(steer())
            return
        sitting = self.sitting()
        needs = NEEDS.get(command)
        if needs is not None and needs not in sitting.allows:
            self.apply(sitting.refusal(needs))
            return
        if command is Command.UNDO or command is Command.REDO:
            redo = command is Command.REDO
            if not (self.model.redo() if redo else self.model.undo()):
                self.apply(Reject(_("Nothing to redo") if redo else _("Nothing to undo")))
                return
            self.anims.clear()
            self.changed()
            if not redo:
                self.apply(Casual.UNDO)
        elif command is Command.MENU:       # after the seats' question, if they have one
            question = sitting.leave_question

            def menu() -> None:
                self.apply(game_replies.menu(self.model, self.sitting(), self.analysis_on))
            if question is None:
                menu()
            else:
                self.apply(Confirm(*question, menu))
        elif command is Command.RETRY:
            if self.engine.error:
                self.engine.error = None
                self.apply(_("Retrying…"))
        else:
            def turn() -> game_coach.Turn:
                return game_coach.Turn.of(self.thinking, self.model.position, self.cursor, self.human_can_move())

            answers: dict[Command, Callable[[], Effects]] = {
                Command.SAVE: lambda: game_files.save(self.model), Command.LOAD: game_files.open_savelist,
                Command.COPY: lambda: game_files.copy_moves(self.model), Command.PASTE: game_files.paste_moves,
                Command.HINT: lambda: game_coach.hint(turn()), Command.WHY: lambda: game_coach.why(turn()),
                Command.ANALYSIS: lambda: game_coach.analysis_row(not self.analysis_on),
                Command.NEW_GAME: lambda: (Ask(_("Start a new game?"), "", NewGame()),),
                Command.REVIEW: lambda: (game_replies.review(self.model, sitting),),
                Command.HELP: lambda: (Show(HelpOverlay(self.ctx.settings, self.ctx.theme.names)),)}
            answer = answers.get(command)
            self.apply(*(answer() if answer is not None else ()))

    def play_column(self, col: int) -> bool:
        """A human asks to drop a disc in ``col``: play it (or hand it to the other side of a shared
        game, shown once agreed) or give visible feedback."""
        refusal = self.sitting().move_refusal
        if refusal is not None:
            self.apply(refusal)
            return False
        if self.model.is_over:
            self.apply(Reject(_("The game is over: N starts a new one, R reviews it, Esc opens the menu")))
            return False
        if self.model.is_ai_turn():
            self.apply(Reject(_("Wait: the computer is thinking")))
            return False
        peer = self.seats.peer
        if peer is not None and self.model.position.can_play(col):
            peer.send(col)      # the other side agrees to it, or nothing is shown
            return True
        return self.drop(col)

    def drop(self, col: int) -> bool:
        """Play ``col`` on the board now, checked by the model's rules, and drop the disc in; False
        (and said why, with the column shaking) if the rules refuse it."""
        player = self.model.turn
        try:
            self.model.play(col)
        except ColumnFullError:
            self.apply(Reject(_("Column {column} is full: choose another one").format(column=col + 1), col))
            return False
        except MoveError as exc:
            self.apply(Reject(move_error_text(exc), col if 0 <= col < COLS else None))
            return False
        last = self.model.last_move
        assert last is not None
        self.anims = [a for a in self.anims if not a.done]
        self.anims.append(DropAnimation(last[0], last[1], player, start=float(ROWS),
                                        speed=self.ctx.settings.animation_speed))
        self.changed()
        return True

    def load(self, path: Path) -> bool:
        """Load a saved game; on any problem show it and keep the current game."""
        effects = game_files.load(path, self.ctx.settings)
        self.apply(*effects)
        return not isinstance(effects[0], Notice)

    # -- frame -----------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.apply(*self._news(dt))
        self.time += dt
        self.since_move += dt
        for anim in self.anims:
            if anim.update(dt):
                self.ctx.sound.play_drop(anim.col, anim.row)
        self.anims = [a for a in self.anims if not a.done]
        if self.shake is not None:
            self.shake.update(dt)
            if self.shake.done:
                self.shake = None
        if self.flash is not None:
            self.flash = replace(self.flash, seconds=self.flash.seconds - dt) if self.flash.seconds > dt else None
        answer = self.thinking.answers(self.epoch + self.model.generation, played=len(self.model.moves),
                                       can_move=self.human_can_move(),
                                       move_due=not self.anims and self.seats.reply_due(self.since_move))
        if answer.hint:
            self.apply(_("Hint: {hint}").format(hint=answer.hint))
        if answer.move is not None and not self.drop(answer.move):     # the same checked drop as a click
            self.engine.failed(_("the engine chose an illegal move (column {column})").format(column=answer.move + 1))
        self.thinking.ask(self.epoch + self.model.generation, self.model, self.analysis_on, self.ctx.theme.names,
                          self.time)
        self._game_over(dt)

    def _game_over(self, dt: float) -> None:
        """The one place where a finished game is handled, once, after its last disc has landed;
        then the seats may start the next one (a match between computers)."""
        if self.anims or not (sitting := self.sitting()).over:
            return
        if self.over_handled:
            if self.seats.next_game(self.model, dt):
                self.changed()
            return
        self.over_handled = True
        self.ctx.sound.play("draw" if sitting.winner is None else "loss" if sitting.lost else "win")
        self.seats.game_over(self.model)
        # whose slips become drills: judged on the session's practice thread
        self.ctx.session.practice.judge(self.model.moves, sitting.drill_sides,
                                        opponents=opponent_names((self.model.player(1), self.model.player(2))))

    # -- drawing ---------------------------------------------------------------------------

    def view(self) -> GameView:
        """This frame's values for the words around the board."""
        engine, shake, thinking, sitting = self.engine, self.shake, self.thinking, self.sitting()
        can_move = self.overlay is None and sitting.may_move
        results = self.ctx.session.results
        return GameView(
            ctx=self.ctx, model=self.model, rating=self.rating.game, sitting=sitting, typing=self.wants_text,
            anims=tuple(self.anims),
            end_labels=tuple(label for label, _command in END_KEYS.values()), engine_error=engine.error,
            progress=engine.progress if not isinstance(engine.progress, ReviewProgress) else None,
            requested_at=engine.requested_at, pending=thinking.pending, time=self.time,
            hint=thinking.hint() if can_move else None,
            hint_text=thinking.hint_text(len(self.model.moves)) if can_move else None,
            why=thinking.why() if can_move else None, hint_wanted=thinking.hint_wanted,
            over_handled=self.over_handled, analysis_on=self.analysis_on, analysis=thinking.analysis,
            tally=results.tally_text() if results.played and sitting.tally else None,
            cursor=self.cursor, can_move=can_move, flash=self.flash,
            shake=(shake.col, shake.offset(), shake.strength) if shake is not None else None)

    def status_text(self) -> str:
        return game_text.status_text(self.view())

    def heard(self) -> Heard:
        return game_heard.heard(self.view(), self.overlay)

    def draw(self, surface: pygame.Surface) -> None:
        game_text.draw(self.view(), surface)
        if self.overlay is not None:
            self.overlay.draw(surface, self.ctx.theme)

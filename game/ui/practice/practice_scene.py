"""The Practice scene: one player's drills due today first, then puzzles near the puzzle rating.

Drills belong to players (``game.store.drill_file``): the scene shows one player's at a time (the one
shown last, unless only another player has drills due); Tab goes on to the next player with drills,
and the menu's Practice row counts the drills of the player it opens on. O turns drills from the
shown player's games off or on (``PracticeKeeper.wants``). The puzzles served and the puzzle rating
are the shown player's too.

The position is shown as the game shows it, the player's side named ("You are Red"). A disc
dropped (1–7, Left/Right then Enter, a click) is judged at once by ``practice_round``: no
search is needed to know right from wrong (a drill's accepted columns and a puzzle's only moves
are proved already). A miss asks the session's practice thread for its refutation, which then
plays out disc by disc; then the right move is shown. Every drill answered, right or wrong, ends
with the review's checked explanation (``game.engine.explain``): of the move tried when it was
wrong, of the game's move when it was right; a drill says where it came from under its task.
Grades go to the drill schedule and puzzle results to the puzzle rating through the session
(``game.training.keeper``), written on its thread. The day's progress and the streak of right
answers are in the header; the words it shows come from ``game.ui.practice.practice_words``.
"""

from __future__ import annotations

from datetime import datetime
from functools import lru_cache

import pygame

from game.domain.names import name_key
from game.engine.board import Position
from game.i18n import _, ngettext
from game.i18n import rating_text as rating_number
from game.store.drill_file import LOCAL_PLAYER
from game.training.puzzle_set import Puzzle, load_puzzles, rating_of, serve, theme_word
from game.training.proofs import Refutation
from game.store.puzzle_results import PuzzleResult
from game.ui.anim import DropAnimation
from game.ui.keys import cursor_key
from game.ui.layout import COLS, ROWS
from game.ui.overlays import PRACTICE_HELP, HelpOverlay, is_help_key
from game.speech import Heard
from game.ui.practice import practice_heard
from game.ui.practice.practice_round import (Attempt, Exercise, Phase, Played, columns_words, right_words,
                                             verdict_words)
from game.ui.practice.practice_lines import below_the_task
from game.ui.practice.practice_words import header_texts, keys_texts, progress_texts
from game.ui.render import BoardScene
from game.ui.resources import draw_text, fit_text, largest_fitting
from game.ui.scene import Context, Scene, SceneName, Transition

__all__ = ["PracticeScene"]

REPLY_PAUSE = 0.5       # seconds before a puzzle's defender answers, or a refutation's next disc falls
REFUTED_PAUSE = 1.2     # seconds the refuted position stays before the board goes back
NEXT_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_n)
WHOSE_KEY = pygame.K_TAB        # the next player's drills
WANTS_KEY = pygame.K_o          # drills from the shown player's games: on or off


@lru_cache(maxsize=1)
def shipped_puzzles() -> tuple[Puzzle, ...]:
    """The shipped puzzles, read once (they are tested whole: a damaged file is a broken install)."""
    return load_puzzles()


class PracticeScene(Scene):
    notices_at_top = True

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.keeper = ctx.session.practice
        self.attempt: Attempt | None = None
        self.cursor = COLS // 2
        self.overlay: HelpOverlay | None = None
        self.verdict = ""                 # the last verdict, in words
        self.verdict_right: bool | None = None
        self.why: str | None = None       # the explanation of the last miss, once proved
        self.shown = 0                    # how many of the attempt's moves are drawn landed
        self.anim: DropAnimation | None = None
        self.wait = 0.0                   # seconds before the next step of a reply or refutation
        self.ticket: int | None = None    # the refutation asked for
        self.refutation: Refutation | None = None
        self.done_drills: set[tuple[str, int]] = set()   # drills practised this visit (each comes once)
        self.tried: set[tuple[str, str]] = set()   # (player, puzzle) tried this visit
        self.puzzles: tuple[Puzzle, ...] = ()
        self.drills_today = 0

    # -- scene contract --------------------------------------------------------------------

    def enter(self, data: object) -> None:
        super().enter(data)
        self.overlay = None
        self.attempt = None
        self.done_drills, self.tried = set(), set()
        self._first_player()
        try:
            self.puzzles = shipped_puzzles()
        except (OSError, ValueError) as exc:
            self.puzzles = ()
            self.ctx.notices.add(_("The puzzles cannot be read: {problem}").format(problem=exc), "error")

    def leave(self) -> None:
        self.anim = None

    def now(self) -> datetime:
        return datetime.now().astimezone()

    # -- whose drills ----------------------------------------------------------------------

    def _first_player(self) -> None:
        """Show the player shown last; if they have no drills due and someone else has, that one."""
        if self.keeper.loaded:
            self.keeper.player = self.keeper.player_to_show(self.now())

    def next_player(self) -> str | None:
        """The player Tab goes on to (None when nobody else has drills)."""
        players = self.keeper.players()
        if len(players) < 2:
            return None
        here = next((i for i, p in enumerate(players) if p == self.keeper.player), -1)
        return players[(here + 1) % len(players)]

    def show_next_player(self) -> None:
        """Tab: the next player's drills (an exercise not finished is left ungraded)."""
        player = self.next_player()
        attempt = self.attempt
        answering = attempt is not None and not (self._settled() and attempt.phase in (Phase.ASK, Phase.DONE))
        if player is None or answering:
            return
        self.keeper.player = player
        self.start_next()
        whose = _("Your drills") if player == LOCAL_PLAYER else _("{player}'s drills").format(player=player)
        self.verdict, self.verdict_right = whose, None

    def toggle_wants(self) -> None:
        """O: drills from the shown player's games off, or on again."""
        keeper, player = self.keeper, self.keeper.player
        wants = not keeper.wants(player)
        keeper.set_wants(player, wants)
        if player == LOCAL_PLAYER:
            self.verdict = (_("Drills from your games: on (O turns them off)") if wants
                            else _("Drills from your games: off (O turns them on)"))
        else:
            self.verdict = (_("Drills from {player}'s games: on (O turns them off)") if wants
                            else _("Drills from {player}'s games: off (O turns them on)")).format(player=player)
        self.verdict_right = None

    # -- what comes next -------------------------------------------------------------------

    def next_exercise(self) -> Exercise | None:
        """A due drill of the shown player not done this visit, else the puzzle nearest their rating."""
        for entry in self.keeper.due(self.now()):
            if entry.ident not in self.done_drills:
                return Exercise(entry=entry)
        results = self.keeper.results_of()
        whose = name_key(self.keeper.player)
        done = {r.puzzle for r in results} | {puzzle for player, puzzle in self.tried if player == whose}
        served = serve(self.puzzles, rating_of(results, self.puzzles), done, count=1)
        return Exercise(puzzle=served[0]) if served else None

    def start_next(self) -> None:
        exercise = self.next_exercise()
        self.attempt = Attempt(exercise) if exercise is not None else None
        self.shown = len(self.attempt.moves) if self.attempt is not None else 0
        self.anim, self.ticket, self.refutation, self.wait = None, None, None, 0.0
        self.verdict, self.verdict_right, self.why = "", None, None
        self.cursor = COLS // 2      # every exercise starts with the cursor in the middle column

    def rating_text(self) -> str:
        rating = rating_of(self.keeper.results_of(), self.puzzles)
        return _("puzzle rating {rating}").format(rating=rating_number(rating.value))

    # -- input -----------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        if self.overlay is not None:
            if self.overlay.handle(event):
                self.overlay = None
            return
        if is_help_key(event):
            self.overlay = HelpOverlay(self.ctx.settings, self.ctx.theme.names, opening=PRACTICE_HELP)
        elif event.type == pygame.KEYDOWN:
            self._key(event.key)
        elif event.type == pygame.MOUSEMOTION:
            col = self.ctx.layout.column_at(event.pos)
            if col is not None:
                self.cursor = col
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            col = self.ctx.layout.column_at(event.pos)
            if self._finished():
                self.go_on()
            elif col is not None:
                self.cursor = col
                self.drop(col)

    def _key(self, key: int) -> None:
        if key == pygame.K_ESCAPE:
            self.next = Transition(SceneName.MENU)
        elif key == WHOSE_KEY:
            self.show_next_player()
        elif key == WANTS_KEY:
            self.toggle_wants()
        elif self._finished() and key in NEXT_KEYS:
            self.go_on()
        elif (move := cursor_key(key, self.cursor)) is not None:
            self.cursor = move.column
            if move.drop:
                self.drop(self.cursor)

    def _finished(self) -> bool:
        return self.attempt is not None and self.attempt.phase is Phase.DONE and self._settled()

    def _settled(self) -> bool:
        return self.anim is None and self.attempt is not None and self.shown >= len(self.attempt.moves)

    def go_on(self) -> None:
        self.start_next()

    def drop(self, col: int) -> None:
        """The player drops a disc in ``col``: judged at once, or refused with a word why."""
        attempt = self.attempt
        if attempt is None or attempt.phase is not Phase.ASK or not self._settled():
            return
        if not attempt.legal(col):
            self.ctx.sound.play("invalid")
            self.verdict, self.verdict_right = _("Column {column} is full: choose another one").format(column=col + 1), None
            return
        played = attempt.drop(col)
        if played in (Played.RIGHT, Played.SOLVED):
            self._right(col, played)
        else:
            self._wrong(col, played)

    def _right(self, col: int, played: Played) -> None:
        attempt = self.attempt
        assert attempt is not None
        self.why = None
        if played is Played.RIGHT:
            self.verdict = _("Right: column {column} is the only move. Your next move…").format(column=col + 1)
            self.verdict_right = True
            self.wait = REPLY_PAUSE
            return
        self.verdict_right = True
        if attempt.exercise.entry is not None:
            drill = attempt.exercise.entry.drill
            self.verdict = right_words(drill, col, second_try=len(attempt.tries) > 1)
            # the review's explanation of the move played in the game, shown once it is proved
            self.ticket = self.keeper.explain(drill.moves, drill.played, self.ctx.theme.names)
        else:
            self.verdict = _("Solved: every only move found · {theme}").format(
                theme=theme_word(attempt.exercise.puzzle.theme))
        self._finish()

    def _wrong(self, col: int, played: Played) -> None:
        attempt = self.attempt
        assert attempt is not None
        self.verdict, self.verdict_right = verdict_words(attempt, col, None), False
        before = attempt.moves[:-1]
        self.ticket = self.keeper.refute(before, col, self.ctx.theme.names)
        self.refutation = None
        if played is Played.FAILED:
            self._finish()

    def _finish(self) -> None:
        """The exercise is over: its grade goes to the schedule, or its result to the rating."""
        attempt = self.attempt
        assert attempt is not None and attempt.solved is not None
        now = self.now()
        ex = attempt.exercise
        first_try = bool(attempt.solved) and (ex.entry is None or len(attempt.tries) == 1)
        self.keeper.count(first_try)
        if ex.entry is not None:
            self.done_drills.add(ex.entry.ident)
            self.keeper.grade(ex.entry, attempt.grade, now)
        else:
            assert ex.puzzle is not None
            self.tried.add((name_key(self.keeper.player), ex.puzzle.id))
            self.keeper.add_result(PuzzleResult(ex.puzzle.id, attempt.solved, now.isoformat(timespec="seconds"),
                                                self.keeper.player))

    # -- frame -----------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        if self.attempt is None:
            if self.keeper.loaded:
                self._first_player()
                self.start_next()
            return
        if self.anim is not None:
            if self.anim.update(dt):
                self.ctx.sound.play_drop(self.anim.col, self.anim.row)
            if self.anim.done:
                self.anim = None
                self.shown += 1
            return
        attempt = self.attempt
        if self.shown < len(attempt.moves):
            col = attempt.moves[self.shown]
            pos = Position.from_moves(attempt.moves[:self.shown])
            self.anim = DropAnimation(col, pos.height(col), pos.turn, start=float(ROWS),
                                      speed=self.ctx.settings.animation_speed)
            return
        self.wait = max(0.0, self.wait - dt)
        if self.wait > 0:
            return
        if attempt.phase is Phase.REPLY:
            attempt.reply()
        elif attempt.phase is Phase.REFUTE:
            self._refute()
        elif attempt.phase is Phase.DONE and self.ticket is not None:
            self._explained()

    def _explained(self) -> None:
        """A drill answered right: the review's explanation of the game's move, once it has come."""
        answer = self.keeper.answer(self.ticket) if self.ticket is not None else None
        if isinstance(answer, Refutation):
            self.ticket = None
            entry = self.attempt.exercise.entry if self.attempt is not None else None
            if answer.why and entry is not None:
                source = entry.drill.source
                column = entry.drill.played + 1
                self.why = (_("Here, column {column}: {why}") if source is not None and source.chosen
                            else _("In the game, column {column}: {why}")).format(column=column, why=answer.why)

    def _refute(self) -> None:
        """Play out the refutation once it has come; then back to the position of the miss."""
        attempt = self.attempt
        assert attempt is not None
        if self.refutation is None:
            answer = self.keeper.answer(self.ticket) if self.ticket is not None else None
            if not isinstance(answer, Refutation):
                return
            self.refutation = answer
            col = self.attempt.moves[-1]
            self.verdict = verdict_words(attempt, col, answer.score)
            # Explained once the exercise is over: the words may name the right column.
            self.why = answer.why if attempt.solved is False else None
            attempt.moves.extend(answer.line)
            self.wait = REFUTED_PAUSE
            return
        retry = attempt.solved is None
        attempt.refuted()
        self.shown = len(attempt.moves)
        self.refutation, self.ticket = None, None
        right = columns_words(attempt.right_columns())
        if retry:
            self.verdict = _("{verdict}. One more try").format(verdict=self.verdict)
        else:
            puzzle = attempt.exercise.puzzle
            if puzzle is None:
                self.verdict = _("{verdict}. The right move: {columns}").format(verdict=self.verdict, columns=right)
            else:   # the theme is said once it can give nothing away
                self.verdict = _("{verdict}. The right move: {columns} · {theme}").format(
                    verdict=self.verdict, columns=right, theme=theme_word(puzzle.theme))

    # -- drawing ---------------------------------------------------------------------------

    def heard(self) -> Heard:
        return practice_heard.heard(self.attempt, self.keeper.loaded, self.ctx.theme, shown=self.shown + bool(self.anim),
                                    cursor=self.cursor, covered=self.overlay is not None, verdict=self.verdict, why=self.why)

    def board_scene(self) -> BoardScene:
        attempt = self.attempt
        moves = attempt.moves[:self.shown] if attempt is not None else []
        pos = Position.from_moves(moves)
        anim = self.anim
        falling = [(anim.col, anim.y, anim.player)] if anim is not None else []
        last = (moves[-1], pos.height(moves[-1]) - 1) if moves else None
        asking = attempt is not None and attempt.phase is Phase.ASK and self._settled()
        ghost = (self.cursor, pos.turn) if asking and pos.can_play(self.cursor) else None
        hint = None
        if attempt is not None and attempt.phase is Phase.DONE and not attempt.solved and self._settled():
            hint = attempt.right_columns()[0]
        return BoardScene(cell=pos.cell, falling=falling, ghost=ghost, last_move=last, hint=hint,
                          winning=pos.winning_cells() if self._settled() else frozenset())

    def draw(self, surface: pygame.Surface) -> None:
        theme, layout = self.ctx.theme, self.ctx.layout
        width = surface.get_width()
        surface.fill(theme.background)
        attempt = self.attempt
        colour = theme.colour_name(attempt.exercise.player) if attempt is not None else ""
        header = layout.header
        you, you_size = largest_fitting(header_texts(self.keeper.player, colour), layout.text_size, width // 2,
                                        bold=True)
        left = draw_text(surface, you, you_size, theme.text, bold=True, midleft=(header.left + 8, header.centery))
        if attempt is not None:
            disc = self.ctx.renderer.disc(theme, attempt.exercise.player, max(5, layout.text_size * 4 // 10))
            surface.blit(disc, disc.get_rect(midleft=(left.right + 8, header.centery)))
        progress = progress_texts(self.keeper, self.done_drills, self.now().date())
        text, size = largest_fitting(progress, layout.small_size, max(40, width - left.right - 48),
                                     min_size=11)
        draw_text(surface, text, size, theme.dim_text, midright=(header.right - 8, header.centery))
        self._draw_task(surface)
        for col in range(COLS if self.why is None else 0):     # an explanation takes their room
            x = layout.board.left + col * layout.cell + layout.cell // 2
            draw_text(surface, str(col + 1), max(11, min(layout.small_size, layout.numbers.height + 2)),
                      theme.text if col == self.cursor else theme.dim_text, center=(x, layout.numbers.centery))
        self.ctx.renderer.draw(surface, layout, theme, self.board_scene())
        self._draw_status(surface)
        if self.overlay is not None:
            self.overlay.draw(surface, theme)

    def _draw_task(self, surface: pygame.Surface) -> None:
        theme, layout = self.ctx.theme, self.ctx.layout
        attempt = self.attempt
        rect = layout.analysis
        width = surface.get_width() - 16
        if attempt is None:
            line = _("Loading your drills…") if not self.keeper.loaded else _("Nothing left to practise: every puzzle is "
                                                                               "tried")
            draw_text(surface, fit_text(line, layout.text_size, width, True), layout.text_size, theme.text,
                      bold=True, center=rect.center)
            return
        ex = attempt.exercise
        task = ex.task(theme.colour_name(ex.player))
        due = len([e for e in self.keeper.due(self.now())
                   if e.ident not in self.done_drills and (ex.entry is None or e.ident != ex.entry.ident)])
        more = (ngettext("{count} more drill due today", "{count} more drills due today", due).format(count=due)
                if due else _("the last drill due today"))
        where = (" · ".join(t for t in (ex.source, more) if t) if ex.entry is not None
                 else _("{rating}, this one {difficulty}").format(rating=self.rating_text(),
                                                                   difficulty=rating_number(ex.puzzle.difficulty))
                 if ex.puzzle is not None else "")
        if not self.keeper.wants(self.keeper.player):
            player = self.keeper.player
            off = (_("new drills from your games: off (O turns them on)") if player == LOCAL_PLAYER
                   else _("new drills from {player}'s games: off (O turns them on)").format(player=player))
            where = f"{where} · {off}"
        size = layout.text_size
        if self.why:    # the answer is in: the explanation takes the room down to the board
            rect = pygame.Rect(rect.left, layout.header.bottom + 2, rect.width, layout.board.top - 4 - layout.header.bottom)
            text, size = largest_fitting((task,), min(size, layout.small_size), width, min_size=11, bold=True)
            top = draw_text(surface, text, size, theme.accent, bold=True, midtop=(rect.centerx, rect.top)).bottom + 2
        else:
            text, size = largest_fitting((task,), size, width, min_size=12, bold=True)
            draw_text(surface, text, size, theme.accent, bold=True, midbottom=(rect.centerx, rect.centery + 2))
            top = rect.centery + 4
        for i, (line, small_size, height) in enumerate(below_the_task(self.why or where, layout.small_size,
                                                                       width, rect.bottom - top)):
            draw_text(surface, line, small_size, theme.text if self.why else theme.dim_text,
                      midtop=(rect.centerx, top + i * height))

    def _draw_status(self, surface: pygame.Surface) -> None:
        theme, layout = self.ctx.theme, self.ctx.layout
        rect = layout.status
        width = rect.width - 16
        phase = self.attempt.phase if self.attempt is not None else None
        keys = keys_texts(phase, self._settled(), self.next_player())
        help_text, help_size = largest_fitting(keys, layout.small_size, width)
        keys_top = draw_text(surface, help_text, help_size, theme.dim_text,
                             midbottom=(rect.centerx, rect.bottom - 2)).top
        if self.verdict:    # one line when it fits, else wrapped over the room above the keys
            colour = theme.text if self.verdict_right is None else theme.win if self.verdict_right else theme.loss
            text, size = largest_fitting((self.verdict,), layout.text_size, width, min_size=layout.small_size,
                                         bold=True)
            if text == self.verdict:
                draw_text(surface, text, size, colour, bold=True, midtop=(rect.centerx, rect.top + 2))
                return
            top = rect.top + 1
            for i, (line, small_size, height) in enumerate(below_the_task(self.verdict, layout.small_size, width,
                                                                           keys_top - top, bold=True)):
                draw_text(surface, line, small_size, colour, bold=True, midtop=(rect.centerx, top + i * height))

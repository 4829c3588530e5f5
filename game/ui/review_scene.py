"""The review screen: a finished (or saved) game, every move classified, an evaluation graph.

The analysis runs in the computer player's worker (a "review" request), never in this thread;
while it runs a progress bar fills and the screen stays usable. Finished reviews are kept for
the last few games (``MAX_CACHED``), so going back and forth costs nothing.

The scene shows the position before the selected move: the move played as a faint disc above
its column, the best move framed, and both in words. Nothing here applies a game rule: the
positions come from the engine's ``Position`` and the judgements from ``engine.review``.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Literal

import pygame

from game.echo import counted
from game.engine.board import Position, parse_moves
from game.engine.review import GameReview, MoveClass, MoveReview, ReviewProgress
from game.engine.scores import MAX_SCORE, Outcome
from game.domain.players import PlayerSpec, parse_saved_player
from game.domain.saved import SavedGame
from game.store.savefile import SaveFileError, load_game
from game.store.saves import save_infos
from game.ui.layout import COLS, ROWS, Layout
from game.ui.menu import GameStart, resume_label
from game.ui.overlays import Confirm
from game.ui.render import BoardScene, draw_panel
from game.ui.resources import draw_text, fit_text, largest_fitting, text_width
from game.ui.savelist import CLOSE, SaveList, load_failure
from game.ui.scene import Context, Scene, SceneName, Transition

if TYPE_CHECKING:
    from game.engine.review import Bounds
    from game.ui.theme import Colour

MAX_CACHED = 8  # finished reviews kept (the least recently opened is dropped)
CLASS_COLOURS: dict[MoveClass, Colour] = {
    MoveClass.BEST: (90, 200, 120),
    MoveClass.GOOD: (150, 200, 150),
    MoveClass.MISTAKE: (240, 160, 60),
    MoveClass.BLUNDER: (235, 70, 70),
    MoveClass.UNPROVED: (140, 140, 150),
}
CLASS_WORDS = {MoveClass.BEST: "best", MoveClass.GOOD: "good", MoveClass.MISTAKE: "mistake",
               MoveClass.BLUNDER: "blunder", MoveClass.UNPROVED: "not proved"}


@dataclass(frozen=True, slots=True)
class ReviewStart:
    """What the review scene opens: a game's moves and players, or (``moves`` None) a saved game to pick.

    ``back`` is where Esc returns: "game" shows the reviewed game again as it was left (two
    players' names and score, a match's score), "menu" the menu, "network game" the network game
    it came from (still connected). ``names`` are two people's names by colour, red's first; the
    title shows them and a game played on from the review keeps them."""

    moves: str | None
    red: PlayerSpec | None = None
    yellow: PlayerSpec | None = None
    back: Literal["game", "menu", "network game"] = "menu"
    names: tuple[str, str] | None = None


class ReviewScene(Scene):
    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.cache: OrderedDict[tuple[str, float], GameReview] = OrderedDict()
        self.start = ReviewStart(None)
        self.moves: list[int] = []
        self.index = 0                      # the move shown: the position before moves[index]
        self.review: GameReview | None = None
        self.progress: ReviewProgress | None = None
        self.proved: dict[int, MoveReview] = {}  # move index -> its review, as each one arrives
        self.error: str | None = None
        self.tag = 0
        self.requested = False
        self.stepped = False               # the player moved the selection before the review came
        self.savelist: SaveList | None = None
        self.confirm: Confirm | None = None
        # The unfinished autosaved game that playing on would replace (the menu's offer), and how
        # to withdraw that offer once the player agreed; set by the controller.
        self.unfinished: Callable[[], SavedGame | None] = lambda: None
        self.forget_unfinished: Callable[[], None] = lambda: None
        self.leave_note: Callable[[], str] = lambda: ""  # what else replacing it costs (a rated game: a loss)
        self._rows: list[tuple[pygame.Rect, int]] = []
        self._graph = pygame.Rect(0, 0, 0, 0)

    # -- scene contract --------------------------------------------------------------------

    def enter(self, data: object) -> None:
        super().enter(data)
        self.start = data if isinstance(data, ReviewStart) else ReviewStart(None)
        self.savelist = None
        self.confirm = None
        if self.start.moves is None:
            self._open_savelist()
            self._show([])
        else:
            self._show(parse_moves(self.start.moves))

    def leave(self) -> None:
        if self.requested and self.ctx.has_worker:
            self.ctx.worker.cancel()
        self.requested = False

    def _open_savelist(self) -> None:
        try:
            self.savelist = SaveList(save_infos(), title="Review a saved game", verb="review")
        except OSError as exc:
            self.ctx.notices.add(f"Could not list the saved games: {exc}", "error")
            self.next = Transition(SceneName.MENU)

    def _show(self, moves: list[int]) -> None:
        """Review ``moves`` (legal: they come from a validated game): cached, or ask the worker."""
        self.leave()
        self.moves = moves
        self.index = len(moves)
        self.progress = None
        self.proved = {}
        self.error = None
        self.stepped = False
        self.tag = self.ctx.new_epoch()
        self.review = self.cache.get(self._key())
        if self.review is not None:
            self.cache.move_to_end(self._key())
            self._jump_to_turn()

    def _key(self) -> tuple[str, float]:
        return "".join(str(c + 1) for c in self.moves), self.ctx.settings.review_time

    def _load(self, path: Path) -> None:
        try:
            saved = load_game(path)
            red = parse_saved_player(saved.red, self.ctx.settings)
            yellow = parse_saved_player(saved.yellow, self.ctx.settings)
        except (SaveFileError, ValueError) as exc:
            self.ctx.notices.add(load_failure("open", path, exc), "error")
            return
        self.savelist = None
        self.start = ReviewStart(saved.moves, red, yellow, back="menu")
        self._show(parse_moves(saved.moves))

    # -- input -----------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        if self.confirm is not None:
            if self.confirm.handle(event):
                self.confirm = None
            return
        if self.savelist is not None:
            choice = self.savelist.handle(event)
            if choice == CLOSE:
                self.next = Transition(SceneName.MENU)
            elif isinstance(choice, Path):
                self._load(choice)
            return
        if event.type == pygame.KEYDOWN:
            self._handle_key(event.key)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._click(event.pos)
        elif event.type == pygame.MOUSEWHEEL:
            self.select(self.index - event.y)

    def _handle_key(self, key: int) -> None:
        if key == pygame.K_ESCAPE:
            self.go_back()
        elif key in (pygame.K_LEFT, pygame.K_UP):
            self.select(self.index - 1)
        elif key in (pygame.K_RIGHT, pygame.K_DOWN):
            self.select(self.index + 1)
        elif key == pygame.K_HOME:
            self.select(0)
        elif key == pygame.K_END:
            self.select(len(self.moves))
        elif key == pygame.K_p:
            self.play_on()
        elif key == pygame.K_r and self.error is not None:
            self.error = None

    def _click(self, pos: tuple[int, int]) -> None:
        for rect, index in self._rows:
            if rect.collidepoint(pos):
                self.select(index)
                return
        graph = self._graph
        if graph.collidepoint(pos) and self.moves:
            step = graph.width / (len(self.moves) + 1)
            self.select(int((pos[0] - graph.left) / step))

    def select(self, index: int) -> None:
        self.index = max(0, min(len(self.moves), index))
        self.stepped = True

    def go_back(self) -> None:
        start = self.start
        if start.back == SceneName.NETWORK_GAME:
            self.next = Transition(SceneName.NETWORK_GAME)
        elif start.back == "game":
            self.next = Transition(SceneName.GAME)      # no start: the game scene as it was left
        else:
            self.next = Transition(SceneName.MENU)

    def play_on(self) -> None:
        """Continue the game from the shown position, with the same players."""
        start = self.start
        if start.red is None or start.yellow is None:
            return
        if start.back == SceneName.NETWORK_GAME:
            self.ctx.notices.add("Playing on from here is for games on this computer: Esc returns to the network game")
            return
        played = "".join(str(c + 1) for c in self.moves[:self.index])
        if self._position(self.index).is_over():
            self.ctx.notices.add("The game is over at this move: step back to play on from an earlier one")
            return
        red, yellow, names = start.red, start.yellow, start.names or ("", "")

        def play_on_now() -> None:
            self.forget_unfinished()
            self.next = Transition(SceneName.GAME, GameStart(red, yellow, played, names=names, continued=True))

        kept = self.unfinished()
        if kept is not None and kept.moves and not kept.position().is_over():
            note = f"{self.leave_note()} " if self.leave_note() else ""
            self.confirm = Confirm("Play on from here?", f"The unfinished game ({counted(len(kept.moves), 'move')}) will be "
                                   f"lost. {note}Choose No, then Esc and \"{resume_label(kept)}\", to go on "
                                   "with it.", play_on_now)
        else:
            play_on_now()

    # -- engine ----------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        if self.savelist is not None or self.review is not None or self.error is not None:
            return
        worker = self.ctx.worker
        if not self.requested:
            from game.worker import AIRequest, Kind  # here: the engine loads only when a review is asked for

            config = replace(self.ctx.settings.search_config(), time_limit=self.ctx.settings.review_time)
            try:
                worker.submit(AIRequest(self.tag, self._position(len(self.moves)), config, Kind.REVIEW,
                                        moves=tuple(self.moves)))
            except Exception as exc:  # noqa: BLE001 - shown to the player, never a traceback
                self.error = str(exc) or type(exc).__name__
                return
            self.requested = True
        for update in worker.poll(generation=self.tag):
            if update.error is not None:
                self.error = " ".join(update.error.split())
                self.requested = False
            elif update.result is None:
                if isinstance(update.progress, ReviewProgress):
                    self.progress = update.progress
                    if update.progress.review is not None:
                        self.proved[update.progress.review.number - 1] = update.progress.review
            elif isinstance(update.result, GameReview):
                self.requested = False
                self._accept(update.result)

    def _accept(self, review: GameReview) -> None:
        self.review = review
        self.cache[self._key()] = review
        self.cache.move_to_end(self._key())
        while len(self.cache) > MAX_CACHED:
            self.cache.popitem(last=False)
        if not self.stepped:
            self._jump_to_turn()

    def _jump_to_turn(self) -> None:
        """Show the first move that changed the outcome (either side's), if there is one."""
        assert self.review is not None
        turns = [s.first_turn for s in (self.review.summary(1), self.review.summary(2)) if s.first_turn]
        if turns:
            self.index = min(t.number for t in turns) - 1

    # -- what is shown ---------------------------------------------------------------------

    def _position(self, index: int) -> Position:
        return Position.from_moves(self.moves[:index])

    def current(self) -> MoveReview | None:
        return self.review_of(self.index)

    def review_of(self, index: int) -> MoveReview | None:
        """The review of move ``index`` (0-based): from the finished review, or as it arrived."""
        if self.review is None:
            return self.proved.get(index)
        return self.review.reviews[index] if index < len(self.review.reviews) else None

    def describe_current(self) -> list[str]:
        """Lines about the shown move: what was played, its class, the best move in words."""
        n = len(self.moves)
        if self.index >= n:
            return [f"After move {n}: " + self._result_text()]
        col = self.moves[self.index]
        player = self.ctx.theme.colour_name(1 + self.index % 2)
        head = f"Move {self.index + 1}: {player} played column {col + 1}"
        move = self.current()
        if move is None:
            return [head, "analysing…" if self.error is None else "the analysis failed"]
        return [f"{head} — {CLASS_WORDS[move.move_class]}",
                f"Best: {move.best_text()}",
                f"Played: {move.played_text()}"]

    def _result_text(self, short: bool = False) -> str:
        pos = self._position(len(self.moves))
        winner = pos.winner()
        if winner is not None:
            return f"{self.ctx.theme.colour_name(winner)} won"
        if pos.is_draw():
            return "draw" if short else "draw: the board is full"
        return "unfinished" if short else "the game was not finished"

    def summary_lines(self, brief: bool = False) -> list[str]:
        """Each side's summary; ``brief`` leaves out its outcome-changing move (a narrow window)."""
        if self.review is None:
            return []
        return [f"{self.ctx.theme.colour_name(p)}: {self.review.summary(p).text(brief)}" for p in (1, 2)]

    # -- drawing ---------------------------------------------------------------------------

    def title(self) -> str:
        """The screen's title; the players named as the game's header names them ("You" for the
        one human playing the computer)."""
        red, yellow = self.start.red, self.start.yellow
        if red is None or yellow is None:
            return "Game review"
        if not (red.is_ai or yellow.is_ai or self.start.names):
            return "Game review — two players"
        names = list(self.start.names or ["You" if not p.is_ai and q.is_ai else p.label()
                                          for p, q in ((red, yellow), (yellow, red))])
        theme = self.ctx.theme
        return f"Game review — {theme.colour_name(1)}: {names[0]} · {theme.colour_name(2)}: {names[1]}"

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.ctx.theme
        width, height = surface.get_size()
        surface.fill(theme.background)
        if self.savelist is not None and self.start.moves is None:
            # Nothing is chosen yet: the picker alone, no empty review behind it.
            self.savelist.draw(surface, theme)
            return
        size = max(14, min(24, height // 36))
        title = self.title()
        draw_text(surface, fit_text(title, size + 4, width - 24, True), size + 4, theme.text, bold=True,
                  midtop=(width // 2, 8))
        top = 16 + (size + 4) * 3 // 2
        graph_h = max(40, height // 5)
        help_h = size + 12
        text_h = (size + 6) * 5
        # never smaller than one list row: a tiny window overlaps, it does not fail
        body = pygame.Rect(12, top, max(60, width - 24), max(size + 20, height - top - graph_h - help_h - text_h - 24))
        list_w = max(120, min(340, width // 3))
        board_area = pygame.Rect(body.left, body.top, max(COLS * 12, body.width - list_w - 16), body.height)
        layout = _board_layout(board_area)
        self._draw_board(surface, layout)
        self._draw_list(surface, pygame.Rect(body.right - list_w, body.top, list_w, body.height), size)
        y = body.bottom + 8
        for i, line in enumerate(self.describe_current()):
            colour = theme.text if i == 0 else theme.dim_text
            draw_text(surface, fit_text(line, size, width - 24, i == 0), size, colour, bold=i == 0, topleft=(16, y))
            y += size + 6
        for line, brief in zip(self.summary_lines(), self.summary_lines(brief=True)):
            text, small = largest_fitting((line, brief), size - 2, width - 24, min_size=min(11, size - 2))
            draw_text(surface, text, small, theme.text, topleft=(16, y))
            y += size + 4
        self._graph = pygame.Rect(40, height - graph_h - help_h - 6, max(40, width - 80), graph_h)
        self._draw_graph(surface, self._graph, size)
        keys = "Left/Right step · click the graph or the list · P play on from here · Esc back"
        if self.error is not None:
            keys = f"Analysis failed: {self.error} · R retry · Esc back"
        draw_text(surface, fit_text(keys, size - 2, width - 24), size - 2,
                  theme.error if self.error else theme.dim_text, midbottom=(width // 2, height - 6))
        if self.savelist is not None:
            self.savelist.draw(surface, theme)
        if self.confirm is not None:
            self.confirm.draw(surface, theme)

    def _draw_board(self, surface: pygame.Surface, layout: Layout) -> None:
        pos = self._position(self.index)
        last = None
        if self.index:
            col = self.moves[self.index - 1]
            last = (col, pos.height(col) - 1)
        move = self.current()
        ghost = None
        if self.index < len(self.moves):
            ghost = (self.moves[self.index], pos.turn)
        hint = move.best_column if move is not None and move.best_text() != "best move not proved" else None
        scene = BoardScene(cell=pos.cell, last_move=last, ghost=ghost, hint=hint,
                           winning=pos.winning_cells() if self.index == len(self.moves) else frozenset())
        self.ctx.renderer.draw(surface, layout, self.ctx.theme, scene)

    def _draw_list(self, surface: pygame.Surface, rect: pygame.Rect, size: int) -> None:
        theme = self.ctx.theme
        draw_panel(surface, rect, theme, alpha=200)
        line_h = size + 8
        visible = max(1, (rect.height - 12) // line_h)
        n = len(self.moves)
        first = max(0, min(self.index - visible // 2, n + 1 - visible))
        self._rows = []
        for row, index in enumerate(range(first, min(n + 1, first + visible))):
            r = pygame.Rect(rect.left + 6, rect.top + 6 + row * line_h, rect.width - 12, line_h - 2)
            if index == self.index:
                pygame.draw.rect(surface, theme.accent, r, 2, border_radius=5)
            if index == n:
                text, small = largest_fitting(("end: " + self._result_text(), "end: " + self._result_text(short=True)),
                                              size - 2, r.width - 24)
                draw_text(surface, text, small, theme.dim_text, midleft=(r.left + 20, r.centery))
            else:
                self._draw_move_row(surface, r, index, size - 2)
            self._rows.append((r, index))

    def _draw_move_row(self, surface: pygame.Surface, r: pygame.Rect, index: int, size: int) -> None:
        """"12.  Yellow  col 4   best" in columns: the number right-aligned after the mover's disc,
        so a two-digit number never runs into the disc."""
        theme = self.ctx.theme
        review = self.review_of(index)
        colour = CLASS_COLOURS[review.move_class] if review else theme.dim_text
        player = 1 + index % 2
        disc = self.ctx.renderer.disc(theme, player, max(4, (size + 2) // 3))
        surface.blit(disc, disc.get_rect(midleft=(r.left + 4, r.centery)))
        number_right = r.left + 8 + disc.get_width() + text_width("88.", size)
        draw_text(surface, f"{index + 1}.", size, colour, midright=(number_right, r.centery))
        name_left = number_right + 6
        draw_text(surface, fit_text(theme.colour_name(player), size, r.right - name_left), size, colour,
                  midleft=(name_left, r.centery))
        rest_left = name_left + max(text_width(theme.colour_name(n), size) for n in (1, 2)) + 8
        cls = CLASS_WORDS[review.move_class] if review else "…"
        col = self.moves[index] + 1
        brief = "?" if review is not None and review.move_class is MoveClass.UNPROVED else cls
        text, small = largest_fitting((f"col {col}   {cls}", f"col {col} {cls}", f"col {col} {brief}"), size,
                                      max(1, r.right - 4 - rest_left), min_size=min(11, size))
        draw_text(surface, text, small, colour, midleft=(rest_left, r.centery))

    def _draw_graph(self, surface: pygame.Surface, rect: pygame.Rect, size: int) -> None:
        """The first player's value after each move, in the box of that move (a blunder drops in its
        own box): proven results in the win/draw/loss bands, estimates as rings. The legend has
        its own strip above the plot, so it covers neither points nor the selected box."""
        theme = self.ctx.theme
        small = max(12, size - 6)
        legend = pygame.Rect(rect.left, rect.top, rect.width, small + 4)
        plot = pygame.Rect(rect.left, legend.bottom + 2, rect.width, max(12, rect.height - legend.height - 2))
        band = plot.height // 2 - plot.height // 10
        win = pygame.Rect(plot.left, plot.top, plot.width, band)
        loss = pygame.Rect(plot.left, plot.bottom - band, plot.width, band)
        draw = pygame.Rect(plot.left, win.bottom, plot.width, loss.top - win.bottom)
        for area, colour in ((win, theme.discs[0]), (draw, theme.dim_text), (loss, theme.discs[1])):
            shade = pygame.Surface(area.size, pygame.SRCALPHA)
            shade.fill((*colour, 45))
            surface.blit(shade, area)
        n = len(self.moves)
        step = plot.width / (n + 1)
        marker = pygame.Rect(int(plot.left + self.index * step), plot.top, max(2, int(step)), plot.height)
        pygame.draw.rect(surface, theme.accent, marker, 2)
        if self.review is None:
            self._draw_legend(surface, legend, small, estimates=False)
            self._draw_progress(surface, plot, small)
            return
        points: list[tuple[int, int] | None] = []
        estimates = False
        radius = max(3, small // 4)
        for i, review in enumerate(self.review.reviews):
            x = int(plot.left + (i + 0.5) * step)
            y, proved = _graph_y(*self._value_after(i), win, draw, loss)
            if y is None:
                points.append(None)
                draw_text(surface, "?", small, CLASS_COLOURS[MoveClass.UNPROVED], center=(x, draw.centery))
                continue
            points.append((x, y))
            estimates = estimates or not proved
            pygame.draw.circle(surface, theme.text if proved else theme.dim_text, (x, y), radius, 0 if proved else 1)
            if review.move_class in (MoveClass.MISTAKE, MoveClass.BLUNDER):
                pygame.draw.line(surface, CLASS_COLOURS[review.move_class], (x, plot.top), (x, plot.bottom), 2)
        for a, b in zip(points, points[1:]):
            if a is not None and b is not None:
                pygame.draw.line(surface, theme.text, a, b, 1)
        self._draw_legend(surface, legend, small, estimates)

    def _value_after(self, index: int) -> tuple[Bounds, float | None]:
        """The value of the position after move ``index`` (0-based) for the first player: its proven
        bounds (the played move's) and, when unproven, the estimate of the next position."""
        assert self.review is not None
        reviews = self.review.reviews
        move = reviews[index]
        bounds = move.played if move.player == 1 else -move.played
        estimate = None
        if index + 1 < len(reviews) and reviews[index + 1].estimate is not None:
            after = reviews[index + 1]
            estimate = after.estimate if after.player == 1 else -after.estimate
        return bounds, estimate

    def _draw_legend(self, surface: pygame.Surface, strip: pygame.Rect, small: int, estimates: bool) -> None:
        """What the bands mean (top, middle, bottom) and, when there are estimates, the two markers
        (drawn, not font glyphs: not every font has them)."""
        theme = self.ctx.theme
        red, yellow = theme.colour_name(1), theme.colour_name(2)
        texts = (f"top: {red} wins · middle: draw · bottom: {yellow} wins", f"top: {red} wins · bottom: {yellow} wins",
                 f"top: {red} · bottom: {yellow}")
        room = strip.width - (2 * text_width("estimate proved", small) + 60 if estimates else 0)
        text, size = largest_fitting(texts, small, max(20, room), min_size=min(11, small))
        label = draw_text(surface, text, size, theme.dim_text, midleft=(strip.left, strip.centery))
        if not estimates:
            return
        radius = max(3, small // 4)
        right = draw_text(surface, "estimate", small, theme.dim_text, midright=(strip.right, strip.centery))
        pygame.draw.circle(surface, theme.dim_text, (right.left - radius - 4, right.centery), radius, 1)
        right = draw_text(surface, "proved", small, theme.dim_text,
                          midright=(max(label.right + 2 * radius + 12, right.left - 2 * radius - 18), strip.centery))
        pygame.draw.circle(surface, theme.text, (right.left - radius - 4, right.centery), radius)

    def _draw_progress(self, surface: pygame.Surface, rect: pygame.Rect, size: int) -> None:
        theme = self.ctx.theme
        bar = pygame.Rect(0, 0, rect.width * 2 // 3, max(10, size))
        bar.center = rect.center
        pygame.draw.rect(surface, theme.panel, bar, border_radius=4)
        done = self.progress.done / self.progress.total if self.progress and self.progress.total else 0.0
        pygame.draw.rect(surface, theme.accent, pygame.Rect(bar.left, bar.top, int(bar.width * done), bar.height),
                         border_radius=4)
        pygame.draw.rect(surface, theme.dim_text, bar, 1, border_radius=4)
        label = "the analysis failed" if self.error else (
            f"analysing from the last move back: {self.progress.done} of {self.progress.total}"
            if self.progress else "analysing…")
        draw_text(surface, label, size, theme.text, midbottom=(bar.centerx, bar.top - 4))


def _graph_y(bounds: Bounds, estimate: float | None, win: pygame.Rect, draw: pygame.Rect,
             loss: pygame.Rect) -> tuple[int | None, bool]:
    """Height of a value for the first player (``bounds`` proven, else ``estimate`` in (-1, 1)):
    (y, proved), or (None, False) when neither is known."""
    result = bounds.outcome
    if result is Outcome.DRAW:
        return draw.centery, True
    if result is not None:
        # faster results further from the draw band
        area = win if result is Outcome.WIN else loss
        magnitude = min(abs(bounds.lower), abs(bounds.upper)) if not bounds.is_exact else abs(bounds.lower)
        share = 0.15 + 0.7 * min(1.0, magnitude / MAX_SCORE)  # inside the band, clear of its edges
        if result is Outcome.WIN:
            return int(area.bottom - share * area.height), True
        return int(area.top + share * area.height), True
    if estimate is not None:
        half = draw.height / 2 + win.height * 0.8
        return int(draw.centery - estimate * half), False
    return None, False


def _board_layout(area: pygame.Rect) -> Layout:
    """A board (and one row above it for the move played) as large as fits in ``area``."""
    cell = max(12, min(area.width // COLS, area.height // (ROWS + 1)))
    board = pygame.Rect(0, 0, cell * COLS, cell * ROWS)
    board.midbottom = area.midbottom
    empty = pygame.Rect(board.left, area.top, 0, 0)
    size = max(12, cell // 3)
    return Layout(size=area.size, cell=cell, board=board, ghost_y=board.top - cell // 2, analysis=empty,
                  numbers=empty, header=empty, status=empty, text_size=size, small_size=size)


__all__ = ["MAX_CACHED", "ReviewScene", "ReviewStart"]

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
from dataclasses import replace
from pathlib import Path

import pygame

from game.engine.board import Position, parse_moves
from game.engine.review import GameReview, MoveClass, MoveReview, ReviewProgress
from game.service.client import EngineClient
from game.service.requests import AIRequest, Kind
from game.session.core import Departure
from game.session.practice import Added
from game.store.saves import save_infos
from game.ui.layout import COLS, ROWS, Layout
from game.ui.menu import resume_label
from game.ui.overlays import Confirm
from game.ui.render import BoardScene, draw_panel
from game.ui.review_graph import CLASS_COLOURS, CLASS_WORDS, draw_graph
from game.ui.resources import draw_text, fit_text, largest_fitting, text_width
from game.ui.savelist import CLOSE, SaveList, load_failure
from game.ui.saves import OPEN_ERRORS, open_save
from game.ui.scene import Context, GameStart, ReviewStart, Scene, SceneName, Transition


MAX_CACHED = 8  # finished reviews kept (the least recently opened is dropped)


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
        self.engine = EngineClient(ctx.engine)
        self.stepped = False               # the player moved the selection before the review came
        self.savelist: SaveList | None = None
        self.confirm: Confirm | None = None
        self._rows: list[tuple[pygame.Rect, int]] = []
        self.asked: list[int] = []          # positions to practise, waiting for the practice thread
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
        if self.engine.request is not None:
            self.engine.cancel()

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
        self.tag = self.ctx.engine.new_epoch()
        self.review = self.cache.get(self._key())
        if self.review is not None:
            self.cache.move_to_end(self._key())
            self._jump_to_turn()

    def _key(self) -> tuple[str, float]:
        return "".join(str(c + 1) for c in self.moves), self.ctx.settings.review_time

    def _load(self, path: Path) -> None:
        try:
            opened = open_save(path, self.ctx.settings)
        except OPEN_ERRORS as exc:
            self.ctx.notices.add(load_failure("open", path, exc), "error")
            return
        self.savelist = None
        self.start = ReviewStart(opened.saved.moves, opened.red, opened.yellow, back="menu")
        self._show(parse_moves(opened.saved.moves))

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
        elif key == pygame.K_d:
            self.practise_position()
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

        session = self.ctx.session
        kept, leaving = session.unfinished, session.leaving(Departure.REPLACE)

        def play_on_now() -> None:
            if leaving is not None:
                session.leave(leaving)
            session.unfinished = None      # the game played on from here replaces the one on offer
            self.next = Transition(SceneName.GAME, GameStart(red, yellow, played, names=names, continued=True))

        if leaving is not None and kept is not None:
            self.confirm = Confirm("Play on from here?", f"{leaving.detail} Choose No, then Esc and "
                                   f"\"{resume_label(kept)}\", to go on with it.", play_on_now)
        else:
            play_on_now()

    # -- engine ----------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self._answers()
        if self.savelist is not None or self.review is not None or self.error is not None:
            return
        self.engine.sync(Kind.REVIEW, self.tag, self._request)
        for update in self.engine.poll(self.tag):
            if isinstance(update.progress, ReviewProgress):
                self.progress = update.progress
                if update.progress.review is not None:
                    self.proved[update.progress.review.number - 1] = update.progress.review
            elif isinstance(update.result, GameReview):
                self._accept(update.result)
        if self.engine.error is not None:
            self.error, self.engine.error = self.engine.error, None

    def _request(self, kind: Kind) -> AIRequest:
        config = replace(self.ctx.settings.search_config(), time_limit=self.ctx.settings.review_time)
        return AIRequest(self.tag, self._position(len(self.moves)), config, kind, moves=tuple(self.moves))

    def _accept(self, review: GameReview) -> None:
        self.review = review
        self.cache[self._key()] = review
        self.cache.move_to_end(self._key())
        while len(self.cache) > MAX_CACHED:
            self.cache.popitem(last=False)
        if not self.stepped:
            self._jump_to_turn()
        self.ctx.session.practice.judge(self.moves, self._sides(), review)

    def _sides(self) -> tuple[int, ...]:
        """Whose slips in the reviewed game become drills: the people who played it."""
        players = (self.start.red, self.start.yellow)
        return tuple(n for n, spec in zip((1, 2), players) if spec is not None and not spec.is_ai)

    def practise_position(self) -> None:
        """D: the shown position becomes a drill (the answer comes as a notice)."""
        played = self.moves[self.index] if self.index < len(self.moves) else None
        self.asked.append(self.ctx.session.practice.add_position(self.moves[:self.index], played))
        self.ctx.notices.add(f"Checking the position after move {self.index} for your drills…", seconds=3.0)

    def _answers(self) -> None:
        """Say what became of each position the player asked to practise."""
        for ticket in list(self.asked):
            added = self.ctx.session.practice.answer(ticket)
            if added is None:
                continue
            self.asked.remove(ticket)
            if added is Added.ADDED:
                self.ctx.notices.add("Position added to your drills: Practice in the menu brings it back")
            elif added is Added.ALREADY:
                self.ctx.notices.add("This position is already one of your drills")
            else:
                self.ctx.notices.add(f"This position cannot be a drill: {added.value}", "error")

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
        draw_graph(surface, self._graph, size, self.ctx.theme, len(self.moves), self.index, self.review,
                   self.progress, self.error is not None)
        keys, _ = largest_fitting(("Left/Right step · click the graph or the list · P play on from here · "
                                   "D practise this position · Esc back",
                                   "Left/Right step · P play on · D practise this position · Esc back"),
                                  size - 2, width - 24, min_size=size - 2)
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

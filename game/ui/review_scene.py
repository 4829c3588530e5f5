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
from game.engine.explain import Explanation
from game.engine.review import Bounds, GameReview, MoveClass, MoveReview, ReviewProgress, Summary, value_text
from game.engine.scores import distance_text
from game.engine.verdicts import Severity
from game.engine.threats import Cell
from game.service.client import EngineClient
from game.service.requests import AIRequest, Kind
from game.session.core import Departure
from game.session.practice import Added
from game.store.saves import save_infos
from game.ui.layout import COLS, ROWS, Layout
from game.ui.menu import resume_label
from game.ui.overlays import Confirm
from game.ui.render import BoardScene, draw_panel
from game.ui.review_explain import Explanations
from game.ui.review_graph import CLASS_COLOURS, CLASS_WORDS, ERROR_COLOUR, draw_graph
from game.ui.review_line import LineView
from game.ui.resources import draw_text, fit_text, largest_fitting, text_width, wrap_at_most
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
        self.explanations: Explanations | None = None
        self.line: LineView | None = None   # the line that proves the shown move's explanation, stepped through
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
        self.line = None
        self.explanations = None
        self.tag = self.ctx.engine.new_epoch()
        self.review = self.cache.get(self._key())
        if self.review is not None:
            self.cache.move_to_end(self._key())
            self.explanations = Explanations(self.moves, self.review, self.tag, self.ctx.theme.names)
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
        if self.line is not None and self._line_key(self.line, key):
            return
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.open_line()
        elif key == pygame.K_ESCAPE:
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

    def _line_key(self, line: LineView, key: int) -> bool:
        """The review's stepping keys step through the line while it is open; Enter or Esc leave it."""
        steps = {pygame.K_LEFT: line.step - 1, pygame.K_UP: line.step - 1, pygame.K_RIGHT: line.step + 1,
                 pygame.K_DOWN: line.step + 1, pygame.K_HOME: 0, pygame.K_END: len(line.line)}
        if key in steps:
            line.go(steps[key])
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE):
            self.line = None
        else:
            return False
        return True

    def explanation(self, index: int | None = None) -> Explanation | None:
        """The explanation of move ``index`` (default: the shown one), once it has come."""
        if self.explanations is None:
            return None
        return self.explanations.found.get(self.index if index is None else index)

    def open_line(self) -> None:
        """Enter: step through the line that proves the shown move's explanation, from the position
        after the move."""
        why = self.explanation()
        if why is None or self.index >= len(self.moves):
            return
        self.line = LineView(self.index, self._position(self.index + 1), why.line)

    def _click(self, pos: tuple[int, int]) -> None:
        self.line = None
        for rect, index in self._rows:
            if rect.collidepoint(pos):
                self.select(index)
                return
        graph = self._graph
        if graph.collidepoint(pos) and self.moves:
            step = graph.width / (len(self.moves) + 1)
            self.select(int((pos[0] - graph.left) / step))

    def select(self, index: int) -> None:
        self.line = None
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
        if self.savelist is not None or self.error is not None:
            return
        if self.review is not None:
            self._explain()
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

    def _explain(self) -> None:
        """Ask the worker for the next explanation (the shown move's first) and take the answers in."""
        explanations = self.explanations
        if explanations is None:
            return
        index = explanations.next_index(self.index)
        if index is None:
            return
        tag = explanations.tag(index)
        self.engine.sync(Kind.EXPLAIN, tag,
                         lambda kind: explanations.request(index, self.ctx.settings.search_config()))
        for update in self.engine.poll(tag):
            explanations.accept(index, update)
        if self.engine.error is not None:     # that move goes without; the review stands
            explanations.give_up(index)
            self.engine.error = None

    def _request(self, kind: Kind) -> AIRequest:
        config = replace(self.ctx.settings.search_config(), time_limit=self.ctx.settings.review_time)
        return AIRequest(self.tag, self._position(len(self.moves)), config, kind, moves=tuple(self.moves))

    def _accept(self, review: GameReview) -> None:
        self.review = review
        self.explanations = Explanations(self.moves, review, self.tag, self.ctx.theme.names)
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
        """Show the first error a player can learn from (either side's), else the first move that
        changed the outcome, if there is one."""
        assert self.review is not None
        summaries = (self.review.summary(1), self.review.summary(2))
        turns = [s.errors[0] for s in summaries if s.errors] or [s.first_turn for s in summaries if s.first_turn]
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
        verdict = "" if move.verdict is None else f" · {verdict_words(move)}"
        names = self.ctx.theme.names
        return [f"{head} — {CLASS_WORDS[move.move_class]}{verdict}",
                f"Best: {best_words(move, names)} · Played: {named_words(move.played, move.discs_before, names)}"]

    def why_text(self) -> str | None:
        """The shown move's explanation ("Why (two threats): ..."), or that it is being worked out."""
        if self.index >= len(self.moves):
            return None
        why = self.explanation()
        if why is not None:
            return f"Why ({why.kind.value}): {why.text}"
        explanations = self.explanations
        if explanations is not None and self.index in explanations.wanted and self.index not in explanations.failed:
            return "Why: working it out…"
        return None

    def line_text(self) -> str:
        """Where the line stands: "Line after move 29, step 1 of 1: Yellow column 7 (four in a row)"."""
        line = self.line
        assert line is not None
        head = f"Line after move {line.index + 1}, step {line.step} of {len(line.line)}"
        if not line.step:
            return head + ": the position after the move"
        col = line.line[line.step - 1]
        player = self.ctx.theme.colour_name(1 + (line.index + line.step) % 2)
        end = " (four in a row)" if line.position().winner() is not None else ""
        return f"{head}: {player} column {col + 1}{end}"

    def _result_text(self, short: bool = False) -> str:
        pos = self._position(len(self.moves))
        winner = pos.winner()
        if winner is not None:
            return f"{self.ctx.theme.colour_name(winner)} won"
        if pos.is_draw():
            return "draw" if short else "draw: the board is full"
        return "unfinished" if short else "the game was not finished"

    def summary_lines(self, brief: bool = False) -> list[str]:
        """Each side's summary, the errors a player can learn from first; ``brief`` (a narrow window)
        keeps those errors alone."""
        if self.review is None:
            return []
        theme = self.ctx.theme
        return [f"{theme.colour_name(p)}: " + (brief_summary(self.review.summary(p)) if brief
                                               else self.review.summary(p).text()) for p in (1, 2)]

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
        text_h = (size + 6) * 7
        # never smaller than one list row: a tiny window overlaps, it does not fail
        body = pygame.Rect(12, top, max(60, width - 24), max(size + 20, height - top - graph_h - help_h - text_h - 24))
        list_w = max(120, min(340, width // 3))
        board_area = pygame.Rect(body.left, body.top, max(COLS * 12, body.width - list_w - 16), body.height)
        layout = _board_layout(board_area)
        self._draw_board(surface, layout)
        self._draw_list(surface, pygame.Rect(body.right - list_w, body.top, list_w, body.height), size)
        self._draw_words(surface, body.bottom + 8, size)
        self._graph = pygame.Rect(40, height - graph_h - help_h - 6, max(40, width - 80), graph_h)
        draw_graph(surface, self._graph, size, self.ctx.theme, len(self.moves), self.index, self.review,
                   self.progress, self.error is not None)
        keys, small = largest_fitting(self.keys_texts(), size - 2, width - 24, min_size=min(12, size - 2))
        draw_text(surface, fit_text(keys, small, width - 24), small,
                  theme.error if self.error else theme.dim_text, midbottom=(width // 2, height - 6))
        if self.savelist is not None:
            self.savelist.draw(surface, theme)
        if self.confirm is not None:
            self.confirm.draw(surface, theme)

    def keys_text(self) -> str:
        """The footer: the keys that work now."""
        return self.keys_texts()[0]

    def keys_texts(self) -> tuple[str, ...]:
        """The footer, longest first: the keys that work now (a narrow window takes a shorter one)."""
        if self.error is not None:
            return (f"Analysis failed: {self.error} · R retry · Esc back",)
        if self.line is not None:
            return ("Line: Left/Right step through it · Home/End its start/end · Enter or Esc leave it",
                    "Line: Left/Right step · Home/End · Enter/Esc leave")
        if self.explanation() is not None:
            return ("Left/Right step · click the graph or the list · Enter step through the line that proves it · "
                    "P play on from here · D practise this position · Esc back",
                    "Left/Right step · Enter the line that proves it · P play on · D practise · Esc back",
                    "Enter: the line that proves it · D practise · Esc back")
        return ("Left/Right step · click the graph or the list · P play on from here · D practise this position · "
                "Esc back",
                "Left/Right step · P play on · D practise this position · Esc back",
                "Left/Right step · D practise · Esc back")

    def _draw_words(self, surface: pygame.Surface, y: int, size: int) -> None:
        """The shown move (or the line's step) and why, then each side's summary."""
        theme = self.ctx.theme
        width = surface.get_width()
        head = [self.line_text()] if self.line is not None else self.describe_current()
        for i, line in enumerate(head):
            colour = theme.text if i == 0 else theme.dim_text
            draw_text(surface, fit_text(line, size, width - 24, i == 0), size, colour, bold=i == 0, topleft=(16, y))
            y += size + 6
        why = self.why_text() if self.line is None else (f"Why: {self.explanation(self.line.index).text}"
                                                         if self.explanation(self.line.index) else None)
        small = max(12, size - 2)
        if why is not None:
            for line in wrap_at_most(why, small, width - 32, 3 if self.line is None else 4):
                draw_text(surface, line, small, theme.text, topleft=(16, y))
                y += small + 4
        if self.line is not None:
            return
        for line, brief in zip(self.summary_lines(), self.summary_lines(brief=True)):
            text, small = largest_fitting((line, brief), size - 2, width - 24, min_size=min(12, size - 2))
            draw_text(surface, fit_text(text, small, width - 24), small, theme.text, topleft=(16, y))
            y += size + 4

    def _draw_board(self, surface: pygame.Surface, layout: Layout) -> None:
        if self.line is not None:
            self._draw_line_board(surface, layout, self.line)
            return
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

    def _draw_line_board(self, surface: pygame.Surface, layout: Layout, line: LineView) -> None:
        """The line's position at its step, the last disc of the line marked, every threat ringed."""
        pos = line.position()
        scene = BoardScene(cell=pos.cell, last_move=line.last_move(), winning=pos.winning_cells())
        self.ctx.renderer.draw(surface, layout, self.ctx.theme, scene)
        for player, cells in line.threats().items():
            for cell in cells:
                draw_threat(surface, layout, self.ctx.theme.discs[player - 1], cell)

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
        colour = row_colour(review) if review else theme.dim_text
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
        lesson = "" if review is None or review.severity is None else f", {review.severity.value}"
        text, small = largest_fitting((f"col {col}   {cls}{lesson}", f"col {col} {cls}{lesson}",
                                       f"col {col} {brief}{lesson}", f"col {col} {brief}"), size,
                                      max(1, r.right - 4 - rest_left), min_size=min(11, size))
        draw_text(surface, text, small, colour, midleft=(rest_left, r.centery))

def brief_summary(summary: Summary) -> str:
    """The errors a player can learn from, then the accuracy: the summary for a narrow window."""
    accuracy = summary.accuracy
    return summary.lead() + ("" if accuracy is None else f"; accuracy {accuracy:.0f} %")


def row_colour(move: MoveReview) -> tuple[int, int, int]:
    """A move's colour in the list: an error a player can learn from stands out whatever its class
    (a move handing over a win in a lost position is "good" by the exact class)."""
    if move.severity is Severity.ERROR:
        return ERROR_COLOUR
    return CLASS_COLOURS[move.move_class]


def named_words(bounds: Bounds, moves: int, names: tuple[str, str]) -> str:
    """``engine.review.value_words`` with the sides named as the theme draws them."""
    return distance_text(bounds.lower, moves, names) if bounds.is_exact else value_text(bounds, moves)


def best_words(move: MoveReview, names: tuple[str, str]) -> str:
    """``MoveReview.best_words`` with the sides named as the theme draws them."""
    if move.best_column is None or move.best_text() == "best move not proved":
        return move.best_text()
    return f"column {move.best_column + 1} — {named_words(move.before, move.discs_before, names)}"


def verdict_words(move: MoveReview) -> str:
    """"error: missed block", "inaccuracy: much longer win" or "deep" (the outcome changed by play
    far ahead); "" for a move without a verdict."""
    verdict = move.verdict
    if verdict is None:
        return ""
    return "deep" if verdict.value == verdict.severity.value else f"{verdict.severity.value}: {verdict.value}"


def draw_threat(surface: pygame.Surface, layout: Layout, colour: tuple[int, int, int], cell: Cell) -> None:
    """A threat: a ring in its side's colour inside the empty cell, with a dark edge so it reads on
    either theme."""
    centre = layout.cell_center(cell.col, cell.row)
    radius = max(4, layout.cell // 4)
    pygame.draw.circle(surface, (20, 20, 20), centre, radius + 2, 2)
    pygame.draw.circle(surface, colour, centre, radius, max(2, layout.cell // 12))


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

"""The review screen: a finished (or saved) game, every move classified, an evaluation graph.

The analysis runs in the computer player's worker (a "review" request), never in this thread;
while it runs a progress bar fills and the screen stays usable. Finished reviews are kept for
the last few games (``MAX_CACHED``), so going back and forth costs nothing.

The scene holds the scene contract, the worker's requests and where the review leads (back, play
on, practise); what is shown is a :class:`ReviewState`, said in :class:`ReviewWords`, drawn by a
:class:`ReviewPanel`, and the keys are read by ``review_keys``. Nothing here applies a game rule:
the positions come from the engine's ``Position`` and the judgements from ``engine.review``.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import replace
from pathlib import Path

import pygame

from game.domain.players import HUMAN
from game.engine.board import parse_moves
from game.engine.game_review import GameReview, ReviewProgress
from game.i18n import N_, _
from game.service.client import EngineClient
from game.service.requests import Kind, ReviewRequest
from game.session.autosaver import autosaved
from game.session.core import Departure
from game.speech import BoardFacts, Heard, spoken
from game.store.saves import save_infos
from game.training.owners import opponent_names
from game.training.proofs import Added
from game.ui.open_save import OPEN_ERRORS, open_save, resume_label
from game.ui.overlays import Confirm
from game.ui.player_words import computer_label
from game.ui.review.review_explain import Explanations
from game.ui.review.review_keys import Action, Offer, action_for, footer_texts
from game.ui.review.review_panel import Hits, ReviewPanel
from game.ui.review.review_state import ReviewState
from game.ui.review.review_words import ReviewWords
from game.ui.savelist import CLOSE, SaveList, load_failure
from game.ui.scene import Context, GameStart, NetworkSide, ReviewStart, Scene, SceneName, Transition


MAX_CACHED = 8  # finished reviews kept (the least recently opened is dropped)


class ReviewScene(Scene):
    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.cache: OrderedDict[tuple[str, float], GameReview] = OrderedDict()
        self.start = ReviewStart(None)
        self.state = ReviewState()
        self.progress: ReviewProgress | None = None
        self.error: str | None = None
        self.tag = 0
        self.engine = EngineClient(ctx.engine, tell=ctx.notices.recovered)
        self.savelist: SaveList | None = None
        self.confirm: Confirm | None = None
        self.hits = Hits()                  # where the last frame drew the list's rows and the graph
        self.asked: list[int] = []          # positions to practise asked in the review on screen
        self.dropped: list[int] = []        # asked in a review since left: their answers are said to nobody

    @property
    def moves(self) -> list[int]:
        return self.state.moves

    @property
    def review(self) -> GameReview | None:
        return self.state.review

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
        """The review goes off screen (another scene, or another game reviewed here): the worker's
        request is cancelled, and what D asked is no longer answered aloud (a notice about a
        position no longer shown would read as if it were about the next one)."""
        if self.engine.request is not None:
            self.engine.cancel()
        self.dropped.extend(self.asked)
        self.asked.clear()

    def _open_savelist(self) -> None:
        try:
            self.savelist = SaveList(save_infos(), title=_("Review a saved game"), verb="review")
        except OSError as exc:
            self.ctx.notices.add(_("Could not list the saved games: {problem}").format(problem=exc), "error")
            self.next = Transition(SceneName.MENU)

    def _show(self, moves: list[int]) -> None:
        """Review ``moves`` (legal: they come from a validated game): cached, or ask the worker."""
        self.leave()
        self.state = ReviewState.opening(moves)
        self.progress = None
        self.error = None
        self.tag = self.ctx.engine.new_epoch()
        review = self.cache.get(self._key())
        if review is not None:
            self.cache.move_to_end(self._key())
            self.state.accept(review, Explanations(moves, review, self.tag, self.ctx.theme.names))

    def _key(self) -> tuple[str, float]:
        return "".join(str(c + 1) for c in self.state.moves), self.ctx.settings.review_time

    def _load(self, path: Path) -> None:
        try:
            opened = open_save(path, self.ctx.settings)
        except OPEN_ERRORS as exc:
            self.ctx.notices.add(load_failure("open", path, exc), "error")
            return
        self.savelist = None
        self.start = ReviewStart(opened.saved.moves, opened.red, opened.yellow, back="menu",
                                 network=NetworkSide.of(opened.saved))
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
            action = action_for(event.key)
            if action is not None:
                self.act(action)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            index = self.hits.index_at(event.pos, len(self.state.moves))
            if index is None:
                self.state.close_line()
            else:
                self.state.select(index)
        elif event.type == pygame.MOUSEWHEEL:
            self.state.step(-event.y)      # as the arrow keys: through the open line, else the game

    def act(self, action: Action) -> None:
        """Do what a key asks (the stepping keys step through the open line instead of the game)."""
        state = self.state
        if action is Action.PREVIOUS or action is Action.NEXT:
            state.step(-1 if action is Action.PREVIOUS else 1)
        elif action is Action.FIRST:
            state.to_start()
        elif action is Action.LAST:
            state.to_end()
        elif action is Action.LINE:
            if state.line is None:
                state.open_line()
            else:
                state.close_line()
        elif action is Action.BACK:
            if state.line is None:
                self.go_back()
            else:
                state.close_line()
        elif action is Action.PLAY_ON:
            self.play_on()
        elif action is Action.PRACTISE:
            self.practise_position()
        elif action is Action.RETRY and self.error is not None:
            self.error = None

    def select(self, index: int) -> None:
        self.state.select(index)

    def go_back(self) -> None:
        start = self.start
        if start.back == "game":
            self.next = Transition(SceneName.GAME)      # no start: the game scene as it was left
        else:
            self.next = Transition(SceneName.MENU)

    def play_on(self) -> None:
        """Continue the game from the position on the board (an open line's too), with the same players."""
        start = self.start
        if start.red is None or start.yellow is None:
            return
        if start.network is not None:
            if start.back == "game":
                said = _("Playing on from here is for games on this computer: this one was played with {opponent} "
                         "over the network (Esc returns to it)")
            else:
                said = _("Playing on from here is for games on this computer: this one was played with {opponent} "
                         "over the network")
            self.ctx.notices.add(said.format(opponent=start.network.opponent))
            return
        played = tuple(self.state.shown_moves())
        if self.state.shown().is_over():
            self.ctx.notices.add(_("The game is over at this move: step back to play on from an earlier one"))
            return
        red, yellow, names = start.red, start.yellow, start.names or ("", "")

        session = self.ctx.session
        kept, leaving = session.unfinished, session.leaving(Departure.REPLACE, after=(red, yellow))

        def play_on_now() -> None:
            if leaving is not None:
                session.leave(leaving)
            if autosaved(red, yellow):     # the game played on from here replaces the one on offer
                session.unfinished = None
            self.next = Transition(SceneName.GAME, GameStart(red, yellow, played, names=names, continued=True))

        if leaving is not None and kept is not None:
            self.confirm = Confirm(_("Play on from here?"), _("{detail} Choose No, then Esc and \"{resume}\", to go on "
                                                              "with it.").format(detail=leaving.detail,
                                                                                 resume=resume_label(kept)),
                                   play_on_now)
        else:
            play_on_now()

    def _can_play_on(self) -> bool:
        start = self.start
        return (start.red is not None and start.yellow is not None and start.network is None
                and not self.state.shown().is_over())

    def practise_position(self) -> None:
        """D: the position on the board (an open line's too) becomes a drill (the answer comes as a notice)."""
        state = self.state
        self.asked.append(self.ctx.session.practice.add_position(state.shown_moves(), state.played_here()))
        self.ctx.notices.add(_("Checking {position} for your drills…").format(position=self.words.shown_text()), seconds=3.0)

    def _answers(self) -> None:
        """Say what became of each position the player asked to practise in this review; the
        answers for a review since left are taken and dropped (the drill itself is kept)."""
        practice = self.ctx.session.practice
        self.dropped = [ticket for ticket in self.dropped if practice.answer(ticket) is None]
        for ticket in list(self.asked):
            added = practice.answer(ticket)
            if added is None:
                continue
            self.asked.remove(ticket)
            if added is Added.ADDED:
                self.ctx.notices.add(_("Position added to your drills: Practice in the menu brings it back"))
            elif added is Added.ALREADY:
                self.ctx.notices.add(_("This position is already one of your drills"))
            else:
                self.ctx.notices.add(_(_NOT_A_DRILL.get(added, N_("This position cannot be a drill"))), "error")

    # -- engine ----------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self._answers()
        if self.savelist is not None or self.error is not None:
            return
        if self.state.review is not None:
            self._explain()
            return
        self.engine.sync(Kind.REVIEW, self.tag, self._request)
        for update in self.engine.poll(self.tag):
            if isinstance(update.progress, ReviewProgress):
                self.progress = update.progress
                if update.progress.review is not None:
                    self.state.arrived(update.progress.review)
            elif isinstance(update.result, GameReview):
                self._accept(update.result)
        if self.engine.error is not None:
            self.error, self.engine.error = self.engine.error, None

    def _explain(self) -> None:
        """Ask the worker for the next explanation (the shown move's first) and take the answers in."""
        explanations = self.state.explanations
        if explanations is None:
            return
        index = explanations.next_index(self.state.index)
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

    def _request(self, kind: Kind) -> ReviewRequest:
        config = replace(self.ctx.settings.search_config(), time_limit=self.ctx.settings.review_time)
        return ReviewRequest(self.tag, tuple(self.state.moves), config)

    def _accept(self, review: GameReview) -> None:
        moves = self.state.moves
        self.state.accept(review, Explanations(moves, review, self.tag, self.ctx.theme.names))
        self.cache[self._key()] = review
        self.cache.move_to_end(self._key())
        while len(self.cache) > MAX_CACHED:
            self.cache.popitem(last=False)
        self.ctx.session.practice.judge(moves, self._sides(), review, opponents=opponent_names(
            [spec if spec is not None else HUMAN for spec in (self.start.red, self.start.yellow)]))

    def _sides(self) -> tuple[int, ...]:
        """Whose slips in the reviewed game become drills: the people who played it here (of a
        network game, this computer's side only)."""
        if self.start.network is not None:
            return (self.start.network.colour,)
        players = (self.start.red, self.start.yellow)
        return tuple(n for n, spec in zip((1, 2), players) if spec is not None and not spec.is_ai)

    # -- what is shown ---------------------------------------------------------------------

    @property
    def words(self) -> ReviewWords:
        """What the screen says now, the sides named as the theme draws them."""
        network = self.start.network
        return ReviewWords(self.state, self.ctx.theme.names, failed=self.error is not None,
                           players=self.start.players(), resigned=None if network is None else network.resigned,
                           coached=self._sides() or (1, 2))

    def title(self) -> str:
        """The screen's title; the players named as the game's header names them ("You" for the
        one human playing the computer)."""
        return self.titles()[0]

    def titles(self) -> tuple[str, ...]:
        """The title's wordings, longest first: who played, then the sides alone, then the bare title."""
        red, yellow = self.start.red, self.start.yellow
        if red is None or yellow is None:
            return (_("Game review"),)
        players = self.start.players()
        if not (red.is_ai or yellow.is_ai or players):
            return (_("Game review — two players"), _("Game review"))
        # TRANSLATORS: the one person playing the computer, as the review's title names them
        names = list(players or [_("You") if not p.is_ai and q.is_ai else computer_label(p)
                                 for p, q in ((red, yellow), (yellow, red))])
        theme = self.ctx.theme
        sides = dict(first=theme.colour_name(1), first_name=names[0], second=theme.colour_name(2),
                     second_name=names[1])
        return (_("Game review — {first}: {first_name} · {second}: {second_name}").format(**sides),
                _("{first}: {first_name} · {second}: {second_name}").format(**sides), _("Game review"))

    def heard(self) -> Heard:
        """The title, each side's summary and what to practise, the shown move with its grade and
        best move, why, the open line's step and a question; the board for the query keys (its
        moves are said by these lines, not again)."""
        if self.start.moves is None:
            return Heard()
        state, words = self.state, self.words
        lines = [self.title(), *(spoken(line) for line in (*words.summary_lines(), *words.advice_lines())),
                 spoken(" ".join(spoken(line) for line in words.describe_current())),
                 spoken(words.why_text() or ""), spoken(words.line_text()) if state.line is not None else "",
                 self.confirm.spoken() if self.confirm is not None else ""]
        names = (self.ctx.theme.colour_name(1), self.ctx.theme.colour_name(2))
        board = BoardFacts(tuple(state.shown_moves()), names, state.played_here(), say_moves=False)
        return Heard(board, tuple(line for line in lines if line))

    def keys_texts(self) -> tuple[str, ...]:
        """The footer, longest first: the keys that work now (a narrow window takes a shorter one)."""
        state = self.state
        open_at = not state.shown().is_over()
        return footer_texts(Offer(self.error, state.line is not None, state.explanation() is not None,
                                  play_on=self._can_play_on(), practise=open_at))

    def keys_text(self) -> str:
        """The footer: the keys that work now."""
        return self.keys_texts()[0]

    def notice_room(self) -> pygame.Rect | None:
        """Under the words and over the graph, as the last frame drew them (the list's rows and
        the board are read)."""
        return None if self.savelist is not None and self.start.moves is None else self.hits.free

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.ctx.theme
        surface.fill(theme.background)
        if self.savelist is not None and self.start.moves is None:
            # Nothing is chosen yet: the picker alone, no empty review behind it.
            self.savelist.draw(surface, theme)
            return
        panel = ReviewPanel(theme, self.ctx.renderer, self.state, self.words, self.progress)
        self.hits = panel.draw(surface, self.titles(), self.keys_texts(), self.error is not None)
        if self.savelist is not None:
            self.savelist.draw(surface, theme)
        if self.confirm is not None:
            self.confirm.draw(surface, theme)


#: Why a position asked for cannot be a drill, said whole.
_NOT_A_DRILL = {
    Added.LOST: N_("This position cannot be a drill: every move loses here: there is no outcome to keep"),
    Added.OVER: N_("This position cannot be a drill: the game is over here"),
    Added.FREE: N_("This position cannot be a drill: every column keeps the outcome here: there is nothing to find"),
    Added.UNPROVED: N_("This position cannot be a drill: not proved in time"),
    Added.NOT_WRITTEN: N_("This position cannot be a drill: the drills file could not be written"),
}

__all__ = ["MAX_CACHED", "ReviewScene", "ReviewStart"]

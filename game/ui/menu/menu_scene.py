"""The menu scene: mode, colour, each computer's level (or a custom depth and heuristic), theme and sound.

A level chosen here plays exactly as the same level named on the command line: its depth,
heuristic, time, perfect play and temperature all come from the level. The choices are remembered
between runs (``game.store.prefs``)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from pathlib import Path

import pygame

from game.domain.players import PlayerSpec
from game.domain.saved import SavedGame
from game.i18n import N_, _, ngettext
from game.session.autosaver import autosaved
from game.session.core import Departure
from game.speech import Heard
from game.store.prefs import Prefs
from game.store.saves import save_infos
from game.ui.menu.menu_choices import MenuChoices
from game.ui.menu.menu_rows import ChoiceRows
from game.ui.menu.menu_words import COURSE_OFFER, COURSE_OFFER_DETAIL, practice_row_text, tell_if_plain_search
from game.ui.open_save import OPEN_ERRORS, open_save, players_of, resume_label
from game.ui.overlays import Confirm, HelpOverlay, TextOverlay, is_help_key, problems_overlay
from game.ui.resources import draw_text, fit_text, largest_fitting
from game.ui.savelist import CLOSE, TITLES, SaveList, load_failure
from game.ui.scene import Context, GameStart, MenuData, Scene, SceneName, Transition, open_network_game
from game.ui.voice import row_line
from game.ui.widgets import Pick, Row, RowList

PRACTICE = N_("Practice")
LEARN = N_("Learn")
class MenuScene(Scene):
    """The rows stay under the pointer: they are anchored at the top with a height that never
    changes while the menu is open, a row that does not apply is greyed out rather than removed,
    and only a change of mode (on the Mode row, above them) changes the rows below it. The
    selection follows its row, not its number. Every choice is remembered the moment it is made."""

    notices_at_top = True     # over the title, never over the rows

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.choosing = ChoiceRows(ctx)
        self.list = RowList(letter_keys=True, enter=self.start_game)   # Enter on an option row starts
        self.selected_label = "Mode"
        self.overlay: Confirm | HelpOverlay | TextOverlay | SaveList | None = None
        self.rows_top = 0     # where the rows begin, as last placed
        self._problems_shown = False
        self.resume_analysis = False      # the analysis row was on in the game on offer

    def enter(self, data: object) -> None:
        super().enter(data)
        if isinstance(data, MenuData) and data.resume is not None:
            self.resume = data.resume
            self.resume_analysis = data.analysis
            self.selected_label = resume_label(data.resume)     # the offer to continue comes first
        self.overlay = None
        self.choosing.stop_typing()
        if self.ctx.config_problems and not self._problems_shown:
            self._problems_shown = True        # once a run: the row keeps them at hand after that
            self.show_problems()
        tell_if_plain_search(self.ctx)
        self._offer_course()
        rows = self.rows()
        self.list.select(rows, self.list.index(rows))

    @property
    def resume(self) -> SavedGame | None:
        """The unfinished game on offer (the session's: the review's "play on" asks about it too)."""
        return self.ctx.session.unfinished

    @resume.setter
    def resume(self, saved: SavedGame | None) -> None:
        self.ctx.session.unfinished = saved
        self.resume_analysis = False    # a game offered anew (an autosave) opens as it was saved

    @property
    def choices(self) -> MenuChoices:
        """The mode and players chosen (``ChoiceRows`` keeps them)."""
        return self.choosing.choices

    @property
    def wants_text(self) -> bool:
        return self.choosing.editing is not None

    @property
    def selected_label(self) -> str:
        """The selected row's label: the selection follows its row when rows come and go."""
        return self.list.selected_label

    @selected_label.setter
    def selected_label(self, label: str) -> None:
        self.list.selected_label = label

    @property
    def selected(self) -> int:
        """The index of the selected row among the rows shown now."""
        return self.list.index(self.rows())

    @selected.setter
    def selected(self, index: int) -> None:
        rows = self.rows()
        self.selected_label = rows[max(0, min(len(rows) - 1, index))].label

    # -- rows ------------------------------------------------------------------------------

    def rows(self, mode: str | None = None) -> list[Row]:
        """The rows shown for the current choices (or for ``mode``), laid out for the window."""
        rows: list[Row] = []
        if self.resume is not None:
            n = len(self.resume.moves)
            if self.ctx.session.rating.resumes_rated(self.resume):
                moves = ngettext("{n} move · rated", "{n} moves · rated", n).format(n=n)
            else:
                moves = ngettext("{n} move", "{n} moves", n).format(n=n)
            rows.append(Row(resume_label(self.resume), moves, activate=self.resume_game))
        rows.append(self.choosing.mode_row())
        rows += self.choosing.players(mode or self.choices.mode)
        rows += self.choosing.look_and_sound()
        rows.append(Row("Start game", activate=self.start_game, words=_("Start game")))
        rows.append(Row(PRACTICE, practice_row_text(self.ctx.session.practice, datetime.now().astimezone()),
                        activate=self._going(SceneName.PRACTICE), words=_(PRACTICE)))
        rows.append(Row("Open a saved game", activate=self.open_saves, words=_("Open a saved game")))
        rows.append(Row("Review a saved game", activate=self._going(SceneName.REVIEW), words=_("Review a saved game")))
        rows.append(Row("Play over the network", activate=self.open_lobby, words=_("Play over the network")))
        if self.ctx.config_problems:
            count = len(self.ctx.config_problems)
            rows.append(Row(f"Settings problems ({count})", activate=self.show_problems, warning=True,
                            words=_("Settings problems ({n})").format(n=count)))
        rows.append(Row(LEARN, _("the rules and ideas, step by step"), activate=self._going(SceneName.LEARN),
                        words=_(LEARN)))
        rows.append(Row("Help (F1)", activate=self.open_help, words=_("Help (F1)")))
        rows.append(Row("Quit", activate=self._going(SceneName.QUIT), words=_("Quit")))
        if mode is None:
            self._place(rows)
        return rows

    def _place(self, rows: list[Row]) -> None:
        """Rows from the top of the list down, each as high as the most rows any mode shows allow:
        the height never changes while the menu is open, so no row moves when another is added."""
        width, height = self.ctx.layout.size
        area_bottom = height - max(14, height // 45) - 16
        shown_now = len(self.choosing.players(self.choices.mode))
        blank = int(self.resume is None)    # the resume row's place stays, empty: no other row moves
        most = blank + len(rows) - shown_now + self.choosing.most_player_rows()
        top = self.rows_top = self._rows_top(height, most)
        RowList.stack(rows, top, max(15, min(52, (area_bottom - top) // most)), width, first=blank)

    @staticmethod
    def _rows_top(height: int, rows: int) -> int:
        """Where the rows begin: a fifth down, under the title and the record's lines; in a window
        too short for ``rows`` rows of 18 pixels there, the record's lines give way to the rows."""
        area_bottom = height - max(14, height // 45) - 16
        return height // 5 if (area_bottom - height // 5) // rows >= 18 else height // 7

    # -- actions ---------------------------------------------------------------------------

    def start_game(self) -> None:
        """Start a game with the chosen players; asks first when an unfinished game is on offer."""
        self.unless_unfinished(_("Start a new game?"), self._start_now, self.choices.players(self.ctx.settings))

    def unless_unfinished(self, question: str, action: Callable[[], None],
                          after: tuple[PlayerSpec, PlayerSpec] | None = None) -> None:
        """Do ``action`` now, or after asking when it would lose the unfinished game on offer
        (``after``: who plays the game that comes next, when known; see ``Session.leaving``)."""
        resume, session = self.resume, self.ctx.session
        leaving = session.leaving(Departure.REPLACE, after=after)
        if leaving is None or resume is None:
            action()
            return

        def leave() -> None:
            session.leave(leaving)
            action()

        # TRANSLATORS: {detail} says what would be lost; {resume} is the menu's row that resumes the game
        detail = _('{detail} Choose No, then "{resume}", to go on with it.').format(detail=leaving.detail,
                                                                                   resume=resume_label(resume))
        self.overlay = Confirm(question, detail, leave)

    def _going(self, scene: SceneName) -> Callable[[], None]:
        """What a row that opens ``scene`` does: nothing on the board is at stake there."""
        def go() -> None:
            self.next = Transition(scene)
        return go

    def _offer_course(self) -> None:
        """Once, to a player opening the game for the first time (no preference ever kept, no game
        on offer): the course. Asked once, whatever the answer (remembered in the preferences)."""
        if self.ctx.prefs != Prefs() or self.overlay is not None or self.resume is not None:
            return
        self.ctx.remember(course_offered=True)
        self.overlay = Confirm(_(COURSE_OFFER), _(COURSE_OFFER_DETAIL), self._going(SceneName.LEARN),
                               yes=_("Start the course"), no=_("Not now"))

    def open_lobby(self) -> None:
        """Host or join a network game. Its first move replaces the autosave: the unfinished game
        on offer is asked about first."""
        self.unless_unfinished(_("Play over the network?"), lambda: self._go(Transition(SceneName.NETWORK)))

    def _start_now(self) -> None:
        red, yellow = self.choices.players(self.ctx.settings)
        self.choosing.remember()
        if autosaved(red, yellow):       # it takes the autosave's place; two computers' game leaves it be
            self.resume = None
        two = self.choices.mode == "two_players"
        self.next = Transition(SceneName.GAME, GameStart(red, yellow, names=tuple(self.choices.names) if two
                                                         else ("", ""), alternate=two and self.choices.alternate))

    def open_help(self) -> None:
        self.overlay = HelpOverlay(self.ctx.settings, self.ctx.theme.names)

    def show_problems(self) -> None:
        self.overlay = problems_overlay(self.ctx.config_problems, self.ctx.config_source)

    def open_saves(self) -> None:
        try:
            self.overlay = SaveList(save_infos(), title=TITLES["open"])
        except OSError as exc:
            self.ctx.notices.add(_("Could not list the saved games: {error}").format(error=exc), "error")

    def _open_save(self, path: Path) -> None:
        try:
            opened = open_save(path, self.ctx.settings)
        except OPEN_ERRORS as exc:
            self.ctx.notices.add(load_failure("open", path, exc), "error")
            return
        saved, red, yellow = opened.saved, opened.red, opened.yellow
        if saved.seat is not None:
            self.overlay = None
            transition = open_network_game(saved)
            if transition.scene is SceneName.REVIEW:       # reviewing loses nothing
                self.next = transition
            else:
                self.unless_unfinished(_("Open this saved game?"), lambda: self._go(transition))
            return

        def play() -> None:
            if autosaved(red, yellow):
                self.resume = None
            # a save is casual, even one that holds the moves of the rated game it replaces
            self.next = Transition(SceneName.GAME, GameStart(red, yellow, saved.columns(), continued=True))

        self.overlay = None
        self.unless_unfinished(_("Open this saved game?"), play, (red, yellow))

    def _go(self, transition: Transition) -> None:
        self.resume = None
        self.next = transition

    def resume_game(self) -> None:
        analysis = self.resume_analysis
        saved, self.resume = self.resume, None
        if saved is None:
            return
        if saved.seat is not None:
            self.next = open_network_game(saved)
            return
        try:
            red, yellow = players_of(saved, self.ctx.settings)
            moves = saved.columns()
        except ValueError as exc:
            self.ctx.notices.add(_("Cannot resume the unfinished game: {error}").format(error=exc), "error")
            return
        self.next = Transition(SceneName.GAME, GameStart(red, yellow, moves, analysis=analysis or saved.analysis))

    # -- scene contract --------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        if self.overlay is not None:
            self._handle_overlay(event)
            return
        if self.choosing.editing is not None and event.type in (pygame.TEXTINPUT, pygame.KEYDOWN,
                                                                 pygame.MOUSEBUTTONDOWN):
            self.choosing.type(event)
            if event.type != pygame.MOUSEBUTTONDOWN:
                return
        if is_help_key(event):
            self.open_help()
            return
        if self.list.handle(event, self.rows()) is Pick.CHANGED:
            self.choosing.remember()

    def _handle_overlay(self, event: pygame.event.Event) -> None:
        overlay = self.overlay
        if isinstance(overlay, SaveList):
            choice = overlay.handle(event)
            if choice == CLOSE:
                self.overlay = None
            elif isinstance(choice, Path):
                self._open_save(choice)
        elif overlay is not None and overlay.handle(event) and self.overlay is overlay:
            self.overlay = None

    def heard(self) -> Heard:
        """The selected row and its value, and a question asked over the menu."""
        question = (self.overlay.spoken(),) if isinstance(self.overlay, Confirm) else ()
        return Heard(lines=row_line(self.rows(), self.selected_label) + question)

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.ctx.theme
        width, height = surface.get_size()
        surface.fill(theme.background)
        title_size = max(32, height // 11)
        # TRANSLATORS: the game's name, as the menu's title ("Vier gewinnt", "Puissance 4")
        name, title_size = largest_fitting((_("Connect Four"),), title_size, width - 20, min_size=20, bold=True)
        title = draw_text(surface, name, title_size, theme.text, bold=True, center=(width // 2, height // 10))
        rows = self.rows()
        self._draw_info(surface, title.bottom + 2, self.rows_top - title.bottom - 2)
        self.list.draw(surface, rows, theme, max(13, min(30, rows[0].rect.height * 6 // 10)))
        help_texts = (_("Up/Down choose · Left/Right or click to change · Enter start · F1 help · M mute · "
                        "F11 fullscreen · Ctrl+Q quit"),
                      _("Up/Down choose · Left/Right change · Enter start · F1 help · Ctrl+Q quit"),
                      _("Up/Down · Left/Right · Enter · F1 help"))
        if self.choosing.editing is not None:
            help_texts = (_("Type the name · Enter keeps it · Esc cancels"), _("Type · Enter keeps · Esc cancels"))
        help_text, help_size = largest_fitting(help_texts, max(14, height // 45), width - 20, min_size=13)
        draw_text(surface, help_text, help_size, theme.dim_text, midbottom=(width // 2, height - 8))
        if self.overlay is not None:
            self.overlay.draw(surface, theme)

    def _draw_info(self, surface: pygame.Surface, top: int, room: int) -> None:
        """The lines under the title, as many as fit: the player's rating and record, once there is one."""
        lines = [text for text in self.ctx.session.results.lines if text]
        if not lines or room < 12:
            return
        size = max(12, min(22, room // len(lines)))
        width = surface.get_width()
        for text in lines:
            if top + size > top + room:
                break
            rect = draw_text(surface, fit_text(text, size, width - 20), size, self.ctx.theme.dim_text,
                             midtop=(width // 2, top))
            room -= rect.height
            top = rect.bottom

"""The menu scene: mode, colour, each computer's level (or a custom depth and heuristic), theme and sound.

A level chosen here plays exactly as the same level named on the command line: its depth,
heuristic, time, perfect play and temperature all come from the level. The choices are remembered
between runs (``game.store.prefs``)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from pathlib import Path

import pygame

import game

from game.domain.levels import CUSTOM_DEPTH
from game.domain.names import MAX_PLAYER_NAME_CHARS, clean_player_name
from game.domain.players import PlayerSpec
from game.domain.saved import SavedGame
from game.echo import counted
from game.engine.heuristics import HEURISTICS
from game.session.autosaver import autosaved
from game.session.core import Departure
from game.store.prefs import Prefs
from game.store.saves import save_infos
from game.ui.menu.menu_choices import CUSTOM, MODE_LABELS, MODES, AIChoice, MenuChoices, cycle
from game.ui.menu.menu_words import COURSE_OFFER, COURSE_OFFER_DETAIL, practice_row_text
from game.ui.open_save import OPEN_ERRORS, open_save, players_of, resume_label
from game.ui.overlays import Confirm, HelpOverlay, TextOverlay, is_help_key, problems_overlay
from game.ui.resources import draw_text, fit_text, largest_fitting
from game.ui.savelist import CLOSE, SaveList, load_failure
from game.ui.scene import Context, GameStart, MenuData, Scene, SceneName, Transition, open_network_game
from game.ui.theme import THEMES
from game.ui.widgets import Edit, Pick, Row, RowList, TextInput, name_chars

PRACTICE = "Practice"
LEARN = "Learn"
#: Said once per install (remembered in the prefs under ``PLAIN_SEARCH_TOLD``) where the searches
#: could not be compiled at install: pip hides the build's warning.
PLAIN_SEARCH_NOTICE = ("The computer thinks more slowly here: its search was installed without a C compiler. "
                       "To fix it, install a C compiler and Python's headers, then reinstall the game.")
PLAIN_SEARCH_TOLD = "told_plain_search"
PLAIN_SEARCH_SECONDS = 20.0


def install() -> str:
    """This install of the game, as one line: its version and its folder (a reinstall elsewhere or
    of another version is another install)."""
    return f"{game.__version__} {Path(game.__file__).resolve().parent}"


class MenuScene(Scene):
    """The rows stay under the pointer: they are anchored at the top with a height that never
    changes while the menu is open, a row that does not apply is greyed out rather than removed,
    and only a change of mode (on the Mode row, above them) changes the rows below it. The
    selection follows its row, not its number. Every choice is remembered the moment it is made."""

    notices_at_top = True     # over the title, never over the rows

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.choices = MenuChoices.from_prefs(ctx.prefs.menu, ctx.settings)
        self.list = RowList(letter_keys=True, enter=self.start_game)   # Enter on an option row starts
        self.selected_label = "Mode"
        #: Tab, Up and Down end the typing too (keeping the name), as Enter does.
        self.name_field = TextInput(name_chars, MAX_PLAYER_NAME_CHARS,
                                    done_keys=(pygame.K_TAB, pygame.K_UP, pygame.K_DOWN))
        self.overlay: Confirm | HelpOverlay | TextOverlay | SaveList | None = None
        self.editing: int | None = None   # the two-player name being typed (0 red, 1 yellow)
        self._problems_shown = False
        self.resume_analysis = False      # the analysis row was on in the game on offer

    def enter(self, data: object) -> None:
        super().enter(data)
        if isinstance(data, MenuData) and data.resume is not None:
            self.resume = data.resume
            self.resume_analysis = data.analysis
            self.selected_label = resume_label(data.resume)     # the offer to continue comes first
        self.overlay = None
        self.name_field.close()
        self.editing = None
        if self.ctx.config_problems and not self._problems_shown:
            self._problems_shown = True        # once a run: the row keeps them at hand after that
            self.show_problems()
        self._tell_if_plain_search()
        self._offer_course()
        rows = self.rows()
        self.list.select(rows, self.list.index(rows))

    def _tell_if_plain_search(self) -> None:
        """Once per install, ever: a search that runs as plain Python makes the computer slower."""
        from game.service import backends  # here: the menu module loads no engine

        if not backends.compiled() and self.ctx.prefs.told_plain_search != install():
            self.ctx.notices.add(PLAIN_SEARCH_NOTICE, "info", seconds=PLAIN_SEARCH_SECONDS)
            self.ctx.remember(**{PLAIN_SEARCH_TOLD: install()})

    @property
    def resume(self) -> SavedGame | None:
        """The unfinished game on offer (the session's: the review's "play on" asks about it too)."""
        return self.ctx.session.unfinished

    @resume.setter
    def resume(self, saved: SavedGame | None) -> None:
        self.ctx.session.unfinished = saved
        self.resume_analysis = False    # a game offered anew (an autosave) opens as it was saved

    def info_lines(self) -> list[str]:
        """The lines under the title: the player's rating and record, once there is one."""
        return self.ctx.session.results.lines

    @property
    def wants_text(self) -> bool:
        return self.editing is not None

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
            rated = " · rated" if self.ctx.session.rating.resumes_rated(self.resume) else ""
            rows.append(Row(resume_label(self.resume), counted(len(self.resume.moves), "move") + rated,
                            activate=self.resume_game))
        rows.append(Row("Mode", MODE_LABELS[self.choices.mode], change=self._change_mode))
        rows += self._mode_rows(mode or self.choices.mode)
        rows.append(Row("Theme", self.ctx.theme_name, change=self._change_theme))
        rows.append(Row("Sound", "off (muted)" if self.ctx.sound.muted else "on", change=self._change_sound))
        rows.append(Row("Volume", f"{round(self.ctx.sound.volume * 100)} %", change=self._change_volume))
        rows.append(Row("Start game", activate=self.start_game))
        rows.append(Row(PRACTICE, self.practice_text(), activate=self.open_practice))
        rows.append(Row("Open a saved game", activate=self.open_saves))
        rows.append(Row("Review a saved game", activate=self.review_saved))
        rows.append(Row("Play over the network", activate=self.open_lobby))
        if self.ctx.config_problems:
            rows.append(Row(f"Settings problems ({len(self.ctx.config_problems)})", activate=self.show_problems,
                            warning=True))
        rows.append(Row(LEARN, "the rules and ideas, step by step", activate=self.open_learn))
        rows.append(Row("Help (F1)", activate=self.open_help))
        rows.append(Row("Quit", activate=self.quit))
        if mode is None:
            self._place(rows)
        return rows

    def _mode_rows(self, mode: str) -> list[Row]:
        c = self.choices
        if mode == "vs_computer":
            you = (f"{self._colour(1)} (you move first)" if c.human_colour == 1
                   else f"{self._colour(2)} (computer moves first)")
            return [Row("You play", you, change=self._change_colour), *self._ai_rows("Computer", c.computer)]
        if mode == "spectator":
            return [*self._ai_rows(f"{self._colour(1)} computer", c.red_ai),
                    *self._ai_rows(f"{self._colour(2)} computer", c.yellow_ai)]
        rows = []
        for i in (0, 1):
            value = self.name_field.shown() if self.editing == i else c.names[i] or "(Enter to type a name)"
            rows.append(Row(f"{self._colour(i + 1)} player", value, activate=lambda i=i: self.edit_name(i), typed=True,
                            caret=self.name_field.caret if self.editing == i else None))
        starts = f"{self._colour(1)} every game" if not c.alternate else "take turns"
        rows.append(Row("Who starts", starts, change=self._change_alternate))
        return rows

    def _colour(self, player: int) -> str:
        return self.ctx.theme.colour_name(player)

    def _ai_rows(self, who: str, choice: AIChoice) -> list[Row]:
        levels = [level.name for level in self.ctx.settings.levels] + [CUSTOM]
        details = {level.name: ("exact play" if level.exact else f"depth {level.depth}")
                   + (f", ~{level.elo} Elo" if level.elo is not None else "")
                   for level in self.ctx.settings.levels}

        def change_level(delta: int) -> None:
            choice.level = cycle(levels, choice.level, delta)

        def change_depth(delta: int) -> None:
            lo, hi = CUSTOM_DEPTH
            choice.depth = lo + (choice.depth - lo + delta) % (hi - lo + 1)

        def change_heuristic(delta: int) -> None:
            choice.heuristic = cycle(list(HEURISTICS), choice.heuristic, delta)

        custom = choice.level == CUSTOM
        level_text = choice.level if custom else f"{choice.level} ({details[choice.level]})"
        return [Row(f"{who} level", level_text, change=change_level),
                Row(f"{who} depth", str(choice.depth), change=change_depth, enabled=custom),
                Row(f"{who} heuristic", choice.heuristic, change=change_heuristic, enabled=custom)]

    def _place(self, rows: list[Row]) -> None:
        """Rows from the top of the list down, each as high as the most rows any mode shows allow:
        the height never changes while the menu is open, so no row moves when another is added."""
        width, height = self.ctx.layout.size
        area_top, area_bottom = height // 5, height - max(14, height // 45) - 16
        shown_now = len(self._mode_rows(self.choices.mode))
        blank = int(self.resume is None)    # the resume row's place stays, empty: no other row moves
        most = blank + len(rows) - shown_now + max(len(self._mode_rows(mode)) for mode in MODES)
        RowList.stack(rows, area_top, max(18, min(52, (area_bottom - area_top) // most)), width, first=blank)

    # -- actions ---------------------------------------------------------------------------

    def _remember_choices(self) -> None:
        self.ctx.remember(menu=self.choices.to_prefs())

    def _change_mode(self, delta: int) -> None:
        self.choices.mode = cycle(list(MODES), self.choices.mode, delta)

    def _change_colour(self, delta: int) -> None:
        self.choices.human_colour = 3 - self.choices.human_colour

    def _change_alternate(self, delta: int) -> None:
        self.choices.alternate = not self.choices.alternate

    def _change_theme(self, delta: int) -> None:
        self.ctx.theme_name = cycle(list(THEMES), self.ctx.theme_name, delta)
        self.ctx.remember(theme=self.ctx.theme_name)

    def _change_sound(self, delta: int) -> None:
        self.ctx.remember(muted=self.ctx.sound.toggle_mute())

    def _change_volume(self, delta: int) -> None:
        steps = round(self.ctx.sound.volume * 10)
        self.ctx.sound.set_volume(min(10, max(0, steps + delta)) / 10)
        self.ctx.remember(volume=self.ctx.sound.volume)

    def edit_name(self, index: int) -> None:
        """Type the name of one of two players: letters go in, Backspace takes out, Enter (or a
        click elsewhere) keeps it, Esc keeps the name there was."""
        self.editing = index
        self.name_field.open(self.choices.names[index])
        self.selected_label = f"{self._colour(index + 1)} player"

    def _type(self, event: pygame.event.Event) -> None:
        assert self.editing is not None
        edit = Edit.DONE if event.type == pygame.MOUSEBUTTONDOWN else self.name_field.handle(event)
        if edit is Edit.CANCELLED:
            self.editing = None
        elif edit is Edit.DONE:
            self.choices.names[self.editing] = clean_player_name(self.name_field.close())
            self.editing = None
            self._remember_choices()

    def start_game(self) -> None:
        """Start a game with the chosen players; asks first when an unfinished game is on offer."""
        self.unless_unfinished("Start a new game?", self._start_now, self.choices.players(self.ctx.settings))

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

        self.overlay = Confirm(question, f"{leaving.detail} Choose No, then \"{resume_label(resume)}\", to go on "
                               "with it.", leave)

    def practice_text(self) -> str:
        """"5 drills due · puzzles" (the drills counted once they are read; see ``practice_row_text``)."""
        return practice_row_text(self.ctx.session.practice, datetime.now().astimezone())

    def open_practice(self) -> None:
        self.next = Transition(SceneName.PRACTICE)

    def open_learn(self) -> None:
        self.next = Transition(SceneName.LEARN)

    def _offer_course(self) -> None:
        """Once, to a player opening the game for the first time (no preference ever kept, no game
        on offer): the course. Asked once, whatever the answer (remembered in the preferences)."""
        if self.ctx.prefs != Prefs() or self.overlay is not None or self.resume is not None:
            return
        self.ctx.remember(course_offered=True)
        self.overlay = Confirm(COURSE_OFFER, COURSE_OFFER_DETAIL, self.open_learn, yes="Start the course",
                               no="Not now")

    def review_saved(self) -> None:
        self.next = Transition(SceneName.REVIEW)

    def open_lobby(self) -> None:
        """Host or join a network game. Its first move replaces the autosave: the unfinished game
        on offer is asked about first."""
        self.unless_unfinished("Play over the network?", lambda: self._go(Transition(SceneName.NETWORK)))

    def _start_now(self) -> None:
        red, yellow = self.choices.players(self.ctx.settings)
        self._remember_choices()
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
            self.overlay = SaveList(save_infos(), title="Open a saved game")
        except OSError as exc:
            self.ctx.notices.add(f"Could not list the saved games: {exc}", "error")

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
                self.unless_unfinished("Open this saved game?", lambda: self._go(transition))
            return

        def play() -> None:
            if autosaved(red, yellow):
                self.resume = None
            # a save is casual, even one that holds the moves of the rated game it replaces
            self.next = Transition(SceneName.GAME, GameStart(red, yellow, saved.columns(), continued=True))

        self.overlay = None
        self.unless_unfinished("Open this saved game?", play, (red, yellow))

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
            self.ctx.notices.add(f"Cannot resume the unfinished game: {exc}", "error")
            return
        self.next = Transition(SceneName.GAME, GameStart(red, yellow, moves, analysis=analysis or saved.analysis))

    def quit(self) -> None:
        self.next = Transition(SceneName.QUIT)

    # -- scene contract --------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        if self.overlay is not None:
            self._handle_overlay(event)
            return
        if self.editing is not None and event.type in (pygame.TEXTINPUT, pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self._type(event)
            if event.type != pygame.MOUSEBUTTONDOWN:
                return
        if is_help_key(event):
            self.open_help()
            return
        if self.list.handle(event, self.rows()) is Pick.CHANGED:
            self._remember_choices()

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

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.ctx.theme
        width, height = surface.get_size()
        surface.fill(theme.background)
        title_size = max(32, height // 11)
        title = draw_text(surface, "Connect Four", title_size, theme.text, bold=True, center=(width // 2, height // 10))
        self._draw_info(surface, title.bottom + 2, height // 5 - title.bottom - 2)
        rows = self.rows()
        self.list.draw(surface, rows, theme, max(13, min(30, rows[0].rect.height * 6 // 10)))
        help_texts = (("Up/Down choose · Left/Right or click to change · Enter start · F1 help · M mute · "
                       "F11 fullscreen · Ctrl+Q quit"),
                      "Up/Down choose · Left/Right change · Enter start · F1 help · Ctrl+Q quit")
        if self.editing is not None:
            help_texts = ("Type the name · Enter keeps it · Esc cancels", "Type · Enter keeps · Esc cancels")
        help_text, help_size = largest_fitting(help_texts, max(14, height // 45), width - 20, min_size=13)
        draw_text(surface, help_text, help_size, theme.dim_text, midbottom=(width // 2, height - 8))
        if self.overlay is not None:
            self.overlay.draw(surface, theme)

    def _draw_info(self, surface: pygame.Surface, top: int, room: int) -> None:
        """The extra lines under the title (``info_lines``), as many as fit."""
        lines = [text for text in self.info_lines() if text]
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

"""The menu scene: mode, colour, each computer's level (or a custom depth and heuristic), theme and sound.

A level chosen here plays exactly as the same level named on the command line: its depth,
heuristic, time, perfect play and temperature all come from the level. The choices are remembered
between runs (``game.storage`` preferences)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any

import pygame

from game.engine.heuristics import HEURISTICS
from game.settings import CUSTOM_DEPTH, HUMAN, PlayerSpec, Settings, parse_player_spec
from game.storage import SavedGame
from game.ui.render import draw_panel
from game.ui.resources import draw_text, fit_text
from game.ui.overlays import Confirm, HelpOverlay, is_help_key
from game.ui.scene import Context, Scene, SceneName, Transition
from game.ui.theme import THEMES

MODES = ("vs_computer", "two_players", "spectator")
MODE_LABELS = {"vs_computer": "You vs Computer", "two_players": "Two players (same screen)",
               "spectator": "Computer vs Computer"}
CUSTOM = "Custom depth"


@dataclass
class AIChoice:
    """One computer player's menu settings: a level name, or CUSTOM with ``depth`` and ``heuristic``
    (the heuristic belongs to the custom depth only: a level brings its own)."""

    level: str
    depth: int
    heuristic: str

    def spec(self, settings: Settings) -> PlayerSpec:
        """The player, parsed from the same text the command line takes (``--yellow Hard``)."""
        if self.level == CUSTOM:
            return parse_player_spec(f"ai:{self.depth}:{self.heuristic}", settings)
        return parse_player_spec(self.level, settings)

    @classmethod
    def default(cls, settings: Settings, *, opponent: bool = False) -> AIChoice:
        """A first start's choice: a human's opponent starts at the newcomer's level (the weakest,
        ``Settings.newcomer_level``), a computer in a computer match in the middle of the ladder."""
        levels = settings.levels
        if opponent:
            level = settings.newcomer_level().name if levels else CUSTOM
        else:
            level = levels[len(levels) // 2].name if levels else CUSTOM
        return cls(level, settings.depth, settings.heuristic)

    @classmethod
    def from_prefs(cls, data: Any, settings: Settings, *, opponent: bool = False) -> AIChoice:
        """Validate remembered choices against the current settings; anything off uses the default."""
        choice = cls.default(settings, opponent=opponent)
        if not isinstance(data, dict):
            return choice
        names = [level.name for level in settings.levels] + [CUSTOM]
        if data.get("level") in names:
            choice.level = data["level"]
        lo, hi = CUSTOM_DEPTH
        depth = data.get("depth")
        if isinstance(depth, int) and not isinstance(depth, bool) and lo <= depth <= hi:
            choice.depth = depth
        if data.get("heuristic") in HEURISTICS:
            choice.heuristic = data["heuristic"]
        return choice


@dataclass
class MenuChoices:
    mode: str
    human_colour: int                     # 1 = red (moves first), 2 = yellow
    computer: AIChoice                    # the opponent in "You vs Computer"
    red_ai: AIChoice                      # the two computers in spectator mode
    yellow_ai: AIChoice

    @classmethod
    def from_prefs(cls, data: Any, settings: Settings) -> MenuChoices:
        data = data if isinstance(data, dict) else {}
        mode = data.get("mode") if data.get("mode") in MODES else MODES[0]
        colour = data.get("human_colour") if data.get("human_colour") in (1, 2) else 1
        return cls(mode, colour, *(AIChoice.from_prefs(data.get(k), settings, opponent=k == "computer")
                                   for k in ("computer", "red_ai", "yellow_ai")))

    def to_prefs(self) -> dict[str, Any]:
        return asdict(self)

    def players(self, settings: Settings) -> tuple[PlayerSpec, PlayerSpec]:
        """(red, yellow) for the chosen mode."""
        if self.mode == "two_players":
            return HUMAN, HUMAN
        if self.mode == "spectator":
            return self.red_ai.spec(settings), self.yellow_ai.spec(settings)
        computer = self.computer.spec(settings)
        return (HUMAN, computer) if self.human_colour == 1 else (computer, HUMAN)


@dataclass(frozen=True, slots=True)
class GameStart:
    """What the game scene starts from."""

    red: PlayerSpec
    yellow: PlayerSpec
    moves: str = ""
    analysis: bool = False  # open with the analysis row on (a position opened to look at it)


@dataclass(frozen=True, slots=True)
class MenuData:
    resume: SavedGame | None = None


@dataclass
class Row:
    label: str
    value: str = ""
    change: Callable[[int], None] | None = None    # option rows: step the value by -1/+1
    activate: Callable[[], None] | None = None     # button rows
    rect: pygame.Rect = field(default_factory=pygame.Rect)


def _cycle(values: list[Any], current: Any, delta: int) -> Any:
    index = values.index(current) if current in values else 0
    return values[(index + delta) % len(values)]


class MenuScene(Scene):
    notices_at_top = False    # the title is up there
    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.choices = MenuChoices.from_prefs(ctx.prefs.get("menu"), ctx.settings)
        self.selected = 0
        self.resume: SavedGame | None = None
        self.overlay: Confirm | HelpOverlay | None = None
        #: Lines shown under the title (e.g. the player's record); each provider may return "".
        self.info_lines: list[Callable[[], str]] = []
        #: Button rows added before "Help" (label, action), e.g. another scene to open.
        self.extra_rows: list[tuple[str, Callable[[], None]]] = []

    def enter(self, data: object) -> None:
        super().enter(data)
        if isinstance(data, MenuData) and data.resume is not None:
            self.resume = data.resume
            self.selected = 0                  # the offer to continue comes first
        self.overlay = None
        self.selected = min(self.selected, len(self.rows()) - 1)

    # -- rows ------------------------------------------------------------------------------

    def rows(self) -> list[Row]:
        """The rows shown for the current choices, laid out for the current window size."""
        c = self.choices
        rows: list[Row] = []
        if self.resume is not None:
            rows.append(Row("Resume unfinished game", f"{len(self.resume.moves)} moves", activate=self.resume_game))
        rows.append(Row("Mode", MODE_LABELS[c.mode], change=self._change_mode))
        if c.mode == "vs_computer":
            rows.append(Row("You play", "Red (you move first)" if c.human_colour == 1
                            else "Yellow (computer moves first)", change=self._change_colour))
            rows += self._ai_rows("Computer", c.computer)
        elif c.mode == "spectator":
            rows += self._ai_rows("Red computer", c.red_ai)
            rows += self._ai_rows("Yellow computer", c.yellow_ai)
        rows.append(Row("Theme", self.ctx.theme_name, change=self._change_theme))
        rows.append(Row("Sound", "off (muted)" if self.ctx.sound.muted else "on", change=self._change_sound))
        rows.append(Row("Volume", f"{round(self.ctx.sound.volume * 100)} %", change=self._change_volume))
        rows.append(Row("Start game", activate=self.start_game))
        rows += [Row(label, activate=action) for label, action in self.extra_rows]
        rows.append(Row("Help (F1)", activate=self.open_help))
        rows.append(Row("Quit", activate=self.quit))
        self._place(rows)
        return rows

    def _ai_rows(self, who: str, choice: AIChoice) -> list[Row]:
        levels = [level.name for level in self.ctx.settings.levels] + [CUSTOM]
        details = {level.name: ("exact play" if level.exact else f"depth {level.depth}")
                   + (f", ~{level.elo} Elo" if level.elo is not None else "")
                   for level in self.ctx.settings.levels}

        def change_level(delta: int) -> None:
            choice.level = _cycle(levels, choice.level, delta)

        def change_depth(delta: int) -> None:
            lo, hi = CUSTOM_DEPTH
            choice.depth = lo + (choice.depth - lo + delta) % (hi - lo + 1)

        def change_heuristic(delta: int) -> None:
            choice.heuristic = _cycle(list(HEURISTICS), choice.heuristic, delta)

        level_text = choice.level if choice.level == CUSTOM else f"{choice.level} ({details[choice.level]})"
        rows = [Row(f"{who} level", level_text, change=change_level)]
        if choice.level == CUSTOM:
            rows.append(Row(f"{who} depth", str(choice.depth), change=change_depth))
            rows.append(Row(f"{who} heuristic", choice.heuristic, change=change_heuristic))
        return rows

    def _place(self, rows: list[Row]) -> None:
        width, height = self.ctx.layout.size
        area_top, area_bottom = height // 5, height - 50     # below the title, above the help line
        row_h = max(26, min(52, (area_bottom - area_top) // max(1, len(rows))))
        top = area_top + max(0, (area_bottom - area_top - row_h * len(rows)) // 3)
        row_w = min(width - 40, 720)
        for i, row in enumerate(rows):
            row.rect = pygame.Rect((width - row_w) // 2, top + i * row_h, row_w, row_h - 4)

    # -- actions ---------------------------------------------------------------------------

    def _change_mode(self, delta: int) -> None:
        self.choices.mode = _cycle(list(MODES), self.choices.mode, delta)

    def _change_colour(self, delta: int) -> None:
        self.choices.human_colour = 3 - self.choices.human_colour

    def _change_theme(self, delta: int) -> None:
        self.ctx.theme_name = _cycle(list(THEMES), self.ctx.theme_name, delta)
        self.ctx.remember(theme=self.ctx.theme_name)

    def _change_sound(self, delta: int) -> None:
        self.ctx.remember(muted=self.ctx.sound.toggle_mute())

    def _change_volume(self, delta: int) -> None:
        steps = round(self.ctx.sound.volume * 10)
        self.ctx.sound.set_volume(min(10, max(0, steps + delta)) / 10)
        self.ctx.remember(volume=self.ctx.sound.volume)

    def start_game(self) -> None:
        """Start a game with the chosen players; asks first when an unfinished game is on offer."""
        resume = self.resume
        if resume is not None and resume.moves and not resume.position().is_over():
            self.overlay = Confirm("Start a new game?", f"The unfinished game ({len(resume.moves)} moves) will "
                                   "be lost. Choose No, then \"Resume unfinished game\", to go on with it.",
                                   self._start_now)
        else:
            self._start_now()

    def _start_now(self) -> None:
        red, yellow = self.choices.players(self.ctx.settings)
        self.ctx.remember(menu=self.choices.to_prefs())
        self.resume = None
        self.next = Transition(SceneName.GAME, GameStart(red, yellow))

    def open_help(self) -> None:
        self.overlay = HelpOverlay(self.ctx.settings)

    def resume_game(self) -> None:
        saved, self.resume = self.resume, None
        if saved is None:
            return
        try:
            red = parse_player_spec(saved.red, self.ctx.settings)
            yellow = parse_player_spec(saved.yellow, self.ctx.settings)
        except ValueError as exc:
            self.ctx.notices.add(f"Cannot resume the unfinished game: {exc}", "error")
            return
        self.next = Transition(SceneName.GAME, GameStart(red, yellow, saved.moves))

    def quit(self) -> None:
        self.next = Transition(SceneName.QUIT)

    # -- scene contract --------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        if self.overlay is not None:
            if self.overlay.handle(event):
                self.overlay = None
            return
        if is_help_key(event):
            self.open_help()
            return
        rows = self.rows()
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_UP, pygame.K_w):
                self.selected = (self.selected - 1) % len(rows)
            elif event.key in (pygame.K_DOWN, pygame.K_s, pygame.K_TAB):
                self.selected = (self.selected + 1) % len(rows)
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_a, pygame.K_d):
                row = rows[self.selected]
                if row.change:
                    row.change(-1 if event.key in (pygame.K_LEFT, pygame.K_a) else 1)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                row = rows[self.selected]
                (row.activate or self.start_game)()
        elif event.type == pygame.MOUSEMOTION:
            for i, row in enumerate(rows):
                if row.rect.collidepoint(event.pos):
                    self.selected = i
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            for i, row in enumerate(rows):
                if row.rect.collidepoint(event.pos):
                    self.selected = i
                    if row.activate:
                        row.activate()
                    elif row.change:
                        on_back_arrow = abs(event.pos[0] - self._arrow_x(row)) <= 24
                        row.change(-1 if event.button == 3 or on_back_arrow else 1)
                    break
        rows_after = self.rows()
        self.selected = min(self.selected, len(rows_after) - 1)

    @staticmethod
    def _arrow_x(row: Row) -> int:
        """Where the "<" arrow of an option row sits: a click on it steps back, elsewhere forwards."""
        return row.rect.centerx + 30

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
        size = max(16, min(30, rows[0].rect.height * 6 // 10))
        for i, row in enumerate(rows):
            rect = row.rect
            if i == self.selected:
                draw_panel(surface, rect, theme, border=theme.accent)
            if row.activate:
                colour = theme.accent if i == self.selected else theme.text
                text = row.label + (f"  ({row.value})" if row.value else "")
                draw_text(surface, text, size, colour, bold=True, center=rect.center)
                continue
            draw_text(surface, fit_text(row.label, size, rect.width // 2 - 40), size, theme.dim_text,
                      midleft=(rect.left + 16, rect.centery))
            value = fit_text(row.value, size, rect.width // 2 - 60)
            x = self._arrow_x(row)
            draw_text(surface, "<", size, theme.accent, midright=(x - 4, rect.centery))
            draw_text(surface, value, size, theme.text, midleft=(x + 10, rect.centery))
            draw_text(surface, ">", size, theme.accent, midright=(rect.right - 12, rect.centery))
        help_text = ("Up/Down choose · Left/Right or click to change · Enter start · F1 help · M mute · "
                     "F11 fullscreen · Ctrl+Q quit")
        draw_text(surface, fit_text(help_text, max(14, height // 45), width - 20), max(14, height // 45),
                  theme.dim_text, midbottom=(width // 2, height - 8))
        if self.overlay is not None:
            self.overlay.draw(surface, theme)

    def _draw_info(self, surface: pygame.Surface, top: int, room: int) -> None:
        """The extra lines under the title (``info_lines``), as many as fit."""
        lines = [text for text in (provider() for provider in self.info_lines) if text]
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

"""Play over the network, before the game: host a game (choose a colour, then wait, showing every
address a friend can type) or join one (games found on the local network, or a typed
``address[:port]``), under the name typed in the name row. A network game's save (the menu's
resume row) comes back here: its host hosts it again, its guest joins the same host again, both
with the game's id, so the friend's side goes on with the same game. Everything slow happens on
the network thread; this scene only reads its events once a frame, so the window never waits on
the network."""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from game.domain.names import MAX_NAME_CHARS, clean_level_name, clean_player_name, level_name_problem
from game.net import events as ev
from game.domain.address import parse_address, show_address
from game.net.identity import player_name
from game.net.link import NetLink
from game.net.match import Resume
from game.echo import escape_control
from game.domain.saved import NetRole, SavedGame
from game.ui.net_game import NetGameScene, NetStart
from game.ui.render import draw_panel
from game.ui.resources import draw_text, fit_text, largest_fitting
from game.ui.scene import Context, MenuData, Scene, SceneName, Transition
from game.ui.widgets import typing_name

COLOUR_CHOICES = (None, 1, 2)
MAX_TYPED = 64
BACK_TO_MENU = "back to the menu"
NAME_PREF = "network_name"      # the name typed in the lobby ("": config.toml's, else the account's)
NAME_LABEL = "Your name"
NO_SECRET = ("This game was saved by an older version, without the game's secret: it cannot be taken "
             "back over the network (the save list still has it to review)")


class Page(enum.Enum):
    CHOOSE = "choose"          # host or join (or go back into a saved network game)
    HOSTING = "hosting"        # waiting for a player
    JOIN = "join"              # found games and a typed address
    CONNECTING = "connecting"


@dataclass(frozen=True, slots=True)
class LobbyStart:
    """Open the lobby straight at hosting (``host_port``) or joining (``join``: address[:port]).
    (A network game's ``SavedGame`` as the data opens it going back into that game.)"""

    host_port: int | None = None
    join: str | None = None


@dataclass
class Choice:
    label: str
    action: Callable[[], None]
    change: Callable[[int], None] | None = None     # Left/Right steps a value (the host's colour)
    rect: pygame.Rect = field(default_factory=pygame.Rect)


class NetLobbyScene(Scene):
    #: The one address to host on (None: all of this computer's); tests host on loopback only.
    #: Whether a hosted game is announced is ``[network] announce`` of config.toml.
    bind: str | None = None

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.page = Page.CHOOSE
        self.link: NetLink | None = None
        self.colour: int | None = None
        self.selected = 0
        self.typed = ""
        self.games: tuple[ev.FoundGame, ...] = ()
        self.discovery_error: str | None = None
        self.listening: ev.Listening | None = None
        self.target = ""
        self.message: tuple[str, bool] | None = None      # (text, is a warning)
        self.resume: SavedGame | None = None               # the network game to go back into
        self.editing: str | None = None                    # the name being typed
        self._after_name: Callable[[], None] | None = None  # hosting or joining, once the name is kept

    @property
    def name(self) -> str:
        """The name this side plays under: the one typed here last, else ``[network] name`` of
        config.toml, else the account's (see game.net.identity)."""
        typed = self.ctx.prefs.network_name
        if typed:                                   # the prefs hold "" or a name
            return clean_level_name(typed)
        return player_name(self.ctx.settings.network_name)

    @property
    def wants_text(self) -> bool:
        return self.editing is not None or self.page is Page.JOIN

    # -- scene contract --------------------------------------------------------------------

    def enter(self, data: object) -> None:
        super().enter(data)
        self.page, self.selected, self.message, self.editing = Page.CHOOSE, 1, None, None
        self.resume = data if isinstance(data, SavedGame) and data.seat is not None else None
        if self.resume is not None:
            self.go_back_in()
        elif isinstance(data, LobbyStart) and data.host_port is not None:
            self.host(data.host_port)
        elif isinstance(data, LobbyStart) and data.join is not None:
            self.typed = data.join[:MAX_TYPED]
            self.join_typed()

    def leave(self) -> None:
        """Anything not handed to the game scene is closed (the host stops listening)."""
        if self.link is not None:
            self.link.close(BACK_TO_MENU)
            self.link = None

    def _link(self) -> NetLink:
        if self.link is None:
            self.link = NetLink(self.name)
        return self.link

    def choices(self) -> list[Choice]:
        rows = [self._name_row()]
        if self.resume is not None:
            rows.append(Choice(self._resume_label(), self.go_back_in))
        else:
            rows += [Choice(f"Host a game  ·  you play: {self._colour_label()}", lambda: self._named(self.host),
                            self._change_colour),
                     Choice("Join a game", lambda: self._named(self.open_join))]
        rows.append(Choice("Back to the menu", self.back))
        self._place(rows, self.ctx.layout.size[1] // 4)
        return rows

    def _name_row(self) -> Choice:
        shown = f"{self.editing}|" if self.editing is not None else self.name
        return Choice(f"{NAME_LABEL}: {escape_control(shown)}", self.edit_name)

    def _resume_label(self) -> str:
        assert self.resume is not None and self.resume.seat is not None
        seat = self.resume.seat
        if seat.role is NetRole.HOST:
            return f"Host the game with {seat.opponent} again"
        return f"Join {seat.opponent} again at {seat.address}"

    def _place(self, rows: list[Choice], top: int) -> None:
        width, height = self.ctx.layout.size
        row_h = max(28, min(52, (height - top - 60) // max(1, len(rows))))
        row_w = min(width - 40, 720)
        for i, row in enumerate(rows):
            row.rect = pygame.Rect((width - row_w) // 2, top + i * row_h, row_w, row_h - 4)

    # -- actions ---------------------------------------------------------------------------

    def go_back_in(self) -> None:
        """Host the saved network game again, or join its host again, with its id and moves."""
        saved = self.resume
        seat = saved.seat if saved is not None else None
        if saved is None or seat is None:
            return
        if not seat.secret:
            self.message = (NO_SECRET, True)
            return
        resume = Resume(seat.game_id, saved.moves, seat.colour, seat.opponent, seat.secret)
        if seat.role is NetRole.HOST:
            self.page, self.listening, self.message = Page.HOSTING, None, None
            self._link().host(seat.port, seat.colour, bind=self.bind, advertise=self.ctx.settings.network_announce,
                              resume=resume)
            return
        try:
            host, port = parse_address(seat.address, self.ctx.settings.network_port)
        except ValueError as exc:      # checked when the save was read: only a game made in memory
            self.message = (str(exc), True)
            return
        self._join(host, port, resume)

    def host(self, port: int | None = None) -> None:
        self.page, self.listening, self.message = Page.HOSTING, None, None
        self._link().host(self.ctx.settings.network_port if port is None else port, self.colour, bind=self.bind,
                          advertise=self.ctx.settings.network_announce)

    def open_join(self) -> None:
        self.page, self.selected, self.message = Page.JOIN, 0, None
        self._link().browse(True)

    def join_typed(self) -> None:
        try:
            host, port = parse_address(self.typed, self.ctx.settings.network_port)
        except ValueError as exc:
            self.page = Page.JOIN
            self.message = (str(exc), True)
            return
        self._join(host, port)

    def _join(self, host: str, port: int, resume: Resume | None = None) -> None:
        self.page, self.message = Page.CONNECTING, None
        self.target = show_address(host, port)
        self._link().join(host, port, resume)

    def _join_found(self, game: ev.FoundGame) -> None:
        if game.newer:
            self.message = (f"{game.name} at {show_address(game.host, game.port)} runs a newer version "
                            "of the game: both players need the same version", True)
            return
        self._join(game.host, game.port)

    def back(self) -> None:
        """One page back: waiting and connecting are cancelled; the first page leads to the menu,
        which offers the saved network game again when it was not gone back into."""
        if self.page is Page.CHOOSE:
            self.next = Transition(SceneName.MENU, MenuData(self.resume))
            return
        if self.link is not None:
            self.link.close(BACK_TO_MENU)
            self.link = None
        self.page, self.selected = Page.CHOOSE, 1
        self.message = ("Cancelled" + (": the game is kept" if self.resume is not None else ""), False)

    # -- the name --------------------------------------------------------------------------

    def _named(self, action: Callable[[], None]) -> None:
        """``action`` (host or join), once the player has seen the name the other player will see:
        the first time, when no name was ever chosen (the account's login name, "root" say, is
        only a guess), the name row opens first and Enter goes on; Esc stays here."""
        if self.ctx.prefs.network_name is not None or self.ctx.settings.network_name:
            action()
            return
        self.selected, self._after_name = 0, action
        self.edit_name()
        self.message = (f"First, your name as the other player sees it: Enter keeps {self.name}", False)

    def edit_name(self) -> None:
        """Type the name the other player sees: letters go in, Backspace takes out, Enter keeps it."""
        self.editing = self.name

    def _edit(self, event: pygame.event.Event) -> None:
        assert self.editing is not None
        self.editing, done = typing_name(self.editing, event, MAX_NAME_CHARS)
        if done and event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self._after_name = None         # the name is kept, hosting or joining waits
        if done:
            self.finish_name()

    def finish_name(self) -> None:
        """Keep the typed name (remembered at once); an empty one means the default name again, one
        the name rule refuses ("ai", no letter) keeps the name there was and says why."""
        typed, self.editing = clean_player_name(self.editing or "", MAX_NAME_CHARS), None
        after, self._after_name = self._after_name, None
        problem = level_name_problem(typed) if typed else None
        if problem is not None:
            self.message = (f"Not a player's name ({problem}): you stay {self.name}", True)
            return
        self.ctx.remember(**{NAME_PREF: typed})
        if self.link is not None:
            self.link.rename(self.name)
        if after is not None:
            self.message = None
            after()

    # -- input -----------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        if self.editing is not None and event.type in (pygame.TEXTINPUT, pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self._edit(event)
            if event.type != pygame.MOUSEBUTTONDOWN:
                return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
        elif self.page is Page.CHOOSE:
            self._handle_rows(event, self.choices())
        elif self.page is Page.JOIN:
            self._handle_join(event)

    def _handle_rows(self, event: pygame.event.Event, rows: list[Choice]) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_UP, pygame.K_DOWN, pygame.K_TAB):
                self.selected = (self.selected + (-1 if event.key == pygame.K_UP else 1)) % len(rows)
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT) and rows[self.selected].change is not None:
                rows[self.selected].change(-1 if event.key == pygame.K_LEFT else 1)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                rows[self.selected].action()
        elif event.type == pygame.MOUSEMOTION:
            self.selected = next((i for i, r in enumerate(rows) if r.rect.collidepoint(event.pos)), self.selected)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for row in rows:
                if row.rect.collidepoint(event.pos):
                    row.action()
                    break

    def _change_colour(self, delta: int) -> None:
        index = COLOUR_CHOICES.index(self.colour)
        self.colour = COLOUR_CHOICES[(index + delta) % len(COLOUR_CHOICES)]

    def join_rows(self) -> list[Choice]:
        shown = f"Address: {escape_control(self.typed)}_" if self.typed else "Type an address, e.g. 192.168.1.20:7444"
        rows = [self._name_row(), Choice(shown, self.join_typed)]
        for game in self.games:
            rows.append(Choice(found_label(game), lambda g=game: self._join_found(g)))
        self._place(rows, self.ctx.layout.size[1] // 4)
        for row in rows[2:]:
            row.rect.move_ip(0, rows[0].rect.height)     # room for the line saying what they are
        return rows

    def _handle_join(self, event: pygame.event.Event) -> None:
        if event.type == pygame.TEXTINPUT:          # typing goes to the address (the name row: Enter first)
            text = "".join(ch for ch in event.text if ch.isprintable())
            self.typed = (self.typed + text)[:MAX_TYPED]
            self.selected = 1
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_BACKSPACE:
            self.typed = self.typed[:-1]
            self.selected = 1
        else:
            self._handle_rows(event, self.join_rows())

    # -- frame -----------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        if self.link is None:
            return
        for event in self.link.poll():
            self._on(event)

    def _on(self, event: ev.Event) -> None:
        if isinstance(event, ev.Listening):
            self.listening = event
        elif isinstance(event, ev.Found):
            self.games, self.discovery_error = event.games, event.error
            self.selected = min(self.selected, len(self.games) + 1)
        elif isinstance(event, ev.Failed):
            self._failed(event.reason)
        elif isinstance(event, ev.Info):
            self.message = (event.text, event.warning)
        elif isinstance(event, ev.Connected):
            link, self.link = self.link, None
            assert link is not None
            link.browse(False)
            hosting = self.page is Page.HOSTING
            port = self.listening.port if hosting and self.listening is not None else 0
            self.resume = None
            self.next = Transition(SceneName.NETWORK_GAME, NetStart(link, event, hosting, "" if hosting else self.target,
                                                                    port))

    def _failed(self, reason: str) -> None:
        """Hosting could not start, or joining failed: back to the page it started from. Going back
        into a saved game starts again from a fresh link, and the game stays offered."""
        hosting = self.page is Page.HOSTING
        if (hosting or self.resume is not None) and self.link is not None:
            self.link.close(BACK_TO_MENU)
            self.link = None
        self.page = Page.CHOOSE if hosting or self.resume is not None else Page.JOIN
        kept = "; the game is kept" if self.resume is not None else ""
        self.message = (reason[:1].upper() + reason[1:] + kept, True)

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.ctx.theme
        width, height = surface.get_size()
        surface.fill(theme.background)
        title = max(28, height // 13)
        draw_text(surface, "Play over the network", title, theme.text, bold=True, center=(width // 2, height // 9))
        size = max(15, min(26, height // 30))
        draw_text(surface, fit_text(escape_control(self.subtitle()), size - 2, width - 20), size - 2,
                  theme.dim_text, center=(width // 2, height // 9 + title))
        if self.page is Page.CHOOSE:
            self._draw_rows(surface, self.choices(), size)
        elif self.page is Page.HOSTING:
            self._draw_hosting(surface, size)
        elif self.page is Page.JOIN:
            self._draw_join(surface, size)
        else:
            again = f"Joining {self.resume.opponent} again at" if self.resume is not None else "Connecting to"
            draw_text(surface, fit_text(escape_control(f"{again} {self.target}…"), size, width - 20), size,
                      theme.text, center=(width // 2, height // 2))
        if self.message is not None:
            text, warning = self.message
            shown, shown_size = largest_fitting((escape_control(text),), size - 2, width - 24)
            draw_text(surface, shown, shown_size, theme.warning if warning else theme.accent,
                      center=(width // 2, height * 3 // 4 + size * 3))
        small = max(13, height // 45)
        help_text, help_size = largest_fitting(self.help_texts(), small, width - 20, min_size=12)
        draw_text(surface, help_text, help_size, theme.dim_text, midbottom=(width // 2, height - 8))

    def subtitle(self) -> str:
        """The line under the title: the saved game being gone back into, else who this side is."""
        if self.resume is not None and self.resume.seat is not None:
            seat = self.resume.seat
            return (f"Your game with {seat.opponent}: {len(self.resume.moves)} moves, "
                    f"you play {self.ctx.theme.colour_name(seat.colour)}")
        return f"The other player sees you as {self.name}"

    def help_texts(self) -> tuple[str, ...]:
        """The key help of the page, longest first (the first that fits is shown)."""
        if self.editing is not None:
            return ("Type your name · Backspace deletes · Enter keeps it (empty: your usual name)",
                    "Type your name · Enter keeps it")
        if self.page is Page.CHOOSE and self.resume is not None:
            return ("Up/Down choose · Enter goes back into the game or types your name · Esc menu",
                    "Up/Down · Enter · Esc menu")
        return {Page.CHOOSE: ("Up/Down choose · Left/Right colour · Enter start or type your name · Esc menu",
                              "Up/Down · Left/Right colour · Enter · Esc menu"),
                Page.HOSTING: ("Esc stops hosting",),
                Page.JOIN: ("Type an address and Enter, or choose a game found nearby · Esc back",
                            "Type an address and Enter · Esc back"),
                Page.CONNECTING: ("Esc cancels",)}[self.page]

    def _draw_rows(self, surface: pygame.Surface, rows: list[Choice], size: int) -> None:
        theme = self.ctx.theme
        for i, row in enumerate(rows):
            if i == self.selected:
                draw_panel(surface, row.rect, theme, border=theme.accent)
            colour = theme.accent if i == self.selected else theme.text
            draw_text(surface, fit_text(row.label, size, row.rect.width - 24, True), size, colour, bold=True,
                      center=row.rect.center)

    def _colour_label(self) -> str:
        """The host's colour as the window draws it (the theme names the discs)."""
        if self.colour is None:
            return "Random"
        name = self.ctx.theme.colour_name(self.colour)
        return f"{name} (moves first)" if self.colour == 1 else name

    def _draw_hosting(self, surface: pygame.Surface, size: int) -> None:
        theme = self.ctx.theme
        width, height = surface.get_size()
        y = height // 3
        if self.listening is None:
            draw_text(surface, "Starting…", size, theme.text, center=(width // 2, y))
            return
        waiting = (f"Waiting for {self.resume.opponent} to come back — tell them:" if self.resume is not None
                   else "Waiting for a player — tell your friend:")
        lines = [escape_control(waiting), *self.listening.addresses]
        for i, line in enumerate(lines[:8]):
            line_size = size if i else size - 2
            draw_text(surface, fit_text(line, line_size, width - 20, bool(i)), line_size,
                      theme.accent if i else theme.text, bold=bool(i), center=(width // 2, y))
            y += line_size + 12
        colour = self._colour_label() if self.colour else "Random (drawn when a player joins)"
        about = (f"You play as {self.name} · your colour: {colour}" if self.resume is None
                 else f"The game goes on from move {len(self.resume.moves) + 1}")
        draw_text(surface, fit_text(escape_control(about), size - 4, width - 20), size - 4,
                  theme.dim_text, center=(width // 2, y + 8))

    def _draw_join(self, surface: pygame.Surface, size: int) -> None:
        theme = self.ctx.theme
        width = surface.get_width()
        rows = self.join_rows()
        self._draw_rows(surface, rows, size)
        note = ("Or choose a game found on this network:" if self.games else
                f"No games found nearby ({self.discovery_error})" if self.discovery_error else
                "Looking for games on this network…")
        below = rows[2].rect.top if len(rows) > 2 else rows[1].rect.bottom + size + 8
        draw_text(surface, fit_text(escape_control(note), size - 4, width - 20), size - 4, theme.dim_text,
                  midbottom=(width // 2, below - 1))


def found_label(game: ev.FoundGame) -> str:
    """A found game's row: its address first (a name proves nothing: anyone can announce any name),
    then the name, and what is unusual about it."""
    notes = [note for note, on in (("needs a newer version", game.newer),
                                   ("not on your network", not game.nearby)) if on]
    return "  ·  ".join([show_address(game.host, game.port), game.name, *notes])


def connect(ctx: Context, register: Callable[[SceneName, Scene], None]) -> NetLobbyScene:
    """Add the lobby and the network game to the controller (the menu's row leads to the lobby)."""
    lobby = NetLobbyScene(ctx)
    register(SceneName.NETWORK, lobby)
    register(SceneName.NETWORK_GAME, NetGameScene(ctx))
    return lobby

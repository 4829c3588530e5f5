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
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.domain.address import parse_address, show_address
from game.domain.saved import NetRole, SavedGame
from game.echo import escape_control
from game.i18n import N_, _, ngettext
from game.ui.game.game_scene import GameScene
from game.ui.netplay.net_game import NetStart
from game.ui.netplay.net_name import NetName
from game.ui.resources import draw_text, fit_text, largest_fitting, text_width, wrap_at_most
from game.ui.scene import Context, MenuData, Scene, SceneName, Transition
from game.speech import Heard, spoken
from game.ui.voice import row_line
from game.ui.widgets import EDITING_KEYS, Edit, Row, RowList, TextInput, address_chars

if TYPE_CHECKING:  # loaded when the lobby first hosts or joins (see _link): asyncio and the
    # protocol are not needed to open the window
    from game.net import events as ev
    from game.net.link import NetLink
    from game.net.match import Resume

COLOUR_CHOICES = (None, 1, 2)
MAX_TYPED = 64
EXAMPLE = "192.168.1.20:7444"      # the example the empty address row shows
#: The reason sent to the other side (the protocol keeps it in English; the receiver translates it).
BACK_TO_MENU = N_("back to the menu")
ADDRESS_LABEL = N_("Address")
NO_SECRET = N_("This game was saved by an older version, without the game's secret: it cannot be taken "
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

    def goes_back_into(self, saved: SavedGame | None, default_port: int) -> bool:
        """Whether joining means going back into ``saved``: this computer's unfinished network game,
        joined at this very address (the host waits for this computer to come back in it)."""
        seat = None if saved is None else saved.seat
        if self.join is None or saved is None or seat is None or seat.role is not NetRole.GUEST or saved.over:
            return False
        try:
            return show_address(*parse_address(self.join, default_port)) == show_address(*parse_address(seat.address, 0))
        except ValueError:
            return False


class NetLobbyScene(Scene):
    #: The one address to host on (None: all of this computer's); tests host on loopback only.
    #: Whether a hosted game is announced is ``[network] announce`` of config.toml.
    bind: str | None = None

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.page = Page.CHOOSE
        self.link: NetLink | None = None
        self.colour: int | None = None
        self.list = RowList()              # no letter keys: the join page types its address
        self.address = TextInput(address_chars, MAX_TYPED)
        self.address.open()                # open on the join page, the rows taking Enter
        self.me = NetName(ctx)
        self.games: tuple[ev.FoundGame, ...] = ()
        self.discovery_error: str | None = None
        self.listening: ev.Listening | None = None
        self.target = ""
        self.message: tuple[str, bool] | None = None      # (text, is a warning)
        self.resume: SavedGame | None = None               # the network game to go back into
        self._after_name: Callable[[], None] | None = None  # hosting or joining, once the name is kept

    @property
    def name(self) -> str:
        """The name this side plays under (see NetName)."""
        return self.me.name

    @property
    def wants_text(self) -> bool:
        return self.me.field.active or self.page is Page.JOIN

    @property
    def editing(self) -> str | None:
        """The name being typed, None when it is not."""
        return self.me.field.value if self.me.field.active else None

    @property
    def typed(self) -> str:
        """The address typed on the join page."""
        return self.address.value

    @property
    def selected(self) -> int:
        """The selected row's place on the page shown."""
        return self.list.index(self.page_rows())

    @selected.setter
    def selected(self, index: int) -> None:
        self.list.select(self.page_rows(), index)

    def page_rows(self) -> list[Row]:
        """The rows of the page shown (the hosting and connecting pages have none)."""
        return self.choices() if self.page is Page.CHOOSE else self.join_rows() if self.page is Page.JOIN else []

    # -- scene contract --------------------------------------------------------------------

    def enter(self, data: object) -> None:
        super().enter(data)
        self.page, self.message = Page.CHOOSE, None
        self.me.field.close()
        self.resume = data if isinstance(data, SavedGame) and data.seat is not None else None
        self.selected = 1            # hosting, or going back into the saved game
        if self.resume is not None:
            self.go_back_in()
        elif isinstance(data, LobbyStart) and data.host_port is not None:
            self.host(data.host_port)
        elif isinstance(data, LobbyStart) and data.join is not None:
            self.address.open(data.join)
            self.join_typed()

    def leave(self) -> None:
        """Anything not handed to the game scene is closed (the host stops listening)."""
        if self.link is not None:
            self.link.close(BACK_TO_MENU)
            self.link = None

    def _link(self) -> NetLink:
        if self.link is None:
            from game.net.link import NetLink  # here: the window opens without the network's modules

            self.link = NetLink(self.name)
        return self.link

    def choices(self) -> list[Row]:
        """The first page's rows: the name, hosting or joining (or going back into a saved game), back."""
        rows = [self.me.row(self.edit_name)]
        if self.resume is not None:
            rows.append(Row(self._resume_label(), activate=self.go_back_in))
        else:
            rows += [Row(_("Host a game"), self._colour_label(), change=self._change_colour,
                         activate=lambda: self._named(self.host)),
                     Row(_("Join a game"), activate=lambda: self._named(self.open_join))]
        rows.append(Row(_("Back to the menu"), activate=self.back))
        self._place(rows, self.ctx.layout.size[1] // 4)
        return rows

    def _resume_label(self) -> str:
        assert self.resume is not None and self.resume.seat is not None
        seat = self.resume.seat
        if seat.role is NetRole.HOST:
            return _("Host the game with {name} again").format(name=seat.opponent)
        return _("Join {name} again at {address}").format(name=seat.opponent, address=seat.address)

    def _place(self, rows: list[Row], top: int) -> None:
        width, height = self.ctx.layout.size
        RowList.stack(rows, top, max(28, min(52, (height - top - 60) // max(1, len(rows)))), width, gap=4)

    # -- actions ---------------------------------------------------------------------------

    def go_back_in(self) -> None:
        """Host the saved network game again, or join its host again, with its id and moves."""
        saved = self.resume
        seat = saved.seat if saved is not None else None
        if saved is None or seat is None:
            return
        if not seat.secret:
            self.message = (_(NO_SECRET), True)
            return
        from game.net.match import Resume  # here: the window opens without the network's modules

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
        self.page, self.message = Page.JOIN, None
        self.selected = 0
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
            self.message = (_("{name} at {address} runs a newer version of the game: both players need the same "
                              "version").format(name=game.name, address=show_address(game.host, game.port)), True)
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
        self.page = Page.CHOOSE
        self.selected = 1
        self.message = (_("Cancelled: the game is kept") if self.resume is not None else _("Cancelled"), False)

    # -- the name --------------------------------------------------------------------------

    def _named(self, action: Callable[[], None]) -> None:
        """``action`` (host or join), once the player has seen the name the other player will see:
        the first time, when no name was ever chosen (the account's login name, "root" say, is
        only a guess), the name row opens first and Enter goes on; Esc stays here."""
        if self.me.chosen:
            action()
            return
        self.selected, self._after_name = 0, action
        self.edit_name()
        self.message = (_("First, your name as the other player sees it: Enter keeps {name}").format(name=self.name),
                        False)

    def edit_name(self) -> None:
        """Type the name the other player sees: letters go in, Backspace takes out, Enter (or a
        click elsewhere) keeps it; Esc keeps the name there was."""
        self.me.open()

    def _edit(self, event: pygame.event.Event) -> None:
        edit = self.me.handle(event)
        if edit is Edit.CANCELLED and self._after_name is not None:
            self._after_name = None         # the name there was is kept (seen now), hosting or joining waits
            self.message = None             # and the question about it is gone
        if edit in (Edit.DONE, Edit.CANCELLED):
            self.finish_name()

    def finish_name(self) -> None:
        """Keep the typed name (see NetName.keep), then host or join if that waited for it."""
        problem = self.me.keep()
        after, self._after_name = self._after_name, None
        if problem is not None:
            self.message = (problem, True)
            return
        if self.link is not None:
            self.link.rename(self.name)
        if after is not None:
            self.message = None
            after()

    # -- input -----------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        if self.me.field.active and event.type in (pygame.TEXTINPUT, pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self._edit(event)
            if event.type != pygame.MOUSEBUTTONDOWN:
                return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
        elif self.page is Page.CHOOSE:
            self.list.handle(event, self.choices())
        elif self.page is Page.JOIN:
            self._handle_join(event)

    def _change_colour(self, delta: int) -> None:
        index = COLOUR_CHOICES.index(self.colour)
        self.colour = COLOUR_CHOICES[(index + delta) % len(COLOUR_CHOICES)]

    def join_rows(self) -> list[Row]:
        """The join page's rows: the name, the typed address, then each game found nearby."""
        address = Row(_(ADDRESS_LABEL), escape_control(self.address.shown()), activate=self.join_typed, typed=True,
                      caret=self.address.caret)
        rows = [self.me.row(self.edit_name), address]
        for game in self.games:
            rows.append(Row("", activate=lambda g=game: self._join_found(g)))
        self._place(rows, self.ctx.layout.size[1] // 4)
        size = self.text_size()
        if not self.typed:       # an example, as long as the value's room allows
            address.caret = None
            address.value = fitting((_("type one, e.g. {address}").format(address=EXAMPLE), _("e.g. {address}").format(
                address=EXAMPLE), EXAMPLE), size, address.rect.width // 2 - 60)
        for row, game in zip(rows[2:], self.games):
            row.rect.move_ip(0, rows[0].rect.height)     # room for the line saying what they are
            row.label = fitting(found_labels(game), size, row.rect.width - 16, bold=True)
        return rows

    def _handle_join(self, event: pygame.event.Event) -> None:
        """Typing goes to the address (the name row: Enter first), Space too (it is text here, not
        Enter: a space typed between words never joins); the rows take the other keys."""
        if event.type == pygame.TEXTINPUT or event.type == pygame.KEYDOWN and event.key in (*EDITING_KEYS,
                                                                                          pygame.K_SPACE):
            self.address.handle(event)
            self.list.selected_label = _(ADDRESS_LABEL)
        else:
            self.list.handle(event, self.join_rows())

    # -- frame -----------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        if self.link is None:
            return
        for event in self.link.poll():
            self._on(event)

    def _on(self, event: ev.Event) -> None:
        from game.net import events as ev  # here: loaded with the link (see _link)

        if isinstance(event, ev.Listening):
            self.listening = event
        elif isinstance(event, ev.Found):
            self.games, self.discovery_error = event.games, event.error
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
        reason = reason[:1].upper() + reason[1:]
        said = _("{reason}; the game is kept").format(reason=reason) if self.resume is not None else reason
        self.message = (said, True)

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.ctx.theme
        width, height = surface.get_size()
        surface.fill(theme.background)
        title = max(28, height // 13)
        draw_text(surface, _("Play over the network"), title, theme.text, bold=True, center=(width // 2, height // 9))
        size = self.text_size()
        draw_text(surface, fit_text(escape_control(self.subtitle()), size - 2, width - 20), size - 2,
                  theme.dim_text, center=(width // 2, height // 9 + title))
        if self.page is Page.CHOOSE:
            self.list.draw(surface, self.choices(), theme, size)
        elif self.page is Page.HOSTING:
            self._draw_hosting(surface, size)
        elif self.page is Page.JOIN:
            self._draw_join(surface, size)
        else:
            said = (_("Joining {name} again at {address}…").format(name=self.resume.opponent, address=self.target)
                    if self.resume is not None else _("Connecting to {address}…").format(address=self.target))
            draw_text(surface, fit_text(escape_control(said), size, width - 20), size,
                      theme.text, center=(width // 2, height // 2))
        small = max(13, height // 45)
        help_text, help_size = largest_fitting(self.help_texts(), small, width - 20, min_size=12)
        help_rect = draw_text(surface, help_text, help_size, theme.dim_text, midbottom=(width // 2, height - 8))
        if self.message is not None:
            text, warning = self.message
            # Wrapped (a reason can be a long sentence in some languages), centred where a short
            # one stands, and lifted to end above the key help.
            lines = wrap_at_most(escape_control(text), size - 2, width - 24, 4)
            step = size + 2
            top = min(height * 3 // 4 + size * 3 - len(lines) * step // 2, help_rect.top - 4 - len(lines) * step)
            for i, line in enumerate(lines):
                draw_text(surface, line, size - 2, theme.warning if warning else theme.accent,
                          midtop=(width // 2, top + i * step))

    def text_size(self) -> int:
        """The size of the page's text for the window's height."""
        return max(15, min(26, self.ctx.layout.size[1] // 30))

    def heard(self) -> Heard:
        """The selected row of the first page and the message under it."""
        rows = row_line(self.choices(), self.list.selected_label) if self.page is Page.CHOOSE else ()
        return Heard(lines=rows + ((spoken(self.message[0]),) if self.message is not None else ()))

    def subtitle(self) -> str:
        """The line under the title: the saved game being gone back into, else who this side is."""
        if self.resume is not None and self.resume.seat is not None:
            seat = self.resume.seat
            moves = len(self.resume.moves)
            return ngettext("Your game with {name}: {moves} move, you play {colour}",
                            "Your game with {name}: {moves} moves, you play {colour}",
                            moves).format(name=seat.opponent, moves=moves, colour=self.ctx.theme.colour_name(seat.colour))
        return _("The other player sees you as {name}").format(name=self.name)

    def help_texts(self) -> tuple[str, ...]:
        """The key help of the page, longest first (the first that fits is shown)."""
        if self.editing is not None:
            return (_("Type your name · Enter keeps it (empty: your usual name) · Esc cancels"),
                    _("Type your name · Enter keeps it · Esc cancels"), _("Enter keeps · Esc cancels"))
        if self.page is Page.CHOOSE and self.resume is not None:
            return (_("Up/Down choose · Enter goes back into the game or types your name · Esc menu"),
                    _("Up/Down · Enter · Esc menu"))
        return {Page.CHOOSE: (_("Up/Down choose · Left/Right colour · Enter start or type your name · Esc menu"),
                              _("Up/Down · Left/Right colour · Enter · Esc menu")),
                Page.HOSTING: (_("Esc stops hosting"),),
                Page.JOIN: (_("Type an address and Enter, or choose a game found nearby · Esc back"),
                            _("Type an address and Enter · Esc back")),
                Page.CONNECTING: (_("Esc cancels"),)}[self.page]

    def _colour_label(self) -> str:
        """The host's colour as the window draws it (the theme names the discs)."""
        if self.colour is None:
            # TRANSLATORS: the host's colour, drawn when a player joins.
            return _("Random")
        name = self.ctx.theme.colour_name(self.colour)
        return _("{colour} (moves first)").format(colour=name) if self.colour == 1 else name

    def _draw_hosting(self, surface: pygame.Surface, size: int) -> None:
        theme = self.ctx.theme
        width, height = surface.get_size()
        y = height // 3
        if self.listening is None:
            draw_text(surface, _("Starting…"), size, theme.text, center=(width // 2, y))
            return
        waiting = (_("Waiting for {name} to come back — tell them:").format(name=self.resume.opponent)
                   if self.resume is not None else _("Waiting for a player — tell your friend:"))
        lines = [escape_control(waiting), *self.listening.addresses]
        for i, line in enumerate(lines[:8]):
            line_size = size if i else size - 2
            draw_text(surface, fit_text(line, line_size, width - 20, bool(i)), line_size,
                      theme.accent if i else theme.text, bold=bool(i), center=(width // 2, y))
            y += line_size + 12
        colour = self._colour_label() if self.colour else _("Random (drawn when a player joins)")
        abouts = ((_("You play as {name} · your colour: {colour}").format(name=self.name, colour=colour),
                   _("You play as {name} · your colour: {colour}").format(name=self.name, colour=self._colour_label()),
                   _("Your colour: {colour}").format(colour=self._colour_label()))
                  if self.resume is None
                  else (_("The game goes on from move {number}").format(number=len(self.resume.moves) + 1),))
        about, about_size = largest_fitting(tuple(escape_control(a) for a in abouts), size - 4, width - 20)
        draw_text(surface, about, about_size, theme.dim_text, center=(width // 2, y + 8))

    def _draw_join(self, surface: pygame.Surface, size: int) -> None:
        theme = self.ctx.theme
        width = surface.get_width()
        rows = self.join_rows()
        self.list.draw(surface, rows, theme, size)
        notes = ((_("Or choose a game found on this network:"),) if self.games else
                 (_("No games found nearby ({reason})").format(reason=self.discovery_error),
                  _("No games found nearby")) if self.discovery_error
                 else (_("Looking for games on this network…"),))
        below = rows[2].rect.top if len(rows) > 2 else rows[1].rect.bottom + size + 8
        note, note_size = largest_fitting(tuple(escape_control(n) for n in notes), size - 4, width - 20)
        draw_text(surface, note, note_size, theme.dim_text, midbottom=(width // 2, below - 1))


def found_labels(game: ev.FoundGame) -> tuple[str, ...]:
    """A found game's row, longest first: its address first (a name proves nothing: anyone can
    announce any name), then the name, and what is unusual about it; without that where it does
    not fit (choosing the game says why it cannot be joined)."""
    notes = [_(note) for note, on in ((N_("needs a newer version"), game.newer),
                                      (N_("not on your network"), not game.nearby)) if on]
    first = [show_address(game.host, game.port), game.name]
    return tuple(dict.fromkeys("  ·  ".join(first + notes[:n]) for n in range(len(notes), -1, -1)))


def fitting(texts: tuple[str, ...], size: int, room: int, *, bold: bool = False) -> str:
    """The first of ``texts`` (longest first) that fits ``room`` at ``size``, else the last cut to it."""
    return next((t for t in texts if text_width(t, size, bold) <= room), fit_text(texts[-1], size, room, bold))


def connect(ctx: Context, register: Callable[[SceneName, Scene], None]) -> NetLobbyScene:
    """Add the lobby and the network game to the controller (the menu's row leads to the lobby)."""
    lobby = NetLobbyScene(ctx)
    register(SceneName.NETWORK, lobby)
    register(SceneName.NETWORK_GAME, GameScene(ctx))     # the game scene, with a network game's seats
    return lobby

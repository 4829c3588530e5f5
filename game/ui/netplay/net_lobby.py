"""Play over the network, before the game: host a game (choose a colour, then wait, showing every
address a friend can type) or join one (games found on the local network, or a typed
``address[:port]``), under the name typed in the name row. A network game's save (the menu's
resume row) comes back here: its host hosts it again, its guest joins the same host again, both
with the game's id, so the friend's side goes on with the same game. Everything slow happens on
the network thread; this scene only reads its events once a frame, so the window never waits on
the network. What it shows is drawn by ``net_lobby_view`` from one value handed over each frame."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.domain.address import parse_address, show_address
from game.domain.players import HUMAN
from game.domain.saved import NetRole, SavedGame
from game.echo import escape_control
from game.i18n import N_, _
from game.speech import Heard, spoken
from game.ui.netplay.net_game import NetStart, Networked
from game.ui.netplay.net_lobby_view import (LobbyView, Page, colour_label, draw, place, resume_label,
                                            word_join_rows)
from game.ui.netplay.net_name import NetName
from game.ui.scene import Context, GameStart, MenuData, Scene, SceneName, Transition
from game.ui.voice import row_line
from game.ui.widgets import EDITING_KEYS, Edit, Row, RowList, TextInput, address_chars

if TYPE_CHECKING:  # loaded when the lobby first hosts or joins (see _link): asyncio and the
    # protocol are not needed to open the window
    from game.net import events as ev
    from game.net.link import NetLink
    from game.net.match import Resume

COLOUR_CHOICES = (None, 1, 2)
MAX_TYPED = 64
#: The reason sent to the other side (the protocol keeps it in English; the receiver translates it).
BACK_TO_MENU = N_("back to the menu")
ADDRESS_LABEL = N_("Address")
NO_SECRET = N_("This game was saved by an older version, without the game's secret: it cannot be taken "
               "back over the network (the save list still has it to review)")


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
        rows = [self.me.row(self.me.open)]
        if self.resume is not None:
            rows.append(Row(resume_label(self.resume), activate=self.go_back_in))
        else:
            rows += [Row(_("Host a game"), colour_label(self.colour, self.ctx.theme), change=self._change_colour,
                         activate=lambda: self._named(self.host)),
                     Row(_("Join a game"), activate=lambda: self._named(self.open_join))]
        rows.append(Row(_("Back to the menu"), activate=self.back))
        place(rows, self.ctx.layout.size[1] // 4, self.ctx.layout.size)
        return rows

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
            host, port = parse_address(self.address.value, self.ctx.settings.network_port)
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
        self.me.open()
        self.message = (_("First, your name as the other player sees it: Enter keeps {name}").format(name=self.name),
                        False)

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
        rows = [self.me.row(self.me.open),
                Row(_(ADDRESS_LABEL), escape_control(self.address.shown()), activate=self.join_typed, typed=True,
                    caret=self.address.caret)]
        for game in self.games:
            rows.append(Row("", activate=lambda g=game: self._join_found(g)))     # worded once placed
        place(rows, self.ctx.layout.size[1] // 4, self.ctx.layout.size)
        word_join_rows(rows, self.games, bool(self.address.value), self.ctx.layout.size[1])
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
            start, colours = NetStart(link, event, hosting, "" if hosting else self.target, port), self.ctx.theme.names
            # the game scene, with the network game's seats handed in
            self.next = Transition(SceneName.GAME, GameStart(HUMAN, HUMAN, event.moves,
                                                             seats=lambda model: Networked(start, model, colours)))

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
        draw(LobbyView(self.page, self.name, self.editing, self.resume, self.colour, self.listening, self.target,
                       self.message, self.games, self.discovery_error, self.page_rows(), self.list), surface,
             self.ctx.theme)

    def heard(self) -> Heard:
        """The selected row of the first page and the message under it."""
        rows = row_line(self.choices(), self.list.selected_label) if self.page is Page.CHOOSE else ()
        return Heard(lines=rows + ((spoken(self.message[0]),) if self.message is not None else ()))

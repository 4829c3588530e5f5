"""What the network lobby shows: its pages (:class:`Page`), the rows' words and places, the key
help and the whole screen, drawn from one value (:class:`LobbyView`) the lobby hands over each
frame. Nothing here changes the lobby."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.domain.address import show_address
from game.domain.saved import NetRole, SavedGame
from game.echo import escape_control
from game.i18n import N_, _, ngettext
from game.ui.resources import draw_text, fit_text, largest_fitting, text_width, wrap_at_most
from game.ui.theme import Theme
from game.ui.widgets import Row, RowList

if TYPE_CHECKING:  # the network's modules load when the lobby first hosts or joins
    from game.net import events as ev

EXAMPLE = "192.168.1.20:7444"      # the example the empty address row shows


class Page(enum.Enum):
    CHOOSE = "choose"          # host or join (or go back into a saved network game)
    HOSTING = "hosting"        # waiting for a player
    JOIN = "join"              # found games and a typed address
    CONNECTING = "connecting"


@dataclass(frozen=True, slots=True)
class LobbyView:
    """The lobby as this frame shows it."""

    page: Page
    name: str                               # the name this side plays under
    editing: str | None                     # the name being typed (None: it is not)
    resume: SavedGame | None                # the network game being gone back into
    colour: int | None                      # the host's colour (None: random)
    listening: ev.Listening | None
    target: str                             # the address being joined
    message: tuple[str, bool] | None        # (text, is a warning)
    games: tuple[ev.FoundGame, ...]
    discovery_error: str | None
    rows: list[Row]                         # the page's rows (the first page's, or the join page's)
    list: RowList


def colour_label(colour: int | None, theme: Theme) -> str:
    """The host's colour as the window draws it (the theme names the discs)."""
    if colour is None:
        # TRANSLATORS: the host's colour, drawn when a player joins.
        return _("Random")
    name = theme.colour_name(colour)
    return _("{colour} (moves first)").format(colour=name) if colour == 1 else name


def resume_label(saved: SavedGame | None) -> str:
    """The first page's row going back into a saved network game."""
    seat = saved.seat if saved is not None else None
    assert seat is not None
    if seat.role is NetRole.HOST:
        return _("Host the game with {name} again").format(name=seat.opponent)
    return _("Join {name} again at {address}").format(name=seat.opponent, address=seat.address)


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


def text_size(height: int) -> int:
    """The size of the lobby's text for the window's ``height``."""
    return max(15, min(26, height // 30))


def word_join_rows(rows: list[Row], games: tuple[ev.FoundGame, ...], typed: bool, height: int) -> None:
    """The join page's placed rows (the name, the address, a row per found game) given the words
    that fit them: the empty address row an example, as long as its room allows; each found game
    its label, below the line saying what they are."""
    size = text_size(height)
    address = rows[1]
    if not typed:
        address.caret = None
        address.value = fitting((_("type one, e.g. {address}").format(address=EXAMPLE),
                                 _("e.g. {address}").format(address=EXAMPLE), EXAMPLE), size,
                                address.rect.width // 2 - 60)
    for row, game in zip(rows[2:], games):
        row.rect.move_ip(0, rows[0].rect.height)     # room for the line saying what they are
        row.label = fitting(found_labels(game), size, row.rect.width - 16, bold=True)


def place(rows: list[Row], top: int, size: tuple[int, int]) -> None:
    """Stack ``rows`` from ``top`` down in a window of ``size``."""
    width, height = size
    RowList.stack(rows, top, max(28, min(52, (height - top - 60) // max(1, len(rows)))), width, gap=4)


def subtitle(view: LobbyView, theme: Theme) -> str:
    """The line under the title: the saved game being gone back into, else who this side is."""
    if view.resume is not None and view.resume.seat is not None:
        seat = view.resume.seat
        moves = len(view.resume.moves)
        return ngettext("Your game with {name}: {moves} move, you play {colour}",
                        "Your game with {name}: {moves} moves, you play {colour}",
                        moves).format(name=seat.opponent, moves=moves, colour=theme.colour_name(seat.colour))
    return _("The other player sees you as {name}").format(name=view.name)


def help_texts(page: Page, editing: bool, resuming: bool) -> tuple[str, ...]:
    """The key help of the page, longest first (the first that fits is shown); ``editing``: the
    name is being typed; ``resuming``: a saved network game is being gone back into."""
    if editing:
        return (_("Type your name · Enter keeps it (empty: your usual name) · Esc cancels"),
                _("Type your name · Enter keeps it · Esc cancels"), _("Enter keeps · Esc cancels"))
    if page is Page.CHOOSE and resuming:
        return (_("Up/Down choose · Enter goes back into the game or types your name · Esc menu"),
                _("Up/Down · Enter · Esc menu"))
    return {Page.CHOOSE: (_("Up/Down choose · Left/Right colour · Enter start or type your name · Esc menu"),
                          _("Up/Down · Left/Right colour · Enter · Esc menu")),
            Page.HOSTING: (_("Esc stops hosting"),),
            Page.JOIN: (_("Type an address and Enter, or choose a game found nearby · Esc back"),
                        _("Type an address and Enter · Esc back")),
            Page.CONNECTING: (_("Esc cancels"),)}[page]


def draw(view: LobbyView, surface: pygame.Surface, theme: Theme) -> None:
    width, height = surface.get_size()
    surface.fill(theme.background)
    title = max(28, height // 13)
    draw_text(surface, _("Play over the network"), title, theme.text, bold=True, center=(width // 2, height // 9))
    size = text_size(height)
    draw_text(surface, fit_text(escape_control(subtitle(view, theme)), size - 2, width - 20), size - 2,
              theme.dim_text, center=(width // 2, height // 9 + title))
    if view.page is Page.CHOOSE:
        view.list.draw(surface, view.rows, theme, size)
    elif view.page is Page.HOSTING:
        _draw_hosting(view, surface, theme, size)
    elif view.page is Page.JOIN:
        _draw_join(view, surface, theme, size)
    else:
        said = (_("Joining {name} again at {address}…").format(name=view.resume.opponent, address=view.target)
                if view.resume is not None else _("Connecting to {address}…").format(address=view.target))
        draw_text(surface, fit_text(escape_control(said), size, width - 20), size,
                  theme.text, center=(width // 2, height // 2))
    small = max(13, height // 45)
    keys = help_texts(view.page, view.editing is not None, view.resume is not None)
    help_text, help_size = largest_fitting(keys, small, width - 20, min_size=12)
    help_rect = draw_text(surface, help_text, help_size, theme.dim_text, midbottom=(width // 2, height - 8))
    if view.message is not None:
        text, warning = view.message
        # Wrapped (a reason can be a long sentence in some languages), centred where a short
        # one stands, and lifted to end above the key help.
        lines = wrap_at_most(escape_control(text), size - 2, width - 24, 4)
        step = size + 2
        top = min(height * 3 // 4 + size * 3 - len(lines) * step // 2, help_rect.top - 4 - len(lines) * step)
        for i, line in enumerate(lines):
            draw_text(surface, line, size - 2, theme.warning if warning else theme.accent,
                      midtop=(width // 2, top + i * step))


def _draw_hosting(view: LobbyView, surface: pygame.Surface, theme: Theme, size: int) -> None:
    width, height = surface.get_size()
    y = height // 3
    if view.listening is None:
        draw_text(surface, _("Starting…"), size, theme.text, center=(width // 2, y))
        return
    waiting = (_("Waiting for {name} to come back — tell them:").format(name=view.resume.opponent)
               if view.resume is not None else _("Waiting for a player — tell your friend:"))
    lines = [escape_control(waiting), *view.listening.addresses]
    for i, line in enumerate(lines[:8]):
        line_size = size if i else size - 2
        draw_text(surface, fit_text(line, line_size, width - 20, bool(i)), line_size,
                  theme.accent if i else theme.text, bold=bool(i), center=(width // 2, y))
        y += line_size + 12
    short = colour_label(view.colour, theme)
    colour = short if view.colour else _("Random (drawn when a player joins)")
    abouts = ((_("You play as {name} · your colour: {colour}").format(name=view.name, colour=colour),
               _("You play as {name} · your colour: {colour}").format(name=view.name, colour=short),
               _("Your colour: {colour}").format(colour=short))
              if view.resume is None
              else (_("The game goes on from move {number}").format(number=len(view.resume.moves) + 1),))
    about, about_size = largest_fitting(tuple(escape_control(a) for a in abouts), size - 4, width - 20)
    draw_text(surface, about, about_size, theme.dim_text, center=(width // 2, y + 8))


def _draw_join(view: LobbyView, surface: pygame.Surface, theme: Theme, size: int) -> None:
    width = surface.get_width()
    rows = view.rows
    view.list.draw(surface, rows, theme, size)
    notes = ((_("Or choose a game found on this network:"),) if view.games else
             (_("No games found nearby ({reason})").format(reason=view.discovery_error),
              _("No games found nearby")) if view.discovery_error
             else (_("Looking for games on this network…"),))
    below = rows[2].rect.top if len(rows) > 2 else rows[1].rect.bottom + size + 8
    note, note_size = largest_fitting(tuple(escape_control(n) for n in notes), size - 4, width - 20)
    draw_text(surface, note, note_size, theme.dim_text, midbottom=(width // 2, below - 1))

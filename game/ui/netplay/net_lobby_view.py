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
from game.ui.resources import draw_text, fit_text, largest_fitting
from game.ui.theme import Theme
from game.ui.widgets import Row, RowList

if TYPE_CHECKING:  # the network's modules load when the lobby first hosts or joins
    from game.net import events as ev


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
        return "Random"
    name = theme.colour_name(colour)
    return f"{name} (moves first)" if colour == 1 else name


def resume_label(saved: SavedGame | None) -> str:
    """The first page's row going back into a saved network game."""
    seat = saved.seat if saved is not None else None
    assert seat is not None
    if seat.role is NetRole.HOST:
        return f"Host the game with {seat.opponent} again"
    return f"Join {seat.opponent} again at {seat.address}"


def found_label(game: ev.FoundGame) -> str:
    """A found game's row: its address first (a name proves nothing: anyone can announce any name),
    then the name, and what is unusual about it."""
    notes = [note for note, on in (("needs a newer version", game.newer),
                                   ("not on your network", not game.nearby)) if on]
    return "  ·  ".join([show_address(game.host, game.port), game.name, *notes])


def place(rows: list[Row], top: int, size: tuple[int, int]) -> None:
    """Stack ``rows`` from ``top`` down in a window of ``size``."""
    width, height = size
    RowList.stack(rows, top, max(28, min(52, (height - top - 60) // max(1, len(rows)))), width, gap=4)


def subtitle(view: LobbyView, theme: Theme) -> str:
    """The line under the title: the saved game being gone back into, else who this side is."""
    if view.resume is not None and view.resume.seat is not None:
        seat = view.resume.seat
        return (f"Your game with {seat.opponent}: {len(view.resume.moves)} moves, "
                f"you play {theme.colour_name(seat.colour)}")
    return f"The other player sees you as {view.name}"


def help_texts(page: Page, editing: bool, resuming: bool) -> tuple[str, ...]:
    """The key help of the page, longest first (the first that fits is shown); ``editing``: the
    name is being typed; ``resuming``: a saved network game is being gone back into."""
    if editing:
        return ("Type your name · Enter keeps it (empty: your usual name) · Esc cancels",
                "Type your name · Enter keeps it · Esc cancels", "Enter keeps · Esc cancels")
    if page is Page.CHOOSE and resuming:
        return ("Up/Down choose · Enter goes back into the game or types your name · Esc menu",
                "Up/Down · Enter · Esc menu")
    return {Page.CHOOSE: ("Up/Down choose · Left/Right colour · Enter start or type your name · Esc menu",
                          "Up/Down · Left/Right colour · Enter · Esc menu"),
            Page.HOSTING: ("Esc stops hosting",),
            Page.JOIN: ("Type an address and Enter, or choose a game found nearby · Esc back",
                        "Type an address and Enter · Esc back"),
            Page.CONNECTING: ("Esc cancels",)}[page]


def draw(view: LobbyView, surface: pygame.Surface, theme: Theme) -> None:
    width, height = surface.get_size()
    surface.fill(theme.background)
    title = max(28, height // 13)
    draw_text(surface, "Play over the network", title, theme.text, bold=True, center=(width // 2, height // 9))
    size = max(15, min(26, height // 30))
    draw_text(surface, fit_text(escape_control(subtitle(view, theme)), size - 2, width - 20), size - 2,
              theme.dim_text, center=(width // 2, height // 9 + title))
    if view.page is Page.CHOOSE:
        view.list.draw(surface, view.rows, theme, size)
    elif view.page is Page.HOSTING:
        _draw_hosting(view, surface, theme, size)
    elif view.page is Page.JOIN:
        _draw_join(view, surface, theme, size)
    else:
        again = f"Joining {view.resume.opponent} again at" if view.resume is not None else "Connecting to"
        draw_text(surface, fit_text(escape_control(f"{again} {view.target}…"), size, width - 20), size,
                  theme.text, center=(width // 2, height // 2))
    if view.message is not None:
        text, warning = view.message
        shown, shown_size = largest_fitting((escape_control(text),), size - 2, width - 24)
        draw_text(surface, shown, shown_size, theme.warning if warning else theme.accent,
                  center=(width // 2, height * 3 // 4 + size * 3))
    small = max(13, height // 45)
    keys = help_texts(view.page, view.editing is not None, view.resume is not None)
    help_text, help_size = largest_fitting(keys, small, width - 20, min_size=12)
    draw_text(surface, help_text, help_size, theme.dim_text, midbottom=(width // 2, height - 8))


def _draw_hosting(view: LobbyView, surface: pygame.Surface, theme: Theme, size: int) -> None:
    width, height = surface.get_size()
    y = height // 3
    if view.listening is None:
        draw_text(surface, "Starting…", size, theme.text, center=(width // 2, y))
        return
    waiting = (f"Waiting for {view.resume.opponent} to come back — tell them:" if view.resume is not None
               else "Waiting for a player — tell your friend:")
    lines = [escape_control(waiting), *view.listening.addresses]
    for i, line in enumerate(lines[:8]):
        line_size = size if i else size - 2
        draw_text(surface, fit_text(line, line_size, width - 20, bool(i)), line_size,
                  theme.accent if i else theme.text, bold=bool(i), center=(width // 2, y))
        y += line_size + 12
    colour = colour_label(view.colour, theme) if view.colour else "Random (drawn when a player joins)"
    about = (f"You play as {view.name} · your colour: {colour}" if view.resume is None
             else f"The game goes on from move {len(view.resume.moves) + 1}")
    draw_text(surface, fit_text(escape_control(about), size - 4, width - 20), size - 4,
              theme.dim_text, center=(width // 2, y + 8))


def _draw_join(view: LobbyView, surface: pygame.Surface, theme: Theme, size: int) -> None:
    width = surface.get_width()
    rows = view.rows
    view.list.draw(surface, rows, theme, size)
    note = ("Or choose a game found on this network:" if view.games else
            f"No games found nearby ({view.discovery_error})" if view.discovery_error else
            "Looking for games on this network…")
    below = rows[2].rect.top if len(rows) > 2 else rows[1].rect.bottom + size + 8
    draw_text(surface, fit_text(escape_control(note), size - 4, width - 20), size - 4, theme.dim_text,
              midbottom=(width // 2, below - 1))

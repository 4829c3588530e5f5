"""The saved-games list (Ctrl+O, and the menu's "Open a saved game" and "Review a saved game"): newest
first, each with its players as the game's header names them ("You vs Hard"), its number of moves,
its result (or "unfinished"), its date and a small picture of its last position. Enter or a click
opens one; Delete removes one after asking; I shows the selected file's full path."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.echo import plain_text, shown, shown_path
from game.engine.board import MoveError, Position
from game.i18n import N_, _, ngettext, pgettext
from game.store.savefile import MAX_SHOWN_NAME
from game.store.saves import SaveInfo, delete_save
from game.ui.layout import COLS, ROWS
from game.ui.overlays import Confirm, shade
from game.ui.render import draw_panel
from game.ui.resources import draw_text, fit_text, largest_fitting, text_width, wrap_at_most
from game.ui.theme import Theme
from game.words.move_errors import move_error_text

CLOSE = "close"
LOAD_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
#: What the list is opened for ("load", "open", "review"): its title, its key help and the words
#: when a save cannot be used (English, translated where shown).
TITLES = {"load": N_("Load a saved game"), "open": N_("Open a saved game"), "review": N_("Review a saved game")}
KEY_HELP = {"load": N_("Enter load · Delete remove · I file path · Esc cancel"),
            "open": N_("Enter open · Delete remove · I file path · Esc cancel"),
            "review": N_("Enter review · Delete remove · I file path · Esc cancel")}
FAILURES = {"load": N_("Could not load {file}: {reason}"), "open": N_("Could not open {file}: {reason}"),
            "review": N_("Could not review {file}: {reason}")}


def player_words(spec: str, humans: int = 1) -> str:
    """A player as the game's header names them: "You" (the one human against the computer), a
    level's name, or "Computer depth 8 (window)"; two people are "Two players" as a whole."""
    low = spec.casefold()
    if low == "human":
        return _("You") if humans == 1 else _("Player")
    if low.startswith("ai"):
        parts = spec.split(":")[1:]
        if len(parts) > 1:
            return _("Computer depth {depth} ({heuristic})").format(depth=parts[0], heuristic=parts[1])
        return _("Computer depth {depth}").format(depth=parts[0]) if parts else _("Computer")
    return spec


def describe(info: SaveInfo, names: tuple[str, str] | None = None) -> tuple[str, str]:
    """(players, details) of one entry, e.g. ("You vs Hard", "12 moves · unfinished · 2026-11-23 22:40");
    ``names`` are the colours as the theme draws them (the classic theme's when None)."""
    names = names if names is not None else (_("Red"), _("Yellow"))
    if info.game is None:
        return plain_text(info.path.name, MAX_SHOWN_NAME) or _("(no printable name)"), \
            _("cannot be loaded: {reason}").format(reason=_reason(info.path, info.problem))
    game = info.game
    humans = [n for n, spec in ((1, game.red), (2, game.yellow)) if spec.casefold() == "human"]
    when = info.saved_at
    date = when.strftime("%Y-%m-%d %H:%M") if when is not None else ""
    moves = ngettext("{n} move", "{n} moves", info.moves).format(n=info.moves)
    details = " · ".join(part for part in (moves, _result(game.position(), humans, names), date) if part)
    if game.seat is not None:          # the name passed the name rule when the file was read
        return _("Network game with {player}").format(player=game.seat.opponent), details
    if len(humans) == 2:
        return _("Two players"), details
    return _("{red} vs {yellow}").format(red=player_words(game.red, len(humans)),
                                        yellow=player_words(game.yellow, len(humans))), details


def load_failure(verb: str, path: Path, problem: object) -> str:
    """"Could not open NAME: why" for a save that cannot be used (``verb``: "load", "open" or
    "review"): the name made plain (a file name may hold any byte, control sequences included) and
    said once (a problem from :func:`game.store.savefile.load_game` starts with it)."""
    return _(FAILURES[verb]).format(file=plain_text(path.name, MAX_SHOWN_NAME), reason=_reason(path, problem))


def _reason(path: Path, problem: object) -> str:
    if isinstance(problem, MoveError):
        return move_error_text(problem)
    return str(problem).removeprefix(shown(path.name, MAX_SHOWN_NAME) + ": ")


def _result(position: Position, humans: list[int], names: tuple[str, str]) -> str:
    winner = position.winner()
    if winner is None:
        return pgettext("result", "draw") if position.is_draw() else _("unfinished")
    if len(humans) == 1:
        return _("you won") if winner in humans else _("you lost")
    return _("{player} won").format(player=names[winner - 1])


class SaveList:
    VISIBLE = 6

    def __init__(self, infos: list[SaveInfo], title: str | None = None, verb: str = "load") -> None:
        """``verb``: what Enter does ("load", "open", "review"); ``title``: in English (the verb's
        when None), translated where drawn."""
        title = title if title is not None else TITLES[verb]
        self.infos = infos
        self.title = title
        self.verb = verb                   # what Enter does, for the key help: "load", "review"
        self.selected = 0
        self.confirm: Confirm | None = None
        self.message = ""
        self.show_path = False
        self._rects: list[tuple[pygame.Rect, int]] = []
        self._frame = pygame.Rect(0, 0, 0, 0)

    @property
    def paths(self) -> list[Path]:
        return [info.path for info in self.infos]

    def handle(self, event: pygame.event.Event) -> Path | str | None:
        """A path to load, ``CLOSE``, or None (event used or ignored)."""
        if self.confirm is not None:
            if self.confirm.handle(event):
                self.confirm = None
            return None
        if event.type == pygame.KEYDOWN:
            return self._key(event.key)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for rect, index in self._rects:
                if rect.collidepoint(event.pos):
                    return self.infos[index].path
            if not self._frame.collidepoint(event.pos):
                return CLOSE
        elif event.type == pygame.MOUSEWHEEL and self.infos:
            self.selected = max(0, min(len(self.infos) - 1, self.selected - event.y))
        return None

    def _key(self, key: int) -> Path | str | None:
        if key == pygame.K_ESCAPE:
            return CLOSE
        if not self.infos:
            return CLOSE if key in LOAD_KEYS else None
        self.show_path = key == pygame.K_i and not self.show_path
        if key == pygame.K_UP:
            self.selected = (self.selected - 1) % len(self.infos)
        elif key == pygame.K_DOWN:
            self.selected = (self.selected + 1) % len(self.infos)
        elif key in LOAD_KEYS:
            return self.infos[self.selected].path
        elif key in (pygame.K_DELETE, pygame.K_BACKSPACE):
            self._ask_delete()
        return None

    def _ask_delete(self) -> None:
        info = self.infos[self.selected]
        players, details = describe(info)
        self.confirm = Confirm(_("Delete this saved game?"), f"{players} — {details}", lambda: self._delete(info),
                               yes=_("Delete"), no=_("Keep"))

    def _delete(self, info: SaveInfo) -> None:
        try:
            delete_save(info.path)
        except (OSError, ValueError) as exc:
            self.message = _("Could not delete it: {error}").format(error=exc)
            return
        self.infos.remove(info)
        self.selected = min(self.selected, max(0, len(self.infos) - 1))
        self.message = _("Deleted.")

    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        width, height = surface.get_size()
        size = max(13, min(22, height // 36))
        entry_h = size * 2 + 14
        shown = min(self.VISIBLE, max(1, len(self.infos)), max(1, (height - 40 - size * 3 - 28) // entry_h))
        # room for two more lines: the full path (I), or why the selected save cannot be loaded
        extra = 2 * (size + 2) if self.show_path or any(info.game is None for info in self.infos) else 0
        frame = pygame.Rect(0, 0, min(width - 16, 640), entry_h * shown + size * 3 + 28 + extra)
        frame.center = (width // 2, height // 2)
        self._frame = frame
        shade(surface)
        draw_panel(surface, frame, theme, alpha=245, border=theme.accent)
        draw_text(surface, fit_text(_(self.title), size + 4, frame.width - 16, True), size + 4, theme.text, bold=True,
                  midtop=(frame.centerx, frame.top + 8))
        self._rects = []
        if not self.infos:
            draw_text(surface, fit_text(_("No saved games yet (Ctrl+S saves one)."), size, frame.width - 24), size,
                      theme.dim_text, center=frame.center)
        first = max(0, min(self.selected - shown // 2, len(self.infos) - shown))
        top = frame.top + size * 2 + 14
        for i, info in enumerate(self.infos[first:first + shown]):
            rect = pygame.Rect(frame.left + 10, top + i * entry_h, frame.width - 20, entry_h - 4)
            self._draw_entry(surface, theme, info, rect, size, first + i == self.selected)
            self._rects.append((rect, first + i))
        self._draw_footer(surface, theme, frame, size)
        if self.confirm is not None:
            self.confirm.draw(surface, theme)

    @staticmethod
    def _draw_entry(surface: pygame.Surface, theme: Theme, info: SaveInfo, rect: pygame.Rect, size: int,
                    selected: bool) -> None:
        if selected:
            pygame.draw.rect(surface, theme.accent, rect, 2, border_radius=6)
        picture = _draw_board(surface, theme, info, rect) if info.game is not None else rect.move(rect.width, 0)
        text_w = picture.left - rect.left - 16
        players, details = describe(info, theme.names)
        draw_text(surface, fit_text(players, size, text_w, True), size, theme.text, bold=True,
                  topleft=(rect.left + 8, rect.top + 4))
        colour = theme.error if info.game is None else theme.dim_text
        if info.game is None:       # the whole reason is under the list while the entry is selected
            details, size = largest_fitting((details, _("cannot be loaded")), size, text_w)
        draw_text(surface, fit_text(details, size, text_w), size, colour,
                  topleft=(rect.left + 8, rect.top + size + 6))

    def _draw_footer(self, surface: pygame.Surface, theme: Theme, frame: pygame.Rect, size: int) -> None:
        small = max(12, size - 3)
        if self.show_path and self.infos:
            lines = _split_to_width(shown_path(self.infos[self.selected].path, 1000), small, frame.width - 20)[-3:]
            line_h = small + 2
            top = frame.bottom - 6 - line_h * len(lines)
            for i, line in enumerate(lines):
                draw_text(surface, line, small, theme.text, midtop=(frame.centerx, top + i * line_h))
            return
        selected = self.infos[self.selected] if self.infos else None
        if self.message:
            text, colour = self.message, theme.accent
        elif selected is not None and selected.game is None:
            # the whole reason, which the entry itself may have had to cut
            why = _("Cannot be loaded: {reason} · Delete removes it").format(
                reason=_reason(selected.path, selected.problem))
            lines = wrap_at_most(why, small, frame.width - 20, 2)
            for i, line in enumerate(lines, start=1 - len(lines)):
                draw_text(surface, line, small, theme.error, midbottom=(frame.centerx, frame.bottom - 6 + i * (small + 2)))
            return
        elif not self.infos:
            text, colour = _("Esc close"), theme.dim_text
        else:
            text, colour = _(KEY_HELP[self.verb]), theme.dim_text
        draw_text(surface, fit_text(text, small, frame.width - 20), small, colour,
                  midbottom=(frame.centerx, frame.bottom - 6))


def _draw_board(surface: pygame.Surface, theme: Theme, info: SaveInfo, rect: pygame.Rect) -> pygame.Rect:
    """A small picture of the saved game's last position at the right of ``rect``; returns where."""
    assert info.game is not None
    position = info.game.position()
    cell = max(3, (rect.height - 6) // ROWS)
    board = pygame.Rect(0, 0, cell * COLS, cell * ROWS)
    board.midright = (rect.right - 6, rect.centery)
    pygame.draw.rect(surface, theme.board, board, border_radius=2)
    radius = max(1, cell * 4 // 10)
    for col in range(COLS):
        for row in range(ROWS):
            player = position.cell(col, row)
            colour = theme.disc(player) if player else theme.background
            centre = (board.left + col * cell + cell // 2, board.bottom - row * cell - cell // 2)
            pygame.draw.circle(surface, colour, centre, radius)
    return board


def _split_to_width(text: str, size: int, max_width: int) -> list[str]:
    """``text`` cut into pieces that each fit ``max_width`` (a path has no spaces to wrap at)."""
    lines, line = [], ""
    for ch in text:
        if line and text_width(line + ch, size) > max_width:
            lines.append(line)
            line = ""
        line += ch
    return lines + [line] if line else lines

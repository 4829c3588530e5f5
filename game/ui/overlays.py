"""Overlays drawn over a scene and taking its input while open: a yes/no question and the help.

An overlay's ``handle(event)`` returns True once it has closed; the scene then drops it."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame

from game.i18n import _
from game.speech import spoken
from game.domain.rated import FORFEIT_MOVES
from game.config.values import Settings
from game.domain.levels import Level
from game.i18n import N_, _
from game.ui.render import draw_panel
from game.ui.resources import draw_text, fit_text, largest_fitting, wrap
from game.ui.theme import Colour, Theme

YES_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_y)
NO_KEYS = (pygame.K_ESCAPE, pygame.K_n)
HELP_KEYS = (pygame.K_F1,)
#: The help's section on Practice (the Practice scene opens the help there), in English.
PRACTICE_HELP = N_("Practice (menu: Practice)")


def is_help_key(event: pygame.event.Event) -> bool:
    """F1, or "?" however the keyboard layout produces it."""
    return event.type == pygame.KEYDOWN and (event.key in HELP_KEYS or getattr(event, "unicode", "") == "?")


def shade(surface: pygame.Surface, alpha: int = 150) -> None:
    veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    veil.fill((0, 0, 0, alpha))
    surface.blit(veil, (0, 0))


class Confirm:
    """"Start a new game?" — Enter or Y (or a click on Yes) does it, Esc or N (or No) keeps things."""

    def __init__(self, question: str, detail: str, on_yes: Callable[[], None], yes: str | None = None,
                 no: str | None = None) -> None:
        """``yes`` and ``no``: the buttons' words, already translated ("Yes" and "No" when None)."""
        self.question = question
        self.detail = detail
        self.on_yes = on_yes
        self.labels = (yes if yes is not None else _("Yes"), no if no is not None else _("No"))
        self._buttons: list[tuple[pygame.Rect, bool]] = []

    def spoken(self) -> str:
        """The question as a listener hears it: the question, its detail and the two answers' keys."""
        return " ".join(filter(None, (spoken(self.question), spoken(self.detail),
                                      _("Enter: {yes}. Escape: {no}.").format(yes=self.labels[0],
                                                                               no=self.labels[1]))))

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key in YES_KEYS:
                self.on_yes()
                return True
            return event.key in NO_KEYS
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for rect, yes in self._buttons:
                if rect.collidepoint(event.pos):
                    if yes:
                        self.on_yes()
                    return True
        return False

    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        width, height = surface.get_size()
        size = max(14, min(26, height // 30))
        box_w = min(width - 20, 560)
        lines = wrap(self.question, size + 2, box_w - 32, bold=True)
        details = wrap(self.detail, size, box_w - 32) if self.detail else []
        line_h = size + 8
        box_h = 14 + line_h * (len(lines) + len(details)) + 10 + size * 2 + 14
        box = pygame.Rect(0, 0, box_w, box_h)
        box.center = (width // 2, height // 2)
        shade(surface)
        draw_panel(surface, box, theme, alpha=248, border=theme.warning)
        y = box.top + 14
        for text, colour, bold in [(t, theme.text, True) for t in lines] + [(t, theme.dim_text, False) for t in details]:
            draw_text(surface, text, size + 2 if bold else size, colour, bold=bold, midtop=(box.centerx, y))
            y += line_h
        self._buttons = []
        button_w = (box_w - 48) // 2
        for i, (label, keys) in enumerate(zip(self.labels, (_("Enter / Y"), _("Esc / N")))):
            rect = pygame.Rect(box.left + 16 + i * (button_w + 16), box.bottom - size * 2 - 12, button_w, size * 2)
            pygame.draw.rect(surface, theme.accent if i == 0 else theme.dim_text, rect, 2, border_radius=8)
            # TRANSLATORS: a button of a question: its word ("Yes"), then its keys ("Enter / Y")
            text = fit_text(_("{label} ({keys})").format(label=label, keys=keys), size, rect.width - 12)
            draw_text(surface, text, size, theme.text, center=rect.center)
            self._buttons.append((rect, i == 0))


def level_line(level: Level) -> str:
    """"Hard — depth 8 — about 2062 Elo" (with what else the level does, if anything); a level
    that plays only proved moves has no depth to show."""
    if level.exact:
        play = _("exact play: only proved best moves")
    elif level.perfect_play and level.temperature:
        play = _("depth {depth}, perfect play when it can prove it, sometimes prefers a worse move")
    elif level.perfect_play:
        play = _("depth {depth}, perfect play when it can prove it")
    elif level.temperature:
        play = _("depth {depth}, sometimes prefers a worse move")
    else:
        play = _("depth {depth}")
    parts = [level.name, play.format(depth=level.depth)]
    if level.elo is not None:
        parts.append(_("about {elo} Elo").format(elo=level.elo))
    return " — ".join(parts)


def help_sections(settings: Settings, names: tuple[str, str] | None = None) -> list[tuple[str, list[str]]]:
    """The help's text in the language in use: (title, lines) per section; ``names`` are the discs'
    colours as drawn (the classic theme's when None)."""
    names = names if names is not None else (_("Red"), _("Yellow"))
    return [
        (_("Rules"), [
            _("Take turns dropping a disc into a column; it falls to the lowest free cell."),
            _("Four of your discs in a row — across, up or diagonally — wins."),
            _("A full board without four in a row is a draw."),
        ]),
        (_("Keys"), [
            _("1–7 or click: drop a disc · Left/Right then Enter, Space or Down: choose and drop"),
            _("Ctrl+Z / Ctrl+Y: undo / redo (against the computer: back to your previous turn)"),
            _("H: hint · A: analysis row · W: why? (the cursor's column explained) · N: new game"),
            _("R: review the finished game (or retry after an engine error)"),
            _("Ctrl+S: save · Ctrl+O: load (Delete removes the selected save) · M: mute"),
            _("Ctrl+C: copy the moves (e.g. 4453) · Ctrl+V: open copied moves as a two-player game"),
            _("F11: fullscreen · Esc: menu · Ctrl+Q: quit · F1 or ?: this help"),
            _("Two computers playing: Space pause · Right one move · + / − time per move · N new match. "
              "Each game of a match starts from an opening of a few moves, so two equal computers do not "
              "replay one game. Each opening is played twice, the computers swapping colours, since one "
              "colour may still win it with the last disc; the header says which game of the two it is."),
        ]),
        (_("Speech (F2: on or off, in every screen)"), [
            _("The game speaks through your screen reader: every move (\"Yellow, column 4, row 2\", row 1 at "
              "the bottom), the menu's row, notices, hints, the review and practice. F9: full or short moves."),
            _("F3 last move · F4 the cursor's column · F5 the walking row · F6 whose turn and the score · "
              "F7 the cursor column's analysis · F8 the threats of each side"),
            _("Up/Down walk the rows and Left/Right the columns, each cell said (yellow, empty and playable, "
              "empty and floating) · Enter or Space drops in the cursor's column (Down walks while speech is on)."),
        ]),
        (_("Network game"), [
            _("1–7 or click: drop a disc on your turn · T: chat (Enter sends, Esc cancels)"),
            _("Ctrl+Z: ask the other player to take your last move back · Ctrl+R: resign"),
            _("N: offer a rematch once the game is over · R: review it · Ctrl+S: save · Esc: leave the game"),
            _("No hints, analysis row or loading in a network game: both players play on their own."),
        ]),
        (_("Analysis row, hint and why?"), [
            _("Each column is rated for the player to move, as if that player dropped a disc there."),
            _("Words in colour are proven: \"wins in 5\", \"draw\", \"loses in 3\"; the number counts that "
              "player's own discs to the end. \"wins\" alone is a proven win whose length was not worked out "
              "in the time: it wins with best play, perhaps not fastest."),
            _("Grey bars with a rank (#1 is best) are estimates: the search ran out of time before a "
              "proof, so they promise nothing. The hint is always the row's best column."),
            _("H and W say above the board what the hinted (W: the cursor's) column is worth and why, and "
              "ring the cells they talk about: a four to complete, a threat to block, two threats."),
        ]),
        (_("Review"), [
            _("When a game ends, R reviews it; the menu's \"Review a saved game\" reviews a save. Every move "
              "gets one grade: best, good, inaccuracy, mistake or blunder. A move that misses a win or a block "
              "a player could see is never good. The best move is said in words, and each side's summary "
              "ends with what to practise next."),
            _("Left/Right (or Up/Down, the wheel): step · Home/End: first/last move · click the list or the "
              "graph: go to a move · Enter: step through the line that proves the shown error (a missed win or "
              "block first shows the winning disc or the block, then the move played; Left/Right, "
              "Home/End; Enter or Esc leave it) · P: play on from the shown position · D: practise the shown "
              "position (it becomes a drill) · Esc: back"),
            _("The graph shows the game's value after each move: top, {first} wins; middle, a draw; "
              "bottom, {second} wins. Filled dots are proven, rings are estimates; an amber bar is a mistake, "
              "a crimson one a blunder, a pink triangle an error to learn from. The numbers under it are "
              "the moves.").format(first=names[0], second=names[1]),
            _("On the board: the faint disc above a column is the move played, the frame the best move; "
              "in a line, a ring in an empty cell is a threat (a cell that completes four)."),
        ]),
        (_("Review words"), [
            _("best: kept the exact value · good: kept the result (a slower win, a faster loss) · "
              "inaccuracy: a much longer win · mistake: one step worse (a win to a draw, a draw to a loss) "
              "· blunder: a win to a loss."),
            _("An error you could have seen (below) is never good: it makes a kept result a mistake and a "
              "step lost a blunder. A result changed only by play far ahead (deep: nobody at the board "
              "could see it) is graded one step milder, and is not counted with the errors."),
            _("Errors to learn from: missed win (a win at once was there) · missed block · under a winning "
              "cell (the disc let the opponent win on top of it) · allows two threats · allows a short "
              "loss · threw away a short win · loses much faster (than the best defence)."),
            _("much longer win: an inaccuracy · deep: the result changed by play too far ahead to see."),
            _("Distances: \"wins in 3 of {first}'s moves\" counts the winner's own moves; longer ones read "
              "\"win, a long one\". Why: at once · two threats (only one can be blocked) · threat after threat "
              "(threats that must each be blocked) · no safe move left (zugzwang: a threat on the right row: odd "
              "rows, counted from 1 at the bottom, for the first player, even for the second) · a better move "
              "(what the best move would have won) · perfect play (the exact value; no short "
              "reason).").format(first=names[0]),
        ]),
        (_(PRACTICE_HELP), [
            _("Every error you could have seen (a missed win at once, a missed block, a disc under a winning "
              "cell, two threats allowed) in games against the computer, network games and games you review "
              "comes back as a drill, named by its game and move; moves that lost by play far ahead come after "
              "them as opening knowledge. Then puzzles near the puzzle rating, tactics first."),
            _("Two people at one screen each get drills from their slips once they type their names in the menu "
              "(unnamed players get none). Practice shows one player's drills at a time: Tab shows the next "
              "player's, and the menu counts the drills of the player it opens on. O turns drills from the "
              "shown player's games off (or on again)."),
            _("1–7 or click: drop a disc · Left/Right then Enter: choose and drop · Enter, Space or a click: next "
              "· Esc: menu"),
            _("A drill right at once comes back later and later; right at the second try, sooner; missed, within "
              "minutes. A miss plays out the reply that refutes it, then shows the right move; every drill ends "
              "with why the move was wrong. A missed win at once wants the winning column itself."),
            _("A puzzle wants the only move at each of your turns; a wrong move fails it. The streak counts "
              "exercises right at the first try in a row."),
        ]),
        (_("Levels (Elo: measured strength, the scale of your rating)"), [level_line(level) for level in settings.levels]),
        (_("Rated games"), [
            _("A game against a rated level from the empty board is rated: it moves your rating."),
            _("An undo, a hint, a why? (W) or the analysis row makes it casual: kept in your record, not "
              "rated."),
            _("Leaving a rated game after {moves} of your moves (N, Esc then Start, quit) "
              "counts as a loss; the game asks first. One cut short (the program killed, a logout) "
              "comes back rated at the next start.").format(moves=FORFEIT_MOVES),
        ]),
    ]


class TextOverlay:
    """Sections of text over the scene (title, lines), wrapped to the window, at a size that reads at
    the default window size. Sections that do not fit together go on pages of their own: Left/Right
    (or Tab) turn them, the page's sections are named at the top. Up/Down, Page Up/Down and the mouse
    wheel scroll a page too long for the window. Esc (or Enter, F1, ?) closes it."""

    def __init__(self, sections: list[tuple[str, list[str]]], opening: str | None = None) -> None:
        self.sections = sections
        self.opening = opening     # the title of the section to open at (its page is known once drawn)
        self.page = 0
        self.scroll = 0
        self._pages: list[list[int]] = [list(range(len(sections)))]
        self._max_scroll = 0

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER) or is_help_key(event):
                return True
            turn = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1, pygame.K_TAB: 1}.get(event.key, 0)
            if turn:
                self.page = (self.page + turn) % len(self._pages)
                self.scroll = 0
            step = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -8, pygame.K_PAGEDOWN: 8}.get(event.key, 0)
            self.scroll = max(0, min(self._max_scroll, self.scroll + step))
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, min(self._max_scroll, self.scroll - event.y))
        return False

    def page_names(self) -> tuple[str, ...]:
        """The line over a page, longest first: every page's sections by number, else this
        page's sections, else the page's number alone."""
        def titles(page: list[int]) -> str:
            return ", ".join(self.sections[i][0] for i in page)

        pages, number = len(self._pages), self.page + 1
        tabs = " · ".join(f"{n + 1} {titles(page)}" for n, page in enumerate(self._pages))
        # TRANSLATORS: {tabs} lists each page's number and its sections' titles
        return (_("Page {page} of {pages}: {tabs}").format(page=number, pages=pages, tabs=tabs),
                # TRANSLATORS: {titles} are the titles of the sections on this page
                _("Page {page} of {pages}: {titles}").format(page=number, pages=pages,
                                                              titles=titles(self._pages[self.page])),
                _("Page {page} of {pages}").format(page=number, pages=pages))

    def section_lines(self, index: int, size: int, width: int, theme: Theme) -> list[tuple[str, Colour, bool]]:
        title, lines = self.sections[index]
        out: list[tuple[str, Colour, bool]] = [(text, theme.accent, True) for text in wrap(title, size + 2, width, True)]
        for line in lines:
            out += [(text, theme.text, False) for text in wrap(line, size, width)]
        return out

    def lines(self, size: int, width: int, theme: Theme) -> list[tuple[str, Colour, bool]]:
        """Every section's lines, wrapped to ``width`` (all pages, in order)."""
        return [line for i in range(len(self.sections)) for line in self.section_lines(i, size, width, theme)]

    def paginate(self, size: int, width: int, rows: int, theme: Theme) -> list[list[int]]:
        """The sections, in order, on pages of at most ``rows`` lines (a longer section alone on its page,
        scrolled); a blank line between two sections of a page."""
        pages: list[list[int]] = [[]]
        used = 0
        for i in range(len(self.sections)):
            need = len(self.section_lines(i, size, width, theme)) + (1 if pages[-1] else 0)
            if pages[-1] and used + need > rows:
                pages.append([])
                used, need = 0, need - 1
            pages[-1].append(i)
            used += need
        return pages

    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        width, height = surface.get_size()
        box = pygame.Rect(0, 0, min(width - 16, 1000), height - 16)
        box.center = (width // 2, height // 2)
        shade(surface, 170)
        draw_panel(surface, box, theme, alpha=250, border=theme.accent)
        size = help_size(height)
        footer = max(13, size - 3)
        line_h = size + 6
        inner_w = box.width - 40
        rows = max(1, (box.height - 24 - 2 * (footer + 10)) // line_h)
        self._pages = self.paginate(size, inner_w, rows, theme)
        if self.opening is not None:
            self.page = next((n for n, page in enumerate(self._pages)
                              if any(self.sections[i][0] == self.opening for i in page)), 0)
            self.opening = None
        self.page = min(self.page, len(self._pages) - 1)
        lines: list[tuple[str, Colour, bool]] = []
        for i in self._pages[self.page]:
            if lines:
                lines.append(("", theme.text, False))
            lines += self.section_lines(i, size, inner_w, theme)
        self._max_scroll = max(0, len(lines) - rows)
        self.scroll = min(self.scroll, self._max_scroll)
        many = len(self._pages) > 1
        y = box.top + 12
        if many:
            text, text_size = largest_fitting(self.page_names(), footer, inner_w)
            draw_text(surface, text, text_size, theme.dim_text, topleft=(box.left + 20, y))
            y += footer + 10
        for text, colour, bold in lines[self.scroll:self.scroll + rows]:
            draw_text(surface, text, size + 2 if bold else size, colour, bold=bold, topleft=(box.left + 20, y))
            y += line_h
        keys = [_("Esc closes")] + ([_("Left/Right: other pages")] if many else []) + (
            [_("Up/Down scroll")] if self._max_scroll else [])
        hint = " · ".join(keys)
        draw_text(surface, fit_text(hint, footer, box.width - 24), footer, theme.dim_text,
                  midbottom=(box.centerx, box.bottom - 6))


def help_size(height: int) -> int:
    """The help's text size for a window ``height`` pixels high: 20 px at the default 840, never under
    14 (pages, not smaller text, take what does not fit)."""
    return max(14, min(22, height // 42))


class HelpOverlay(TextOverlay):
    """F1 / ? — rules, keys, the analysis row's meaning, the review and the levels, with the colours
    named as the theme draws them."""

    def __init__(self, settings: Settings, names: tuple[str, str] | None = None,
                 opening: str | None = None) -> None:
        """``opening``: the title of the section to open at, in English (the Rules when None)."""
        super().__init__(help_sections(settings, names), _(opening) if opening is not None else None)


def problems_overlay(problems: list[str], source: Path | None) -> TextOverlay:
    """Every problem of the settings file in full, and what the game does about them."""
    if source is not None:
        after = _("Until it is fixed in {file}, each of these settings keeps its default (the theme and sound: "
                  "your last choice in the menu); the rest of the file is used.").format(file=source)
    else:
        after = _("Until it is fixed in the settings file, each of these settings keeps its default (the theme "
                  "and sound: your last choice in the menu); the rest of the file is used.")
    return TextOverlay([(_("Settings problems"), [*problems, after])])

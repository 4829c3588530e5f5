"""The game scene's words: the header, the status line, the column numbers and the key help.

Every text is fitted to the room it has (a shorter wording, a smaller font, or an ellipsis), so
nothing leaves the window or runs into its neighbour at any size from the minimum window up."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.words.coach_says import advice_words
from game.echo import escape_control
from game.i18n import _, decimal_text, number_text
from game.ui.game.analysis_view import draw_analysis_row
from game.ui.game.game_input import KEY_HELP_OVER, KEY_HELP_OVER_NO_UNDO, KEY_HELP_PLAYER, KEY_HELP_SPECTATOR
from game.ui.game.seats import Allow
from game.ui.layout import COLS
from game.ui.render import BoardScene, draw_panel
from game.ui.resources import draw_text, fit_text, largest_fitting, text_width, wrap, wrap_at_most
from game.ui.theme import Colour

if TYPE_CHECKING:
    from game.engine.advice import Advice
    from game.engine.search_values import Progress, SearchResult
    from game.model import GameModel
    from game.domain.rated import RatedGame
    from game.service.requests import Analysis
    from game.ui.anim import DropAnimation
    from game.ui.scene import Context
    from game.ui.game.seats import Sitting

FLASH_SECONDS = 2.5


@dataclass(frozen=True, slots=True)
class Flash:
    """A short message shown in the status line's place."""

    text: str
    seconds: float = FLASH_SECONDS
    warning: bool = False


@dataclass(frozen=True, slots=True)
class GameView:
    """What the game scene's words are made from, handed over by the scene for one frame."""

    ctx: Context
    model: GameModel
    rating: RatedGame
    sitting: Sitting                       # who plays, as the seats see it
    typing: bool                           # a line is being typed (the chat): the status line is its
    anims: tuple[DropAnimation, ...]
    end_labels: tuple[str, ...]            # what the keys that work once a game is over do
    engine_error: str | None
    progress: Progress | None
    requested_at: float
    pending: SearchResult | None           # the computer's chosen move, not played yet
    time: float
    hint_text: str | None
    why: Advice | None                     # what the coach says of W's column (else the hinted one)
    hint_wanted: bool
    over_handled: bool                     # the finished game's end was met (its last disc landed)
    analysis_on: bool
    analysis: Analysis | None
    tally: str | None                      # this sitting's results against the computer
    cursor: int
    can_move: bool                          # the player at the window may drop a disc now
    flash: Flash | None
    hint: int | None                        # the hinted column, framed on the board
    shake: tuple[int, float, float] | None  # a refused column shaking: (column, offset, strength)


def draw(view: GameView, surface: pygame.Surface) -> None:
    """The whole game screen but its overlay: the words around the board and the board."""
    ctx = view.ctx
    surface.fill(ctx.theme.background)
    draw_header(view, surface)
    if shown_why(view) is not None:
        draw_why(view, surface, advice_words(shown_why(view), ctx.theme.names))
    else:
        draw_top_row(view, surface)
    draw_column_numbers(view, surface)
    ctx.renderer.draw(surface, ctx.layout, ctx.theme, board_scene(view))
    if view.sitting.over and not view.anims:
        draw_result(view, surface)
    draw_status(view, surface)


def shown_why(view: GameView) -> Advice | None:
    """The coach's words and rings, while the board is still (a falling disc changes the position)."""
    return view.why if view.why is not None and view.why.reasons and not view.anims else None


def why_lines(text: str, size: int, width: int, height: int) -> tuple[tuple[str, ...], int]:
    """``text`` wrapped to ``width`` in as many lines of the largest size from ``size`` down to 11
    as fit in ``height`` (at the smallest size, the last line that fits ends with "…")."""
    for font in range(size, 10, -1):
        lines = wrap_at_most(text, font, width, 99)
        if len(lines) * (font + 2) <= height:
            return lines, font
    return wrap_at_most(text, 11, width, max(1, height // 13)), 11


def draw_why(view: GameView, surface: pygame.Surface, text: str) -> None:
    """The coach's words in the row above the column numbers, clear of the board (it takes the
    analysis row's or the tally's place until the position changes); the cells it talks about are
    ringed on the board (``board_scene``)."""
    layout, theme = view.ctx.layout, view.ctx.theme
    rect = layout.analysis.inflate(0, layout.numbers.height // 2)
    width = surface.get_width() - 16
    lines, size = why_lines(escape_control(text), max(13, layout.small_size), width - 12, rect.height - 4)
    box = pygame.Rect(0, 0, width, len(lines) * (size + 2) + 4)
    box.center = (surface.get_width() // 2, rect.centery)
    draw_panel(surface, box, theme, alpha=235, border=theme.accent)
    for i, line in enumerate(lines):
        draw_text(surface, line, size, theme.text, topleft=(box.left + 6, box.top + 2 + i * (size + 2)))


def board_scene(view: GameView) -> BoardScene:
    """What the board shows: the discs, the falling ones, the ghost disc over the cursor's column,
    the last move, the winning line once the last disc has landed, the hint, a refused column."""
    model = view.model
    settled = not view.anims
    playable = model.position.can_play(view.cursor)
    ghost = (view.cursor, model.turn) if view.can_move and settled and playable else None
    return BoardScene(
        cell=model.position.cell,
        hidden={(a.col, a.row) for a in view.anims},
        falling=[(a.col, a.y, a.player) for a in view.anims],
        ghost=ghost,
        last_move=model.last_move,
        winning=model.winning_cells if settled else frozenset(),
        hint=view.hint,
        rings=_rings(view),
        shake=view.shake,
        time=view.time,
    )


def _rings(view: GameView) -> tuple[tuple[int, int, int], ...]:
    """The cells the coach's words talk about, as (column, row, player) for the board."""
    why = shown_why(view)
    return () if why is None else tuple((r.cell.col, r.cell.row, r.player) for r in why.rings)


def player_name(view: GameView, number: int) -> str:
    """"Red (you)", "Yellow (computer)", "Ann (Red)", "Hard (1) as Red" or just "Red", with the
    colours named as the theme draws them."""
    return view.sitting.names[number - 1]


def result_text(view: GameView) -> str:
    return view.sitting.result


def status_text(view: GameView) -> str:
    """The status line: the seats' own words, or the falling disc, the result, an engine error,
    thinking, or whose turn it is."""
    model = view.model
    falling = view.anims[-1] if view.anims else None
    own = view.sitting.status
    if own is not None:
        return own
    if falling is not None:
        return _("{player} drops in column {column}").format(player=player_name(view, falling.player),
                                                            column=falling.col + 1)
    if model.is_over:
        # the result, then the keys that work now, each a label of its own
        return " · ".join((result_text(view), _(view.sitting.new_words), *(_(label) for label in view.end_labels),
                           _("Esc menu")))
    if view.engine_error:
        return _("Engine error: {error} · R retry · Ctrl+Z undo · N new game").format(error=view.engine_error)
    turn = player_name(view, model.turn)
    if view.sitting.paused:
        return _("Paused · {player} to move · Space resume · Right step").format(player=turn)
    if model.is_ai_turn():
        return _thinking_text(view, turn)
    hint = view.hint_text
    if hint is not None:
        # TRANSLATORS: {hint} is the hinted column and its value, e.g. "column 4 — wins in 9"
        return _("{player} to move · hint: {hint}").format(player=turn, hint=hint)
    if view.hint_wanted:
        return _("{player} to move · finding a hint…").format(player=turn)
    return _("{player} to move").format(player=turn)


def _thinking_text(view: GameView, turn: str) -> str:
    if view.pending is not None:
        return _("{player} has chosen column {column}").format(player=turn, column=view.pending.move + 1)
    dots = f"{'.' * (1 + int(view.time * 3) % 3):<3}"
    seconds = decimal_text(view.time - view.requested_at)
    progress = view.progress
    if progress is not None:
        # TRANSLATORS: {dots} are one to three dots that move while the computer thinks; {depth} is
        # the search's depth in moves, {nodes} the positions it looked at so far
        return _("{player} is thinking{dots} depth {depth} · {nodes} nodes · {seconds} s").format(
            player=turn, dots=dots, depth=progress.depth, nodes=number_text(progress.nodes), seconds=seconds)
    # TRANSLATORS: {dots} are one to three dots that move while the computer thinks
    return _("{player} is thinking{dots} · {seconds} s").format(player=turn, dots=dots, seconds=seconds)


def header_right(view: GameView) -> str:
    """"Move 12 · rated" (against the computer: rated or casual), with the watching speed and mute:
    each a label of its own, joined by " · "."""
    right = _("Move {number}").format(number=move_number(view))
    if view.rating.against_computer:
        right += " · " + (_("rated") if view.rating.rated else _("casual"))
    right += view.sitting.note                # the seats' own labels, each after " · "
    if view.ctx.sound.muted:
        right += " · " + _("muted")
    return right


def draw_header(view: GameView, surface: pygame.Surface) -> None:
    """Both players, each after a small disc of their colour; the move count on the right."""
    ctx = view.ctx
    theme, layout = ctx.theme, ctx.layout
    rect = layout.header
    size = layout.text_size
    right_rect = draw_text(surface, header_right(view), size, theme.warning if view.sitting.alert else theme.dim_text,
                           midright=(rect.right - 8, rect.centery))
    x = rect.left + 8
    room = (right_rect.left - 12 - x) // 2
    for number in (1, 2):
        disc = ctx.renderer.disc(theme, number, max(5, size * 4 // 10))
        surface.blit(disc, disc.get_rect(midleft=(x, rect.centery)))
        colour = theme.colour_name(number)
        who = view.sitting.who[number - 1]     # None: two unnamed people, their colours alone
        # TRANSLATORS: the header's name of a player: the colour of their discs, then who plays them
        texts = (_("{colour}: {player}").format(colour=colour, player=who), who) if who is not None else (colour,)
        label, label_size = largest_fitting(texts, size, room - disc.get_width() - 12)
        draw_text(surface, label, label_size, theme.text, midleft=(x + disc.get_width() + 4, rect.centery))
        x += room


def move_number(view: GameView) -> int:
    """The move the header names: the one to be played next, the last one once the game is over
    (as the review numbers moves, so "play on" from the review's move 23 shows move 23)."""
    played = len(view.model.moves)
    return played if view.model.is_over else played + 1


def draw_top_row(view: GameView, surface: pygame.Surface) -> None:
    """The row above the board: the analysis, or the score of a match between two computers or two
    people, or (against the computer) the tally of this sitting."""
    ctx = view.ctx
    theme, layout = ctx.theme, ctx.layout
    score = None if view.analysis_on else view.sitting.score    # the analysis row, when on, has the row
    remark = view.sitting.remark
    if remark is not None:
        draw_score_and_remark(view, surface, score, remark)
    elif score is not None:
        text, size = largest_fitting(score, layout.small_size, surface.get_width() - 16)
        draw_text(surface, text, size, theme.dim_text, center=layout.analysis.center)
    elif view.analysis_on and not (view.model.is_over and not view.anims):
        waiting = _("analysis: on your turn") if view.model.is_ai_turn() else _("analysing…")
        draw_analysis_row(surface, layout.analysis, layout.cell, layout.small_size, view.analysis,
                          len(view.model.moves), theme, waiting)
    elif view.tally is not None:   # the tally is of games against the computer
        draw_text(surface, fit_text(view.tally, layout.small_size, surface.get_width() - 24), layout.small_size,
                  theme.dim_text, center=layout.analysis.center)


def draw_score_and_remark(view: GameView, surface: pygame.Surface, score: tuple[str, ...] | None,
                          remark: str) -> None:
    """The score with a fresh line under it (a chat line); with no room for both, the fresh line
    wins for its seconds."""
    theme, layout = view.ctx.theme, view.ctx.layout
    rect, size, width = layout.analysis, layout.small_size, surface.get_width() - 16
    lines = [(largest_fitting(score, size, width), theme.dim_text)] if score is not None else []
    lines.append((largest_fitting((escape_control(remark),), size, width), theme.accent))
    if len(lines) == 2 and rect.height < 2 * size + 4:
        lines = lines[1:]
    step = rect.height // (len(lines) + 1)
    for i, ((text, text_size), colour) in enumerate(lines, start=1):
        draw_text(surface, text, text_size, colour, center=(rect.centerx, rect.top + i * step))


def draw_column_numbers(view: GameView, surface: pygame.Surface) -> None:
    """1-7 over the columns: the keys that drop a disc there."""
    layout, theme = view.ctx.layout, view.ctx.theme
    size = max(11, min(layout.small_size, layout.numbers.height + 2))
    for col in range(COLS):
        x = layout.board.left + col * layout.cell + layout.cell // 2
        colour = theme.text if col == view.cursor and view.can_move else theme.dim_text
        draw_text(surface, str(col + 1), size, colour, center=(x, layout.numbers.centery))


def draw_result(view: GameView, surface: pygame.Surface) -> None:
    layout = view.ctx.layout
    size = max(18, layout.cell // 2)
    text, size = largest_fitting((result_text(view),), size, surface.get_width() - 16, min_size=14, bold=True)
    draw_text(surface, text, size, result_colour(view), bold=True, center=(layout.board.centerx, layout.ghost_y))


def result_colour(view: GameView) -> Colour:
    """A lost game is not shown in the colour of a win: loss colour when the one human lost."""
    theme = view.ctx.theme
    if view.sitting.winner is None:
        return theme.draw
    if view.sitting.lost:
        return theme.loss
    return theme.win


def status_line(view: GameView) -> tuple[str, Colour]:
    """The status line and its colour: a fresh message (not while a line is typed), else the state
    of play (a finished network game's in the colour of its result, as the result over the board)."""
    theme, sitting = view.ctx.theme, view.sitting
    if view.flash is not None and not view.typing:
        return view.flash.text, theme.warning if view.flash.warning else theme.accent
    text = status_text(view)
    if view.engine_error:
        return text, theme.error
    if sitting.result_coloured and sitting.over and not view.anims and not view.typing:
        return text, result_colour(view)
    return text, theme.warning if sitting.alert else theme.text


def footer_keys(view: GameView) -> tuple[str, ...]:
    """The key help under the status line, longest first: the seats' own, a spectator's, or a
    player's; once the game is over only the keys that still work (undo where the seats allow it)."""
    sitting = view.sitting
    if sitting.key_help:
        return tuple(_(keys) for keys in sitting.key_help)
    if sitting.watching:
        return tuple(_(keys) for keys in KEY_HELP_SPECTATOR)
    if sitting.over and not view.anims:
        undo = Allow.UNDO in sitting.allows
        return tuple(_(keys) for keys in (KEY_HELP_OVER if undo else KEY_HELP_OVER_NO_UNDO))
    return tuple(_(keys) for keys in KEY_HELP_PLAYER)


#: The smallest size of the status line on one line; a longer one (a long language) takes two.
STATUS_MIN_SIZE = 14


def draw_status(view: GameView, surface: pygame.Surface) -> None:
    """The status line (or a short message in its place) and the key help under it; a status line
    too long for one line takes two, in the key help's place."""
    theme, layout = view.ctx.theme, view.ctx.layout
    rect = layout.status
    text, colour = status_line(view)
    text = escape_control(text)
    width = rect.width - 16
    size = layout.text_size
    while size > STATUS_MIN_SIZE and text_width(text, size, True) > width:
        size -= 1
    if text_width(text, size, True) > width:
        size = min(layout.small_size, (rect.height - 6) // 2 - 2)
        lines = wrap(text, size, width, True)
        if len(lines) > 2:
            lines = (lines[0], fit_text(" ".join(lines[1:]), size, width, True))
        for i, line in enumerate(lines):
            draw_text(surface, line, size, colour, bold=True, midtop=(rect.centerx, rect.top + 2 + i * (size + 4)))
        return
    draw_text(surface, text, size, colour, bold=True, midtop=(rect.centerx, rect.top + 2))
    help_text, help_size = largest_fitting(footer_keys(view), layout.small_size, width)
    draw_text(surface, help_text, help_size, theme.dim_text, midbottom=(rect.centerx, rect.bottom - 2))

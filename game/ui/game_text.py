"""The game scene's words: the header, the status line, the column numbers and the key help.

Every text is fitted to the room it has (a shorter wording, a smaller font, or an ellipsis), so
nothing leaves the window or runs into its neighbour at any size from the minimum window up."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui.analysis_view import draw_analysis_row
from game.ui.game_input import KEY_HELP_PLAYER, KEY_HELP_SPECTATOR
from game.ui.layout import COLS
from game.ui.resources import draw_text, fit_text, largest_fitting, text_width
from game.ui.theme import Colour

if TYPE_CHECKING:
    from game.ui.game_scene import GameScene


def player_name(scene: GameScene, number: int) -> str:
    """"Red (you)", "Yellow (computer)", "Ann (Red)", "Hard (1) as Red" or just "Red", with the
    colours named as the theme draws them."""
    model = scene.model
    spec = model.player(number)
    name = scene.ctx.theme.colour_name(number)
    if scene.spectator is not None:
        return f"{scene.spectator.colour_label(model, number)} as {name}"
    if scene.pair is not None and scene.pair.named:
        return f"{scene.pair.name(model, number)} ({name})"
    if scene.humans == 1:
        return f"{name} (you)" if not spec.is_ai else f"{name} (computer)"
    return f"{name} — {spec.label()}" if spec.is_ai else name


def result_text(scene: GameScene) -> str:
    model = scene.model
    winner = model.winner
    if winner is None:
        return "Draw: the board is full"
    if scene.humans == 1:
        return "You win!" if not model.player(winner).is_ai else "The computer wins"
    return f"{player_name(scene, winner)} wins!"


def status_text(scene: GameScene) -> str:
    """The status line: the falling disc, the result, an engine error, thinking, or whose turn it is."""
    model = scene.model
    if scene.anims:
        falling = scene.anims[-1]
        return f"{player_name(scene, falling.player)} drops in column {falling.col + 1}"
    if model.is_over:
        extra = "".join(f" · {label}" for label, _ in scene.end_keys.values())
        return result_text(scene) + f" · N new game{extra} · Esc menu"
    if scene.engine.error:
        return f"Engine error: {scene.engine.error} · R retry · Ctrl+Z undo · N new game"
    turn = player_name(scene, model.turn)
    if scene.spectator is not None and scene.spectator.paused:
        return f"Paused · {turn} to move · Space resume · Right step"
    if model.is_ai_turn():
        return _thinking_text(scene, turn)
    text = f"{turn} to move"
    hint = scene.hint_text()
    if hint is not None:
        text += f" · hint: {hint}"
    elif scene.hint_wanted:
        text += " · finding a hint…"
    return text


def _thinking_text(scene: GameScene, turn: str) -> str:
    if scene.pending is not None:
        return f"{turn} has chosen column {scene.pending.move + 1}"
    text = f"{turn} is thinking{'.' * (1 + int(scene.time * 3) % 3):<3}"
    progress = scene.engine.progress
    if progress is not None:
        text += f" depth {progress.depth} · {progress.nodes:,} nodes"
    return text + f" · {scene.time - scene.engine.requested_at:.1f} s"


def header_right(scene: GameScene) -> str:
    """"Move 12 · rated" (against the computer: rated or casual), with the watching speed and mute."""
    right = f"Move {move_number(scene)}"
    if scene.rating.game.against_computer:
        right += " · rated" if scene.rating.game.rated else " · casual"
    if scene.spectator is not None:
        right += f" · {scene.spectator.delay:.1f} s/move"
    if scene.ctx.sound.muted:
        right += " · muted"
    return right


def draw_header(scene: GameScene, surface: pygame.Surface) -> None:
    """Both players, each after a small disc of their colour; the move count on the right."""
    ctx = scene.ctx
    theme, layout = ctx.theme, ctx.layout
    rect = layout.header
    size = layout.text_size
    right_rect = draw_text(surface, header_right(scene), size, theme.dim_text, midright=(rect.right - 8, rect.centery))
    x = rect.left + 8
    room = (right_rect.left - 12 - x) // 2
    for number in (1, 2):
        disc = ctx.renderer.disc(theme, number, max(5, size * 4 // 10))
        surface.blit(disc, disc.get_rect(midleft=(x, rect.centery)))
        player = scene.model.player(number)
        colour = theme.colour_name(number)
        who = (scene.spectator.colour_label(scene.model, number) if scene.spectator is not None
               else scene.pair.name(scene.model, number) if scene.pair is not None and scene.pair.named
               else "You" if scene.humans == 1 and not player.is_ai
               else None if not player.is_ai else player.label())   # two unnamed people: their colours
        texts = (f"{colour}: {who}", who) if who is not None else (colour,)
        label, label_size = largest_fitting(texts, size, room - disc.get_width() - 12)
        draw_text(surface, label, label_size, theme.text, midleft=(x + disc.get_width() + 4, rect.centery))
        x += room


def move_number(scene: GameScene) -> int:
    """The move the header names: the one to be played next, the last one once the game is over
    (as the review numbers moves, so "play on" from the review's move 23 shows move 23)."""
    played = len(scene.model.moves)
    return played if scene.model.is_over else played + 1


def draw_top_row(scene: GameScene, surface: pygame.Surface) -> None:
    """The row above the board: the analysis, or the score of a match between two computers or two
    people, or (against the computer) what ``top_row_extra`` draws there."""
    ctx = scene.ctx
    theme, layout = ctx.theme, ctx.layout
    score = (scene.spectator.score_line(scene.model, scene.over_handled) if scene.spectator is not None
             else scene.pair.score_line() if scene.pair is not None and not scene.analysis_on else None)
    if score is not None:
        text, size = largest_fitting(score, layout.small_size, surface.get_width() - 16)
        draw_text(surface, text, size, theme.dim_text, center=layout.analysis.center)
    elif scene.analysis_on and not (scene.model.is_over and not scene.anims):
        waiting = "analysis: on your turn" if scene.model.is_ai_turn() else "analysing…"
        draw_analysis_row(surface, layout.analysis, layout.cell, layout.small_size, scene.shown_analysis(),
                          len(scene.model.moves), theme, waiting)
    elif scene.top_row_extra is not None and scene.humans == 1:  # the tally is of games against the computer
        scene.top_row_extra(surface, layout.analysis)


def draw_column_numbers(scene: GameScene, surface: pygame.Surface) -> None:
    """1-7 over the columns: the keys that drop a disc there."""
    layout, theme = scene.ctx.layout, scene.ctx.theme
    size = max(11, min(layout.small_size, layout.numbers.height + 2))
    for col in range(COLS):
        x = layout.board.left + col * layout.cell + layout.cell // 2
        colour = theme.text if col == scene.cursor and scene.human_can_move() else theme.dim_text
        draw_text(surface, str(col + 1), size, colour, center=(x, layout.numbers.centery))


def draw_result(scene: GameScene, surface: pygame.Surface) -> None:
    layout = scene.ctx.layout
    size = max(18, layout.cell // 2)
    text, size = largest_fitting((result_text(scene),), size, surface.get_width() - 16, min_size=14, bold=True)
    draw_text(surface, text, size, result_colour(scene), bold=True, center=(layout.board.centerx, layout.ghost_y))


def result_colour(scene: GameScene) -> Colour:
    """A lost game is not shown in the colour of a win: loss colour when the one human lost."""
    theme, model = scene.ctx.theme, scene.model
    if model.winner is None:
        return theme.draw
    if scene.humans == 1 and model.player(model.winner).is_ai:
        return theme.loss
    return theme.win


def draw_status(scene: GameScene, surface: pygame.Surface) -> None:
    """The status line (or a short message in its place) and the key help under it."""
    theme, layout = scene.ctx.theme, scene.ctx.layout
    rect = layout.status
    if scene.flash is not None:
        text = scene.flash.text
        colour = theme.warning if scene.flash.warning else theme.accent
    else:
        text = status_text(scene)
        colour = theme.error if scene.engine.error else theme.text
    width = rect.width - 16
    size = layout.text_size
    while size > 14 and text_width(text, size, True) > width:
        size -= 1
    draw_text(surface, fit_text(text, size, width, True), size, colour, bold=True, midtop=(rect.centerx, rect.top + 2))
    keys = KEY_HELP_SPECTATOR if scene.spectator is not None else KEY_HELP_PLAYER
    help_text, help_size = largest_fitting(keys, layout.small_size, width)
    draw_text(surface, help_text, help_size, theme.dim_text, midbottom=(rect.centerx, rect.bottom - 2))

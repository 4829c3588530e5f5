"""The analysis row and the hint in words: proven values say "wins in N" / "draw" / "loses in N" for the
side to move, estimates are neutral (grey, ranked), and the hint is the row's best column."""

from __future__ import annotations

import pygame

from game.words.outcomes import describe
from game.service.requests import Analysis
from game.ui.game.analysis_view import Kind, best_column, column_views, draw_analysis_row, hint_words
from game.ui.theme import CLASSIC, COLORBLIND

# The empty board, solved: only the centre wins; columns 3 and 5 draw; the rest lose.
EMPTY_BOARD = Analysis((-2.0, -1.0, 0.0, 1.0, 0.0, -1.0, -2.0), True)
ESTIMATES = Analysis((0.09, 0.2, 0.27, 0.25, None, -0.5, 0.0), False)


def test_proven_values_in_words_for_the_side_to_move():
    views = column_views(EMPTY_BOARD, 0)
    assert views[3].words == describe(1, 0) == "wins in 21"
    assert views[3].lines == ("wins", "in 21")
    assert views[2].words == views[4].words == "draw"
    assert views[0].words == describe(-2, 0) and views[0].words.startswith("loses in ")
    for view in views:
        assert view.kind is Kind.PROVEN
        assert not any(ch in view.words for ch in "+−-.")          # never "+10" or "−0.00"


def test_estimates_are_ranked_never_worded_as_results():
    views = column_views(ESTIMATES, 10)
    assert views[4].kind is Kind.FULL and views[4].words == "full"
    estimates = [v for i, v in enumerate(views) if i != 4]
    assert all(v.kind is Kind.ESTIMATE and v.outcome is None for v in estimates)
    assert [v.rank for v in estimates] == [4, 3, 1, 2, 6, 5]
    assert views[2].lines == ("#1",)
    assert hint_words(ESTIMATES, 10) == (2, "column 3 — best estimate")


def test_a_forced_result_inside_estimates_is_a_result_without_a_count():
    analysis = Analysis((0.1, 5.0, -3.0, 0.2, 0.0, 0.0, 0.0), False)
    views = column_views(analysis, 12)
    assert views[1].kind is Kind.FORCED and views[1].words == "wins"
    assert views[2].words == "loses"
    assert hint_words(analysis, 12) == (1, "column 2 — wins")


def test_hint_words_for_a_proven_row():
    assert hint_words(EMPTY_BOARD, 0) == (3, "column 4 — wins in 21")
    draw_best = Analysis((-1.0, 0.0, -3.0, 0.0, None, -2.0, -1.0), True)
    assert best_column(draw_best) == 3                             # a tie goes to the centre
    assert hint_words(draw_best, 20) == (3, "column 4 — draw")
    assert hint_words(Analysis((None,) * 7, True), 42) is None


def colours_on(analysis: Analysis, theme) -> set[tuple[int, int, int]]:
    surface = pygame.Surface((700, 100))
    surface.fill(theme.background)
    draw_analysis_row(surface, pygame.Rect(0, 0, 700, 100), 100, 18, analysis, 10, theme, "")
    return {tuple(surface.get_at((x, y)))[:3] for x in range(700) for y in range(100)}


def test_only_proven_values_wear_the_win_draw_loss_colours():
    pygame.font.init()
    for theme in (CLASSIC, COLORBLIND):
        results = {theme.win, theme.draw, theme.loss}
        assert not colours_on(ESTIMATES, theme) & results
        assert results <= colours_on(EMPTY_BOARD, theme)


def test_the_row_draws_again_after_pygame_quits_and_restarts():
    # pygame.quit kills every font object: a cached one must not survive into the next start
    # (it raised "font module quit since font created" in whichever test came next).
    pygame.init()
    colours_on(EMPTY_BOARD, CLASSIC)
    pygame.quit()
    pygame.font.init()
    assert {CLASSIC.win, CLASSIC.draw, CLASSIC.loss} <= colours_on(EMPTY_BOARD, CLASSIC)
    pygame.quit()
    pygame.init()
    assert {CLASSIC.win, CLASSIC.draw, CLASSIC.loss} <= colours_on(EMPTY_BOARD, CLASSIC)

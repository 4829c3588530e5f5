"""The review screen headless: open it after a finished game and from the menu, step, play on;
the finished game joins the record; the worker's review request."""

from __future__ import annotations

import time

import pygame

from conftest import TextRecorder

from game.domain.record import RecordResult
from game.domain.saved import SavedGame
from game.engine.game_review import GameReview, MoveClass, ReviewProgress
from game.store.record_file import load_record
from game.store.savefile import save_game
from game.store.saves import saves_dir
from game.ui.layout import MIN_SIZE

# Red to move with three in the bottom row (columns 1-3) and column 4 winning at once.
NEAR_WIN = "152535"
# A golden 14-disc position, red's blunder (column 2), then perfect play to yellow's win.
BLUNDER_GAME = "36477245374472" + "23155443233552526111117766"
# Red ignores its win at once (column 4) and yellow completes column 5: judged without search.
THROWN_WIN = "15253575"


def finish_a_game_against_the_computer(ui):
    driver = ui(red="human", yellow="Easy", review_time=0.2)
    path = saves_dir() / "near-win.c4save"
    save_game(path, SavedGame.now(NEAR_WIN, "human", "Easy"))
    assert driver.scene.load(path)
    driver.settle(5)
    driver.key(pygame.K_4)
    driver.settle()
    assert driver.scene.model.is_over and driver.scene.model.winner == 1
    return driver


def record_game(driver, result, rated):
    from game.domain.record import GameRecord

    keeper = driver.c.ctx.session.keeper
    keeper.add(GameRecord.now("Easy", 1798, 1, result, "4453", rated=rated))
    assert keeper.flush()


def wait_for_review(driver):
    driver.run_until(lambda: driver.scene.review is not None or driver.scene.error is not None,
                     timeout=120, what="the review")
    assert driver.scene.error is None


def test_a_finished_game_is_recorded_once_and_counted_in_the_sitting(ui, connect4_home):
    driver = finish_a_game_against_the_computer(ui)
    assert driver.c.ctx.session.keeper.flush()
    record, notice = load_record()
    assert notice is None
    (game,) = record.games
    assert (game.level, game.elo, game.colour, game.result, game.moves) == ("Easy", 1798, 1, RecordResult.WIN,
                                                                            NEAR_WIN + "4")
    assert not game.rated  # continued from a saved position: a casual game
    assert driver.c.ctx.session.results.tally_text() == "This sitting: 1 won · 0 drawn · 0 lost"
    driver.settle()
    assert driver.c.ctx.session.keeper.flush()
    assert len(load_record()[0].games) == 1           # later frames of the same finished game add nothing
    assert "R review" in driver.scene.status_text()


def test_undo_and_redo_of_the_last_move_do_not_record_the_game_again(ui, connect4_home):
    driver = finish_a_game_against_the_computer(ui)
    driver.key(pygame.K_z, pygame.KMOD_CTRL)
    driver.settle()
    assert not driver.scene.model.is_over
    driver.key(pygame.K_y, pygame.KMOD_CTRL)
    driver.settle()
    assert driver.scene.model.is_over
    assert driver.c.ctx.session.keeper.flush()
    assert len(load_record()[0].games) == 1
    assert driver.c.ctx.session.results.tally_text() == "This sitting: 1 won · 0 drawn · 0 lost"


def test_the_menu_shows_the_rating_after_a_game(ui):
    driver = finish_a_game_against_the_computer(ui)
    driver.key(pygame.K_ESCAPE)
    driver.frame()
    assert driver.c.ctx.session.keeper.flush()
    driver.frame()
    lines = driver.scene.ctx.session.results.lines    # the lines the menu draws under its title
    assert lines[0] == "Won-drawn-lost: 1 casual game, not rated"  # a loaded position: casual
    record_game(driver, RecordResult.LOSS, rated=True)
    driver.frame()
    lines = driver.scene.ctx.session.results.lines    # the lines the menu draws under its title
    assert lines[0].startswith("Your rating: about ") and "±" in lines[0]
    assert lines[1] == "Won-drawn-lost: Easy 0-0-1 · 1 casual game, not rated"


def test_review_after_the_game_steps_and_plays_on(ui):
    driver = finish_a_game_against_the_computer(ui)
    driver.key(pygame.K_r)
    scene = driver.scene
    assert type(scene).__name__ == "ReviewScene"
    wait_for_review(driver)
    review = scene.review
    assert [r.column for r in review.reviews] == [int(c) - 1 for c in NEAR_WIN + "4"]
    assert review.reviews[-1].move_class is MoveClass.BEST
    # the screen opens at the first error a player can learn from: yellow's missed block
    assert scene.words.describe_current()[0] == "Move 6: Yellow played column 5 — blunder · missed block"
    driver.key(pygame.K_END)
    assert scene.words.describe_current()[0] == "After move 7: Red won"
    driver.key(pygame.K_LEFT)
    assert scene.state.index == 6
    assert scene.words.describe_current() == ["Move 7: Red played column 4 — best",
                                        "Best: column 4 — wins at once · Played: wins at once"]
    assert scene.words.summary_lines()[0].startswith("Red: ")
    # a click on the graph's first slot selects the first move
    graph = scene.hits.graph
    driver.click((graph.left + 2, graph.centery))
    assert scene.state.index == 0
    driver.key(pygame.K_RIGHT)
    driver.key(pygame.K_RIGHT)
    assert scene.state.index == 2
    driver.key(pygame.K_p)
    driver.frame()
    game = driver.scene
    assert type(game).__name__ == "GameScene"
    assert game.model.moves_string() == NEAR_WIN[:2]
    assert (game.model.red.kind, game.model.yellow.level) == ("human", "Easy")


def test_escape_returns_to_the_game_and_the_review_is_cached(ui):
    driver = finish_a_game_against_the_computer(ui)
    driver.key(pygame.K_r)
    wait_for_review(driver)
    first = driver.scene.review
    driver.key(pygame.K_ESCAPE)
    driver.frame()
    assert type(driver.scene).__name__ == "GameScene"
    assert driver.scene.model.moves_string() == NEAR_WIN + "4"
    driver.settle()
    assert len(load_record()[0].games) == 1            # shown again, not played again: not recorded
    driver.key(pygame.K_r)
    assert driver.scene.review is first                # no second analysis


def test_review_a_saved_game_from_the_menu(ui):
    save_game(saves_dir() / "thrown.c4save", SavedGame.now(THROWN_WIN, "human", "Hard"))
    driver = ui(review_time=0.1)
    menu = driver.scene
    (row,) = [r for r in menu.rows() if r.label == "Review a saved game"]
    row.activate()
    driver.frame()
    scene = driver.scene
    assert type(scene).__name__ == "ReviewScene" and scene.savelist is not None
    driver.key(pygame.K_RETURN)
    assert scene.savelist is None and len(scene.moves) == len(THROWN_WIN)
    # the players named as in the game's header: the human playing the computer is "You"
    assert scene.title() == "Game review — Red: You · Yellow: Computer (Hard)"
    driver.frame()                    # the analysis runs in the worker (this short game, all in the
    wait_for_review(driver)           # book, may be done by the next frame)
    # the view jumps to the first error a player can learn from: yellow's missed block
    assert scene.state.index == 5
    driver.key(pygame.K_HOME)
    assert scene.words.describe_current() == ["Move 1: Red played column 1 — mistake · deep: decided far ahead",
                                        "Best: column 4 — win, a long one · Played: loss, a long one"]
    assert "first outcome-changing move: 1 (column 1, mistake)" in scene.words.summary_lines()[0]
    assert scene.words.summary_lines()[0].startswith("Red: errors to learn from: move 7 (column 7, missed win)")
    driver.key(pygame.K_END)
    driver.key(pygame.K_LEFT)
    driver.key(pygame.K_LEFT)
    assert scene.words.describe_current() == ["Move 7: Red played column 7 — blunder · missed win",
                                        "Best: column 4 — wins at once · "
                                        "Played: loses to Yellow's next move"]
    driver.key(pygame.K_ESCAPE)
    driver.frame()
    assert type(driver.scene).__name__ == "MenuScene"


def test_two_player_games_are_not_recorded(ui, connect4_home):
    driver = ui(red="human", yellow="human")
    for col in NEAR_WIN + "4":
        driver.key(getattr(pygame, f"K_{col}"))
        driver.settle(10)
    assert driver.scene.model.is_over
    assert driver.c.ctx.session.keeper.flush()
    assert not (connect4_home / "record.jsonl").exists()
    assert driver.c.ctx.session.results.tally_text() == "This sitting: 0 won · 0 drawn · 0 lost"


def test_the_worker_reviews_in_its_process_with_progress():
    from game.engine.board import parse_moves
    from game.engine.search import SearchConfig
    from game.service.requests import ReviewRequest
    from game.service.worker import AIWorker

    moves = tuple(parse_moves(BLUNDER_GAME))
    with AIWorker() as worker:
        worker.submit(ReviewRequest(7, moves, SearchConfig(time_limit=0.05)))
        updates = []
        deadline = time.monotonic() + 120
        while not (updates and updates[-1].final):
            assert time.monotonic() < deadline, "no review from the worker"
            updates += worker.poll()
            time.sleep(0.01)
    *progress, final = updates
    assert final.error is None and isinstance(final.result, GameReview)
    assert len(final.result.reviews) == len(moves)
    assert [p.progress[:2] for p in progress] == [(n, len(moves)) for n in range(1, len(moves) + 1)]
    # each report carries the move just judged: every move once, the same as in the result
    arrived = {p.progress.review.number: p.progress.review for p in progress}
    assert sorted(arrived) == list(range(1, len(moves) + 1))
    assert [arrived[n] for n in sorted(arrived)] == list(final.result.reviews)
    assert all(isinstance(p.progress, ReviewProgress) for p in progress)


def test_the_review_draws_at_any_window_size(ui):
    driver = finish_a_game_against_the_computer(ui)
    driver.key(pygame.K_r)
    wait_for_review(driver)
    window = pygame.Rect(0, 0, 0, 0)
    for size in (MIN_SIZE, (1318, MIN_SIZE[1]), (2000, MIN_SIZE[1]), (MIN_SIZE[0], 1200), (960, 840)):
        pygame.display.set_mode(size, pygame.RESIZABLE)
        window.size = size
        with TextRecorder() as recorder:
            driver.frame(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
        graph = driver.scene.hits.graph
        assert graph.width > 0 and graph.height > 0 and window.contains(graph)
        assert recorder.rects and all(window.contains(rect) for _, rect in recorder.rects), size
    driver.click((graph.left + 2, graph.centery))
    assert driver.scene.state.index == 0


def test_the_end_of_a_game_offers_the_review_and_shows_a_loss_in_the_loss_colour(ui):
    from game.ui.game.game_text import result_colour

    driver = finish_a_game_against_the_computer(ui)
    assert result_colour(driver.scene.view()) == driver.c.ctx.theme.win  # the human won
    driver.key(pygame.K_1)                                          # a move after the end
    assert "R review" in driver.scene.flash.text
    lost = ui(red="Easy", yellow="human")
    path = saves_dir() / "lost.c4save"
    save_game(path, SavedGame.now(NEAR_WIN + "4", "Easy", "human"))
    assert lost.scene.load(path)
    lost.settle(5)
    assert lost.scene.model.is_over and result_colour(lost.scene.view()) == lost.c.ctx.theme.loss


def test_the_saved_game_picker_has_no_empty_review_behind_it(ui):

    save_game(saves_dir() / "thrown.c4save", SavedGame.now(THROWN_WIN, "human", "Hard"))
    driver = ui()
    (row,) = [r for r in driver.scene.rows() if r.label == "Review a saved game"]
    row.activate()
    driver.frame()
    texts = []
    with TextRecorder(lambda text, rect: texts.append(text)):
        driver.frame()
    assert "Review a saved game" in texts and "You vs Hard" in texts
    assert not [t for t in texts if "After move" in t or "analysing" in t or t.startswith("Game review")]
    assert driver.scene.review is None and driver.scene.engine.request is None   # nothing asked of the worker


def test_the_graph_plots_the_value_after_each_move_and_its_legend_covers_no_point(ui):
    from game.ui.review.review_graph import graph_parts, legend_items, value_after
    from game.ui.review.review_panel import text_size

    save_game(saves_dir() / "thrown.c4save", SavedGame.now(THROWN_WIN, "human", "Hard"))
    driver = ui(review_time=0.1)
    (row,) = [r for r in driver.scene.rows() if r.label == "Review a saved game"]
    row.activate()
    driver.frame()
    driver.key(pygame.K_RETURN)
    scene = driver.scene
    wait_for_review(driver)
    reviews = scene.review.reviews
    # Move 7 (index 6) throws red's win away: the point in its own box is already a loss for red.
    bounds, _ = value_after(scene.review, 6)
    assert bounds.outcome.name == "LOSS" and reviews[6].before.outcome.name == "WIN"
    assert value_after(scene.review, 7)[0] == -reviews[7].played          # yellow's winning move, seen by red
    drawn = []
    with TextRecorder(lambda text, rect: drawn.append((text, rect))):
        driver.frame()
    graph = scene.hits.graph
    small = max(12, text_size(*driver.c.surface.get_size()) - 6)
    legend_box, plot, axis = graph_parts(graph, small, driver.c.ctx.theme)
    theme = driver.c.ctx.theme
    words = [words for _, words in legend_items(theme)]
    if not all(any(text == w for text, _ in drawn) for w in words):    # a small window: the short words
        words = [words for _, words in legend_items(theme, short=True)]
    legend = [rect for text, rect in drawn if text in words]
    assert len(legend) >= len(words) and all(legend_box.contains(rect) for rect in legend)
    assert legend_box.height <= 2 * (small + 4)                          # two rows at most
    assert all(not plot.colliderect(rect) for rect in legend)
    numbers = [(text, rect) for text, rect in drawn if text.isdigit() and axis.colliderect(rect)]
    assert [text for text, _ in numbers][0] == "1" and numbers[-1][0] == str(len(THROWN_WIN))
    assert all(rect.top >= plot.bottom for _, rect in numbers)       # the axis is below the plot
    # each number stands under its move's box
    step = plot.width / (len(THROWN_WIN) + 1)
    assert all(plot.left + (int(t) - 1) * step <= r.centerx <= plot.left + int(t) * step for t, r in numbers)


def test_play_on_shows_the_move_number_the_review_showed(ui):
    from game.ui.game.game_text import move_number

    driver = finish_a_game_against_the_computer(ui)
    driver.key(pygame.K_r)
    scene = driver.scene
    scene.select(4)
    head = scene.words.describe_current()[0]
    assert head.startswith("Move 5:")
    scene.play_on()
    driver.frame()
    assert type(driver.scene).__name__ == "GameScene" and len(driver.scene.model.moves) == 4
    assert move_number(driver.scene.view()) == 5


def test_play_on_asks_before_it_replaces_the_unfinished_autosaved_game(autosaves, ui):
    unfinished = SavedGame.now("4455", "human", "Hard")
    autosaves.write(unfinished)
    save_game(saves_dir() / "thrown.c4save", SavedGame.now(THROWN_WIN, "human", "Hard"))
    driver = ui(review_time=0.1, resume=autosaves.read())
    menu = driver.scene
    (row,) = [r for r in menu.rows() if r.label == "Review a saved game"]
    row.activate()
    driver.frame()
    scene = driver.scene
    driver.key(pygame.K_RETURN)                        # the saved game, not the unfinished one
    driver.key(pygame.K_HOME)
    driver.key(pygame.K_p)
    driver.frame()
    assert driver.scene is scene and scene.confirm is not None
    assert "unfinished game (4 moves)" in scene.confirm.detail
    driver.key(pygame.K_n)                             # No: the unfinished game stays
    driver.frame()
    assert driver.scene is scene and scene.confirm is None
    assert autosaves.read() == unfinished
    driver.key(pygame.K_p)
    driver.key(pygame.K_y)                             # Yes: play on, the offer is withdrawn
    driver.frame()
    assert type(driver.scene).__name__ == "GameScene" and driver.scene.model.moves_string() == ""
    assert menu.resume is None


def test_the_sitting_tally_is_written_as_small_as_the_analysis_row_in_a_large_window(ui, connect4_home):
    from game.ui.layout import compute_layout

    driver = finish_a_game_against_the_computer(ui)
    driver.c.surface = pygame.display.set_mode((1100, 800))
    driver.c.ctx.layout = compute_layout((1100, 800))
    drawn = []
    with TextRecorder(lambda text, rect: drawn.append((text, rect))):
        driver.frame()
    (rect,) = [rect for text, rect in drawn if text.startswith("This sitting")]
    assert rect.height < driver.c.ctx.layout.small_size * 1.5        # it was 36 px for a 20 px row


def test_two_named_players_are_named_in_the_review_and_find_their_game_and_score_again(ui):
    from game.domain.players import HUMAN
    from game.ui.scene import GameStart
    from game.ui.scene import SceneName, Transition

    driver = ui()
    driver.c.switch(Transition(SceneName.GAME, GameStart(HUMAN, HUMAN, names=("Ann", "Bob"))))
    for col in "1212121":                               # Ann (Red) wins in column 1
        driver.key(getattr(pygame, f"K_{col}"))
        driver.settle(10)
    game = driver.scene
    assert game.model.is_over and game.seats.pair.score_line()[0] == "Game 1 · Ann 1 – 0 Bob · 0 drawn"
    game.analysis_on = True
    driver.key(pygame.K_r)
    review = driver.scene
    assert review.title() == "Game review — Red: Ann · Yellow: Bob"
    driver.key(pygame.K_ESCAPE)
    driver.frame()
    assert driver.scene is game and game.model.moves_string() == "1212121"   # the game as it was left
    assert game.seats.pair.score_line()[0] == "Game 1 · Ann 1 – 0 Bob · 0 drawn" and game.analysis_on
    assert game.status_text().startswith("Ann (Red) wins!")
    driver.key(pygame.K_r)
    driver.key(pygame.K_HOME)
    driver.key(pygame.K_RIGHT)
    driver.key(pygame.K_p)                              # play on from move 2: the same two people
    driver.frame()
    assert driver.scene.model.moves_string() == "1" and driver.scene.status_text() == "Bob (Yellow) to move"


def drawn_texts(driver) -> list[tuple[str, pygame.Rect]]:

    texts: list[tuple[str, pygame.Rect]] = []
    hook = lambda text, rect: texts.append((text, rect.copy()))     # noqa: E731
    with TextRecorder(hook):
        driver.frame()
    return texts


def test_the_move_list_keeps_two_digit_numbers_clear_of_the_disc_and_a_narrow_window_keeps_whole_words(ui):
    from game.ui.review.review_panel import text_size

    game = "7777776666" + "1212121"                    # 17 moves: Red wins in column 1
    save_game(saves_dir() / "long.c4save", SavedGame.now(game, "human", "human"))
    driver = ui(review_time=0.1)
    (row,) = [r for r in driver.scene.rows() if r.label == "Review a saved game"]
    row.activate()
    driver.frame()
    driver.key(pygame.K_RETURN)
    scene = driver.scene
    wait_for_review(driver)
    for size in ((960, 840), MIN_SIZE):
        pygame.display.set_mode(size, pygame.RESIZABLE)
        driver.frame(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
        scene.select(9)                                                     # move 10, in the list's middle
        texts = drawn_texts(driver)
        numbers = [(t, rect) for t, rect in texts if t.endswith(".") and t[:-1].isdigit()]
        assert {"9.", "10."} <= {t for t, _ in numbers}
        assert len({rect.right for _, rect in numbers}) == 1                # right-aligned in one column
        list_left = min(r.left for r, _ in scene.hits.rows)
        disc_right = list_left + 4 + 2 * max(4, text_size(*size) // 3)
        assert all(rect.left >= disc_right for _, rect in numbers)
        driver.key(pygame.K_END)
        words = [t for t, _ in drawn_texts(driver)]
        assert not [t for t in words if t.endswith("…")], words              # shorter words, never cut
        assert "end: Red won" in words
        summaries = [t for t in words if t.startswith(("Red: ", "Yellow: "))]
        assert len(summaries) == 2 and all("accuracy" in t for t in summaries)
    assert [t for t in words if t.startswith("Red: ")] == [scene.words.summary_lines(brief=True)[0]]

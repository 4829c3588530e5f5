"""An honest rating in the window: a game is rated only from the empty board against a rated level
with no undo, hint or analysis row; anything else is casual (said at once, kept marked in the
record); leaving an unfinished rated game asks first and counts as a loss. Across runs: a rated
game cut short (killed, crashed, logged out) comes back rated from its autosave, and is counted
once, never twice, when it is left."""

from __future__ import annotations

import signal

import pygame
import pytest

from game import app
from game.domain.levels import Level
from game.domain.record import RecordResult
from game.domain.saved import SavedGame
from game.store.autosave import Autosaves
from game.store.folders import user_data_dir
from game.store.record_file import load_record
from game.store.savefile import load_game, save_game
from game.store.saves import saves_dir
from game.ui.game.game_scene import GameScene
from game.ui.game.game_text import header_right
from game.ui.menu.menu_scene import MenuScene
from game.ui.overlays import Confirm
from game.ui.scene import GameStart
from game.ui.scene import SceneName, Transition
from game.ui.signals import SIGNALS, Termination

from conftest import StepWorker

QUICK = (Level("Quick", 1, elo=1500), Level("Mine", 1))  # a rated level and an unrated one
CTRL = pygame.KMOD_LCTRL


@pytest.fixture
def rated(ui):
    def make(yellow="Quick", red="human"):
        # The computer answers in step with the frames: no frames spent waiting for a thread.
        return ui(red, yellow, levels=QUICK, worker_factory=StepWorker)
    return make


def human_move(d, col: int) -> None:
    """Drop in ``col`` (0-based), then let the computer answer."""
    d.key(getattr(pygame, f"K_{col + 1}"))
    d.run_until(lambda: d.scene.model.is_over or not d.scene.model.is_ai_turn(), what="the reply")
    d.settle(12)


def play_to_the_end(d) -> None:
    """The human stacks the leftmost free column until the game ends (the computer wins or it is full)."""
    while not d.scene.model.is_over:
        col = next(c for c in range(7) if d.scene.model.position.can_play(c))
        human_move(d, col)


def header(d) -> str:
    """The header's right-hand words ("Move 3 · rated"), after drawing a frame with them."""
    d.scene.draw(pygame.Surface((800, 700)))
    return header_right(d.scene.view())


def games(d) -> tuple:
    """The record's games once every game the window has recorded is written."""
    assert d.c.ctx.session.keeper.flush()
    return load_record()[0].games


def notices(d) -> list[str]:
    return d.c.ctx.notices.texts()


def test_a_game_from_the_start_without_help_is_rated(rated, connect4_home):
    d = rated()
    assert d.scene.rating.game.rated and header(d) == "Move 1 · rated"
    play_to_the_end(d)
    (game,) = games(d)
    assert game.rated and game.level == "Quick" and game.elo == 1500


@pytest.mark.parametrize("action, reason", [
    (lambda d: (human_move(d, 3), d.key(pygame.K_z, CTRL)), "a move was taken back"),
    (lambda d: d.key(pygame.K_h), "a hint was asked for"),
    (lambda d: d.key(pygame.K_w), "a hint was asked for"),   # "why?" about the cursor's column is a hint
    (lambda d: d.key(pygame.K_a), "the analysis row was shown"),
], ids=["undo", "hint", "why", "analysis"])
def test_undo_hint_why_or_analysis_make_the_game_casual_and_say_so(rated, connect4_home, action, reason):
    d = rated()
    action(d)
    assert notices(d) == [f"Casual game: not rated — {reason}"]
    assert not d.scene.rating.game.rated and header(d).endswith(" · casual")
    if d.scene.analysis_on:
        d.key(pygame.K_a)                       # switching it off again does not make it rated
    d.scene.thinking.hint_wanted = False
    play_to_the_end(d)
    (game,) = games(d)
    assert not game.rated                       # kept in the record, marked
    record = load_record()[0]
    assert record.rating().games == 0 and record.per_level() == {} and record.casual_games() == 1


def test_games_that_are_casual_from_the_start(rated, ui, connect4_home):
    assert not rated(yellow="Mine").scene.rating.game.rated          # an unrated level
    assert not rated(yellow="Quick:window").scene.rating.game.rated  # a measured level, changed
    assert not rated(yellow="ai:3").scene.rating.game.rated            # a custom depth
    two = ui("human", "human")
    assert not two.scene.rating.game.against_computer and header(two) == "Move 1"
    d = ui(resume=SavedGame.now("4453", "human", "Easy"))             # an autosave from an earlier run
    d.key(pygame.K_RETURN)
    assert isinstance(d.scene, GameScene) and not d.scene.rating.game.rated
    d = rated()                                                       # a loaded save
    path = saves_dir() / "g.c4save"
    save_game(path, SavedGame.now("44", "human", "Quick"))
    assert d.scene.load(path) and not d.scene.rating.game.rated


def test_play_on_from_a_review_is_casual_even_from_the_empty_board(rated, connect4_home):
    d = rated()
    model = d.scene.model
    d.c.switch(Transition(SceneName.GAME, GameStart(model.red, model.yellow, "", continued=True)))
    assert not d.scene.rating.game.rated


def test_the_analysis_row_starts_off_in_a_new_game_against_the_computer(rated, connect4_home):
    d = rated()
    d.key(pygame.K_a)
    assert d.scene.analysis_on
    d.key(pygame.K_n)                                   # nothing played yet: no question
    assert not d.scene.analysis_on and d.scene.rating.game.rated


def test_leaving_a_rated_game_with_n_asks_and_counts_a_loss(rated, connect4_home):
    d = rated()
    for col in (0, 6):
        human_move(d, col)
    d.key(pygame.K_n)                                   # two own moves: a plain question, no loss
    assert isinstance(d.scene.overlay, Confirm) and "loss" not in d.scene.overlay.detail
    d.key(pygame.K_ESCAPE)
    human_move(d, 0)
    d.key(pygame.K_n)
    assert "will count as a loss in your record" in d.scene.overlay.detail
    d.key(pygame.K_ESCAPE)                              # kept: nothing recorded
    assert d.scene.overlay is None and games(d) == ()
    d.key(pygame.K_n)
    d.key(pygame.K_y)
    (game,) = games(d)
    assert game.rated and game.result is RecordResult.LOSS and len(game.moves) >= 5
    assert d.scene.model.moves == () and d.scene.rating.game.rated   # the new game is rated again


def test_esc_then_resume_keeps_the_game_rated_and_esc_then_start_counts_a_loss(rated, connect4_home):
    d = rated()
    for col in (0, 6, 0):
        human_move(d, col)
    d.key(pygame.K_ESCAPE)
    assert isinstance(d.scene, MenuScene) and d.scene.rows()[0].value == "6 moves · rated"
    d.key(pygame.K_RETURN)                               # "Resume unfinished game"
    assert isinstance(d.scene, GameScene) and d.scene.rating.game.rated
    d.key(pygame.K_ESCAPE)
    labels = [row.label for row in d.scene.rows()]
    while labels[d.scene.selected] != "Start game":
        d.key(pygame.K_DOWN)
    d.key(pygame.K_RETURN)
    assert "it will count as a loss in your record" in d.scene.overlay.detail
    assert games(d) == ()
    d.key(pygame.K_y)
    assert isinstance(d.scene, GameScene) and d.scene.model.moves == ()
    (game,) = games(d)
    assert game.rated and game.result is RecordResult.LOSS


@pytest.mark.parametrize("quit_event", [
    pygame.event.Event(pygame.QUIT),
    pygame.event.Event(pygame.KEYDOWN, key=pygame.K_q, mod=pygame.KMOD_LCTRL, unicode=""),
])
def test_quitting_a_rated_game_asks_and_counts_a_loss(rated, connect4_home, quit_event):
    d = rated()
    for col in (0, 6, 0):
        human_move(d, col)
    d.frame(quit_event)
    assert d.c.running and isinstance(d.c.quit_question, Confirm)
    assert "will count as a loss" in d.c.quit_question.detail
    d.key(pygame.K_5)                                    # the board takes no move while asking
    assert len(d.scene.model.moves) == 6
    d.key(pygame.K_ESCAPE)                               # keep playing
    assert d.c.running and d.c.quit_question is None and games(d) == ()
    d.frame(quit_event)
    d.frame(quit_event)                                  # asking to quit again is the answer yes
    assert not d.c.running
    (game,) = games(d)
    assert game.rated and game.result is RecordResult.LOSS


def test_quitting_with_few_moves_or_a_casual_game_does_not_ask(rated, connect4_home):
    d = rated()
    human_move(d, 0)
    d.key(pygame.K_q, CTRL)
    assert not d.c.running and games(d) == ()
    d = rated()
    for col in (0, 6, 0):
        human_move(d, col)
    d.key(pygame.K_z, CTRL)                              # casual now
    d.key(pygame.K_q, CTRL)
    assert not d.c.running and games(d) == ()


def test_quitting_from_the_menu_over_a_left_rated_game_asks_too(rated, connect4_home):
    d = rated()
    for col in (0, 6, 0):
        human_move(d, col)
    d.key(pygame.K_ESCAPE)
    labels = [row.label for row in d.scene.rows()]
    while labels[d.scene.selected] != "Quit":
        d.key(pygame.K_DOWN)
    d.key(pygame.K_RETURN)
    assert d.c.running and d.c.quit_question is not None
    d.key(pygame.K_y)
    assert not d.c.running
    (game,) = games(d)
    assert game.result is RecordResult.LOSS


# -- across runs: the autosave of a rated game --------------------------------------------------

LOSS_NOTE = "It is a rated game: it will count as a loss in your record."


def autosaved(d) -> SavedGame:
    """The autosave of ``d``'s run, as the next start of the program reads it."""
    return load_game(d.c.ctx.session.autosaves.path)


def killed(d) -> None:
    """The program ends without a word (kill -9, a crash, the power cut): nothing more runs, and
    what its writer threads were handed is on disk (here the threads outlive the "program": they
    finish before its autosave slot is let go, or a late write would take a slot of its own)."""
    assert d.c.ctx.session.flush()
    d.c.ctx.session.autosaves.close()


def next_start(ui, levels=QUICK):
    """A new run of the program, started without players: the menu offers the free autosave."""
    autosaves = Autosaves(user_data_dir())
    return ui(levels=levels, autosaves=autosaves, resume=app.resumable_autosave(autosaves))


def choose(d, label: str) -> None:
    """Select the menu row ``label`` with the keys (from the top down) and press Enter."""
    assert isinstance(d.scene, MenuScene)
    labels = [row.label for row in d.scene.rows()]
    for _ in labels:
        d.key(pygame.K_UP)
    for _ in labels:
        if labels[d.scene.selected] == label:
            break
        d.key(pygame.K_DOWN)
    assert labels[d.scene.selected] == label
    d.key(pygame.K_RETURN)


def rated_game_cut_short(rated, own_moves: int = 3) -> str:
    """A rated game with ``own_moves`` of the player's moves, then the program killed; its moves."""
    d = rated()
    for col in (0, 6, 0, 6)[:own_moves]:
        human_move(d, col)
    moves = d.scene.model.moves_string()
    assert autosaved(d) == SavedGame(moves, "human", "Quick", autosaved(d).saved_at, rated=True)
    killed(d)
    return moves


def test_a_rated_game_cut_short_comes_back_rated(rated, ui):
    moves = rated_game_cut_short(rated)
    d = next_start(ui)
    row = d.scene.rows()[d.scene.selected]
    assert (row.label, row.value) == ("Resume unfinished game", "6 moves · rated")
    d.key(pygame.K_RETURN)
    assert isinstance(d.scene, GameScene) and d.scene.model.moves_string() == moves
    assert d.scene.rating.game.rated and header(d) == "Move 7 · rated" and notices(d) == []
    play_to_the_end(d)
    (game,) = games(d)
    assert game.rated and game.moves.startswith(moves) and len(game.moves) > len(moves)


def test_a_rated_game_cut_short_and_left_in_the_next_run_counts_once(rated, ui):
    moves = rated_game_cut_short(rated)
    d = next_start(ui)
    choose(d, "Start game")
    assert isinstance(d.scene.overlay, Confirm) and LOSS_NOTE in d.scene.overlay.detail
    d.key(pygame.K_y)
    assert isinstance(d.scene, GameScene) and d.scene.model.moves == () and d.scene.rating.game.rated
    (game,) = games(d)
    assert game.rated and game.result is RecordResult.LOSS and game.moves == moves
    assert autosaved(d).moves == moves and not autosaved(d).rated   # still offered, never rated again
    killed(d)                                                       # before the new game's first move
    d = next_start(ui)
    choose(d, "Start game")
    assert "loss" not in d.scene.overlay.detail
    d.key(pygame.K_y)
    assert len(games(d)) == 1


@pytest.mark.parametrize("leave", ["quit", "new game"])
def test_a_rated_game_counted_when_left_comes_back_casual(rated, ui, leave):
    d = rated()
    for col in (0, 6, 0):
        human_move(d, col)
    moves = d.scene.model.moves_string()
    assert autosaved(d).rated
    if leave == "quit":
        d.key(pygame.K_q, CTRL)
        d.key(pygame.K_q, CTRL)                      # asked, and asking again is yes
        assert not d.c.running
    else:
        d.key(pygame.K_n)
        d.key(pygame.K_y)
        assert d.scene.model.moves == ()
    (game,) = games(d)
    assert game.result is RecordResult.LOSS
    killed(d)                                        # a new game with no move yet leaves the autosave
    assert autosaved(d).moves == moves and not autosaved(d).rated
    d = next_start(ui)
    d.key(pygame.K_RETURN)                           # the game is not lost: it goes on, casual
    assert d.scene.model.moves_string() == moves and not d.scene.rating.game.rated and header(d).endswith("casual")
    d.key(pygame.K_q, CTRL)
    assert not d.c.running and d.c.quit_question is None and len(games(d)) == 1


def test_a_rated_game_cut_short_before_three_moves_is_dropped_without_a_loss(rated, ui):
    moves = rated_game_cut_short(rated, own_moves=2)
    d = next_start(ui)
    d.key(pygame.K_RETURN)
    assert d.scene.model.moves_string() == moves and d.scene.rating.game.rated   # still rated
    d.key(pygame.K_ESCAPE)
    choose(d, "Start game")
    assert "loss" not in d.scene.overlay.detail
    d.key(pygame.K_y)
    assert games(d) == ()


def test_a_second_window_is_not_offered_the_rated_game_the_first_holds(rated, ui):
    rated_game_cut_short(rated)
    first = next_start(ui)                           # offered the killed game, and holds its autosave
    assert first.scene.resume is not None and first.scene.resume.rated
    second = next_start(ui)                          # a second window while the first still runs
    assert second.scene.resume is None
    choose(second, "Start game")                     # nothing to leave there: no question, no loss
    assert isinstance(second.scene, GameScene) and games(second) == ()
    choose(first, "Start game")
    first.key(pygame.K_y)
    (game,) = games(first)
    assert game.result is RecordResult.LOSS and len(load_record()[0].games) == 1


def test_the_autosave_turns_casual_with_the_game_and_a_save_is_never_rated(rated, ui):
    d = rated()
    for col in (0, 6, 0):
        human_move(d, col)
    d.key(pygame.K_s, CTRL)
    (saved,) = saves_dir().glob("*.c4save")
    assert not load_game(saved).rated and autosaved(d).rated
    d.key(pygame.K_h)                                # a hint: casual from now on, autosave included
    assert not autosaved(d).rated and autosaved(d).moves == d.scene.model.moves_string()
    killed(d)
    d = next_start(ui)
    d.key(pygame.K_RETURN)
    assert not d.scene.rating.game.rated
    d.key(pygame.K_ESCAPE)
    choose(d, "Open a saved game")                   # a save opened from the menu: casual too
    d.key(pygame.K_RETURN)
    d.key(pygame.K_y)
    assert isinstance(d.scene, GameScene) and not d.scene.rating.game.rated and games(d) == ()


def test_a_rated_autosave_whose_level_lost_its_elo_resumes_casual_and_says_so(rated, ui):
    moves = rated_game_cut_short(rated)
    d = next_start(ui, levels=(Level("Quick", 1),))  # the settings changed: Quick has no Elo now
    assert d.scene.rows()[0].value == "6 moves"     # not offered as rated
    d.key(pygame.K_RETURN)
    assert d.scene.model.moves_string() == moves and not d.scene.rating.game.rated
    assert notices(d) == ["Casual game: not rated — the computer's level has no Elo figure"]
    d.key(pygame.K_ESCAPE)
    choose(d, "Start game")
    assert "loss" not in d.scene.overlay.detail
    d.key(pygame.K_y)
    assert games(d) == ()


def test_a_rated_autosave_whose_level_is_gone_cannot_count(rated, ui):
    rated_game_cut_short(rated)
    d = next_start(ui, levels=(Level("Other", 1, elo=1500),))
    choose(d, "Start game")
    assert "loss" not in d.scene.overlay.detail
    d.key(pygame.K_ESCAPE)
    choose(d, "Resume unfinished game")
    assert isinstance(d.scene, MenuScene) and "unknown player 'Quick'" in notices(d)[0]
    d.key(pygame.K_q, CTRL)
    assert not d.c.running and games(d) == ()


# -- the system asks the program to end ------------------------------------------------------

@pytest.mark.parametrize("signum", SIGNALS)
def test_a_signal_to_end_asks_nothing_counts_nothing_and_the_game_comes_back_rated(rated, ui, signum):
    d = rated()
    for col in (0, 6, 0):
        human_move(d, col)
    moves = d.scene.model.moves_string()
    d.frame(pygame.event.Event(pygame.QUIT))          # the player's own close: asked ...
    assert isinstance(d.c.quit_question, Confirm)
    with Termination() as ending:                     # ... then the logout, as run() meets it
        signal.raise_signal(signum)
        d.frame()
    assert ending.signal == signum and ending.exit_status == 128 + signum
    assert not pygame.event.peek(pygame.QUIT)         # SDL did not turn it into a close
    d.c.terminate()
    assert d.c.ctx.session.flush()                    # as run() does after terminate: written, then the end
    assert not d.c.running and d.c.quit_question is None and games(d) == ()
    assert autosaved(d) == SavedGame(moves, "human", "Quick", autosaved(d).saved_at, rated=True)
    killed(d)
    d = next_start(ui)
    d.key(pygame.K_RETURN)
    assert d.scene.model.moves_string() == moves and d.scene.rating.game.rated


def test_quitting_from_the_menu_over_a_rated_game_cut_short_asks_and_counts_it(rated, ui):
    moves = rated_game_cut_short(rated)
    d = next_start(ui)
    d.key(pygame.K_q, CTRL)
    assert d.c.running and "will count as a loss" in d.c.quit_question.detail
    d.key(pygame.K_y)
    assert not d.c.running
    (game,) = games(d)
    assert game.rated and game.result is RecordResult.LOSS and game.moves == moves
    assert autosaved(d).moves == moves and not autosaved(d).rated


def test_play_on_from_a_review_over_a_rated_game_cut_short_says_it_counts(rated, ui):
    rated_game_cut_short(rated)
    save_game(saves_dir() / "other.c4save", SavedGame.now("1122", "human", "Quick"))
    d = next_start(ui)
    choose(d, "Review a saved game")
    d.key(pygame.K_RETURN)                            # the saved game
    d.key(pygame.K_END)
    d.key(pygame.K_p)
    assert LOSS_NOTE in d.scene.confirm.detail and games(d) == ()
    d.key(pygame.K_y)
    d.frame()
    assert isinstance(d.scene, GameScene) and d.scene.model.moves_string() == "1122"
    (game,) = games(d)
    assert game.result is RecordResult.LOSS


@pytest.mark.skipif(len(SIGNALS) < 2, reason="no SIGHUP on this system")
def test_a_signal_the_player_chose_to_ignore_stays_ignored():
    """``nohup connect4``: SIGHUP is ignored on purpose, and the game must not end on it."""
    term, hup = SIGNALS
    before = signal.signal(hup, signal.SIG_IGN)
    try:
        with Termination() as ending:
            assert signal.getsignal(hup) is signal.SIG_IGN and signal.getsignal(term) is ending
        assert signal.getsignal(hup) is signal.SIG_IGN and signal.getsignal(term) is not ending
    finally:
        signal.signal(hup, before if before is not None else signal.SIG_DFL)


def test_a_save_of_the_rated_game_opened_over_it_is_casual_and_the_game_counts(rated, ui):
    """Ctrl+S during a rated game, the program killed, then that save opened from the menu: the
    question said the rated game counts, so it does, and the save goes on casual."""
    d = rated()
    for col in (0, 6, 0):
        human_move(d, col)
    moves = d.scene.model.moves_string()
    d.key(pygame.K_s, CTRL)
    killed(d)
    d = next_start(ui)
    choose(d, "Open a saved game")
    d.key(pygame.K_RETURN)
    assert LOSS_NOTE in d.scene.overlay.detail
    d.key(pygame.K_y)
    assert isinstance(d.scene, GameScene) and d.scene.model.moves_string() == moves
    assert not d.scene.rating.game.rated
    (game,) = games(d)
    assert game.rated and game.result is RecordResult.LOSS


def test_a_rated_autosave_against_a_built_in_level_the_settings_dropped_resumes_casual(autosaves, ui):
    """A settings file that replaced the ladder: the game against Easy still opens (a saved game's
    built-in level does), but Easy is no longer a rated level here, and the window says why."""
    autosaves.write(SavedGame.now("445353", "human", "Easy", rated=True))
    autosaves.close()                                 # that run ended
    d = next_start(ui)                                # QUICK: a ladder without Easy
    choose(d, "Start game")
    assert "loss" not in d.scene.overlay.detail
    d.key(pygame.K_n)
    choose(d, "Resume unfinished game")
    assert isinstance(d.scene, GameScene) and d.scene.model.moves_string() == "445353"
    assert not d.scene.rating.game.rated
    assert notices(d) == ["Casual game: not rated — the computer's level is no longer in your settings"]
    assert not autosaved(d).rated


def test_a_network_game_over_a_rated_game_cut_short_counts_it_when_the_player_says_yes(rated, ui):
    """A network game's first move replaces the autosave: the menu asks first, and the yes that
    gives up the rated game counts it then, not at some later start."""
    moves = rated_game_cut_short(rated)
    d = next_start(ui)
    choose(d, "Play over the network")
    assert LOSS_NOTE in d.scene.overlay.detail and games(d) == ()
    d.key(pygame.K_y)
    d.frame()
    assert d.c.scene is d.c.scenes[SceneName.NETWORK]
    (game,) = games(d)
    assert game.rated and game.result is RecordResult.LOSS and game.moves == moves
    assert not autosaved(d).rated
    d.key(pygame.K_ESCAPE)                            # back in the menu, another game: counted once
    choose(d, "Start game")
    assert isinstance(d.scene, GameScene) and len(games(d)) == 1


def test_ctrl_z_against_the_computer_takes_back_two_plies_and_rewrites_the_autosave_casual(rated):
    d = rated()
    for col in (0, 6, 0):
        human_move(d, col)
    before = d.scene.model.moves_string()
    assert len(before) == 6 and autosaved(d).moves == before and autosaved(d).rated
    d.key(pygame.K_z, CTRL)                          # your last move and the computer's answer
    assert d.scene.model.moves_string() == before[:4]
    assert autosaved(d).moves == before[:4] and not autosaved(d).rated
    d.key(pygame.K_z, CTRL)                          # casual already: the undo itself rewrites it
    assert d.scene.model.moves_string() == autosaved(d).moves == before[:2]


def test_a_game_resumed_at_the_next_start_has_its_analysis_row_as_it_was_left(ui):
    d = ui("human", "human")
    for column in (4, 4, 5):
        d.key(pygame.K_0 + column)
    d.key(pygame.K_a)                                   # the row on: the autosave says so
    assert d.c.ctx.session.autosaver.flush()
    assert autosaved(d).analysis and autosaved(d).moves == "445"
    killed(d)
    d = next_start(ui)
    choose(d, "Resume unfinished game")
    assert isinstance(d.scene, GameScene) and d.scene.model.moves_string() == "445"
    assert d.scene.analysis_on
    d.key(pygame.K_a)                                   # off again: the autosave forgets it
    assert d.c.ctx.session.autosaver.flush()
    assert not autosaved(d).analysis and "analysis" not in d.c.ctx.session.autosaves.path.read_text()


def test_a_save_that_cannot_be_opened_is_said_before_a_rated_game_is_given_up(rated):
    """A save whose player the settings no longer know: the list says so at once, instead of
    asking to give up the rated game on the board and then failing to open it."""
    d = rated()
    human_move(d, 3)
    moves = d.scene.model.moves_string()
    save_game(saves_dir() / "gone.c4save", SavedGame.now("44", "human", "Gone"))
    d.key(pygame.K_o, CTRL)
    d.key(pygame.K_RETURN)                              # the save with the unknown level
    assert not isinstance(d.scene.overlay, Confirm)
    assert any("gone.c4save" in text and "Gone" in text for text in notices(d)), notices(d)
    assert d.scene.model.moves_string() == moves and d.scene.rating.game.rated and games(d) == ()

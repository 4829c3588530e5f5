"""What the Practice scene says (game.ui.practice.practice_words): whose practice, the day's progress and
the keys of the moment, longest text first, as plain values without a window."""

from __future__ import annotations

from datetime import datetime, timedelta

from game.training.keeper import PracticeKeeper
from game.store.drill_file import LOCAL_PLAYER
from game.store.puzzle_results import PuzzleResult
from game.ui.practice.practice_round import Phase
from game.ui.player_words import possessive
from game.ui.practice.practice_words import header_texts, keys_texts, progress_texts

PUZZLE = "4444"
WAIT = 60.0


def test_the_header_names_the_player_unless_it_is_the_person_at_this_computer():
    assert possessive(LOCAL_PLAYER) == "your" and possessive("Ann") == "Ann's"
    assert header_texts(LOCAL_PLAYER, "Red") == ("Practice · You are Red", "You are Red")
    assert header_texts("Ann", "Yellow") == ("Ann's practice · Yellow", "Ann · Yellow", "Yellow")
    assert header_texts(LOCAL_PLAYER, "") == ("Practice",)
    assert header_texts("Ann", "") == ("Ann's practice", "Ann")


def test_the_keys_follow_the_phase_and_tab_is_said_only_when_someone_else_has_drills():
    ask = keys_texts(Phase.ASK, True, None)
    assert ask[0] == "O: drills from games on/off · 1–7 or click: drop a disc · Left/Right + Enter: choose and drop" \
        " · F1 help · Esc menu"
    assert ask[-1] == "1–7 drop · F1 · Esc" and not any("Tab" in text for text in ask)
    assert keys_texts(None, False, None) == ask                          # no exercise: the keys to answer one
    waiting = keys_texts(Phase.ASK, False, "Ann")                        # a disc still falling
    assert waiting[:2] == ("Tab: Ann's drills · O: drills from games on/off · Watch the reply · F1 help · Esc menu",
                           "Tab: Ann's drills · Watch the reply · F1 help · Esc menu")
    assert "Tab: Ann · F1 help · Esc menu" in waiting and waiting[-1] == "F1 help · Esc menu"
    assert keys_texts(Phase.DONE, True, "Ann")[1] == "Tab: Ann's drills · Enter or click: next · F1 help · Esc menu"
    assert keys_texts(Phase.REPLY, True, None)[1] == "Watch the reply · F1 help · Esc menu"
    refuting = keys_texts(Phase.REFUTE, True, "Ann")                     # nothing to choose while the line plays
    assert refuting == ("Watch the reply · F1 help · Esc menu", "F1 help · Esc menu")


def test_the_progress_counts_the_shown_players_puzzles_of_today_and_the_streak(tmp_path):
    keeper = PracticeKeeper(drills_path=tmp_path / "drills.jsonl", results_path=tmp_path / "puzzles.jsonl")
    now = datetime.now().astimezone()
    stamp = now.isoformat(timespec="seconds")
    yesterday = (now - timedelta(days=1)).isoformat(timespec="seconds")
    for result in (PuzzleResult(PUZZLE, True, stamp), PuzzleResult("4343", False, stamp),
                   PuzzleResult("3333", True, yesterday), PuzzleResult("5555", True, stamp, "Ann")):
        keeper.add_result(result)
    keeper.count(True)
    keeper.count(True)
    keeper.count(False)
    keeper.count(True)
    texts = progress_texts(keeper, {("ann", 1)}, now.date())
    assert texts == ("Today: 0 drills · 1 of 2 puzzles solved · streak 1 (best 2)",
                     "0 drills · 1/2 puzzles · streak 1", "streak 1")
    keeper.player = "Ann"
    assert progress_texts(keeper, {("ann", 1), ("ann", 2), ("bob", 3)}, now.date())[1] == \
        "2 drills · 1/1 puzzles · streak 1"
    assert keeper.flush(WAIT)

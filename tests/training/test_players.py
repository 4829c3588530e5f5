"""Whose drills (game.training.keeper): each player's slips are their own drills, a seat nobody
named gets none, a player can turn drills off, and a drill just practised is not counted due
again until its time has come."""

from __future__ import annotations

import json
from datetime import datetime, timedelta

import pytest

from game.engine.board import parse_moves
from game.engine.drills import Drill
from game.engine.scores import Outcome
from game.training.schedule import Grade, add_drills
from game.training.keeper import UNNAMED_NOTICE, NamedSide, PracticeKeeper
from game.store.drill_file import LOCAL_PLAYER, load_choices, load_drills

THREAT = "152535"                 # red to move: column 4 wins at once, column 5 keeps the win too
GAME = parse_moves(THREAT + "75")  # red plays 7, yellow wins in column 5: red's slip
WAIT = 60.0
DRILL = Drill(tuple(parse_moves(THREAT)), 6, (3, 4), Outcome.WIN)   # right: drills are proved when read


@pytest.fixture
def keeper(tmp_path) -> PracticeKeeper:
    kept = PracticeKeeper(0.2, drills_path=tmp_path / "drills.jsonl", results_path=tmp_path / "puzzles.jsonl",
                          players_path=tmp_path / "players.jsonl")
    kept.load()
    assert kept.flush(WAIT) and kept.loaded
    return kept


def owners(keeper: PracticeKeeper) -> set[tuple[str, tuple[int, ...]]]:
    entries, notice = load_drills(keeper.drills_path)
    assert notice is None
    return {(e.player, e.drill.moves) for e in entries}


def test_a_named_side_is_a_side_that_knows_its_player():
    side = NamedSide(2, "Bob")
    assert side == 2 and hash(side) == hash(2) and sorted({side, 1}) == [1, 2]
    assert side.player == "Bob" and side.chosen and not NamedSide(1, "Red", chosen=False).chosen
    for bad in ((3, "Ann"), (0, "Ann"), (1, "")):
        with pytest.raises(ValueError):
            NamedSide(*bad)


def test_each_named_players_slips_are_their_own_drills(keeper):
    assert keeper.judge(GAME, (NamedSide(1, "Ann"), NamedSide(2, "Bob")))
    assert keeper.flush(WAIT)
    kept = owners(keeper)
    assert ("Ann", tuple(parse_moves(THREAT))) in kept          # red's slip is Ann's
    assert all(player == "Ann" for player, moves in kept if len(moves) % 2 == 0)
    assert all(player == "Bob" for player, moves in kept if len(moves) % 2 == 1)
    assert any("for Ann: Practice in the menu" in n for n in keeper.poll())
    assert keeper.players()[0] == "Ann" and not keeper.drills_of(LOCAL_PLAYER)
    # the review of the same game (plain sides) is not judged again for the person at this computer
    assert not keeper.judge(GAME, (1, 2))


def test_a_plain_side_is_the_person_at_this_computer(keeper):
    assert keeper.judge(GAME, (1,))
    assert keeper.flush(WAIT)
    kept = owners(keeper)
    assert (LOCAL_PLAYER, tuple(parse_moves(THREAT))) in kept
    assert all(player == LOCAL_PLAYER and len(moves) % 2 == 0 for player, moves in kept)   # red's slips only
    assert any("from your game: Practice in the menu" in n for n in keeper.poll())


def test_an_unnamed_seat_gets_no_drills_and_the_players_are_told_once(keeper):
    unnamed = (NamedSide(1, "Red", chosen=False), NamedSide(2, "Bob"))
    assert keeper.judge(GAME, unnamed)
    assert keeper.flush(WAIT)
    assert {player for player, _ in owners(keeper)} <= {"Bob"}
    assert ("Red", tuple(parse_moves(THREAT))) not in owners(keeper)
    assert keeper.poll().count(UNNAMED_NOTICE) == 1
    assert not keeper.judge(GAME[:-1] + [0], (NamedSide(1, "Red", chosen=False),))   # nobody wants these
    assert UNNAMED_NOTICE not in keeper.poll()                                          # said once a sitting


def test_a_player_who_turned_drills_off_gets_none_and_the_choice_is_kept(keeper, tmp_path):
    keeper.set_wants("Ann", False)
    assert not keeper.wants("ann") and keeper.wants("Bob") and keeper.wants(LOCAL_PLAYER)
    assert not keeper.judge(GAME, (NamedSide(1, "Ann"),))
    assert keeper.flush(WAIT) and owners(keeper) == set()
    assert "Ann" in keeper.players()                   # listed, so the choice can be turned back
    again = PracticeKeeper(0.2, drills_path=keeper.drills_path, results_path=tmp_path / "p.jsonl",
                           players_path=keeper.players_path)
    again.load()
    assert again.flush(WAIT) and not again.wants("Ann")
    keeper.set_wants("Ann", True)
    assert keeper.flush(WAIT)
    assert [(c.player, c.wants) for c in load_choices(keeper.players_path)[0]] == [("Ann", True)]


def test_the_due_count_is_the_shown_players_and_skips_a_drill_just_practised(keeper):
    now = datetime.now().astimezone()
    add_drills([DRILL], now, keeper.drills_path)
    add_drills([DRILL, Drill((3, 3), 0, (3,), Outcome.WIN)], now, keeper.drills_path, player="Ann")
    keeper.load()
    assert keeper.flush(WAIT)
    assert keeper.players() == [LOCAL_PLAYER, "Ann"]
    assert len(keeper.due(now)) == 1 and len(keeper.due(now, "Ann")) == 2
    keeper.player = "Ann"
    assert len(keeper.due(now)) == 2
    (entry, _other) = keeper.due(now)
    keeper.grade(entry, Grade.WRONG, now)          # missed: FSRS brings it back within minutes
    assert keeper.flush(WAIT)
    graded = next(e for e in keeper.drills_of() if e.ident == entry.ident)
    assert now < graded.card.due < now + timedelta(minutes=15)
    assert [e.ident for e in keeper.due(now)] == [_other.ident]      # not due again at once
    assert keeper.again(now) == [graded.card.due]
    back = graded.card.due + timedelta(seconds=1)
    assert entry.ident in {e.ident for e in keeper.due(back)} and keeper.again(back) == []
    assert len(keeper.due(now, LOCAL_PLAYER)) == 1                      # the other player's is untouched
    fresh = PracticeKeeper(0.2, drills_path=keeper.drills_path, results_path=keeper.results_path,
                           players_path=keeper.players_path)
    fresh.load()                          # the next start of the game: the file says it was practised today
    assert fresh.flush(WAIT)
    assert [e.ident for e in fresh.due(now, "Ann")] == [_other.ident] and fresh.again(now, "Ann") == [graded.card.due]


def test_a_drill_practised_on_an_earlier_day_is_due_today_as_scheduled(keeper):
    now = datetime.now().astimezone().replace(hour=0, minute=1)
    add_drills([DRILL], now - timedelta(days=1), keeper.drills_path)
    keeper.load()
    assert keeper.flush(WAIT)
    (entry,) = keeper.due(now)
    keeper.grade(entry, Grade.FIRST_TRY, now - timedelta(minutes=6))     # yesterday at 23:55: back at 00:05
    assert keeper.flush(WAIT)
    graded = keeper.drills_of()[0]
    assert graded.card.due > now and graded.card.last_review.astimezone().date() < now.date()
    assert [e.ident for e in keeper.due(now)] == [entry.ident] and keeper.again(now) == []


def test_practice_shows_the_player_shown_last_unless_only_another_has_drills_due(keeper):
    now = datetime.now().astimezone()
    assert keeper.player_to_show(now) == LOCAL_PLAYER                 # nobody has drills
    add_drills([DRILL], now, keeper.drills_path, player="Ann")
    keeper.load()
    assert keeper.flush(WAIT)
    assert keeper.player_to_show(now) == "Ann"
    add_drills([DRILL], now, keeper.drills_path)
    keeper.load()
    assert keeper.flush(WAIT)
    assert keeper.player_to_show(now) == LOCAL_PLAYER and keeper.player == LOCAL_PLAYER


def test_a_drill_edited_to_a_wrong_answer_is_set_aside_with_the_reason_and_never_served(tmp_path):
    """``44`` with column 1 accepted: column 1 loses and only column 4 wins."""
    path = tmp_path / "drills.jsonl"
    now = datetime.now().astimezone()
    right = Drill(tuple(parse_moves("4453")[:3]), 0, (2, 5), Outcome.WIN)   # 445: yellow's columns 3 and 6 win
    add_drills([right, Drill((3, 3), 2, (3,), Outcome.WIN)], now, path)
    lines = path.read_text().splitlines()
    edited = json.loads(lines[1])
    edited["drill"]["accepted"] = [1]
    path.write_text(lines[0] + "\n" + json.dumps(edited) + "\n")
    keeper = PracticeKeeper(0.2, drills_path=path, results_path=tmp_path / "p.jsonl",
                            players_path=tmp_path / "pl.jsonl")
    keeper.load()
    assert keeper.flush(WAIT) and keeper.loaded
    assert [e.drill for e in keeper.entries] == [right] and [e.drill for e in keeper.due(now)] == [right]
    notices = keeper.poll()
    assert len(notices) == 1 and "1 wrong drill was set aside in drills.jsonl.bad" in notices[0]
    assert "column 1 should keep the win, but only column 4 keeps the win" in notices[0]
    aside = json.loads((tmp_path / "drills.jsonl.bad").read_text())
    assert aside["set_aside"].startswith("at 44 ") and aside["drill"] == edited["drill"]
    assert [e.drill for e in load_drills(path)[0]] == [right]
    keeper.close()


def test_drills_due_soon_are_proved_before_the_load_ends_and_the_rest_right_after(tmp_path, monkeypatch):
    """A large collection opens at once: the load proves only what may be served in this sitting;
    a wrong drill due next month is found by the proof that follows on the same thread."""
    import game.training.keeper as practice

    path = tmp_path / "drills.jsonl"
    now = datetime.now().astimezone()
    right = Drill(tuple(parse_moves("445")), 0, (2, 5), Outcome.WIN)
    add_drills([right, Drill((3, 3), 2, (3,), Outcome.WIN)], now, path)
    lines = path.read_text().splitlines()
    later = json.loads(lines[1])
    later["drill"]["accepted"] = [1]                                  # wrong: only column 4 wins
    later["card"]["due"] = (now + timedelta(days=30)).isoformat()     # and not due for a month
    path.write_text(lines[0] + "\n" + json.dumps(later) + "\n")
    proved_at_load: list[list[tuple[int, ...]]] = []
    real = practice.wrong_drills

    def spy(drills, proved, solver, stop):
        drills = list(drills)
        proved_at_load.append([drill.moves for _ident, drill in drills])
        return real(drills, proved, solver, stop)

    monkeypatch.setattr(practice, "wrong_drills", spy)
    keeper = PracticeKeeper(0.2, drills_path=path, results_path=tmp_path / "p.jsonl", players_path=tmp_path / "pl.jsonl")
    keeper.load()
    assert keeper.flush(WAIT) and keeper.loaded
    assert proved_at_load[0] == [right.moves]                         # the load: the drill due now alone
    assert proved_at_load[1] == [right.moves, (3, 3)]                 # then every drill (the proved one skipped)
    assert [e.drill for e in keeper.entries] == [right]
    assert "set aside" in " ".join(keeper.poll())
    keeper.close()

"""``python -m game.practice`` and ``python -m game.puzzles`` as subprocesses: JSON out, bad input
reported on one line with its exit status, drills kept and due."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from game.engine.board import parse_moves
from game.engine.drills import mine_drills
from game.engine.solver import Solver
from game.domain.saved import NetRole, NetworkSeat, SavedGame
from game.store.savefile import save_game
from game.tools import practice, puzzles

ROOT = Path(__file__).resolve().parents[2]
# The first 30 moves of a game between Easy and Medium: both sides slip.
GAME = "445367453675455344737735372666"
ESCAPES = "a\x1b[31mb\x07c"


def run(module: str, *args: str, home: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "CONNECT4_HOME": str(home)}
    return subprocess.run([sys.executable, "-m", module, *args], capture_output=True, text=True, env=env,
                          cwd=tempfile.mkdtemp(prefix="c4-practice-"), timeout=300)


@pytest.fixture(scope="module")
def expected() -> dict[int, list[dict]]:
    """The drills of each side, mined in this process."""
    moves = parse_moves(GAME)
    solver = Solver(table_mb=32)
    return {side: [d.to_json() for d in mine_drills(moves, (side,), solver=solver, time_per_position=2)]
            for side in (1, 2)}


def save(folder: Path, name: str, red: str, yellow: str) -> Path:
    path = folder / name
    save_game(path, SavedGame(GAME, red, yellow, "2026-11-26T09:00:00+00:00"))
    return path


def drills_of(stdout: str) -> list[dict]:
    return [json.loads(line) for line in stdout.splitlines()]


def test_the_human_players_drills_are_printed_as_json(tmp_path, expected):
    game = save(tmp_path, "g.c4save", "Easy", "human")
    result = run("game.practice", "--time", "2", str(game), home=tmp_path)
    assert result.returncode == 0 and result.stderr == "", result.stderr
    got = drills_of(result.stdout)
    assert got and [{k: d[k] for k in d if k in expected[2][0]} for d in got] == expected[2]
    assert {d["to_play"] for d in got} == {"yellow"} and {d["file"] for d in got} == {str(game)}
    # each drill says where it came from and why the move played was an error
    assert all(d["source"].startswith("your game against Easy, 26 Nov, move ") for d in got)
    assert all(d["explanation"] and d["kind"] for d in got)


def test_side_chooses_whose_drills(tmp_path, expected):
    game = save(tmp_path, "g.c4save", "Easy", "human")
    result = run("game.practice", "--time", "2", "--side", "red", str(game), home=tmp_path)
    assert result.returncode == 0
    assert [d["position"] for d in drills_of(result.stdout)] == [d["position"] for d in expected[1]]


def test_kept_drills_are_due_today_once(tmp_path, expected):
    game = save(tmp_path, "g.c4save", "human", "human")
    kept = run("game.practice", "--time", "2", "--keep", str(game), str(game), home=tmp_path)
    total = len(expected[1]) + len(expected[2])
    assert kept.returncode == 0 and f"{total} new drills kept for You, {total} already kept" in kept.stderr
    due = run("game.practice", "--due", home=tmp_path)
    assert due.returncode == 0 and due.stderr == ""
    got = drills_of(due.stdout)
    assert sorted(d["position"] for d in got) == sorted(d["position"] for d in expected[1] + expected[2])
    assert all("due" in d and "accepted" in d for d in got)


def test_player_chooses_whose_drills_are_kept_and_listed(tmp_path, expected):
    game = save(tmp_path, "g.c4save", "Easy", "human")
    kept = run("game.practice", "--time", "2", "--keep", "--player", " Ann ", str(game), home=tmp_path)
    assert kept.returncode == 0 and f"{len(expected[2])} new drills kept for Ann," in kept.stderr
    run("game.practice", "--time", "2", "--keep", "--side", "red", str(game), home=tmp_path)
    ann = drills_of(run("game.practice", "--due", "--player", "ann", home=tmp_path).stdout)
    assert [d["position"] for d in ann] == [d["position"] for d in expected[2]]
    assert {d["player"] for d in ann} == {"Ann"}
    everyone = drills_of(run("game.practice", "--due", home=tmp_path).stdout)
    assert {d["player"] for d in everyone} == {"Ann", "You"} and len(everyone) == len(expected[1] + expected[2])
    assert run("game.practice", "--due", "--player", "Bob", home=tmp_path).stdout == ""


def test_a_bad_file_is_one_line_and_status_1_and_the_others_are_read(tmp_path, expected):
    game = save(tmp_path, "g.c4save", "Easy", "human")
    broken = tmp_path / "broken.c4save"
    broken.write_text("not a save\n")
    result = run("game.practice", "--time", "2", str(tmp_path / (ESCAPES + ".c4save")), str(broken), str(game),
                 home=tmp_path)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    lines = result.stderr.splitlines()
    assert len(lines) == 2 and all(line.startswith("practice: ") for line in lines)
    assert "\x1b" not in result.stderr and "\x07" not in result.stderr
    assert len(drills_of(result.stdout)) == len(expected[2])


@pytest.mark.parametrize("args", [[], ["--due", "x.c4save"], ["--due", "--keep"], ["--time", "0", "x.c4save"],
                                  ["--side", "green", "x.c4save"], ["--player", "Ann", "x.c4save"],
                                  ["--due", "--player", ESCAPES], ["--due", "--player", "x" * 40],
                                  ["--due", "--player", " "]])
def test_bad_arguments_are_status_2(tmp_path, args):
    result = run("game.practice", *args, home=tmp_path)
    assert result.returncode == 2 and "Traceback" not in result.stderr and "error:" in result.stderr


def test_a_damaged_drill_file_is_reported_and_the_good_drills_are_due(tmp_path):
    game = save(tmp_path, "g.c4save", "Easy", "human")
    run("game.practice", "--time", "2", "--keep", str(game), home=tmp_path)
    drills = tmp_path / "drills.jsonl"
    good = drills.read_text().splitlines()
    drills.write_text("\n".join([good[0], "{damaged", *good[1:]]) + "\n")
    result = run("game.practice", "--due", home=tmp_path)
    assert result.returncode == 0 and len(drills_of(result.stdout)) == len(good)
    assert result.stderr.startswith("practice: 1 damaged drill was set aside in drills.jsonl.bad")


def test_the_puzzles_are_listed_as_json(tmp_path):
    result = run("game.puzzles", home=tmp_path)
    assert result.returncode == 0 and result.stderr == ""
    listed = drills_of(result.stdout)
    assert len(listed) >= 300
    assert set(listed[0]) == {"position", "to_play", "kind", "solution", "n", "moves", "score", "difficulty",
                              "task", "theme", "find"}
    assert all(p["find"] == (len(p["solution"]) + 1) // 2 and f" {p['find']} moves " in p["task"] for p in listed
               if p["find"] > 1)
    draws = run("game.puzzles", "--kind", "draw", home=tmp_path)
    assert {p["kind"] for p in drills_of(draws.stdout)} == {"draw"}
    near = drills_of(run("game.puzzles", "--near", "2000", "--count", "5", home=tmp_path).stdout)
    gaps = [abs(p["difficulty"] - 2000) for p in near]
    assert len(near) == 5 and gaps == sorted(gaps) and gaps[-1] <= min(abs(p["difficulty"] - 2000) for p in listed
                                                                        if p not in near)
    low = drills_of(run("game.puzzles", "--near", "1500", "--count", "5", home=tmp_path).stdout)
    assert {p["theme"] for p in low} <= {"win at once", "block", "two threats", "under a winning cell"}


@pytest.mark.parametrize("args", [["--near", "-1"], ["--near", "nan"], ["--count", "0"], ["--kind", "loss"]])
def test_bad_puzzle_arguments_are_status_2(tmp_path, args):
    result = run("game.puzzles", *args, home=tmp_path)
    assert result.returncode == 2 and "Traceback" not in result.stderr


@pytest.mark.parametrize("main", [practice.main, puzzles.main])
def test_help_is_plain_text(main, capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["--help"])
    assert exit_.value.code == 0
    text = capsys.readouterr().out
    assert text.startswith("usage: ") and "``" not in text


def test_drills_that_cannot_be_read_are_status_1_and_left_alone(tmp_path):
    (tmp_path / "drills.jsonl").mkdir()
    result = run("game.practice", "--due", home=tmp_path)
    assert result.returncode == 1 and result.stdout == ""
    assert result.stderr.startswith("practice: cannot read your drills: ") and len(result.stderr.splitlines()) == 1
    assert (tmp_path / "drills.jsonl").is_dir()


@pytest.mark.parametrize("red, yellow, seat, players", [
    ("human", "Easy", None, (1,)), ("Hard", "HUMAN", None, (2,)), ("human", "human", None, (1, 2)),
    ("Easy", "ai:6", None, (1, 2)),
    ("human", "human", NetworkSeat(NetRole.GUEST, "0123456789abcdef", 2, "Ann", address="[::1]:7444"), (2,)),
])
def test_whose_slips_a_save_makes_drills_of(red, yellow, seat, players):
    game = SavedGame.now(GAME, red, yellow, seat=seat)
    assert practice.players_of(game) == players


def test_a_drill_proved_wrong_is_set_aside_and_not_listed(tmp_path):
    from datetime import datetime, timezone

    from game.engine.drills import Drill
    from game.engine.scores import Outcome
    from game.training.schedule import add_drills

    path = tmp_path / "drills.jsonl"
    right = Drill((3, 3), 0, (3,), Outcome.WIN)            # 44: only column 4 wins
    wrong = Drill((3, 3, 4, 2), 0, (3,), Outcome.WIN)      # 4453: every column loses
    add_drills([right, wrong], datetime(2026, 11, 27, tzinfo=timezone.utc), path)
    result = run("game.practice", "--due", home=tmp_path)
    assert result.returncode == 0 and [d["position"] for d in drills_of(result.stdout)] == ["44"]
    assert result.stderr.startswith("practice: 1 wrong drill was set aside in drills.jsonl.bad (at 4453 every column")
    assert json.loads((tmp_path / "drills.jsonl.bad").read_text())["drill"]["position"] == "4453"

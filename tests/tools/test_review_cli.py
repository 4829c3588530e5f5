"""``python -m game.review`` as a subprocess: fields, games, JSON, save files, bad input, pipes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.engine.game_review import Grade, MoveClass
from game.domain.saved import SavedGame
from game.store.savefile import save_game

ROOT = Path(__file__).resolve().parents[2]
CLASSES = {c.value for c in MoveClass}
GRADES = {g.value for g in Grade} | {"unproved"}
# A golden 14-disc position, then red's blunder (column 2) and perfect play to yellow's win.
BLUNDER_GAME = "36477245374472" + "23155443233552526111117766"
SHORT_GAME = "44534467467535"   # yellow wins with its 7th disc
# Red has three in the bottom row and column 4 wins at once; red plays 7 and yellow completes
# column 5. Both judgements at the end need no search (a win at once), and the opening before
# them is in the book, so every move is proved whatever the budget and however busy the
# machine: the classes can be asserted exactly. Column 4 was the winning move all along.
THROWN_WIN = "15253575"


def run_review(*args: str, stdin: str = "", home: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "CONNECT4_HOME": str(home), "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "game.review", *args], input=stdin, capture_output=True,
                          text=True, env=env, cwd=ROOT, timeout=300)


def games_of(stdout: str) -> list[list[str]]:
    return [block.splitlines() for block in stdout.strip("\n").split("\n\n")]


def test_one_line_per_move_with_three_fixed_fields_and_a_blank_line_between_games(tmp_path: Path) -> None:
    result = run_review("--time", "0.1", stdin=f"{SHORT_GAME}\n\n{BLUNDER_GAME}\n4453\n", home=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    games = games_of(result.stdout)
    assert len(games) == 3
    for moves, lines in zip((SHORT_GAME, BLUNDER_GAME, "4453"), games):
        move_lines = [line for line in lines if not line.startswith(("#", " "))]
        assert len(move_lines) == len(moves)
        for n, (line, col) in enumerate(zip(move_lines, moves), start=1):
            number, column, grade, *_ = line.split()
            assert (int(number), column) == (n, col)
            assert grade in GRADES
        summaries = [line for line in lines if line.startswith("#")]
        assert [s.split(":")[0] for s in summaries] == ["# red", "# yellow"]
    assert games[1][-2].startswith("# red: ")


def test_the_classes_verdicts_and_explanations_of_a_thrown_win(tmp_path: Path) -> None:
    result = run_review("--time", "0.05", stdin=THROWN_WIN + "\n", home=tmp_path)
    assert result.returncode == 0, result.stderr
    (lines,) = games_of(result.stdout)
    moves = [line for line in lines if not line.startswith(("#", " "))]
    assert moves[6] == ("7 7 blunder red [missed win] best: column 4 — wins at once; "
                        "played: loses to Yellow's next move")
    assert moves[7] == ("8 5 best yellow best: column 5 — wins at once; "
                        "played: wins at once")
    # the first five lose a won game by play far ahead: blunders by the exact class, graded one step
    # milder as nothing a player could see; the missed block and the missed win stay blunders
    assert moves[0] == "1 1 mistake red [deep] best: column 4 — win, a long one; played: loss, a long one"
    assert [line.split()[2] for line in moves] == ["mistake"] * 5 + ["blunder"] * 2 + ["best"]
    # every move worse than good is followed by its explanation and the line that proves it
    for k, line in enumerate(lines[:-2]):
        if not line.startswith(" "):
            assert lines[k + 1].startswith("    why (") == (line.split()[2] != "best")
    seventh = lines.index(moves[6])
    assert lines[seventh + 1] == ("    why (gave up): Red could win at once at column 4, bottom row. "
                                  "Yellow wins at once at column 5, fourth row from the bottom.")
    assert lines[seventh + 2] == "    line: 5"
    assert lines[-2] == ("# red: errors to learn from: move 7 (column 7, missed win); deep: moves 1, 3, 5; 0 best, 0 good, "
                         "0 inaccuracies, 3 mistakes, 1 blunder, first outcome-changing move: 1 (column 1, mistake), "
                         "accuracy 0 %; next: 1 win in one missed: before each move, look for a four of your own")
    assert lines[-1].startswith("# yellow: errors to learn from: move 6 (column 5, missed block); deep: moves 2, 4; 1 best")
    assert "1 best, 0 good, 0 inaccuracies, 2 mistakes, 1 blunder" in lines[-1] and "accuracy 25 %" in lines[-1]
    assert "next: 1 threat not blocked: " in lines[-1]


def test_json_has_one_object_per_game(tmp_path: Path) -> None:
    result = run_review("--json", "--time", "0.1", stdin=f"{SHORT_GAME}\n{THROWN_WIN}\n", home=tmp_path)
    assert result.returncode == 0, result.stderr
    docs = [json.loads(line) for line in result.stdout.splitlines()]
    assert [d["moves"] for d in docs] == [SHORT_GAME, THROWN_WIN]
    second = docs[1]
    assert [r["number"] for r in second["reviews"]] == list(range(1, len(THROWN_WIN) + 1))
    assert {r["class"] for r in second["reviews"]} <= CLASSES
    # the exact class stays for tools; the grade is what a player reads
    assert [r["class"] for r in second["reviews"]] == ["blunder"] * 7 + ["best"]
    assert [r["grade"] for r in second["reviews"]] == ["mistake"] * 5 + ["blunder"] * 2 + ["best"]
    blunder = second["reviews"][6]
    assert (blunder["class"], blunder["column"], blunder["best_column"]) == ("blunder", 7, 4)
    assert blunder["value"] == [18, 18] and blunder["played_value"] == [-18, -18]
    assert second["summary"]["red"]["blunder"] == 4
    assert second["summary"]["red"]["grades"] == {"best": 0, "good": 0, "inaccuracy": 0, "mistake": 3, "blunder": 1}
    assert second["summary"]["red"]["advice"].startswith("1 win in one missed: ")
    assert second["summary"]["red"]["first_outcome_change"] == 1
    assert (second["summary"]["red"]["errors"], second["summary"]["red"]["deep"]) == ([7], [1, 3, 5])
    assert second["summary"]["yellow"]["errors"] == [6]
    assert second["proved"] == len(THROWN_WIN)
    assert (blunder["verdict"], blunder["severity"]) == ("missed win", "error")
    assert blunder["explanation"]["kind"] == "gave up" and blunder["line"] == "5"
    for review in second["reviews"]:
        assert ("explanation" in review) == ("line" in review) == (review["class"] == "blunder")
        if review["class"] == "blunder":
            assert review["explanation"]["text"] and review["line"]
    assert second["reviews"][7]["verdict"] is None and second["reviews"][7]["severity"] is None


def test_a_save_file_is_reviewed(tmp_path: Path) -> None:
    path = tmp_path / "game.c4save"
    save_game(path, SavedGame.now(THROWN_WIN, "human", "Hard"))
    result = run_review(str(path), "--time", "0.05", home=tmp_path)
    assert result.returncode == 0, result.stderr
    (lines,) = games_of(result.stdout)
    assert len([line for line in lines if not line.startswith(" ")]) == len(THROWN_WIN) + 2
    assert "7 7 blunder red [missed win] best: column 4 — wins at once; " \
           "played: loses to Yellow's next move" in lines


@pytest.mark.parametrize(("line", "message"), [
    ("4444444", "column 4"),              # a seventh disc in a full column
    ("4x53", "4x53"),
    ("1" * 5000, "longer than"),
    ("11223344", "over"),                  # moves after four in a row
])
def test_a_bad_line_is_one_message_and_the_other_games_are_still_reviewed(tmp_path: Path, line: str,
                                                                           message: str) -> None:
    result = run_review("--time", "0.1", stdin=f"{line}\n{SHORT_GAME}\n", home=tmp_path)
    assert result.returncode == 1
    errors = result.stderr.splitlines()
    assert len(errors) == 1 and errors[0].startswith("review: line 1:") and message in errors[0]
    assert "Traceback" not in result.stderr
    (lines,) = games_of(result.stdout)
    assert lines[0].startswith("1 4 ")


def test_bad_files_and_arguments(tmp_path: Path) -> None:
    junk = tmp_path / "junk.c4save"
    junk.write_bytes(b"\x00\x01 not a save")
    result = run_review(str(junk), str(tmp_path / "missing.c4save"), home=tmp_path)
    assert result.returncode == 1
    assert result.stdout == ""
    errors = result.stderr.splitlines()
    assert len(errors) == 2
    assert "junk.c4save" in errors[0] and "missing.c4save" in errors[1]
    bad_time = run_review("--time", "-1", stdin="4\n", home=tmp_path)
    assert bad_time.returncode == 2 and "seconds" in bad_time.stderr


def test_a_closed_pipe_ends_quietly(tmp_path: Path) -> None:
    env = {**os.environ, "CONNECT4_HOME": str(tmp_path), "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-m", "game.review", "--time", "0.05"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=ROOT)
    assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
    proc.stdin.write((SHORT_GAME + "\n").encode() * 40)
    proc.stdin.close()
    proc.stdout.readline()
    proc.stdout.close()          # the reader goes away after the first line
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=120) == 141  # as a filter killed by SIGPIPE, like game.analyze
    assert err == ""


@pytest.mark.parametrize(("value", "ok"), [(0.05, True), (60, True), (0.049, False), (60.5, False),
                                           ('"1"', False), ("true", False)])
def test_the_review_time_setting_is_validated(value: object, ok: bool) -> None:
    from game.config.load import parse_settings
    from game.config.values import DEFAULTS

    settings, problems = parse_settings(f"[review]\ntime = {value}\n")
    if ok:
        assert problems == [] and settings.review_time == float(value)
    else:
        assert [p.key for p in problems] == ["review.time"]
        assert "0.05" in str(problems[0]) and settings.review_time == DEFAULTS.review_time


def test_bytes_that_are_not_text_are_a_bad_line_and_binary_data_stops_the_run(tmp_path: Path) -> None:
    env = {**os.environ, "CONNECT4_HOME": str(tmp_path), "PYTHONPATH": str(ROOT), "LC_ALL": "C.UTF-8"}
    result = subprocess.run([sys.executable, "-m", "game.review", "--time", "0.05"],
                            input=b"\xff\xfe44\n4\x003\n44\n", capture_output=True, env=env, cwd=ROOT, timeout=120)
    assert result.returncode == 1
    errors = result.stderr.decode().splitlines()
    assert [e.split(":")[0:2] for e in errors] == [["review", " line 1"], ["review", " line 2"]]
    assert "\x00" not in result.stderr.decode()   # echoed escaped, never raw
    assert "binary data" in errors[1] and result.stdout == b""  # a NUL byte ends the input, as in analyze


def test_lines_too_long_to_be_a_game_are_refused_unread(tmp_path: Path) -> None:
    env = {**os.environ, "CONNECT4_HOME": str(tmp_path), "PYTHONPATH": str(ROOT)}
    result = subprocess.run([sys.executable, "-m", "game.review", "--time", "0.05"],
                            input=b"4" * 3_000_000 + b"\n" + SHORT_GAME.encode() + b"\n", capture_output=True,
                            env=env, cwd=ROOT, timeout=120)
    assert result.returncode == 1 and len(result.stderr) < 300 and b"4444" not in result.stderr
    assert result.stdout.decode().startswith("1 ")


def test_the_play_test_game_leads_with_its_learnable_error() -> None:
    import io

    from game.tools.review import run

    game = "445354556734435313346576667777"
    out, err = io.StringIO(), io.StringIO()
    assert run([], io.BytesIO(f"{game}\n".encode()), out, err, 30.0, True, 16) == 0
    doc = json.loads(out.getvalue())
    move_29, move_3 = doc["reviews"][28], doc["reviews"][2]
    assert (move_29["class"], move_29["verdict"], move_29["severity"]) == ("good", "under a winning cell", "error")
    assert move_29["explanation"] == {
        "kind": "at once",
        "text": "Red's disc fills the cell under Yellow's winning cell: Yellow plays column 7, top row and wins."}
    assert move_29["line"] == "7"
    assert (move_3["class"], move_3["verdict"], move_3["severity"]) == ("blunder", "deep", "deep")
    assert move_3["explanation"]["kind"] and len(move_3["line"]) == 37  # yellow's 19th disc wins
    assert (doc["summary"]["red"]["errors"], doc["summary"]["red"]["deep"]) == ([29], [3])
    assert [r["number"] for r in doc["reviews"] if "explanation" in r] == [3, 29]
    out = io.StringIO()
    assert run([], io.BytesIO(f"{game}\n".encode()), out, err, 30.0, False, 16) == 0
    lines = out.getvalue().splitlines()
    assert lines[-2].startswith("# red: errors to learn from: move 29 (column 7, under a winning cell); deep: move 3; ")
    assert "29 7 mistake red [under a winning cell] best: column 2 — loses in 5 of Yellow's moves; " \
           "played: loses to Yellow's next move" in lines


def test_the_review_bench_times_the_explanations_too() -> None:
    import io

    from game.tools.review import BENCH_GAMES, bench

    out = io.StringIO()
    assert bench(seconds=0.5, out=out, compare=False) == 0
    header, *rows = out.getvalue().splitlines()[1:]
    assert "explain s" in header and "explained" in header
    assert [row.split()[-1] for row in rows] == list(BENCH_GAMES)
    assert all(int(row.split()[-2]) > 0 for row in rows)  # every game has errors to explain

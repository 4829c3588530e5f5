"""Hostile values for the game and its tools: CONNECT4_HOME, numeric options, echoed names and
values, the arena's solution cache, review output on an ASCII terminal and as JSON."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

import pytest

from game.store import folders
from game.domain.saved import SavedGame
from game.store.savefile import save_game
from game.tools import numbers

ROOT = Path(__file__).resolve().parents[2]
TOOLS = {  # tool -> arguments that make it read the settings (and so the home)
    "game": ["--red", "human", "--yellow", "human"],
    "game.analyze": [],
    "game.review": [],
    "game.coach": ["4453"],
    "game.arena": ["random", "random", "--games", "2", "--no-progress"],
    "game.bench": ["--review"],
}


def run(module: str, args: list[str], *, env: dict[str, str] | None = None, stdin: bytes = b"",
        timeout: float = 60) -> subprocess.CompletedProcess[bytes]:
    full_env = {**os.environ, "PYTHONPATH": str(ROOT), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
                **(env or {})}
    # A fresh working folder: a home that is not expanded ("~nosuchuser/x") is a relative path, and
    # nothing a failing run creates may land in the checkout.
    return subprocess.run([sys.executable, "-m", module, *args], input=stdin, capture_output=True,
                          env=full_env, cwd=tempfile.mkdtemp(prefix="c4-tool-"), timeout=timeout)


# --- CONNECT4_HOME ---------------------------------------------------------------------------


@pytest.mark.parametrize("home, expected", [
    ("~nosuchuser-c4/x", "no user 'nosuchuser-c4'"),
    ("/tmp/" + "a" * 300 + "/x", "has 300 bytes"),
])
@pytest.mark.parametrize("module", list(TOOLS))
def test_an_unusable_home_is_one_clear_line_and_status_2_in_the_game_and_every_tool(module, home, expected):
    result = run(module, TOOLS[module], env={"CONNECT4_HOME": home}, stdin=b"4453\n")
    err = result.stderr.decode()
    assert result.returncode == 2, err
    assert "Traceback" not in err
    lines = [line for line in err.splitlines() if "ALSA" not in line]
    assert len(lines) == 1 and expected in lines[0] and "CONNECT4_HOME=" in lines[0]
    assert len(lines[0]) < 200


def test_a_home_without_search_permission_is_reported(monkeypatch, tmp_path):
    monkeypatch.setenv("CONNECT4_HOME", str(tmp_path / "locked" / "c4"))
    real_stat = os.stat

    def denied(path, *args, **kwargs):
        if str(path).startswith(str(tmp_path / "locked")):
            raise PermissionError(13, "Permission denied", str(path))
        return real_stat(path, *args, **kwargs)

    monkeypatch.setattr(os, "stat", denied)
    assert "cannot be reached (permission denied)" in folders.home_problem()


def test_usable_homes_have_no_problem(monkeypatch, tmp_path):
    for home in (str(tmp_path / "new" / "folder"), "~/c4-test-home", str(tmp_path)):
        monkeypatch.setenv("CONNECT4_HOME", home)
        assert folders.home_problem() is None
    monkeypatch.delenv("CONNECT4_HOME")
    assert folders.home_problem() is None


# --- numeric options ---------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["1_0", "\u0661\u0660", "inf", "-inf", "nan", "1e400", " 5", "5 ", "0x10", "",
                                  "1,5", "\uff15"])
def test_numbers_in_a_form_people_do_not_type_are_refused(text):
    import argparse

    with pytest.raises(argparse.ArgumentTypeError):
        numbers.real(0, 3600, lo_open=True)(text)
    with pytest.raises(argparse.ArgumentTypeError):
        numbers.whole(1, 1000)(text)


def test_a_refused_number_is_echoed_escaped_once():
    import argparse

    with pytest.raises(argparse.ArgumentTypeError) as refused:
        numbers.whole(1, 10)("a\x1bb")
    assert "'a\\x1bb' is not a whole number" in str(refused.value)


def test_number_ranges_and_their_edges():
    import argparse

    seconds = numbers.real(0, 3600, lo_open=True, unit="seconds")
    assert seconds("0.01") == 0.01 and seconds("3600") == 3600 and seconds("2e-3") == 0.002
    for bad in ("0", "-1", "3600.5"):
        with pytest.raises(argparse.ArgumentTypeError, match="more than 0 and at most 3600 seconds"):
            seconds(bad)
    count = numbers.whole(1, 10)
    assert count("1") == 1 and count("10") == 10 and count("+5") == 5
    for bad in ("0", "11", "-5"):
        with pytest.raises(argparse.ArgumentTypeError, match="use 1 to 10"):
            count(bad)


@pytest.mark.parametrize("module, args", [
    ("game.review", ["--time", "1_0"]),
    ("game.review", ["--time", "\u0661"]),
    ("game.review", ["--time", "0"]),
    ("game.review", ["--time", "3601"]),
    ("game.analyze", ["--time", "inf"]),
    ("game.analyze", ["--time", "nan"]),
    ("game.analyze", ["--depth", "4_2"]),
    ("game.arena", ["--accuracy", "random", "--solve-limit", "0"]),
    ("game.arena", ["--accuracy", "random", "--solve-limit", "-1"]),
    ("game.arena", ["--accuracy", "random", "--solve-limit", "nan"]),
    ("game.arena", ["random", "random", "--games", "1_0"]),
    ("game.bench", ["--limit", "-5"]),
    ("game.bench", ["--limit", "1_000"]),
    ("game.bench", ["--depths", "4,\u0665"]),
    ("game.bench", ["--book", "--cap", "nan"]),
    ("game.bench", ["--book", "--perfect-games", "-1"]),
    ("game.tools.early_book", ["--check", "-3"]),
])
def test_every_tool_applies_the_number_rule_with_its_range(module, args):
    result = run(module, args)
    err = result.stderr.decode()
    assert result.returncode == 2 and "Traceback" not in err
    assert "error: argument" in err and ("use" in err)


@pytest.mark.parametrize("reference, problem", [("nosuchprogram-c4", "no program 'nosuchprogram-c4' found"),
                                                ('"unclosed', "No closing quotation")])
def test_a_reference_solver_that_cannot_run_is_one_line_before_any_timing(reference, problem):
    result = run("game.bench", ["--processes", "--reference", reference, "--sets", "Test_L3_R1", "--limit", "1"])
    err = result.stderr.decode()
    assert result.returncode == 2 and "Traceback" not in err and problem in err
    assert b"Whole processes" not in result.stdout


# --- echoes ----------------------------------------------------------------------------------


LONG = "x" * 100_000
ESCAPES = "a\x1b[31mb\x07c"


@pytest.mark.parametrize("module, args", [
    ("game", ["--check-config", LONG]),
    ("game", ["--config", LONG, "--red", "human", "--yellow", "human", "--check-config", LONG]),
    ("game.analyze", ["--level", LONG]),
    ("game.analyze", ["--level", ESCAPES]),
    ("game.arena", [LONG, "random"]),
    ("game.arena", [ESCAPES, "random"]),
    ("game.arena", ["ai:3," + LONG + "=1", "random"]),
    ("game.review", [LONG + ".c4save"]),
    ("game.review", [ESCAPES + ".c4save"]),
    ("game.bench", ["--sets", LONG]),
    ("game.bench", ["--heuristics", ESCAPES]),
])
def test_echoed_names_and_values_are_short_and_escaped(module, args):
    result = run(module, args)
    out = (result.stdout + result.stderr).decode()
    assert result.returncode != 0 and "Traceback" not in out
    assert len(out) < 2000
    assert "\x1b" not in out and "\x07" not in out


# --- review output -----------------------------------------------------------------------------


def test_review_on_an_ascii_terminal_and_as_json_with_a_name_that_is_not_utf8(tmp_path):
    folder = os.fsencode(tmp_path)
    path = os.fsdecode(folder + b"/caf\xe9-\xff.c4save")
    save_game(Path(path), SavedGame.now("4453", "human", "Easy"))
    env = {"PYTHONIOENCODING": "ascii:strict", "CONNECT4_HOME": str(tmp_path)}
    text = run("game.review", ["--time", "0.05", path], env=env)
    assert text.returncode == 0, text.stderr.decode()
    text.stdout.decode("ascii")
    assert b"\\u2014" in text.stdout or b"best" in text.stdout
    as_json = run("game.review", ["--time", "0.05", "--json", path], env=env)
    assert as_json.returncode == 0, as_json.stderr.decode()
    doc = json.loads(as_json.stdout.decode("utf-8", "strict"))
    assert doc["source"].endswith("caf\\xe9-\\xff.c4save")
    assert not any(0xD800 <= ord(ch) <= 0xDFFF for ch in doc["source"])


def test_a_long_review_says_how_far_it_got(monkeypatch):
    from game.tools import review

    monkeypatch.setattr(review, "PROGRESS_AFTER", 0.0)
    monkeypatch.setattr(review, "PROGRESS_EVERY", 0.0)
    import io

    err = io.StringIO()
    reporter = review._progress_reporter("line 1: 4453", err)
    reporter(1, 4)
    reporter(4, 4)
    assert err.getvalue().splitlines() == [err.getvalue().splitlines()[0]]
    assert "line 1: 4453: 1 of 4 positions reviewed in" in err.getvalue()


# --- the arena's solution cache ------------------------------------------------------------------


def test_a_cache_that_is_a_pipe_or_a_device_is_refused_at_once(tmp_path):
    from game.tools.arena.arena_cli import _load_cache

    fifo = tmp_path / "cache.json"
    os.mkfifo(fifo)
    done: list[str] = []

    def load() -> None:
        try:
            _load_cache(fifo)
        except ValueError as exc:
            done.append(str(exc))

    thread = threading.Thread(target=load, daemon=True)
    thread.start()
    thread.join(5)
    assert done and "named pipe" in done[0]
    if Path("/dev/zero").exists():
        with pytest.raises(ValueError, match="device"):
            _load_cache(Path("/dev/zero"))


@pytest.mark.parametrize("content, problem", [
    ('{"2": "zz"}', "not an object of column scores"),
    ('{"2": {"3": 1e400}}', "score inf is not a whole number"),
    ('{"2": {"3": 1.5}}', "not a whole number"),
    ('{"2": {"3": 99}}', "not a whole number from -18 to 18"),
    ('{"2": {"9": 1}}', "column '9'"),
    ('{"24": {"3": true}}', "score True is not a whole number"),
    ('{"x\\u001b": {"3": 1}}', "not a move string"),
    ('[1, 2]', "not a JSON object"),
    ('{"a": NaN}', "not JSON"),
])
def test_wrong_types_in_the_cache_are_a_clear_message_and_the_file_is_kept(tmp_path, content, problem):
    cache = tmp_path / "cache.json"
    cache.write_text(content)
    result = run("game.arena", ["--accuracy", "random", "--sets", "end", "--per-set", "2", "--workers", "1",
                                "--cache", str(cache), "--no-progress"])
    err = result.stderr.decode()
    assert result.returncode == 2 and "Traceback" not in err
    assert problem in err and len(err.splitlines()) == 1 and "\x1b" not in err
    assert cache.read_text() == content


def test_a_good_cache_is_read_and_written_back_through_the_file_layer(tmp_path):
    from game.tools.arena.arena_cli import _load_cache, _save_cache

    target = tmp_path / "real.json"
    link = tmp_path / "cache.json"
    link.symlink_to(target)
    _save_cache(link, {"44": {"3": 2}})
    assert link.is_symlink() and json.loads(target.read_text()) == {"44": {"3": 2}}
    assert _load_cache(link) == {"44": {"3": 2}}


def test_a_reference_set_that_is_a_pipe_is_refused_at_once(tmp_path):
    from game.tools.arena.accuracy import REFERENCE_SETS, load_references

    filename = REFERENCE_SETS["end"][0]
    (tmp_path / filename).parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(tmp_path / filename)
    done: list[str] = []

    def load() -> None:
        try:
            load_references(["end"], 4, 1, tmp_path)
        except ValueError as exc:
            done.append(str(exc))

    thread = threading.Thread(target=load, daemon=True)
    thread.start()
    thread.join(5)
    assert done and "named pipe" in done[0]

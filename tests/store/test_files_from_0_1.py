"""Nothing a player has is lost: saves, autosaves (network ones too), the record and the
preferences written by release 0.1.0 load unchanged, and are written back byte for byte."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from game.store.autosave import Autosaves
from game.domain.players import is_player_spec
from game.domain.record import RecordResult
from game.store.record_file import game_line, load_record
from game.domain.saved import NetRole
from game.store.savefile import format_save, load_game
from game.store.prefs import load_prefs, save_prefs

WRITTEN = Path(__file__).resolve().parent / "written_by_0.1"

#: file -> (moves, red, yellow, rated, network role, game id, your colour, opponent, address, port)
SAVES = {
    "local-vs-level.c4save": ("4453", "human", "Hard", False, None, "", 0, "", "", 0),
    "custom-depth-heuristic.c4save": ("44444", "ai:8:window", "Master:threats", False, None, "", 0, "", "", 0),
    "two-humans-empty.c4save": ("", "human", "human", False, None, "", 0, "", "", 0),
    "rated-autosave.c4save": ("4455", "human", "Easy", True, None, "", 0, "", "", 0),
    "unicode-level.c4save": ("3", "Niveau élevé", "human", False, None, "", 0, "", "", 0),
    "network-host-autosave.c4save": ("343", "human", "human", False, NetRole.HOST, "00000000deadbeef", 1, "Bob",
                                     "", 7444),
    "network-guest-autosave.c4save": ("34", "human", "human", False, NetRole.GUEST, "0123456789abcdef", 2, "Ann",
                                      "192.168.1.20:7444", 0),
    "network-guest-v6.c4save": ("4", "human", "human", False, NetRole.GUEST, "fedcba9876543210", 1, "Zoë",
                                "[fe80::1%eth0]:7450", 0),
}


def test_every_file_of_the_release_is_checked():
    assert {p.name for p in WRITTEN.glob("*.c4save")} == set(SAVES)


@pytest.mark.parametrize("name", sorted(SAVES))
def test_a_save_of_the_release_loads_unchanged_and_is_written_back_the_same(name):
    game = load_game(WRITTEN / name)
    moves, red, yellow, rated, role, game_id, colour, opponent, address, port = SAVES[name]
    assert (game.moves, game.red, game.yellow, game.rated) == (moves, red, yellow, rated)
    assert game.network == role
    if role is not None:
        seat = game.seat
        assert (seat.game_id, seat.colour, seat.opponent, seat.address, seat.port) == (
            game_id, colour, opponent, address, port)
    assert is_player_spec(game.red) and is_player_spec(game.yellow)  # a level of that day's settings too
    assert format_save(game) == (WRITTEN / name).read_text(encoding="utf-8")


@pytest.mark.parametrize("name", ["rated-autosave.c4save", "network-host-autosave.c4save",
                                  "network-guest-v6.c4save"])
def test_an_autosave_of_the_release_is_offered_again(connect4_home, name):
    shutil.copyfile(WRITTEN / name, connect4_home / "autosave.c4save")
    said = []
    autosaves = Autosaves(connect4_home)
    try:
        game = autosaves.read(said.append)
    finally:
        autosaves.close()
    assert said == [] and game == load_game(WRITTEN / name)


def test_the_record_of_the_release_loads_unchanged(connect4_home):
    path = connect4_home / "record.jsonl"
    shutil.copyfile(WRITTEN / "record.jsonl", path)
    record, notice = load_record(path)
    assert notice is None
    games = record.games
    assert [(g.level, g.elo, g.colour, g.result, g.moves, g.rated) for g in games] == [
        ("Easy", 1798, 1, RecordResult.WIN, "4444333", True),
        ("Hard", 2062, 2, RecordResult.LOSS, "44343", True),
        ("Medium", 1947, 1, RecordResult.DRAW, "4", True),
        ("ai:5", None, 1, RecordResult.WIN, "1213141", False),
    ]
    assert b"".join(game_line(g) for g in games) == (WRITTEN / "record.jsonl").read_bytes()
    assert record.casual_games() == 1 and record.rating().games == 3


def test_the_preferences_of_the_release_load_unchanged_and_are_written_back_the_same(connect4_home):
    shutil.copyfile(WRITTEN / "prefs.json", connect4_home / "prefs.json")
    said = []
    prefs = load_prefs(said.append)
    assert said == [] and prefs.as_json() == json.loads((WRITTEN / "prefs.json").read_text(encoding="utf-8"))
    assert (prefs.theme, prefs.volume, prefs.muted, prefs.network_name) == ("colorblind", 0.4, True, "Ann")
    assert prefs.unknown == {} and prefs.menu["computer"]["level"] == "Hard"
    (connect4_home / "prefs.json").unlink()
    save_prefs(prefs)
    assert (connect4_home / "prefs.json").read_bytes() == (WRITTEN / "prefs.json").read_bytes()


def test_the_menu_reads_the_releases_choices(connect4_home, ui):
    shutil.copyfile(WRITTEN / "prefs.json", connect4_home / "prefs.json")
    d = ui()
    choices = d.scene.choices
    assert (choices.mode, choices.human_colour, choices.names, choices.alternate) == ("two_players", 2, ["Ann", "Bob"], True)
    assert choices.computer.level == "Hard"
    assert d.c.ctx.theme_name == "colorblind" and d.c.ctx.sound.muted

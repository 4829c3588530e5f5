"""The [network] table of config.toml: port and name, checked like every other key."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.net.identity import FALLBACK_NAME, player_name
from game.config.load import parse_settings
from game.config.values import DEFAULTS


def test_defaults():
    assert (DEFAULTS.network_port, DEFAULTS.network_name, DEFAULTS.network_announce) == (7444, "", True)


def test_announcing_can_be_turned_off_and_config_toml_documents_it():
    assert parse_settings("[network]\nannounce = false")[0].network_announce is False
    settings, problems = parse_settings("[network]\nannounce = 'no'")
    assert [p.key for p in problems] == ["network.announce"] and settings.network_announce is True
    shipped = (Path(__file__).resolve().parents[2] / "config.toml").read_text(encoding="utf-8")
    line = next(line for line in shipped.splitlines() if line.startswith("announce"))
    assert line.startswith("announce = true ") and "default" in line
    assert parse_settings(shipped)[0].network_announce is True


@pytest.mark.parametrize("text, port, name", [
    ("[network]\nport = 1024\nname = ' Zoë '", 1024, "Zoë"),
    ("[network]\nport = 65535", 65535, ""),
])
def test_good_values(text, port, name):
    settings, problems = parse_settings(text)
    assert not problems
    assert (settings.network_port, settings.network_name) == (port, name)


@pytest.mark.parametrize("text, key", [
    ("[network]\nport = 1023", "network.port"), ("[network]\nport = 65536", "network.port"),
    ("[network]\nport = true", "network.port"), ("[network]\nport = 7444.0", "network.port"),
    ("[network]\nname = 'a:b'", "network.name"), ("[network]\nname = 'x\\u001b'", "network.name"),
    ("[network]\nname = 'human'", "network.name"), ("[network]\nname = 5", "network.name"),
    ("[network]\nhost = 'x'", "network.host"),
])
def test_bad_values_are_reported_and_fall_back(text, key):
    settings, problems = parse_settings(text)
    assert [p.key for p in problems] == [key]
    assert (settings.network_port, settings.network_name) == (7444, "")
    assert "\x1b" not in str(problems[0])


def test_the_players_name_falls_back_to_the_account_then_a_fixed_name(monkeypatch):
    assert player_name("Ann") == "Ann"
    monkeypatch.setattr("getpass.getuser", lambda: "bob")
    assert player_name("") == "bob"
    monkeypatch.setattr("getpass.getuser", lambda: "DOMAIN:bob")
    assert player_name("") == FALLBACK_NAME

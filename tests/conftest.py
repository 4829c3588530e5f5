"""Shared test setup: headless SDL (no window, no audio device) and a private user folder."""

from __future__ import annotations

import os

# Before anything imports pygame: no real window or audio device in tests.
os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest  # noqa: E402


@pytest.fixture
def connect4_home(tmp_path, monkeypatch):
    """Point CONNECT4_HOME (settings, prefs, saves, autosave) at a fresh temporary folder."""
    home = tmp_path / "connect4-home"
    home.mkdir()
    monkeypatch.setenv("CONNECT4_HOME", str(home))
    return home

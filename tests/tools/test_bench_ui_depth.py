"""``python -m game.bench --ui --depth N``: the depths the engine searches, its MAX_DEPTH, no other."""

from __future__ import annotations

import pytest


def test_the_depth_is_checked_against_the_engines_deepest_search(monkeypatch, capsys, tmp_path):
    from game.engine.search_values import MAX_DEPTH
    from game.ui import bench_ui

    for name, value in (("CONNECT4_HOME", str(tmp_path)), ("SDL_VIDEODRIVER", "dummy"), ("SDL_AUDIODRIVER", "dummy")):
        monkeypatch.setenv(name, value)     # the benchmark sets them: they are put back after the test
    measured = []

    def measure(depth, seconds, fps=None, **kwargs):
        measured.append(depth)
        raise RuntimeError("not measured here")

    monkeypatch.setattr(bench_ui, "measure", measure)
    assert bench_ui.main(["--depth", str(MAX_DEPTH), "--seconds", "1", "--baseline", "0"]) == 1
    assert measured == [MAX_DEPTH]
    monkeypatch.setattr(bench_ui, "MAX_DEPTH", 10)          # the bound is the engine's, not a copy of it
    for depth in ("11", "0"):
        with pytest.raises(SystemExit) as exc:
            bench_ui.main(["--depth", depth, "--seconds", "1"])
        assert exc.value.code == 2 and "--depth must be 1..10" in capsys.readouterr().err
    assert measured == [MAX_DEPTH]

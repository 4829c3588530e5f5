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


def test_the_report_names_the_worker_setting_and_what_ran_as_the_version_line_does(monkeypatch, capsys, tmp_path):
    """``connect4 --version`` says ``worker "auto": thread``; the benchmark names the setting it ran
    under and the backend that answered in the same words, never "from the config"."""
    from game.ui import bench_ui

    for name, value in (("CONNECT4_HOME", str(tmp_path)), ("SDL_VIDEODRIVER", "dummy"), ("SDL_AUDIODRIVER", "dummy")):
        monkeypatch.setenv(name, value)
    for setting, in_process, words in (("auto", False, 'worker "auto": thread'),
                                       ("process", True, 'worker "process": process')):
        stats = bench_ui.FrameStats(60, 1.0, 16.0, 17.0, 20.0, 4.0, 5.0, 10, 1000, in_process=in_process,
                                    worker=setting)
        monkeypatch.setattr(bench_ui, "measure", lambda *args, **kwargs: stats)
        assert bench_ui.main(["--seconds", "1", "--baseline", "0"]) == 0
        out = capsys.readouterr().out
        assert words in out and "from the config" not in out

"""The one setting an exact solve reads without the settings' schema (``game.config.source``):
wherever it answers, the full reader agrees and has nothing to say about that setting; whatever it
does not read plainly, it leaves to the full reader."""

from __future__ import annotations

import os

import pytest

from game.config.load import load_settings
from game.config.source import MAX_CONFIG_BYTES, MAX_NESTING, exact_table_mb
from game.engine.tables import DEFAULT_TABLE_MB, MAX_TABLE_MB

READ_PLAINLY = {
    "[ai]\ntable_mb = 8\n": 8,
    f"[ai]\ntable_mb = {MAX_TABLE_MB}\n": MAX_TABLE_MB,
    "[ai]\ntable_mb = 1\ndepth = 3\n": 1,
    "# nothing set\n": DEFAULT_TABLE_MB,
    "[sound]\nvolume = 0.5\n": DEFAULT_TABLE_MB,
    "[window]\nfps = 1000\n[ai]\ntable_mb = 16\n": 16,  # a problem elsewhere changes no exact solve
}
LEFT_TO_THE_FULL_READER = [
    "",
    "   \n",
    "[ai]\ntable_mb = 0\n",
    f"[ai]\ntable_mb = {MAX_TABLE_MB + 1}\n",
    "[ai]\ntable_mb = 8.0\n",
    "[ai]\ntable_mb = true\n",
    '[ai]\ntable_mb = "64"\n',
    "ai = 3\n",
    "[ai\ntable_mb = 8\n",
    "x = " + "[" * (MAX_NESTING + 2) + "]" * (MAX_NESTING + 2) + "\n[ai]\ntable_mb = 8\n",
]


@pytest.mark.parametrize("text", READ_PLAINLY)
def test_a_plain_file_gives_what_the_full_reader_gives(tmp_path, text):
    path = tmp_path / "config.toml"
    path.write_text(text, encoding="utf-8")
    settings, problems = load_settings(str(path))
    assert exact_table_mb(str(path)) == READ_PLAINLY[text] == settings.table_mb
    assert not [p for p in problems if p.key in ("file", "ai", "ai.table_mb")], problems


@pytest.mark.parametrize("text", LEFT_TO_THE_FULL_READER)
def test_a_file_with_a_problem_in_it_for_the_solver_is_left_to_the_full_reader(tmp_path, text):
    path = tmp_path / "config.toml"
    path.write_text(text, encoding="utf-8")
    assert exact_table_mb(str(path)) is None
    settings, problems = load_settings(str(path))
    assert settings.table_mb == DEFAULT_TABLE_MB and problems  # ... which says what is wrong


def test_unreadable_files_are_left_to_the_full_reader(tmp_path):
    (tmp_path / "bad.toml").write_bytes(b"[ai]\ntable_mb = 8\n# \xff\n")
    (tmp_path / "big.toml").write_bytes(b"[ai]\ntable_mb = 8\n" + b"#" * MAX_CONFIG_BYTES + b"\n")
    os.mkfifo(tmp_path / "pipe.toml")  # refused unopened: reading it would wait for a writer
    for path in (tmp_path / "bad.toml", tmp_path / "big.toml", tmp_path / "pipe.toml", tmp_path / "missing.toml",
                 tmp_path):
        assert exact_table_mb(str(path)) is None
        assert load_settings(str(path))[1]
    assert exact_table_mb(" ") is None


def test_the_file_in_use_is_the_full_readers(connect4_home, monkeypatch):
    assert exact_table_mb() == load_settings()[0].table_mb == DEFAULT_TABLE_MB  # the shipped file
    (connect4_home / "config.toml").write_text("[ai]\ntable_mb = 12\n", encoding="utf-8")
    assert exact_table_mb() == load_settings()[0].table_mb == 12
    (connect4_home / "config.toml").unlink()
    monkeypatch.setattr("game.config.source.repo_config_path", lambda: None)
    assert exact_table_mb() == load_settings()[0].table_mb == DEFAULT_TABLE_MB  # no file at all

"""What the files tell the player, in the player's language: a damaged line set aside, a file that
cannot be read, a preferences file that is not JSON. Each notice is one translated sentence (file
names and the damaged line's own fault are the files' words), and counts take their plural."""

from __future__ import annotations

import pytest

from game.store.drill_file import load_drills
from game.store.files import NotRegularFileError, describe_os_error
from game.store.prefs import load_prefs, prefs_path
from game.store.puzzle_results import load_results
from game.store.record_file import load_record


@pytest.mark.parametrize("kind", ["drills", "puzzle results", "record"])
def test_a_damaged_line_set_aside_is_said_in_the_players_language(kind, tmp_path, pseudo_locale):
    path = tmp_path / "file.jsonl"
    path.write_text("{damaged\n")
    load = {"drills": load_drills, "puzzle results": load_results, "record": load_record}[kind]
    notice = load(path)[1]
    assert notice is not None and notice.startswith("⟦") and "damaged" not in notice
    # Left untranslated: the file's name and the damaged line's fault (JSON's own words).
    assert "file.jsonl.bad" in notice and "set aside" not in notice


def test_a_preferences_file_that_is_not_json_is_said_in_the_players_language(connect4_home, pseudo_locale):
    prefs_path().parent.mkdir(parents=True, exist_ok=True)
    prefs_path().write_text("{not json")
    said: list[str] = []
    load_prefs(said.append)
    assert len(said) == 1 and said[0].startswith("⟦")
    assert "ignored" not in said[0] and "prefs.json" in said[0]


def test_what_a_path_is_instead_of_a_file_is_said_in_the_players_language(tmp_path, pseudo_locale):
    assert describe_os_error(NotRegularFileError(tmp_path, "a folder")).startswith("⟦")


@pytest.mark.parametrize(("bad", "said"), [(1, "1 damaged drill was set aside"), (2, "2 damaged drills were set aside")])
def test_a_count_of_damaged_lines_takes_its_plural(bad, said, tmp_path):
    path = tmp_path / "drills.jsonl"
    path.write_text("{damaged\n" * bad)
    notice = load_drills(path)[1]
    assert notice is not None and notice.startswith(said)


@pytest.mark.parametrize("text", ["hello\n", "", "connect4 save\nformat: 1\nred: human\n"])
def test_why_a_save_cannot_be_opened_is_said_in_the_players_language(text, tmp_path, pseudo_locale):
    from game.store.savefile import SaveFileError, load_game

    path = tmp_path / "game.c4save"
    path.write_text(text)
    with pytest.raises(SaveFileError) as caught:
        load_game(path)
    said = str(caught.value)
    assert said.startswith("game.c4save: ⟦"), said          # the file's name, then the reason in words

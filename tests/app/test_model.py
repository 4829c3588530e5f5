"""GameModel and Scoreboard: the game rules the window relies on, without any window."""

import copy
from pathlib import Path

import pytest

from game.engine.board import ColumnFullError, GameOverError, MoveError, Position, parse_moves
from game.model import GameModel, Scoreboard
from game.domain.players import PlayerSpec, parse_player_spec
from game.domain.saved import SavedGame
from game.store.savefile import format_save, parse_save


def can_undo(model: GameModel) -> bool:
    """Whether an undo would take something back (tried on a copy: the model stays as it is)."""
    return copy.deepcopy(model).undo()


def can_redo(model: GameModel) -> bool:
    return copy.deepcopy(model).redo()

HUMAN = PlayerSpec("human")
AI = PlayerSpec("ai", depth=4)
AI_WINDOW = PlayerSpec("ai", depth=6, heuristic="window")


def test_new_model_is_empty_and_red_starts():
    model = GameModel(HUMAN, AI)
    assert model.position == Position()
    assert model.moves_string() == ""
    assert model.turn == 1 and model.player(1) is HUMAN and model.player(2) is AI
    assert not model.is_ai_turn()
    assert model.last_move is None and model.winner is None
    assert not model.is_over and not model.is_draw
    assert not can_undo(model) and not can_redo(model)
    assert model.generation == 0
    with pytest.raises(ValueError, match="not a valid Side"):
        model.player(3)


def test_play_updates_state_and_generation():
    model = GameModel(HUMAN, AI)
    model.play(3)
    assert model.moves_string() == "4"
    assert model.last_move == (3, 0)
    assert model.position == Position.from_moves("4")
    assert model.is_ai_turn()
    assert model.generation == 1
    model.play(3)
    assert model.last_move == (3, 1)
    assert model.generation == 2


def test_illegal_move_changes_nothing():
    model = GameModel(HUMAN, HUMAN, parse_moves("444444"))
    generation = model.generation
    with pytest.raises(ColumnFullError):
        model.play(3)
    with pytest.raises(MoveError):
        model.play(7)
    assert model.moves_string() == "444444"
    assert model.generation == generation


def test_win_is_reported_and_further_moves_refused():
    model = GameModel(HUMAN, HUMAN, parse_moves("1212121"))
    assert model.winner == 1 and model.is_over and not model.is_draw
    assert model.winning_cells == {(0, 0), (0, 1), (0, 2), (0, 3)}
    assert not model.is_ai_turn()
    with pytest.raises(GameOverError):
        model.play(4)


def test_draw_is_reported():
    model = GameModel(HUMAN, HUMAN, parse_moves("547125662261271266215743771576315353334444"))  # full, no four
    assert model.is_draw and model.is_over and model.winner is None
    assert model.winning_cells == frozenset()
    assert not model.is_ai_turn()


def test_two_humans_undo_and_redo_one_move_at_a_time():
    model = GameModel(HUMAN, HUMAN, parse_moves("4453"))
    assert model.undo() and model.moves_string() == "445"
    assert model.undo() and model.moves_string() == "44"
    assert can_redo(model)
    assert model.redo() and model.moves_string() == "445"
    assert model.redo() and model.moves_string() == "4453"
    assert not model.redo()


def test_undo_against_computer_returns_to_the_humans_previous_turn():
    model = GameModel(HUMAN, AI)
    for col in (3, 3, 4, 2):  # human, computer, human, computer
        model.play(col)
    assert not model.is_ai_turn()
    assert model.undo()
    assert model.moves_string() == "44"  # the human's move and the reply, both gone
    assert model.turn == 1 and not model.is_ai_turn()
    assert model.undo() and model.moves_string() == ""
    assert not can_undo(model) and not model.undo()
    # redo replays up to the human's next turn: the human's move and the computer's answer
    assert model.redo() and model.moves_string() == "44"
    assert model.redo() and model.moves_string() == "4453"
    assert not can_redo(model)


def test_undo_while_computer_thinks_takes_back_only_the_humans_move():
    model = GameModel(HUMAN, AI, parse_moves("44"))
    model.play(4)  # the computer would now be thinking
    assert model.is_ai_turn()
    generation = model.generation
    assert model.undo()
    assert model.moves_string() == "44" and not model.is_ai_turn()
    assert model.generation == generation + 1


def test_undo_when_human_plays_yellow():
    model = GameModel(AI, HUMAN, parse_moves("4"))  # computer opened, human to move
    assert not can_undo(model)  # nothing of the human's to take back
    model.play(3)
    model.play(4)  # computer's answer
    assert model.undo() and model.moves_string() == "4"
    assert model.turn == 2 and not model.is_ai_turn()


def test_undo_after_the_computer_won_goes_back_before_the_humans_last_move():
    model = GameModel(HUMAN, AI, parse_moves("121212"))  # computer (yellow) threatens column 2
    model.play(6)  # human blunders elsewhere
    model.play(1)  # computer completes four in column 2
    assert model.winner == 2
    assert model.undo()
    assert model.moves_string() == "121212" and model.turn == 1 and not model.is_over


def test_computer_vs_computer_undo_steps_one_move():
    model = GameModel(AI, AI_WINDOW, parse_moves("4453"))
    assert model.undo() and model.moves_string() == "445"


def test_new_move_clears_redo():
    model = GameModel(HUMAN, HUMAN, parse_moves("445"))
    model.undo()
    model.play(0)
    assert not can_redo(model) and model.moves_string() == "441"


def test_every_change_bumps_generation():
    model = GameModel(HUMAN, HUMAN)
    seen = [model.generation]
    model.play(3)
    seen.append(model.generation)
    model.undo()
    seen.append(model.generation)
    model.redo()
    seen.append(model.generation)
    model.new_game()
    seen.append(model.generation)
    model.load_moves(parse_moves("4453"))
    seen.append(model.generation)
    assert seen == sorted(set(seen)), seen  # strictly increasing
    generation = model.generation
    assert not model.redo()  # no change, no bump
    assert model.generation == generation


def test_new_game_can_swap_colours():
    model = GameModel(HUMAN, AI, parse_moves("44"))
    model.new_game(swap_colours=True)
    assert model.red is AI and model.yellow is HUMAN
    assert model.moves_string() == "" and model.is_ai_turn()
    assert model.swapped
    model.new_game()
    assert model.red is AI and model.swapped


@pytest.mark.parametrize(
    "bad, error",
    [
        ((3,) * 7, ColumnFullError),
        ((0, 1) * 4, GameOverError),
        ((3, 7), MoveError),
        ((3, -1), MoveError),
        ("4453", TypeError),        # a move string is read into columns where it comes in
    ],
)
def test_load_errors_keep_the_current_game(bad, error):
    model = GameModel(HUMAN, AI, parse_moves("4453"))
    model.undo()
    before = (model.moves_string(), model.generation, can_redo(model), model.red, model.yellow)
    with pytest.raises(error, match="move"):
        model.load_moves(bad, red=AI, yellow=AI)
    assert (model.moves_string(), model.generation, can_redo(model), model.red, model.yellow) == before


def test_load_replaces_moves_and_players():
    model = GameModel(HUMAN, AI, parse_moves("44"))
    model.load_moves(parse_moves(" 4453\n"), red=AI_WINDOW, yellow=HUMAN)
    assert model.moves_string() == "4453"
    assert model.red is AI_WINDOW and model.yellow is HUMAN
    assert model.last_move == (2, 0)
    assert not can_redo(model)


def test_saved_game_round_trips_through_storage():
    settings_free_spec = parse_player_spec("ai:8:window")
    model = GameModel(HUMAN, settings_free_spec, parse_moves("4453"))
    saved = model.saved_game()
    assert isinstance(saved, SavedGame)
    assert (saved.moves, saved.red, saved.yellow) == ("4453", "human", "ai:8:window")
    again = parse_save(format_save(saved))
    restored = GameModel(parse_player_spec(again.red), parse_player_spec(again.yellow), again.columns())
    assert restored.position == model.position
    assert restored.yellow == model.yellow


def test_scoreboard_follows_players_across_colour_swaps():
    a, b = PlayerSpec("ai", depth=4), PlayerSpec("ai", depth=6, heuristic="window")
    model = GameModel(a, b)
    board = Scoreboard.for_model(model)
    assert board.labels == (a.label(), b.label())
    model.load_moves(parse_moves("1212121"))  # red (a) wins
    assert board.record(model)
    assert not board.record(model)  # the same finished game counts once
    model.new_game(swap_colours=True)  # b is red now
    model.load_moves(parse_moves("1212121"))  # red (b) wins
    assert board.record(model)
    model.new_game(swap_colours=True)
    model.load_moves(parse_moves("2121212"))  # red (a again) fills column 2
    assert model.winner == 1
    board.record(model)
    assert board.wins == {a.label(): 2, b.label(): 1}
    assert board.games == 3 and board.draws == 0
    assert board.rows()[-1] == ("Draws", 0)
    assert a.label() in str(board)


def test_scoreboard_keeps_identical_players_apart_and_ignores_unfinished_games():
    model = GameModel(AI, AI, parse_moves("44"))
    board = Scoreboard.for_model(model)
    assert board.labels[0] != board.labels[1]
    assert not board.record(model)
    model.new_game(swap_colours=True)
    model.load_moves(parse_moves("1212121"))  # red wins: the second seat, since colours were swapped
    board.record(model)
    assert board.wins == {board.labels[0]: 0, board.labels[1]: 1}


# -- shipped assets (game.paths) -------------------------------------------------------------

SOUND_FILES = ("drop.wav", "win.wav", "draw.wav", "loss.wav", "invalid.wav")


def test_assets_are_found_and_well_formed():
    import wave

    from game.paths import asset_path

    for name in SOUND_FILES:
        with wave.open(str(asset_path(name))) as sound:
            assert sound.getnchannels() == 1 and sound.getsampwidth() == 2
            assert 0.1 < sound.getnframes() / sound.getframerate() < 1.0
    icon = asset_path("icon.png").read_bytes()
    assert icon.startswith(b"\x89PNG\r\n\x1a\n")
    assert "MIT" in asset_path("LICENSE.md").read_text(encoding="utf-8")
    with pytest.raises(FileNotFoundError, match="no-such-font.ttf"):
        asset_path("no-such-font.ttf")


def test_shipped_sounds_are_what_the_generator_makes(tmp_path):
    import importlib.util

    from game.paths import asset_path

    script = Path(__file__).resolve().parents[2] / "scripts" / "generate_assets.py"
    spec = importlib.util.spec_from_file_location("generate_assets", script)
    generator = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(generator)
    for name in SOUND_FILES:
        tone, seconds = generator.SOUNDS[name]
        generator.write_wav(tmp_path / name, tone, seconds)
        assert (tmp_path / name).read_bytes() == asset_path(name).read_bytes(), name


def test_a_level_is_saved_by_its_name_as_chosen():
    from game.config.values import DEFAULTS
    from game.domain.players import parse_player_spec

    master = parse_player_spec("Master", DEFAULTS)
    assert master.heuristic == "threats"                       # the level's own heuristic ...
    model = GameModel(HUMAN, master, ladder=DEFAULTS)
    assert model.saved_game().yellow == "Master"               # ... so the save says just "Master"
    other = parse_player_spec("Master:window", DEFAULTS)
    assert GameModel(HUMAN, other, ladder=DEFAULTS).saved_game().yellow == "Master:window"
    custom = parse_player_spec("ai:5:window", DEFAULTS)
    assert GameModel(custom, HUMAN, ladder=DEFAULTS).saved_game().red == "ai:5:window"
    assert GameModel(HUMAN, master).saved_game().yellow == master.spec()   # without settings: the spec


def test_moves_are_taken_as_columns_and_kept_as_the_move_string_says():
    model = GameModel(HUMAN, HUMAN, (3, 3, 4))
    assert model.moves == (3, 3, 4) and model.moves_string() == "445"
    model.load_moves([0, 6])
    assert model.moves == (0, 6) and model.moves_string() == "17"

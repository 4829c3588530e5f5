"""A whole sitting by keys alone, as a blind player hears it through the log backend.

The config file holds exactly ``[accessibility]`` and ``speech = "log:PATH"``. From the first screen:
start a game against the computer, drop a disc, hear the reply, ask for a column and the
threats, finish the game, open its review, step to an error and hear its grade and why, then do
a drill. The log must hold each of those messages, in order, with the right columns and rows.
"""

from __future__ import annotations

import pygame
import pytest

from game.config.load import load_settings
from game.engine.board import Position
from game.ui.game.game_scene import GameScene
from game.ui.practice.practice_scene import PracticeScene
from game.ui.review.review_scene import ReviewScene

from conftest import StepWorker

NUMBER_KEYS = [getattr(pygame, f"K_{n}") for n in range(1, 8)]


class Ear:
    """The log read as a blind player hears it: every line, and the lines since the last look."""

    def __init__(self, driver, path):
        self.d, self.path, self.seen = driver, path, 0

    def lines(self):
        assert self.d.c.ctx.voice.speaker.flush(10), "the speaker did not write in time"
        return self.path.read_text(encoding="utf-8").splitlines() if self.path.exists() else []

    def new(self):
        lines = self.lines()
        fresh, self.seen = lines[self.seen:], len(lines)
        return fresh


def move_line(moves, i):
    """The sentence of move ``i`` of ``moves`` (0-based columns): who, column, row from 1 at the bottom."""
    pos = Position.from_moves(moves[:i + 1])
    col = moves[i]
    who = ("Red", "Yellow")[i % 2]
    return f"{who}, column {col + 1}, row {pos.height(col)}."


def in_order(lines, wanted):
    """Each of ``wanted`` (a predicate or the start of a line) found in ``lines``, in that order."""
    at = 0
    for want in wanted:
        test = want if callable(want) else (lambda line, w=want: line.startswith(w))
        while at < len(lines) and not test(lines[at]):
            at += 1
        assert at < len(lines), f"not heard (in order): {want}\nheard:\n" + "\n".join(lines)
        at += 1


def dull_column(pos: Position) -> int:
    """A player who only stacks: the leftmost column with room (misses blocks: errors to learn from)."""
    return pos.legal_moves()[0]


def test_a_sitting_by_keys_alone_is_heard_in_order(ui, tmp_path):
    log = tmp_path / "heard.txt"
    config = tmp_path / "config.toml"
    config.write_text(f'[accessibility]\nspeech = "log:{log}"\n', encoding="utf-8")
    settings, problems = load_settings(config)
    assert problems == [] and settings.speech == f"log:{log}"
    d = ui(config_path=config, worker_factory=StepWorker, speech=settings.speech)
    ear = Ear(d, log)
    d.frame()
    assert ear.new()[0] == "Mode: You vs Computer."        # the first screen's selected row

    d.key(pygame.K_DOWN)                                    # the level: Easy, which plays its best move
    d.key(pygame.K_DOWN)
    for _ in range(3):
        d.key(pygame.K_RIGHT)
    heard = ear.new()
    assert heard[0].startswith("You play: Red") and heard[-1].startswith("Computer level: Easy"), heard
    d.key(pygame.K_RETURN)                                  # Enter on the menu: start the game
    assert isinstance(d.scene, GameScene) and d.scene.model.player(2).is_ai
    d.key(pygame.K_4)                                       # drop a disc in column 4
    d.run_until(lambda: len(d.scene.model.moves) == 2, what="the computer's reply")
    d.settle(5)
    d.key(pygame.K_F4)                                      # what is in column 4
    d.key(pygame.K_F8)                                      # the threats
    opening = list(d.scene.model.moves)
    heard = ear.new()
    reply_col = opening[1]
    column_4 = ("Column 4, bottom up: red, yellow. Row 3 is next." if reply_col == 3
                else "Column 4, bottom up: red. Row 2 is next.")
    assert heard == [move_line(opening, 0), move_line(opening, 1), column_4,
                     "Red has no threats. Yellow has no threats."]

    while not d.scene.model.is_over:                        # finish the game
        moves = len(d.scene.model.moves)
        d.key(NUMBER_KEYS[dull_column(d.scene.model.position)])
        d.run_until(lambda: d.scene.model.is_over or len(d.scene.model.moves) >= moves + 2, what="a reply")
    d.settle(40)
    game = list(d.scene.model.moves)
    heard = ear.new()
    in_order(heard, [move_line(game, i) for i in range(2, len(game))])
    winner = ("Red", "Yellow")[(len(game) - 1) % 2] if Position.from_moves(game).winner() else None
    assert any(line.endswith(f"{winner} wins: four in a row.") for line in heard) if winner else True
    result = "The computer wins." if winner == "Yellow" else "You win!" if winner == "Red" else "Draw"
    assert any(line.startswith(result) for line in heard), heard

    d.key(pygame.K_r)                                       # review the finished game
    assert isinstance(d.scene, ReviewScene)
    d.run_until(lambda: d.scene.review is not None, timeout=120, what="the review")
    d.settle(5)
    heard = ear.new()
    assert heard[0].startswith("Game review")
    graded = None
    for _ in range(len(game) + 1):             # step until an error is heard with its why (it may open there)
        d.run_until(lambda: not d.scene.state.explaining(), timeout=60, what="the explanation")
        d.settle(3)
        heard += ear.new()
        graded = next((line for line in heard if " — mistake" in line or " — blunder" in line), None)
        if graded is not None and any(line.startswith("Why (") for line in heard[heard.index(graded):]):
            break
        heard = []
        d.key(pygame.K_RIGHT)
    assert graded is not None, "no error was heard in the review:\n" + "\n".join(ear.lines())
    index = d.scene.state.index
    assert [line for line in ear.lines() if line.startswith(("Red: ", "Yellow: ")) and "accuracy" in line], \
        "each side's summary is heard"
    assert graded.startswith(f"Move {index + 1}: {('Red', 'Yellow')[index % 2]} played column {game[index] + 1}")

    d.key(pygame.K_ESCAPE)                                  # back to the game, then the menu
    d.settle(3)
    back = ear.new()                  # the game's board is not compared with the review's position
    assert not [line for line in back if line.startswith(("column ", "Red, column", "Yellow, column"))], back
    d.key(pygame.K_ESCAPE)
    d.settle(3)
    ear.new()
    for _ in range(30):                                     # down the menu to Practice, by ear
        if any(line.startswith("Practice") for line in ear.new()):
            break
        d.key(pygame.K_DOWN)
        d.frame()
    d.key(pygame.K_RETURN)
    assert isinstance(d.scene, PracticeScene)
    d.run_until(lambda: d.scene.attempt is not None, timeout=60, what="a drill")
    d.settle(20)
    task = ear.new()
    assert not [line for line in task if line.startswith("Nothing left")], task    # heard only once updated
    assert any(line.startswith(("Drill: Red to play", "Opening knowledge: Red to play")) for line in task), task
    attempt = d.scene.attempt
    right = attempt.right_columns()[0]
    d.key(NUMBER_KEYS[right])                               # answer the drill
    d.run_until(lambda: d.scene.why is not None, timeout=60, what="the drill's explanation")
    d.settle(10)
    heard = ear.new()
    drill_moves = list(attempt.exercise.entry.drill.moves)
    in_order(heard, [move_line([*drill_moves, right], len(drill_moves)), f"Right: column {right + 1}",
                     lambda line: line.startswith(("Here, column", "In the game, column"))])

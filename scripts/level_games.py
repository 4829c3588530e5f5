"""Make the games the review tests explain: a human-like weak side against the built-in levels.

Run from the repository: ``python scripts/level_games.py > tests/engine/data/level_games.txt``.
Each game opens with two random moves (a varied opening, from the seed), then a weak player (a
depth-1 search that plays a random move 30 % of the time, or the rule player) meets one of the
levels from Beginner to Hard, each side moving first in turn. Seeded, so the file is the same on
every run with the same engine. One line per game: the moves, then a comment naming the players.
"""

from __future__ import annotations

import random
import sys

from game.engine.board import Position, format_moves
from game.tools.arena.entrants import parse_arena_player

WEAK = ("ai:1,blunder=0.3", "rules")
LEVELS = ("beginner", "novice", "apprentice", "easy", "medium", "hard")
GAMES = 36
OPENING_MOVES = 2


def play(first: str, second: str, seed: int) -> str:
    rng = random.Random(seed)
    movers = (parse_arena_player(first).make(seed), parse_arena_player(second).make(seed + 1))
    pos, moves = Position(), []
    while not pos.is_over():
        col = rng.choice(pos.legal_moves()) if len(moves) < OPENING_MOVES else movers[pos.moves % 2].choose(pos)
        moves.append(col)
        pos = pos.play(col)
    return format_moves(moves)


def main() -> int:
    for n in range(GAMES):
        weak, level = WEAK[n % len(WEAK)], LEVELS[n // len(WEAK) % len(LEVELS)]
        first, second = (weak, level) if n % 4 < 2 else (level, weak)
        print(f"{play(first, second, seed=n)}  # {first} - {second}, seed {n}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

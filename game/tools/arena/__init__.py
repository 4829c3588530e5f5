"""Measured strength: matches between players, and accuracy against exact play.

Two commands::

    python -m game.arena A B [--games N] [--seed S] [--workers K] [--json]
    python -m game.arena --accuracy SPEC [--sets LIST] [--per-set N] [--seed S] [--json]

Players are the game's player specs plus ``rules`` and ``random``, with search options after
commas (``players``). A match plays every balanced opening (``openings``) twice, colours
swapped, on all cores (``match``, ``pool``); its Elo interval counts each colour-swapped pair as
one observation (``elo``). Accuracy judges a player's moves in reference positions against
exact play (``accuracy``). ``cli`` is the command line.
"""

from game.tools.arena.accuracy import (
    DEFAULT_SETS,
    REFERENCE_SETS,
    AccuracyRecord,
    AccuracyResult,
    AccuracySummary,
    AccuracyTask,
    RefPosition,
    exact_move_score,
    judge_position,
    load_references,
    parse_reference_line,
    run_accuracy,
    summarise,
)
from game.tools.arena.arena_cli import main
from game.tools.arena.elo import EloEstimate, Sample, elo_estimate, elo_to_score, score_to_elo, wdl_elo
from game.tools.arena.arena_match import GameRecord, GameTask, MatchResult, make_tasks, play_game, run_match
from game.data.openings import OPENINGS
from game.tools.arena.entrants import ArenaPlayer, Mover, SpecError, load_arena_settings, parse_arena_player
from game.tools.arena.pool import Progress, default_workers, run_parallel

__all__ = [
    "DEFAULT_SETS", "OPENINGS", "REFERENCE_SETS", "AccuracyRecord", "AccuracyResult", "AccuracySummary",
    "AccuracyTask", "ArenaPlayer", "EloEstimate", "GameRecord", "GameTask", "MatchResult", "Mover", "Progress",
    "RefPosition", "Sample", "SpecError", "default_workers", "elo_estimate", "elo_to_score", "exact_move_score",
    "judge_position", "load_arena_settings", "load_references", "main", "make_tasks", "parse_arena_player",
    "parse_reference_line", "play_game", "run_accuracy", "run_match", "run_parallel", "score_to_elo", "summarise",
    "wdl_elo",
]

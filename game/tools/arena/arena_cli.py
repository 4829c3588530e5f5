"""The command line: ``python -m game.arena`` (see the package's docstring)."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Sequence

from game.store import files
from game.echo import shown, shown_path
from game.engine.board import CELLS, WIDTH
from game.engine.scores import MAX_SCORE, MIN_SCORE
from game.store.book_memo import remember_book_digests
from game.store.folders import report_bad_home
from game.tools.arena.accuracy import DEFAULT_SETS, load_references, run_accuracy
from game.tools.arena.arena_match import run_match
from game.tools.arena.entrants import SpecError, load_arena_settings, parse_arena_player
from game.config import ranges
from game.tools.numbers import number, whole
from game.tools.tail import tool_entry
from game.tools.tool_parser import ToolParser
from game.i18n import _

ANY_COUNT = 10**9  # counts are written as whole numbers; their ranges are checked in main


def _build_parser() -> ToolParser:
    p = ToolParser(
        prog="python -m game.arena",
        description=_("Play matches between two players, or measure a player's accuracy against exact play."),
        # TRANSLATORS: the player specs and their options (ai:DEPTH, discount=F, ...) are typed as they are.
        epilog=_("Players: ai, ai:DEPTH, ai:DEPTH:HEURISTIC, a level name from config.toml, rules, random; "
                 "search players take options after commas: discount=F, time=SECONDS|none, perfect=0|1, table=MB, "
                 "eval=threats, temp=T, blunder=P (e.g. 'ai:8:window,discount=0')."),
    )
    p.add_argument("players", nargs="*", metavar="PLAYER", help=_("the two players A and B of a match"))
    p.add_argument("--accuracy", metavar="SPEC", help=_("measure SPEC's moves against exact column scores"))
    p.add_argument("--games", type=whole(-ANY_COUNT, ANY_COUNT), default=200,
                   help=_("games in a match (default 200; even: both colours per opening)"))
    p.add_argument("--seed", type=whole(-(2**63), 2**63 - 1), default=1,
                   help=_("seed for opening order, tie-breaks and sampling (default 1)"))
    p.add_argument("--workers", type=whole(-ANY_COUNT, ANY_COUNT), default=None,
                   help=_("worker processes (default: all cores)"))
    p.add_argument("--json", action="store_true", help=_("print the result as JSON on stdout"))
    p.add_argument("--no-progress", action="store_true", help=_("no progress bar on stderr"))
    p.add_argument("--sets", default=",".join(DEFAULT_SETS),
                   help=_("accuracy: comma-separated reference sets (default all: {sets})").format(
                       sets=",".join(DEFAULT_SETS)))
    p.add_argument("--per-set", type=whole(-ANY_COUNT, ANY_COUNT), default=100,
                   help=_("accuracy: positions sampled per set, 0 = all (default 100)"))
    p.add_argument("--refs", type=Path, default=None,
                   help=_("accuracy: directory holding testsets/ and analysis/ (default: the shipped copy)"))
    p.add_argument("--solve-limit", type=number(ranges.TOOL_SECONDS), default=30.0,
                   help=_("accuracy: seconds the exact solver may spend judging one move (default 30; unsolved "
                          "moves are counted apart)"))
    p.add_argument("--cache", type=Path, default=None,
                   help=_("accuracy: JSON file of exact move scores solved by earlier runs (read, then updated)"))
    return p


MAX_CACHE_BYTES = 64 * 1024 * 1024
_CACHE_MOVES = re.compile(r"[1-7]{0,%d}" % CELLS, re.ASCII)
_CACHE_COLUMN = re.compile(r"[0-%d]" % (WIDTH - 1), re.ASCII)


def _load_cache(path: Path) -> dict[str, dict[str, int]]:
    """The solution cache: {move string: {column 0-6: exact score}}, read through the file layer
    (a pipe or a device is refused at once, the size is bounded). ValueError with one clear line
    for anything else, so a damaged cache never changes a result; the file is then left as it is."""
    name = shown_path(path)
    try:
        data = files.read_regular_file(path, MAX_CACHE_BYTES)
    except FileNotFoundError:
        return {}
    except OSError as exc:
        raise ValueError(_("cannot read the solution cache {file}: {reason}").format(
            file=name, reason=files.describe_os_error(exc))) from None
    if len(data) > MAX_CACHE_BYTES:
        raise ValueError(_("the solution cache {file} is larger than {size} MiB").format(
            file=name, size=MAX_CACHE_BYTES // 2**20))
    try:
        doc = json.loads(data.decode("utf-8-sig"), parse_constant=_no_constant)
    except (ValueError, RecursionError) as exc:
        raise ValueError(_("the solution cache {file} is not JSON ({reason})").format(
            file=name, reason=shown(exc))) from None
    if not isinstance(doc, dict):
        raise ValueError(_("the solution cache {file} is not a JSON object").format(file=name))
    for moves, scores in doc.items():
        problem = _cache_entry_problem(moves, scores)
        if problem:
            raise ValueError(_("the solution cache {file}: entry {entry}: {problem}; delete the file to solve "
                               "again").format(file=name, entry=repr(shown(moves, 30)), problem=problem))
    return doc


def _no_constant(word: str) -> float:
    raise ValueError(_("{word} is not a score").format(word=word))


def _cache_entry_problem(moves: str, scores: object) -> str | None:
    if not _CACHE_MOVES.fullmatch(moves):
        return _("not a move string")
    if not isinstance(scores, dict):
        return _("not an object of column scores")
    for column, score in scores.items():
        if not _CACHE_COLUMN.fullmatch(column):
            return _("column {column} is not 0 to {last}").format(column=repr(shown(column, 10)), last=WIDTH - 1)
        if isinstance(score, bool) or not isinstance(score, int) or not MIN_SCORE <= score <= MAX_SCORE:
            return _("score {score} is not a whole number from {lo} to {hi}").format(
                score=shown(score, 20), lo=MIN_SCORE, hi=MAX_SCORE)
    return None


def _save_cache(path: Path, cache: dict[str, dict[str, int]]) -> None:
    """Replace the cache atomically (a symlink stays a symlink)."""
    files.atomic_write_text(path, json.dumps(cache, sort_keys=True))


@tool_entry("arena")
def main(argv: Sequence[str] | None = None) -> int:
    parser = _build_parser()
    args = parser.parse_args(argv)
    if report_bad_home(parser.prog):
        return 2
    remember_book_digests()
    try:
        if args.workers is not None and args.workers < 1:
            raise SpecError(_("--workers must be at least 1, got {count}").format(count=args.workers))
        if args.accuracy is not None:
            if args.players:
                raise SpecError(_("--accuracy takes one player (its own argument); drop the match players"))
            if args.per_set < 0:
                raise SpecError(_("--per-set must be 0 (all) or more, got {count}").format(count=args.per_set))
            player = parse_arena_player(args.accuracy)
            sets = [s.strip().lower() for s in args.sets.split(",") if s.strip()]
            refs = load_references(sets, args.per_set, args.seed, args.refs)
            cache = _load_cache(args.cache) if args.cache else None
            acc = run_accuracy(
                player, refs, args.seed, args.workers, args.solve_limit, progress=not args.no_progress, cache=cache
            )
            if args.cache:
                _save_cache(args.cache, cache)
            print(json.dumps(acc.to_json(), indent=2) if args.json else acc.text())
            return 0
        if len(args.players) != 2:
            raise SpecError(_("a match needs two players (A B), got {count}; or use --accuracy SPEC").format(
                count=len(args.players)))
        if args.games < 1:
            raise SpecError(_("--games must be at least 1, got {count}").format(count=args.games))
        settings = load_arena_settings()
        a = parse_arena_player(args.players[0], settings)
        b = parse_arena_player(args.players[1], settings)
        result = run_match(a, b, args.games, args.seed, args.workers, progress=not args.no_progress)
        print(json.dumps(result.to_json(), indent=2) if args.json else result.text())
        return 0
    except (SpecError, ValueError) as exc:
        print(f"arena: {exc}", file=sys.stderr)
        return 2
    except RuntimeError as exc:  # an engine failure inside a game, reported without a traceback
        print(f"\narena: {exc}", file=sys.stderr)
        return 1

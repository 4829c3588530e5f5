"""Review whole games: every move graded against exact scores.

    python -m game.review game.c4save [more.c4save ...]
    python -m game.review < games.txt          # one move string per line ("4453...")
    python -m game.review --time 2 --json < games.txt

Each game may be finished or not. For every move one line, whose first three fields are fixed:

    <move number from 1> <column played 1-7> <best|good|inaccuracy|mistake|blunder|unproved> ...

the move's grade (``game.engine.grades``: the exact class and what a player could have seen,
joined in one word), followed by the side, what the move did wrong in brackets when a player
could see it (``[missed block]``, ``[much longer win]``, ``[deep]``), and the best move and the
values in words, e.g. ``15 2 blunder red [allows two threats] best: column 5 — wins in 3 of
Red's moves; played: loses in 2 of Yellow's moves``. Each mistake, blunder and move with a
verdict (when its values are proved) is followed by two indented lines: ``why (KIND): ...``, the
explanation (each claim checked against the solver, ``game.engine.explain``), and ``line: ...``,
the principal line after the move (best play for both sides, as a move string). After the moves,
one summary line per side starting with ``#``, the errors a player can learn from first and
what to practise last (``next: ...``); a blank line separates games. ``unproved`` means the position was not proved within the time budget
(``--time`` seconds per position, default from config.toml's ``[review] time``): the review never
guesses.

``--json`` prints one JSON object per game and line instead: each move keeps its exact ``class``
(best, good, mistake, blunder, unproved) and adds its ``grade`` (null while unproved), ``verdict``
and ``severity`` (null when none); each side's summary counts both and adds its ``advice``; and each move explained in the text
an ``explanation`` ({"text", "kind"}) and a ``line`` (a move string). A bad input line or file is
reported on stderr (one line, naming it) and skipped; the exit status is then 1 (2 for bad
arguments, 130 when interrupted). Input is read as by ``game.analyze`` (``game.tools.move_input``):
lines are bounded, binary data stops the run, and output into a closed pipe ends the program
quietly with status 141.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from time import perf_counter, process_time
from typing import BinaryIO, TextIO

from game.words.move_errors import move_error_text
from game.echo import tolerant_output
from game.i18n import _, ngettext, pgettext
from game.engine.board import MoveError, parse_moves
from game.engine.explain import Explanation, explain_game
from game.engine.game_review import GameReview, MoveClass, MoveReview, review_game, to_explain
from game.engine.solver import Solver
from game.config.load import load_settings
from game.store.book_memo import remember_book_digests
from game.store.folders import report_bad_home
from game.store.savefile import SaveFileError, load_game
from game.tools.move_input import InputFailed, read_lines, shown
from game.config import ranges
from game.tools.numbers import number
from game.tools.tail import say, tool_entry
from game.words.explanations import explanation_text, kind_word
from game.words.judgements import advice_text, verdict_word
from game.words.review_text import best_text, best_words, played_text, played_words, summary_text

PLAYER_NAMES = {1: "red", 2: "yellow"}
MAX_SOURCE = 120  # characters of a file name echoed (escaped)
PROGRESS_AFTER = 3.0  # seconds before a long review first says how far it got
PROGRESS_EVERY = 5.0


_seconds = number(ranges.SECONDS_PER_MOVE)

OUTPUT_HELP = """\
output, one line per move:
  NUMBER COLUMN GRADE SIDE [VERDICT] best: ...; played: ...
  e.g. 29 7 mistake red [under a winning cell] best: column 2 — loses in 5 of
       Yellow's moves; played: loses to Yellow's next move
each mistake, blunder and move with a verdict is followed by two indented lines:
"why (KIND): ..." and "line: ..." (best play for both sides after the move); then
one summary line per side, starting with #, the errors first, what to practise last
("next: ...");
a blank line between games.
grades: best keeps the exact score; good keeps the result (a slower win, a faster
loss); mistake loses one step (win to draw, draw to loss); blunder turns a win into a
loss. An error a player could see is never best or good: it makes a kept result a
mistake and a lost step a blunder; a much longer win is an inaccuracy; an outcome
changed only by play far ahead (deep) is graded one step milder. unproved: not
proved within --time, never guessed.
verdicts: error (missed win, missed block, under a winning cell, allows two threats,
allows a short loss, threw away a short win, loses much faster); inaccuracy (much
longer win); deep (the outcome changed by play far ahead).
explanations: at once, two threats, forced sequence, zugzwang, gave up, plain."""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m game.review",
        description="Grade every move of Connect Four games (best, good, inaccuracy, mistake, blunder) "
                    "from exact scores. Reads save files, or move strings from standard input, one game a line.",
        epilog=OUTPUT_HELP, formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("files", nargs="*", metavar="FILE", help="saved games (.c4save); none: read standard input")
    parser.add_argument("--time", type=_seconds, metavar="SECONDS",
                        help="time budget per position (default: config.toml's [review] time)")
    parser.add_argument("--json", action="store_true", help="one JSON object per game instead of text")
    parser.add_argument("--config", metavar="PATH", help="config.toml to read the defaults from")
    return parser


def verdict_words(review: MoveReview) -> str:
    """"[missed block] ", "[deep] " or "" for a move without a verdict: what the move did wrong
    (its grade says how much it matters), in the language of the run."""
    return "" if review.verdict is None else f"[{verdict_word(review.verdict)}] "


def grade_word(review: MoveReview) -> str:
    """The move's grade, or "unproved" where neither the class nor a visible error was proved: a
    fixed field, in English whatever the language (as the JSON's keys)."""
    return "unproved" if review.grade is None else review.grade.value


def move_line(review: MoveReview) -> str:
    """``<number> <column> <grade> <side> [verdict] best: ...; played: ...`` for one move; the
    first four fields are fixed words, the rest is in the language of the run."""
    values = _("best: {best}; played: {played}").format(best=best_words(review), played=played_words(review))
    return f"{review.number} {review.column + 1} {grade_word(review)} {PLAYER_NAMES[review.player]} " \
           f"{verdict_words(review)}{values}"


def game_text(review: GameReview, explained: dict[int, Explanation] | None = None) -> list[str]:
    explained = explained or {}
    lines = []
    for r in review.reviews:
        lines.append(move_line(r))
        why = explained.get(r.number)
        if why is not None:
            lines.append("    " + _("why ({kind}): {text}").format(kind=kind_word(why.kind), text=explanation_text(why)))
            lines.append("    " + _("line: {moves}").format(moves=why.line_text))
    lines += [f"# {PLAYER_NAMES[p]}: {summary_text(review.summary(p))}" for p in (1, 2)]
    return lines


def game_json(source: str, review: GameReview, explained: dict[int, Explanation] | None = None) -> str:
    explained = explained or {}

    def move(r: MoveReview) -> dict:
        doc = {
            "number": r.number, "column": r.column + 1, "class": r.move_class.value,
            "grade": None if r.grade is None else r.grade.value,
            "verdict": None if r.verdict is None else r.verdict.value,
            "severity": None if r.severity is None else r.severity.value,
            "player": PLAYER_NAMES[r.player],
            "best_column": None if r.best_column is None else r.best_column + 1,
            "best": best_text(r), "played": played_text(r),
            "best_words": best_words(r), "played_words": played_words(r),
            "value": [r.before.lower, r.before.upper], "played_value": [r.played.lower, r.played.upper],
            "estimate": r.estimate,
        }
        why = explained.get(r.number)
        if why is not None:
            doc["explanation"] = {"text": explanation_text(why), "kind": why.kind.value}
            doc["line"] = why.line_text
        return doc

    summary = {}
    for player in (1, 2):
        s = review.summary(player)
        summary[PLAYER_NAMES[player]] = {
            **{c.value: n for c, n in s.counts.items()},
            "grades": {g.value: n for g, n in (s.grades or {}).items()},
            "advice": advice_text(s.verdicts()),
            "first_outcome_change": None if s.first_turn is None else s.first_turn.number,
            "errors": [r.number for r in s.errors], "inaccuracies": [r.number for r in s.inaccuracies],
            "deep": [r.number for r in s.deep],
            "accuracy": None if s.accuracy is None else round(s.accuracy, 1),
        }
    doc = {"source": source, "moves": "".join(str(c + 1) for c in review.moves),
           "proved": review.proved, "reviews": [move(r) for r in review.reviews], "summary": summary}
    # ASCII JSON: valid UTF-8 (and readable) whatever the terminal's encoding, and every name in it
    # was escaped by shown(), so no lone surrogate from a file name reaches the output.
    return json.dumps(doc, ensure_ascii=True, allow_nan=False)


def _games(files: list[str], lines: BinaryIO, err: TextIO) -> Iterator[tuple[str, list[int] | None]]:
    """(source, moves) per game; moves None after the problem was reported on ``err``.
    InputFailed when standard input cannot be read on (binary data, a read error)."""
    if files:
        for name in files:
            try:
                yield shown(name, MAX_SOURCE), parse_moves(load_game(Path(name)).moves)
            except SaveFileError as exc:
                print(f"review: {exc}", file=err)
                yield shown(name, MAX_SOURCE), None
        return
    for line_number, raw, problem in read_lines(lines):
        source = pgettext("input", "line {number}").format(number=line_number)
        if raw is None:
            print(f"review: {source}: {problem}", file=err)
            yield source, None
            continue
        fields = raw.split()
        if not fields or fields[0].startswith("#"):
            continue  # blank lines and comments separate nothing: skipped
        source = f"{source}: {shown(fields[0])}"
        try:
            moves = parse_moves(fields[0])  # notation only; review_game checks the rules
        except MoveError as exc:
            print(f"review: {source}: {move_error_text(exc)}", file=err)
            yield source, None
            continue
        yield source, moves


def _progress_reporter(source: str, err: TextIO) -> Callable[[int, int, MoveReview], None]:
    """Say on ``err`` how far a long review got: first after PROGRESS_AFTER s, then every
    PROGRESS_EVERY s (a review at a long --time can take many minutes per game)."""
    started = perf_counter()
    next_at = started + PROGRESS_AFTER

    def report(done: int, total: int, _review: MoveReview | None = None) -> None:
        nonlocal next_at
        now = perf_counter()
        if now >= next_at and done < total:
            progress = ngettext("{done} of {total} position reviewed in {seconds} s",
                                "{done} of {total} positions reviewed in {seconds} s", total)
            say(err, f"review: {source}: " + progress.format(done=done, total=total, seconds=f"{now - started:.0f}"))
            next_at = now + PROGRESS_EVERY

    return report


def run(files: list[str], lines: BinaryIO, out: TextIO, err: TextIO, seconds: float, as_json: bool,
        table_mb: float) -> int:
    solver = Solver(table_mb=table_mb)
    status = 0
    first = True
    games = _games(files, lines, err)
    while True:
        try:
            source, moves = next(games)
        except StopIteration:
            break
        except InputFailed as exc:
            print(f"review: {exc}", file=err)
            return 1
        if moves is None:
            status = 1
            continue
        try:
            review = review_game(moves, time_per_position=seconds, solver=solver,
                                 on_progress=_progress_reporter(source, err))
        except MoveError as exc:
            print(f"review: {source}: {move_error_text(exc)}", file=err)
            status = 1
            continue
        explained = dict(explain_game(moves, to_explain(review), solver))
        if as_json:
            print(game_json(source, review, explained), file=out, flush=True)
        else:
            if not first:
                print(file=out)
            print("\n".join(game_text(review, explained)), file=out, flush=True)
        first = False
    return status


@tool_entry("review", "cannot write the review")
def main(argv: list[str] | None = None) -> int:
    tolerant_output()
    parser = build_parser()
    args = parser.parse_args(argv)
    if report_bad_home(parser.prog):
        return 2
    remember_book_digests()
    settings, problems = load_settings(args.config)
    for problem in problems:
        print(f"config: {problem}", file=sys.stderr)
    seconds = args.time if args.time is not None else settings.review_time
    if sys.stdout is None or (sys.stdin is None and not args.files):  # started with >&- or <&-
        if sys.stderr is not None:
            closed = _("standard output is closed") if sys.stdout is None else _("standard input is closed")
            print(f"review: {closed}", file=sys.stderr)
        return 1
    lines = getattr(sys.stdin, "buffer", sys.stdin)  # read as bytes, bounded (game.tools.move_input)
    return run(args.files, lines, sys.stdout, sys.stderr, seconds, args.json, settings.table_mb)


if __name__ == "__main__":
    sys.exit(main())


#: Games timed by ``python -m game.bench --review``: the first 30 moves of a game between the
#: Easy and Medium levels (its end still open), a finished 29-move game between two depth
#: searches, and a casual player's 30-move game lost to Easy. The target: 30 moves in at most
#: 15 s, every position from the 16th disc on proved, and the errors explained in under 1 s.
BENCH_GAMES: tuple[str, ...] = ("445367453675455344737735372666", "22434447443227353353221777666",
                                "445354556734435313346576667777")
BENCH_PROVED_FROM = 15  # discs on the board: positions from the 16th disc on must be proved


def bench(seconds: float | None = None, out: TextIO = sys.stdout, compare: bool = True) -> int:
    """Time reviewing each of ``BENCH_GAMES`` at the configured budget, with the book and (with
    ``compare``) without it, and then explaining its errors with the same solver (``explain s`` and
    ``cpu``: the moves ``to_explain`` picks, with their principal lines); 1 if a late position is
    unproved."""
    settings, _ = load_settings()
    budget = seconds if seconds is not None else settings.review_time
    print(f"Game review, {budget:g} s per position, a fresh table per game", file=out)
    print(f"{'book':>4} {'moves':>5} {'wall s':>8} {'cpu s':>8} {'proved':>7} {'unproved':>9} {'late proved':>12} "
          f"{'explain s':>10} {'cpu':>5} {'explained':>9}  game", file=out)
    status = 0
    for game in BENCH_GAMES:
        moves = parse_moves(game)
        for with_book in (True, False) if compare else (True,):
            solver = Solver(table_mb=settings.table_mb) if with_book else \
                Solver(table_mb=settings.table_mb, book=None, early=False)
            wall, cpu = perf_counter(), process_time()
            review = review_game(moves, time_per_position=budget, solver=solver)
            wall, cpu = perf_counter() - wall, process_time() - cpu
            explain_wall, explain_cpu = perf_counter(), process_time()
            explained = explain_game(moves, to_explain(review), solver)
            explain_wall, explain_cpu = perf_counter() - explain_wall, process_time() - explain_cpu
            late = [r for r in review.reviews if r.discs_before >= BENCH_PROVED_FROM]
            late_proved = sum(r.before.is_exact for r in late)
            unproved = sum(r.move_class is MoveClass.UNPROVED for r in review.reviews)
            if with_book and late_proved < len(late):
                status = 1
            print(f"{'yes' if with_book else 'no':>4} {len(moves):>5} {wall:>8.2f} {cpu:>8.2f} "
                  f"{review.proved:>3}/{len(moves):<3} {100 * unproved / len(moves):>8.0f}% "
                  f"{late_proved:>5}/{len(late):<6} {explain_wall:>10.2f} {explain_cpu:>5.2f} {len(explained):>9}  {game}",
                  file=out, flush=True)
    return status

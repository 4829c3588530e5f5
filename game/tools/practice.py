"""Drills from saved games, and the drills due today.

    python -m game.practice game.c4save [more.c4save ...]    # the drills each game makes
    python -m game.practice --keep game.c4save               # ... and keep them to practise
    python -m game.practice --due                            # the kept drills due today
    python -m game.practice --due --player Ann               # ... of one player

One JSON object per drill and line: the position (a move string from the empty board), the side
to play, the column played there, every accepted column (the columns winning at once after a missed
win at once, else every column keeping the best outcome), the outcome kept, ``kind`` (the error a
player could have seen, or "opening knowledge"), ``source`` (where it came from, in words: "your
game against Apprentice, 27 Nov, move 5"; null for a drill kept before drills named it) and
``explanation``, the review's checked explanation of the move played (``game.engine.explain``).
A saved game's drills add ``file``, the file they came from. ``--due`` adds whose drill it is and
when it is due, and proves each drill again first (one the solver proves wrong, a file edited by
hand, is set aside and never listed). Columns count from 1.

Drills belong to players. ``--keep`` keeps them for ``--player`` (default: the person at this
computer, "You", as the game's own drills from games against the computer); ``--due`` lists every
player's, or only ``--player``'s when given.

A drill is a move the review (``python -m game.review``) proves an error a player could have seen,
or a mistake or a blunder by play far ahead (opening knowledge, listed after the others with
``--due``), by the players the save names as human (in a network game, this computer's side); ``--side`` chooses
others. A bad file is reported on stderr (one line, naming it) and skipped; the exit status is
then 1 (2 for bad arguments, 130 when interrupted, 141 when the reader of the output went away).
"""

from __future__ import annotations

import argparse
import json
import sys
import threading
from datetime import date, datetime
from pathlib import Path
from typing import TextIO

from game.words.review_text import source_text
from game.store import files
from game.echo import tolerant_output
from game.engine.drills import Drill, mine_drills
from game.engine.solver import Solver
from game.training.schedule import add_drills, due_entries, end_of_day
from game.config.load import load_settings
from game.domain.saved import SavedGame
from game.store.folders import report_bad_home
from game.store.savefile import SaveFileError, load_game
from game.domain.names import NAME_PUNCTUATION
from game.store.drill_file import LOCAL_PLAYER, MAX_OWNER_CHARS, owner_name, read_drills, set_aside_drills
from game.training.owners import against_name
from game.training.proofs import explanation, wrong_drills
from game.domain.players import parse_player_spec
from game.store import fields
from game.tools.move_input import shown
from game.tools.tail import tool_entry
from game.tools.tool_parser import ToolParser
from game.i18n import N_, _, ngettext
from game.tools.review import MAX_SOURCE, PLAYER_NAMES
from game.config import ranges
from game.tools.numbers import number

SIDES = {"red": (1,), "yellow": (2,), "both": (1, 2)}
SIDE_NAMES = ("Red", "Yellow")
_seconds = number(ranges.SECONDS_PER_MOVE)


def player_name(text: str) -> str:
    """A player's name as drills are kept under it (spaces around it dropped, runs of spaces made
    one); ArgumentTypeError when it is not one."""
    try:
        return owner_name(" ".join(text.split()))
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("{name} is not a player's name: 1 to {most} letters, digits, spaces or {punctuation}").format(
                name=shown(text, 40), most=MAX_OWNER_CHARS, punctuation=NAME_PUNCTUATION)) from None


def build_parser() -> ToolParser:
    parser = ToolParser(
        prog="python -m game.practice",
        description=_("Print the drills (mistakes and blunders, with every column that keeps the best outcome) "
                      "that saved Connect Four games make, as JSON, one drill a line; or the drills due today."))
    parser.add_argument("files", nargs="*", metavar="FILE", help=_("saved games (.c4save)"))
    parser.add_argument("--due", action="store_true", help=_("print the kept drills due today instead"))
    parser.add_argument("--keep", action="store_true", help=_("keep the drills found, to come back on schedule"))
    parser.add_argument("--side", choices=sorted(SIDES),
                        help=_("whose moves make drills (default: the human players the save names; "
                               "a game between computers: both)"))
    parser.add_argument("--time", type=_seconds, metavar="SECONDS",
                        help=_("time budget per position (default: config.toml's [review] time)"))
    parser.add_argument("--player", type=player_name, metavar="NAME",
                        # TRANSLATORS: {you} is the name the drills of the person at this computer are kept under.
                        help=_("whose drills: kept for NAME with --keep (default: {you}, the person at this "
                               "computer), only NAME's listed with --due (default: everyone's)").format(
                                   you=LOCAL_PLAYER))
    parser.add_argument("--config", metavar="PATH", help=_("config.toml to read the defaults from"))
    return parser


def players_of(game: SavedGame) -> tuple[int, ...]:
    """Whose slips a saved game's drills are: this computer's side of a network game, else the
    human players, else (a game between computers) both."""
    if game.seat is not None:
        return (game.seat.colour,)
    humans = tuple(n for n, spec in ((1, game.red), (2, game.yellow)) if spec.casefold() == "human")
    return humans or (1, 2)


def drill_json(drill: Drill, solver: Solver, **extra: object) -> str:
    """The drill as one JSON line: its fields, the side to play, its kind, source and explanation."""
    doc = {**drill.to_json(), "to_play": PLAYER_NAMES[drill.player],
           "kind": None if drill.kind is None else drill.kind.value,
           "source": None if drill.source is None else source_text(drill.source),
           "explanation": explanation(drill.moves, drill.played, SIDE_NAMES, solver, threading.Event()), **extra}
    return json.dumps(doc, ensure_ascii=True, allow_nan=False)


def opponent(game: SavedGame, players: tuple[int, ...]) -> str:
    """Who the drills' player played against: the other side's level or computer, "" for a person
    (or when both sides' drills are listed)."""
    if len(players) != 1:
        return ""
    spec = game.yellow if players[0] == 1 else game.red
    try:
        player = parse_player_spec(spec)
    except ValueError:
        return ""
    return "" if not player.is_ai else against_name(player.level or player.label())


def played_on(game: SavedGame) -> date | None:
    """The day the save was written (None when its date cannot be read)."""
    try:
        return fields.stamp(game.saved_at, "saved_at", zone=False).date()
    except ValueError:
        return None


def run_files(names: list[str], out: TextIO, err: TextIO, *, seconds: float, table_mb: float,
              side: str | None, keep: bool, now: datetime, player: str = LOCAL_PLAYER) -> int:
    """Mine and print the drills of each file; with ``keep``, keep them as ``player``'s. The exit status."""
    solver = Solver(table_mb=table_mb)
    status = 0
    found: list[Drill] = []
    for name in names:
        source = shown(name, MAX_SOURCE)
        try:
            game = load_game(Path(name))
        except SaveFileError as exc:
            print(f"practice: {exc}", file=err)
            status = 1
            continue
        players = SIDES[side] if side is not None else players_of(game)
        drills = mine_drills([int(c) - 1 for c in game.moves], players, solver=solver, time_per_position=seconds,
                             against=opponent(game, players), day=played_on(game))
        for drill in drills:
            print(drill_json(drill, solver, file=source), file=out, flush=True)
        found += drills
    if keep and found:
        try:
            added, _entries, notice = add_drills(found, now, player=player)
        except OSError as exc:
            print("practice: " + _("cannot keep the drills: {reason}").format(reason=files.describe_os_error(exc)),
                  file=err)
            return 1
        if notice:
            print(f"practice: {notice}", file=err)
        print("practice: " + ngettext("{added} new drill kept for {player}, {kept} already kept",
                                      "{added} new drills kept for {player}, {kept} already kept",
                                      added).format(added=added, player=player, kept=len(found) - added), file=err)
    return status


def run_due(out: TextIO, err: TextIO, now: datetime, player: str | None = None, table_mb: float = 64) -> int:
    """Print the kept drills due today (only ``player``'s when given), each proved again by the
    solver first (a drill proved wrong is set aside and said on ``err``, never printed); 1 when the
    drills cannot be read (damaged lines set aside are said on ``err``, and the others are printed;
    so is a folder that cannot be written, where nothing new will be kept)."""
    try:
        entries, notice = read_drills()
    except OSError as exc:
        print("practice: " + _("cannot read your drills: {reason}").format(reason=files.describe_os_error(exc)),
              file=err)
        return 1
    if notice:
        print(f"practice: {notice}", file=err)
    mine = [e for e in entries if player is None or e.belongs_to(player)]
    due = due_entries(mine, end_of_day(now))
    solver = Solver(table_mb=table_mb)
    wrong = wrong_drills(((e.ident, e.drill) for e in due), set(), solver, threading.Event())
    if wrong:   # proved wrong (a file edited by hand): never listed, and set aside when the file can be written
        try:
            _entries, notice = set_aside_drills(wrong)
        except OSError as exc:
            notice = ngettext("{count} wrong drill is not listed ({why}); it could not be set aside: {reason}",
                              "{count} wrong drills are not listed ({why}); they could not be set aside: {reason}",
                              len(wrong)).format(count=len(wrong), why=next(iter(wrong.values()))[1],
                                                 reason=files.describe_os_error(exc))
        print(f"practice: {shown(notice or '', 300)}", file=err)
    for entry in due:
        if entry.ident not in wrong:
            due_at = entry.card.due.isoformat(timespec="seconds")
            print(drill_json(entry.drill, solver, player=entry.player, due=due_at), file=out, flush=True)
    return 0


@tool_entry("practice", N_("cannot write the drills"))
def main(argv: list[str] | None = None) -> int:
    tolerant_output()
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.due == bool(args.files):
        parser.error(_("give saved games, or --due (not both)"))
    if args.player is not None and not (args.due or args.keep):
        parser.error(_("--player goes with --due or --keep"))
    if args.due and (args.keep or args.side):
        parser.error(_("--keep and --side go with saved games, not with --due"))
    if report_bad_home(parser.prog):
        return 2
    settings, problems = load_settings(args.config)
    for problem in problems:
        print(_("config: {problem}").format(problem=problem), file=sys.stderr)
    if sys.stdout is None:  # started with >&-
        if sys.stderr is not None:
            print("practice: " + _("standard output is closed"), file=sys.stderr)
        return 1
    now = datetime.now().astimezone()
    if args.due:
        return run_due(sys.stdout, sys.stderr, now, args.player, settings.table_mb)
    seconds = args.time if args.time is not None else settings.review_time
    return run_files(args.files, sys.stdout, sys.stderr, seconds=seconds, table_mb=settings.table_mb,
                     side=args.side, keep=args.keep, now=now, player=args.player or LOCAL_PLAYER)


if __name__ == "__main__":
    sys.exit(main())

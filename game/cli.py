"""Command line of ``connect4`` / ``python -m game``: the parser and the non-window actions.

Bad arguments get argparse's message and exit status 2; nothing here prints a traceback.
No pygame here.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import TextIO

from .engine.board import MoveError, Position
from .engine.heuristics import HEURISTICS
from .echo import shown, shown_path
from .i18n import _, ngettext
from game.words.move_errors import move_error_text
from game.domain.address import MAX_PORT, MIN_PORT, parse_address
from game.config.load import default_config_path, load_settings
from game.config.values import Settings
from game.domain.levels import CUSTOM_DEPTH, DEFAULT_LEVELS
from game.domain.players import HUMAN, PlayerSpec, parse_player_spec
from game.version import PROG, version_text

#: ``--check-config`` without a path: check the config the game would use.
IN_USE = "\0in use"



def spec_help() -> str:
    """The forms of a player on the command line (the words human, ai, DEPTH... are the syntax)."""
    # TRANSLATORS: "human", "ai", "ai:DEPTH", "DEPTH" and "HEURISTIC" are typed as written: keep them.
    return _("human | ai | ai:DEPTH | ai:DEPTH:HEURISTIC | a level name (DEPTH {low}-{high}; HEURISTIC {heuristics}; "
             "levels from the config, by default {levels})").format(
        low=CUSTOM_DEPTH[0], high=CUSTOM_DEPTH[1], heuristics=" | ".join(HEURISTICS),
        levels=", ".join(l.name for l in DEFAULT_LEVELS))


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=PROG,
        description=_("Connect Four for the desktop. Without --red/--yellow the menu opens."),
        # TRANSLATORS: the command lines stay as they are; translate the words in brackets.
        epilog=_(
            "examples:\n"
            "  connect4 --red human --yellow ai:8:window\n"
            "  connect4 --red Hard --yellow Expert      (computer against computer)\n"
            "  connect4 --position 4453                 (look at a position, analysis row on)\n"
            "  connect4 --host        /  connect4 --join 192.168.1.20   (a game over the network)\n"
            "  connect4 --check-config ~/.config/connect4/config.toml"
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--config", metavar="PATH",
                        help=_("settings file (default: config.toml in the user config folder, "
                               "else the one shipped with the game, else built-in defaults)"))
    parser.add_argument("--red", metavar="SPEC", help=_("red player, moves first: {forms}").format(forms=spec_help()))
    parser.add_argument("--yellow", metavar="SPEC",
                        help=_("yellow player (same forms as --red); with only one of --red/--yellow "
                               "the other is human"))
    parser.add_argument("--position", metavar="MOVES",
                        help=_("open the position after these moves (the columns played, e.g. 4453) as a "
                               "two-player game with the analysis row"))
    network = parser.add_mutually_exclusive_group()
    network.add_argument("--host", nargs="?", const=True, type=_port, metavar="PORT",
                         help=_("host a game over the network and wait for a player (PORT: default the "
                                "config's [network] port)"))
    network.add_argument("--join", metavar="ADDRESS[:PORT]",
                         help=_("join the network game hosted at ADDRESS, e.g. 192.168.1.20 or [fd00::2]:7444"))
    actions = parser.add_mutually_exclusive_group()
    actions.add_argument("--check-config", metavar="PATH", nargs="?", const=IN_USE,
                         help=_("check a settings file: print every problem and exit 2, or print \"ok\"; "
                                "without PATH, the file the game would use (--config's, else the default one)"))
    actions.add_argument("--install-desktop-entry", action="store_true",
                         help=_("Linux: add Connect Four to the desktop's application menu"))
    actions.add_argument("--uninstall-desktop-entry", action="store_true",
                         help=_("Linux: remove the entry added by --install-desktop-entry"))
    parser.add_argument("--version", action="version", version=version_text(),
                        help=_("show the program's version and whether its searches are compiled, and exit"))
    return parser


def check_config(path: str, out: TextIO | None = None, config: str | None = None) -> int:
    """``--check-config``: every problem on its own line and 2, or "ok" and 0.

    ``path`` :data:`IN_USE` checks the file the game would load: ``config`` (``--config``), else
    the default lookup; the first line then names that file, or says no file is used.
    """
    out = out or sys.stdout
    if path == IN_USE:
        if config is None:
            found = default_config_path()
            if found is None:
                print(_("no config file found: the game uses its built-in defaults"), file=out)
                print(_("ok"), file=out)
                return 0
            path = str(found)
        else:
            path = config
        print(_("checking {path}").format(path=shown_path(path)), file=out)
    problems = load_settings(path)[1]
    if not problems:
        print(_("ok"), file=out)
        return 0
    print(ngettext("{path}: {count} problem", "{path}: {count} problems", len(problems)).format(
        path=shown_path(path), count=len(problems)), file=out)
    for problem in problems:
        print(f"  {problem}", file=out)
    return 2


def resolve_players(
    parser: argparse.ArgumentParser, args: argparse.Namespace, settings: Settings
) -> tuple[PlayerSpec | None, PlayerSpec | None]:
    """The players asked for with --red/--yellow (both None: open the menu).

    A bad spec, or a ``--position`` that is not a legal game's move string, ends the program
    through ``parser.error`` (message + exit status 2).
    """
    if args.position is not None:
        try:
            Position.from_moves(args.position)
        except MoveError as e:
            parser.error(_("argument {flag}: {problem}").format(flag="--position", problem=move_error_text(e)))
    if args.red is None and args.yellow is None:
        return None, None
    players = []
    for flag, text in (("--red", args.red), ("--yellow", args.yellow)):
        if text is None:
            players.append(HUMAN)
            continue
        try:
            players.append(parse_player_spec(text, settings))
        except ValueError as e:
            parser.error(_("argument {flag}: {problem}").format(flag=flag, problem=e))
    return players[0], players[1]


def _port(text: str) -> int:
    if not (text.isascii() and text.isdigit()) or not MIN_PORT <= int(text[:6]) <= MAX_PORT:
        raise argparse.ArgumentTypeError(_("'{text}' is not a port number from {low} to {high}").format(
            text=shown(text, 20), low=MIN_PORT, high=MAX_PORT))
    return int(text)


def resolve_network(parser: argparse.ArgumentParser, args: argparse.Namespace,
                    settings: Settings) -> tuple[int | None, str | None]:
    """(port to host on, address to join) from --host/--join (both None: neither asked for).

    A bad address, or --host/--join together with --red/--yellow, ends the program through
    ``parser.error`` (message + exit status 2)."""
    if args.host is None and args.join is None:
        return None, None
    if args.red is not None or args.yellow is not None:
        parser.error(_("--host/--join play over the network: they cannot be combined with --red/--yellow"))
    if args.join is not None:
        try:
            parse_address(args.join, settings.network_port)
        except ValueError as e:
            parser.error(_("argument {flag}: {problem}").format(flag="--join", problem=shown(str(e), 200)))
        return None, args.join
    return (settings.network_port if args.host is True else args.host), None


def parse_args(argv: Sequence[str] | None = None) -> tuple[argparse.ArgumentParser, argparse.Namespace]:
    parser = build_parser()
    return parser, parser.parse_args(argv)

"""The command-line tools' argument parser, in the user's language.

:class:`ToolParser` is ``argparse.ArgumentParser`` whose own words go through ``game.i18n``: the
"usage:" prefix, the group titles, the ``-h`` line and the error line. The standard library's
argparse looks its sentences up in gettext's global domain, which is not the game's catalog, so
its error sentences ("the following arguments are required: FILE") are matched here against their
English templates and said again as the game's own messages, with the same facts in them. A
sentence of an argparse version not matched here is printed as argparse wrote it.
"""

from __future__ import annotations

import argparse
import re
import sys
from typing import NoReturn

from game.i18n import N_, _

__all__ = ["Formatter", "RawFormatter", "ToolParser", "argparse_message"]

#: argparse's error sentences (Python 3.11 to 3.13) -> the game's message with the same placeholders.
_SENTENCES: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"the following arguments are required: (?P<names>.*)", re.S),
     N_("the following arguments are required: {names}")),
    (re.compile(r"unrecognized arguments: (?P<names>.*)", re.S), N_("unrecognized arguments: {names}")),
    (re.compile(r"invalid choice: (?P<value>.*) \(choose from (?P<choices>.*)\)", re.S),
     N_("invalid choice: {value} (choose from {choices})")),
    (re.compile(r"invalid (?P<kind>.*) value: (?P<value>.*)", re.S), N_("invalid value: {value}")),
    (re.compile(r"expected one argument"), N_("expected one value")),
    (re.compile(r"expected at most one argument"), N_("expected at most one value")),
    (re.compile(r"expected at least one argument"), N_("expected at least one value")),
    (re.compile(r"not allowed with argument (?P<name>.*)", re.S), N_("not allowed with {name}")),
    (re.compile(r"one of the arguments (?P<names>.*) is required", re.S), N_("one of {names} is required")),
    (re.compile(r"ambiguous option: (?P<option>.*) could match (?P<matches>.*)", re.S),
     N_("ambiguous option: {option} could be {matches}")),
    (re.compile(r"ignored explicit argument (?P<value>.*)", re.S), N_("{value} is not allowed here")),
)
_ARGUMENT = re.compile(r"argument (?P<name>\S+): (?P<message>.*)", re.S)


def argparse_message(message: str) -> str:
    """An error sentence of argparse said in the user's language (``message`` itself where it is
    not one of argparse's: the tools' own messages are already translated)."""
    argument = _ARGUMENT.fullmatch(message)
    if argument:
        # TRANSLATORS: {name} is a command-line option (--depth) or argument (FILE) a problem is about.
        return _("argument {name}: {message}").format(name=argument["name"],
                                                      message=argparse_message(argument["message"]))
    for pattern, english in _SENTENCES:
        match = pattern.fullmatch(message)
        if match:
            return _(english).format(**match.groupdict())
    return message


class Formatter(argparse.HelpFormatter):
    """argparse's help layout, with the usage line's prefix in the user's language."""

    def add_usage(self, usage, actions, groups, prefix=None) -> None:
        if prefix is None:
            # TRANSLATORS: the start of a command's usage line; keep the colon and the space after it.
            prefix = _("usage: ")
        super().add_usage(usage, actions, groups, prefix)


class RawFormatter(Formatter, argparse.RawDescriptionHelpFormatter):
    """:class:`Formatter` keeping the description and epilog as written (a tool that lays its
    output's fields out by hand)."""


class ToolParser(argparse.ArgumentParser):
    """An argument parser whose own words are in the user's language (see the module)."""

    def __init__(self, *args, **kwargs) -> None:
        add_help = kwargs.pop("add_help", True)
        kwargs.setdefault("formatter_class", Formatter)
        super().__init__(*args, add_help=False, **kwargs)
        self._positionals.title = _("positional arguments")
        self._optionals.title = _("options")
        if add_help:
            self.add_argument("-h", "--help", action="help", default=argparse.SUPPRESS,
                              help=_("show this help message and exit"))

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        # TRANSLATORS: {prog} is the command (python -m game.analyze), {message} what is wrong.
        self.exit(2, _("{prog}: error: {message}").format(prog=self.prog, message=argparse_message(message)) + "\n")

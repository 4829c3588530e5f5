"""Every command's --help is plain text for a terminal: no reStructuredText or Markdown markup."""

from __future__ import annotations

import re

import pytest

from game.tools import analyze, bench, review
from game.tools.arena import cli as arena_cli
from game import cli

MARKUP = re.compile(r"``|\*\*|:func:|:mod:|:class:|`[^`]+`")


@pytest.mark.parametrize("main", [bench.main, analyze.main, review.main, arena_cli.main,
                                  lambda argv: cli.build_parser().parse_args(argv)],
                         ids=["bench", "analyze", "review", "arena", "connect4"])
def test_help_has_no_markup(main, capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["--help"])
    assert exit_.value.code == 0
    text = capsys.readouterr().out
    assert text.startswith("usage: ") and len(text) > 200
    assert not MARKUP.search(text), MARKUP.search(text).group(0)

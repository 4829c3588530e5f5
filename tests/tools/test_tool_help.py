"""Every command's --help is plain text for a terminal: no reStructuredText or Markdown markup."""

from __future__ import annotations

import re

import pytest

from game.tools import analyze, bench, coach, review
from game.tools.arena import arena_cli
from game import cli

MARKUP = re.compile(r"``|\*\*|:func:|:mod:|:class:|`[^`]+`")


@pytest.mark.parametrize("main", [bench.main, analyze.main, review.main, coach.main, arena_cli.main,
                                  lambda argv: cli.build_parser().parse_args(argv)],
                         ids=["bench", "analyze", "review", "coach", "arena", "connect4"])
def test_help_has_no_markup(main, capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["--help"])
    assert exit_.value.code == 0
    text = capsys.readouterr().out
    assert text.startswith("usage: ") and len(text) > 200
    assert not MARKUP.search(text), MARKUP.search(text).group(0)


def test_analyze_help_explains_its_output_with_an_example_it_really_prints(capsys):
    import io

    from game.tools import analyze as tool

    with pytest.raises(SystemExit):
        tool.main(["--help"])
    text = capsys.readouterr().out
    assert "MOVES SCORE BEST NODES MICROSECONDS" in text and "--columns" in text.split("output, one line")[1]
    example = text.split("e.g. ")[1].split()[:3]                 # moves, score, best column
    out = io.StringIO()
    config = tool.make_config(tool.build_parser().parse_args([]), tool.build_parser())
    assert tool.run(io.BytesIO(f"{example[0]}\n".encode()), out, io.StringIO(), config, columns=False) == 0
    assert out.getvalue().split()[:3] == example


def test_review_help_names_each_field_and_grade(capsys):
    with pytest.raises(SystemExit):
        review.main(["--help"])
    text = capsys.readouterr().out.split("output, one line per move:")[1]
    assert "NUMBER COLUMN GRADE SIDE" in text
    for word in ("best", "good", "inaccuracy", "mistake", "blunder", "unproved", "#", "next"):
        assert word in text, word

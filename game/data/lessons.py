"""The course Learn teaches (``game.training.course`` reads it): each lesson's slug, title, goal,
page of plain words, and positions to solve. The titles and pages are marked for
translation (``N_``) and translated where they are shown.

A position is a move string from the empty board (columns 1-7), the columns that solve it and the
outcome those columns keep for the side to move ("win" or "draw"). The goal "win at once" accepts
exactly the columns that complete four; "keep the best outcome" exactly the columns whose exact
value keeps the position's best outcome. ``tests/training/test_course.py`` proves every position
with the solver and checks that the lesson's idea is what decides it.

The odd and even threats and the zugzwang follow L. V. Allis, *A Knowledge-based Approach of
Connect-Four* (1988).
"""

from __future__ import annotations

from game.i18n import N_

__all__ = ["LESSONS"]

WIN_AT_ONCE, KEEP = "win at once", "keep the best outcome"

LESSONS: tuple[tuple[str, str, str, str, tuple[tuple[str, str, str], ...]], ...] = (
    ("rules", N_("The rules and the four directions"), WIN_AT_ONCE, N_(
        "Two players take turns. Red goes first, then Yellow. On your turn you drop one disc into one "
        "of the seven columns; it falls to the lowest empty cell of that column. The first player "
        "with four discs of their colour in a row wins. A row can run in four directions: across "
        "(left to right), up (one column, one disc on another), and the two slants, rising to the "
        "right or rising to the left. If all 42 cells fill up with no four, the game is a draw. In "
        "each position below, find the disc that makes four in a row."), (
        ("335645", "2", "win"),             # across
        ("4612421642", "4", "win"),         # up
        ("3466656544", "5", "win"),         # slant rising to the right
        ("443375656453", "4", "win"),       # slant rising to the left
    )),
    ("centre", N_("The centre"), KEEP, N_(
        "The middle column is the strongest place for a disc. A disc in column 4 can be part of more "
        "rows of four than a disc anywhere else: every row across the board and both slants pass "
        "through it. That is why Red wins the game from the empty board only by starting in the "
        "middle, and why the centre often stays the best answer early in the game. In each position "
        "below only column 4 keeps the best outcome. Play it."), (
        ("", "4", "win"),
        ("17", "4", "win"),
        ("25", "4", "win"),
        ("152", "4", "win"),
        ("244", "4", "draw"),
        ("263", "4", "draw"),
    )),
    ("win", N_("Win at once"), WIN_AT_ONCE, N_(
        "Before every move, look at your own discs first: do you have three in a row with an empty "
        "cell you can fill right now? If so, play there and the game is over. It is easy to miss, "
        "because the other player has a threat too and your eyes go to blocking it. A win at once "
        "beats any block. In each position below you can win with this disc. Some have two winning "
        "columns: either one is right."), (
        ("6443623354", "5", "win"),
        ("3622464242", "145", "win"),
        ("43647546454", "37", "win"),
        ("24464526256", "37", "win"),
        ("552335424344", "5", "win"),
        ("535264153545", "26", "win"),
    )),
    ("block", N_("Block"), KEEP, N_(
        "After checking your own wins, check the other player's. A threat is an empty cell where one "
        "more disc would make four in a row. If the other player has a threat that they can fill on "
        "their next move, you must put your disc there now, or they win. In each position below, the "
        "other player has exactly one such threat, and blocking it is the only move that keeps your "
        "best outcome."), (
        ("6135543464", "4", "win"),
        ("5473544332", "1", "win"),
        ("43566644263", "5", "win"),
        ("64546115544", "7", "draw"),
        ("41331347254", "4", "win"),
        ("3434473315", "6", "win"),
    )),
    ("two-threats", N_("Two threats"), KEEP, N_(
        "One threat can be blocked. Two threats at once cannot: the other player has one disc, and it "
        "can fill only one cell. So the way to win is to play a disc that makes two threats at the "
        "same time, two empty cells that would each finish four in a row. Two threats one right above "
        "the other work as well: blocking the lower one lets you play the upper one. In each position "
        "below, one move makes two threats and wins."), (
        ("5756254366", "4", "win"),
        ("523564342447", "3", "win"),
        ("373756132444", "25", "win"),
        ("3352462635415", "4", "win"),
        ("3674375417456", "7", "win"),
    )),
    ("under", N_("The cell under a winning cell"), KEEP, N_(
        "A threat high up in a column is not playable yet: a disc can only land on top of the others. "
        "But the moment someone fills the cell right under it, the threat can be played. So never put "
        "your disc right under the other player's winning cell: they drop their disc on top of yours "
        "and win. In each position below, the other player has a threat that is not yet playable. "
        "Every column keeps your best outcome except the one right under that threat. Find a safe "
        "move."), (
        ("527153465335", "123567", "win"),
        ("6462355344222", "123456", "win"),
        ("46333352515215", "123567", "win"),
        ("65215644454344", "12357", "win"),
        ("544444411556673", "12357", "win"),
    )),
    ("odd-even", N_("Odd and even threats"), KEEP, N_(
        "Count the rows from 1 at the bottom to 6 at the top. When the board fills up column by "
        "column, Red, who moved first, tends to get the cells of the odd rows (1, 3, 5) and Yellow "
        "the cells of the even rows (2, 4, 6). So a threat on an odd row is worth most to Red and a "
        "threat on an even row is worth most to Yellow: if nobody can block it, the other player is "
        "in the end forced to play right under it. This idea comes from L. V. Allis, \"A "
        "Knowledge-based Approach of Connect-Four\" (1988). In each position below, make or keep a "
        "threat on a row that suits your colour."), (
        ("3362545325", "3", "win"),
        ("4646766465", "37", "win"),
        ("74664224153", "3", "win"),
        ("33324545344", "34", "win"),
        ("45246542255", "1", "win"),
    )),
    ("zugzwang", N_("Zugzwang"), KEEP, N_(
        "Zugzwang is a German word for being forced to move when every move hurts. Near the end of a "
        "game there are few columns left. If you have a threat on a row that suits your colour, you "
        "do not need to do anything clever: keep playing safe moves that leave the threat alone, and "
        "the other player runs out of other places and must play right under your winning cell. In "
        "each position below, pick the move that keeps your threat and lets the board fill up around "
        "it."), (
        ("15434453545524432236356326", "26", "win"),
        ("31334115545413411332557457", "47", "win"),
        ("26332422753456615446246363", "14", "win"),
        ("234344524412322313412311566", "5", "win"),
        ("444644164255555775276727711", "126", "win"),
    )),
)

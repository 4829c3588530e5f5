"""Computer-vs-computer matches: pacing (pause, one step, minimum time per move), the score, and
balanced openings, so that two equal computers do not replay one game.

Each opening is played twice, the computers swapping colours in between: a "balanced" opening may
still be won by one colour with the last disc, and over the pair each computer has had both sides of
it, so the score compares the players, not the openings they were dealt."""

from __future__ import annotations

import random

from game.data.openings import OPENINGS
from game.domain.players import PlayerSpec
from game.i18n import _, decimal_text, ngettext
from game.model import GameModel, Scoreboard

NEXT_GAME_PAUSE = 2.5     # seconds a finished game stays on screen before the next one
DELAY_STEP = 0.2          # +/- change of the minimum time per move
MAX_DELAY = 10.0


class Spectator:
    """The state of a match between two computers shown in the window."""

    def __init__(self, model: GameModel, delay: float, seed: int | None = None) -> None:
        self.scoreboard = Scoreboard.for_model(model)
        first, second = (model.yellow, model.red) if model.swapped else (model.red, model.yellow)
        names = [short_label(first), short_label(second)]
        if names[0] == names[1]:
            names = [f"{names[0]} (1)", f"{names[1]} (2)"]
        self.labels: tuple[str, str] = (names[0], names[1])     # the scoreboard's seats, shortly
        self.delay = delay
        self.paused = False
        self.step_once = False
        self.over_timer = 0.0
        self.rng = random.Random(seed)
        self.opening = ""
        self.second_of_pair = False       # the opening on the board is being played a second time
        self._order: list[str] = []

    def next_opening(self) -> str:
        """The next game's opening: the last one again with the colours swapped, after its first
        game; else a new one, each used once (in a shuffled order) before any repeats."""
        if self.opening and not self.second_of_pair:
            self.second_of_pair = True
            return self.opening
        if not self._order:
            self._order = list(OPENINGS)
            self.rng.shuffle(self._order)
        self.opening = self._order.pop()
        self.second_of_pair = False
        return self.opening

    def opening_note(self) -> str:
        """The header's words on the opening: its length, and whether this is its second game."""
        if not self.opening:
            return ""
        n = len(self.opening)
        if self.second_of_pair:
            return ngettext("from a {n}-move opening, colours swapped", "from a {n}-move opening, colours swapped",
                            n).format(n=n)
        return ngettext("from a {n}-move opening", "from a {n}-move opening", n).format(n=n)

    def toggle_pause(self) -> str:
        self.paused = not self.paused
        return _("Paused: Space resumes, Right arrow plays one move") if self.paused else _("Resumed")

    def step(self) -> str | None:
        if not self.paused:
            return _("Press Space to pause first, then the Right arrow steps one move")
        self.step_once = True
        return None

    def change_delay(self, sign: int) -> str:
        self.delay = round(min(MAX_DELAY, max(0.0, self.delay + sign * DELAY_STEP)), 2)
        return _("Minimum time per move: {seconds} s").format(seconds=decimal_text(self.delay))

    def may_move(self, since_move: float) -> bool:
        """Whether a ready computer move may be played now; uses up a pending single step."""
        if self.paused and not self.step_once:
            return False
        if not self.step_once and since_move < self.delay:
            return False
        self.step_once = False
        return True

    def next_game_due(self, dt: float) -> bool:
        """Count the finished game's time on screen; True once the next game should start."""
        if self.paused and not self.step_once:
            return False
        self.over_timer += dt
        if self.over_timer >= NEXT_GAME_PAUSE or self.step_once:
            self.step_once = False
            self.over_timer = 0.0
            return True
        return False

    def colour_label(self, model: GameModel, number: int) -> str:
        """The label of the player on colour ``number`` now (so equal levels stay apart)."""
        seat = (number - 1) ^ int(model.swapped)
        return self.labels[seat]

    def score_line(self, model: GameModel, counted: bool) -> tuple[str, str]:
        """(full, short) score lines: the game's number, each player's wins and the draws.

        The wins belong to the players, whatever colour they had when they won: colours swap every
        game, so the line names no colour (the header says who plays which now)."""
        return match_score(self.labels, [self.scoreboard.wins[label] for label in self.scoreboard.labels],
                           self.scoreboard.draws, self.scoreboard.games + (0 if counted else 1))


def match_score(labels: tuple[str, str], wins: list[int], draws: int, game: int) -> tuple[str, str]:
    """(full, short) score of a match, players in seat order: "Game 3 · Hard (1) 2 – 0 Hard (2) · 0 drawn"."""
    full = ngettext("Game {game} · {first} {first_wins} – {second_wins} {second} · {draws} drawn",
                    "Game {game} · {first} {first_wins} – {second_wins} {second} · {draws} drawn", draws)
    short = ngettext("Game {game} · {first_wins}–{second_wins}, {draws} drawn",
                     "Game {game} · {first_wins}–{second_wins}, {draws} drawn", draws)
    values = {"game": game, "first": labels[0], "second": labels[1], "first_wins": wins[0],
              "second_wins": wins[1], "draws": draws}
    return full.format(**values), short.format(**values)


def short_label(spec: PlayerSpec) -> str:
    """"Hard", or "depth 8 window" for a custom depth."""
    if spec.level:
        return spec.level
    if spec.depth and spec.heuristic:
        return _("depth {depth} {heuristic}").format(depth=spec.depth, heuristic=spec.heuristic)
    if spec.depth:
        return _("depth {depth}").format(depth=spec.depth)
    return spec.heuristic or _("Computer")

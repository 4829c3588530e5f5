"""Two people at one screen: their names, the running score of the sitting, and who starts.

The names belong to the seats (the first name starts the first game). With ``alternate`` on, each
new game swaps the colours, so the other player starts; names and wins follow the players. A game
counts once with its latest result: undoing the last move and ending it otherwise changes it.
"""

from __future__ import annotations

from game.domain.names import clean_player_name
from game.i18n import N_, _
from game.model import GameModel
from game.ui.game.spectator import match_score

DEFAULT_NAMES = (N_("Player 1"), N_("Player 2"))
DRAWN = 2  # the result of a drawn game, beside the seats 0 and 1 of a win


class TwoPlayers:
    def __init__(self, names: tuple[str, str] = ("", ""), alternate: bool = False,
                 colours: tuple[str, str] = ("Red", "Yellow")) -> None:
        given = [clean_player_name(name) for name in names]
        #: Whether the window names the players; without names or turns, the colours say it all.
        self.named = any(given) or alternate
        defaults = tuple(_(name) for name in DEFAULT_NAMES) if self.named else colours    # unnamed seats keep their colours
        cleaned = [name or default for name, default in zip(given, defaults)]
        if cleaned[0].casefold() == cleaned[1].casefold():
            cleaned = [f"{cleaned[0]} (1)", f"{cleaned[1]} (2)"]
        self.names: tuple[str, str] = (cleaned[0], cleaned[1])    # by seat
        self.typed: tuple[bool, bool] = (bool(given[0]), bool(given[1]))   # by seat: a name someone typed
        self.alternate = alternate
        self.results = [0, 0, 0]           # wins of seat 0, of seat 1, draws: the games before this one
        self.current: int | None = None    # this game's result once it has ended

    def name(self, model: GameModel, number: int) -> str:
        """The name of whoever plays colour ``number`` now."""
        return self.names[(number - 1) ^ int(model.swapped)]

    def typed_name(self, model: GameModel, number: int) -> bool:
        """Whether the name of whoever plays colour ``number`` now was typed (not a seat's default)."""
        return self.typed[(number - 1) ^ int(model.swapped)]

    def update(self, model: GameModel) -> None:
        """Follow the game after every change (a move, an undo, a load)."""
        if not model.is_over:
            self.current = None
        elif model.winner is None:
            self.current = DRAWN
        else:
            self.current = (model.winner - 1) ^ int(model.swapped)

    def totals(self) -> list[int]:
        """[wins of the first name, wins of the second, draws], the game on the board included."""
        totals = list(self.results)
        if self.current is not None:
            totals[self.current] += 1
        return totals

    def score_line(self) -> tuple[str, str]:
        """(full, short): "Game 3 · Ann 2 – 0 Bob · 0 drawn"."""
        wins_0, wins_1, draws = self.totals()
        game = sum(self.results) + 1
        return match_score(self.names, [wins_0, wins_1], draws, game)

    def new_game(self, model: GameModel) -> None:
        """The next game of the sitting: the other player starts when the players take turns."""
        if self.current is not None:
            self.results[self.current] += 1
        self.current = None
        model.new_game(swap_colours=self.alternate)

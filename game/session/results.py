"""What a finished game against the computer leaves behind: its line in the player's record, this
sitting's tally, and the menu's lines about the record (rating, even level, results per level).

A game counts only when the window saw it end: the change before showed the same game one move
short of its end. A finished game loaded from a file, or shown again after its review, is not
counted, nor is the same finished game twice in one sitting (undo and redo). Two-player and
computer-vs-computer games are never recorded. Each game is recorded rated or casual as the
rating guard says; a rated game the player left unfinished is recorded as a loss. No pygame here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.domain.rated import RatedGame, level_elo
from game.domain.record import GameRecord, Rating, Record, RecordResult
from game.i18n import _, ngettext, rating_text
from game.session.record_keeper import RecordKeeper

if TYPE_CHECKING:
    from game.model import GameModel
    from game.config.values import Settings

__all__ = ["Results"]


class Results:
    def __init__(self, settings: Settings, keeper: RecordKeeper) -> None:
        self.settings = settings
        self.keeper = keeper
        self.tally = {RecordResult.WIN: 0, RecordResult.DRAW: 0, RecordResult.LOSS: 0}
        self.record = Record()
        self._rating: Rating | None = None   # the record's rating, worked out once per change of the record
        self._open: str | None = None  # the moves of the unfinished game the last change showed
        self._counted: set[tuple[str, str, str]] = set()  # (moves, red, yellow) recorded this sitting

    def update(self, model: GameModel, rated: bool) -> None:
        """The game on the board changed; a game that just ended joins the record (``rated`` or not)."""
        moves = model.moves_string()
        if not model.is_over:
            self._open = moves
            return
        if self._open is not None and len(moves) == len(self._open) + 1 and moves.startswith(self._open):
            self._record(model, rated)
        self._open = None

    def _record(self, model: GameModel, rated: bool) -> None:
        humans = [n for n in (1, 2) if not model.player(n).is_ai]
        if len(humans) != 1:
            return  # two players, or a computer match: not rated
        colour = humans[0]
        key = (model.moves_string(), model.player(1).spec(), model.player(2).spec())
        if key in self._counted:
            return
        self._counted.add(key)
        winner = model.winner
        result = (RecordResult.DRAW if winner is None else
                  RecordResult.WIN if winner == colour else RecordResult.LOSS)
        self.tally[result] += 1
        self._add(model, colour, result, rated)

    def forfeit(self, model: GameModel, game: RatedGame) -> None:
        """A rated game the player left unfinished: a loss in the record (and in this sitting)."""
        if game.human is None:
            return
        self.tally[RecordResult.LOSS] += 1
        self._add(model, game.human, RecordResult.LOSS, rated=True)

    def _add(self, model: GameModel, colour: int, result: RecordResult, rated: bool) -> None:
        computer = model.player(3 - colour)
        elo = level_elo(computer, self.settings.levels)
        name = computer.level or computer.spec()
        self.keeper.add(GameRecord.now(name, elo, colour, result, model.moves_string(), rated=rated))

    @property
    def played(self) -> bool:
        """Whether a game of this sitting has joined the record (the tally is shown from then on)."""
        return any(self.tally.values())

    def tally_text(self) -> str:
        """"This sitting: 2 won · 0 drawn · 1 lost"."""
        w, d, l = (self.tally[r] for r in RecordResult)
        return _("This sitting: {won} won · {drawn} drawn · {lost} lost").format(won=w, drawn=d, lost=l)

    def poll(self) -> list[str]:
        """Take the keeper's news: new menu lines when the record changed, and its notices."""
        changed, notices = self.keeper.poll()
        if changed:
            self.record = self.keeper.record
            self._rating = self.record.rating() if self.record.games else None
        return notices

    @property
    def lines(self) -> list[str]:
        """The menu's lines, in the language in use: nothing before the first game; then the
        rating line and the record line (the rating is worked out once per change of the record)."""
        if not self.record.games:
            return []
        levels = [(level.name, level.elo) for level in self.settings.levels if level.elo is not None]
        rating = self._rating if self._rating is not None else self.record.rating()
        lines = []
        if rating.games:
            even = rating.even_level(levels)
            lines.append(" · ".join((rating_line(rating, levels), *(
                (_("{level} should give you an even game").format(level=even),) if even else ()))))
        table = self.record.per_level()
        order = {level.name: i for i, level in enumerate(self.settings.levels)}
        names = sorted(table, key=lambda name: (order.get(name, len(order)), name))
        parts = [f"{name} {'-'.join(map(str, table[name]))}" for name in names]
        casual = self.record.casual_games()
        if casual:
            parts.append(ngettext("{n} casual game, not rated", "{n} casual games, not rated", casual).format(n=casual))
        lines.append(_("Won-drawn-lost: {results}").format(results=" · ".join(parts)))
        return lines


def rating_line(rating: Rating, levels: list[tuple[str, int]]) -> str:
    """"Your rating: about 1450 ± 120 — between Hard and Expert", in the language in use."""
    ladder = sorted(levels, key=lambda item: item[1])
    values = {"rating": rating_text(rating.value), "rd": round(rating.rd)}
    if not ladder:
        return _("Your rating: about {rating} ± {rd} — no rated levels").format(**values)
    if rating.value < ladder[0][1]:
        return _("Your rating: about {rating} ± {rd} — below {level}").format(level=ladder[0][0], **values)
    for (low, low_elo), (high, high_elo) in zip(ladder, ladder[1:]):
        if low_elo <= rating.value < high_elo:
            return _("Your rating: about {rating} ± {rd} — between {low} and {high}").format(low=low, high=high,
                                                                                           **values)
    if rating.value > ladder[-1][1]:
        return _("Your rating: about {rating} ± {rd} — above {level}").format(level=ladder[-1][0], **values)
    return _("Your rating: about {rating} ± {rd} — at {level}").format(level=ladder[-1][0], **values)

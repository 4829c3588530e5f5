"""The menu's lines about the player: the rating estimate, the level for an even game, and the
record per level (wins-draws-losses). Read from ``game.domain.record`` each time the menu opens."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.domain.record import Record
from game.record_keeper import RecordKeeper

if TYPE_CHECKING:
    from game.ui.scene import Context


class RecordView:
    def __init__(self, ctx: Context, keeper: RecordKeeper) -> None:
        self.ctx = ctx
        self.keeper = keeper
        self.record = Record()
        self.shown: list[str] = []  # the lines for the menu, computed once per change of the record

    def refresh(self) -> None:
        """Take the keeper's news: its notices, and new lines when the record changed."""
        changed, notices = self.keeper.poll()
        for notice in notices:
            self.ctx.notices.add(notice, "error", seconds=12.0)
        if changed:
            self.record = self.keeper.record
            self.shown = self.lines()

    def line(self, index: int) -> str:
        """The ``index``-th menu line, or "" (a provider for ``MenuScene.info_lines``)."""
        if index == 0:
            self.refresh()
        return self.shown[index] if index < len(self.shown) else ""

    def lines(self) -> list[str]:
        """Nothing before the first game; then the rating line and the record line."""
        if not self.record.games:
            return []
        levels = [(level.name, level.elo) for level in self.ctx.settings.levels if level.elo is not None]
        rating = self.record.rating()
        lines = []
        if rating.games:
            text = f"Your rating: {rating.text(levels)}"
            even = rating.even_level(levels)
            lines.append(text + (f" · {even} should give you an even game" if even else ""))
        table = self.record.per_level()
        order = {level.name: i for i, level in enumerate(self.ctx.settings.levels)}
        names = sorted(table, key=lambda name: (order.get(name, len(order)), name))
        parts = [f"{name} {'-'.join(map(str, table[name]))}" for name in names]
        casual = self.record.casual_games()
        if casual:
            parts.append(f"{casual} casual game{'s' if casual != 1 else ''}, not rated")
        lines.append("Won-drawn-lost: " + " · ".join(parts))
        return lines

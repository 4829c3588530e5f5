"""The menu's lines about the player: the rating estimate, the level for an even game, and the
record per level (wins-draws-losses). Read from ``game.record`` each time the menu opens."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.record import Record, load_record
from game.ui.resources import draw_text, fit_text

if TYPE_CHECKING:
    from game.ui.scene import Context


class RecordView:
    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.record = Record()

    def refresh(self) -> None:
        self.record, notice = load_record()
        if notice:
            self.ctx.notices.add(notice, "error", seconds=12.0)

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
        lines.append("Won-drawn-lost: " + " · ".join(f"{name} {'-'.join(map(str, table[name]))}" for name in names))
        return lines

    def draw(self, surface: pygame.Surface, top: int) -> None:
        width, height = surface.get_size()
        size = max(13, height // 50)
        theme = self.ctx.theme
        for i, line in enumerate(self.lines()):
            draw_text(surface, fit_text(line, size, width - 40), size, theme.text if i == 0 else theme.dim_text,
                      midtop=(width // 2, top + i * (size + 4)))

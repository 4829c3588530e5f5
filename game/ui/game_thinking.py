"""The game scene's engine requests: which answer the state on the board wants, the request for it
(built only when it is submitted), and what came back for this position: the computer's chosen
move, every column's value (the analysis row; the hint is its best column), whether a hint was
asked for. Everything here is forgotten when the position changes. No pygame here."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from game.engine.search_values import SearchResult
from game.service.requests import AIRequest, AIUpdate, Analysis, Kind
from game.ui.analysis_view import best_column, hint_words

if TYPE_CHECKING:
    from game.engine.search_values import SearchConfig
    from game.model import GameModel
    from game.service.client import EngineClient
    from game.config.values import Settings

__all__ = ["ANALYSIS_ROUNDS", "Thinking"]

#: An analysis that came back with estimates is asked again, each time for twice as long, this many
#: times: a value proved later replaces its estimate (about 15 s in all with the default budget).
ANALYSIS_ROUNDS = 4


class Thinking:
    def __init__(self, client: EngineClient, settings: Settings) -> None:
        self.client = client
        self.settings = settings
        self.forget()

    def forget(self) -> None:
        """A new position: nothing computed for the previous one still holds."""
        self.pending: SearchResult | None = None    # the computer's chosen move, not played yet
        self.analysis: Analysis | None = None
        self.rounds = 0  # analyses of this position that came back with estimates
        self.hint_wanted = False
        self.client.forget()

    def wanted(self, model: GameModel, analysis_on: bool) -> Kind | None:
        """Which answer the engine should be working on for ``model``, if any."""
        if model.is_over or self.client.error:
            return None
        if model.is_ai_turn():
            return Kind.MOVE if self.pending is None else None
        if (self.hint_wanted or analysis_on) and (
                self.analysis is None or (not self.analysis.exact and self.rounds < ANALYSIS_ROUNDS)):
            return Kind.ANALYSIS  # again, for twice as long, while it holds estimates: proofs replace them
        return None

    def request(self, kind: Kind, tag: int, model: GameModel, analysis_on: bool) -> AIRequest:
        return AIRequest(tag, model.position, self._config(kind, model, analysis_on), kind)

    def _config(self, kind: Kind, model: GameModel, analysis_on: bool) -> SearchConfig:
        settings = self.settings
        if kind is Kind.MOVE:
            return settings.player_search(model.player(model.turn))
        # A hint alone gets a little longer than the analysis row: it is asked for on purpose.
        budget = settings.analysis_time if analysis_on else max(1.0, settings.analysis_time)
        budget *= 2 ** self.rounds
        return replace(settings.search_config(), perfect_play=True, time_limit=budget)

    def accept(self, update: AIUpdate) -> bool:
        """Take an answer in; True when it is an analysis the hint may now name."""
        result = update.result
        if isinstance(result, SearchResult):
            self.pending = result
        elif isinstance(result, Analysis):
            self.analysis = result
            self.rounds += not result.exact
            return self.hint_wanted
        return False

    def hint(self) -> int | None:
        """The hinted column: the analysis's best column, once asked for and known."""
        if not self.hint_wanted or self.analysis is None:
            return None
        return best_column(self.analysis)

    def hint_text(self, played: int) -> str | None:
        """The hint in words ("column 4 — wins"), once known."""
        if self.hint() is None or self.analysis is None:
            return None
        words = hint_words(self.analysis, played)
        return words[1] if words else None

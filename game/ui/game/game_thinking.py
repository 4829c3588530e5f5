"""The game scene's engine side: which answer the state on the board wants, the request for it
(built only when it is submitted), and what came back for this position: the computer's chosen
move, every column's value (the analysis row; the hint is its best column), whether a hint was
asked for, and why a column is what it is (W's column, and the hinted one). Everything here is
forgotten when the position changes.

Once a frame the scene takes the answers that arrived (:meth:`Thinking.answers`), which come back
as one :class:`Answer` it applies (the computer's move to drop, a hint to say), then says what it
wants next (:meth:`Thinking.ask`); the client sends a request only when that changes. No pygame
here."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from game.engine.advice import Advice
from game.engine.search_values import SearchResult
from game.service.requests import (AIRequest, AIUpdate, Analysis, AnalysisRequest, Explained, ExplainRequest, Kind,
                                   MoveRequest)
from game.ui.game.analysis_view import best_column, hint_words

if TYPE_CHECKING:
    from game.engine.search_values import SearchConfig
    from game.model import GameModel
    from game.service.client import EngineClient
    from game.config.values import Settings

__all__ = ["ANALYSIS_ROUNDS", "Answer", "Thinking"]

#: An analysis that came back with estimates is asked again, each time for twice as long, this many
#: times: a value proved later replaces its estimate (about 15 s in all with the default budget).
ANALYSIS_ROUNDS = 4


@dataclass(frozen=True, slots=True)
class Answer:
    """What this frame's answers mean for the scene: the computer's move (0-based), due now; the
    hint in words, when the analysis it waited for came on the player's turn."""

    move: int | None = None
    hint: str | None = None


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
        self.why_wanted: int | None = None   # the column W asked about ("why?"), this position only
        self.explained: dict[int, Explained] = {}   # column -> why, as it came
        self.client.forget()

    def wanted(self, model: GameModel, analysis_on: bool) -> Kind | None:
        """Which answer the engine should be working on for ``model``, if any."""
        if model.is_over or self.client.error:
            return None
        if model.is_ai_turn():
            return Kind.MOVE if self.pending is None else None
        if self.why_column() is not None:
            return Kind.EXPLAIN  # asked for on purpose: before the analysis row's next round
        if (self.hint_wanted or analysis_on) and (
                self.analysis is None or (not self.analysis.exact and self.rounds < ANALYSIS_ROUNDS)):
            return Kind.ANALYSIS  # again, for twice as long, while it holds estimates: proofs replace them
        return None

    def request(self, kind: Kind, tag: int, model: GameModel, analysis_on: bool,
                names: tuple[str, str] = ("Red", "Yellow")) -> AIRequest:
        if kind is Kind.EXPLAIN:
            column = self.why_column()
            assert column is not None, "an explanation is asked for only while one is wanted"
            return ExplainRequest(tag, model.position, self.settings.search_config(), column, names)
        if kind is Kind.MOVE:
            return MoveRequest(tag, model.position, self._config(kind, model, analysis_on))
        return AnalysisRequest(tag, model.position, self._config(kind, model, analysis_on))

    def why_column(self) -> int | None:
        """The column whose explanation is wanted and not here yet: W's column, else the hint's."""
        for column in (self.why_wanted, self.hint()):
            if column is not None and column not in self.explained:
                return column
        return None

    def why(self) -> Advice | None:
        """What the coach says about W's column (else the hinted one), once the worker has said: the
        words and the cells they ring (``game.engine.coaching``)."""
        for column in (self.why_wanted, self.hint()):
            if column is not None and column in self.explained:
                explanation = self.explained[column].explanation
                return explanation.advice or Advice(column, None, 0, explanation.facts, ())
        return None

    def _config(self, kind: Kind, model: GameModel, analysis_on: bool) -> SearchConfig:
        settings = self.settings
        if kind is Kind.MOVE:
            return settings.player_search(model.player(model.turn))
        # A hint alone gets a little longer than the analysis row: it is asked for on purpose.
        budget = settings.analysis_time if analysis_on else max(1.0, settings.analysis_time)
        budget *= 2 ** self.rounds
        return replace(settings.search_config(), perfect_play=True, time_limit=budget)

    def answers(self, tag: int, *, played: int, can_move: bool, move_due: bool) -> Answer:
        """Take in what arrived for ``tag`` (``played`` moves on the board): the chosen move is
        handed out once ``move_due`` (and forgotten here), a hint once the player ``can_move``."""
        hint = None
        for update in self.client.poll(tag):
            if self.accept(update) and can_move:
                hint = self.hint_text(played)
        move = None
        if self.pending is not None and move_due:
            move, self.pending = self.pending.move, None
        return Answer(move, hint)

    def ask(self, tag: int, model: GameModel, analysis_on: bool, names: tuple[str, str], now: float) -> None:
        """Have the engine work on what ``model`` wants now (the request built only when it changes)."""
        self.client.sync(self.wanted(model, analysis_on), tag,
                         lambda kind: self.request(kind, tag, model, analysis_on, names), now)

    def want(self, *, hint: bool = False, why: int | None = None) -> None:
        """The player asked for the hint, or why column ``why`` is what it is (this position only)."""
        self.hint_wanted = self.hint_wanted or hint
        if why is not None:
            self.why_wanted = why
        elif hint:
            self.why_wanted = None   # H asks for the hint's words: they replace W's

    def accept(self, update: AIUpdate) -> bool:
        """Take an answer in; True when it is an analysis the hint may now name."""
        result = update.result
        if isinstance(result, SearchResult):
            self.pending = result
        elif isinstance(result, Explained):
            self.explained[result.column] = result
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

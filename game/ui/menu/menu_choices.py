"""What the menu lets a player choose: the mode, the colour, each computer's level (or a custom
depth and heuristic), two people's names; remembered between runs as preferences. No pygame here."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from game.config.values import Settings
from game.domain.levels import CUSTOM_DEPTH
from game.domain.names import clean_player_name
from game.domain.players import HUMAN, parse_player_spec, PlayerSpec
from game.engine.heuristics import HEURISTICS
from game.i18n import N_

MODES = ("vs_computer", "two_players", "spectator")
#: The modes' names (English, translated where shown).
MODE_LABELS = {"vs_computer": N_("You vs Computer"), "two_players": N_("Two players (same screen)"),
               "spectator": N_("Computer vs Computer")}
#: Shorter names of the modes, where the full ones do not fit.
MODE_SHORT = {"vs_computer": N_("You vs Computer"), "two_players": N_("Two players"),
              "spectator": N_("Computer vs Computer")}
#: The level choice that is not a level: a depth and heuristic of the player's own (kept in the
#: preferences in English, translated where shown).
CUSTOM = N_("Custom depth")

def cycle(values: list[Any], current: Any, delta: int) -> Any:
    index = values.index(current) if current in values else 0
    return values[(index + delta) % len(values)]



@dataclass
class AIChoice:
    """One computer player's menu settings: a level name, or CUSTOM with ``depth`` and ``heuristic``
    (the heuristic belongs to the custom depth only: a level brings its own)."""

    level: str
    depth: int
    heuristic: str

    def spec(self, settings: Settings) -> PlayerSpec:
        """The player, parsed from the same text the command line takes (``--yellow Hard``)."""
        if self.level == CUSTOM:
            return parse_player_spec(f"ai:{self.depth}:{self.heuristic}", settings)
        return parse_player_spec(self.level, settings)

    @classmethod
    def default(cls, settings: Settings, *, opponent: bool = False) -> AIChoice:
        """A first start's choice: a human's opponent starts at the newcomer's level (the weakest,
        ``Settings.newcomer_level``), a computer in a computer match in the middle of the ladder."""
        levels = settings.levels
        if opponent:
            level = settings.newcomer_level().name if levels else CUSTOM
        else:
            level = levels[len(levels) // 2].name if levels else CUSTOM
        return cls(level, settings.depth, settings.heuristic)

    @classmethod
    def from_prefs(cls, data: Any, settings: Settings, *, opponent: bool = False) -> AIChoice:
        """Validate remembered choices against the current settings; anything off uses the default."""
        choice = cls.default(settings, opponent=opponent)
        if not isinstance(data, dict):
            return choice
        names = [level.name for level in settings.levels] + [CUSTOM]
        if data.get("level") in names:
            choice.level = data["level"]
        lo, hi = CUSTOM_DEPTH
        depth = data.get("depth")
        if isinstance(depth, int) and not isinstance(depth, bool) and lo <= depth <= hi:
            choice.depth = depth
        if data.get("heuristic") in HEURISTICS:
            choice.heuristic = data["heuristic"]
        return choice


@dataclass
class MenuChoices:
    mode: str
    human_colour: int                     # 1 = red (moves first), 2 = yellow
    computer: AIChoice                    # the opponent in "You vs Computer"
    red_ai: AIChoice                      # the two computers in spectator mode
    yellow_ai: AIChoice
    names: list[str] = field(default_factory=lambda: ["", ""])   # two players: red's, then yellow's
    alternate: bool = False               # two players take turns to start

    @classmethod
    def from_prefs(cls, data: Any, settings: Settings) -> MenuChoices:
        data = data if isinstance(data, dict) else {}
        mode = data.get("mode") if data.get("mode") in MODES else MODES[0]
        colour = data.get("human_colour") if data.get("human_colour") in (1, 2) else 1
        names = data.get("names")
        names = [clean_player_name(n) for n in names] if isinstance(names, list) and len(names) == 2 else ["", ""]
        return cls(mode, colour, *(AIChoice.from_prefs(data.get(k), settings, opponent=k == "computer")
                                   for k in ("computer", "red_ai", "yellow_ai")),
                   names=names, alternate=data.get("alternate") is True)

    def to_prefs(self) -> dict[str, Any]:
        return asdict(self)

    def players(self, settings: Settings) -> tuple[PlayerSpec, PlayerSpec]:
        """(red, yellow) for the chosen mode."""
        if self.mode == "two_players":
            return HUMAN, HUMAN
        if self.mode == "spectator":
            return self.red_ai.spec(settings), self.yellow_ai.spec(settings)
        computer = self.computer.spec(settings)
        return (HUMAN, computer) if self.human_colour == 1 else (computer, HUMAN)

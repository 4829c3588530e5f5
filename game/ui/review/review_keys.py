"""The review's keys: what each key asks for, and the footer naming the keys that work now (a key
the scene would refuse at this move is not offered)."""

from __future__ import annotations

import enum
from dataclasses import dataclass

import pygame

from game.i18n import _

__all__ = ["Action", "Offer", "action_for", "footer_texts"]


class Action(enum.Enum):
    """What a key asks the review for."""

    PREVIOUS = "previous"    # a step back: through the open line, else through the game
    NEXT = "next"
    FIRST = "first"
    LAST = "last"
    LINE = "line"            # open the line that proves the shown error, or close it
    BACK = "back"            # close the open line, else leave the review
    PLAY_ON = "play on"
    PRACTISE = "practise"
    RETRY = "retry"          # after a failed analysis


KEYS: dict[int, Action] = {
    pygame.K_LEFT: Action.PREVIOUS, pygame.K_UP: Action.PREVIOUS,
    pygame.K_RIGHT: Action.NEXT, pygame.K_DOWN: Action.NEXT,
    pygame.K_HOME: Action.FIRST, pygame.K_END: Action.LAST,
    pygame.K_RETURN: Action.LINE, pygame.K_KP_ENTER: Action.LINE,
    pygame.K_ESCAPE: Action.BACK,
    pygame.K_p: Action.PLAY_ON, pygame.K_d: Action.PRACTISE, pygame.K_r: Action.RETRY,
}


def action_for(key: int) -> Action | None:
    return KEYS.get(key)


@dataclass(frozen=True, slots=True)
class Offer:
    """What works at the shown move: the footer offers these keys and no others."""

    error: str | None = None     # the analysis failed (R retries it)
    line_open: bool = False
    explained: bool = False      # the shown move has an explanation whose line Enter opens
    play_on: bool = False
    practise: bool = False


def footer_texts(offer: Offer) -> tuple[str, ...]:
    """The footer, longest first (a narrow window takes a shorter one); every one keeps the keys."""
    if offer.error is not None:
        return (_("Analysis failed: {problem} · R retry · Esc back").format(problem=offer.error),
                _("Analysis failed · R retry · Esc back"), _("R retry · Esc back"))
    play_on, practise = offer.play_on, offer.practise
    if offer.line_open:
        full = [_("Line: Left/Right step through it"), _("Home/End its start/end"),
                *([_("P play on from here")] if play_on else []),
                *([_("D practise this position")] if practise else []), _("Enter or Esc leave it")]
        middle = [_("Line: Left/Right step"), _("Home/End"), *([_("P play on")] if play_on else []),
                  *([_("D practise")] if practise else []), _("Enter/Esc leave")]
        return " · ".join(full), " · ".join(middle), " · ".join((_("Line: Left/Right step"), _("Enter/Esc leave")))
    enter = offer.explained
    full = [_("Left/Right step"), _("click the graph or the list"),
            *([_("Enter step through the line that proves it")] if enter else []),
            *([_("P play on from here")] if play_on else []), *([_("D practise this position")] if practise else []),
            _("Esc back")]
    middle = [_("Left/Right step"), *([_("Enter the line that proves it")] if enter else []),
              *([_("P play on")] if play_on else []),
              *([_("D practise") if enter else _("D practise this position")] if practise else []), _("Esc back")]
    short = [_("Enter: the line that proves it") if enter else _("Left/Right step"),
             *([_("D practise")] if practise else []), _("Esc back")]
    return tuple(" · ".join(words) for words in (full, middle, short))

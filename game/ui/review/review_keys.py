"""The review's keys: what each key asks for, and the footer naming the keys that work now (a key
the scene would refuse at this move is not offered)."""

from __future__ import annotations

import enum
from dataclasses import dataclass

import pygame

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
        return (f"Analysis failed: {offer.error} · R retry · Esc back", "Analysis failed · R retry · Esc back",
                "R retry · Esc back")
    play_on, practise = offer.play_on, offer.practise
    if offer.line_open:
        full = ["Line: Left/Right step through it", "Home/End its start/end", *(["P play on from here"] if play_on else []),
                *(["D practise this position"] if practise else []), "Enter or Esc leave it"]
        middle = ["Line: Left/Right step", "Home/End", *(["P play on"] if play_on else []),
                  *(["D practise"] if practise else []), "Enter/Esc leave"]
        return " · ".join(full), " · ".join(middle), "Line: Left/Right step · Enter/Esc leave"
    enter = offer.explained
    full = ["Left/Right step", "click the graph or the list",
            *(["Enter step through the line that proves it"] if enter else []),
            *(["P play on from here"] if play_on else []), *(["D practise this position"] if practise else []),
            "Esc back"]
    middle = ["Left/Right step", *(["Enter the line that proves it"] if enter else []),
              *(["P play on"] if play_on else []),
              *(["D practise" if enter else "D practise this position"] if practise else []), "Esc back"]
    short = ["Enter: the line that proves it" if enter else "Left/Right step", *(["D practise"] if practise else []),
             "Esc back"]
    return tuple(" · ".join(words) for words in (full, middle, short))

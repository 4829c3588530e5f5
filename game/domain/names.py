"""The one rule for a level's name, shared by the config check, the player specs and save files.

A level name is what a player types after ``--red``, sees in the menu and finds again in a save
file, so every place that accepts one accepts exactly the same names:

* 1 to :data:`MAX_NAME_CHARS` characters once surrounding spaces are removed (they are ignored
  everywhere, as is the difference between composed and decomposed accents: names are compared
  in Unicode NFC form, ignoring case);
* letters and digits of any script (with their accents), spaces between words, and the signs
  ``_ . - ' ( ) + & # ! ? ,``; at least one letter or digit;
* never ``:`` (it separates a level from a heuristic, as in ``Hard:window``), never control
  characters, tabs or line breaks;
* not ``human`` or ``ai`` (those are player kinds, not levels).

No pygame and nothing from the rest of the game here: the lowest modules import this one.
"""

from __future__ import annotations

import unicodedata

__all__ = ["MAX_NAME_CHARS", "MAX_PLAYER_NAME_CHARS", "NAME_PUNCTUATION", "RESERVED_NAMES", "clean_level_name",
           "clean_player_name", "level_name_problem", "name_key", "typed_name"]

MAX_NAME_CHARS = 30
NAME_PUNCTUATION = "_.-'()+&#!?,"
RESERVED_NAMES = ("human", "ai")
RULE = (f"1 to {MAX_NAME_CHARS} letters, digits, spaces or any of {NAME_PUNCTUATION} "
        f"(no ':'), not {' or '.join(RESERVED_NAMES)}")


def _allowed(ch: str) -> bool:
    category = unicodedata.category(ch)
    return category[0] in "LMN" or ch == " " or ch in NAME_PUNCTUATION


def level_name_problem(text: object) -> str | None:
    """Why ``text`` is not a level name, as a short clause ("it contains ':'"), or None if it is one.
    One line; characters from the name are shown escaped, as repr does."""
    if not isinstance(text, str):
        return f"it is {type(text).__name__}, not text"
    name = unicodedata.normalize("NFC", text).strip(" ")
    if not name:
        return "it is empty"
    if len(name) > MAX_NAME_CHARS:
        return f"it has {len(name)} characters"
    bad = next((ch for ch in name if not _allowed(ch)), None)
    if bad == ":":
        return "it contains ':', which separates a level from a heuristic (Hard:window)"
    if bad is not None:
        return f"it contains {bad!r}"
    if not any(unicodedata.category(ch)[0] in "LN" for ch in name):
        return "it has no letter or digit"
    if name.casefold() in RESERVED_NAMES:
        return f"{name!r} is a kind of player"
    return None


def clean_level_name(text: object) -> str:
    """The name as stored and shown (NFC, surrounding spaces removed); ValueError saying what is wrong."""
    problem = level_name_problem(text)
    if problem is not None:
        raise ValueError(f"not a level name: {problem}; a level name has {RULE}")
    assert isinstance(text, str)
    return unicodedata.normalize("NFC", text).strip(" ")


def name_key(text: str) -> str:
    """The form two names are compared in: NFC, surrounding spaces removed, case ignored."""
    return unicodedata.normalize("NFC", unicodedata.normalize("NFC", text).strip().casefold())


#: The longest name a player may give themselves for a two-player game.
MAX_PLAYER_NAME_CHARS = 20


def clean_player_name(text: object, limit: int = MAX_PLAYER_NAME_CHARS) -> str:
    """A player's name as typed, made safe to show and store: the characters a level name allows
    (anything else dropped), inner runs of spaces made one, at most ``limit`` characters."""
    if not isinstance(text, str):
        return ""
    kept = "".join(ch for ch in unicodedata.normalize("NFC", text) if _allowed(ch))
    return " ".join(kept.split())[:limit].strip()


def typed_name(name: str, text: str, limit: int = MAX_PLAYER_NAME_CHARS) -> str:
    """``name`` with what was typed added: the characters a name allows, one space between words,
    at most ``limit`` characters (the finished name is cleaned once more by clean_player_name)."""
    for ch in text:
        if len(name) >= limit:
            break
        if ch == " " and name and not name.endswith(" ") or ch != " " and clean_player_name(ch):
            name += ch
    return name

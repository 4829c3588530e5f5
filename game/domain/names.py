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

No pygame and nothing from the rest of the game but its language (``game.i18n``): the lowest modules
import this one.
"""

from __future__ import annotations

import unicodedata

from game.i18n import N_, _

__all__ = ["MAX_NAME_CHARS", "MAX_PLAYER_NAME_CHARS", "NAME_PUNCTUATION", "RESERVED_NAMES", "clean_level_name",
           "clean_player_name", "level_name_problem", "level_name_problem_words", "name_key", "rule_words",
           "typed_name"]

MAX_NAME_CHARS = 30
NAME_PUNCTUATION = "_.-'()+&#!?,"
RESERVED_NAMES = ("human", "ai")
# TRANSLATORS: {signs} are the signs a name may hold, as they are typed; human and ai are typed as they are.
_RULE = N_("1 to {most} letters, digits, spaces or any of {signs} (no ':'), not human or ai")
#: The rule in English, as the config file's problem lines and the logs state it.
RULE = _RULE.format(most=MAX_NAME_CHARS, signs=NAME_PUNCTUATION)
#: What can be wrong with a name: the English clause, marked for translation, and its facts' names.
_PROBLEMS = {
    "type": N_("it is {kind}, not text"),
    "empty": N_("it is empty"),
    "long": N_("it has {count} characters"),
    "colon": N_("it contains ':', which separates a level from a heuristic (Hard:window)"),
    "character": N_("it contains {character}"),
    "no letter": N_("it has no letter or digit"),
    "reserved": N_("{name} is a kind of player"),
}


def _allowed(ch: str) -> bool:
    category = unicodedata.category(ch)
    return category[0] in "LMN" or ch == " " or ch in NAME_PUNCTUATION


def _problem(text: object) -> tuple[str, dict[str, object]] | None:
    """What is wrong with ``text`` as a level name (a key of ``_PROBLEMS`` and its facts), or None."""
    if not isinstance(text, str):
        return "type", {"kind": type(text).__name__}
    name = unicodedata.normalize("NFC", text).strip(" ")
    if not name:
        return "empty", {}
    if len(name) > MAX_NAME_CHARS:
        return "long", {"count": len(name)}
    bad = next((ch for ch in name if not _allowed(ch)), None)
    if bad == ":":
        return "colon", {}
    if bad is not None:
        return "character", {"character": repr(bad)}
    if not any(unicodedata.category(ch)[0] in "LN" for ch in name):
        return "no letter", {}
    if name.casefold() in RESERVED_NAMES:
        return "reserved", {"name": repr(name)}
    return None


def level_name_problem(text: object) -> str | None:
    """Why ``text`` is not a level name, as a short English clause ("it contains ':'"), or None if
    it is one: the words of the network's reasons, the config file's checks and the logs. One line;
    characters from the name are shown escaped, as repr does."""
    found = _problem(text)
    return None if found is None else _PROBLEMS[found[0]].format(**found[1])


def level_name_problem_words(text: object) -> str | None:
    """:func:`level_name_problem` in the language in use, for a person who typed the name."""
    found = _problem(text)
    return None if found is None else _(_PROBLEMS[found[0]]).format(**found[1])


def rule_words() -> str:
    """:data:`RULE` in the language in use."""
    return _(_RULE).format(most=MAX_NAME_CHARS, signs=NAME_PUNCTUATION)


def clean_level_name(text: object) -> str:
    """The name as stored and shown (NFC, surrounding spaces removed); ValueError saying what is wrong."""
    problem = level_name_problem_words(text)
    if problem is not None:
        raise ValueError(_("not a level name: {problem}; a level name has {rule}").format(
            problem=problem, rule=rule_words()))
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

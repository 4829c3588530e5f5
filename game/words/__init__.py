"""The words layer: the engine's facts as whole sentences in the player's language.

The engine says what is true of a position, a move or a game as values: outcomes and distances
(exact scores and disc counts), verdicts, grades, explanations (a kind, the cells, the columns, the
sides). This package turns them into sentences through gettext (``game.i18n``), whole sentences
with named placeholders, so each language orders its words, agrees its genders and counts its
plurals its own way. The window and the command-line tools both word the engine's facts here.

Sides are named by the caller (the theme's colour names, a network player's name); without
names, the sides are "Red" and "Yellow" in the language in use (:func:`outcomes.side_names`).
No pygame: it stands on the floor of ``game.domain``, above the engine.
"""

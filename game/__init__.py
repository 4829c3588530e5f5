"""Connect Four for the desktop: a bitboard engine, an alpha-beta computer player and a pygame-ce UI.

The package is laid out in floors; a lower floor never imports a higher one:

- ``game.data``: the shipped tables (openings, the book, early scores, lessons);
  ``game.i18n``: the player's language.
- ``game.engine``: positions, evaluations, the depth search, the exact solver and the rules of
  reviews, drills and puzzles (standard library only).
- ``game.domain``: the values every wing shares; ``game.store``: the files the game keeps;
  ``game.config``: the settings.
- ``game.net``: network play; ``game.service``: the engine off the window's thread;
  ``game.training``: practice, puzzles and the course; ``game.model``: the game in progress;
  ``game.session``: what outlives a scene (rating, autosave, record, the game on offer).
- ``game.tools``: headless command-line tools (``python -m game.analyze``, ``game.bench``,
  ``game.arena``, ...); ``game.ui``: the pygame-ce window, the only code that imports pygame.

docs/architecture.md draws the rooms and who may import whom.
"""

__version__ = "0.1.0"

"""Connect Four for the desktop: a bitboard engine, an alpha-beta computer player and a pygame-ce UI.

The package is laid out in rooms; a lower room never imports a higher one:

- ``game.engine``: positions, evaluations, the depth search and the exact solver (standard
  library only).
- ``game.data``: the reference positions the tools and tests read.
- ``game`` itself: the application's plumbing -- settings, saved games, the game model, the
  command line and the entry point; ``game.store``: the player's drill and puzzle files.
- ``game.service``: the engine off the window's thread (typed requests, the worker, one client);
  ``game.session``: what outlives a scene (rating, autosave, record, the game on offer);
  ``game.net``: network play; ``game.practice``: drills and puzzles.
- ``game.tools``: headless command-line tools (``python -m game.analyze``, ``game.bench``,
  ``game.arena``, ...).
- ``game.ui``: the pygame-ce window, the only code that imports pygame.

docs/architecture.md draws the rooms and who may import whom.
"""

__version__ = "0.1.0"

"""Connect Four for the desktop: a bitboard engine, an alpha-beta computer player and a pygame-ce UI.

The engine modules (``board``, ``heuristics``, ``search``, ``solver``) use only the standard
library; everything that touches pygame lives in ``game.ui``.
"""

__version__ = "0.1.0"

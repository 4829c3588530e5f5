"""``python -m game.coach``: what the hint or "why?" says (:mod:`game.tools.coach`)."""

import sys

from game.tools.coach import main

if __name__ == "__main__":
    sys.exit(main())

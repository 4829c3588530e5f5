"""``python -m game.review``: the game reviewer (:mod:`game.tools.review`)."""

import sys

from game.tools.review import main

if __name__ == "__main__":
    sys.exit(main())

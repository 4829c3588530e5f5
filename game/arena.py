"""``python -m game.arena``: matches between players and accuracy against exact play (:mod:`game.tools.arena`)."""

import sys

from game.tools.arena import main

if __name__ == "__main__":
    sys.exit(main())

"""``python -m game.puzzles``: the shipped puzzles as JSON (:mod:`game.tools.puzzles`)."""

import sys

from game.tools.puzzles import main

if __name__ == "__main__":
    sys.exit(main())

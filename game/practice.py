"""``python -m game.practice``: drills from saved games (:mod:`game.tools.practice`)."""

import sys

from game.tools.practice import main

if __name__ == "__main__":
    sys.exit(main())

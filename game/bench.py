"""``python -m game.bench``: the engine benchmark (:mod:`game.tools.bench`)."""

import sys

from game.tools.bench import main

if __name__ == "__main__":
    sys.exit(main())

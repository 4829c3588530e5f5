"""``python -m game.analyze``: the position analyser (:mod:`game.tools.analyze`)."""

import sys

from game.tools.analyze import main

if __name__ == "__main__":
    sys.exit(main())

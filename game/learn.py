"""``python -m game.learn``: the course Learn teaches, as text or JSON (:mod:`game.tools.learn`)."""

import sys

from game.tools.learn import main

if __name__ == "__main__":
    sys.exit(main())

"""``python -m game.analyze``: the position analyser (:mod:`game.tools.analyze`)."""

import gc
import sys

from game.tools.analyze import main

if __name__ == "__main__":
    status = main()
    # The process ends here and everything left goes with it. Frozen, those objects are skipped by
    # the collections the interpreter runs on its way out: about a tenth of a one-position run.
    gc.freeze()
    sys.exit(status)

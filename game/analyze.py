"""``python -m game.analyze``: the position analyser (:mod:`game.tools.analyze`)."""

import gc
import sys

if __name__ == "__main__":
    # Importing the analyser makes no cyclic garbage, so no collection runs meanwhile: they would
    # only walk the objects of the modules just loaded, about a twentieth of a one-position run.
    gc.disable()
    from game.tools.analyze import main

    gc.enable()
    status = main()
    # The process ends here and everything left goes with it. Frozen, those objects are skipped by
    # the collections the interpreter runs on its way out: about a tenth of a one-position run.
    gc.freeze()
    sys.exit(status)

"""``python -m game``: the same as the ``connect4`` command (and the PyInstaller bundle's entry)."""

import multiprocessing
import sys

from game.app import main

if __name__ == "__main__":
    # In a frozen bundle the computer player's worker processes re-run this executable;
    # freeze_support() turns those runs into the worker instead of a second game.
    multiprocessing.freeze_support()
    sys.exit(main())

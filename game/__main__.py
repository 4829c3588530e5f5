"""``python -m game``: the same as the ``connect4`` command (and the PyInstaller bundle's entry)."""

import multiprocessing
import sys

if __name__ == "__main__":
    # In a frozen bundle the computer player's worker processes re-run this executable;
    # freeze_support() turns those runs into the worker (before the game is even imported)
    # instead of a second game.
    multiprocessing.freeze_support()

    from game.app import main

    sys.exit(main())

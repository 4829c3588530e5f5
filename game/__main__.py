"""``python -m game``: the same as the ``connect4`` command (and the PyInstaller bundle's entry)."""

import sys

if __name__ == "__main__":
    if getattr(sys, "frozen", False):
        # In a frozen bundle the computer player's worker processes re-run this executable;
        # freeze_support() turns those runs into the worker (before the game is even imported)
        # instead of a second game. Elsewhere it does nothing, and multiprocessing is not loaded.
        import multiprocessing

        multiprocessing.freeze_support()
    if sys.argv[1:] == ["--version"]:
        # here: answered before the game (its settings, files and window) is loaded; the parser
        # of game.cli says the same words when --version comes with other options
        from game.version import version_text

        print(version_text())
        sys.exit(0)

    from game.app import main

    sys.exit(main())
